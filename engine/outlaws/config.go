package outlaws

import (
	"fmt"
	"strings"
)

// Cards is table option OL-9a: which cards lie on the table.
type Cards uint8

// The card sets.
const (
	// Playing: one deck of playing cards stands in, Red = ♥, Green = ♣,
	// A Governor … 10 Mayor.
	Playing Cards = iota
	// Boxed: the game's own 20 character cards.
	Boxed
)

func (c Cards) String() string { return [...]string{"playing", "boxed"}[c] }

// ParseCards reads "playing" or "boxed".
func ParseCards(s string) (Cards, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "playing", "":
		return Playing, nil
	case "boxed":
		return Boxed, nil
	}
	return 0, fmt.Errorf("outlaws: cards must be playing or boxed, not %q", s)
}

// MarshalText writes the option as its flag value.
func (c Cards) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads what MarshalText wrote.
func (c *Cards) UnmarshalText(b []byte) (err error) { *c, err = ParseCards(string(b)); return err }

// Config holds the table options.
type Config struct {
	Cards Cards `json:"cards"`
}
