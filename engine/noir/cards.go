package noir

import (
	"strconv"
	"strings"
)

// Suspects are numbered 0–24: ♠A–♠Q are 0–11, ♣A–♣Q are 12–23 and the
// Joker (or ♠K with the kings option) is 24. Evidence card n names suspect n
// (NC-1): ♥n for ♠n, ♦n for ♣n, the other Joker (or ♥K) for the Joker.
const (
	NumSuspects = 25
	jokerID     = 24
)

var rankNames = [...]string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q"}

// The cards' names, written once: every view names every card on the grid.
var suspectNames, evidenceNames = cardNames("♠", "♣", "♠K"), cardNames("♥", "♦", "♥K")

// cardNames are the names of the 25 cards of two suits and a Joker, with
// the Joker's place taken by king when the kings option is on ([1]).
func cardNames(first, second, king string) (names [2][NumSuspects]string) {
	for id := range NumSuspects - 1 {
		suit, rank := first, id
		if id >= 12 {
			suit, rank = second, id-12
		}
		names[0][id] = suit + rankNames[rank]
		names[1][id] = names[0][id]
	}
	names[0][jokerID], names[1][jokerID] = "Joker", king
	return names
}

// SuspectName is the playing card lying on the grid for suspect id.
func SuspectName(id int, kings bool) string { return suspectNames[b2i(kings)][id] }

// EvidenceName is the evidence card (hearts, diamonds, the other Joker)
// that names suspect id.
func EvidenceName(id int, kings bool) string { return evidenceNames[b2i(kings)][id] }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// parseCard reads a card in any common spelling — "♠7", "S7", "s7", "7S",
// "♥10", "H10", "CQ", "Joker", "JK", "SK" — and returns the suspect it
// names and whether it was written as an evidence card (hearts, diamonds).
func parseCard(s string, kings bool) (id int, evidence bool, ok bool) {
	t := strings.ToUpper(strings.TrimSpace(s))
	switch t {
	case "JOKER", "JK", "JO", "🃏", "ジョーカー":
		if kings {
			return 0, false, false
		}
		return jokerID, false, true
	}
	suits := []struct {
		names []string
		base  int
		ev    bool
	}{
		{[]string{"♠", "S", "♤"}, 0, false},
		{[]string{"♥", "H", "♡"}, 0, true},
		{[]string{"♣", "C", "♧"}, 12, false},
		{[]string{"♦", "D", "♢"}, 12, true},
	}
	for _, su := range suits {
		for _, n := range su.names {
			var rank string
			switch {
			case strings.HasPrefix(t, n):
				rank = t[len(n):]
			case strings.HasSuffix(t, n) && len(t) > len(n):
				rank = t[:len(t)-len(n)]
			default:
				continue
			}
			if rank == "K" {
				if kings && su.base == 0 {
					return jokerID, su.ev, true
				}
				return 0, false, false
			}
			r, ok := parseRank(rank)
			if !ok {
				return 0, false, false
			}
			return su.base + r, su.ev, true
		}
	}
	return 0, false, false
}

func parseRank(s string) (int, bool) {
	switch s {
	case "A", "1":
		return 0, true
	case "J", "11":
		return 10, true
	case "Q", "12":
		return 11, true
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 2 || n > 10 {
		return 0, false
	}
	return n - 1, true
}
