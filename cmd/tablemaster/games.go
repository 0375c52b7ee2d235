package main

// The games tablemaster runs. Each import links one game's face in: the
// package registers itself with the moderator (moderator/face), which then
// builds, draws and replays that game's tables. Adding a game is one more
// line here, and its command (noir.go, ayatsuri.go, superrock.go).
import (
	_ "tablemaster/moderator/ayatsuri"
	_ "tablemaster/moderator/noir"
	_ "tablemaster/moderator/superrock"
)
