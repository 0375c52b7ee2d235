package noir

import (
	"fmt"
	"strings"
)

// Deck is table option NC-4: who holds the evidence deck.
type Deck uint8

// The deck modes.
const (
	// Virtual: the engine shuffles and deals the evidence cards.
	Virtual Deck = iota
	// Physical: players draw real cards and enter each draw on their phone.
	Physical
)

func (d Deck) String() string { return [...]string{"virtual", "physical"}[d] }

// Layout is table option NC-2.
type Layout uint8

// The layouts.
const (
	Ordered Layout = iota
	Shuffled
)

func (l Layout) String() string { return [...]string{"ordered", "shuffled"}[l] }

// ShiftRule is table option NC-7.
type ShiftRule uint8

// The shift rules.
const (
	// NoRepeat refuses a shift that recreates an earlier position.
	NoRepeat ShiftRule = iota
	// NoUndo refuses a shift that undoes the opponent's shift just before.
	NoUndo
)

func (r ShiftRule) String() string { return [...]string{"no-repeat", "no-undo"}[r] }

// Config holds the table options of the playing-card variant.
type Config struct {
	Deck      Deck      `json:"deck"`
	Layout    Layout    `json:"layout"`
	Kings     bool      `json:"kings"`
	ShiftRule ShiftRule `json:"shift_rule"`
}

// ParseDeck reads "virtual" or "physical".
func ParseDeck(s string) (Deck, error) {
	switch strings.ToLower(s) {
	case "virtual":
		return Virtual, nil
	case "physical":
		return Physical, nil
	}
	return 0, fmt.Errorf("noir: deck must be virtual or physical, not %q", s)
}

// ParseLayout reads "ordered" or "shuffled".
func ParseLayout(s string) (Layout, error) {
	switch strings.ToLower(s) {
	case "ordered":
		return Ordered, nil
	case "shuffled":
		return Shuffled, nil
	}
	return 0, fmt.Errorf("noir: layout must be ordered or shuffled, not %q", s)
}

// ParseShiftRule reads "no-repeat" or "no-undo".
func ParseShiftRule(s string) (ShiftRule, error) {
	switch strings.ToLower(s) {
	case "no-repeat":
		return NoRepeat, nil
	case "no-undo":
		return NoUndo, nil
	}
	return 0, fmt.Errorf("noir: shift rule must be no-repeat or no-undo, not %q", s)
}

// MarshalText writes the option as its flag value, so logs read "physical".
func (d Deck) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads what MarshalText wrote.
func (d *Deck) UnmarshalText(b []byte) (err error) { *d, err = ParseDeck(string(b)); return err }

// MarshalText writes the option as its flag value.
func (l Layout) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText reads what MarshalText wrote.
func (l *Layout) UnmarshalText(b []byte) (err error) { *l, err = ParseLayout(string(b)); return err }

// MarshalText writes the option as its flag value.
func (r ShiftRule) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads what MarshalText wrote.
func (r *ShiftRule) UnmarshalText(b []byte) (err error) {
	*r, err = ParseShiftRule(string(b))
	return err
}
