package face

import (
	"bytes"
	"html/template"
	"strconv"
	"strings"

	"tablemaster/engine"
)

// The parts every game's pages share, written in Go (a template's loop
// costs reflection on every live update): the layout's templates call
// the ...HTML functions, and a face that writes its pages in Go (Writer)
// the Write... ones, which write into its buffer and allocate nothing of
// their own.

// Put writes the strings in order: a page written in Go writes its parts
// where a concatenation would build a string first.
func Put(b *bytes.Buffer, ss ...string) {
	for _, s := range ss {
		b.WriteString(s)
	}
}

// ClassAttr writes an element's class attribute word by word, and
// nothing when no word comes: an empty class="" was some 10% of every
// live update's bytes (a grid's cells, a story's lines).
type ClassAttr struct {
	B    *bytes.Buffer
	open bool
}

// Add writes name when on.
func (c *ClassAttr) Add(on bool, name string) {
	if !on || name == "" {
		return
	}
	if c.open {
		c.B.WriteByte(' ')
	} else {
		c.B.WriteString(` class="`)
		c.open = true
	}
	c.B.WriteString(name)
}

// Close ends the attribute, if one was begun.
func (c *ClassAttr) Close() {
	if c.open {
		c.B.WriteByte('"')
		c.open = false
	}
}

// Words is a catalogue sentence escaped as the templates' t writes it.
func Words(l engine.Lang, key string) string { return TemplateEscape(l.S(key)) }

// WriteTop opens a page's app with its heading, whose pieces are HTML,
// and the link to the page in the other language.
func WriteTop(b *bytes.Buffer, d *Page, heading ...string) {
	b.WriteString("\n<div class=\"top\"><h1>")
	Put(b, heading...)
	b.WriteString("</h1>")
	WriteLang(b, d)
	b.WriteString("</div>\n")
}

// WriteStatusOpen opens a phone's status line, marked, with "Your turn."
// first, when the seat has something to do (me); the caller writes the
// status and closes it.
func WriteStatusOpen(b *bytes.Buffer, d *Page, me bool) {
	b.WriteString("\n<div class=\"status")
	if me {
		b.WriteString(" me")
	}
	b.WriteString("\" id=\"status\">")
	if me {
		Put(b, "<b>", Words(d.Lang, "mod.your_turn"), "</b> ")
	}
}

// WriteHoldOpen opens a phone's hold-to-reveal block; the caller writes
// the seat's secrets and closes it with "</div></div>".
func WriteHoldOpen(b *bytes.Buffer, d *Page) {
	Put(b, "\n<div class=\"hold\" role=\"button\" tabindex=\"0\"><span>◉ ", Words(d.Lang, "mod.hold"), "</span>\n<div class=\"secret\" id=\"secret\">\n")
}

// WriteUndoStatus is the table screen's line for the undo request
// waiting, if any.
func WriteUndoStatus(b *bytes.Buffer, d *Page) {
	if u := d.Snap.Undo; u != nil {
		b.WriteString(`<div class="status" id="undo">`)
		WriteMsg(b, d.Lang, u.Text)
		b.WriteString("</div>")
	}
}

// asHTML runs a part's writer into a string, for the templates.
func asHTML(d *Page, write func(*bytes.Buffer, *Page)) template.HTML {
	var b bytes.Buffer
	write(&b, d)
	return template.HTML(b.String())
}

// PlayersHTML writes the seats with their roles, presence and whose turn
// it is (template "players").
func PlayersHTML(d *Page) template.HTML { return asHTML(d, WritePlayers) }

// WritePlayers is PlayersHTML into b.
func WritePlayers(b *bytes.Buffer, d *Page) {
	b.WriteString(`<div class="players">`)
	for _, p := range d.Players {
		b.WriteString("<span>")
		if p.Turn {
			b.WriteString("▶ ")
		}
		b.WriteString("<b>")
		WriteBDI(b, p.Name)
		b.WriteString("</b>")
		if p.RoleKey != "" {
			Put(b, " (", Escape(d.Lang.S(p.RoleKey)), ")")
		}
		switch {
		case p.Online > 0:
			Put(b, ` <span class="on">● `, Escape(d.Lang.S("mod.online")), "</span>")
		case p.Joined:
			Put(b, ` <span class="off">○ `, Escape(d.Lang.S("mod.joined")), "</span>")
		default:
			Put(b, ` <span class="off">○ `, Escape(d.Lang.S("mod.not_joined")), "</span>")
		}
		b.WriteString("</span>")
	}
	b.WriteString("</div>")
}

// TodoHTML writes what to do with the real cards now (template "todo").
func TodoHTML(d *Page) template.HTML { return asHTML(d, WriteTodo) }

// WriteTodo is TodoHTML into b.
func WriteTodo(b *bytes.Buffer, d *Page) {
	if len(d.Snap.Todo) == 0 {
		return
	}
	Put(b, `<div class="todo"><b>`, Escape(d.Lang.S("mod.todo")), "</b>")
	for _, e := range d.Snap.Todo {
		b.WriteString("<div>")
		WriteMsg(b, d.Lang, e.Msg)
		b.WriteString("</div>")
	}
	b.WriteString("</div>")
}

