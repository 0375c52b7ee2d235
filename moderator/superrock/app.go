package superrock

import (
	"bytes"
	"strconv"

	"tablemaster/engine"
	"tablemaster/moderator/face"
)

// WriteApp writes a Super Rock page's app in Go (face.Writer): byte for
// byte what superrock.tmpl's "superrock.phone" and "superrock.table"
// write, which stay as the reference the tests compare it with at every
// step of random games. A ten-player table renders eleven pages per
// action; by template each took some 0.4 ms, most of it reflection.
func (Face) WriteApp(b *bytes.Buffer, d *face.Page) {
	p := newPage(d)
	if d.Phone {
		phone(b, d, p)
		return
	}
	table(b, d, p)
}

// esc escapes text as the templates do.
func esc(s string) string { return face.TemplateEscape(s) }

// t is a catalogue sentence, escaped (templates: t).
func t(l engine.Lang, key string) string { return esc(l.S(key)) }

// put writes the strings in order.
func put(b *bytes.Buffer, ss ...string) { face.Put(b, ss...) }

func itoa(n int) string { return strconv.Itoa(n) }

func phone(b *bytes.Buffer, d *face.Page, p *srPage) {
	l := d.Lang
	b.WriteString("\n<div class=\"top\"><h1>")
	face.WriteBDI(b, d.SeatName)
	b.WriteString("</h1>")
	face.WriteLang(b, d)
	b.WriteString("</div>\n")
	face.WriteFlash(b, d)
	b.WriteString("\n")
	over(b, p)
	b.WriteString("\n<div class=\"status")
	if p.MyTurn {
		b.WriteString(" me")
	}
	b.WriteString("\" id=\"status\">")
	if p.MyTurn {
		put(b, "<b>", t(l, "mod.your_turn"), "</b> ")
	}
	face.WriteMsg(b, l, p.Pub.Status)
	waiting(b, p)
	b.WriteString("</div>\n")
	face.WriteUndo(b, d)
	put(b, "\n<div class=\"hold\" role=\"button\" tabindex=\"0\"><span>◉ ", t(l, "mod.hold"), "</span>\n<div class=\"secret\" id=\"secret\">\n")
	if p.Card != nil {
		put(b, "<div>", t(l, "sr.ui.your_character"), "</div>")
		card(b, p.Card)
	} else {
		put(b, "<div>", t(l, "sr.ui.no_character"), "</div>")
	}
	b.WriteString("\n")
	if p.Shadow != "" {
		put(b, "<div>⚄ ", esc(p.Shadow), "</div>")
	}
	b.WriteString("\n")
	if p.Pick != "" {
		put(b, "<div>", t(l, "sr.ui.your_pick"), ` <span class="rc">`, esc(p.Pick), "</span></div>")
	}
	b.WriteString("\n")
	if len(p.Hand) > 0 {
		put(b, "<div>", t(l, "sr.ui.hand"), ` <span class="cards">`)
		for _, h := range p.Hand {
			put(b, "<span>", esc(h), "</span>")
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
		put(b, "<h2>", t(l, "sr.ui.known"), "</h2>")
		for _, k := range p.Known {
			b.WriteString("<div><b>")
			face.WriteBDI(b, k.Name)
			put(b, "</b>: ", esc(k.Line))
			if k.Card.Notes != "" {
				put(b, "<br><small>", esc(k.Card.Notes), "</small>")
			}
			b.WriteString("</div>")
		}
	}
	b.WriteString("\n</div></div>\n")
	if len(p.Groups) > 0 {
		choices(b, p)
	}
	b.WriteString("\n")
	results(b, p)
	b.WriteString("\n")
	public(b, p)
	b.WriteString("\n")
	writeBoard(b, d)
	b.WriteString("\n")
	if len(p.Reports) > 0 {
		put(b, `<details id="reports"><summary>`, t(l, "sr.ui.reports"), "</summary>\n")
		form(b, p)
		for _, g := range p.Reports {
			put(b, "<h2>", esc(g.Title), `</h2><div class="choices">`)
			face.WriteButtons(b, p.L, g.Choices)
			b.WriteString("</div>")
		}
		b.WriteString("</form>\n</details>")
	}
	b.WriteString("\n")
	if !p.Results {
		players(b, p)
	}
	put(b, "\n<h2>", t(l, "mod.story"), "</h2>\n")
	face.WriteFeed(b, p.Story)
	b.WriteString("\n")
}

func table(b *bytes.Buffer, d *face.Page, p *srPage) {
	l := d.Lang
	put(b, "\n<div class=\"top\"><h1>", t(l, "sr.name"), "</h1>")
	face.WriteLang(b, d)
	b.WriteString("</div>\n<div class=\"players\">")
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
			put(b, `on">● `, t(p.L, "mod.online"))
		case o.Joined:
			put(b, `off">○ `, t(p.L, "mod.joined"))
		default:
			put(b, `off">○ `, t(p.L, "mod.not_joined"))
		}
		b.WriteString("</span></span>")
	}
	b.WriteString("</div>\n")
	over(b, p)
	b.WriteString("\n<div class=\"status\" id=\"status\">")
	face.WriteMsg(b, l, p.Pub.Status)
	waiting(b, p)
	b.WriteString("</div>\n")
	if u := d.Snap.Undo; u != nil {
		b.WriteString(`<div class="status" id="undo">`)
		face.WriteMsg(b, l, u.Text)
		b.WriteString("</div>")
	}
	b.WriteString("\n")
	face.WriteTodo(b, d)
	b.WriteString("\n")
	results(b, p)
	b.WriteString("\n<div class=\"cols\"><div>")
	players(b, p)
	public(b, p)
	b.WriteString("</div>\n<div>")
	writeBoard(b, d)
	put(b, "<h2>", t(l, "mod.story"), "</h2>")
	face.WriteFeed(b, d)
	b.WriteString("</div></div>\n")
}

