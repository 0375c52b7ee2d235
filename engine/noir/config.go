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

// Variant says which rules a table plays (rules/noir.md): the
// playing-card variant (NC) or the Automata variant with the disguise card
// (NA). Both play on the same Grid.
type Variant uint8

// The variants.
const (
	Cards Variant = iota
	Automata
)

func (v Variant) String() string { return [...]string{"cards", "automata"}[v] }

// ParseVariant reads "cards" or "automata".
func ParseVariant(s string) (Variant, error) {
	switch strings.ToLower(s) {
	case "cards", "":
		return Cards, nil
	case "automata":
		return Automata, nil
	}
	return 0, fmt.Errorf("noir: variant must be cards or automata, not %q", s)
}

// MarshalText writes the variant as its flag value.
func (v Variant) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads what MarshalText wrote.
func (v *Variant) UnmarshalText(b []byte) (err error) { *v, err = ParseVariant(string(b)); return err }

// AutomataKills is the kill count that wins the Automata variant unless
// the table sets its own (NA-6, table option kills).
const AutomataKills = 10

// Config holds the table options. The playing-card variant's logs, written
// before the Automata variant existed, have no variant, kills or roster:
// those read as the playing-card variant.
type Config struct {
	Variant   Variant   `json:"variant,omitempty"`
	Deck      Deck      `json:"deck"`
	Layout    Layout    `json:"layout"`
	Kings     bool      `json:"kings"`
	ShiftRule ShiftRule `json:"shift_rule"`
	// Kills is NA-6's table option: the dead suspects that win (Automata
	// only; 0 means AutomataKills).
	Kills int `json:"kills,omitempty"`
	// Roster names the 25 suspects of a boxed edition in layout order
	// (NA-1); the evidence cards carry the same names. Empty: playing cards.
	Roster []string `json:"roster,omitempty"`
}

// Normal is the options as a table plays them: the Automata variant has
// one shift rule of its own, no undoing the opponent's last shift (NA-4),
// whatever ShiftRule says. Stored options are written this way.
func (c Config) Normal() Config {
	if c.Variant == Automata {
		c.ShiftRule = NoUndo
	}
	return c
}

// KillsToWin is the number of dead suspects with which the Killer wins:
// 16 in the playing-card variant (NC-16), the kills option in Automata.
func (c Config) KillsToWin() int {
	if c.Variant != Automata {
		return KillsToWin
	}
	if c.Kills > 0 {
		return c.Kills
	}
	return AutomataKills
}

// Check says what is wrong with a set of options that no table can play,
// in words for the person who gave them.
func (c Config) Check() error {
	if c.Variant != Automata {
		if c.Kills != 0 {
			return fmt.Errorf("noir: --kills is an option of the automata variant (the playing-card variant wins at %d)", KillsToWin)
		}
		if len(c.Roster) > 0 {
			return fmt.Errorf("noir: --roster is an option of the automata variant")
		}
		return nil
	}
	if c.Kills < 0 || c.Kills > NumSuspects-1 {
		return fmt.Errorf("noir: kills must be between 1 and %d, not %d", NumSuspects-1, c.Kills)
	}
	if len(c.Roster) > 0 {
		if err := CheckRoster(c.Roster); err != nil {
			return err
		}
	}
	return nil
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
