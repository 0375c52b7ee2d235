package enginetest

import (
	"runtime/debug"
	"testing"
)

// GCPercent is the collector's pace (GOGC) in a game's tests. Their
// seeded games build a view, a redrawn game and a list of choices with
// their labels at every step, all garbage at once, over a live heap of a
// few megabytes: at Go's default (100) the collector ran after every few
// megabytes allocated and took a quarter of engine/outlaws' CPU time
// (user CPU of its -short run: 15.3 s at 100, 10.6 s at 400; its peak
// resident memory grew from 26 to 84 MB). The engine itself runs under the
// server's pace (moderator.PaceCollector); this is the tests' only.
const GCPercent = 400

// Run runs a game package's tests, m.Run, with the collector at
// GCPercent, and returns what m.Run returns, for os.Exit. gogc is GOGC
// from the environment (the package may not read it itself): a pace set
// there is left as it is. A game's TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(enginetest.Run(m, os.Getenv("GOGC"))) }
func Run(m *testing.M, gogc string) int {
	if gogc == "" {
		debug.SetGCPercent(GCPercent)
	}
	return m.Run()
}
