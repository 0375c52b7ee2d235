package noir

import (
	"bytes"
	"strconv"

	"tablemaster/engine"
	rules "tablemaster/engine/noir"
	"tablemaster/moderator/face"
)

// WriteApp writes a Noir page's app in Go (face.Writer): byte for byte
// what noir.tmpl's "noir.phone" and "noir.table" write, which stay as the
// reference the tests compare it with at every step of random games.
func (Face) WriteApp(b *bytes.Buffer, d *face.Page) {
	if d.Phone {
		v, _ := d.Snap.View.(rules.View)
		phone(b, d, v)
		return
	}
	v, _ := d.Snap.View.(rules.PublicView)
	table(b, d, &v)
}

// esc escapes text as the templates do.
func esc(s string) string { return face.TemplateEscape(s) }

// t is a catalogue sentence, escaped (templates: t).
func t(l engine.Lang, key string) string { return esc(l.S(key)) }

func phone(b *bytes.Buffer, d *face.Page, v rules.View) {
	l := d.Lang
	b.WriteString("\n<div class=\"top\"><h1>")
	face.WriteBDI(b, d.SeatName)
	face.Put(b, " — ", t(l, d.RoleKey), "</h1>")
	face.WriteLang(b, d)
	b.WriteString("</div>\n")
	face.WriteFlash(b, d)
	b.WriteString("\n")
	over(b, d, &v.PublicView)
	b.WriteString("\n<div class=\"status")
	if len(d.Snap.Choices) > 0 {
		b.WriteString(" me")
	}
	b.WriteString("\" id=\"status\">")
	if len(d.Snap.Choices) > 0 {
		face.Put(b, "<b>", t(l, "mod.your_turn"), "</b> ")
	}
	face.WriteMsg(b, l, v.Status)
	b.WriteString("</div>\n")
	face.WriteUndo(b, d)
	b.WriteString("\n")
	face.Put(b, "<div class=\"hold\" role=\"button\" tabindex=\"0\"><span>◉ ", t(l, "mod.hold"), "</span>\n<div class=\"secret\" id=\"secret\">\n")
	if c := v.Identity; c != nil {
		face.Put(b, "<div>", t(l, "noir.ui.identity"), ` <span class="cards"><span class="`, esc(suitClass(c.Evidence)), `">`, esc(c.Evidence), `</span></span> → <b class="`, esc(suitClass(c.Suspect)), `">`, esc(c.Suspect), "</b> (", esc(c.Cell), ")</div>")
	} else {
		face.Put(b, "<div>", t(l, "noir.ui.no_identity"), "</div>")
	}
	b.WriteString("\n")
	if c := v.Disguise; c != nil {
		face.Put(b, "<div>", t(l, "noir.ui.disguise"), ` <span class="cards"><span class="`, esc(suitClass(c.Evidence)), `">`, esc(c.Evidence), `</span></span> → <b class="`, esc(suitClass(c.Suspect)), `">`, esc(c.Suspect), "</b> (", esc(c.Cell), ")")
		if c.Dead {
			face.Put(b, " — ", t(l, "noir.ui.disguise_dead"))
		}
		b.WriteString("</div>")
	}
	b.WriteString("\n")
	cardsLine(b, l, "noir.ui.hand", v.Hand)
	b.WriteString("\n")
	cardsLine(b, l, "noir.ui.drawn", v.Drawn)
	b.WriteString("\n</div></div>\n")
	if len(d.Snap.Choices) > 0 && (v.Collapse != "" || v.Phase == "accuse-pick") {
		b.WriteString("<h2>")
		face.WriteMsg(b, l, d.Snap.Choices[0].Group)
		b.WriteString("</h2>\n")
		face.Put(b, `<form method="post" action="`, esc(d.Base), `/act"><input type="hidden" name="v" value="`, strconv.Itoa(d.Snap.StateVer), `">`)
		writePick(b, l, v.Cols, v.Grid, d.Snap.Choices)
		b.WriteString("</form>\n")
	} else {
		if len(d.Snap.Choices) > 0 {
			face.WriteChoices(b, d)
		}
		b.WriteString("\n")
		writeGrid(b, v.Cols, v.Grid)
	}
	b.WriteString("\n")
	accused(b, d, &v.PublicView)
	b.WriteString("\n")
	stats(b, d, &v.PublicView)
	face.Put(b, "\n<h2>", t(l, "mod.story"), "</h2>\n")
	face.WriteFeed(b, d)
	b.WriteString("\n")
}

