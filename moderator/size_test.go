package moderator

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/noir"
)

// maxPhoneGzip is the budget for a phone page: everything it loads
// (it loads nothing else: style and script are inline), gzip-compressed.
const maxPhoneGzip = 16 << 10

// perfTable starts a Noir table in a fresh store for the size test and the
// benchmarks.
func perfTable(tb testing.TB, cfg noir.Config, seed uint64) (*Store, *Table) {
	tb.Helper()
	st, err := NewStore(tb.TempDir(), time.Now)
	if err != nil {
		tb.Fatal(err)
	}
	t, err := st.Create(NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: cfg, Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(st.Close)
	return st, t
}

// perfMover is the seat with something to do, or Public when nobody has.
func perfMover(t *Table) engine.Seat {
	for s := engine.Seat(0); s < 2; s++ {
		if offered, _ := t.offers(s); len(offered) > 0 {
			return s
		}
	}
	return engine.Public
}

// perfStep plays one seeded choice for the seat to move. With long set it
// avoids the actions that can end the game (kills, arrests, citizens'
// arrests), so the story grows the way a long game's does; it still plays
// draws, clears and disguises, which put private lines in the feed.
func perfStep(tb testing.TB, t *Table, r *engine.Rand, long bool) bool {
	tb.Helper()
	s := perfMover(t)
	if s == engine.Public {
		return false
	}
	all := t.Legal(s)
	pick := all
	if long {
		pick = nil
		for _, c := range all {
			switch strings.Fields(string(c.Action))[0] {
			case "kill", "arrest", "citizen", "point", "accuse", "name":
			default:
				pick = append(pick, c)
			}
		}
		if len(pick) == 0 {
			pick = all
		}
	}
	// With a physical deck a seat is offered every card it cannot know to
	// be out of the deck, so entering a draw may be refused: try another.
	start := r.IntN(len(pick))
	for i := range pick {
		c := pick[(start+i)%len(pick)]
		_, err := t.Act(s, string(c.Action), -1)
		if err == nil {
			return true
		}
		if !strings.HasPrefix(string(c.Action), "drew ") {
			tb.Fatalf("Act(%v, %q) = %v, want no error", s, c.Action, err)
		}
	}
	tb.Fatalf("no choice of seat %v was accepted", s)
	return false
}

// pageSize is one rendered page: its raw and gzip-compressed length, and
// the length of the first message of its event stream.
type pageSize struct{ raw, gz, ev int }

func gzipLen(tb testing.TB, b []byte) int {
	tb.Helper()
	var buf bytes.Buffer
	// The default level, as gzipPages uses; a pooled compressor, since
	// allocating one per page dominates the test's time.
	zw := gzipWriters.Get().(*gzip.Writer)
	defer gzipWriters.Put(zw)
	zw.Reset(&buf)
	if _, err := zw.Write(b); err != nil {
		tb.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		tb.Fatal(err)
	}
	return buf.Len()
}

// getPage fetches a page the way a browser does, without compression, so
// the test measures the same bytes whether or not gzipPages is wired in.
func getPage(tb testing.TB, h http.Handler, path string, l engine.Lang) pageSize {
	tb.Helper()
	req := httptest.NewRequest("GET", path, nil)
	req.Header.Set("Accept-Language", string(l))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		tb.Fatalf("GET %s = %d, want 200", path, rec.Code)
	}
	if enc := rec.Header().Get("Content-Encoding"); enc != "" {
		tb.Fatalf("GET %s without Accept-Encoding came back %s", path, enc)
	}
	b := rec.Body.Bytes()
	return pageSize{raw: len(b), gz: gzipLen(tb, b)}
}

// firstEventLen is the size of what a page's event stream sends first,
// which the page opens as soon as it loads (streams are sent
// uncompressed): nothing when the page already shows the current body, a
// patch when its own connection changed the body (a Super Rock phone shows
// who is online), the whole body otherwise.
func firstEventLen(tb testing.TB, t *Table, s engine.Seat, l engine.Lang, base string) int {
	tb.Helper()
	loaded := t.rendered(s, l, base) // the body the page was just sent
	if loaded.err != nil {
		tb.Fatal(loaded.err)
	}
	if s != engine.Public {
		t.connect(s, +1) // as seatEvents does
		defer t.connect(s, -1)
	}
	e := t.rendered(s, l, base)
	if e.err != nil {
		tb.Fatal(e.err)
	}
	if e.hash == loaded.hash {
		return 0
	}
	return len(e.appendMessage(nil, loaded.hash))
}

