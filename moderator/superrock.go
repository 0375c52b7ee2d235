package moderator

import (
	"encoding/json"
	"fmt"

	"tablemaster/engine"
	"tablemaster/engine/superrock"
)

// SuperrockOptions are a Super Rock table's stored options: the engine's
// Config (without the players, who are the header's seats) and the roster
// file's text. The roster is kept in the log, default or not, so a table
// replays with the characters it was dealt from even if data/kmc.txt or the
// --roster file changes later.
type SuperrockOptions struct {
	superrock.Config
	// RosterFile names where the roster came from ("" for the built-in
	// KMC data); it only labels errors.
	RosterFile string `json:"roster_file,omitempty"`
	// Roster is the data file's text (superrock.Data.Text()).
	Roster string `json:"roster"`
}

// NewSuperrockOptions stores cfg with its roster (cfg.Data, or the
// built-in KMC data when nil).
func NewSuperrockOptions(cfg superrock.Config, rosterFile string) SuperrockOptions {
	d := cfg.Data
	if d == nil {
		d = superrock.Default()
		rosterFile = ""
	}
	cfg.Players, cfg.Data = nil, nil
	return SuperrockOptions{Config: cfg, RosterFile: rosterFile, Roster: string(d.Text())}
}

// superrockConfig reads stored options back into an engine Config.
func superrockConfig(seats []string, raw json.RawMessage) (superrock.Config, error) {
	var o SuperrockOptions
	if err := json.Unmarshal(raw, &o); err != nil {
		return superrock.Config{}, fmt.Errorf("superrock options: %w", err)
	}
	cfg := o.Config
	cfg.Players = seats
	if o.Roster != "" {
		name := o.RosterFile
		if name == "" {
			name = superrock.DefaultFile
		}
		d, err := superrock.Parse(name, []byte(o.Roster))
		if err != nil {
			return superrock.Config{}, err
		}
		cfg.Data = d
	}
	return cfg, nil
}

func init() {
	registerKind(&Kind{
		Name: "superrock",
		New: func(seats []string, raw json.RawMessage, seed uint64) (engine.Game, error) {
			cfg, err := superrockConfig(seats, raw)
			if err != nil {
				return nil, err
			}
			return superrock.New(cfg, seed)
		},
		// Characters are secret: nobody's name carries one.
		RoleKey:      func(engine.Seat) string { return "" },
		DefaultSeats: []string{"Aki", "Ben", "Chika", "Dai", "Eri", "Fumi", "Gen"},
		MinSeats:     superrock.MinPlayers,
		MaxSeats:     superrock.MaxPlayers,
		Template:     "superrock",
	})
}
