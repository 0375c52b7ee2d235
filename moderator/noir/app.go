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
	b.WriteString("\n<div class=\"top\"><h1>" + string(face.BDI(d.SeatName)) + " — " + t(l, d.RoleKey) + "</h1>" + string(face.LangHTML(d)) + "</div>\n")
	b.WriteString(string(face.FlashHTML(d)) + "\n")
	over(b, d, &v.PublicView)
	b.WriteString("\n<div class=\"status")
	if len(d.Snap.Choices) > 0 {
		b.WriteString(" me")
	}
	b.WriteString("\" id=\"status\">")
	if len(d.Snap.Choices) > 0 {
		b.WriteString("<b>" + t(l, "mod.your_turn") + "</b> ")
	}
	b.WriteString(string(face.MsgHTML(l, v.Status)) + "</div>\n")
	b.WriteString(string(face.UndoHTML(d)) + "\n")
	b.WriteString("<div class=\"hold\" role=\"button\" tabindex=\"0\"><span>◉ " + t(l, "mod.hold") + "</span>\n<div class=\"secret\" id=\"secret\">\n")
	if c := v.Identity; c != nil {
		b.WriteString("<div>" + t(l, "noir.ui.identity") + ` <span class="cards"><span class="` + esc(suitClass(c.Evidence)) + `">` + esc(c.Evidence) +
			`</span></span> → <b class="` + esc(suitClass(c.Suspect)) + `">` + esc(c.Suspect) + "</b> (" + esc(c.Cell) + ")</div>")
	} else {
		b.WriteString("<div>" + t(l, "noir.ui.no_identity") + "</div>")
	}
	b.WriteString("\n")
	if c := v.Disguise; c != nil {
		b.WriteString("<div>" + t(l, "noir.ui.disguise") + ` <span class="cards"><span class="` + esc(suitClass(c.Evidence)) + `">` + esc(c.Evidence) +
			`</span></span> → <b class="` + esc(suitClass(c.Suspect)) + `">` + esc(c.Suspect) + "</b> (" + esc(c.Cell) + ")")
		if c.Dead {
			b.WriteString(" — " + t(l, "noir.ui.disguise_dead"))
		}
		b.WriteString("</div>")
	}
	b.WriteString("\n")
	cardsLine(b, l, "noir.ui.hand", v.Hand)
	b.WriteString("\n")
	cardsLine(b, l, "noir.ui.drawn", v.Drawn)
	b.WriteString("\n</div></div>\n")
	if len(d.Snap.Choices) > 0 && (v.Collapse != "" || v.Phase == "accuse-pick") {
		b.WriteString("<h2>" + string(face.MsgHTML(l, d.Snap.Choices[0].Group)) + "</h2>\n")
		b.WriteString(`<form method="post" action="` + esc(d.Base) + `/act"><input type="hidden" name="v" value="` + strconv.Itoa(d.Snap.StateVer) + `">`)
		b.WriteString(string(pick(l, v.Cols, v.Grid, d.Snap.Choices)) + "</form>\n")
	} else {
		if len(d.Snap.Choices) > 0 {
			b.WriteString(string(face.ChoicesHTML(d)))
		}
		b.WriteString("\n" + string(grid(v.Cols, v.Grid)))
	}
	b.WriteString("\n")
	accused(b, d, &v.PublicView)
	b.WriteString("\n")
	stats(b, d, &v.PublicView)
	b.WriteString("\n<h2>" + t(l, "mod.story") + "</h2>\n" + string(face.FeedHTML(d)) + "\n")
}

// cardsLine is the Inspector's hand or drawn cards, if any.
func cardsLine(b *bytes.Buffer, l engine.Lang, key string, cards []rules.Card) {
	if len(cards) == 0 {
		return
	}
	b.WriteString("<div>" + t(l, key) + ` <span class="cards">`)
	for _, c := range cards {
		b.WriteString(`<span class="` + esc(suitClass(c.Evidence)) + `">` + esc(c.Evidence) + "</span>")
	}
	b.WriteString("</span></div>")
}

