package ayatsuri

import (
	"bytes"
	"strconv"
	"strings"

	"tablemaster/engine"
	rules "tablemaster/engine/ayatsuri"
	"tablemaster/moderator/face"
)

// WriteApp writes an Ayatsuri page's app: a seat's phone or the table
// screen. Written by html/template a page took some 0.13 ms, most of it
// reflection.
func (Face) WriteApp(b *bytes.Buffer, d *face.Page) { face.WriteByDevice(b, d, phone, table) }

func phone(b *bytes.Buffer, d *face.Page, v *rules.View) {
	l := d.Lang
	face.WriteTop(b, d, string(face.BDI(d.SeatName)))
	face.WriteFlash(b, d)
	b.WriteString("\n")
	over(b, d, &v.PublicView)
	if m, ok := yourStatus(d, v); ok {
		// The mover's phone says it once, to them: "Your turn: choose a
		// role.", not "Your turn. Round 1: Aki is choosing a role."
		b.WriteString("\n<div class=\"status me\" id=\"status\">")
		face.WriteMsg(b, l, m)
	} else {
		face.WriteStatusOpen(b, d, len(d.Snap.Choices) > 0)
		status(b, l, &v.PublicView)
	}
	b.WriteString("</div>\n")
	face.WriteUndo(b, d)
	face.WriteHoldOpen(b, d)
	if r := v.Role; r != nil {
		face.Put(b, "<div>", face.Words(l, "ay.ui.your_role"), ` <span class="cards"><span>`, face.Escape(r.Mark), " ", face.Words(l, r.Key), "</span></span></div>")
	} else {
		face.Put(b, "<div>", face.Words(l, "ay.ui.no_role"), "</div>")
	}
	b.WriteString("\n")
	if len(v.Hand) > 0 {
		face.Put(b, "<div>", face.Words(l, "ay.ui.hand"), ` <span class="cards">`)
		for _, r := range v.Hand {
			face.Put(b, "<span>", face.Escape(r.Mark), " ", face.Words(l, r.Key), "</span>")
		}
		b.WriteString("</span></div>")
	}
	b.WriteString("\n")
	if len(v.Serial) > 0 {
		face.Put(b, "<div>", face.Words(l, "ay.ui.serial"), " ")
		for _, s := range v.Serial {
			face.Put(b, "<b>", face.Escape(s), "</b> ")
		}
		b.WriteString("</div>")
	}
	b.WriteString("\n</div></div>\n")
	if len(d.Snap.Choices) > 0 {
		face.WriteChoices(b, d)
	}
	b.WriteString("\n")
	players(b, l, &v.PublicView)
	b.WriteString("\n")
	board(b, l, &v.PublicView)
	face.Put(b, "\n<h2>", face.Words(l, "mod.story"), "</h2>\n")
	face.WriteFeed(b, d)
	b.WriteString("\n")
	history(b, l, &v.PublicView)
	b.WriteString("\n")
}

func table(b *bytes.Buffer, d *face.Page, v *rules.PublicView) {
	l := d.Lang
	face.WriteTop(b, d, face.Words(l, "ay.name"))
	face.WritePlayers(b, d)
	b.WriteString("\n")
	over(b, d, v)
	if v.Phase == rules.PhReveal {
		// The call is the story's line "① Brutal Cop is called: Dai
		// answers.", which the voice reads as a game master calls it
		// ("Number 1, Brutal Cop …"): the status says it again.
		b.WriteString("\n<div class=\"status\" id=\"status\">")
	} else {
		face.WriteScreenStatusOpen(b)
	}
	status(b, l, v)
	b.WriteString("</div>\n")
	face.WriteUndoStatus(b, d)
	b.WriteString("\n")
	face.WriteTodo(b, d)
	b.WriteString("\n<div class=\"cols\"><div>")
	players(b, l, v)
	board(b, l, v)
	face.Put(b, "</div>\n<div><h2>", face.Words(l, "mod.story"), "</h2>")
	face.WriteFeed(b, d)
	b.WriteString("</div></div>\n")
	history(b, l, v)
	b.WriteString("\n")
}

// yourStatus is the status in the second person ("ay.you.X" for
// "ay.st.X", same arguments) when the phone's seat is the one whose move
// it is and has its choices now.
func yourStatus(d *face.Page, v *rules.View) (engine.Msg, bool) {
	st := v.Status
	if v.Over || len(d.Snap.Choices) == 0 || int(v.Seat) >= len(v.Players) || !v.Players[v.Seat].Turn || !strings.HasPrefix(st.Key, "ay.st.") {
		return engine.Msg{}, false
	}
	st.Key = "ay.you." + strings.TrimPrefix(st.Key, "ay.st.")
	if !engine.Has(st.Key) {
		return engine.Msg{}, false
	}
	return st, true
}

// status is the game's status, or its end.
func status(b *bytes.Buffer, l engine.Lang, v *rules.PublicView) {
	if v.Over {
		b.WriteString(face.Words(l, "mod.game_over"))
		return
	}
	face.WriteMsg(b, l, v.Status)
}

// over is the end of the game (ay.over).
func over(b *bytes.Buffer, d *face.Page, v *rules.PublicView) {
	if v.Over {
		face.WriteOverOpen(b, d)
		face.WriteMsg(b, d.Lang, v.Reason)
		b.WriteString("</div>")
	}
}

