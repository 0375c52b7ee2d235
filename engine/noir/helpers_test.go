package noir

import (
	"fmt"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/enginetest"
)

// Cells of the ordered layout (NC-2), for reading the tests: suspect id i
// starts in row i/5, column i%5.
//
//	    A    B    C    D    E
//	1  ♠A   ♠2   ♠3   ♠4   ♠5
//	2  ♠6   ♠7   ♠8   ♠9   ♠10
//	3  ♠J   ♠Q   ♣A   ♣2   ♣3
//	4  ♣4   ♣5   ♣6   ♣7   ♣8
//	5  ♣9   ♣10  ♣J   ♣Q   Joker

// physical is the configuration most rule tests use: with a physical deck
// the test enters every draw, so it decides the cards without touching the
// game's insides.
var physical = Config{Deck: Physical}

// apply applies one action for seat s and fails the test on an error.
func apply(t testing.TB, g *Game, s engine.Seat, a string) []engine.Event {
	t.Helper()
	ev, err := g.Apply(s, engine.Action(a))
	if err != nil {
		t.Fatalf("Apply(%v) = %v, want no error (phase %v, turn %v)", a, err, g.phase, g.turn)
	}
	return ev
}

// play applies actions, each for the seat whose turn it is.
func play(t testing.TB, g *Game, actions ...string) []engine.Event {
	t.Helper()
	var all []engine.Event
	for _, a := range actions {
		all = append(all, apply(t, g, g.Turn(), a)...)
	}
	return all
}

// setup plays the first round with a physical deck: the Killer's identity
// card, the first kill, the Inspector's four cards and the one kept.
func setup(t testing.TB, cfg Config, identity, kill string, four [4]string, keep string) *Game {
	t.Helper()
	cfg.Deck = Physical
	g := New(cfg, 1)
	play(t, g, "drew "+identity, "kill "+kill)
	for _, c := range four {
		play(t, g, "drew "+c)
	}
	play(t, g, "keep "+keep)
	if g.Phase() != Play || g.Turn() != Killer {
		t.Fatalf("setup ended in phase %v, turn %v; want play, Killer", g.Phase(), g.Turn())
	}
	return g
}

// standard is the position most rule tests start from: the Killer is ♠7
// (B2) and killed ♠A (A1); the Inspector is ♣Q (D5) with ♦9 ♦10 ♦J in hand
// (A5 B5 C5). The Killer is to move, turn 3.
func standard(t testing.TB, cfg Config) *Game {
	t.Helper()
	return setup(t, cfg, "♥7", "♠A", [4]string{"♦Q", "♦9", "♦10", "♦J"}, "♦Q")
}

// id is the suspect a card name stands for, in any spelling parseCard reads.
func id(t testing.TB, name string, kings bool) int {
	t.Helper()
	n, _, ok := parseCard(name, kings)
	if !ok {
		t.Fatalf("parseCard(%q) failed", name)
	}
	return n
}

// snapshot is everything any device could be shown, serialised; Apply
// must leave it unchanged when it refuses an action.
func snapshot(g *Game) string {
	return enginetest.JSONLines(g.PublicView(), g.View(Killer), g.View(Inspector), g.Outcome(),
		g.Legal(Killer), g.Legal(Inspector), g.positions, g.lastShift, g.deck, g.hand, g.drawn)
}

// refuse applies an action that must fail with kind, and checks that the
// game did not change.
func refuse(t testing.TB, g *Game, s engine.Seat, a string, kind error) error {
	t.Helper()
	return enginetest.Refuse(t, g, s, a, kind, func() string { return snapshot(g) })
}

// msgKey is the catalogue key of a refusal.
var msgKey = enginetest.MsgKey

// find returns the first event with the key, or false.
func find(evs []engine.Event, key string) (engine.Event, bool) {
	for _, e := range evs {
		if e.Key == key {
			return e, true
		}
	}
	return engine.Event{}, false
}

// actions lists the actions of the choices.
var actions = enginetest.Actions

// withPrefix keeps the actions that start with prefix.
var withPrefix = enginetest.WithPrefix

// pub is the public view, typed.
func pub(g *Game) PublicView { return g.PublicView().(PublicView) }

// view is a seat's view, typed.
func view(g *Game, s engine.Seat) View { return g.View(s).(View) }

