package outlaws

import (
	"encoding/json"
	"fmt"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/enginetest"
)

// apply applies one action for seat s and fails the test on an error.
func apply(t testing.TB, g *Game, s engine.Seat, a string) []engine.Event {
	t.Helper()
	ev, err := g.Apply(s, engine.Action(a))
	if err != nil {
		t.Fatalf("Apply(%d, %v) = %v, want no error (phase %v, turn %v)", s, a, err, g.phase, g.turn)
	}
	return ev
}

// find returns the first event with the key.
func find(evs []engine.Event, key string) (engine.Event, bool) {
	for _, e := range evs {
		if e.Key == key {
			return e, true
		}
	}
	return engine.Event{}, false
}

var actions = enginetest.Actions
var withPrefix = enginetest.WithPrefix

// refuse applies an action that must fail with kind and change nothing.
func refuse(t testing.TB, g *Game, s engine.Seat, a string, kind error) error {
	t.Helper()
	return enginetest.Refuse(t, g, s, a, kind, func() string { return snapshot(g) })
}

func snapshot(g *Game) string {
	return enginetest.JSONLines(g.PublicView(), g.View(Red), g.View(Green), g.Outcome(), g.row, g.stock, g.street, g.know)
}

// invariants is what holds after every action: the state itself, and
// everything every observer learnt.
func invariants(g *Game) error {
	if err := stateOK(g); err != nil {
		return err
	}
	for _, s := range []engine.Seat{Red, Green, engine.Public} {
		if err := knowsOK(g, s); err != nil {
			return err
		}
	}
	return nil
}

// knowsOK: what observer s learnt still holds of the game (also of a game
// redrawn for s, which need not keep what others alone saw).
func knowsOK(g *Game, s engine.Seat) error {
	o := 2
	if s == Red || s == Green {
		o = int(s)
	}
	for i, t := range g.row {
		if t != None && g.know.tokens[o][i]&tbit(t) == 0 {
			return fmt.Errorf("place %d holds %s, which observer %d rules out", i+1, t.Key(), s)
		}
	}
	for p := range 2 {
		if engine.Seat(p) == s || len(g.placed[p]) < 10 {
			continue
		}
		obs := obsPublic
		if s == engine.Seat(1-p) {
			obs = obsOpponent
		}
		if ps := g.know.street[p][obs]; !ps.holds(g.street[p]) {
			return fmt.Errorf("seat %d's street %v is an order observer %d rules out (%d orders left)", p, g.street[p], s, ps.count())
		}
	}
	return nil
}

// stateOK checks the state itself.
func stateOK(g *Game) error {
	// 17 tokens always accounted for.
	var n [NumTokens]int
	for _, t := range g.row {
		if t != None {
			n[t]++
		}
	}
	for _, t := range g.stock {
		n[t]++
	}
	for t := Token(0); t < NumTokens; t++ {
		n[t] += g.held[0][t] + g.held[1][t] + g.spent[t] + g.out[t]
		if n[t] != TokenCount[t] {
			return fmt.Errorf("%d %s in all, want %d (row %v stock %v held %v spent %v out %v)", n[t], t.Key(), TokenCount[t], g.row, g.stock, g.held, g.spent, g.out)
		}
		for s := range 2 {
			if g.held[s][t] < 0 {
				return fmt.Errorf("seat %d holds %d %s", s, g.held[s][t], t.Key())
			}
		}
	}
	for s := range 2 {
		if g.cameras[s] < 0 || g.cameras[s] > Cameras {
			return fmt.Errorf("seat %d has %d camera markers", s, g.cameras[s])
		}
		if len(g.placed[s]) == 10 {
			// Every card once, the Governor in the street.
			var seen [NumChars]int
			for _, c := range g.street[s] {
				seen[c]++
			}
			for _, c := range g.saloon[s] {
				seen[c]++
				if c == Governor {
					return fmt.Errorf("seat %d's Governor is in the Saloon", s)
				}
			}
			for c, k := range seen {
				if k != 1 {
					return fmt.Errorf("seat %d: %s %d times", s, Char(c).Key(), k)
				}
			}
		}
		for c := Char(0); c < NumChars; c++ {
			if g.restrained[s][c] && c != Thief {
				return fmt.Errorf("seat %d: a restrained %s", s, c.Key())
			}
		}
	}
	if g.outcome.Over != (g.phase == Over) {
		return fmt.Errorf("over=%v in phase %v", g.outcome.Over, g.phase)
	}
	if g.phase == Play && (g.actions < 1 || g.actions > ActionsPerTurn) {
		return fmt.Errorf("%d actions left", g.actions)
	}
	if (g.phase == React) != (g.pend != nil) {
		return fmt.Errorf("pending %v in phase %v", g.pend, g.phase)
	}
	return nil
}

// choicesOK: the seat to move has something to do, every choice decodes to
// itself, and a seat not to move is offered nothing.
func choicesOK(g *Game) error {
	if g.outcome.Over {
		return nil
	}
	if len(g.Legal(g.Turn())) == 0 {
		return fmt.Errorf("no legal action for seat %d in phase %v", g.Turn(), g.phase)
	}
	if g.phase != Setup {
		if err := enginetest.OnlyTurn(g, g.turn); err != nil {
			return err
		}
	}
	for _, s := range []engine.Seat{Red, Green} {
		if err := enginetest.DecodesLegal(g, s); err != nil {
			return err
		}
	}
	return nil
}

func jsonOf(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}
