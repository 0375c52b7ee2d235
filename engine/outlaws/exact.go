package outlaws

import (
	"math/bits"
	"sync"

	"tablemaster/engine"
)

// What an observer can know of a Main Street is kept exactly: the set of
// every order of its eight cards that the public events (and, for the
// opponent, its Scout) leave possible. A Move that may have been pretended
// keeps each order and adds it with the two slots swapped; a card seen
// keeps the orders with it in its slot. The street's cards themselves are
// public (all but the two in the Saloon), so an order is a permutation of
// eight known cards: one of 8! = 40,320, kept as a bit set of 5 KB.

const numPerms = 40320

// permSet is a set of orders of a street's cards over its slots. Orders
// are ranked permutations of the indices into cards (sorted).
type permSet struct {
	cards [Slots]Char
	bits  [numPerms / 64]uint64
}

var (
	permsOnce sync.Once
	perms     [][Slots]uint8 // rank → permutation
	swapOnce  [Slots][Slots]sync.Once
	swapTab   [Slots][Slots][]uint16 // rank → rank with slots a, b swapped
)

func unranked() [][Slots]uint8 {
	permsOnce.Do(func() {
		perms = make([][Slots]uint8, numPerms)
		for k := range numPerms {
			perms[k] = unrank(k)
		}
	})
	return perms
}

// unrank is the k-th permutation in lexicographic order.
func unrank(k int) [Slots]uint8 {
	var left [Slots]uint8
	for i := range left {
		left[i] = uint8(i)
	}
	n := Slots
	var p [Slots]uint8
	f := numPerms
	for i := range Slots {
		f /= n
		j := k / f
		k %= f
		p[i] = left[j]
		copy(left[j:], left[j+1:n])
		n--
	}
	return p
}

// rank is unrank's inverse.
func rank(p [Slots]uint8) int {
	k := 0
	f := numPerms
	for i := range Slots {
		f /= Slots - i
		smaller := 0
		for j := i + 1; j < Slots; j++ {
			if p[j] < p[i] {
				smaller++
			}
		}
		k += smaller * f
	}
	return k
}

func swapTable(a, b int) []uint16 {
	if a > b {
		a, b = b, a
	}
	swapOnce[a][b].Do(func() {
		ps := unranked()
		t := make([]uint16, numPerms)
		for k := range numPerms {
			p := ps[k]
			p[a], p[b] = p[b], p[a]
			t[k] = uint16(rank(p))
		}
		swapTab[a][b] = t
	})
	return swapTab[a][b]
}

// newPermSet is every order of the cards (any eight distinct characters).
func newPermSet(cards [Slots]Char) permSet {
	var s permSet
	s.cards = sortChars(cards)
	for i := range s.bits {
		s.bits[i] = ^uint64(0)
	}
	return s
}

func sortChars(cs [Slots]Char) [Slots]Char {
	for i := 1; i < Slots; i++ {
		for j := i; j > 0 && cs[j] < cs[j-1]; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
	return cs
}

func (s *permSet) index(c Char) int {
	for i, x := range s.cards {
		if x == c {
			return i
		}
	}
	return -1
}

func (s *permSet) has(k int) bool { return s.bits[k/64]&(1<<(k%64)) != 0 }

// each calls f with every order in the set.
func (s *permSet) each(f func(k int)) {
	for w, word := range s.bits {
		for word != 0 {
			b := bits.TrailingZeros64(word)
			f(w*64 + b)
			word &= word - 1
		}
	}
}

// keep keeps the orders in which slot i holds (in) or does not hold c.
func (s *permSet) keep(i int, c Char, in bool) {
	x := s.index(c)
	if x < 0 { // not a card of this street (one in the Saloon)
		if in {
			s.bits = [numPerms / 64]uint64{}
		}
		return
	}
	m := slotMask(i, x)
	for w := range s.bits {
		if in {
			s.bits[w] &= m[w]
		} else {
			s.bits[w] &^= m[w]
		}
	}
}

var (
	maskOnce sync.Once
	masks    [Slots][Slots][numPerms / 64]uint64 // [slot][index]: the orders with index in slot
)

func slotMask(i, x int) *[numPerms / 64]uint64 {
	maskOnce.Do(func() {
		for k, p := range unranked() {
			for slot, idx := range p {
				masks[slot][idx][k/64] |= 1 << (k % 64)
			}
		}
	})
	return &masks[i][x]
}

// moved adds every order with slots a and b swapped (a Move that may have
// been pretended); swapped replaces each order by it (a swap seen).
func (s *permSet) moved(a, b int, keepOld bool) {
	if keepOld && s.count() == numPerms {
		return // every order is still possible
	}
	t := swapTable(a, b)
	var out [numPerms / 64]uint64
	if keepOld {
		out = s.bits
	}
	s.each(func(k int) {
		j := int(t[k])
		out[j/64] |= 1 << (j % 64)
	})
	s.bits = out
}

// saloonMove is a Saloon move: old left the Saloon and in entered it,
// from the Saloon (the street kept its cards) or from slot a or b (old
// took its place); a and b then hold their two cards in either order.
// The cards keep their indices (old takes in's), so the orders keep their
// ranks.
func (s *permSet) saloonMove(a, b int, old, in Char) {
	if in != old {
		x := s.index(in)
		s.cards[x] = old
		ma, mb := slotMask(a, x), slotMask(b, x)
		for w := range s.bits {
			s.bits[w] &= ma[w] | mb[w] // in came from slot a or b
		}
	}
	s.moved(a, b, true)
}

// count is the number of orders in the set.
func (s *permSet) count() int {
	n := 0
	for _, w := range s.bits {
		n += bits.OnesCount64(w)
	}
	return n
}

// pick is an order drawn at random from the set, as the street it makes.
func (s *permSet) pick(r *engine.Rand) ([Slots]Char, bool) {
	n := s.count()
	if n == 0 {
		return [Slots]Char{}, false
	}
	want := r.IntN(n)
	found := -1
	for w, word := range s.bits {
		c := bits.OnesCount64(word)
		if want >= c {
			want -= c
			continue
		}
		for ; want > 0; want-- {
			word &= word - 1
		}
		found = w*64 + bits.TrailingZeros64(word)
		break
	}
	var out [Slots]Char
	for i, x := range unranked()[found] {
		out[i] = s.cards[x]
	}
	return out, true
}

// holds reports whether the street in this order is in the set.
func (s *permSet) holds(street [Slots]Char) bool {
	var p [Slots]uint8
	for i, c := range street {
		x := s.index(c)
		if x < 0 {
			return false
		}
		p[i] = uint8(x)
	}
	return s.has(rank(p))
}

// best is the chance of the likeliest slot for card c over the orders in
// the set, each as likely: 0 when c is not on this street, 1/8 when
// nothing is known.
func (s *permSet) best(c Char) float64 {
	x := s.index(c)
	n := s.count()
	if x < 0 || n == 0 {
		return 0
	}
	if n == numPerms {
		return 1.0 / Slots
	}
	most := 0
	for i := range Slots {
		m := slotMask(i, x)
		k := 0
		for w, word := range s.bits {
			k += bits.OnesCount64(word & m[w])
		}
		most = max(most, k)
	}
	return float64(most) / float64(n)
}
