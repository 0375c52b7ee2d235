package noir

import "tablemaster/engine"

// In the Automata variant the table learns about the hidden cards bit by
// bit: a kill says the Killer's identity lies next to the victim, a
// Canvas or a kill of an innocent suspect answers a question, an arrest
// says the Inspector's identity is the arrested suspect or next to it. A
// redraw of the hidden cards (Resample) must keep every one of these true,
// or a device's view could come from a game the rules could not have made.
//
// A Disguise may be real or pretended, and nobody but the Killer knows
// which: so the Killer's identity is one of the two secret cards in each
// stretch of play between two Disguises (a segment), chosen afresh in each.
// What the table learnt about the identity is kept per segment, as the set
// of suspects the identity may be in it.

// facts is what the table has learnt about the hidden cards, kept as the
// suspects each card cannot be (so that the zero value knows nothing).
type facts struct {
	seg int // Disguises taken so far: the current segment
	// notKiller[k] is the set of suspects the Killer's identity cannot
	// have been in segment k.
	notKiller []uint32
	// notInspector is the set the Inspector's identity cannot be.
	notInspector uint32
	// pairDead is the set of dead suspects at the last Disguise: both
	// secret cards were alive then (NA-6: a dead disguise cannot be taken).
	pairDead uint32
}

const allSuspects uint32 = 1<<NumSuspects - 1

func (f facts) clone() facts {
	f.notKiller = append([]uint32(nil), f.notKiller...)
	return f
}

// not turns "is (in) or is not in set" into the suspects ruled out.
func not(set uint32, in bool) uint32 {
	if in {
		return allSuspects &^ set
	}
	return set
}

// learnKiller records that the identity is (in) or is not in set now.
func (f *facts) learnKiller(set uint32, in bool) {
	for len(f.notKiller) <= f.seg {
		f.notKiller = append(f.notKiller, 0)
	}
	f.notKiller[f.seg] |= not(set, in)
}

// learnInspector records that the Inspector's identity is (in) or is not
// in set.
func (f *facts) learnInspector(set uint32, in bool) { f.notInspector |= not(set, in) }

// disguised closes a segment: both cards were alive (not in dead), and
// the identity lived through its segment.
func (f *facts) disguised(dead uint32) {
	f.learnKiller(dead, false)
	f.pairDead = dead
	f.seg++
}

// resampleAutomata redraws what s cannot see in an Automata game, keeping
// every fact the table learnt true.
func (g *Game) resampleAutomata(s engine.Seat, r *engine.Rand) *Game {
	if c, ok := g.redraw(s, r, true); ok {
		return c
	}
	// The bad entry cannot be made a real draw without breaking what the
	// table saw (the facts leave the Killer no card but the one entered):
	// the seat that made it could tell as much itself. Redraw around it.
	c, _ := g.redraw(s, r, false)
	return c
}

// redraw is Resample with or without settling a bad entry first; ok is
// false when no redraw keeps every fact.
func (g *Game) redraw(s engine.Seat, r *engine.Rand, settle bool) (*Game, bool) {
	c := g.Clone()
	// A bad entry (physical.go) that s cannot know of is first made a real
	// draw. One that stays (s knows of it, or no deck card could stand in)
	// puts its card in two places: neither side is redrawn then.
	if settle {
		c.settle(s)
	}
	over := c.outcome.Over
	if s != Inspector && c.bad == nil && !c.redrawInspector(r, over) {
		return nil, false
	}
	if s != Killer && !over && c.killer >= 0 && c.disguise >= 0 && c.bad == nil && !c.redrawKiller(r) {
		return nil, false
	}
	// A physical deck has no order anyone knows; a virtual one is shuffled
	// from its cards alone, whatever order it lay in.
	sortInts(c.deck)
	if c.cfg.Deck != Physical {
		r.Shuffle(len(c.deck), func(i, j int) { c.deck[i], c.deck[j] = c.deck[j], c.deck[i] })
	}
	return c, true
}

// redrawKiller draws a new pair of secret cards from the pair and the deck,
// and for each segment which of the two was the identity, so that every
// fact holds: the identity of segment k is not in notKiller[k] (and, in the
// current segment, alive), and both cards were alive at the last Disguise.
func (c *Game) redrawKiller(r *engine.Rand) bool {
	pool := append(append([]int(nil), c.deck...), c.killer, c.disguise)
	sortInts(pool) // the same draw in every game s cannot tell apart
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	// segs[k]: the suspects the identity may have been in segment k.
	segs := make([]uint32, c.facts.seg+1)
	for k := range segs {
		segs[k] = allSuspects
		if k < len(c.facts.notKiller) {
			segs[k] &^= c.facts.notKiller[k]
		}
	}
	segs[c.facts.seg] &^= c.deadMask()
	for i, p := range pool {
		for j := i + 1; j < len(pool); j++ {
			q := pool[j]
			both := bit(p) | bit(q)
			if c.facts.seg > 0 && both&c.facts.pairDead != 0 {
				continue
			}
			ok := true
			for _, set := range segs {
				ok = ok && set&both != 0
			}
			if !ok {
				continue
			}
			// Which of the two is the identity now: either that fits.
			now := segs[c.facts.seg]
			id, other := p, q
			if now&bit(p) == 0 || (now&bit(q) != 0 && r.IntN(2) == 1) {
				id, other = q, p
			}
			c.killer, c.disguise = id, other
			c.deck = append(append(pool[:i:i], pool[i+1:j]...), pool[j+1:]...)
			return true
		}
	}
	return false
}

// redrawInspector draws a new identity (alive, on the grid, in what the
// table learnt), hand (cards of suspects on the grid) or setup four from
// the Inspector's cards and the deck.
func (c *Game) redrawInspector(r *engine.Rand, over bool) bool {
	pool := append([]int(nil), c.deck...)
	pool = append(pool, c.hand...)
	pool = append(pool, c.drawn...)
	keepInsp := over || c.insp < 0
	if !keepInsp {
		pool = append(pool, c.insp)
	}
	sortInts(pool) // the same draw in every game s cannot tell apart
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	ok := true
	take := func(fits func(id int) bool) int {
		for i, id := range pool {
			if fits(id) {
				pool = append(pool[:i:i], pool[i+1:]...)
				return id
			}
		}
		ok = false
		return -1
	}
	if !keepInsp {
		set := allSuspects &^ c.facts.notInspector &^ c.deadMask()
		c.insp = take(func(id int) bool { return set&bit(id) != 0 && !c.removed[id] })
	}
	for i := range c.hand {
		c.hand[i] = take(func(id int) bool { return !c.removed[id] })
	}
	if len(c.drawn) > 0 {
		// NA-2: one of the four must be alive to be kept.
		c.drawn[0] = take(func(id int) bool { return !c.dead[id] })
		for i := 1; i < len(c.drawn); i++ {
			c.drawn[i] = take(func(int) bool { return true })
		}
	}
	c.deck = pool
	return ok
}
