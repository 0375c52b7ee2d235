package moderator

import (
	"encoding/json"
	"fmt"
	"sort"

	"tablemaster/engine"
	"tablemaster/engine/ayatsuri"
	"tablemaster/engine/noir"
)

// Kind is a game the moderator can run: how to build it from its stored
// options and how its pages look. Adding a game means adding one Kind.
type Kind struct {
	Name string
	// New builds the game from the table header's seats (players in seat
	// order) and stored options.
	New func(seats []string, options json.RawMessage, seed uint64) (engine.Game, error)
	// RoleKey names each seat's role when roles are public (Noir), or ""
	// for games whose roles are secret.
	RoleKey func(s engine.Seat) string
	// DefaultSeats are the seat names when --players is not given.
	DefaultSeats []string
	// MinSeats and MaxSeats bound the number of players.
	MinSeats, MaxSeats int
	// Template is the name of the template set in pages/ ("noir").
	Template string
}

var kinds = map[string]*Kind{}

func registerKind(k *Kind) { kinds[k.Name] = k }

// KindNamed returns the game called name.
func KindNamed(name string) (*Kind, error) {
	k, ok := kinds[name]
	if !ok {
		var names []string
		for n := range kinds {
			names = append(names, n)
		}
		sort.Strings(names)
		return nil, fmt.Errorf("unknown game %q (known: %v)", name, names)
	}
	return k, nil
}

func init() {
	registerKind(&Kind{
		Name: "noir",
		New: func(_ []string, raw json.RawMessage, seed uint64) (engine.Game, error) {
			var cfg noir.Config
			if len(raw) > 0 {
				if err := json.Unmarshal(raw, &cfg); err != nil {
					return nil, fmt.Errorf("noir options: %w", err)
				}
			}
			return noir.New(cfg, seed), nil
		},
		RoleKey: func(s engine.Seat) string {
			if s == noir.Killer {
				return "noir.role.killer"
			}
			return "noir.role.inspector"
		},
		DefaultSeats: []string{"Killer", "Inspector"},
		MinSeats:     2,
		MaxSeats:     2,
		Template:     "noir",
	})
	registerKind(&Kind{
		Name: "ayatsuri",
		New: func(seats []string, raw json.RawMessage, seed uint64) (engine.Game, error) {
			var cfg ayatsuri.Config
			if err := json.Unmarshal(raw, &cfg); err != nil {
				return nil, fmt.Errorf("ayatsuri options: %w", err)
			}
			// The header's seats are the players: one list of names.
			cfg.Players = seats
			return ayatsuri.New(cfg, seed)
		},
		// Roles are secret: nobody's name carries one.
		RoleKey:      func(engine.Seat) string { return "" },
		DefaultSeats: []string{"Aki", "Ben", "Chika", "Dai"},
		MinSeats:     ayatsuri.MinPlayers,
		MaxSeats:     ayatsuri.MaxPlayers,
		Template:     "ayatsuri",
	})
}