// players is the players' table (ay.players).
func players(b *bytes.Buffer, l engine.Lang, v *rules.PublicView) {
	face.Put(b, "<table class=\"ay\">\n<tr><th></th><th>", face.Words(l, "ay.ui.life"), "</th><th>", face.Words(l, "ay.ui.kills"), "</th><th>", face.Words(l, "ay.ui.role"), "</th></tr>\n")
	for _, p := range v.Players {
		b.WriteString(`<tr class="`)
		if p.Turn {
			b.WriteString("turn")
		}
		if p.Killed {
			b.WriteString(" killed")
		}
		b.WriteString(`"><td>`)
		if p.Turn {
			b.WriteString("▶ ")
		}
		b.WriteString("<b>")
		face.WriteBDI(b, p.Name)
		b.WriteString("</b>")
		if p.Marker {
			face.Put(b, ` <span class="mark">♛ `, face.Words(l, "ay.ui.marker"), "</span>")
		}
		if p.Guarded {
			face.Put(b, ` <span class="mark">◈ `, face.Words(l, "ay.ui.guarded"), "</span>")
		}
		if p.BombCard {
			face.Put(b, ` <span class="mark">✹ `, face.Words(l, "ay.ui.bomb_card"), "</span>")
		}
		if p.Killed {
			face.Put(b, ` <span class="red">✖ `, face.Words(l, "ay.ui.killed"), "</span>")
		}
		face.Put(b, "</td>\n<td class=\"chips\"><span class=\"life\">", face.Escape(chips(p.Life, "○")), "</span></td><td class=\"chips\"><span class=\"kill\">",
			face.Escape(chips(p.Kills, "●")), "</span></td>\n<td>")
		if r := p.Role; r != nil {
			face.Put(b, `<span class="rc">`, face.Escape(r.Mark), " ", face.Words(l, r.Key), "</span>")
		} else {
			b.WriteString(`<span class="off">?</span>`)
		}
		b.WriteString("</td></tr>\n")
	}
	b.WriteString("</table>")
}

// board is the round, the cards on the table and the declarations
// (ay.board).
func board(b *bytes.Buffer, l engine.Lang, v *rules.PublicView) {
	face.Put(b, "<div class=\"stats\">\n<span>", face.Words(l, "ay.ui.round"), " <b>", strconv.Itoa(v.Round), "</b></span>\n<span>", face.Words(l, "ay.ui.face_up"), " ")
	if len(v.FaceUp) > 0 {
		b.WriteString(`<span class="cards">`)
		for _, r := range v.FaceUp {
			face.Put(b, "<span>", face.Escape(r.Mark), " ", face.Words(l, r.Key), "</span>")
		}
		b.WriteString("</span>")
	} else {
		b.WriteString("<b>—</b>")
	}
	face.Put(b, "</span>\n<span>", face.Words(l, "ay.ui.face_down"), " <b>", strconv.Itoa(v.FaceDown), "</b></span>\n<span>",
		face.Words(l, "ay.ui.serial_targets"), " <b>", strconv.Itoa(v.SerialTarget), "</b></span>\n</div>\n")
	if len(v.Declarations) > 0 {
		face.Put(b, "<h2>", face.Words(l, "ay.ui.declarations"), `</h2><ul class="feed">`)
		for _, x := range v.Declarations {
			b.WriteString("<li>")
			face.WriteMsg(b, l, x.Msg)
			if x.Pending {
				face.Put(b, ` <span class="off">(`, face.Words(l, "ay.ui.pending"), ")</span>")
			}
			b.WriteString("</li>")
		}
		b.WriteString("</ul>")
	}
}

// history is the rounds played (ay.history), once there is more than one.
func history(b *bytes.Buffer, l engine.Lang, v *rules.PublicView) {
	if len(v.History) <= 1 {
		return
	}
	face.Put(b, "<h2>", face.Words(l, "ay.ui.history"), `</h2><table class="ay hist"><tr><th></th>`)
	for _, p := range v.Players {
		b.WriteString("<th>")
		face.WriteBDI(b, p.Name)
		b.WriteString("</th>")
	}
	if v.Over {
		face.Put(b, "<th>", face.Words(l, "ay.ui.face_down"), "</th>")
	}
	b.WriteString("</tr>\n")
	for _, h := range v.History {
		face.Put(b, "<tr><th>", strconv.Itoa(h.No), "</th>")
		for i, r := range h.Roles {
			b.WriteString("<td>")
			if r != nil {
				face.Put(b, face.Escape(r.Mark), " ", face.Words(l, r.Key))
			} else {
				b.WriteString(`<span class="off">?</span>`)
			}
			if h.Done {
				if h.Killed[i] {
					b.WriteString(` <span class="red">✖</span>`)
				}
				face.Put(b, "<br><small>", strconv.Itoa(h.Life[i]), " / ", strconv.Itoa(h.Kills[i]), "</small>")
			}
			b.WriteString("</td>")
		}
		if v.Over {
			b.WriteString("<td>")
			for _, r := range h.FaceDown {
				face.Put(b, face.Escape(r.Mark), " ")
			}
			for _, r := range h.Unpicked {
				face.Put(b, face.Escape(r.Mark), " ")
			}
			b.WriteString("</td>")
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</table>")
}
