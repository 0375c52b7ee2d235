package ayatsuri

import (
	"slices"

	"tablemaster/engine"
)

// Resample redraws everything seat s cannot see, consistently with what it
// can: which unrevealed player holds which role, the face-down and unpicked
// cards of every round, the hands others were handed, the Serial Killer's
// targets named so far, and the future draws and tosses.
//
// What s knows of a round: the face-up cards, every public role, its own
// pick and the one hand it was handed (so the cards picked before it, and
// the face-down cards, were not in that hand), that the marker holder
// cannot hold the Bomb Girl (AY-11), that a role called and not answered is
// held by nobody who could have answered (AY-13), and a missed call-out of
// the Bomb Girl (AY-30). The redraw is built from exactly these.
func (g *Game) Resample(s engine.Seat, r *engine.Rand) engine.Game {
	c := g.Clone()
	c.rng = engine.NewRand(uint64(r.IntN(1 << 62)))
	if c.phase == PhOver {
		return c // everything is public
	}
	for i, rd := range c.rounds {
		current := i == len(c.rounds)-1
		fixed := map[engine.Seat]Role{}
		for j, p := range rd.Picks {
			if seat := rd.Order[j]; seat == s || rd.Shown[seat] {
				fixed[seat] = p
			}
		}
		bound := func(p engine.Seat) Role {
			if k := rd.KilledAt[p]; k != notKilled {
				return Role(k)
			}
			if current {
				return c.call
			}
			return Terrorist + 1
		}
		if current && c.phase == PhReveal {
			fixed[c.turn] = rd.role(c.turn) // the call names its holder
		}
		for try := 0; try < 1000; try++ {
			if nr, ok := redraw(rd, s, fixed, bound, c.cfg.BombGirl, r); ok {
				c.rounds[i] = nr
				break
			}
		}
	}
	if c.phase == PhSerial && c.turn != s && len(c.serial) > 0 {
		seats := make([]engine.Seat, c.n)
		for i := range seats {
			seats[i] = engine.Seat(i)
		}
		r.Shuffle(len(seats), func(i, j int) { seats[i], seats[j] = seats[j], seats[i] })
		c.serial = seats[:len(c.serial)]
	}
	return c
}

// redraw deals one round again under the constraints s knows of; false
// when this attempt broke one (the caller tries again).
func redraw(rd *round, s engine.Seat, fixed map[engine.Seat]Role, bound func(engine.Seat) Role, bombGirl bool, r *engine.Rand) (*round, bool) {
	nr := rd.clone()
	var nonFU []Role
	for _, ro := range Roles(bombGirl) {
		if !slices.Contains(rd.FaceUp, ro) {
			nonFU = append(nonFU, ro)
		}
	}
	taken := map[Role]bool{}
	for _, ro := range fixed {
		taken[ro] = true
	}
	n, x := len(rd.Order), len(rd.FaceDown)
	js := rd.pos(s)
	var seen []Role
	if js >= 0 && js < len(rd.Hands) {
		seen = rd.Hands[js]
	}
	// The face-down cards: never in s's hand, unless s is the last
	// player who was given them (AY-9).
	var fdPool []Role
	for _, ro := range nonFU {
		switch {
		case seen != nil && rd.Added && js == n-1:
			if slices.Contains(seen, ro) {
				fdPool = append(fdPool, ro)
			}
		case (!taken[ro] || rd.Added) && !slices.Contains(seen, ro):
			// With AY-9 the last player may have picked a face-down card.
			fdPool = append(fdPool, ro)
		}
	}
	if len(fdPool) < x {
		return nil, false
	}
	r.Shuffle(len(fdPool), func(i, j int) { fdPool[i], fdPool[j] = fdPool[j], fdPool[i] })
	nr.FaceDown = slices.Clone(fdPool[:x])
	slices.Sort(nr.FaceDown)
	var hand []Role
	for _, ro := range nonFU {
		if !slices.Contains(nr.FaceDown, ro) {
			hand = append(hand, ro)
		}
	}
	nr.Hands, nr.Picks = nil, nil
	for i := 0; i < len(rd.Hands); i++ {
		if rd.Added && i == n-1 {
			hand = append(hand, nr.FaceDown...)
			slices.Sort(hand)
		}
		nr.Hands = append(nr.Hands, slices.Clone(hand))
		if i >= len(rd.Picks) {
			break
		}
		seat := rd.Order[i]
		var pick Role
		if f, ok := fixed[seat]; ok {
			if !slices.Contains(hand, f) {
				return nil, false
			}
			pick = f
		} else {
			var allowed []Role
			for _, ro := range hand {
				switch {
				case taken[ro], ro <= bound(seat) && bound(seat) >= 0,
					ro == BombGirl && (i == 0 || rd.BombMiss),
					seen != nil && i < js && slices.Contains(seen, ro):
					continue
				}
				allowed = append(allowed, ro)
			}
			if len(allowed) == 0 {
				return nil, false
			}
			pick = allowed[r.IntN(len(allowed))]
		}
		nr.Picks = append(nr.Picks, pick)
		k := slices.Index(hand, pick)
		hand = slices.Delete(hand, k, k+1)
	}
	nr.Hand = hand
	if seen != nil && !slices.Equal(nr.Hands[js], seen) {
		return nil, false
	}
	return nr, true
}
