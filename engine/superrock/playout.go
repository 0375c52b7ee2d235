package superrock

import "tablemaster/engine"

// Side is the attribute seat s plays for now (an Evil/Good character
// converted counts as Good), for tablemaster sim's count of wins by side;
// ok is false before the characters are dealt.
func (g *Game) Side(s engine.Seat) (a Attr, ok bool) {
	if s < 0 || int(s) >= len(g.char) || g.char[s] < 0 {
		return 0, false
	}
	return g.attr(s), true
}

// Playout plays the game on with random legal actions, at most max of
// them, and returns how many it played (bot.Playouter). It plays as
// bot.RandomPlayout does through Legal and Apply: the first seat in seat
// order with anything to do, each of its legal actions as likely; but
// without the words of the choices or of the events, and checking only
// the candidates drawn (a refused one is struck out and another drawn, so
// the first accepted is uniform among the legal ones).
func (g *Game) Playout(r *engine.Rand, max int) int {
	ev := &events{quiet: true}
	var buf []act
	n := 0
	for ; n < max && g.phase != OverPhase; n++ {
		picked := false
		for s := range g.Seats() {
			acts := g.appendCandidates(buf[:0], engine.Seat(s))
			buf = acts[:0]
			for len(acts) > 0 {
				i := r.IntN(len(acts))
				a := acts[i]
				if g.ok(engine.Seat(s), a) {
					ev.list = ev.list[:0]
					g.exec(engine.Seat(s), a, ev)
					picked = true
					break
				}
				acts[i] = acts[len(acts)-1]
				acts = acts[:len(acts)-1]
			}
			if picked {
				break
			}
		}
		if !picked {
			break
		}
	}
	return n
}
