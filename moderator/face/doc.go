// Package face is the contract between the moderator and the games it
// runs, in the manner of database/sql/driver: the moderator (the core)
// runs tables, logs, undo, the server and the console for any game, and
// each game's face — moderator/noir, moderator/ayatsuri,
// moderator/superrock, moderator/outlaws — says how that game looks: how
// it is built from its stored options, its pages (WriteApp), its terminal
// view and what a finished table shows on the night sheet.
//
// A face registers itself when its package is imported:
//
//	import _ "tablemaster/moderator/noir"
//
// The arrows point down only: the core imports face and never a game's
// face or an engine/<game>; a face imports face, engine and its own
// engine/<game>, never the core.
package face
