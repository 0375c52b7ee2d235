// Package typo finds what a mistyped word most likely meant: a flag of the
// command line, a player's name.
package typo

// Nearest is the candidate that word most likely meant: at most two edits
// away (one when either is four letters or fewer, where two edits make
// another word), or a candidate word starts, from minPrefix letters on;
// "" when none is near. key is the form both are compared in (lower case,
// a name's key); the first nearest candidate wins a tie.
func Nearest(word string, candidates []string, minPrefix int, key func(string) string) string {
	w := []rune(key(word))
	best, bestD := "", 0
	for _, c := range candidates {
		k := []rune(key(c))
		d := Distance(w, k)
		if len(w) >= minPrefix && len(w) < len(k) && string(k[:len(w)]) == string(w) {
			d = min(d, 1)
		}
		limit := 2
		if min(len(w), len(k)) <= 4 {
			limit = 1
		}
		if d <= limit && (best == "" || d < bestD) {
			best, bestD = c, d
		}
	}
	return best
}

// Distance counts the edits from a to b: a letter added, dropped,
// changed, or two neighbours swapped (--prot for --port is one slip).
func Distance(a, b []rune) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
