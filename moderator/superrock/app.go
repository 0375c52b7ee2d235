package superrock

import (
	"bytes"
	"strconv"

	"tablemaster/engine"
	"tablemaster/moderator/face"
)

// WriteApp writes a Super Rock page's app: a seat's phone or the table
// screen. A ten-player table renders eleven pages per action; written by
// html/template each took some 0.4 ms, most of it reflection.
func (Face) WriteApp(b *bytes.Buffer, d *face.Page) {
	p := newPage(d)
	if d.Phone {
		phone(b, d, p)
		return
	}
	table(b, d, p)
}

func phone(b *bytes.Buffer, d *face.Page, p *srPage) {
	l := d.Lang
	face.WriteTop(b, d, string(face.BDI(d.SeatName)))
	face.WriteFlash(b, d)
	b.WriteString("\n")
	over(b, d, p)
	statusOpen(b, p)
	face.WriteMsg(b, l, p.Pub.Status)
	waiting(b, p)
	b.WriteString("</div>\n")
	face.WriteUndo(b, d)
	face.WriteHoldOpen(b, d)
	if p.Card != nil {
		face.Put(b, "<div>", face.Words(l, "sr.ui.your_character"), "</div>")
		card(b, p.Card)
	} else {
		face.Put(b, "<div>", face.Words(l, "sr.ui.no_character"), "</div>")
	}
	b.WriteString("\n")
	if p.Shadow != "" {
		face.Put(b, "<div>⚄ ", face.Escape(p.Shadow), "</div>")
	}
	b.WriteString("\n")
	if p.Pick != "" {
		face.Put(b, "<div>", face.Words(l, "sr.ui.your_pick"), ` <span class="rc">`, face.Escape(p.Pick), "</span></div>")
	}
	b.WriteString("\n")
	if len(p.Hand) > 0 {
		face.Put(b, "<div>", face.Words(l, "sr.ui.hand"), ` <span class="cards">`)
		for _, h := range p.Hand {
			face.Put(b, "<span>", face.Escape(h), "</span>")
		}
		b.WriteString("</span></div>")
	}
	b.WriteString("\n")
	for _, a := range p.Ambush {
		if a.Square != "" {
			b.WriteString("<div>")
			face.WriteMsg(b, l, engine.M("sr.ui.ambush_line", "card", a.Card, "player", a.Owner, "state", a.Square))
			b.WriteString("</div>")
		}
	}
	b.WriteString("\n")
	if len(p.Known) > 0 {
		face.Put(b, "<h2>", face.Words(l, "sr.ui.known"), "</h2>")
		for _, k := range p.Known {
			b.WriteString("<div><b>")
			face.WriteBDI(b, k.Name)
			face.Put(b, "</b>: ", face.Escape(k.Line))
			if k.Card.Notes != "" {
				face.Put(b, "<br><small>", face.Escape(k.Card.Notes), "</small>")
			}
			b.WriteString("</div>")
		}
	}
	b.WriteString("\n</div></div>\n")
	// The decision first: when this seat's move is a square to pick, the
	// board comes before everything else.
	m := newBoard(d)
	first := p.MyTurn && m.picking()
	if first {
		writeBoard(b, d, m)
	}
	if len(p.Groups) > 0 || !p.Results {
		choices(b, p)
	}
	b.WriteString("\n")
	results(b, p)
	b.WriteString("\n")
	public(b, p)
	b.WriteString("\n")
	if !first {
		writeBoard(b, d, m)
	}
	b.WriteString("\n")
	if len(p.Reports) > 0 {
		face.Put(b, `<details id="reports"><summary>`, face.Words(l, "sr.ui.reports"), "</summary>\n")
		form(b, p)
		for _, g := range p.Reports {
			face.Put(b, "<h2>", face.Escape(g.Title), `</h2><div class="choices">`)
			face.WriteButtons(b, p.L, g.Choices)
			b.WriteString("</div>")
		}
		b.WriteString("</form>\n</details>")
	}
	b.WriteString("\n")
	if !p.Results {
		players(b, p)
	}
	face.Put(b, "\n<h2>", face.Words(l, "mod.story"), "</h2>\n")
	face.WriteFeed(b, p.Story)
	b.WriteString("\n")
}

