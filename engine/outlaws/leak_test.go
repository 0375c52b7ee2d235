package outlaws

import (
	"fmt"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/enginetest"
)

// TestNoLeakThousands: at every step of thousands of seeded games, what a
// seat cannot see (the other street's order, the tokens it did not check,
// the stock, the random source, whether a Move was real) can be redrawn
// consistently with everything it knows without changing a byte of what it
// is shown. (With -short, a few hundred.)
func TestNoLeakThousands(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	// The games are independent, each from its own seed: in four parts,
	// run side by side, they take every core the machine has. A seed's
	// parity picks the cards (noLeakGame), so the seeds go to the parts in
	// pairs, an even and an odd one: each part plays both kinds alike.
	const parts = 4
	for part := range parts {
		t.Run(fmt.Sprintf("part%d", part+1), func(t *testing.T) {
			t.Parallel()
			steps, n := 0, 0
			for seed := uint64(10_000); seed < uint64(10_000+games); seed++ {
				if int((seed-10_000)/2)%parts != part {
					continue
				}
				steps += noLeakGame(t, seed)
				n++
			}
			t.Logf("%d games, %d steps, every view redrawn at each", n, steps)
		})
	}
}

// noLeakGame plays the seeded game seed, redrawing every seat's hidden
// cards after each step, and returns the steps it played.
func noLeakGame(t *testing.T, seed uint64) int {
	t.Helper()
	g := New(Config{Cards: Cards(seed % 2)}, seed)
	r := engine.NewRand(seed)
	steps := 0
	for step := 0; step < 150 && !g.outcome.Over; step++ {
		s, a := pick(g, r)
		if _, err := g.Apply(s, a); err != nil {
			t.Fatalf("seed %d step %d: %v", seed, step, err)
		}
		steps++
		err := enginetest.NoLeak(g, r, enginetest.Seats(g), 1, func(s engine.Seat, h *Game) error {
			if err := stateOK(h); err != nil {
				return err
			}
			return knowsOK(h, s)
		})
		if err != nil {
			t.Fatalf("seed %d step %d after %q: %v", seed, step, a, err)
		}
	}
	return steps
}