func table(b *bytes.Buffer, d *face.Page, v *rules.PublicView) {
	l := d.Lang
	name := "noir.name"
	if v.Variant == "automata" {
		name = "noir.automata.name"
	}
	b.WriteString("\n<div class=\"top\"><h1>" + t(l, name) + "</h1>" + string(face.LangHTML(d)) + "</div>\n")
	b.WriteString(string(face.PlayersHTML(d)) + "\n")
	over(b, d, v)
	b.WriteString("\n<div class=\"status\" id=\"status\">" + string(face.MsgHTML(l, v.Status)) + "</div>\n")
	accused(b, d, v)
	b.WriteString("\n")
	if u := d.Snap.Undo; u != nil {
		b.WriteString(`<div class="status" id="undo">` + string(face.MsgHTML(l, u.Text)) + "</div>")
	}
	b.WriteString("\n" + string(face.TodoHTML(d)) + "\n")
	b.WriteString(`<div class="cols"><div>` + string(grid(v.Cols, v.Grid)))
	stats(b, d, v)
	b.WriteString("</div>\n<div><h2>" + t(l, "mod.story") + "</h2>" + string(face.FeedHTML(d)) + "</div></div>\n")
}

// over is the end of the game: why, and both identities (noir.over).
func over(b *bytes.Buffer, d *face.Page, v *rules.PublicView) {
	if !v.Over {
		return
	}
	l := d.Lang
	b.WriteString(`<div class="over" id="over">` + string(face.MsgHTML(l, v.Reason)) + "<br>\n")
	if c := v.KillerIdentity; c != nil {
		b.WriteString(t(l, "noir.role.killer") + ": <b>" + esc(c.Suspect) + "</b> (" + esc(c.Evidence) + ")")
	}
	if c := v.KillerDisguise; c != nil {
		b.WriteString(", " + t(l, "noir.ui.disguised_as") + " <b>" + esc(c.Suspect) + "</b>")
	}
	b.WriteString("\n")
	if c := v.InspectorIdentity; c != nil {
		b.WriteString(" · " + t(l, "noir.role.inspector") + ": <b>" + esc(c.Suspect) + "</b> (" + esc(c.Evidence) + ")")
	}
	b.WriteString("</div>")
}

// accused is the first suspect of an Accuse (noir.accused).
func accused(b *bytes.Buffer, d *face.Page, v *rules.PublicView) {
	if v.Accused != "" {
		b.WriteString(`<div class="status">` + t(d.Lang, "noir.ui.accused") + " <b>" + esc(v.Accused) + "</b></div>")
	}
}

// stats are the counters and the cards out of the game (noir.stats).
func stats(b *bytes.Buffer, d *face.Page, v *rules.PublicView) {
	l := d.Lang
	b.WriteString("<div class=\"stats\">\n<span>" + t(l, "noir.ui.kills") + ` <b id="kills">` + strconv.Itoa(v.Kills) + "/" + strconv.Itoa(v.KillsToWin) + "</b></span>\n")
	b.WriteString("<span>" + t(l, "noir.ui.deck") + " <b>" + strconv.Itoa(v.Deck) + "</b></span>\n")
	b.WriteString("<span>" + t(l, "noir.ui.hand_size") + " <b>" + strconv.Itoa(v.HandSize) + "</b></span>\n")
	if v.Variant != "automata" {
		b.WriteString("<span>" + t(l, "noir.ui.citizens") + " <b>" + strconv.Itoa(v.ArrestsLeft) + "</b></span>")
	}
	b.WriteString("\n<span>" + t(l, "noir.ui.turn") + " <b>" + strconv.Itoa(v.TurnNo) + "</b></span>\n</div>\n")
	if len(v.Removed) > 0 || len(v.Discarded) > 0 {
		b.WriteString(`<div class="stats">` + t(l, "noir.ui.removed") + ` <span class="cards">`)
		for _, cards := range [][]string{v.Removed, v.Discarded} {
			for _, c := range cards {
				b.WriteString(`<span class="` + esc(suitClass(c)) + `">` + esc(c) + "</span>")
			}
		}
		b.WriteString("</span></div>")
	}
	b.WriteString("\n")
}
