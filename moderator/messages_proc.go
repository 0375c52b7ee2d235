package moderator

import "tablemaster/engine"

// Words of the GM console when it stops, and when resume moves a table to
// another port.
func init() {
	engine.Register(map[string]engine.Text{
		"mod.con.resume_hint": {EN: "Everything is saved. To go on: {command}", JA: "すべて保存されています。続けるには：{command}"},
	})
}
