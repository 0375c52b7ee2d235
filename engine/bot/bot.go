package bot

import (
	"tablemaster/engine"
)

// Game is what a bot plays: a game that can redraw what a seat cannot see.
type Game interface {
	engine.Game
	engine.Resampler
}

// Bot decides one action for a seat. Choose is called only when
// g.Legal(s) is not empty, and returns one of its actions. It may read g
// through Legal(s) and Resample(s, ·) only: what the seat may know.
type Bot interface {
	Choose(g Game, s engine.Seat) engine.Action
}

// Playouter is implemented by games that can play a copy of themselves on
// faster than Legal and Apply do (no words for events or buttons, no
// views), or with better-aimed moves than uniformly random ones where
// random games are long or aimless. Playout is called on a copy the bot
// owns; it plays at most max actions drawn from r and returns how many it
// played. The game is then over, or stopped at the cap.
type Playouter interface {
	Playout(r *engine.Rand, max int) int
}

// Evaluator is implemented by games that can guess, for a game stopped
// before its end, each seat's result between 0 (lost) and 1 (won).
type Evaluator interface {
	Evaluate() []float64
}

// Actor is implemented by games that can list a seat's legal actions
// without their words: the same actions as Legal's, in the same order.
// The search asks it at every step of its descent.
type Actor interface {
	Actions(s engine.Seat, out []engine.Action) []engine.Action
}

// Turner is a game that knows which seat it waits for. The driver asks
// that seat first; a game without it is asked seat by seat.
type Turner interface {
	Turn() engine.Seat
}

// Next is the seat the game waits for and its choices: the seat Turn
// names when it has choices, otherwise the first seat in seat order that
// has any (simultaneous setups, reactions, confirmations). ok is false
// when no seat has anything to do.
func Next(g engine.Game) (s engine.Seat, cs []engine.Choice, ok bool) {
	return next(g, g.Legal)
}

// nextActions is Next for the search: the seat and its actions, without
// their words where the game is an Actor.
func nextActions(g engine.Game, buf []engine.Action) (engine.Seat, []engine.Action, bool) {
	a, ok := g.(Actor)
	if !ok {
		s, cs, ok := Next(g)
		buf = buf[:0]
		for _, c := range cs {
			buf = append(buf, c.Action)
		}
		return s, buf, ok
	}
	return next(g, func(s engine.Seat) []engine.Action { return a.Actions(s, buf[:0]) })
}

// next finds the seat Next does, asking list for a seat's choices.
func next[T any](g engine.Game, list func(engine.Seat) []T) (engine.Seat, []T, bool) {
	if t, isTurner := g.(Turner); isTurner {
		s := t.Turn()
		if s >= 0 && int(s) < g.Seats() {
			if cs := list(s); len(cs) > 0 {
				return s, cs, true
			}
		}
	}
	for i := range g.Seats() {
		if cs := list(engine.Seat(i)); len(cs) > 0 {
			return engine.Seat(i), cs, true
		}
	}
	return 0, nil, false
}

// Result is each seat's result of a game: 1 for a winner, 0 for a loser;
// a game over without a winner gives everyone 1/2; a game not over is
// scored by its Evaluator, or 1/2 each without one.
func Result(g engine.Game) []float64 {
	out := make([]float64, g.Seats())
	o := g.Outcome()
	if !o.Over {
		if e, ok := g.(Evaluator); ok {
			return e.Evaluate()
		}
		for i := range out {
			out[i] = 0.5
		}
		return out
	}
	if len(o.Winners) == 0 {
		for i := range out {
			out[i] = 0.5
		}
		return out
	}
	for _, w := range o.Winners {
		if w >= 0 && int(w) < len(out) {
			out[w] = 1
		}
	}
	return out
}

// RandomPlayout plays g on with uniformly random choices, seat by seat
// as Next finds them, for at most max actions, and returns how many it
// played. A game that offers Playouter plays itself instead.
func RandomPlayout(g engine.Game, r *engine.Rand, max int) int {
	if p, ok := g.(Playouter); ok {
		return p.Playout(r, max)
	}
	n := 0
	for ; n < max && !g.Outcome().Over; n++ {
		s, cs, ok := Next(g)
		if !ok {
			break
		}
		if _, err := g.Apply(s, cs[r.IntN(len(cs))].Action); err != nil {
			panic("bot: a legal choice was refused: " + err.Error())
		}
	}
	return n
}

// Random takes any legal choice, each as likely.
type Random struct {
	r *engine.Rand
}

// NewRandom returns a Random bot drawing from seed.
func NewRandom(seed uint64) *Random { return &Random{r: engine.NewRand(seed)} }

// Choose picks one of g.Legal(s) at random.
func (b *Random) Choose(g Game, s engine.Seat) engine.Action {
	cs := g.Legal(s)
	return cs[b.r.IntN(len(cs))].Action
}

// Play plays g on with bots[i] deciding for seat i, asking the seat Next
// finds each time, until the game is over or max actions were taken. It
// returns the number of actions taken, each one bot decision. A bot's
// action that the game refuses is an error, and so is a game that is not
// over but offers nobody anything.
func Play(g Game, bots []Bot, max int) (actions int, err error) {
	for actions < max && !g.Outcome().Over {
		s, _, ok := Next(g)
		if !ok {
			return actions, errStuck
		}
		a := bots[s].Choose(g, s)
		if _, err := g.Apply(s, a); err != nil {
			return actions, err
		}
		actions++
	}
	return actions, nil
}

type botError string

func (e botError) Error() string { return string(e) }

const errStuck = botError("bot: the game is not over but offers no seat anything")
