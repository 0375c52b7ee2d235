package outlaws

import "tablemaster/engine"

// What the table can know of the hidden things, kept so that a redraw
// (Resample) stays consistent with every public event: for each player's
// Main Street, which characters each slot may hold, as the opponent and
// as the public see it (the opponent also knows what its Scout saw); and
// for each place of the token row, which tokens it may hold, as each
// player and as the public see it (a player also knows what it checked).
//
// The sets are per slot: a Move that may have been pretended joins the
// two slots' sets (either may now hold either card). That loses what one
// slot's card says about another's across several such Moves, so a redraw
// may pick an arrangement that the exact history rules out; it never
// contradicts a card that was seen.

// Observers of a street: its owner's opponent, and the public.
const (
	obsOpponent = 0
	obsPublic   = 1
)

type knowledge struct {
	street [2][2][Slots]uint16 // [owner][observer][slot]: characters possible
	tokens [3][Slots]uint8     // [Red, Green, public][place]: tokens possible
}

const allChars uint16 = 1<<NumChars - 1
const allTokens uint8 = 1<<NumTokens - 1

func cbit(c Char) uint16             { return 1 << c }
func tbit(t Token) uint8             { return 1 << t }
func (k knowledge) clone() knowledge { return k }

func (k *knowledge) init() {
	for o := range k.tokens {
		for i := range k.tokens[o] {
			k.tokens[o][i] = allTokens
		}
	}
}

// arranged: s's street may hold any card but the two in the Saloon.
func (k *knowledge) arranged(s engine.Seat, saloon [2]Char) {
	for o := range 2 {
		for i := range Slots {
			k.street[s][o][i] = allChars &^ cbit(saloon[0]) &^ cbit(saloon[1])
		}
	}
}

// reveal: everyone saw s's card in slot i.
func (k *knowledge) reveal(s engine.Seat, i int, c Char) {
	for o := range 2 {
		k.pin(s, o, i, c)
	}
}

// scouted: only the opponent saw it (OL-25).
func (k *knowledge) scouted(s engine.Seat, i int, c Char) { k.pin(s, obsOpponent, i, c) }

// is: everyone learnt what the card in slot i is without seeing it (a
// Thief's right guess).
func (k *knowledge) is(s engine.Seat, i int, c Char) { k.reveal(s, i, c) }

func (k *knowledge) pin(s engine.Seat, o, i int, c Char) {
	for j := range Slots {
		k.street[s][o][j] &^= cbit(c)
	}
	k.street[s][o][i] = cbit(c)
}

// not: everyone learnt that slot i does not hold c.
func (k *knowledge) not(s engine.Seat, i int, c Char) {
	for o := range 2 {
		k.street[s][o][i] &^= cbit(c)
	}
}

// moved: a Move that may have been pretended (OL-7).
func (k *knowledge) moved(s engine.Seat, a, b int) {
	for o := range 2 {
		u := k.street[s][o][a] | k.street[s][o][b]
		k.street[s][o][a], k.street[s][o][b] = u, u
	}
}

// swapped: a real swap everyone saw (OL-27).
func (k *knowledge) swapped(s engine.Seat, a, b int) {
	for o := range 2 {
		k.street[s][o][a], k.street[s][o][b] = k.street[s][o][b], k.street[s][o][a]
	}
}

// saloonMove: old left the Saloon, in went in; a and b hold the other two.
func (k *knowledge) saloonMove(s engine.Seat, a, b int, old, in Char) {
	for o := range 2 {
		u := (k.street[s][o][a] | k.street[s][o][b] | cbit(old)) &^ cbit(in)
		for j := range Slots {
			k.street[s][o][j] &^= cbit(in)
		}
		k.street[s][o][a], k.street[s][o][b] = u, u
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