func table(b *bytes.Buffer, d *face.Page, p *srPage) {
	l := d.Lang
	face.WriteTop(b, d, face.Words(l, "sr.name"))
	b.WriteString("<div class=\"players\">")
	for _, o := range p.Online {
		b.WriteString("<span>")
		if o.Waiting {
			b.WriteString("▶ ")
		}
		b.WriteString("<b>")
		face.WriteBDI(b, o.Name)
		b.WriteString(`</b> <span class="`)
		switch {
		case o.Online:
			face.Put(b, `on">● `, face.Words(p.L, "mod.online"))
		case o.Joined:
			face.Put(b, `off">○ `, face.Words(p.L, "mod.joined"))
		default:
			face.Put(b, `off">○ `, face.Words(p.L, "mod.not_joined"))
		}
		b.WriteString("</span></span>")
	}
	b.WriteString("</div>\n")
	over(b, d, p)
	// The voice reads the phase, not whom it waits for: that changes
	// with every player who answers.
	b.WriteString("\n<div class=\"status\" id=\"status\">")
	if p.MoveLine != "" {
		face.Put(b, `<b id="move">`, face.Escape(p.MoveLine), "</b> ")
	}
	b.WriteString("<span" + face.SayStatus + ">")
	face.WriteMsg(b, l, p.Pub.Status)
	b.WriteString("</span>")
	waiting(b, p)
	b.WriteString("</div>\n")
	face.WriteUndoStatus(b, d)
	b.WriteString("\n")
	face.WriteTodo(b, d)
	b.WriteString("\n")
	results(b, p)
	b.WriteString("\n<div class=\"cols\"><div>")
	players(b, p)
	public(b, p)
	// The board and the story are columns of their own: on a TV the
	// story's newest line is never pushed below the board.
	b.WriteString("</div>\n<div>")
	writeBoard(b, d, newBoard(d))
	face.Put(b, "</div>\n<div><h2>", face.Words(l, "mod.story"), "</h2>")
	face.WriteFeed(b, d)
	b.WriteString("</div></div>\n")
}

// form opens the form a page's choices post (sr.choices and the reports).
func form(b *bytes.Buffer, p *srPage) {
	face.Put(b, `<form method="post" action="`, face.Escape(p.Base), `/act"><input type="hidden" name="v" value="`, strconv.Itoa(p.StateVer), `">`)
}

// card is a whole character card (sr.card).
func card(b *bytes.Buffer, c *srCard) {
	face.Put(b, `<div class="srcard"><b>`, face.Escape(c.Name), `</b> <span class="rc">`, face.Escape(c.Attr), "</span> · ", face.Escape(c.Sex), "\n<div class=\"stats\">")
	for _, s := range c.Stats {
		face.Put(b, "<span>", face.Escape(s.Label), " <b>", strconv.Itoa(s.Value), "</b></span>")
	}
	for _, m := range c.Marks {
		face.Put(b, "<span><b>", face.Escape(m), "</b></span>")
	}
	b.WriteString("</div>\n")
	if c.Notes != "" {
		face.Put(b, "<div>", face.Words(c.L, "sr.ui.notes"), " <b>", face.Escape(c.Notes), "</b></div>")
	}
	face.Put(b, "\n<div><small>", face.Words(c.L, "sr.ui.win"), " ", face.Escape(c.Win), "</small></div>\n")
	if c.Silhouettes != "" {
		face.Put(b, "<div><small>", face.Words(c.L, "sr.ui.own_sils"), " ", face.Escape(c.Silhouettes), "</small></div>")
	}
	b.WriteString("</div>")
}

