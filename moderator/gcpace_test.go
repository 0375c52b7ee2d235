package moderator

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

func TestGCPercent(t *testing.T) {
	const mib = 1 << 20
	for _, tt := range []struct {
		live, roots uint64
		want        int
	}{
		{0, 0, 350},                // nothing live yet: the minimum heap (4 MiB × 3.5) is the headroom
		{4 * mib, 1 * mib, 280},    // ten tables: 14 MiB past the live heap
		{7 * mib, 0, 200},          // a longer game
		{14 * mib, 0, 100},         // as much live as the headroom: Go's own pace
		{40 * mib, 13 * mib, 100},  // a hundred tables: never below GOGC 100
		{1 * mib, 300 * 1024, 375}, // a small heap: the minimum heap stays live + headroom
	} {
		if got := gcPercent(tt.live, tt.roots); got != tt.want {
			t.Errorf("gcPercent(%d, %d) = %d, want %d", tt.live, tt.roots, got, tt.want)
		}
	}
}

// TestPacerFollowsCollections: the pacer sets GOGC at once and again
// after collections, from the live heap: higher than Go's 100 for this
// test's small heap, back to 100 while 64 MiB are held live.
func TestPacerFollowsCollections(t *testing.T) {
	if testPacer != nil {
		// TestMain's pacer would set GOGC too: this one alone, until
		// the end, when TestMain's carries on.
		testPacer.stopped.Store(true)
		defer func() { testPacer = startPacer() }()
	}
	before := debug.SetGCPercent(100)
	p := startPacer()
	defer func() {
		p.stopped.Store(true)
		debug.SetGCPercent(before)
	}()
	gogc := func() int {
		v := debug.SetGCPercent(-1)
		debug.SetGCPercent(v)
		return v
	}
	// waitFor collects until the pacer has run after n more collections
	// and GOGC satisfies ok.
	waitFor := func(what string, ok func(int) bool) {
		t.Helper()
		n := p.paced.Load()
		deadline := time.Now().Add(10 * time.Second)
		for time.Now().Before(deadline) {
			runtime.GC()
			time.Sleep(5 * time.Millisecond)
			if p.paced.Load() > n+1 && ok(gogc()) {
				return
			}
		}
		t.Fatalf("after %d collections GOGC is %d, want %s", p.paced.Load()-n, gogc(), what)
	}
	waitFor("above 100 with a small live heap", func(v int) bool { return v > 100 })
	func() {
		held := make([]byte, 64<<20)
		for i := range held {
			held[i] = 1
		}
		waitFor("100 with 64 MiB live", func(v int) bool { return v == 100 })
		runtime.KeepAlive(held)
	}()
	waitFor("above 100 once the 64 MiB are let go", func(v int) bool { return v > 100 })
}

// TestMemoryLimit: the server's soft memory limit is set unless the
// environment sets one (tmload -tables 100 -rounds 300 peaks at 67 MB
// with it, 88 MB without).
func TestMemoryLimit(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(before)
	t.Setenv("GOMEMLIMIT", "")
	limitMemory()
	if got := debug.SetMemoryLimit(-1); got != serverMemoryLimit {
		t.Errorf("memory limit = %d, want %d", got, serverMemoryLimit)
	}
	debug.SetMemoryLimit(before)
	t.Setenv("GOMEMLIMIT", "1GiB")
	limitMemory()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("with GOMEMLIMIT set, the memory limit = %d, want it left at %d", got, before)
	}
}
