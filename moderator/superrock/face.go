package superrock

import (
	"encoding/json"
	"fmt"

	"tablemaster/engine"
	rules "tablemaster/engine/superrock"
	"tablemaster/moderator/face"
)

// Options are a Super Rock table's stored options: the engine's
// Config (without the players, who are the header's seats) and the roster
// file's text. The roster is kept in the log, default or not, so a table
// replays with the characters it was dealt from even if data/kmc.txt or the
// --roster file changes later.
type Options struct {
	rules.Config
	// RosterFile names where the roster came from ("" for the built-in
	// KMC data); it only labels errors.
	RosterFile string `json:"roster_file,omitempty"`
	// Roster is the data file's text (rules.Data.Text()).
	Roster string `json:"roster"`
}

// NewOptions stores cfg with its roster (cfg.Data, or the
// built-in KMC data when nil).
func NewOptions(cfg rules.Config, rosterFile string) Options {
	d := cfg.Data
	if d == nil {
		d = rules.Default()
		rosterFile = ""
	}
	cfg.Players, cfg.Data = nil, nil
	return Options{Config: cfg, RosterFile: rosterFile, Roster: string(d.Text())}
}

// config reads stored options back into an engine Config.
func config(seats []string, raw json.RawMessage) (rules.Config, error) {
	var o Options
	if err := json.Unmarshal(raw, &o); err != nil {
		return rules.Config{}, fmt.Errorf("superrock options: %w", err)
	}
	cfg := o.Config
	cfg.Players = seats
	if o.Roster != "" {
		name := o.RosterFile
		if name == "" {
			name = rules.DefaultFile
		}
		d, err := rules.Parse(name, []byte(o.Roster))
		if err != nil {
			return rules.Config{}, err
		}
		cfg.Data = d
	}
	return cfg, nil
}

// Face is Super Rock's face, registered under "superrock".
type Face struct{}

func init() { face.Register(Face{}) }

// Name is "superrock".
func (Face) Name() string { return "superrock" }

// Seats: seven players by default, as the rules allow.
func (Face) Seats() face.Seats {
	return face.Seats{Default: []string{"Aki", "Ben", "Chika", "Dai", "Eri", "Fumi", "Gen"},
		Min: rules.MinPlayers, Max: rules.MaxPlayers}
}

// New builds the game from its stored Options.
func (Face) New(seats []string, raw json.RawMessage, seed uint64) (engine.Game, error) {
	cfg, err := config(seats, raw)
	if err != nil {
		return nil, err
	}
	return rules.New(cfg, seed)
}

// Role: characters are secret, nobody's name carries one.
func (Face) Role(engine.Seat) string { return "" }

// Options are those of `tablemaster superrock` but the counts and the
// roster file, which the command line sets.
func (Face) Options() []face.Option {
	return []face.Option{
		{Name: "board", Label: engine.M("sr.opt.board"), Values: []string{"virtual", "physical"}},
		{Name: "dice", Label: engine.M("sr.opt.dice"), Values: []string{"virtual", "physical"}},
		{Name: "raisa-good", Label: engine.M("sr.opt.raisa_good"), Values: []string{"off", "on"}},
	}
}

// Configure reads the options as `tablemaster superrock` reads its flags,
// with what each player played earlier tonight (SR-13).
func (f Face) Configure(seats []string, values map[string]string, remembered [][]string) (any, error) {
	v, err := face.Values(f.Options(), values)
	if err != nil {
		return nil, err
	}
	cfg := rules.Config{Players: seats, RaisaGood: v["raisa-good"] == "on", PlayedTonight: remembered}
	if cfg.Board, err = rules.ParseBoard(v["board"]); err != nil {
		return nil, err
	}
	if cfg.Dice, err = rules.ParseDice(v["dice"]); err != nil {
		return nil, err
	}
	if _, err := rules.New(cfg, 0); err != nil {
		return nil, err
	}
	return NewOptions(cfg, ""), nil
}

// Rematch is the same table options with the night's memory as it is now
// (SR-13): the characters of the game just played count too.
func (Face) Rematch(options json.RawMessage, seats []string, remembered [][]string) (any, error) {
	var o Options
	if err := json.Unmarshal(options, &o); err != nil {
		return nil, fmt.Errorf("superrock options: %w", err)
	}
	o.PlayedTonight = remembered
	cfg, err := config(seats, mustJSON(o))
	if err != nil {
		return nil, err
	}
	if _, err := rules.New(cfg, 0); err != nil {
		return nil, err
	}
	return o, nil
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