// over is the end of the game (sr.over).
func over(b *bytes.Buffer, d *face.Page, p *srPage) {
	if p.Pub.Over && p.Pub.Reason != nil {
		face.WriteOverOpen(b, d)
		face.WriteMsg(b, p.L, *p.Pub.Reason)
		b.WriteString("</div>")
	}
}

// statusOpen opens a phone's status box: marked as the mover's, and
// saying the move in the second person, on a mover's phone (as
// face.WriteStatusOpen does with me, in words for the move: "Your move:
// land on the planet"); naming the one mover on the others'.
func statusOpen(b *bytes.Buffer, p *srPage) {
	b.WriteString("\n<div class=\"status")
	if p.MyTurn {
		b.WriteString(" me")
	}
	b.WriteString(`" id="status">`)
	if p.MoveLine != "" {
		face.Put(b, `<b id="move">`, face.Escape(p.MoveLine), "</b> ")
	}
}

// waiting names whom the table waits for (sr.waiting).
func waiting(b *bytes.Buffer, p *srPage) {
	if p.Waiting != "" && !p.Named { // the move line names them
		face.Put(b, `<br><small id="waiting">`, face.Words(p.L, "sr.ui.waiting"), " <b>", string(face.NamesHTML(p.L, p.Waiting)), "</b></small>")
	}
}

// players is the players' table (sr.players).
func players(b *bytes.Buffer, p *srPage) {
	l := p.L
	face.Put(b, "<table class=\"ay sr\" id=\"players\">\n<tr><th>", face.Words(l, "sr.ui.seat"), "</th><th>", face.Words(l, "sr.ui.player"), "</th><th>",
		face.Words(l, "sr.ui.silhouette"), "</th><th>", face.Words(l, "sr.ui.marks"), "</th><th>", face.Words(l, "sr.ui.seen"), "</th></tr>\n")
	// word is a mark's word, on the table screen only: a phone is narrow.
	word := func(key string) {
		if !p.Phone {
			face.Put(b, " ", face.Words(l, key))
		}
	}
	for _, r := range p.Rows {
		b.WriteString("<tr")
		switch {
		case r.Waiting:
			b.WriteString(` class="turn"`)
		case r.Dead:
			b.WriteString(` class="killed"`)
		}
		face.Put(b, "><td>", strconv.Itoa(r.No), "</td><td>")
		if r.Waiting {
			b.WriteString("▶ ")
		}
		b.WriteString("<b>")
		face.WriteBDI(b, r.Name)
		b.WriteString("</b>")
		if r.Me {
			b.WriteString(" ★")
		}
		b.WriteString("</td><td>")
		if r.Silhouette != "" {
			face.Put(b, `<span class="rc">`, face.Escape(r.Silhouette), "</span> <small>", face.Escape(r.SilAttr), "</small>")
		} else {
			b.WriteString(`<span class="off">?</span>`)
		}
		b.WriteString("</td>\n<td>")
		if r.Progress != "" {
			face.Put(b, `<span class="off">`, face.Escape(r.Progress), "</span> ")
		}
		if r.Base {
			b.WriteString("⌂")
			word("sr.ui.base")
			b.WriteString(" ")
		}
		if r.Rolls != "" {
			face.Put(b, "⚄ ", face.Escape(r.Rolls), " ")
		}
		if r.Cards != 0 {
			b.WriteString("🂠")
			word("sr.ui.planet_cards")
			face.Put(b, " ", strconv.Itoa(r.Cards), " ")
		}
		if r.InfoShown != 0 {
			b.WriteString("ℹ")
			word("sr.ui.info_shown")
			face.Put(b, " ", strconv.Itoa(r.InfoShown), " ")
		}
		if r.Dead {
			b.WriteString(`<span class="red">✖`)
			word("sr.ui.dead")
			b.WriteString("</span> ")
		}
		if r.Exposed {
			face.Put(b, `<span class="red">`, face.Words(l, "sr.ui.exposed"), "</span> ")
		}
		if r.RejectUsed {
			face.Put(b, `<span class="off">`, face.Words(l, "sr.ui.reject_used"), "</span> ")
		}
		if r.Character != "" && !p.Results {
			face.Put(b, `<span class="rc">`, face.Escape(r.Character), "</span> ", face.Escape(r.AttrName(l)))
		}
		face.Put(b, "</td><td>", face.Escape(r.Seen), "</td></tr>\n")
	}
	b.WriteString("</table>")
	if p.Phone {
		face.Put(b, `<div class="stats"><small>`, face.Words(l, "sr.ui.legend"), "</small></div>")
	}
}

