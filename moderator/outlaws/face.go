// Package outlaws is the face of Outlaws: Last Man Standing: how a table
// of the game (engine/outlaws) is built from its stored options and drawn
// on the phones, the table screen, the terminal and the night sheet.
package outlaws

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"tablemaster/engine"
	rules "tablemaster/engine/outlaws"
	"tablemaster/moderator/face"
)

// Face is Outlaws' face, registered under "outlaws".
type Face struct{}

func init() { face.Register(Face{}) }

// Name is "outlaws".
func (Face) Name() string { return "outlaws" }

// Seats: Red and Green.
func (Face) Seats() face.Seats {
	return face.Seats{Default: []string{"Red", "Green"}, Min: 2, Max: 2}
}

// New builds the game from its stored rules.Config.
func (Face) New(_ []string, raw json.RawMessage, seed uint64) (engine.Game, error) {
	var cfg rules.Config
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &cfg); err != nil {
			return nil, fmt.Errorf("outlaws options: %w", err)
		}
	}
	return rules.New(cfg, seed), nil
}

// Role: the factions are public; the first seat is Red.
func (Face) Role(s engine.Seat) string {
	if s == rules.Red {
		return "ol.role.red"
	}
	return "ol.role.green"
}

// Night: each seat's faction and its Ballots at the end.
func (Face) Night(g engine.Game) face.Night {
	v, _ := g.PublicView().(rules.PublicView)
	n := face.Night{Name: engine.M("ol.name"), RoleHead: engine.M("ol.night.faction"), Columns: []engine.Msg{engine.M("ol.night.ballots")}}
	for s := range 2 {
		role := engine.M(Face{}.Role(engine.Seat(s)))
		n.Seats = append(n.Seats, face.NightSeat{Role: &role, Columns: []engine.Msg{engine.M("ol.night.count", "n", strconv.Itoa(v.Held[s].Ballots))}})
	}
	return n
}

// Options are those of `tablemaster outlaws`.
func (Face) Options() []face.Option {
	return []face.Option{{Name: "cards", Label: engine.M("ol.opt.cards"), Values: []string{"playing", "boxed"}}}
}

// Configure reads the options as `tablemaster outlaws` reads its flags.
func (f Face) Configure(_ []string, values map[string]string, _ [][]string) (any, error) {
	v, err := face.Values(f.Options(), values)
	if err != nil {
		return nil, err
	}
	var cfg rules.Config
	if cfg.Cards, err = rules.ParseCards(v["cards"]); err != nil {
		return nil, err
	}
	return cfg, nil
}

// writeBoard writes the two streets facing each other, the opponent's (or
// Green's, on the table screen) on top, the tokens between them and the
// stock beside slot 8. mine, on a phone, is the seat's own street with
// every card named: it is drawn inside the hold-to-reveal area by the
// page, so here the seat's row shows only what everyone sees.
func writeBoard(b *bytes.Buffer, l engine.Lang, v *rules.PublicView, me engine.Seat) {
	top, bottom := 1, 0
	if me == rules.Green {
		top, bottom = 0, 1
	}
	b.WriteString(`<table class="grid ol"><tbody><tr><th></th>`)
	for i := range rules.Slots {
		face.Put(b, "<th>", strconv.Itoa(i+1), "</th>")
	}
	b.WriteString("<th></th></tr>")
	row := func(s int) {
		face.Put(b, `<tr><th>`, face.Escape(l.S(Face{}.Role(engine.Seat(s)))), `</th>`)
		for _, c := range v.Streets[s] {
			b.WriteString(`<td class="`)
			if c.Char != "" {
				b.WriteString("up")
			} else {
				b.WriteString("down")
			}
			if c.Restrained {
				b.WriteString(" rest")
			}
			b.WriteString(`">`)
			if c.Char != "" {
				face.Put(b, `<span>`, face.Escape(c.Card), `</span><small>`, face.Escape(name(l, c.Char)), `</small>`)
				if c.Camera { // in words: a laptop may lack an emoji font
					face.Put(b, `<small>`, face.Escape(l.S("ol.ui.camera_mark")), `</small>`)
				}
			}
			b.WriteString("</td>")
		}
		b.WriteString(`<td class="sal">`)
		for _, c := range v.Saloons[s] {
			face.Put(b, `<span>`, face.Escape(c.Card), " ", face.Escape(name(l, c.Char)), `</span>`)
		}
		b.WriteString("</td></tr>")
	}
	row(top)
	b.WriteString(`<tr class="toks"><th></th>`)
	for i := range rules.Slots {
		tok := false
		if len(v.Streets[0]) > i {
			tok = v.Streets[0][i].Token
		}
		if tok {
			b.WriteString(`<td class="tok">●</td>`)
		} else {
			b.WriteString(`<td class="tok empty"></td>`)
		}
	}
	face.Put(b, `<td class="stock">`, face.Escape(l.S("ol.ui.stock", "n", strconv.Itoa(v.Stock))), `</td></tr>`)
	row(bottom)
	b.WriteString("</tbody></table>")
}

// name is a character's or a token's name from its "@key" .
func name(l engine.Lang, key string) string { return l.S(strings.TrimPrefix(key, "@")) }

// writeHeld writes what each player holds in the open.
func writeHeld(b *bytes.Buffer, l engine.Lang, v *rules.PublicView) {
	for s, h := range v.Held {
		face.Put(b, `<div class="stats"><span><b>`, face.Escape(l.S(Face{}.Role(engine.Seat(s)))), `</b></span>`)
		for _, x := range [...]struct {
			key string
			n   int
		}{{"ol.token.bullet", h.Bullets}, {"ol.token.handcuffs", h.Handcuffs}, {"ol.token.ballot", h.Ballots}, {"ol.ui.cameras", h.Cameras}} {
			face.Put(b, "<span>", face.Escape(l.S(x.key)), " <b>", strconv.Itoa(x.n), "</b></span>")
		}
		if v.Phase == "setup" {
			k := "ol.ui.arranging"
			if h.Arranged {
				k = "ol.ui.arranged"
			}
			face.Put(b, "<span>", face.Words(l, k), "</span>")
		}
		b.WriteString("</div>")
	}
}
