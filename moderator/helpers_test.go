package moderator

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/noir"
)

var update = flag.Bool("update", false, "rewrite golden files")

// fixedClock keeps logs and pages byte-stable in tests.
func fixedClock() time.Time { return time.Date(2026, 11, 21, 19, 0, 0, 0, time.UTC) }

func newTestTable(t *testing.T, cfg noir.Config, seed uint64) (*Store, *Table) {
	t.Helper()
	st, err := NewStore(t.TempDir(), fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := st.Create(NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: cfg, Seed: seed, Addr: "127.0.0.1", Port: 8080})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	return st, tb
}

// mustAct applies an action or fails the test.
func mustAct(t testing.TB, tb *Table, s engine.Seat, a string) {
	t.Helper()
	if _, err := tb.Act(s, a, -1); err != nil {
		t.Fatalf("Act(%d, %q) = %v", s, a, err)
	}
}

// firstLegal is the first choice offered to the seat to move.
func toMove(tb *Table) engine.Seat {
	for s := 0; s < 2; s++ {
		if len(tb.Legal(engine.Seat(s))) > 0 {
			return engine.Seat(s)
		}
	}
	return engine.Public
}

// reBodyHash finds the hash a page gives of its body (data-h), which
// depends on the link tokens in the body: tests that replace the tokens
// replace it too.
var reBodyHash = regexp.MustCompile(`data-h="[0-9a-z]*"`)

func unhashed(s string) string { return reBodyHash.ReplaceAllString(s, `data-h="HASH"`) }

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	if strings.HasSuffix(name, ".html") {
		got = []byte(unhashed(string(got)))
	}
	path := filepath.Join("testdata", name)
	if *update {
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("%s differs from the golden file; run go test ./moderator -update and review the diff.\n--- got ---\n%s", name, got)
	}
}

func sameJSON(a, b any) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

// withResampledGame is a copy of the table sharing its feed and seats, in
// which everything hidden from s was redrawn.
func (t *Table) withResampledGame(s engine.Seat, r *engine.Rand) *Table {
	t.mu.Lock()
	defer t.mu.Unlock()
	c := &Table{hdr: t.hdr, face: t.face, game: t.game.(engine.Resampler).Resample(s, r),
		applied: t.applied, feed: t.feed, undo: t.undo, stateVer: t.stateVer,
		subs: map[chan struct{}]struct{}{}, joined: t.joined, online: t.online}
	c.version.Store(t.version.Load())
	return c
}