// public is the order, the ambushes and a declaration (sr.public).
func public(b *bytes.Buffer, p *srPage) {
	l := p.L
	if p.Order != "" {
		face.Put(b, `<div class="stats" id="order"><span>`, face.Words(l, p.OrderKey), " <b>", string(face.NamesHTML(l, p.Order)), "</b></span></div>")
	}
	b.WriteString("\n")
	if len(p.Ambush) > 0 {
		b.WriteString(`<div class="stats" id="ambushes">`)
		for _, a := range p.Ambush {
			b.WriteString("<span>")
			face.WriteMsg(b, l, engine.M("sr.ui.ambush_line", "card", a.Card, "player", a.Owner, "state", l.S(a.StateKey())))
			b.WriteString("</span>")
		}
		b.WriteString("</div>")
	}
	b.WriteString("\n")
	if x := p.Decl; x != nil {
		face.Put(b, "<h2>", face.Words(l, "sr.ui.declaration"), `</h2><div class="status" id="declaration">`)
		face.WriteMsg(b, l, engine.M("sr.ui.declared", "player", x.Declarer))
		b.WriteString(" ")
		for _, a := range x.Answers {
			b.WriteString("<b>")
			face.WriteBDI(b, a.Name)
			face.Put(b, face.Escape(a.Mark()), "</b> ")
		}
		if len(x.Answers) == 0 {
			b.WriteString(face.Words(l, "sr.ui.no_answerers"))
		}
		if x.Vetoer != "" {
			b.WriteString("<br>")
			face.WriteMsg(b, l, engine.M("sr.ui.vetoed", "player", x.Vetoer))
		}
		if x.Waiting != "" {
			b.WriteString("<br><b>")
			face.WriteMsg(b, l, engine.M("sr.ui.answer_of", "player", x.Waiting))
			b.WriteString("</b>")
		}
		b.WriteString("</div>")
	}
}

// results is the end's table (sr.results).
func results(b *bytes.Buffer, p *srPage) {
	if !p.Results {
		return
	}
	l := p.L
	face.Put(b, "<h2>", face.Words(l, "sr.ui.results"), "</h2><table class=\"ay sr\" id=\"results\">\n<tr><th>", face.Words(l, "sr.ui.player"), "</th><th>",
		face.Words(l, "sr.ui.character"), "</th><th>", face.Words(l, "sr.ui.attr_won"), "</th><th>", face.Words(l, "sr.ui.own"), "</th><th>", face.Words(l, "sr.ui.grade"), "</th></tr>\n")
	for _, r := range p.Rows {
		b.WriteString(`<tr class="`)
		if r.Dead {
			b.WriteString("killed")
		}
		b.WriteString(`"><td><b>`)
		face.WriteBDI(b, r.Name)
		b.WriteString("</b>")
		if r.Dead {
			b.WriteString(` <span class="red">✖</span>`)
		}
		face.Put(b, `</td><td><span class="rc">`, face.Escape(r.Character), "</span> ", face.Escape(r.AttrName(l)), "</td><td>", face.Escape(r.AttrWon), "</td><td>", face.Escape(r.OwnText(l)), "</td><td>")
		if r.Grade != "" {
			face.Put(b, `<span class="rc">`, face.Escape(r.GradeText), "</span>")
		} else {
			b.WriteString(`<span class="off">…</span>`)
		}
		b.WriteString("</td></tr>\n")
	}
	b.WriteString("</table>")
}

