package face

import (
	"html/template"
	"strconv"
	"strings"

	"tablemaster/engine"
)

// The parts every game's pages share, written in Go (a template's loop
// costs reflection on every live update): the layout's templates call
// them, and a face that writes its pages in Go (Writer) calls them too.

// PlayersHTML writes the seats with their roles, presence and whose turn
// it is (template "players").
func PlayersHTML(d *Page) template.HTML {
	var b strings.Builder
	b.WriteString(`<div class="players">`)
	for _, p := range d.Players {
		b.WriteString("<span>")
		if p.Turn {
			b.WriteString("▶ ")
		}
		b.WriteString("<b>" + string(BDI(p.Name)) + "</b>")
		if p.RoleKey != "" {
			b.WriteString(" (" + Escape(d.Lang.S(p.RoleKey)) + ")")
		}
		switch {
		case p.Online > 0:
			b.WriteString(` <span class="on">● ` + Escape(d.Lang.S("mod.online")) + "</span>")
		case p.Joined:
			b.WriteString(` <span class="off">○ ` + Escape(d.Lang.S("mod.joined")) + "</span>")
		default:
			b.WriteString(` <span class="off">○ ` + Escape(d.Lang.S("mod.not_joined")) + "</span>")
		}
		b.WriteString("</span>")
	}
	b.WriteString("</div>")
	return template.HTML(b.String())
}

// TodoHTML writes what to do with the real cards now (template "todo").
func TodoHTML(d *Page) template.HTML {
	if len(d.Snap.Todo) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(`<div class="todo"><b>` + Escape(d.Lang.S("mod.todo")) + "</b>")
	for _, e := range d.Snap.Todo {
		b.WriteString("<div>" + string(MsgHTML(d.Lang, e.Msg)) + "</div>")
	}
	b.WriteString("</div>")
	return template.HTML(b.String())
}

// groupsHTML writes a page's choice groups, those folded away (fold) or
// the others (template "choices"), each a heading and a form.
func groupsHTML(d *Page, fold bool) template.HTML {
	var b strings.Builder
	ver := strconv.Itoa(d.Snap.StateVer)
	for _, g := range d.Groups {
		if g.Fold != fold {
			continue
		}
		b.WriteString("<h2>" + Escape(g.Title) + `</h2><form method="post" action="` + Escape(d.Base) +
			`/act" class="choices"><input type="hidden" name="v" value="` + ver + `">`)
		b.WriteString(string(Buttons(d.Lang, g.Choices)))
		b.WriteString("</form>")
	}
	return template.HTML(b.String())
}

// FeedHTML writes a page's story (template "feed"): in Go, what the
// template's loop did by reflection for every line of every live update.
func FeedHTML(d *Page) template.HTML {
	var b strings.Builder
	b.Grow(64 * (len(d.Feed) + 2))
	b.WriteString(`<ul class="feed">`)
	for _, f := range d.Feed {
		b.WriteString(`<li class="`)
		if f.Private {
			b.WriteString("priv")
		}
		if f.Answer {
			b.WriteString(" ans")
		}
		if f.Undone {
			b.WriteString(" undone")
		}
		b.WriteString(`">`)
		if f.Private {
			b.WriteString(`✱ <span class="sline">` + string(f.Text) + `</span>`)
		} else {
			b.WriteString(string(f.Text))
		}
		b.WriteString("</li>")
	}
	b.WriteString("</ul>")
	if d.Snap.Earlier {
		b.WriteString(`<p class="foot"><a href="` + Escape(d.Base) + `/story" target="_blank">` +
			Escape(d.Lang.S("mod.story_all")) + "</a></p>")
	}
	return template.HTML(b.String())
}

// LangHTML is the link to the page in the other language (template "lang").
func LangHTML(d *Page) template.HTML {
	name := "English"
	if d.Other == engine.JA {
		name = "日本語"
	}
	return template.HTML(`<span class="lang"><a href="?lang=` + TemplateEscape(string(d.Other)) + `">` + name + `</a></span>`)
}

// FlashHTML is the message a post left for the page (template "flash").
func FlashHTML(d *Page) template.HTML {
	if d.Flash == "" {
		return ""
	}
	return template.HTML(`<div class="flash" role="alert">` + TemplateEscape(d.Flash) + `</div>`)
}

// UndoHTML is a phone's undo part (template "undo"): the request waiting
// on the table, with this seat's answer if it is asked, or the button
// that asks to undo the seat's last action.
func UndoHTML(d *Page) template.HTML {
	u := d.Snap.Undo
	if u == nil {
		if d.Snap.CanUndo {
			return template.HTML(`<form method="post" action="` + TemplateEscape(d.Base) + `/undo"><button class="alt">↶ ` + TemplateEscape(d.Lang.S("mod.undo.button")) + `</button></form>`)
		}
		return ""
	}
	asked := false
	for _, s := range u.Waiting {
		asked = asked || s == d.Seat
	}
	var b strings.Builder
	b.WriteString("\n" + `<div class="status me" id="undo">` + string(MsgHTML(d.Lang, u.Text)) + "\n")
	if asked {
		b.WriteString(`<form method="post" action="` + TemplateEscape(d.Base) + `/confirm" class="choices"><button name="yes" value="1" class="warn">` +
			TemplateEscape(d.Lang.S("mod.undo.agree")) + `</button><button name="yes" value="0" class="alt">` + TemplateEscape(d.Lang.S("mod.undo.refuse")) + `</button></form>`)
	} else {
		b.WriteString("<div>" + TemplateEscape(d.Lang.S("mod.undo.waiting")) + "</div>")
	}
	b.WriteString("</div>\n")
	return template.HTML(b.String())
}

// ChoicesHTML is a page's choices (template "choices"): the open groups,
// then the folded ones under "Your other moves".
func ChoicesHTML(d *Page) template.HTML {
	var b strings.Builder
	b.WriteString("\n" + string(groupsHTML(d, false)) + "\n")
	if d.Folded {
		b.WriteString(`<details id="moves"><summary>` + TemplateEscape(d.Lang.S("mod.moves")) + "</summary>\n" + string(groupsHTML(d, true)) + "\n</details>")
	}
	b.WriteString("\n")
	return template.HTML(b.String())
}

// TemplateEscape escapes text as html/template does in text and quoted
// attributes (a "+" too), so that a page written in Go is byte for byte
// the page its template wrote.
func TemplateEscape(s string) string {
	if !strings.ContainsAny(s, "\x00\"&'+<>") {
		return s
	}
	return templateEscaper.Replace(s)
}

var templateEscaper = strings.NewReplacer("\x00", "\uFFFD", `"`, "&#34;", "&", "&amp;", "'", "&#39;", "+", "&#43;", "<", "&lt;", ">", "&gt;")
