package typo

import (
	"strings"
	"testing"
)

func TestNearest(t *testing.T) {
	flags := []string{"deck", "players", "port", "seed", "state"}
	seats := []string{"Aki", "Ben", "Chika"}
	for _, c := range []struct {
		word      string
		among     []string
		minPrefix int
		want      string
	}{
		{"prot", flags, 3, "port"},      // two neighbours swapped
		{"player", flags, 3, "players"}, // a letter dropped
		{"pla", flags, 3, "players"},    // the start of one
		{"xyz", flags, 3, ""},           // nothing near: not --key's
		{"Bne", seats, 2, "Ben"},
		{"chika", seats, 2, "Chika"}, // compared in the key's form
		{"Ch", seats, 2, "Chika"},
		{"Dai", seats, 2, ""},
	} {
		if got := Nearest(c.word, c.among, c.minPrefix, strings.ToLower); got != c.want {
			t.Errorf("Nearest(%q) = %q, want %q", c.word, got, c.want)
		}
	}
}

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{{"", "", 0}, {"port", "prot", 1}, {"seed", "sed", 1}, {"Aki", "Akira", 2}, {"あき", "あさ", 1}} {
		if got := Distance([]rune(c.a), []rune(c.b)); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
