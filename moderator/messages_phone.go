package moderator

import "tablemaster/engine"

// The words of a phone at rest: a private line of the story shows only
// that it is there until the hold area is held.
func init() {
	engine.Register(map[string]engine.Text{
		"mod.private_line": {EN: "private — hold to read", JA: "非公開 — 長押しで表示"},
	})
}
