package noir

import (
	"bytes"
	"strconv"

	"tablemaster/engine"
	rules "tablemaster/engine/noir"
	"tablemaster/moderator/face"
)

// WriteApp writes a Noir page's app: a seat's phone or the table screen.
func (Face) WriteApp(b *bytes.Buffer, d *face.Page) { face.WriteByDevice(b, d, phone, table) }

func phone(b *bytes.Buffer, d *face.Page, v *rules.View) {
	l := d.Lang
	face.WriteTop(b, d, string(face.BDI(d.SeatName)), " — ", face.Words(l, d.RoleKey))
	face.WriteFlash(b, d)
	b.WriteString("\n")
	over(b, d, &v.PublicView)
	me := len(d.Snap.Choices) > 0
	face.WriteStatusOpen(b, d, me)
	if !me || v.Status.Key != "noir.ph.play" { // not "Your turn. Killer's turn."
		face.WriteMsg(b, l, v.Status)
	}
	b.WriteString("</div>\n")
	face.WriteUndo(b, d)
	face.WriteHoldOpen(b, d)
	if c := v.Identity; c != nil {
		face.Put(b, "<div>", face.Words(l, "noir.ui.identity"), ` <span class="cards"><span class="`, face.Escape(suitClass(c.Evidence)), `">`, face.Escape(c.Evidence), `</span></span> → <b class="`, face.Escape(suitClass(c.Suspect)), `">`, face.Escape(c.Suspect), "</b> (", face.Escape(c.Cell), ")</div>")
	} else {
		face.Put(b, "<div>", face.Words(l, "noir.ui.no_identity"), "</div>")
	}
	b.WriteString("\n")
	if c := v.Disguise; c != nil {
		face.Put(b, "<div>", face.Words(l, "noir.ui.disguise"), ` <span class="cards"><span class="`, face.Escape(suitClass(c.Evidence)), `">`, face.Escape(c.Evidence), `</span></span> → <b class="`, face.Escape(suitClass(c.Suspect)), `">`, face.Escape(c.Suspect), "</b> (", face.Escape(c.Cell), ")")
		if c.Dead {
			face.Put(b, " — ", face.Words(l, "noir.ui.disguise_dead"))
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
		face.Put(b, `<form method="post" action="`, face.Escape(d.Base), `/act"><input type="hidden" name="v" value="`, strconv.Itoa(d.Snap.StateVer), `">`)
		writePick(b, l, v.Cols, v.Grid, d.Snap.Choices)
		b.WriteString("</form>\n")
	} else {
		if len(d.Snap.Choices) > 0 {
			if len(v.Decoys) > 0 {
				// A dispute turn looks like any other at a glance
				// (rules.View.Decoys): the shifts in view, the card
				// to show under the fold.
				d.Groups = append([]face.ChoiceGroup{{Title: l.Text(v.Decoys[0].Group), Public: true, Choices: v.Decoys}}, d.Groups...)
			}
			face.WriteChoices(b, d)
		}
		b.WriteString("\n")
		writeGrid(b, v.Cols, v.Grid)
	}
	b.WriteString("\n")
	accused(b, d, &v.PublicView)
	b.WriteString("\n")
	stats(b, d, &v.PublicView)
	face.Put(b, "\n<h2>", face.Words(l, "mod.story"), "</h2>\n")
	face.WriteFeed(b, d)
	b.WriteString("\n")
}

// cardsLine is the Inspector's hand or drawn cards, if any.
func cardsLine(b *bytes.Buffer, l engine.Lang, key string, cards []rules.Card) {
	if len(cards) == 0 {
		return
	}
	face.Put(b, "<div>", face.Words(l, key), ` <span class="cards">`)
	for _, c := range cards {
		face.Put(b, `<span class="`, face.Escape(suitClass(c.Evidence)), `">`, face.Escape(c.Evidence), "</span>")
	}
	b.WriteString("</span></div>")
}

func table(b *bytes.Buffer, d *face.Page, v *rules.PublicView) {
	l := d.Lang
	name := "noir.name"
	if v.Variant == "automata" {
		name = "noir.automata.name"
	}
	face.WriteTop(b, d, face.Words(l, name))
	face.WritePlayers(b, d)
	b.WriteString("\n")
	over(b, d, v)
	face.WriteScreenStatusOpen(b)
	face.WriteMsg(b, l, v.Status)
	b.WriteString("</div>\n")
	accused(b, d, v)
	b.WriteString("\n")
	face.WriteUndoStatus(b, d)
	b.WriteString("\n")
	face.WriteTodo(b, d)
	b.WriteString("\n")
	b.WriteString(`<div class="cols"><div>`)
	writeGrid(b, v.Cols, v.Grid)
	stats(b, d, v)
	face.Put(b, "</div>\n<div><h2>", face.Words(l, "mod.story"), "</h2>")
	face.WriteFeed(b, d)
	b.WriteString("</div></div>\n")
}

// over is the end of the game: why, and both identities (noir.over).
func over(b *bytes.Buffer, d *face.Page, v *rules.PublicView) {
	if !v.Over {
		return
	}
	l := d.Lang
	face.WriteOverOpen(b, d)
	face.WriteMsg(b, l, v.Reason)
	b.WriteString("<br>\n")
	if c := v.KillerIdentity; c != nil {
		face.Put(b, face.Words(l, "noir.role.killer"), ": <b>", face.Escape(c.Suspect), "</b> (", face.Escape(c.Evidence), ")")
	}
	if c := v.KillerDisguise; c != nil {
		face.Put(b, ", ", face.Words(l, "noir.ui.disguised_as"), " <b>", face.Escape(c.Suspect), "</b>")
	}
	b.WriteString("\n")
	if c := v.InspectorIdentity; c != nil {
		face.Put(b, " · ", face.Words(l, "noir.role.inspector"), ": <b>", face.Escape(c.Suspect), "</b> (", face.Escape(c.Evidence), ")")
	}
	b.WriteString("</div>")
}

// accused is the first suspect of an Accuse (noir.accused).
func accused(b *bytes.Buffer, d *face.Page, v *rules.PublicView) {
	if v.Accused != "" {
		face.Put(b, `<div class="status">`, face.Words(d.Lang, "noir.ui.accused"), " <b>", face.Escape(v.Accused), "</b></div>")
	}
}

// stats are the counters and the cards out of the game (noir.stats).
func stats(b *bytes.Buffer, d *face.Page, v *rules.PublicView) {
	l := d.Lang
	face.Put(b, "<div class=\"stats\">\n<span>", face.Words(l, "noir.ui.kills"), ` <b id="kills">`, strconv.Itoa(v.Kills), "/", strconv.Itoa(v.KillsToWin), "</b></span>\n")
	face.Put(b, "<span>", face.Words(l, "noir.ui.deck"), " <b>", strconv.Itoa(v.Deck), "</b></span>\n")
	face.Put(b, "<span>", face.Words(l, "noir.ui.hand_size"), " <b>", strconv.Itoa(v.HandSize), "</b></span>\n")
	if v.Variant != "automata" {
		face.Put(b, "<span>", face.Words(l, "noir.ui.citizens"), " <b>", strconv.Itoa(v.ArrestsLeft), "</b></span>")
	}
	face.Put(b, "\n<span>", face.Words(l, "noir.ui.turn"), " <b>", strconv.Itoa(v.TurnNo), "</b></span>\n</div>\n")
	if len(v.Removed) > 0 || len(v.Discarded) > 0 {
		face.Put(b, `<div class="stats">`, face.Words(l, "noir.ui.removed"), ` <span class="cards">`)
		for _, cards := range [][]string{v.Removed, v.Discarded} {
			for _, c := range cards {
				face.Put(b, `<span class="`, face.Escape(suitClass(c)), `">`, face.Escape(c), "</span>")
			}
		}
		b.WriteString("</span></div>")
	}
	b.WriteString("\n")
}