// form opens the form a page's choices post (sr.choices and the reports).
func form(b *bytes.Buffer, p *srPage) {
	put(b, `<form method="post" action="`, esc(p.Base), `/act"><input type="hidden" name="v" value="`, itoa(p.StateVer), `">`)
}

// card is a whole character card (sr.card).
func card(b *bytes.Buffer, c *srCard) {
	put(b, `<div class="srcard"><b>`, esc(c.Name), `</b> <span class="rc">`, esc(c.Attr), "</span> · ", esc(c.Sex), "\n<div class=\"stats\">")
	for _, s := range c.Stats {
		put(b, "<span>", esc(s.Label), " <b>", itoa(s.Value), "</b></span>")
	}
	for _, m := range c.Marks {
		put(b, "<span><b>", esc(m), "</b></span>")
	}
	b.WriteString("</div>\n")
	if c.Notes != "" {
		put(b, "<div>", t(c.L, "sr.ui.notes"), " <b>", esc(c.Notes), "</b></div>")
	}
	put(b, "\n<div><small>", t(c.L, "sr.ui.win"), " ", esc(c.Win), "</small></div>\n")
	if c.Silhouettes != "" {
		put(b, "<div><small>", t(c.L, "sr.ui.own_sils"), " ", esc(c.Silhouettes), "</small></div>")
	}
	b.WriteString("</div>")
}

// over is the end of the game (sr.over).
func over(b *bytes.Buffer, p *srPage) {
	if p.Pub.Over && p.Pub.Reason != nil {
		b.WriteString(`<div class="over" id="over">`)
		face.WriteMsg(b, p.L, *p.Pub.Reason)
		b.WriteString("</div>")
	}
}

// waiting names whom the table waits for (sr.waiting).
func waiting(b *bytes.Buffer, p *srPage) {
	if p.Waiting != "" {
		put(b, `<br><small id="waiting">`, t(p.L, "sr.ui.waiting"), " <b>", string(face.NamesHTML(p.L, p.Waiting)), "</b></small>")
	}
}

