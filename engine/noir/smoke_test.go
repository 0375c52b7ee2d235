package noir

import (
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/enginetest"
)

// TestSmokeRandomGames plays seeded random games with the defaults and
// with every option: each choice Legal offers is accepted, and the seat
// to move always has one.
func TestSmokeRandomGames(t *testing.T) {
	for seed := uint64(0); seed < 100; seed++ {
		for _, cfg := range []Config{{}, {Deck: Physical, Layout: Shuffled, ShiftRule: NoUndo, Kings: true}} {
			g := New(cfg, seed)
			if err := enginetest.PlayTurns(g, engine.NewRand(seed+1000), 500, nil); err != nil {
				t.Fatalf("seed %d %+v: %v", seed, cfg, err)
			}
		}
	}
}