// cardsLine is the Inspector's hand or drawn cards, if any.
func cardsLine(b *bytes.Buffer, l engine.Lang, key string, cards []rules.Card) {
	if len(cards) == 0 {
		return
	}
	face.Put(b, "<div>", t(l, key), ` <span class="cards">`)
	for _, c := range cards {
		face.Put(b, `<span class="`, esc(suitClass(c.Evidence)), `">`, esc(c.Evidence), "</span>")
	}
	b.WriteString("</span></div>")
}

func table(b *bytes.Buffer, d *face.Page, v *rules.PublicView) {
	l := d.Lang
	name := "noir.name"
	if v.Variant == "automata" {
		name = "noir.automata.name"
	}
	face.Put(b, "\n<div class=\"top\"><h1>", t(l, name), "</h1>")
	face.WriteLang(b, d)
	b.WriteString("</div>\n")
	face.WritePlayers(b, d)
	b.WriteString("\n")
	over(b, d, v)
	b.WriteString("\n<div class=\"status\" id=\"status\">")
	face.WriteMsg(b, l, v.Status)
	b.WriteString("</div>\n")
	accused(b, d, v)
	b.WriteString("\n")
	if u := d.Snap.Undo; u != nil {
		b.WriteString(`<div class="status" id="undo">`)
		face.WriteMsg(b, l, u.Text)
		b.WriteString("</div>")
	}
	b.WriteString("\n")
	face.WriteTodo(b, d)
	b.WriteString("\n")
	b.WriteString(`<div class="cols"><div>`)
	writeGrid(b, v.Cols, v.Grid)
	stats(b, d, v)
	face.Put(b, "</div>\n<div><h2>", t(l, "mod.story"), "</h2>")
	face.WriteFeed(b, d)
	b.WriteString("</div></div>\n")
}

// over is the end of the game: why, and both identities (noir.over).
func over(b *bytes.Buffer, d *face.Page, v *rules.PublicView) {
	if !v.Over {
		return
	}
	l := d.Lang
	b.WriteString(`<div class="over" id="over">`)
	face.WriteMsg(b, l, v.Reason)
	b.WriteString("<br>\n")
	if c := v.KillerIdentity; c != nil {
		face.Put(b, t(l, "noir.role.killer"), ": <b>", esc(c.Suspect), "</b> (", esc(c.Evidence), ")")
	}
	if c := v.KillerDisguise; c != nil {
		face.Put(b, ", ", t(l, "noir.ui.disguised_as"), " <b>", esc(c.Suspect), "</b>")
	}
	b.WriteString("\n")
	if c := v.InspectorIdentity; c != nil {
		face.Put(b, " · ", t(l, "noir.role.inspector"), ": <b>", esc(c.Suspect), "</b> (", esc(c.Evidence), ")")
	}
	b.WriteString("</div>")
}

// accused is the first suspect of an Accuse (noir.accused).
func accused(b *bytes.Buffer, d *face.Page, v *rules.PublicView) {
	if v.Accused != "" {
		face.Put(b, `<div class="status">`, t(d.Lang, "noir.ui.accused"), " <b>", esc(v.Accused), "</b></div>")
	}
}

// stats are the counters and the cards out of the game (noir.stats).
func stats(b *bytes.Buffer, d *face.Page, v *rules.PublicView) {
	l := d.Lang
	face.Put(b, "<div class=\"stats\">\n<span>", t(l, "noir.ui.kills"), ` <b id="kills">`, strconv.Itoa(v.Kills), "/", strconv.Itoa(v.KillsToWin), "</b></span>\n")
	face.Put(b, "<span>", t(l, "noir.ui.deck"), " <b>", strconv.Itoa(v.Deck), "</b></span>\n")
	face.Put(b, "<span>", t(l, "noir.ui.hand_size"), " <b>", strconv.Itoa(v.HandSize), "</b></span>\n")
	if v.Variant != "automata" {
		face.Put(b, "<span>", t(l, "noir.ui.citizens"), " <b>", strconv.Itoa(v.ArrestsLeft), "</b></span>")
	}
	face.Put(b, "\n<span>", t(l, "noir.ui.turn"), " <b>", strconv.Itoa(v.TurnNo), "</b></span>\n</div>\n")
	if len(v.Removed) > 0 || len(v.Discarded) > 0 {
		face.Put(b, `<div class="stats">`, t(l, "noir.ui.removed"), ` <span class="cards">`)
		for _, cards := range [][]string{v.Removed, v.Discarded} {
			for _, c := range cards {
				face.Put(b, `<span class="`, esc(suitClass(c)), `">`, esc(c), "</span>")
			}
		}
		b.WriteString("</span></div>")
	}
	b.WriteString("\n")
}
