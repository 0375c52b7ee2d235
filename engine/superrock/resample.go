package superrock

import (
	"slices"

	"tablemaster/engine"
)

// redealPlanet redraws the planet cards seat s cannot see (SR-18, SR-20 …
// SR-23): the deck, the face-down squares of the virtual board, and the
// other players' hands. It keeps what the table has learnt:
//   - a card taken from the board went into a hand as an ability card;
//   - a hand that showed its information cards (SR-22) keeps exactly
//     those, and holds no other; any other base player's hidden
//     information cards and those drawn in play stay below InfoToEnd;
//   - a base player who used the dealt identity cards (SR-23) holds none;
//   - an ambush not yet opened lies on a face-down square; a base player
//     knows where.
func (g *Game) redealPlanet(r *engine.Rand, s engine.Seat) {
	me := func(t int) bool { return engine.Seat(t) == s }
	shuffle := func(xs []int) { r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] }) }
	amb := g.ambushCards()
	knowsAmbush := g.Base(s)
	pool := slices.Clone(g.deck)
	var squares []int // face-down squares to fill again
	for sq, c := range g.planet {
		if g.planetOpen[sq] {
			continue
		}
		if c == amb[0] || c == amb[1] {
			if !knowsAmbush {
				squares = append(squares, sq)
			}
			continue
		}
		pool = append(pool, c)
		squares = append(squares, sq)
	}
	shown := make([][]int, len(g.hands))
	for t, h := range g.hands {
		if me(t) {
			continue
		}
		for _, c := range h {
			if g.infoShown[t] > 0 && g.data.PlanetCards[c].Kind == Info {
				shown[t] = append(shown[t], c)
			} else {
				pool = append(pool, c)
			}
		}
	}
	for t, d := range g.drawn {
		if !me(t) {
			pool = append(pool, d...)
		}
	}
	slices.Sort(pool) // the draw depends on which cards are hidden, not where they lay
	shuffle(pool)
	// take removes the first card of the pool that ok accepts.
	take := func(ok func(PlanetCard) bool) int {
		i := slices.IndexFunc(pool, func(c int) bool { return ok(g.data.PlanetCards[c]) })
		if i < 0 {
			i = 0 // cannot happen: the real deal is one answer
		}
		c := pool[i]
		pool = slices.Delete(pool, i, i+1)
		return c
	}
	for t := range g.drawn {
		if me(t) {
			continue
		}
		for i := range g.drawn[t] {
			g.drawn[t][i] = take(func(c PlanetCard) bool { return c.Kind == Ability })
		}
	}
	for t, h := range g.hands {
		if me(t) || len(h) == 0 {
			continue
		}
		hand := shown[t]
		hidden := 0
		for len(hand) < len(h) {
			hand = append(hand, take(func(c PlanetCard) bool {
				switch c.Kind {
				case Info:
					return g.infoShown[t] == 0 && hidden < InfoToEnd-1-g.info[t]
				case RevealSelf, RevealOther:
					return !g.revealDue[t]
				}
				return true
			}))
			if g.data.PlanetCards[hand[len(hand)-1]].Kind == Info {
				hidden++
			}
		}
		shuffle(hand)
		g.hands[t] = hand
	}
	shuffle(squares)
	if !knowsAmbush {
		for k, sq := range g.ambush {
			if g.planet != nil && !g.planetOpen[sq] {
				g.ambush[k] = squares[0]
				g.planet[squares[0]] = amb[k]
				squares = squares[1:]
			}
		}
	}
	for _, sq := range squares {
		g.planet[sq] = pool[0]
		pool = pool[1:]
	}
	g.deck = pool
}

// redealBase redraws the secret base cards seat s cannot see (SR-25): the
// face-down squares and the cards not laid; the hubs not yet open move
// among the face-down squares unless s is a base player.
func (g *Game) redealBase(r *engine.Rand, s engine.Seat) {
	if g.base == nil {
		return
	}
	knows := g.Base(s)
	var squares []int
	pool := slices.Clone(g.baseDeck)
	for sq, c := range g.base {
		switch {
		case g.baseOpen[sq]:
		case g.data.BaseCards[c].Hub:
			if !knows {
				squares = append(squares, sq)
			}
		default:
			pool = append(pool, c)
			squares = append(squares, sq)
		}
	}
	slices.Sort(pool) // the draw depends on which cards are hidden, not where they lay
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	r.Shuffle(len(squares), func(i, j int) { squares[i], squares[j] = squares[j], squares[i] })
	if !knows {
		for h, sq := range g.hubAt {
			if sq >= 0 && !g.baseOpen[sq] {
				g.hubAt[h] = squares[0]
				g.base[squares[0]] = g.data.HubCards()[h]
				squares = squares[1:]
			}
		}
	}
	for _, sq := range squares {
		g.base[sq] = pool[0]
		pool = pool[1:]
	}
	g.baseDeck = pool
}
