// Package enginetest holds the test helpers every game engine shares:
// seeded random games, the scaffolding of a FuzzApply target, and the
// no-leak check built on engine.Resampler. It is imported by the tests of
// engine/<game> packages only; it depends on nothing but the standard
// library and package engine, so any game can use it.
//
// What differs from game to game (how to build a game, which state to
// compare, which invariants hold) comes in as small function parameters.
// Typical use, in a game's leak test:
//
//	g := New(cfg, seed)
//	r := engine.NewRand(seed)
//	err := enginetest.PlayTurns(g, engine.NewRand(seed+1000), 300, func(evs []engine.Event) error {
//		return enginetest.NoLeak(g, r, enginetest.Seats(g), 2, func(_ engine.Seat, h *Game) error {
//			return stateOK(h) // the redrawn game must be a consistent one
//		})
//	})
//	if err != nil {
//		t.Fatalf("seed %d: %v", seed, err)
//	}
package enginetest
