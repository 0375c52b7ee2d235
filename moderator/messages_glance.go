package moderator

import "tablemaster/engine"

// The glance rule's words: the fold that holds a seat's only way
// forward when that gives a secret away (face.MovesKey).
func init() {
	engine.Register(map[string]engine.Text{
		"mod.moves_none": {EN: "Nothing to do here now.", JA: "今ここで行うことはありません。"},
		"mod.moves_all":  {EN: "Your moves (tap to show; they give away your secrets)", JA: "あなたの行動（タップで表示。秘密が分かるので注意）"},
	})
}
