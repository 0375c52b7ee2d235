package noir

import "tablemaster/engine"

// Playout plays the game on with uniformly random legal actions, at most
// max of them, and returns how many it played (bot.Playouter). It draws
// the same actions Legal offers, each as likely, but without their words
// and checking only the candidate drawn (a refused one is struck out and
// another drawn), which is what makes a playout several times cheaper.
func (g *Game) Playout(r *engine.Rand, max int) int {
	ev := &events{g: g, quiet: true}
	n := 0
	for ; n < max && g.phase != Over; n++ {
		s := g.turn
		acts := g.candidates(s, g.acts[:0])
		g.acts = acts[:0]
		picked := false
		for len(acts) > 0 {
			i := r.IntN(len(acts))
			a := acts[i]
			if g.check(s, a) == nil {
				ev.list = ev.list[:0]
				g.exec(s, a, ev)
				picked = true
				break
			}
			acts[i] = acts[len(acts)-1]
			acts = acts[:len(acts)-1]
		}
		if !picked {
			break
		}
	}
	return n
}
