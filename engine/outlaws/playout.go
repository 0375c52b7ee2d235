package outlaws

import (
	"math/bits"

	"tablemaster/engine"
)

// playoutWeight is how much likelier a playout takes an action of each
// kind than a Move (weight 1): random games of Outlaws shuffle cards for
// some 1,200 actions, and one in five is not over after 3,000, because
// the actions that end a game (a Take, a shot, an arrest) are a few among
// dozens of Moves. A bot's playouts lean towards them.
var playoutWeight = map[string]int{
	"move": 1, "saloon": 2, "check": 4, "take": 24, "shoot": 30, "arrest": 30,
	"scout": 3, "shop": 2, "dance": 2, "journal": 2, "thief": 2, "release": 4,
	"swap": 1, "pretend": 1, "with": 1, "put": 1, "name": 1,
	"deal": 1, "place": 0, "reset": 0, "laid": 1,
	"guard": 100, "cancel": 100, "let": 1,
}

// playoutMax is the most actions a playout plays before Evaluate scores
// the game: about a turn of each player. Evaluate reads the threats
// each player knows of, which a few random actions change the way play
// does; a longer random playout only adds noise. Measured in 16 games
// between two ISMCTS bots at budget 50: at 8 the games end in 143
// actions on average, at 3 in 226, and with no playout at all in 303,
// 2 of 16 not over at 1,500.
const playoutMax = 8

// Playout plays the game on for at most max actions, and never more than
// playoutMax (bot.Playouter), without the words of the choices or of the
// events, each seat drawing among its legal actions in proportion to
// playoutWeight: setups are dealt, reactions taken whenever they can be,
// and the actions that end a game preferred.
// It returns how many actions it played.
func (g *Game) Playout(r *engine.Rand, max int) int {
	ev := &events{g: g, quiet: true}
	buf := make([]act, 0, 192)
	ws := make([]int, 0, 192)
	n := 0
	max = min(max, playoutMax)
	for ; n < max && g.phase != Over; n++ {
		s := g.Turn()
		acts, _ := g.appendActs(buf[:0], s)
		if len(acts) == 0 {
			break
		}
		ws, total := ws[:0], 0
		for _, a := range acts {
			w := playoutWeight[a.kind]
			ws = append(ws, w)
			total += w
		}
		a := acts[len(acts)-1]
		if total > 0 {
			x := r.IntN(total)
			for i, w := range ws {
				if x -= w; x < 0 {
					a = acts[i]
					break
				}
			}
		}
		g.exec(s, a, ev)
		buf = acts[:0]
	}
	return n
}

// Evaluate guesses each seat's result in a game stopped before its end
// (bot.Evaluator) from the threats each player can carry out, as that
// player knows the table: a shot needs a Bullet, a free Assassin and the
// opposing Governor's slot; an arrest a Handcuffs, a free Sheriff and the
// opposing Assassin's slot; Elected more Ballots and the Elected token's
// place. Each is as likely as the player's knowledge makes the best slot
// (the knowledge sets, so a Scout's look or a token checked raises it and
// a Move the opponent may have pretended lowers it). A shot the opposing
// Sheriff would guard counts for nothing, an arrest the Priest would
// cancel for little. The player to move carries out a threat first.
func (g *Game) Evaluate() []float64 {
	if g.outcome.Over {
		out := []float64{0, 0}
		for _, w := range g.outcome.Winners {
			out[w] = 1
		}
		return out
	}
	if g.phase == Setup {
		return []float64{0.5, 0.5}
	}
	t := [2]float64{g.threat(Red), g.threat(Green)}
	m := g.turn
	if g.phase == React && g.pend != nil {
		m = g.pend.by
	}
	o := 1 - m
	first := t[m]
	if g.actions < 2 && m == g.turn {
		first *= 0.7 // one action left: only a threat already in place
	}
	second := (1 - first) * t[o] * 0.8
	lead := 0.02 * float64(g.held[m][Ballot]-g.held[o][Ballot])
	v := 0.5 + 0.5*(first-second) + lead
	v = min(0.98, max(0.02, v))
	out := []float64{0, 0}
	out[m], out[o] = v, 1-v
	return out
}

// threat is how likely s is to win by its next turn's two actions, as
// far as s knows where the opposing cards and the Elected token lie.
func (g *Game) threat(s engine.Seat) float64 {
	o := 1 - s
	seen := g.know.street[o][obsOpponent]
	var kill, arrest, elect float64
	if g.held[s][Bullet] > 0 && g.find(s, Assassin) >= 0 && !g.restrained[s][Assassin] {
		kill = seen.best(Governor)
		if g.held[o][Handcuffs] > 0 && g.guarded(o) {
			kill = 0 // OL-23: the shot would lose
		}
	}
	if g.held[s][Handcuffs] > 0 && g.find(s, Sheriff) >= 0 && !g.restrained[s][Sheriff] {
		arrest = seen.best(Assassin)
		if a := g.find(o, Assassin); a >= 0 && a+1 < Slots && g.street[o][a+1] == Priest {
			arrest *= 0.3 // OL-30 (2): the Priest cancels it
		}
	}
	if g.held[s][Ballot] > g.held[o][Ballot] {
		for i := range Slots {
			k := g.know.tokens[s][i]
			if k&tbit(Elected) != 0 {
				elect = max(elect, 1/float64(bits.OnesCount8(k)))
			}
		}
	}
	return 1 - (1-kill)*(1-arrest)*(1-elect)
}

// guarded: s's Governor has s's free Sheriff beside it (OL-23).
func (g *Game) guarded(s engine.Seat) bool {
	i := g.find(s, Governor)
	if i < 0 {
		return false
	}
	for _, j := range [2]int{i - 1, i + 1} {
		if j >= 0 && j < Slots && g.street[s][j] == Sheriff && !g.restrained[s][Sheriff] {
			return true
		}
	}
	return false
}

// Actions lists the actions Legal does, in its order, without their
// words (bot.Actor).
func (g *Game) Actions(s engine.Seat, out []engine.Action) []engine.Action {
	g.withLegal(s, func(acts []act) {
		for _, a := range acts {
			out = append(out, engine.Action(a.String(g)))
		}
	})
	return out
}
