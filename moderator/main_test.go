package moderator

import (
	"os"
	"testing"

	"tablemaster/internal/browsertest"
)

// TestMain makes every live update the tests check a patch, whatever the
// size of the page: the strictest setting (patchMinBody). It also paces
// the collector as cmd/tablemaster does (PaceCollector's headroom, unless
// GOGC is set; not its memory limit, which is a server's, not a test
// binary's running many tables at once): at Go's default pace the
// collector took about a fifth of this package's own CPU, every rendered
// page being garbage at once over a small live heap.
func TestMain(m *testing.M) {
	patchMinBody = 0
	if os.Getenv("GOGC") == "" {
		testPacer = startPacer()
	}
	// One Chromium and one WebKit for the package's browser tests.
	os.Exit(browsertest.Main(m))
}

// testPacer is the pacer TestMain started, nil with GOGC set.
var testPacer *gcPacer
