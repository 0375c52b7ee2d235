package noir

import (
	"fmt"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/enginetest"
)

// automataPick chooses a legal action the way a keen player would, so that
// seeded random games reach what a uniform choice rarely does (kills in
// every row, Collapses, the kill count): kills and Collapses are favoured,
// an Accuse or a change of mind is rare.
func automataPick(g *Game, r *engine.Rand) engine.Choice {
	cs := g.Legal(g.Turn())
	weight := func(c engine.Choice) int {
		a := string(c.Action)
		switch {
		case strings.HasPrefix(a, "kill"), strings.HasPrefix(a, "collapse"), strings.HasPrefix(a, "remove"):
			return 12
		case a == "accuse":
			return 1
		case a == "cancel":
			if r.IntN(4) == 0 {
				return 1
			}
			return 0
		case strings.HasPrefix(a, "shift"):
			return 1
		}
		return 3
	}
	return enginetest.Weighted(cs, r, weight)
}

// TestAutomataRandomGames: seeded random games keep the invariants after
// every action (the grid stays a rectangle, the kill count never falls, a
// Collapse removes exactly one line, the hand is 3 unless the deck ran
// out), and at every step whatever a seat cannot see can be redrawn, in a
// way that keeps every public answer true, without changing a byte of what
// it is shown (NA-7: a real and a pretended Disguise look the same).
func TestAutomataRandomGames(t *testing.T) {
	seen := map[string]int{}
	for seed := uint64(0); seed < 40; seed++ {
		cfg := automata
		if seed%2 == 1 {
			cfg.Layout = Shuffled
		}
		if seed%5 == 2 {
			cfg.Kills = 14
		}
		if seed%7 == 3 {
			cfg.Roster = testRoster()
		}
		if seed%3 == 1 {
			cfg.Deck = Physical
		}
		g := New(cfg, seed)
		r := engine.NewRand(seed + 99)
		var cl claims
		for step := 0; step < 400 && !g.outcome.Over; step++ {
			kills, rows, cols := g.kills, g.grid.Rows(), g.grid.Cols()
			removed := len(g.removedOrder)
			c := automataPick(g, r)
			s := g.Turn()
			evs, err := g.Apply(s, c.Action)
			if err != nil && strings.HasPrefix(string(c.Action), "drew") {
				continue
			}
			if err != nil {
				t.Fatalf("seed %d step %d: Apply(%q) = %v", seed, step, c.Action, err)
			}
			cl.note(g, evs)
			for _, e := range evs {
				seen[e.Key]++
			}
			if err := invariants(g); err != nil {
				t.Fatalf("seed %d step %d after %q: %v", seed, step, c.Action, err)
			}
			if g.kills < kills {
				t.Fatalf("seed %d step %d: kills fell from %d to %d", seed, step, kills, g.kills)
			}
			switch left := len(g.removedOrder) - removed; {
			case left == 0 && (g.grid.Rows() != rows || g.grid.Cols() != cols):
				t.Fatalf("seed %d step %d: the grid changed size without a Collapse", seed, step)
			case left > 0 && !(left == rows && g.grid.Cols() == cols-1 && g.grid.Rows() == rows) &&
				!(left == cols && g.grid.Rows() == rows-1 && g.grid.Cols() == cols):
				t.Fatalf("seed %d step %d: a Collapse took %d suspects from a %d×%d grid, leaving %d×%d",
					seed, step, left, rows, cols, g.grid.Rows(), g.grid.Cols())
			}
			if err := eventsLeak(g, evs); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, err)
			}
			err = enginetest.NoLeak(g, r, enginetest.Seats(g), 2, func(_ engine.Seat, h *Game) error {
				if err := stateOK(h); err != nil {
					return err
				}
				return cl.check(h)
			})
			if err != nil {
				t.Fatalf("seed %d step %d after %q: %v", seed, step, c.Action, err)
			}
		}
		if g.outcome.Over {
			seen["over "+g.outcome.Reason.Key]++
		}
	}
	t.Logf("events seen: %v", seen)
	// The random games must have reached what the invariants are about.
	for _, key := range []string{"noir.ev.collapsed", "noir.ev.disguised", "noir.ev.canvas", "noir.ev.hand_gone", "noir.do.draw_n",
		"noir.ev.ask_inspector", "over noir.win.kills", "over noir.win.wrong_accusation"} {
		if seen[key] == 0 {
			t.Errorf("no random game reached %s (seen: %v)", key, seen)
		}
	}
}

// testRoster is a boxed edition's names (NA-1), some with spaces.
func testRoster() []string {
	return []string{"Malone", "Albert", "Isaak", "Lester", "Yolanda", "Bruno", "Clive", "Dora", "Edith", "Felix",
		"Greta", "Hugo", "Irma", "Jasper", "Kiki", "Lady Grey", "Mort", "Nell", "Otto", "Pearl",
		"Quincy", "Rosa", "Silas", "Tess", "Ulma"}
}

// TestAutomataResampleRedraws: the redraw really redraws: for the
// Inspector the Killer's pair and which of the two is the identity, for
// the Killer the Inspector's identity and hand.
func TestAutomataResampleRedraws(t *testing.T) {
	g := automataStandard(t)
	r := engine.NewRand(3)
	var killer, disguise, insp, hand bool
	for i := 0; i < 40; i++ {
		h := g.Resample(Inspector, r).(*Game)
		killer = killer || h.killer != g.killer
		disguise = disguise || h.disguise != g.disguise
		if h.insp != g.insp || fmt.Sprint(h.hand) != fmt.Sprint(g.hand) {
			t.Fatalf("Resample(Inspector) changed the Inspector's own cards")
		}
		k := g.Resample(Killer, r).(*Game)
		insp = insp || k.insp != g.insp
		hand = hand || fmt.Sprint(k.hand) != fmt.Sprint(g.hand)
		if k.killer != g.killer || k.disguise != g.disguise {
			t.Fatalf("Resample(Killer) changed the Killer's own cards")
		}
	}
	if !killer || !disguise || !insp || !hand {
		t.Errorf("Resample redrew killer=%v disguise=%v inspector=%v hand=%v, want all", killer, disguise, insp, hand)
	}
	// After the first kill (♠A, A1) the identity lies next to A1: every
	// redraw for the Inspector keeps it there (A2, B1 or B2).
	for i := 0; i < 40; i++ {
		h := g.Resample(Inspector, r).(*Game)
		if cell := h.cell(h.killer); cell != "A2" && cell != "B1" && cell != "B2" {
			t.Fatalf("Resample(Inspector) put the Killer at %s, not next to the killed ♠A", cell)
		}
	}
}