// at is the public cell view by name ("B3").
func at(t testing.TB, g *Game, cell string) CellView {
	t.Helper()
	r, c, ok := g.grid.ParseCell(cell)
	if !ok {
		t.Fatalf("no cell %s in a %d×%d grid", cell, g.grid.Rows(), g.grid.Cols())
	}
	return pub(g).Grid[r][c]
}

// layout is the public grid as rows of suspect names.
func layout(g *Game) [][]string {
	var out [][]string
	for _, row := range pub(g).Grid {
		var names []string
		for _, c := range row {
			names = append(names, c.Suspect)
		}
		out = append(out, names)
	}
	return out
}

// invariants checks what must hold after every action (FuzzApply, the
// no-leak test and the smoke test all call it).
func invariants(g *Game) error {
	if err := stateOK(g); err != nil {
		return err
	}
	return choicesOK(g)
}

// stateOK checks the state itself: counts, the grid, where every card is.
func stateOK(g *Game) error {
	dead := 0
	for i := 0; i < NumSuspects; i++ {
		if g.dead[i] {
			dead++
		}
		if g.removed[i] && !g.dead[i] {
			return fmt.Errorf("%s removed but not dead", g.sname(i))
		}
		if g.removed[i] == g.grid.Contains(i) {
			return fmt.Errorf("%s: removed=%v but on the grid=%v", g.sname(i), g.removed[i], g.grid.Contains(i))
		}
	}
	if dead != g.kills {
		return fmt.Errorf("%d dead, %d kills", dead, g.kills)
	}
	if n := g.cfg.KillsToWin(); g.kills > n || (g.kills == n && !g.outcome.Over) {
		return fmt.Errorf("%d kills and over=%v", g.kills, g.outcome.Over)
	}
	if g.outcome.Over != (g.phase == Over) {
		return fmt.Errorf("outcome over=%v in phase %v", g.outcome.Over, g.phase)
	}
	// The grid is a full rectangle holding every suspect not removed once.
	if g.grid.Rows()*g.grid.Cols() != len(g.grid.cells) {
		return fmt.Errorf("grid %d×%d holds %d cells", g.grid.Rows(), g.grid.Cols(), len(g.grid.cells))
	}
	var seen [NumSuspects]int
	for _, id := range g.grid.cells {
		seen[id]++
	}
	for _, id := range g.removedOrder {
		seen[id]++
	}
	for i := 0; i < NumSuspects; i++ {
		if seen[i] != 1 {
			return fmt.Errorf("suspect %s is %d times on the grid or the removed pile", g.sname(i), seen[i])
		}
	}
	// Identities: alive and on the grid (the Inspector's may have been
	// killed only in the move that ended the game).
	if g.phase != KillerIdentity {
		if g.killer < 0 || g.dead[g.killer] || !g.grid.Contains(g.killer) {
			return fmt.Errorf("the Killer's identity %d is not a living suspect on the grid", g.killer)
		}
	}
	if g.insp >= 0 && !(g.outcome.Over && g.outcome.Reason.Key == "noir.win.killed_inspector") {
		if g.dead[g.insp] || !g.grid.Contains(g.insp) {
			return fmt.Errorf("the Inspector's identity %s is not a living suspect on the grid", g.sname(g.insp))
		}
	}
	if (g.insp >= 0) != (g.phase > InspectorKeep) {
		return fmt.Errorf("Inspector identity %d in phase %v", g.insp, g.phase)
	}
	if len(g.hand) > 4 || (len(g.hand) == 4 && g.phase != ClearChoose) {
		return fmt.Errorf("hand of %d in phase %v", len(g.hand), g.phase)
	}
	if g.cfg.Variant == Automata {
		if err := automataOK(g); err != nil {
			return err
		}
	}
	if g.arrestsLeft < 0 || g.arrestsLeft > CitizensArrests {
		return fmt.Errorf("%d citizen's arrests left", g.arrestsLeft)
	}
	// Every evidence card is in exactly one place. (Arrays, not maps: the
	// fuzz test runs this after every step.)
	var where [NumSuspects][]string
	var places [NumSuspects][2]string
	for i := range where {
		where[i] = places[i][:0]
	}
	put := func(place string, ids ...int) {
		for _, id := range ids {
			if len(where[id]) < 2 {
				where[id] = append(where[id], place)
			} else {
				where[id] = append(where[id][:2:2], place)
			}
		}
	}
	put("deck", g.deck...)
	put("hand", g.hand...)
	put("drawn", g.drawn...)
	put("discarded", g.discarded...)
	if g.killer >= 0 {
		put("killer", g.killer)
	}
	if g.disguise >= 0 {
		put("disguise", g.disguise)
	}
	if g.insp >= 0 {
		put("inspector", g.insp)
	}
	for i := 0; i < NumSuspects; i++ {
		if g.innocent[i] {
			put("laid", i)
		}
	}
	// A bad entry (physical.go) names a card the other seat holds: that card
	// is in two places, and the real deck holds one card fewer than the
	// engine's list of it.
	// Only the Automata Inspector can make a second one before the first
	// is shown (two of the Killer's cards among four): every bad entry's
	// card is in two places, one for each card lost.
	bad := -1
	if g.bad != nil {
		bad = g.bad.card
		if g.cfg.Deck != Physical || g.lost < 1 || (g.lost > 1 && g.cfg.Variant != Automata) {
			return fmt.Errorf("bad entry %s with a %v deck, %d lost", g.ename(bad), g.cfg.Deck, g.lost)
		}
		if len(where[bad]) != 2 {
			return fmt.Errorf("bad entry %s: the card is in %v, want two places", g.ename(bad), where[bad])
		}
	} else if g.lost != 0 {
		return fmt.Errorf("%d cards lost without a bad entry", g.lost)
	}
	twice := 0
	for i := 0; i < NumSuspects; i++ {
		switch {
		case len(where[i]) == 2 && g.bad != nil:
			twice++
		case len(where[i]) != 1:
			return fmt.Errorf("evidence card %s is in %v", g.ename(i), where[i])
		}
	}
	if twice != g.lost {
		return fmt.Errorf("%d cards in two places, %d lost", twice, g.lost)
	}
	return nil
}

