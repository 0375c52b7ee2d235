package outlaws

import "tablemaster/engine"

// What the table can know of the hidden things, kept so that a redraw
// (Resample) stays consistent with every public event. For each player's
// Main Street, the orders of its cards that the opponent and that the
// public can still hold possible (exact.go; the opponent also knows what
// its Scout saw). For each place of the token row, which tokens it may
// hold, as each player and as the public see it (a player also knows what
// it checked); the kinds in play are public, so these sets and the counts
// say all there is to know of the row (the stock is what is left, in an
// order nobody knows).

// Observers of a street: its owner's opponent, and the public.
const (
	obsOpponent = 0
	obsPublic   = 1
)

// The orders (5 KB each) are never changed in place: what learns
// something takes a copy (own), so that a Clone, made for every redraw,
// shares them instead of copying 20 KB.
type knowledge struct {
	street [2][2]*permSet  // [owner][observer]; never nil once init
	tokens [3][Slots]uint8 // [Red, Green, public][place]: tokens possible
}

// noOrders is the street knowledge before a street is arranged (nothing
// reads it then): the empty set, shared, never changed.
var noOrders permSet

const allTokens uint8 = 1<<NumTokens - 1

func tbit(t Token) uint8             { return 1 << t }
func (k knowledge) clone() knowledge { return k }

// own is owner s's orders as observer o holds them, to be changed: a copy
// of its own, for the set may be shared with clones.
func (k *knowledge) own(s engine.Seat, o int) *permSet {
	p := *k.street[s][o]
	k.street[s][o] = &p
	return &p
}

func (k *knowledge) init() {
	for s := range k.street {
		for o := range k.street[s] {
			if k.street[s][o] == nil { // (what is known of a street stays)
				k.street[s][o] = &noOrders
			}
		}
	}
	for o := range k.tokens {
		for i := range k.tokens[o] {
			k.tokens[o][i] = allTokens
		}
	}
}

// arranged: s's street may be in any order of its cards.
func (k *knowledge) arranged(s engine.Seat, street [Slots]Char) {
	p := newPermSet(street)
	for o := range 2 {
		k.street[s][o] = &p // shared until one observer learns more (own)
	}
}

// reveal: everyone saw s's card in slot i.
func (k *knowledge) reveal(s engine.Seat, i int, c Char) {
	for o := range 2 {
		k.own(s, o).keep(i, c, true)
	}
}

// scouted: only the opponent saw it (OL-25).
func (k *knowledge) scouted(s engine.Seat, i int, c Char) { k.own(s, obsOpponent).keep(i, c, true) }

// is: everyone learnt what the card in slot i is without seeing it (a
// Thief's right guess).
func (k *knowledge) is(s engine.Seat, i int, c Char) { k.reveal(s, i, c) }

// not: everyone learnt that slot i does not hold c.
func (k *knowledge) not(s engine.Seat, i int, c Char) {
	for o := range 2 {
		k.own(s, o).keep(i, c, false)
	}
}

// moved: a Move that may have been pretended (OL-7).
func (k *knowledge) moved(s engine.Seat, a, b int) {
	for o := range 2 {
		k.own(s, o).moved(a, b, true)
	}
}

// swapped: a real swap everyone saw (OL-27).
func (k *knowledge) swapped(s engine.Seat, a, b int) {
	for o := range 2 {
		k.own(s, o).moved(a, b, false)
	}
}

// saloonMove: old left the Saloon, in went in; a and b hold the other two.
func (k *knowledge) saloonMove(s engine.Seat, a, b int, old, in Char) {
	for o := range 2 {
		k.own(s, o).saloonMove(a, b, old, in)
	}
}

// checked: player p saw the token at place i.
func (k *knowledge) checked(p, i int, t Token) { k.tokens[p][i] = tbit(t) }

// notToken: everyone learnt that place i does not hold t (a declaration
// that was offered, so whose condition held, and failed).
func (k *knowledge) notToken(i int, t Token) {
	for o := range k.tokens {
		k.tokens[o][i] &^= tbit(t)
	}
}

// swapTokens: a Shopkeeper swapped two places in view of all.
func (k *knowledge) swapTokens(a, b int) {
	for o := range k.tokens {
		k.tokens[o][a], k.tokens[o][b] = k.tokens[o][b], k.tokens[o][a]
	}
}

// unknown: place i took a token nobody saw.
func (k *knowledge) unknown(i int) {
	for o := range k.tokens {
		k.tokens[o][i] = allTokens
	}
}

// slide: OL-10 from the empty place i.
func (k *knowledge) slide(i int) {
	for o := range k.tokens {
		copy(k.tokens[o][i:], k.tokens[o][i+1:])
		k.tokens[o][Slots-1] = allTokens
	}
}

// relaid: OL-41.
func (k *knowledge) relaid() {
	for i := range Slots {
		k.unknown(i)
	}
}
