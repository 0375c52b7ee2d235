// Package noir is the face of Noir: Killer vs Inspector: how a table of
// the game (engine/noir) is built from its stored options and drawn on
// the phones, the table screen, the terminal and the night sheet.
package noir

import (
	"encoding/json"
	"fmt"
	"strconv"

	"tablemaster/engine"
	rules "tablemaster/engine/noir"
	"tablemaster/moderator/face"
)

// Face is Noir's face, registered under "noir".
type Face struct{}

func init() { face.Register(Face{}) }

// Name is "noir".
func (Face) Name() string { return "noir" }

// Seats: the Killer and the Inspector.
func (Face) Seats() face.Seats {
	return face.Seats{Default: []string{"Killer", "Inspector"}, Min: 2, Max: 2}
}

// New builds the game from its stored rules.Config.
func (Face) New(_ []string, raw json.RawMessage, seed uint64) (engine.Game, error) {
	var cfg rules.Config
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &cfg); err != nil {
			return nil, fmt.Errorf("noir options: %w", err)
		}
	}
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	return rules.New(cfg, seed), nil
}

// Sheet is "noir-automata" for a table of the Automata variant, "noir"
// for the playing-card variant.
func (Face) Sheet(raw json.RawMessage) string {
	var cfg rules.Config
	if json.Unmarshal(raw, &cfg) == nil && cfg.Variant == rules.Automata {
		return "noir-automata"
	}
	return "noir"
}

// Role: the sides are public, the first seat is the Killer.
func (Face) Role(s engine.Seat) string {
	if s == rules.Killer {
		return "noir.role.killer"
	}
	return "noir.role.inspector"
}

// Night: each seat's side, and the identities once the game is over.
func (Face) Night(g engine.Game) face.Night {
	v, _ := g.PublicView().(rules.PublicView)
	name := engine.M("noir.name")
	if v.Variant == "automata" {
		name = engine.M("noir.automata.name")
	}
	n := face.Night{Name: name, RoleHead: engine.M("noir.night.side"),
		Columns: []engine.Msg{engine.M("noir.night.identity")}}
	for s, id := range []*rules.Card{v.KillerIdentity, v.InspectorIdentity} {
		role := engine.M(Face{}.Role(engine.Seat(s)))
		cell := engine.M("noir.night.secret")
		if id != nil {
			cell = engine.M("noir.night.card", "suspect", id.Suspect, "card", id.Evidence)
		}
		if d := v.KillerDisguise; s == 0 && id != nil && d != nil {
			cell = engine.M("noir.night.card_disguise", "suspect", id.Suspect, "card", id.Evidence, "disguise", d.Suspect)
		}
		n.Seats = append(n.Seats, face.NightSeat{Role: &role, Columns: []engine.Msg{cell}})
	}
	return n
}

// Options are those of `tablemaster noir`.
func (Face) Options() []face.Option {
	return []face.Option{
		{Name: "variant", Label: engine.M("noir.opt.variant"), Values: []string{"cards", "automata"}},
		{Name: "kills", Label: engine.M("noir.opt.kills"), Values: []string{"10", "14", "16"}},
		{Name: "deck", Label: engine.M("noir.opt.deck"), Values: []string{"virtual", "physical"}},
		{Name: "layout", Label: engine.M("noir.opt.layout"), Values: []string{"ordered", "shuffled"}},
		{Name: "shift-rule", Label: engine.M("noir.opt.shift_rule"), Values: []string{"no-repeat", "no-undo"}},
		{Name: "kings", Label: engine.M("noir.opt.kings"), Values: []string{"off", "on"}},
	}
}

// Configure reads the options as `tablemaster noir` reads its flags.
func (f Face) Configure(_ []string, values map[string]string, _ [][]string) (any, error) {
	v, err := face.Values(f.Options(), values)
	if err != nil {
		return nil, err
	}
	var cfg rules.Config
	if cfg.Variant, err = rules.ParseVariant(v["variant"]); err != nil {
		return nil, err
	}
	if cfg.Deck, err = rules.ParseDeck(v["deck"]); err != nil {
		return nil, err
	}
	if cfg.Layout, err = rules.ParseLayout(v["layout"]); err != nil {
		return nil, err
	}
	if cfg.ShiftRule, err = rules.ParseShiftRule(v["shift-rule"]); err != nil {
		return nil, err
	}
	cfg.Kings = v["kings"] == "on"
	if cfg.Variant == rules.Automata {
		if cfg.Kills, err = strconv.Atoi(v["kills"]); err != nil {
			return nil, err
		}
	}
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	return cfg.Normal(), nil
}