// writeGroups writes a page's choice groups, those folded away (fold) or
// the others (template "choices"), each a heading and a form.
func writeGroups(b *bytes.Buffer, d *Page, fold bool) {
	var ver []byte
	for _, g := range d.Groups {
		if g.Fold != fold {
			continue
		}
		Put(b, "<h2>", Escape(g.Title), `</h2><form method="post" action="`, Escape(d.Base), `/act" class="choices"><input type="hidden" name="v" value="`)
		ver = strconv.AppendInt(ver[:0], int64(d.Snap.StateVer), 10)
		b.Write(ver)
		b.WriteString(`">`)
		WriteButtons(b, d.Lang, g.Choices)
		b.WriteString("</form>")
	}
}

// FeedHTML writes a page's story (template "feed"): in Go, what the
// template's loop did by reflection for every line of every live update.
func FeedHTML(d *Page) template.HTML {
	var b bytes.Buffer
	b.Grow(64 * (len(d.Feed) + 2))
	WriteFeed(&b, d)
	return template.HTML(b.String())
}

// WriteFeed is FeedHTML into b.
func WriteFeed(b *bytes.Buffer, d *Page) {
	b.WriteString(`<ul class="feed">`)
	for _, f := range d.Feed {
		b.WriteString(`<li`)
		c := ClassAttr{B: b}
		c.Add(f.Private, "priv")
		c.Add(f.Answer, "ans")
		c.Add(f.Undone, "undone")
		c.Close()
		b.WriteByte('>')
		if f.Private {
			Put(b, `✱ <span class="sline">`, string(f.Text), `</span>`)
		} else {
			b.WriteString(string(f.Text))
		}
		b.WriteString("</li>")
	}
	b.WriteString("</ul>")
	if d.Snap.Earlier {
		Put(b, `<p class="foot"><a href="`, Escape(d.Base), `/story" target="_blank">`, Escape(d.Lang.S("mod.story_all")), "</a></p>")
	}
}

// LangHTML is the link to the page in the other language (template "lang").
func LangHTML(d *Page) template.HTML { return asHTML(d, WriteLang) }

// WriteLang is LangHTML into b.
func WriteLang(b *bytes.Buffer, d *Page) {
	name := "English"
	if d.Other == engine.JA {
		name = "日本語"
	}
	Put(b, `<span class="lang"><a href="?lang=`, TemplateEscape(string(d.Other)), `">`, name, `</a></span>`)
}

// FlashHTML is the message a post left for the page (template "flash").
func FlashHTML(d *Page) template.HTML { return asHTML(d, WriteFlash) }

// WriteFlash is FlashHTML into b.
func WriteFlash(b *bytes.Buffer, d *Page) {
	if d.Flash != "" {
		Put(b, `<div class="flash" role="alert">`, TemplateEscape(d.Flash), `</div>`)
	}
}

// UndoHTML is a phone's undo part (template "undo"): the request waiting
// on the table, with this seat's answer if it is asked, or the button
// that asks to undo the seat's last action.
func UndoHTML(d *Page) template.HTML { return asHTML(d, WriteUndo) }

// WriteUndo is UndoHTML into b.
func WriteUndo(b *bytes.Buffer, d *Page) {
	u := d.Snap.Undo
	if u == nil {
		if d.Snap.CanUndo {
			Put(b, `<form method="post" action="`, TemplateEscape(d.Base), `/undo"><button class="alt">↶ `, TemplateEscape(d.Lang.S("mod.undo.button")), `</button></form>`)
		}
		return
	}
	asked := false
	for _, s := range u.Waiting {
		asked = asked || s == d.Seat
	}
	b.WriteString("\n" + `<div class="status me" id="undo">`)
	WriteMsg(b, d.Lang, u.Text)
	b.WriteString("\n")
	if asked {
		Put(b, `<form method="post" action="`, TemplateEscape(d.Base), `/confirm" class="choices"><button name="yes" value="1" class="warn">`, TemplateEscape(d.Lang.S("mod.undo.agree")), `</button><button name="yes" value="0" class="alt">`, TemplateEscape(d.Lang.S("mod.undo.refuse")), `</button></form>`)
	} else {
		Put(b, "<div>", TemplateEscape(d.Lang.S("mod.undo.waiting")), "</div>")
	}
	b.WriteString("</div>\n")
}

// ChoicesHTML is a page's choices (template "choices"): the open groups,
// then the folded ones under "Your other moves".
func ChoicesHTML(d *Page) template.HTML { return asHTML(d, WriteChoices) }

// WriteChoices is ChoicesHTML into b.
func WriteChoices(b *bytes.Buffer, d *Page) {
	b.WriteString("\n")
	writeGroups(b, d, false)
	b.WriteString("\n")
	if d.Folded {
		Put(b, `<details id="moves"><summary>`, TemplateEscape(d.Lang.S("mod.moves")), "</summary>\n")
		writeGroups(b, d, true)
		b.WriteString("\n</details>")
	}
	b.WriteString("\n")
}

// TemplateEscape escapes text as html/template does in text and quoted
// attributes (a "+" too), so that a page written in Go is byte for byte
// the page its template wrote.
func TemplateEscape(s string) string {
	if !needsEscape(s, true) {
		return s
	}
	return templateEscaper.Replace(s)
}

var templateEscaper = strings.NewReplacer("\x00", "\uFFFD", `"`, "&#34;", "&", "&amp;", "'", "&#39;", "+", "&#43;", "<", "&lt;", ">", "&gt;")
