package outlaws

import (
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/enginetest"
)

// pick chooses an action of a seat with something to do, favouring what
// moves a game on (taking tokens, abilities) over moves, so that seeded
// random games reach the ends, the reactions and the tie-break.
func pick(g *Game, r *engine.Rand) (engine.Seat, engine.Action) {
	s := g.Turn()
	cs := g.Legal(s)
	if g.phase == Setup && len(g.placed[s]) < 10 && r.IntN(3) == 0 {
		return s, "deal"
	}
	weight := func(c engine.Choice) int {
		kind, _, _ := strings.Cut(string(c.Action), " ") // an action as Legal writes it
		switch kind {
		case "take":
			return 40
		case "shoot", "arrest", "journal", "thief", "dance", "scout", "shop", "release", "check":
			return 6
		case "move":
			return 1
		case "with", "put", "place", "guard", "cancel", "let", "swap", "pretend", "name":
			return 5
		}
		return 1
	}
	return s, enginetest.Weighted(cs, r, weight).Action
}

// TestRandomGames: seeded random games keep the invariants after every
// action (17 tokens accounted for, camera markers 0–3, only a Thief is
// ever restrained and a restrained card never acts, what everyone saw
// still holds), and at every step whatever a seat cannot see can be
// redrawn without changing a byte of what it is shown.
func TestRandomGames(t *testing.T) {
	games := 250
	if testing.Short() {
		games = 60
	}
	seen := map[string]int{}
	for seed := uint64(0); seed < uint64(games); seed++ {
		cfg := Config{}
		if seed%2 == 1 {
			cfg.Cards = Boxed
		}
		g := New(cfg, seed)
		r := engine.NewRand(seed + 7)
		for step := 0; step < 300 && !g.outcome.Over; step++ {
			s, a := pick(g, r)
			if g.phase == Play {
				// A restrained card never acts.
				f := strings.Fields(string(a))
				if len(f) > 1 && f[0] != "move" && f[0] != "saloon" && f[0] != "with" && f[0] != "dance" && f[0] != "name" && f[0] != "put" {
					if i := int(f[1][0] - '1'); i >= 0 && i < Slots && g.restrained[s][g.street[s][i]] {
						t.Fatalf("seed %d step %d: %q acts with a restrained card", seed, step, a)
					}
				}
			}
			evs, err := g.Apply(s, a)
			if err != nil {
				t.Fatalf("seed %d step %d: Apply(%d, %q) = %v", seed, step, s, a, err)
			}
			for _, e := range evs {
				seen[e.Key]++
			}
			if err := invariants(g); err != nil {
				t.Fatalf("seed %d step %d after %q: %v", seed, step, a, err)
			}
			if err := choicesOK(g); err != nil {
				t.Fatalf("seed %d step %d after %q: %v", seed, step, a, err)
			}
			if seed < 20 { // TestNoLeakThousands redraws at every step of 2,000 more
				err := enginetest.NoLeak(g, r, enginetest.Seats(g), 2, func(s engine.Seat, h *Game) error {
					if err := stateOK(h); err != nil {
						return err
					}
					return knowsOK(h, s)
				})
				if err != nil {
					t.Fatalf("seed %d step %d after %q: %v", seed, step, a, err)
				}
			}
		}
		if g.outcome.Over {
			seen["over "+g.outcome.Reason.Key]++
			// OL-40, OL-41: the game ends on these and nothing else.
			switch g.outcome.Reason.Key {
			case "ol.win.elected", "ol.win.shot", "ol.win.arrested", "ol.win.guard":
			default:
				t.Fatalf("seed %d ended with %s", seed, g.outcome.Reason.Key)
			}
			if g.tiebreak && g.outcome.Reason.Key == "ol.win.elected" {
				t.Fatalf("seed %d: Elected taken after the tie-break", seed)
			}
		}
	}
	t.Logf("seen: %v", seen)
	for _, k := range []string{"ol.ev.taken", "ol.ev.slide", "ol.ev.waiting", "ol.ev.restrained", "ol.ev.journal_right",
		"ol.ev.dance", "ol.ev.shop_swap", "ol.ev.saloon", "over ol.win.elected", "over ol.win.shot", "over ol.win.arrested"} {
		if seen[k] == 0 {
			t.Errorf("no random game reached %s", k)
		}
	}
}