// players is the players' table (sr.players).
func players(b *bytes.Buffer, p *srPage) {
	l := p.L
	put(b, "<table class=\"ay sr\" id=\"players\">\n<tr><th>", t(l, "sr.ui.seat"), "</th><th>", t(l, "sr.ui.player"), "</th><th>",
		t(l, "sr.ui.silhouette"), "</th><th>", t(l, "sr.ui.marks"), "</th><th>", t(l, "sr.ui.seen"), "</th></tr>\n")
	// word is a mark's word, on the table screen only: a phone is narrow.
	word := func(key string) {
		if !p.Phone {
			put(b, " ", t(l, key))
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
		put(b, "><td>", itoa(r.No), "</td><td>")
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
			put(b, `<span class="rc">`, esc(r.Silhouette), "</span> <small>", esc(r.SilAttr), "</small>")
		} else {
			b.WriteString(`<span class="off">?</span>`)
		}
		b.WriteString("</td>\n<td>")
		if r.Progress != "" {
			put(b, `<span class="off">`, esc(r.Progress), "</span> ")
		}
		if r.Base {
			b.WriteString("⌂")
			word("sr.ui.base")
			b.WriteString(" ")
		}
		if r.Rolls != "" {
			put(b, "⚄ ", esc(r.Rolls), " ")
		}
		if r.Cards != 0 {
			b.WriteString("🂠")
			word("sr.ui.planet_cards")
			put(b, " ", itoa(r.Cards), " ")
		}
		if r.InfoShown != 0 {
			b.WriteString("ℹ")
			word("sr.ui.info_shown")
			put(b, " ", itoa(r.InfoShown), " ")
		}
		if r.Dead {
			b.WriteString(`<span class="red">✖`)
			word("sr.ui.dead")
			b.WriteString("</span> ")
		}
		if r.Exposed {
			put(b, `<span class="red">`, t(l, "sr.ui.exposed"), "</span> ")
		}
		if r.RejectUsed {
			put(b, `<span class="off">`, t(l, "sr.ui.reject_used"), "</span> ")
		}
		if r.Character != "" && !p.Results {
			put(b, `<span class="rc">`, esc(r.Character), "</span> ", esc(r.AttrName(l)))
		}
		put(b, "</td><td>", esc(r.Seen), "</td></tr>\n")
	}
	b.WriteString("</table>")
	if p.Phone {
		put(b, `<div class="stats"><small>`, t(l, "sr.ui.legend"), "</small></div>")
	}
}

