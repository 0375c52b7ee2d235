package superrock

import (
	"reflect"
	"testing"

	"tablemaster/engine"
)

// TestPlayoutStepIsALegalMove: one step of Playout leaves the game as
// applying one of Legal's choices does, for the seat bot.Next would ask
// (the first in seat order with a choice), and over many draws from one
// position every legal choice comes up: the playout is a random game
// through the rules, only without words.
func TestPlayoutStepIsALegalMove(t *testing.T) {
	players := []string{"A", "B", "C", "D", "E", "F", "G"}
	steps, covered := 0, 0
	for seed := uint64(1); seed <= 8; seed++ {
		g, err := New(Config{Players: players}, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRand(seed + 50)
		for step := 0; step < 200 && g.phase != OverPhase; step++ {
			s, cs := engine.Seat(-1), []engine.Choice(nil)
			for i := range g.Seats() {
				if cs = g.Legal(engine.Seat(i)); len(cs) > 0 {
					s = engine.Seat(i)
					break
				}
			}
			if s < 0 {
				if n := g.Clone().Playout(r, 1); n != 0 {
					t.Fatalf("seed %d step %d: nobody has a choice, yet the playout played %d", seed, step, n)
				}
				break
			}
			after := make([]*Game, len(cs))
			for i, c := range cs {
				after[i] = g.Clone()
				if _, err := after[i].Apply(s, c.Action); err != nil {
					t.Fatalf("seed %d step %d: %s refused: %v", seed, step, c.Action, err)
				}
			}
			draws := 1
			if len(cs) <= 12 {
				draws = 30 * len(cs)
			}
			hit := make([]bool, len(cs))
			for range draws {
				p := g.Clone()
				if n := p.Playout(r, 1); n != 1 {
					t.Fatalf("seed %d step %d: the playout played %d actions, want 1", seed, step, n)
				}
				found := false
				for i := range after {
					if reflect.DeepEqual(p, after[i]) {
						hit[i], found = true, true
						break
					}
				}
				if !found {
					t.Fatalf("seed %d step %d (phase %s): the playout's step is none of seat %d's %d legal choices", seed, step, g.phase, s, len(cs))
				}
			}
			if draws > 1 {
				for i, h := range hit {
					if !h && !sameAsEarlier(after, i) {
						t.Errorf("seed %d step %d: %d draws never played %s", seed, step, draws, cs[i].Action)
					}
				}
				covered++
			}
			steps++
			if _, err := g.Apply(s, cs[r.IntN(len(cs))].Action); err != nil {
				t.Fatal(err)
			}
		}
	}
	if steps < 100 || covered < 20 {
		t.Fatalf("%d steps, %d checked for coverage: the test proves little", steps, covered)
	}
}

// sameAsEarlier: choice i leads where an earlier one does (two dice rolls
// that come out the same), so a draw of it is counted there.
func sameAsEarlier(after []*Game, i int) bool {
	for j := range i {
		if reflect.DeepEqual(after[i], after[j]) {
			return true
		}
	}
	return false
}
