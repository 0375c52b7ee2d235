package outlaws

import (
	"math/bits"
	"slices"
	"testing"

	"tablemaster/engine"
)

// TestActionsAreLegal: the bot's word-free list (bot.Actor) is Legal's
// actions in Legal's order, for both seats at every step of seeded
// random games.
func TestActionsAreLegal(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 10
	}
	for seed := uint64(0); seed < uint64(games); seed++ {
		g := New(Config{}, seed)
		r := engine.NewRand(seed + 3)
		for step := 0; step < 300 && !g.outcome.Over; step++ {
			for s := range engine.Seat(2) {
				var want []engine.Action
				for _, c := range g.Legal(s) {
					want = append(want, c.Action)
				}
				if got := g.Actions(s, nil); !slices.Equal(got, want) {
					t.Fatalf("seed %d step %d seat %d: Actions %q, Legal %q", seed, step, s, got, want)
				}
			}
			s, a := pick(g, r)
			apply(t, g, s, string(a))
		}
	}
}

// TestResampleRedrawsTheOthersChecks: a token the other player checked
// is, in a redraw, the token the redrawn row holds there, not the one
// the real row holds (a bot reading the redraw learns nothing of it).
func TestResampleRedrawsTheOthersChecks(t *testing.T) {
	g := standard(t)
	lay(t, g, Elected, Ballot, Bullet)
	apply(t, g, Red, "move 4 5")
	apply(t, g, Red, "pretend")
	apply(t, g, Red, "move 4 5")
	apply(t, g, Red, "pretend") // Green's turn
	apply(t, g, Green, "check 1")
	if g.know.tokens[Green][0] != tbit(Elected) {
		t.Fatalf("Green's check: knowledge %b", g.know.tokens[Green][0])
	}
	kinds := map[Token]bool{}
	for i := range 200 {
		c := g.Resample(Red, engine.NewRand(uint64(i))).(*Game)
		k := c.know.tokens[Green][0]
		if bits.OnesCount8(k) != 1 || k != tbit(c.row[0]) {
			t.Fatalf("redraw %d: Green knows %b at place 1, which holds %s", i, k, c.row[0].Key())
		}
		kinds[c.row[0]] = true
	}
	if len(kinds) < 3 {
		t.Errorf("200 redraws put only %v at place 1", kinds)
	}
}

// TestEvaluateThreats: Evaluate follows what each player knows. Red's
// Assassin, a Bullet in hand, and Green's Governor seen (Red's Scout):
// Red, to move, is near a win; the same Governor guarded by Green's
// Sheriff and a Handcuffs (OL-23) is no threat; a Governor nobody has
// seen is a small one.
func TestEvaluateThreats(t *testing.T) {
	g := standard(t)
	g.held[Green][Handcuffs], g.spent[Handcuffs] = 0, 1
	if v := g.Evaluate()[Red]; v < 0.5 || v > 0.65 {
		t.Errorf("nothing known: Red %.2f, want a little over even (1 in 8 to find the Governor)", v)
	}
	g.know.scouted(Green, 1, Governor)
	if v := g.Evaluate()[Red]; v < 0.9 {
		t.Errorf("Green's Governor seen, unguarded: Red %.2f, want ≥ 0.9", v)
	}
	g.held[Green][Handcuffs], g.spent[Handcuffs] = 1, 0
	if v := g.Evaluate()[Red]; v > 0.65 {
		t.Errorf("Green's Governor seen but guarded (Sheriff beside it, Handcuffs held): Red %.2f, want no threat", v)
	}
	e := g.Evaluate()
	if e[Red]+e[Green] < 0.999 || e[Red]+e[Green] > 1.001 {
		t.Errorf("Evaluate %v does not sum to 1", e)
	}
}