// public is the order, the ambushes and a declaration (sr.public).
func public(b *bytes.Buffer, p *srPage) {
	l := p.L
	if p.Order != "" {
		put(b, `<div class="stats" id="order"><span>`, t(l, "sr.ui.turn_order"), " <b>", string(face.NamesHTML(l, p.Order)),
			"</b></span><span>", t(l, "sr.ui.planet_order"), " <b>", string(face.NamesHTML(l, p.Planet)), "</b></span></div>")
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
		put(b, "<h2>", t(l, "sr.ui.declaration"), `</h2><div class="status" id="declaration">`)
		face.WriteMsg(b, l, engine.M("sr.ui.declared", "player", x.Declarer))
		b.WriteString(" ")
		for _, a := range x.Answers {
			b.WriteString("<b>")
			face.WriteBDI(b, a.Name)
			put(b, esc(a.Mark()), "</b> ")
		}
		if len(x.Answers) == 0 {
			b.WriteString(t(l, "sr.ui.no_answerers"))
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
	put(b, "<h2>", t(l, "sr.ui.results"), "</h2><table class=\"ay sr\" id=\"results\">\n<tr><th>", t(l, "sr.ui.player"), "</th><th>",
		t(l, "sr.ui.character"), "</th><th>", t(l, "sr.ui.attr_won"), "</th><th>", t(l, "sr.ui.own"), "</th><th>", t(l, "sr.ui.grade"), "</th></tr>\n")
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
		put(b, `</td><td><span class="rc">`, esc(r.Character), "</span> ", esc(r.AttrName(l)), "</td><td>", esc(r.AttrWon), "</td><td>", esc(r.OwnText(l)), "</td><td>")
		if r.Grade != "" {
			put(b, `<span class="rc">`, esc(r.GradeText), "</span>")
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
	if p.Folded {
		put(b, `<details id="moves"><summary>`, t(p.L, "mod.moves"), "</summary>\n")
		groups(b, p, true)
		b.WriteString("\n</details>")
	}
	b.WriteString("\n")
}

// groups is one form of the groups folded away (fold) or not.
func groups(b *bytes.Buffer, p *srPage, fold bool) {
	form(b, p)
	for _, g := range p.Groups {
		if g.Fold == fold {
			put(b, "<h2>", esc(g.Title), `</h2><div class="choices">`)
			face.WriteButtons(b, p.L, g.Choices)
			b.WriteString("</div>")
		}
	}
	b.WriteString("</form>")
}

// writeBoard is the virtual boards (sr.board).
func writeBoard(b *bytes.Buffer, d *face.Page) {
	m := newBoard(d)
	if m == nil || (m.Planet == nil && len(m.Hubs) == 0) {
		return
	}
	l := d.Lang
	b.WriteString(`<div id="board"><style>.srb td{background:#456}.srb td.o{background:var(--card)}`)
	if !m.Phone {
		b.WriteString(`.screen .srb td{color:var(--fg);font-weight:normal;font-size:1rem;width:6.5rem;height:3.6rem}.screen .srb td.o{color:var(--ink)}`)
	}
	b.WriteString("</style>")
	if m.Planet != nil {
		put(b, "<h2>", esc(m.Planet.Title), "</h2>")
	}
	if m.Info != "" || m.Parties != "" {
		b.WriteString(`<div class="stats">`)
		if m.Info != "" {
			put(b, "<span>", t(l, "sr.board.info"), " <b>", esc(m.Info), "</b></span>")
		}
		if m.Parties != "" {
			put(b, "<span>", t(l, "sr.board.party"), " <b>", esc(m.Parties), "</b></span>")
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
		put(b, "<h2>", t(l, "sr.board.base"), `</h2><div class="stats"><span>`, t(l, "sr.board.hubs"), "</span>")
		for _, h := range m.Hubs {
			put(b, "<span>", esc(h.Name), " <b>", esc(h.State), "</b></span>")
		}
		if m.Entered != "" {
			put(b, "<span>", t(l, "sr.board.entered"), " <b>", esc(m.Entered), "</b></span>")
		}
		b.WriteString("</div>")
	}
	if m.Hidden != "" {
		put(b, `<div class="hold" role="button" tabindex="0">◉ `, esc(m.Hold), `<div class="secret">`, esc(m.Hidden), "</div></div>")
	}
	if m.Secret != nil {
		boardGrid(b, m.Secret)
	}
	if m.Used != "" && !m.Phone {
		put(b, `<div class="stats">`, t(l, "sr.board.used"), " ", esc(m.Used), "</div>")
	}
	b.WriteString("</div>")
}

// boardGrid is one 6×6 board (sr.board.grid).
func boardGrid(b *bytes.Buffer, g *srbBoardGrid) {
	b.WriteString(`<table class="grid srb"><tr><th><th>1<th>2<th>3<th>4<th>5<th>6`)
	for _, r := range g.Rows {
		put(b, "<tr><th>", itoa(r.No))
		for _, c := range r.Cells {
			if c.Down {
				b.WriteString("<td>")
				continue
			}
			b.WriteString("<td class=o>")
			if c.Hub {
				put(b, "<b>", esc(c.Mark), "</b>")
			} else {
				b.WriteString(esc(c.Mark))
			}
			if c.By != "" {
				put(b, "<small>", esc(c.By), "</small>")
			}
		}
	}
	b.WriteString("</table>")
	if g.Legend != "" {
		put(b, "<small>", esc(g.Legend), "</small>")
	}
	if g.Choose != nil {
		boardForm(b, g.Choose)
	}
}

// boardForm is a drop-down of choices (sr.board.form).
func boardForm(b *bytes.Buffer, f *srbForm) {
	put(b, `<form method=post action="`, esc(f.Base), `/act" class=choices><input type=hidden name=v value="`, itoa(f.StateVer), `">`,
		esc(f.Heading), "<select name=a>")
	for _, o := range f.Options {
		b.WriteString("<option")
		if o.Value != "" {
			put(b, ` value="`, esc(o.Value), `"`)
		}
		put(b, ">", esc(o.Label))
	}
	put(b, "</select><button>", esc(f.OK), "</button></form>")
}
