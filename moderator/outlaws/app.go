package outlaws

import (
	"bytes"
	"strconv"
	"strings"

	"tablemaster/engine"
	rules "tablemaster/engine/outlaws"
	"tablemaster/moderator/face"
)

// WriteApp writes an Outlaws page's app: a seat's phone or the table
// screen. Written by html/template a phone took 0.16 ms, most of it
// reflection.
func (Face) WriteApp(b *bytes.Buffer, d *face.Page) { face.WriteByDevice(b, d, phone, table) }

// olPhoneStyle is the style of the Outlaws board, which every Outlaws
// page carries. No label wraps: a Japanese one would stack a character a
// line.
const olPhoneStyle = `<style>.ol td{width:2.6rem;height:3.2rem;font-size:.85rem;background:#3b4a66}.ol td.up{background:var(--card)}.ol td small{display:block;font-size:.6rem;overflow-wrap:anywhere}.ol td.rest{outline:3px solid var(--red)}.ol td.shown{outline:3px dashed var(--acc)}.ol td.lift{opacity:.45;outline:3px solid var(--acc)}` +
	`.ol tr.toks td{background:none;color:var(--acc);height:auto}.ol tr.toks small{color:var(--mute)}.ol td.sal,.ol td.stock{background:none;color:var(--mute);width:auto;font-size:.7rem;text-align:left}.ol td.sal span{display:block;font-weight:normal}.ol th,.ol td.sal,.ol td.stock{white-space:nowrap}` +
	`.ol td.sal button{display:block;box-sizing:border-box;width:100%;height:auto;margin:.1rem 0;min-height:0;padding:.3rem .4rem}.lay li{margin:.15rem 0}</style>`

// olTVStyle is what the table screen adds: every label at least 1rem,
// 24 px at 1080p, readable from 3 m.
const olTVStyle = `<style>.screen .ol small{white-space:nowrap}.screen .ol th,.screen .ol td small,.screen .ol td.sal,.screen .ol td.stock,.screen .ol tr.toks td{font-size:1rem}.screen .ol td.sal span{font-size:1.1rem}</style>`

func phone(b *bytes.Buffer, d *face.Page, v *rules.View) {
	l := d.Lang
	b.WriteString(olPhoneStyle)
	face.WriteTop(b, d, string(face.BDI(d.SeatName)), " — ", face.Words(l, d.RoleKey))
	face.WriteFlash(b, d)
	b.WriteString("\n")
	over(b, d, &v.PublicView)
	me := len(d.Snap.Choices) > 0
	face.WriteStatusOpen(b, d, me)
	if me && v.Status.Key == "ol.ph.play" { // not "Your turn. Red to play: …"
		face.WriteMsg(b, l, engine.M("ol.ph.play.you", "n", v.Status.Args["n"]))
	} else {
		face.WriteMsg(b, l, v.Status)
	}
	b.WriteString("</div>\n")
	face.WriteUndo(b, d)
	face.WriteHoldOpen(b, d)
	if c := v.Threat; c != nil {
		face.Put(b, "<div>", face.Words(l, "ol.ui.threat"), " <b>", face.Escape(c.Card), " ", face.Escape(name(l, c.Char)), "</b></div>")
	}
	b.WriteString("\n")
	switch {
	case v.Laying: // the street is in the lay step, one tap away
	case len(v.Mine) > 0:
		face.Put(b, "<div>", face.Words(l, "ol.ui.mine"), ` <span class="cards">`)
		for _, c := range v.Mine {
			face.Put(b, "<span>", face.Escape(c.Slot), ": ", face.Escape(c.Card), " ", face.Escape(name(l, c.Char)), "</span>")
		}
		b.WriteString("</span></div>\n")
	case len(v.Placed) > 0:
		face.Put(b, "<div>", face.Words(l, "ol.ui.placed_so_far"), ` <span class="cards">`)
		for _, c := range v.Placed {
			face.Put(b, "<span>", face.Escape(c.Card), " ", face.Escape(name(l, c.Char)), "</span>")
		}
		b.WriteString("</span></div>\n")
	default:
		face.Put(b, "<div>", face.Words(l, "ol.ui.nothing_yet"), "</div>")
	}
	b.WriteString("\n")
	for _, m := range v.Notes {
		b.WriteString("<div>")
		face.WriteMsg(b, l, m)
		b.WriteString("</div>")
	}
	b.WriteString("\n</div></div>\n")
	c := sortChoices(d, v)
	if v.Laying {
		writeLay(b, d, v, c.laid)
	}
	writeGroups(b, d, c.open)
	// Whenever the seat has something to do the fold is there, empty too:
	// whether it holds a move (the guard of a reaction, an ability) may
	// depend on the seat's cards, which must not show at a glance.
	if len(c.folded) > 0 || len(d.Snap.Choices) > 0 {
		summary := "mod.moves"
		switch v.Phase {
		case "setup":
			summary = "ol.ui.fold_place"
		case "saloon-put":
			summary = "ol.ui.fold_put"
		}
		face.Put(b, "\n<details id=\"moves\"><summary>", face.Words(l, summary), "</summary>\n")
		if len(c.folded) > 0 {
			writeGroups(b, d, c.folded)
		} else {
			face.Put(b, "<p>", face.Words(l, "mod.moves_none"), "</p>")
		}
		b.WriteString("\n</details>")
	}
	b.WriteString("\n")
	if len(c.board) > 0 {
		for _, g := range c.board {
			face.Put(b, "<h2>", face.Escape(g.Title), "</h2>")
		}
		writeForm(b, d, "")
		writeBoard(b, l, &v.PublicView, d.Seat, c.taps())
		b.WriteString("</form>")
	} else {
		writeBoard(b, l, &v.PublicView, d.Seat, nil)
	}
	b.WriteString("\n")
	writeHeld(b, l, &v.PublicView)
	face.Put(b, "\n<h2>", face.Words(l, "mod.story"), "</h2>\n")
	face.WriteFeed(b, d)
	b.WriteString("\n")
}

