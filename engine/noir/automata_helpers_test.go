package noir

import (
	"fmt"
	"testing"

	"tablemaster/engine"
)

// automata is the configuration of the Automata rule tests.
var automata = Config{Variant: Automata}

// automataGame starts an Automata game whose deck is stacked so that the
// Killer draws identity then disguise, kills, and the Inspector draws four
// and keeps one: the tests read as games, with the cards they name.
func automataGame(t testing.TB, cfg Config, identity, disguise, kill string, four [4]string, keep string) *Game {
	t.Helper()
	cfg.Variant = Automata
	g := New(cfg, 1)
	top := []string{identity, disguise, four[0], four[1], four[2], four[3]}
	stackDeck(t, g, top...)
	play(t, g, "draw", "kill "+kill, "draw", "keep "+keep)
	if g.Phase() != Play || g.Turn() != Killer {
		t.Fatalf("setup ended in phase %v, turn %v; want play, Killer", g.Phase(), g.Turn())
	}
	return g
}

// stackDeck puts the named cards on top of the deck, the first to be
// drawn first, keeping the rest in its order.
func stackDeck(t testing.TB, g *Game, top ...string) {
	t.Helper()
	var ids []int
	for _, name := range top {
		n, ok := g.target(name, false)
		if !ok || !contains(g.deck, n) {
			t.Fatalf("stackDeck: %q is not in the deck", name)
		}
		ids = append(ids, n)
		g.deck = remove(g.deck, n)
	}
	for i := len(ids) - 1; i >= 0; i-- {
		g.deck = append(g.deck, ids[i])
	}
}

// automataStandard is the Automata counterpart of standard: the Killer is
// ♠7 (B2) disguised as ♣3 (E3) and killed ♠A (A1); the Inspector is ♣Q
// (D5) with ♦9 ♦10 ♦J in hand (A5 B5 C5). The Killer is to move, turn 3.
func automataStandard(t testing.TB) *Game {
	t.Helper()
	return automataGame(t, automata, "♥7", "♦3", "♠A", [4]string{"♦Q", "♦9", "♦10", "♦J"}, "♦Q")
}

// automataOK is what must hold in every Automata game besides stateOK.
func automataOK(g *Game) error {
	if g.phase >= KillerFirstKill {
		if g.disguise < 0 || g.disguise == g.killer {
			return fmt.Errorf("disguise %d with identity %d", g.disguise, g.killer)
		}
	}
	// The hand is 3 unless the deck ran out, and never names a suspect
	// that left the grid.
	if g.insp >= 0 && g.phase != RefillDraw && len(g.hand) != 3 && (len(g.hand) > 3 || g.deckLeft() > 0) {
		return fmt.Errorf("hand of %d with %d cards in the deck", len(g.hand), g.deckLeft())
	}
	for _, id := range g.hand {
		if g.removed[id] {
			return fmt.Errorf("hand card %s names a removed suspect", g.ename(id))
		}
	}
	if (g.phase == CollapsePick) != (g.picks != nil) {
		return fmt.Errorf("picks %v in phase %v", g.picks, g.phase)
	}
	if (g.phase != AccusePick) && g.accused >= 0 {
		return fmt.Errorf("accused %d in phase %v", g.accused, g.phase)
	}
	if (g.phase == RefillDraw) != (g.refill > 0) {
		return fmt.Errorf("refill %d in phase %v", g.refill, g.phase)
	}
	if g.citizen >= 0 || g.arrestsLeft != CitizensArrests {
		return fmt.Errorf("a playing-card variant state in Automata")
	}
	return nil
}

// claims is what the table was told about the hidden identities, kept by
// the test from the public events alone (not from the engine's facts), to
// check that a Resample keeps every answer true.
type claims struct {
	killer, inspector []claim
}

type claim struct {
	grid   Grid
	about  int  // the suspect asked about
	around bool // "among the neighbours of about" (else "is about")
	yes    bool
	orIs   bool // around, or about itself (an arrest: the own identity or a neighbour)
}

func (c claim) holds(id int) bool {
	if c.orIs && id == c.about {
		return c.yes
	}
	if c.around {
		return c.grid.Adjacent(id, c.about) == c.yes
	}
	return (id == c.about) == c.yes
}

// note reads the public events of one action.
func (cl *claims) note(g *Game, evs []engine.Event) {
	grid := g.grid.Clone()
	for _, e := range evs {
		if !e.IsPublic() {
			continue
		}
		who, _ := g.target(e.Args["suspect"], false)
		switch e.Key {
		case "noir.ev.kill":
			cl.killer = append(cl.killer, claim{grid, who, true, true, false})
		case "noir.ev.ask_killer":
			cl.killer = append(cl.killer, claim{grid, who, true, e.Args["answer"] == "@noir.yes", false})
		case "noir.ev.ask_inspector":
			cl.inspector = append(cl.inspector, claim{grid, who, true, e.Args["answer"] == "@noir.yes", false})
		case "noir.ev.arrest_no":
			cl.killer = append(cl.killer, claim{grid, who, false, false, false})
			cl.inspector = append(cl.inspector, claim{grid, who, true, true, true})
		case "noir.ev.disguised":
			cl.killer = nil // a new segment: either card may be the identity now
		case "noir.ev.point_no": // NC-14: the pointed suspect is not the Killer
			cl.killer = append(cl.killer, claim{grid, who, false, false, false})
		case "noir.ev.disguise_ok": // NC-8: a new identity, nothing known of it
			cl.killer = nil
		}
	}
}

// check says which claim a redrawn game breaks.
func (cl *claims) check(h *Game) error {
	if h.outcome.Over {
		return nil
	}
	for _, c := range cl.killer {
		if h.killer >= 0 && !c.holds(h.killer) {
			return fmt.Errorf("redrawn Killer %s breaks %+v", h.sname(h.killer), c)
		}
	}
	for _, c := range cl.inspector {
		if h.insp >= 0 && !c.holds(h.insp) {
			return fmt.Errorf("redrawn Inspector %s breaks %+v", h.sname(h.insp), c)
		}
	}
	return nil
}
