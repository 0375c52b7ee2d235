package noir

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/enginetest"
)

var leakConfigs = []Config{
	{},
	{Deck: Physical, Layout: Shuffled, Kings: true, ShiftRule: NoUndo},
	{Layout: Shuffled, ShiftRule: NoUndo},
	{Deck: Physical, Kings: true},
}

// TestNoLeak: whatever a seat cannot see can be redrawn without changing
// a byte of what it is shown (engine.Resampler), at every step of many
// games, in every option combination.
func TestNoLeak(t *testing.T) {
	for ci, cfg := range leakConfigs {
		t.Run(fmt.Sprintf("%d-%v-%v", ci, cfg.Deck, cfg.ShiftRule), func(t *testing.T) {
			for seed := uint64(0); seed < 8; seed++ {
				r := engine.NewRand(seed)
				g := New(cfg, seed)
				err := enginetest.PlayTurns(g, engine.NewRand(seed+1000), 300, func(evs []engine.Event) error {
					if err := invariants(g); err != nil {
						return err
					}
					if err := noLeak(g, r, 3); err != nil {
						return err
					}
					return eventsLeak(g, evs)
				})
				if err != nil {
					t.Fatalf("seed %d turn %d: %v", seed, g.turnNo, err)
				}
			}
		})
	}
}

// eventsLeak checks that a public event never names an evidence card
// that is still hidden after it (suspect names are public targets of
// kills, arrests and clears), and that a private event goes to one seat.
func eventsLeak(g *Game, evs []engine.Event) error {
	var hidden []int
	if !g.outcome.Over {
		hidden = hiddenCards(g)
	}
	var names []string
	for _, id := range hidden {
		if g.ename(id) != g.sname(id) { // the Joker: its name is also a suspect's
			names = append(names, g.ename(id))
		}
	}
	for _, e := range evs {
		private, err := enginetest.Told(e, "noir.pv.")
		if err != nil {
			return err
		}
		if private {
			continue
		}
		for _, name := range names {
			for _, v := range e.Args {
				if strings.Contains(v, name) {
					j, _ := json.Marshal(e)
					return fmt.Errorf("public event %s names the hidden card %s", j, name)
				}
			}
		}
	}
	return nil
}

// TestViewPublicSeat: asking for the view of a seat that is not a player
// (engine.Public) must not give away an identity.
func TestViewPublicSeat(t *testing.T) {
	g := standard(t, physical)
	for _, s := range []engine.Seat{engine.Public, 2, -7} {
		j, _ := json.Marshal(g.View(s))
		got, want := string(j), seatJSON(g, engine.Public)
		if got != want {
			t.Errorf("View(%d) = %s, want the public view %s", s, got, want)
		}
	}
}

// TestResampleRedraws: a Resample that redrew nothing would pass the
// no-leak test trivially; it must redraw everything the seat cannot see
// and keep what it can.
func TestResampleRedraws(t *testing.T) {
	g := New(Config{}, 5)
	play(t, g, "draw")
	play(t, g, string(g.Legal(Killer)[0].Action), "draw")
	play(t, g, string(g.Legal(Inspector)[0].Action))
	r := engine.NewRand(1)
	for _, tc := range []struct {
		seat                   engine.Seat
		killer, insp, hand, dk bool // which may change
	}{
		{Killer, false, true, true, true},
		{Inspector, true, false, false, true},
		{engine.Public, true, true, true, true},
	} {
		t.Run(fmt.Sprint("seat ", tc.seat), func(t *testing.T) {
			var killer, insp, hand, deck bool
			for i := 0; i < 20; i++ {
				h := g.Resample(tc.seat, r).(*Game)
				killer = killer || h.killer != g.killer
				insp = insp || h.insp != g.insp
				hand = hand || fmt.Sprint(h.hand) != fmt.Sprint(g.hand)
				deck = deck || fmt.Sprint(h.deck) != fmt.Sprint(g.deck)
			}
			if killer != tc.killer || insp != tc.insp || hand != tc.hand || deck != tc.dk {
				t.Errorf("Resample(%d) changed killer=%v insp=%v hand=%v deck=%v, want %v %v %v %v",
					tc.seat, killer, insp, hand, deck, tc.killer, tc.insp, tc.hand, tc.dk)
			}
		})
	}
}