// choices are a phone's choice groups by where the page puts them.
type choices struct {
	// board: a card to tap on the street picture (a Move's, a Saloon
	// move's) or a Saloon card to take: these tell nothing (OL-7).
	board []face.ChoiceGroup
	// open: choices whose presence and words everyone may know (swapped
	// or not, an answer, a name to say, deal for me): shown at rest.
	open []face.ChoiceGroup
	// folded: the rest, which name or act on the seat's own cards, and
	// whose presence may tell them (a Check's "Slot 3: Sheriff", the
	// guard, where the Governor may not go): behind one tap, as the
	// glance rule wants of a phone lying on the table.
	folded []face.ChoiceGroup
	laid   *engine.Choice // "Done laying", drawn in the lay step
}

// openKinds are the kinds of choice a phone shows at rest.
var openKinds = map[string]bool{"swap": true, "pretend": true, "let": true, "name": true, "deal": true}

func sortChoices(d *face.Page, v *rules.View) choices {
	var c choices
	for _, g := range d.Groups {
		kind, _, _ := strings.Cut(string(g.Choices[0].Action), " ")
		switch {
		case kind == "laid" && v.Laying:
			c.laid = &g.Choices[0]
		case kind == "move" || kind == "with" || kind == "saloon":
			c.board = append(c.board, g)
		case openKinds[kind] || kind == "laid":
			c.open = append(c.open, g)
		default:
			c.folded = append(c.folded, g)
		}
	}
	return c
}

// taps maps the cells of the street picture to the choices they take:
// "5" a street card of the seat's, "s1" its Saloon card 1.
func (c choices) taps() map[string]engine.Choice {
	m := map[string]engine.Choice{}
	for _, g := range c.board {
		for _, ch := range g.Choices {
			f := strings.Fields(string(ch.Action))
			switch {
			case f[0] == "saloon":
				m["s"+f[1]] = ch
			case len(f) == 2:
				m[f[1]] = ch
			default: // the second card: the one not up yet
				m[ch.Label.Args["slot"]] = ch
			}
		}
	}
	return m
}

// writeGroups writes groups of choices, each its heading and its
// buttons, in one form: a form each cost a turn's page some 1.1 KB.
func writeGroups(b *bytes.Buffer, d *face.Page, gs []face.ChoiceGroup) {
	if len(gs) == 0 {
		return
	}
	writeForm(b, d, "")
	for _, g := range gs {
		face.Put(b, "<h2>", face.Escape(g.Title), `</h2><div class="choices">`)
		face.WriteButtons(b, d.Lang, g.Choices)
		b.WriteString("</div>")
	}
	b.WriteString("</form>")
}

// writeForm opens the form that posts a choice, of class cls if any.
func writeForm(b *bytes.Buffer, d *face.Page, cls string) {
	face.Put(b, `<form method="post" action="`, face.Escape(d.Base), `/act"`)
	if cls != "" {
		face.Put(b, ` class="`, cls, `"`)
	}
	face.Put(b, `><input type="hidden" name="v" value="`, strconv.Itoa(d.Snap.StateVer), `">`)
}

// writeLay is the lay step (the seat has arranged, by hand or dealt): the
// street slot by slot and the Saloon, behind one tap that stays open
// while the real cards are laid, and "Done laying".
func writeLay(b *bytes.Buffer, d *face.Page, v *rules.View, done *engine.Choice) {
	l := d.Lang
	face.Put(b, "\n<details id=\"lay\" class=\"lay\"><summary>", face.Words(l, "ol.ui.lay"), "</summary><ol>")
	for _, c := range v.Mine {
		face.Put(b, "<li>", face.Escape(c.Card), " ", face.Escape(name(l, c.Char)), "</li>")
	}
	face.Put(b, "</ol><div>", face.Words(l, "ol.ui.lay_saloon"), ` <span class="cards">`)
	for _, c := range v.Saloon {
		face.Put(b, "<span>", face.Escape(c.Card), " ", face.Escape(name(l, c.Char)), "</span>")
	}
	b.WriteString("</span></div>")
	if done != nil {
		writeForm(b, d, "choices")
		face.WriteButtons(b, l, []engine.Choice{*done})
		b.WriteString("</form>")
	}
	b.WriteString("</details>\n")
}

func table(b *bytes.Buffer, d *face.Page, v *rules.PublicView) {
	l := d.Lang
	b.WriteString(olPhoneStyle + olTVStyle)
	face.WriteTop(b, d, face.Words(l, "ol.name"))
	face.WritePlayers(b, d)
	b.WriteString("\n")
	over(b, d, v)
	face.WriteScreenStatusOpen(b)
	face.WriteMsg(b, l, v.Status)
	b.WriteString("</div>\n")
	face.WriteUndoStatus(b, d)
	b.WriteString("\n")
	face.WriteTodo(b, d)
	b.WriteString("\n<div class=\"cols\"><div>")
	writeBoard(b, l, v, engine.Public, nil)
	writeHeld(b, l, v)
	face.Put(b, "</div>\n<div><h2>", face.Words(l, "mod.story"), "</h2>")
	face.WriteFeed(b, d)
	b.WriteString("</div></div>\n")
}

// over is the end of the game (ol.over).
func over(b *bytes.Buffer, d *face.Page, v *rules.PublicView) {
	if v.Over {
		face.WriteOverOpen(b, d)
		face.WriteMsg(b, d.Lang, v.Reason)
		b.WriteString("</div>")
	}
}
