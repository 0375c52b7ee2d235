package moderator

import (
	"fmt"
	"testing"

	"tablemaster/engine"
)

// maxOutlawsFirstLive is what an Outlaws phone page may weigh with the
// whole body as its first live message: the 16 KB budget (maxPhoneGzip)
// less a margin of 1 KB, for the words of a later change.
const maxOutlawsFirstLive = maxPhoneGzip - 1<<10

// TestOutlawsPageWithWholeBody: a phone page, gzip-compressed, with the
// first live message at its largest (the whole body, uncompressed, as a
// page gets that missed an update between its load and its connection)
// stays within the budget, with margin, at every step of seeded random
// games, in both languages. (TestOutlawsPageSize counts the first
// message a page gets when nothing happened in between.)
func TestOutlawsPageWithWholeBody(t *testing.T) {
	t.Parallel()
	worst, where := 0, ""
	games := uint64(12)
	if testing.Short() {
		games = 3
	}
	for seed := uint64(1); seed <= games; seed++ {
		st, tb := newOutlawsTable(t, seed)
		h := NewServer(st, engine.EN).Handler()
		r := engine.NewRand(seed)
		for step := 0; step < 120 && !tb.Snapshot(engine.Public).Outcome.Over; step++ {
			for _, l := range engine.Langs {
				for s := range 2 {
					base := "/s/" + tb.Header().Tokens[s]
					p := getPage(t, h, base, l)
					e := tb.rendered(engine.Seat(s), l, base)
					if e.err != nil {
						t.Fatal(e.err)
					}
					n := p.gz + len(e.appendMessage(nil, ""))
					if n > worst {
						worst, where = n, fmt.Sprintf("seed %d step %d seat %d %s", seed, step, s, l)
					}
					if n > maxOutlawsFirstLive {
						t.Fatalf("seed %d step %d seat %d %s: %d bytes, want at most %d", seed, step, s, l, n, maxOutlawsFirstLive)
					}
				}
			}
			olStep(t, tb, r)
		}
	}
	t.Logf("largest phone page with the whole body as its first live message: %d bytes (%s)", worst, where)
}
