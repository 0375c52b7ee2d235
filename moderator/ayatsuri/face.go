// Package ayatsuri is the face of Ayatsuri Satsujin Jiken: how a table of
// the game (engine/ayatsuri) is built from its stored options and drawn
// on the phones, the table screen, the terminal and the night sheet.
package ayatsuri

import (
	"encoding/json"
	"fmt"
	"strconv"

	"tablemaster/engine"
	rules "tablemaster/engine/ayatsuri"
	"tablemaster/moderator/face"
)

// Face is Ayatsuri's face, registered under "ayatsuri".
type Face struct{}

func init() { face.Register(Face{}) }

// Name is "ayatsuri".
func (Face) Name() string { return "ayatsuri" }

// Seats: four players by default, as the rules allow.
func (Face) Seats() face.Seats {
	return face.Seats{Default: []string{"Aki", "Ben", "Chika", "Dai"}, Min: rules.MinPlayers, Max: rules.MaxPlayers}
}

// New builds the game from its stored rules.Config; the header's seats
// are the players.
func (Face) New(seats []string, raw json.RawMessage, seed uint64) (engine.Game, error) {
	var cfg rules.Config
	if err := json.Unmarshal(raw, &cfg); err != nil {
		return nil, fmt.Errorf("ayatsuri options: %w", err)
	}
	cfg.Players = seats
	return rules.New(cfg, seed)
}

// Role: roles are secret, nobody's name carries one.
func (Face) Role(engine.Seat) string { return "" }

// Night: each player's life and kills (public all game long); roles
// change every round, so the sheet names none.
func (Face) Night(g engine.Game) face.Night {
	v, _ := g.PublicView().(rules.PublicView)
	n := face.Night{Name: engine.M("ay.name"), Columns: []engine.Msg{engine.M("ay.night.life"), engine.M("ay.night.kills")}}
	for _, p := range v.Players {
		n.Seats = append(n.Seats, face.NightSeat{Columns: []engine.Msg{
			engine.M("ay.night.count", "n", strconv.Itoa(p.Life)), engine.M("ay.night.count", "n", strconv.Itoa(p.Kills))}})
	}
	return n
}

// Options are those of `tablemaster ayatsuri` (the first player listed
// holds the dictator marker first).
func (Face) Options() []face.Option {
	return []face.Option{
		{Name: "bomb-girl", Label: engine.M("ay.opt.bomb_girl"), Values: []string{"off", "on"}},
		{Name: "toss", Label: engine.M("ay.opt.toss"), Values: []string{"engine", "chips"}},
	}
}

// Configure reads the options as `tablemaster ayatsuri` reads its flags.
func (f Face) Configure(seats []string, values map[string]string, _ [][]string) (any, error) {
	v, err := face.Values(f.Options(), values)
	if err != nil {
		return nil, err
	}
	cfg := rules.Config{Players: seats, BombGirl: v["bomb-girl"] == "on"}
	if cfg.Toss, err = rules.ParseToss(v["toss"]); err != nil {
		return nil, err
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cfg.Players = nil // the header's seats are the players
	return cfg, nil
}

// The game's name under the face's own name too ("ayatsuri.name"), which is how
// the core and the commands name a table's game.
func init() {
	engine.Register(map[string]engine.Text{"ayatsuri.name": {EN: engine.EN.Raw("ay.name"), JA: engine.JA.Raw("ay.name")}})
}
