package bot_test

import (
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/bot"
	"tablemaster/engine/noir"
)

// BenchmarkPlayout measures playouts from the deal to the end, as ISMCTS
// plays them (the game's Playouter where it has one), in actions a second
// on one core. Issue 28's goals: ≥200k in Noir and Automata, ≥100k in the
// others.
func BenchmarkPlayout(b *testing.B) {
	for _, k := range kinds {
		b.Run(k.name, func(b *testing.B) {
			r := engine.NewRand(1)
			actions, games := 0, 0
			for b.Loop() {
				g := k.make(uint64(games))
				// A game's own playout may stop early (Outlaws' after 8
				// actions, for its Evaluate): play on to the end, as far
				// as 3,000 actions.
				for n := 0; n < 3000 && !g.Outcome().Over; {
					m := bot.RandomPlayout(g, r, 3000-n)
					if m == 0 {
						break
					}
					n += m
					actions += m
				}
				games++
			}
			b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
			b.ReportMetric(float64(actions)/float64(games), "actions/game")
		})
	}
}

// BenchmarkISMCTSNoir is one ISMCTS decision at budget 1,000 in the middle
// of a game of Noir (goal: ≤500 ms).
func BenchmarkISMCTSNoir(b *testing.B) {
	g := noir.New(noir.Config{}, 3)
	r := engine.NewRand(3)
	for range 20 {
		s, cs, _ := bot.Next(g)
		g.Apply(s, cs[r.IntN(len(cs))].Action)
	}
	s, _, _ := bot.Next(g)
	seed := uint64(0)
	for b.Loop() {
		seed++
		bot.NewISMCTS(bot.Budget{Iterations: 1000}, seed).Choose(g, s)
	}
}

// BenchmarkRandomNoirGames plays 1,000 games of Noir, Random against
// Random, per op (goal: ≤10 s).
func BenchmarkRandomNoirGames(b *testing.B) {
	seed := uint64(0)
	for b.Loop() {
		for range 1000 {
			seed++
			g := noir.New(noir.Config{}, seed)
			bots := []bot.Bot{bot.NewRandom(seed), bot.NewRandom(seed + 1)}
			if _, err := bot.Play(g, bots, 5000); err != nil {
				b.Fatal(err)
			}
		}
	}
}