// TestPageSize checks the budget: a phone page, gzip-compressed,
// with the first message of the event stream it opens (sent uncompressed),
// is at most 16 KB at every point of long seeded games, in both languages
// and both deck modes (a physical deck offers every unknown card as a
// choice, the longest list a phone shows); with -short only at the start,
// after 40 and 80 moves and at the end. The table screen has no budget (it
// shows the whole story) but its sizes are logged with the phones'.
func TestPageSize(t *testing.T) {
	t.Parallel()
	configs := []struct {
		name string
		cfg  noir.Config
	}{
		{"virtual", noir.Config{}},
		{"physical", noir.Config{Deck: noir.Physical, Layout: noir.Shuffled, Kings: true}},
		{"automata", noir.Config{Variant: noir.Automata, Layout: noir.Shuffled}},
		{"automata-physical", noir.Config{Variant: noir.Automata, Deck: noir.Physical}},
	}
	for _, tc := range configs {
		for seed := uint64(1); seed <= 3; seed++ {
			t.Run(fmt.Sprintf("%s/seed%d", tc.name, seed), func(t *testing.T) {
				st, tb := perfTable(t, tc.cfg, seed)
				h := NewServer(st, engine.EN).Handler()
				hdr := tb.Header()
				r := engine.NewRand(seed + 100)
				var worst pageSize
				worstAt := ""
				measure := func(point string, logIt bool) {
					for _, l := range engine.Langs {
						for s := engine.Seat(0); s < 2; s++ {
							p := getPage(t, h, "/s/"+hdr.Tokens[s], l)
							ev := firstEventLen(t, tb, s, l, "/s/"+hdr.Tokens[s])
							if p.gz+ev > worst.gz+worst.ev {
								worst, worstAt = pageSize{p.raw, p.gz, ev}, fmt.Sprintf("%s, seat %d, %s", point, s, l)
							}
							// The page opens its event stream at once, and
							// streams are not compressed: the first message
							// counts too.
							if p.gz+ev > maxPhoneGzip {
								t.Errorf("%s: phone page of seat %d (%s) is %d bytes gzipped (%d raw) and its first event %d bytes: %d in all, want at most %d",
									point, s, l, p.gz, p.raw, ev, p.gz+ev, maxPhoneGzip)
							}
							if logIt {
								t.Logf("%-22s phone %d %s: %6d raw %5d gzip; first event %6d raw (page gzip + event = %d)",
									point, s, l, p.raw, p.gz, ev, p.gz+ev)
							}
						}
						if logIt {
							p := getPage(t, h, "/t/"+hdr.TableToken, l)
							t.Logf("%-22s table   %s: %6d raw %5d gzip", point, l, p.raw, p.gz)
						}
					}
				}
				verbose := seed == 1
				measure("start", verbose)
				step := 0
				for ; step < 80; step++ {
					if !perfStep(t, tb, r, true) {
						break
					}
					if !testing.Short() || step == 39 || step == 79 {
						measure(fmt.Sprintf("step %d", step+1), verbose && (step == 39 || step == 79))
					}
				}
				for ; step < 2000; step++ {
					if !perfStep(t, tb, r, false) {
						break
					}
					if !testing.Short() {
						measure(fmt.Sprintf("step %d", step+1), false)
					}
				}
				if !tb.Snapshot(engine.Public).Outcome.Over {
					t.Fatalf("the game is not over after %d steps", step)
				}
				measure(fmt.Sprintf("over (step %d)", step), verbose)
				t.Logf("largest phone page: %d bytes gzipped (%d raw) + first event %d = %d bytes, at %s",
					worst.gz, worst.raw, worst.ev, worst.gz+worst.ev, worstAt)
			})
		}
	}
}
