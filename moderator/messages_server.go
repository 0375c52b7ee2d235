package moderator

import "tablemaster/engine"

// The server's own answers about its limits.
func init() {
	engine.Register(map[string]engine.Text{
		"mod.err.too_many_conns": {EN: "Too many connections from this device; try again in a moment.", JA: "この端末からの接続が多すぎます。少し待ってからもう一度お試しください。"},
	})
}
