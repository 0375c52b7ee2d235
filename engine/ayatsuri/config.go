package ayatsuri

import (
	"fmt"
	"strings"
)

// TossMode says who tosses the Back-alley Doctor's chip (AY-27).
type TossMode string

// The toss modes.
const (
	// TossEngine: tablemaster draws the side from the game's seeded source.
	TossEngine TossMode = "engine"
	// TossChips: the patient tosses a real chip and enters the side.
	TossChips TossMode = "chips"
)

// ParseToss reads --toss.
func ParseToss(s string) (TossMode, error) {
	switch TossMode(strings.ToLower(strings.TrimSpace(s))) {
	case TossEngine, "":
		return TossEngine, nil
	case TossChips:
		return TossChips, nil
	}
	return "", fmt.Errorf("unknown toss %q: engine or chips", s)
}

// Config holds the table's options. Players are listed in seat order,
// clockwise: "the player on the left" of a seat is the next one listed.
type Config struct {
	Players  []string `json:"players,omitempty"`
	BombGirl bool     `json:"bomb_girl,omitempty"`
	Toss     TossMode `json:"toss,omitempty"`
	// Start is the seat holding the dictator marker in the first round (AY-4).
	Start int `json:"start,omitempty"`
}

// Validate checks the number of players, their names and the start seat.
func (c Config) Validate() error {
	n := len(c.Players)
	if n < MinPlayers || n > MaxPlayers {
		return fmt.Errorf("ayatsuri is for %d to %d players, not %d", MinPlayers, MaxPlayers, n)
	}
	seen := map[string]bool{}
	for _, p := range c.Players {
		k := strings.ToLower(strings.TrimSpace(p))
		switch {
		case k == "":
			return fmt.Errorf("a player has no name")
		case strings.HasPrefix(k, "@") || strings.HasPrefix(k, "#"):
			return fmt.Errorf("a player's name may not start with %q: %q", k[:1], p)
		case seen[k]:
			return fmt.Errorf("two players are called %q", p)
		}
		seen[k] = true
	}
	if c.Start < 0 || c.Start >= n {
		return fmt.Errorf("the start player must be one of the %d players", n)
	}
	switch c.Toss {
	case "", TossEngine, TossChips:
	default:
		return fmt.Errorf("unknown toss %q: engine or chips", c.Toss)
	}
	return nil
}