// choicesOK: the seat to move has something to do, the other nothing, and
// every choice decodes to itself.
func choicesOK(g *Game) error {
	if !g.outcome.Over && len(g.Legal(g.turn)) == 0 {
		return fmt.Errorf("no legal action for seat %d in phase %v", g.turn, g.phase)
	}
	if err := enginetest.OnlyTurn(g, g.turn); err != nil {
		return err
	}
	for _, s := range []engine.Seat{Killer, Inspector} {
		if err := enginetest.DecodesLegal(g, s); err != nil {
			return err
		}
	}
	return nil
}

// noLeak checks that every view is unchanged when what the viewer cannot
// see is redrawn (engine.Resampler), and that no hidden card is named in
// the public view.
func noLeak(g *Game, r *engine.Rand, resamples int) error {
	err := enginetest.NoLeak(g, r, enginetest.Seats(g), resamples, func(_ engine.Seat, h *Game) error { return stateOK(h) })
	if err != nil {
		return err
	}
	if g.outcome.Over {
		return nil
	}
	pv := seatJSON(g, engine.Public)
	hidden := hiddenCards(g)
	for _, id := range hidden {
		// The Joker names both a suspect and an evidence card; its
		// evidence use is checked in the structured fields below.
		if e := g.ename(id); e != g.sname(id) && strings.Contains(pv, e) {
			return fmt.Errorf("the public view names the hidden card %s: %s", e, pv)
		}
	}
	p := pub(g)
	for _, id := range hidden {
		e := g.ename(id)
		for _, row := range p.Grid {
			for _, c := range row {
				if c.Evidence == e {
					return fmt.Errorf("hidden card %s lies on %s", e, c.Cell)
				}
			}
		}
		for _, d := range p.Discarded {
			if d == e {
				return fmt.Errorf("hidden card %s is on the discard pile", e)
			}
		}
		if p.Citizen != nil && p.Citizen.Evidence == e {
			return fmt.Errorf("hidden card %s shown for a citizen's arrest", e)
		}
		if p.KillerIdentity != nil || p.InspectorIdentity != nil {
			return fmt.Errorf("identities shown before the end")
		}
	}
	return nil
}

// seatJSON is what seat s (or engine.Public) is shown, serialised.
func seatJSON(g *Game, s engine.Seat) string { return enginetest.SeatJSON(g, s) }

// hiddenCards lists the evidence cards a seat holds hidden, less the card
// of a bad entry (physical.go): that one was also entered by the other
// seat, which may have laid it on the table.
func hiddenCards(g *Game) []int {
	var out []int
	for _, id := range append(g.hiddenOf(Killer), g.hiddenOf(Inspector)...) {
		if g.bad == nil || id != g.bad.card {
			out = append(out, id)
		}
	}
	return out
}
