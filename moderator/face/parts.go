package face

import (
	"bytes"
	"strconv"

	"tablemaster/engine"
)

// The parts every game's pages share, written in Go as the pages are:
// a face's WriteApp calls the Write... functions, which write into its
// buffer and allocate nothing of their own.

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

// Words is a catalogue sentence, escaped.
func Words(l engine.Lang, key string) string { return Escape(l.S(key)) }

// WriteTop opens a page's app with its heading, whose pieces are HTML,
// and the link to the page in the other language. The table screen's top
// bar holds its Speak switch too (see Say), which its page's script shows
// where the browser can speak and turns on and off; a phone never speaks.
func WriteTop(b *bytes.Buffer, d *Page, heading ...string) {
	b.WriteString("\n<div class=\"top\"><h1>")
	Put(b, heading...)
	b.WriteString("</h1>")
	if !d.Phone {
		Put(b, `<button type="button" class="say alt" aria-pressed="false">`, Words(d.Lang, "mod.say.button"), "</button>")
	}
	WriteLang(b, d)
	b.WriteString("</div>\n")
}

// Say is the attribute that marks a part of the table screen its voice
// reads aloud once the Speak switch is on, each kind when it changes:
// the status (SayStatus: whose turn, what the table waits for), the
// game's end (SayOver), the undo waiting (SayUndo), the instructions for
// the real cards (the todo) and every new public story line. The page's
// script speaks only what the page shows, and a table screen shows only
// what everyone may know (DESIGN.md principle 1); phones carry no mark.
const (
	SayStatus = ` data-say="s"`
	SayOver   = ` data-say="o"`
	SayUndo   = ` data-say="u"`
)

// WriteScreenStatusOpen opens the table screen's status line, which its
// voice reads when it changes; the caller writes the status and closes it.
func WriteScreenStatusOpen(b *bytes.Buffer) {
	b.WriteString("\n<div class=\"status\" id=\"status\"" + SayStatus + ">")
}

// WriteOverOpen opens the banner of the game's end, which the table
// screen's voice reads; the caller writes why and closes it.
func WriteOverOpen(b *bytes.Buffer, d *Page) {
	b.WriteString(`<div class="over" id="over"`)
	if !d.Phone {
		b.WriteString(SayOver)
	}
	b.WriteByte('>')
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
		b.WriteString(`<div class="status" id="undo"` + SayUndo + `>`)
		WriteMsg(b, d.Lang, u.Text)
		b.WriteString("</div>")
	}
}

// WritePlayers writes the seats with their roles, presence and whose
// turn it is.
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
		case p.Bot:
			Put(b, ` <span class="off">`, Escape(d.Lang.S("mod.bot.played")), "</span>")
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

// WriteTodo writes what to do with the real cards now, if anything: the
// last step's instructions, marked new, then those of the steps just
// before, greyed, each under the action it belongs to (issue 27).
func WriteTodo(b *bytes.Buffer, d *Page) {
	if len(d.Snap.Todo) == 0 && len(d.Snap.TodoPast) == 0 {
		return
	}
	// The todo is read each time an action (or an undo) sets it, even in
	// the same words as the last: its state version tells them apart.
	// Only the new instructions are read (.now), the older were before.
	b.WriteString(`<div class="todo"`)
	if !d.Phone && len(d.Snap.Todo) > 0 {
		b.WriteString(` data-say="t`)
		b.WriteString(strconv.Itoa(d.Snap.StateVer))
		b.WriteByte('"')
	}
	Put(b, `><b>`, Escape(d.Lang.S("mod.todo")), "</b>")
	if len(d.Snap.Todo) > 0 {
		Put(b, `<div class="now"><small><i>`, Escape(d.Lang.S("mod.todo.new")), "</i> ")
		WriteMsg(b, d.Lang, d.Snap.TodoWhat)
		b.WriteString("</small>")
		writeTodoLines(b, d.Lang, d.Snap.Todo)
		b.WriteString("</div>")
	}
	for _, st := range d.Snap.TodoPast {
		b.WriteString(`<div class="was"><small>`)
		WriteMsg(b, d.Lang, st.What)
		b.WriteString("</small>")
		writeTodoLines(b, d.Lang, st.Todo)
		b.WriteString("</div>")
	}
	b.WriteString("</div>")
}

func writeTodoLines(b *bytes.Buffer, l engine.Lang, todo []engine.Event) {
	for _, e := range todo {
		b.WriteString("<div>")
		WriteMsg(b, l, e.Msg)
		b.WriteString("</div>")
	}
}

// writeGroups writes a page's choice groups, those folded away (fold) or
// the others, each a heading and a form.
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

// WriteFeed writes a page's story, newest first, and the link to the
// whole of it when the page shows only its end.
func WriteFeed(b *bytes.Buffer, d *Page) {
	b.WriteString(`<ul class="feed">`)
	for _, f := range d.Feed {
		b.WriteString(`<li`)
		c := ClassAttr{B: b}
		c.Add(f.Private, "priv")
		c.Add(f.Answer, "ans")
		c.Add(f.Undone, "undone")
		c.Close()
		if !d.Phone && !f.Private && !f.Undone {
			// The table screen's voice reads each line once, by its
			// number in the story (a line's words may come again).
			b.WriteString(` data-say="e`)
			b.WriteString(strconv.Itoa(f.Seq))
			b.WriteByte('"')
		}
		b.WriteByte('>')
		if f.Private {
			// At rest a private line is one short line that says what it
			// is (the frame's --pv, written once per page, not per line);
			// its words show while the hold area is held.
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

// WriteLang writes the link to the page in the other language.
func WriteLang(b *bytes.Buffer, d *Page) {
	name := "English"
	if d.Other == engine.JA {
		name = "日本語"
	}
	Put(b, `<span class="lang"><a href="?lang=`, Escape(string(d.Other)), `">`, name, `</a></span>`)
}

// WriteFlash writes the message a post left for the page, if any.
func WriteFlash(b *bytes.Buffer, d *Page) {
	if d.Flash != "" {
		Put(b, `<div class="flash" role="alert">`, Escape(d.Flash), `</div>`)
	}
}

// WriteUndo writes a phone's undo part: the request waiting on the
// table, with this seat's answer if it is asked, or the button that asks
// to undo the seat's last action.
func WriteUndo(b *bytes.Buffer, d *Page) {
	u := d.Snap.Undo
	if u == nil {
		if d.Snap.CanUndo {
			Put(b, `<form method="post" action="`, Escape(d.Base), `/undo"><button class="alt">↶ `, Escape(d.Lang.S("mod.undo.button")), `</button></form>`)
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
		Put(b, `<form method="post" action="`, Escape(d.Base), `/confirm" class="choices"><button name="yes" value="1" class="warn">`, Escape(d.Lang.S("mod.undo.agree")), `</button><button name="yes" value="0" class="alt">`, Escape(d.Lang.S("mod.undo.refuse")), `</button></form>`)
	} else {
		Put(b, "<div>", Escape(d.Lang.S("mod.undo.waiting")), "</div>")
	}
	b.WriteString("</div>\n")
}

// WriteChoices writes a page's choices: the open groups, then the folded
// ones under "Your other moves".
func WriteChoices(b *bytes.Buffer, d *Page) {
	b.WriteString("\n")
	writeGroups(b, d, false)
	b.WriteString("\n")
	if d.Folded {
		Put(b, `<details id="moves"><summary>`, Escape(d.Lang.S(MovesKey(d.Groups, false))), "</summary>\n")
		writeGroups(b, d, true)
		b.WriteString("\n</details>")
	}
	b.WriteString("\n")
}
