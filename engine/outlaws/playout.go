package outlaws

import "tablemaster/engine"

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
// the game: even leaning towards its end, a playout runs to some 650
// actions, and a decision needs hundreds of them.
const playoutMax = 200

// Playout plays the game on for at most max actions, and never more than
// playoutMax (bot.Playouter),
// without the words of the choices, each seat drawing among its legal
// actions in proportion to playoutWeight: setups are dealt, reactions
// taken whenever they can be, and the actions that end a game preferred.
// It returns how many actions it played.
func (g *Game) Playout(r *engine.Rand, max int) int {
	ev := &events{g: g}
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
		ev.list = ev.list[:0]
		g.exec(s, a, ev)
		buf = acts[:0]
	}
	return n
}

// Evaluate guesses each seat's result in a game stopped before its end
// (bot.Evaluator): even, moved by the Ballots each holds towards the
// Elected token and the Bullets and Handcuffs each can still attack with.
func (g *Game) Evaluate() []float64 {
	if g.outcome.Over {
		out := []float64{0, 0}
		for _, w := range g.outcome.Winners {
			out[w] = 1
		}
		return out
	}
	score := func(s int) float64 {
		return 0.1*float64(g.held[s][Ballot]) + 0.05*float64(g.held[s][Bullet]+g.held[s][Handcuffs]) +
			0.03*float64(g.cameras[s])
	}
	v := 0.5 + score(0) - score(1)
	v = min(0.95, max(0.05, v))
	return []float64{v, 1 - v}
}
