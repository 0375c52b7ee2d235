// Package bot plays a seat of any game: Random, which takes any legal
// choice, and ISMCTS, single-observer Information Set Monte Carlo Tree
// Search (Cowling, Powley and Whitehouse, IEEE Trans. CI and AI in Games
// 4(2), 2012). It knows no game: it sees a game only through engine.Game
// and engine.Resampler, and a bot deciding for seat s reads nothing but
// Legal(s) and Resample(s, ·), so it never knows more than s may.
//
// A game may help the search with two optional interfaces defined here:
// Playouter, a faster or better-aimed way to play a copy of itself to the
// end, and Evaluator, a guess at each seat's result when a playout stops
// at its cap.
//
// Typical use, for a game g and the seat s to move:
//
//	b := bot.NewISMCTS(bot.Budget{Iterations: 1000}, seed)
//	a := b.Choose(g, s) // one of g.Legal(s)
//	g.Apply(s, a)
//
// Play runs a whole game with one bot per seat; tablemaster sim is built
// on it.
package bot
