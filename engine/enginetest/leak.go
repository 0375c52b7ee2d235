package enginetest

import (
	"fmt"

	"tablemaster/engine"
)

// Resampling is a game that can redraw what a seat cannot see.
type Resampling interface {
	engine.Game
	engine.Resampler
}

// NoLeak checks the no-leak property of engine.Resampler: for each of
// seats, whatever it cannot see is redrawn k times (drawing from r), and
// what it is shown must not change by a byte. Each redrawn game h is also
// given to check (nil: none), which should say whether h is a game the
// rules could have made; check also serves to count what the redraw
// changed. G is the game's own type, which Resample must return.
//
// The views are compared with SameJSON: as values first, serialised only
// when they differ. The view of g is taken once, before the redraws, and
// may share memory with g (a slice of its notes): Resample, which redraws
// a copy, must leave g as it was.
func NoLeak[G Resampling](g G, r *engine.Rand, seats []engine.Seat, k int, check func(s engine.Seat, h G) error) error {
	for _, s := range seats {
		want := SeatView(g, s)
		for range k {
			h, ok := g.Resample(s, r).(G)
			if !ok {
				return fmt.Errorf("Resample(%d) returned a %T, want a %T", s, g.Resample(s, r), g)
			}
			if check != nil {
				if err := check(s, h); err != nil {
					return fmt.Errorf("Resample(%d): %v", s, err)
				}
			}
			if same, w, got := SameJSON(want, SeatView(h, s)); !same {
				return fmt.Errorf("seat %d sees a difference after Resample:\n%s\n%s", s, w, got)
			}
		}
	}
	return nil
}
