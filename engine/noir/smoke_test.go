package noir

import (
	"testing"

	"tablemaster/engine"
)

func TestSmokeRandomGames(t *testing.T) {
	for seed := uint64(0); seed < 100; seed++ {
		for _, cfg := range []Config{{}, {Deck: Physical, Layout: Shuffled, ShiftRule: NoUndo, Kings: true}} {
			g := New(cfg, seed)
			r := engine.NewRand(seed + 1000)
			for step := 0; step < 500 && !g.Outcome().Over; step++ {
				s := g.Turn()
				ch := g.Legal(s)
				if len(ch) == 0 {
					t.Fatalf("seed %d step %d: no legal action in %v", seed, step, g.Phase())
				}
				c := ch[r.IntN(len(ch))]
				if _, err := g.Apply(s, c.Action); err != nil {
					t.Fatalf("seed %d: Apply(%v) = %v", seed, c.Action, err)
				}
			}
		}
	}
}