// choices are the seat's choices, open then folded (sr.choices).
func choices(b *bytes.Buffer, p *srPage) {
	b.WriteString("\n")
	if p.HasOpenChoices {
		groups(b, p, false)
	}
	b.WriteString("\n")
	// The fold is on the page until the results, empty too: any player
	// may use an ability card in play, so whether this seat has a move
	// under it now (it holds such a card) must not show at a glance.
	if p.Folded || !p.Results {
		face.Put(b, `<details id="moves"><summary>`, face.Words(p.L, face.MovesKey(p.Groups, p.BoardInView)), "</summary>\n")
		if p.Destroy != "" {
			face.Put(b, "<p><b>", face.Escape(p.Destroy), "</b><br>", face.Words(p.L, "sr.board.destroy_tap"), "</p>")
		}
		if p.Folded {
			groups(b, p, true)
		} else {
			face.Put(b, "<p>", face.Words(p.L, "mod.moves_none"), "</p>")
		}
		b.WriteString("\n</details>")
	}
	b.WriteString("\n")
}

// groups is one form of the groups folded away (fold) or not.
func groups(b *bytes.Buffer, p *srPage, fold bool) {
	form(b, p)
	for _, g := range p.Groups {
		if g.Fold == fold {
			face.Put(b, "<h2>", face.Escape(g.Title), `</h2><div class="choices">`)
			face.WriteButtons(b, p.L, g.Choices)
			b.WriteString("</div>")
		}
	}
	b.WriteString("</form>")
}

// writeBoard is the virtual boards (sr.board), m their model.
func writeBoard(b *bytes.Buffer, d *face.Page, m *srbBoard) {
	if m == nil || (m.Planet == nil && len(m.Hubs) == 0) {
		return
	}
	l := d.Lang
	b.WriteString(`<div id="board"><style>.srb td{background:#456}.srb td.o{background:var(--card)}.grid.srb td button.armed{background:#8a3a1a;color:#fff;font-size:.8rem}`)
	if m.Destroy {
		// The hubs' destroy buttons show only while the folded moves are
		// open (srbCell.Destroy).
		b.WriteString(`.grid.pick td button.d{display:none}body:has(#moves[open]) .grid.pick td button.d{display:block;position:absolute;inset:0}`)
	}
	if !m.Phone {
		b.WriteString(`.screen .srb td{color:var(--fg);font-weight:normal;font-size:.7rem;width:min(5rem,11vh);min-width:min(5rem,11vh);height:min(3.2rem,8vh)}.screen .srb td.o{color:var(--ink)}`)
	}
	b.WriteString("</style>")
	if m.Planet != nil {
		face.Put(b, "<h2>", face.Escape(m.Planet.Title), "</h2>")
	}
	if m.Info != "" || m.Parties != "" {
		b.WriteString(`<div class="stats">`)
		if m.Info != "" {
			face.Put(b, "<span>", face.Words(l, "sr.board.info"), " <b>", face.Escape(m.Info), "</b></span>")
		}
		if m.Parties != "" {
			face.Put(b, "<span>", face.Words(l, "sr.board.party"), " <b>", face.Escape(m.Parties), "</b></span>")
		}
		b.WriteString("</div>")
	}
	if m.Planet != nil {
		boardGrid(b, m.Planet)
	}
	for i := range m.Forms {
		boardForm(b, &m.Forms[i])
	}
	if len(m.Hubs) > 0 {
		face.Put(b, "<h2>", face.Words(l, "sr.board.base"), `</h2><div class="stats"><span>`, face.Words(l, "sr.board.hubs"), "</span>")
		for _, h := range m.Hubs {
			face.Put(b, "<span>", face.Escape(h.Name), " <b>", face.Escape(h.State), "</b></span>")
		}
		if m.Entered != "" {
			face.Put(b, "<span>", face.Words(l, "sr.board.entered"), " <b>", face.Escape(m.Entered), "</b></span>")
		}
		b.WriteString("</div>")
	}
	if m.Hidden != "" {
		face.Put(b, `<div class="hold" role="button" tabindex="0">◉ `, face.Escape(m.Hold), `<div class="secret">`, face.Escape(m.Hidden), "</div></div>")
	}
	if m.Secret != nil {
		boardGrid(b, m.Secret)
	}
	if m.Used != "" && !m.Phone {
		face.Put(b, `<div class="stats">`, face.Words(l, "sr.board.used"), " ", face.Escape(m.Used), "</div>")
	}
	b.WriteString("</div>")
}

