package superrock

import (
	"fmt"
	"strings"
	"testing"

	"tablemaster/engine"
)

// boardAction reports whether a is an action on the boards (SR-20 …
// SR-27), as the notation writes it.
func boardAction(a engine.Action) bool {
	f := strings.Fields(string(a))
	if len(f) == 0 {
		return false
	}
	switch f[0] {
	case "land", "use", "party", "leave", "appear", "stay", "info", "sprung", "hub", "enter", "sum", "open", "destroy":
		return true
	}
	return string(a) == "end planet"
}

// boardStep applies one random legal choice, mostly a board action, so
// that seeded games walk through both boards; "end" (other than the
// planet phase's) and declarations are rare, deaths occasional. It
// returns false when nobody can act.
func boardStep(t testing.TB, g *Game, r *engine.Rand) ([]engine.Event, bool) {
	t.Helper()
	type pick struct {
		s engine.Seat
		a engine.Action
	}
	var board, other []pick
	for s := 0; s < g.Seats(); s++ {
		for _, c := range g.Legal(engine.Seat(s)) {
			p := pick{engine.Seat(s), c.Action}
			switch {
			case boardAction(c.Action) && (string(c.Action) != "end planet" || r.IntN(20) == 0):
				board = append(board, p)
			case strings.HasPrefix(string(c.Action), "end ") || c.Action == "declare" || c.Action == "transform":
				if r.IntN(300) == 0 {
					other = append(other, p)
				}
			default:
				other = append(other, p)
			}
		}
	}
	var p pick
	switch {
	case len(board) == 0 && len(other) == 0:
		return nil, false
	case len(other) == 0 || len(board) > 0 && r.IntN(12) != 0:
		p = board[r.IntN(len(board))]
	default:
		p = other[r.IntN(len(other))]
	}
	evs, err := g.Apply(p.s, p.a)
	if err != nil {
		t.Fatalf("Apply(%d, %v) = %v, want nil (a legal choice)", p.s, p.a, err)
	}
	return evs, true
}

// boardGame plays a seeded random game: a random preparation, then play
// through the boards, calling each after every accepted action.
func boardGame(t *testing.T, cfg Config, seed uint64, steps int, each func(g *Game, evs []engine.Event)) *Game {
	t.Helper()
	g := randomPrep(t, cfg, seed, each)
	r := engine.NewRand(seed + 77)
	for i := 0; i < steps && !g.outcome.Over; i++ {
		before := g.stage
		evs, ok := boardStep(t, g, r)
		if !ok {
			break
		}
		if before == PlanetStage && g.stage != PlanetStage && g.phase == PlayPhase {
			// SR-21, SR-22: the phase ended because a condition holds now
			// (or the table said so, with a physical board).
			// A party is dissolved when the phase ends; its members come
			// into the base freely.
			freeInfo, free := 0, 0
			for s, f := range g.free {
				if f {
					free++
					freeInfo += g.publicInfo(engine.Seat(s))
				}
			}
			party := g.planetEnd.Key == "sr.ev.planet_end.party" && free >= 2 && freeInfo >= InfoToEnd
			if r := g.planetEndReason(); r == nil && !party && g.planetEnd.Key != "sr.ev.planet_end.table" {
				t.Fatalf("seed %d: the planet phase ended (%s) with no condition holding", seed, g.planetEnd.Key)
			}
		}
		each(g, evs)
	}
	return g
}

// SR-20 … SR-27: seeded random games through both boards keep the
// invariants (boardOK: no card laid twice, counts match the decks, the
// planet phase ends exactly per SR-21 and SR-22, hubs where they should
// be) and tell each seat only what it may know.
func TestRandomBoardGames(t *testing.T) {
	reached := map[string]int{}
	for _, n := range []int{5, 7, 10} {
		for ci, cfg := range configs(n) {
			t.Run(fmt.Sprintf("%d players config %d", n, ci), func(t *testing.T) {
				for seed := uint64(0); seed < 8; seed++ {
					g := boardGame(t, cfg, seed, 700, func(g *Game, evs []engine.Event) {
						if err := invariants(g); err != nil {
							t.Fatalf("seed %d phase %v stage %v: %v", seed, g.phase, g.stage, err)
						}
						if err := eventsOK(g, evs); err != nil {
							t.Fatalf("seed %d phase %v stage %v: %v", seed, g.phase, g.stage, err)
						}
						for _, e := range evs {
							reached[e.Key]++
						}
					})
					reached["stage "+g.stage.String()]++
				}
			})
		}
	}
	for _, k := range []string{"sr.ev.land_ability", "sr.ev.land_info", "sr.ev.land_card", "sr.ev.land_ambush", "sr.ev.appear", "sr.ev.stay",
		"sr.ev.use", "sr.ev.party", "sr.ev.info", "sr.ev.sprung", "sr.ev.planet_end.info", "sr.ev.planet_end.party", "sr.ev.planet_end.open",
		"sr.ev.planet_end.table", "sr.ev.hub", "sr.ev.entry_ok", "sr.ev.entry_failed", "sr.ev.base_entry", "sr.ev.open", "sr.ev.destroy", "sr.end.hubs"} {
		if reached[k] == 0 {
			t.Errorf("no random game produced %s", k)
		}
	}
	t.Logf("reached: %v", reached)
}

// TestNoLeakBoards: through both boards, whatever a seat cannot see (the
// face-down squares, the ambush squares and hubs of the base players,
// other players' planet cards) can be redrawn without changing a byte of
// what it is shown, for every seat at every step.
func TestNoLeakBoards(t *testing.T) {
	for _, n := range []int{6, 9} {
		for ci, cfg := range configs(n) {
			t.Run(fmt.Sprintf("%d players config %d", n, ci), func(t *testing.T) {
				for seed := uint64(0); seed < 2; seed++ {
					r := engine.NewRand(seed)
					boardGame(t, cfg, seed, 400, func(g *Game, evs []engine.Event) {
						if g.phase < PlayPhase {
							return
						}
						if err := noLeak(g, r, 1); err != nil {
							t.Fatalf("seed %d phase %v stage %v: %v", seed, g.phase, g.stage, err)
						}
					})
				}
			})
		}
	}
}
