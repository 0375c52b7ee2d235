package bot_test

import (
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/ayatsuri"
	"tablemaster/engine/bot"
	"tablemaster/engine/enginetest"
	"tablemaster/engine/noir"
	"tablemaster/engine/outlaws"
	"tablemaster/engine/superrock"
)

// kinds are the games and variants a bot plays, built from a seed.
var kinds = []struct {
	name string
	make func(seed uint64) bot.Game
}{
	{"noir", func(seed uint64) bot.Game { return noir.New(noir.Config{}, seed) }},
	{"automata", func(seed uint64) bot.Game {
		return noir.New(noir.Config{Variant: noir.Automata}.Normal(), seed)
	}},
	{"outlaws", func(seed uint64) bot.Game { return outlaws.New(outlaws.Config{}, seed) }},
	{"ayatsuri4", func(seed uint64) bot.Game {
		g, err := ayatsuri.New(ayatsuri.Config{Players: []string{"A", "B", "C", "D"}}, seed)
		if err != nil {
			panic(err)
		}
		return g
	}},
	{"superrock7", func(seed uint64) bot.Game {
		g, err := superrock.New(superrock.Config{Players: []string{"A", "B", "C", "D", "E", "F", "G"}}, seed)
		if err != nil {
			panic(err)
		}
		return g
	}},
}

// TestSameInformationSameChoice: a bot decides from what its seat may
// know. Two games made by Resample from the seat's view differ only in
// what is hidden from it; the same bot with the same seed must choose the
// same action in both. The test also checks that the two games do differ
// somewhere (another seat's view), or it would prove nothing.
func TestSameInformationSameChoice(t *testing.T) {
	seeds := uint64(6)
	if testing.Short() {
		seeds = 3
	}
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			t.Parallel() // each kind is CPU-bound on one core
			differed, decided := 0, 0
			for seed := uint64(1); seed <= seeds; seed++ {
				g := k.make(seed)
				r := engine.NewRand(seed + 100)
				for step := 0; step < 400 && !g.Outcome().Over; step++ {
					s, cs, ok := bot.Next(g)
					if !ok {
						t.Fatalf("seed %d step %d: not over, nobody to move", seed, step)
					}
					if step%17 == 3 && len(cs) > 1 {
						h1 := g.Resample(s, engine.NewRand(seed*7+uint64(step))).(bot.Game)
						h2 := g.Resample(s, engine.NewRand(seed*13+uint64(step)+1)).(bot.Game)
						if a, b := enginetest.SeatJSON(h1, s), enginetest.SeatJSON(h2, s); a != b {
							t.Fatalf("seed %d step %d: the seat's views differ after Resample:\n%s\n%s", seed, step, a, b)
						}
						for o := range g.Seats() {
							if engine.Seat(o) != s && enginetest.SeatJSON(h1, engine.Seat(o)) != enginetest.SeatJSON(h2, engine.Seat(o)) {
								differed++
								break
							}
						}
						bud := bot.Budget{Iterations: 60, PlayoutCap: 200}
						a1 := bot.NewISMCTS(bud, 42).Choose(h1, s)
						a2 := bot.NewISMCTS(bud, 42).Choose(h2, s)
						if a1 != a2 {
							t.Errorf("seed %d step %d seat %d: ISMCTS chose %q in one game and %q in the other, which differ only in what is hidden from it",
								seed, step, s, a1, a2)
						}
						if r1, r2 := bot.NewRandom(9).Choose(h1, s), bot.NewRandom(9).Choose(h2, s); r1 != r2 {
							t.Errorf("seed %d step %d: Random chose %q and %q", seed, step, r1, r2)
						}
						decided++
					}
					if _, err := g.Apply(s, cs[r.IntN(len(cs))].Action); err != nil {
						t.Fatal(err)
					}
				}
			}
			if decided < 3 || differed == 0 {
				t.Fatalf("%d decisions compared, %d in games that differed: the test proves nothing", decided, differed)
			}
		})
	}
}