// boardGrid is one 6×6 board (sr.board.grid). When the seat picks one
// of its squares now, the board is the form: each square it may pick is
// a button, tapped once to choose and again to confirm (data-confirm).
func boardGrid(b *bytes.Buffer, g *srbBoardGrid) {
	if g.Pick != nil {
		face.Put(b, `<form method=post action="`, face.Escape(g.Pick.Base), `/act" id="pick"><input type=hidden name=v value="`, strconv.Itoa(g.Pick.StateVer), `">`)
		if g.Pick.Heading != "" {
			face.Put(b, "<p><b>", face.Escape(g.Pick.Heading), "</b><br><small>", face.Escape(g.Pick.Hint), "</small></p>")
		}
		b.WriteString(`<table class="grid srb pick">`)
	} else {
		b.WriteString(`<table class="grid srb">`)
	}
	b.WriteString(`<tr><th><th>1<th>2<th>3<th>4<th>5<th>6`)
	for _, r := range g.Rows {
		face.Put(b, "<tr><th>", strconv.Itoa(r.No))
		for j, c := range r.Cells {
			if c.Down {
				b.WriteString("<td>")
			} else {
				b.WriteString("<td class=o>")
			}
			if c.Act != "" {
				face.Put(b, `<button name=a value="`, face.Escape(c.Act), `" aria-label="`, strconv.Itoa(r.No), "-", strconv.Itoa(j+1),
					`" data-confirm="`, face.Escape(g.Pick.Confirm), `">`)
			}
			if !c.Down {
				if c.Hub {
					face.Put(b, "<b>", face.Escape(c.Mark), "</b>")
				} else {
					b.WriteString(face.Escape(c.Mark))
				}
				if c.By != "" {
					face.Put(b, "<small>", face.Escape(c.By), "</small>")
				}
			}
			if c.Act != "" {
				b.WriteString("</button>")
			}
			if c.Destroy != "" {
				face.Put(b, `<button class=d name=a value="`, face.Escape(c.Destroy), `" aria-label="`, face.Escape(c.Mark),
					`" data-confirm="`, face.Escape(g.Pick.Confirm), `"></button>`)
			}
		}
	}
	b.WriteString("</table>")
	if g.Pick != nil {
		b.WriteString("</form>")
	}
	if g.Legend != "" {
		face.Put(b, "<small>", face.Escape(g.Legend), "</small>")
	}
}

// boardForm is a drop-down of choices (sr.board.form).
func boardForm(b *bytes.Buffer, f *srbForm) {
	face.Put(b, `<form method=post action="`, face.Escape(f.Base), `/act" class=choices><input type=hidden name=v value="`, strconv.Itoa(f.StateVer), `">`,
		face.Escape(f.Heading), "<select name=a>")
	for _, o := range f.Options {
		b.WriteString("<option")
		if o.Value != "" {
			face.Put(b, ` value="`, face.Escape(o.Value), `"`)
		}
		face.Put(b, ">", face.Escape(o.Label))
	}
	face.Put(b, "</select><button>", face.Escape(f.OK), "</button></form>")
}
