package enginetest

import (
	"fmt"

	"tablemaster/engine"
)

// Turner is a game in which one seat acts at a time: Turn is the seat to
// move.
type Turner interface {
	engine.Game
	Turn() engine.Seat
}

// PlayTurns plays a seeded random game in which one seat acts at a time:
// up to steps actions, each a choice of the seat to move drawn from r,
// until the game is over. After every accepted action it calls each with
// the action's events (each may be nil) and stops at its first error. It
// fails when the seat to move has no choice, when another seat is offered
// one, or when Apply refuses a choice Legal offered.
func PlayTurns(g Turner, r *engine.Rand, steps int, each func(evs []engine.Event) error) error {
	for i := 0; i < steps && !g.Outcome().Over; i++ {
		s := g.Turn()
		cs := g.Legal(s)
		if len(cs) == 0 {
			return fmt.Errorf("step %d: seat %d, to move, has no legal action", i, s)
		}
		if err := OnlyTurn(g, s); err != nil {
			return fmt.Errorf("step %d: %v", i, err)
		}
		c := cs[r.IntN(len(cs))]
		evs, err := g.Apply(s, c.Action)
		if err != nil {
			return fmt.Errorf("step %d: Apply(%d, %q) = %v, want nil (a legal choice)", i, s, c.Action, err)
		}
		if each == nil {
			continue
		}
		if err := each(evs); err != nil {
			return fmt.Errorf("step %d after %q: %v", i, c.Action, err)
		}
	}
	return nil
}

// PickAny draws, from r, a seat among those that have a choice and then
// one of its choices (for games in which several seats may act at once).
// It returns ok false when no seat has anything to do.
func PickAny(g engine.Game, r *engine.Rand) (s engine.Seat, a engine.Action, ok bool) {
	var seats []engine.Seat
	var legal [][]engine.Choice // each seat's choices, asked for once
	for s := range g.Seats() {
		if cs := g.Legal(engine.Seat(s)); len(cs) > 0 {
			seats = append(seats, engine.Seat(s))
			legal = append(legal, cs)
		}
	}
	if len(seats) == 0 {
		return 0, "", false
	}
	i := r.IntN(len(seats))
	cs := legal[i]
	return seats[i], cs[r.IntN(len(cs))].Action, true
}

// Step applies one random choice drawn by PickAny. It returns ok false
// when no seat has anything to do, and an error when Apply refuses the
// choice Legal offered.
func Step(g engine.Game, r *engine.Rand) (evs []engine.Event, ok bool, err error) {
	s, a, ok := PickAny(g, r)
	if !ok {
		return nil, false, nil
	}
	evs, err = g.Apply(s, a)
	if err != nil {
		return nil, true, fmt.Errorf("Apply(%d, %q) = %v, want nil (a legal choice)", s, a, err)
	}
	return evs, true, nil
}

// Weighted picks one of cs at random, each in proportion to its weight
// (0: never, unless every weight is 0, when the last is taken), so that
// seeded random games favour what moves a game on and reach what a
// uniform choice rarely does. cs must not be empty.
func Weighted(cs []engine.Choice, r *engine.Rand, weight func(engine.Choice) int) engine.Choice {
	total := 0
	ws := make([]int, len(cs))
	for i, c := range cs {
		ws[i] = weight(c)
		total += ws[i]
	}
	if total > 0 {
		n := r.IntN(total)
		for i, c := range cs {
			if n -= ws[i]; n < 0 {
				return c
			}
		}
	}
	return cs[len(cs)-1]
}
