package ayatsuri

import (
	"encoding/json"
	"fmt"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/enginetest"
)

func names(n int) []string {
	all := []string{"Aki", "Ben", "Chika", "Dai", "Eri", "Fumi"}
	return all[:n]
}

func newGame(t testing.TB, cfg Config, seed uint64) *Game {
	t.Helper()
	g, err := New(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// playRandom plays choices drawn from r until the game ends or steps run out,
// checking the invariants after every action.
func playRandom(t testing.TB, g *Game, r *engine.Rand, steps int, check func(*Game) error) {
	t.Helper()
	if err := enginetest.PlayTurns(g, r, steps, func([]engine.Event) error { return check(g) }); err != nil {
		t.Fatalf("%s: %v", g.Phase(), err)
	}
}

func invariants(g *Game) error {
	markers := 0
	for s := range g.n {
		if g.life[s] < 0 || g.kills[s] < 0 {
			return fmt.Errorf("seat %d has %d life, %d kills", s, g.life[s], g.kills[s])
		}
		if g.marker == engine.Seat(s) {
			markers++
		}
	}
	if markers != 1 {
		return fmt.Errorf("%d markers", markers)
	}
	if (g.phase == PhAbility || g.phase == PhReveal || g.phase == PhSerial) && g.Killed(g.turn) {
		return fmt.Errorf("killed seat %d acts in %s", g.turn, g.phase)
	}
	if _, err := json.Marshal(g.View(0)); err != nil {
		return err
	}
	return nil
}

func TestRandomGames(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for _, bg := range []bool{false, true} {
			for _, toss := range []TossMode{TossEngine, TossChips} {
				for seed := uint64(1); seed <= 60; seed++ {
					g := newGame(t, Config{Players: names(n), BombGirl: bg, Toss: toss, Start: int(seed) % n}, seed)
					playRandom(t, g, engine.NewRand(seed*7), 5000, invariants)
					if !g.Outcome().Over {
						t.Fatalf("%dp bg=%v seed %d: no end after 5000 actions (round %d)", n, bg, seed, g.Round())
					}
				}
			}
		}
	}
}
