package superrock

import (
	"fmt"
	"strings"
)

// Limits of a table (SR-10), the planet board (SR-20) and the secret
// base board (SR-25).
const (
	MinPlayers       = 5
	MaxPlayers       = 10
	Planets          = 6
	SquaresPerPlanet = 6
	BoardSquares     = Planets * SquaresPerPlanet
	// BaseRows × BaseRows is the secret base board (SR-25).
	BaseRows    = 6
	BaseSquares = BaseRows * BaseRows
)

// Dice is a table option: who rolls the shadow and turn-order dice.
type Dice uint8

// The dice modes.
const (
	// VirtualDice: tablemaster rolls (the shadow roll privately).
	VirtualDice Dice = iota
	// PhysicalDice: players roll real dice and enter the result, the
	// shadow roll privately on their phone.
	PhysicalDice
)

func (d Dice) String() string { return [...]string{"virtual", "physical"}[d] }

// Board is table option SR-20: who holds the planet cards.
type Board uint8

// The board modes.
const (
	// VirtualBoard: tablemaster holds the planet deck and deals the base
	// players' planet cards.
	VirtualBoard Board = iota
	// PhysicalBoard: the real planet cards lie on the board; base players
	// draw their planet cards from the real deck.
	PhysicalBoard
)

func (b Board) String() string { return [...]string{"virtual", "physical"}[b] }

// ParseDice reads "virtual" or "physical".
func ParseDice(s string) (Dice, error) {
	switch strings.ToLower(s) {
	case "virtual":
		return VirtualDice, nil
	case "physical", "real":
		return PhysicalDice, nil
	}
	return 0, fmt.Errorf("superrock: dice must be virtual or physical, not %q", s)
}

// ParseBoard reads "virtual" or "physical".
func ParseBoard(s string) (Board, error) {
	switch strings.ToLower(s) {
	case "virtual":
		return VirtualBoard, nil
	case "physical":
		return PhysicalBoard, nil
	}
	return 0, fmt.Errorf("superrock: board must be virtual or physical, not %q", s)
}

// MarshalText writes the option as its flag value, so logs read "physical".
func (d Dice) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads what MarshalText wrote.
func (d *Dice) UnmarshalText(b []byte) (err error) { *d, err = ParseDice(string(b)); return err }

// MarshalText writes the option as its flag value.
func (b Board) MarshalText() ([]byte, error) { return []byte(b.String()), nil }

// UnmarshalText reads what MarshalText wrote.
func (b *Board) UnmarshalText(t []byte) (err error) { *b, err = ParseBoard(string(t)); return err }

// Config holds a Super Rock table's players and options.
type Config struct {
	// Players are the names, in seat order: "left" is the next seat (SR-17).
	Players []string `json:"players"`
	// Counts replaces table 7.1 (SR-10); required for player counts the
	// table has no row for (5 and 10 with the KMC data).
	Counts *Counts `json:"counts,omitempty"`
	// RaisaGood moves the fourth Locke (Raisa) from pool L to pool G (SR-11).
	RaisaGood bool `json:"raisa_good,omitempty"`
	// PlayedTonight lists, per seat, the ids of the characters that player
	// played earlier the same night (SR-13). Missing seats played none.
	PlayedTonight [][]string `json:"played_tonight,omitempty"`
	Dice          Dice       `json:"dice"`
	Board         Board      `json:"board"`
	// Data is the roster and tables; nil means Default(). It is not
	// serialised: a log keeps Data.Text() beside the config.
	Data *Data `json:"-"`
}
