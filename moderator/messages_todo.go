package moderator

import "tablemaster/engine"

// The words of "On the table now" beyond its instructions (issue 27): the
// step each instruction belongs to.
func init() {
	engine.Register(map[string]engine.Text{
		"mod.todo.move": {EN: "{seat}'s move", JA: "{seat}さんの手番"},
		"mod.todo.new":  {EN: "new", JA: "新"},
	})
}
