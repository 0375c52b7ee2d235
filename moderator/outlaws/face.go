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
// stock beside slot 8, as they lie on the table: a card face up for
// everyone (restrained, under a camera) with its marker, a card shown by
// the last action face up until the next begins, the cards a Move has
// picked up lifted. mine, on a phone, is the seat's own street with every
// card named: it is drawn inside the hold-to-reveal area by the page, so
// here the seat's row shows only what everyone sees. taps, on a phone
// whose Move or Saloon move is its to make, makes the seat's cards
// buttons: "5" its slot 5, "s1" its Saloon card 1.
func writeBoard(b *bytes.Buffer, l engine.Lang, v *rules.PublicView, me engine.Seat, taps map[string]engine.Choice) {
	top, bottom := 1, 0
	if me == rules.Green {
		top, bottom = 0, 1
	}
	b.WriteString(`<table class="grid ol`)
	if taps != nil {
		b.WriteString(" pick")
	}
	b.WriteString(`"><tbody><tr><th></th>`)
	for i := range rules.Slots {
		face.Put(b, "<th>", strconv.Itoa(i+1), "</th>")
	}
	b.WriteString("<th></th></tr>")
	row := func(s int) {
		mine := engine.Seat(s) == me
		face.Put(b, `<tr><th>`, face.Escape(l.S(Face{}.Role(engine.Seat(s)))), `</th>`)
		for _, c := range v.Streets[s] {
			b.WriteString(`<td`)
			cls := face.ClassAttr{B: b}
			cls.Add(c.Char != "", "up")
			cls.Add(c.Restrained, "rest")
			cls.Add(c.Shown, "shown")
			cls.Add(engine.Seat(s) == v.Turn && contains(v.Picked, c.Slot), "lift")
			cls.Close()
			b.WriteString(`>`)
			ch, tap := taps[c.Slot]
			if tap && mine {
				face.Put(b, `<button name="a" value="`, face.Escape(string(ch.Action)), `">`)
			}
			if c.Char != "" {
				face.Put(b, `<span>`, face.Escape(c.Card), `</span><small>`, face.Escape(name(l, c.Char)), `</small>`)
				// Markers in words: a laptop may lack an emoji font.
				switch {
				case c.Restrained:
					face.Put(b, `<small>`, face.Words(l, "ol.ui.restrained_mark"), `</small>`)
				case c.Camera:
					face.Put(b, `<small>`, face.Words(l, "ol.ui.camera_mark"), `</small>`)
				case c.Shown:
					face.Put(b, `<small>`, face.Words(l, "ol.ui.shown_mark"), `</small>`)
				}
			}
			if tap && mine {
				b.WriteString("</button>")
			}
			b.WriteString("</td>")
		}
		b.WriteString(`<td class="sal">`)
		for k, c := range v.Saloons[s] {
			key := "s" + strconv.Itoa(k+1)
			if ch, ok := taps[key]; ok && mine {
				face.Put(b, `<button name="a" value="`, face.Escape(string(ch.Action)), `">`, face.Escape(c.Card), " ", face.Escape(name(l, c.Char)), `</button>`)
				continue
			}
			b.WriteString(`<span`)
			if engine.Seat(s) == v.Turn && v.SaloonTaken == key[1:] {
				b.WriteString(` class="lift"`)
			}
			face.Put(b, `>`, face.Escape(c.Card), " ", face.Escape(name(l, c.Char)), `</span>`)
		}
		b.WriteString("</td></tr>")
	}
	row(top)
	// The tokens: face down, as far as the table knows (OL-3); what a
	// failed declaration ruled out is public.
	lab := "ol.ui.tokens"
	if v.Tiebreak {
		lab = "ol.ui.tokens_tiebreak"
	}
	face.Put(b, `<tr class="toks"><th>`, face.Words(l, lab), `</th>`)
	for i := range rules.Slots {
		if len(v.Streets[0]) <= i || !v.Streets[0][i].Token {
			b.WriteString(`<td></td>`)
			continue
		}
		b.WriteString(`<td>●`)
		for _, t := range v.Streets[0][i].NotTokens {
			face.Put(b, `<small>`, face.Escape(l.S("ol.ui.not_token", "token", name(l, t))), `</small>`)
		}
		b.WriteString(`</td>`)
	}
	face.Put(b, `<td class="stock">`, face.Escape(l.S("ol.ui.stock", "n", strconv.Itoa(v.Stock))), `</td></tr>`)
	row(bottom)
	b.WriteString("</tbody></table>")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
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
