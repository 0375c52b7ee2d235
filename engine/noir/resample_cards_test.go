package noir

import (
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/enginetest"
)

// TestCardsResampleKeepsAnswers: in the playing-card variant a redraw of
// what a seat cannot see keeps every public answer true (NC-9: a kill
// says the Killer's identity lies next to the victim; NC-11 and NC-13
// answer questions; NC-12: an arrest says the Inspector's identity is the
// arrested suspect or next to it, and a "no" rules a suspect out; NC-8: a
// successful disguise starts afresh). A bot deciding from a redraw that
// breaks them would search games the table knows cannot be.
func TestCardsResampleKeepsAnswers(t *testing.T) {
	seen := map[string]int{}
	for seed := uint64(0); seed < 30; seed++ {
		cfg := Config{}
		if seed%2 == 1 {
			cfg.Layout = Shuffled
		}
		g := New(cfg, seed)
		r := engine.NewRand(seed + 7)
		var cl claims
		for step := 0; step < 300 && !g.outcome.Over; step++ {
			s := g.Turn()
			cs := g.Legal(s)
			// Lean towards the actions that tell something, or random
			// games seldom reach an arrest.
			c := cs[r.IntN(len(cs))]
			for range 3 {
				if !strings.HasPrefix(string(c.Action), "shift") {
					break
				}
				c = cs[r.IntN(len(cs))]
			}
			// The answers are about the grid as it lay when they were
			// given: a kill may then take a line away (NC-15).
			before := g.Clone()
			evs, err := g.Apply(s, c.Action)
			if err != nil {
				t.Fatalf("seed %d step %d: Apply(%q) = %v", seed, step, c.Action, err)
			}
			cl.note(before, evs)
			for _, e := range evs {
				seen[e.Key]++
			}
			err = enginetest.NoLeak(g, r, enginetest.Seats(g), 2, func(_ engine.Seat, h *Game) error {
				return cl.check(h)
			})
			if err != nil {
				t.Fatalf("seed %d step %d after %q: %v", seed, step, c.Action, err)
			}
		}
	}
	for _, key := range []string{"noir.ev.kill", "noir.ev.ask_killer", "noir.ev.ask_inspector", "noir.ev.arrest_no",
		"noir.ev.point_no", "noir.ev.disguise_ok"} {
		if seen[key] == 0 {
			t.Errorf("no random game reached %s (seen: %v)", key, seen)
		}
	}
}
