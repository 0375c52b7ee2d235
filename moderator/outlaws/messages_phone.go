package outlaws

import "tablemaster/engine"

// The mover's own phone says its turn once: "Your turn." and then what is
// left of it, not "Your turn. Red to play: …".
func init() {
	engine.Register(map[string]engine.Text{
		"ol.ph.play.you": {EN: "{n} {n|action|actions} left this turn.", JA: "この手番の残り{n}アクション。"},
	})
}
