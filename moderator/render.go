package moderator

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"

	"tablemaster/engine"
	"tablemaster/engine/noir"
)

//go:embed pages/*.tmpl
var pageFS embed.FS

var pages = template.Must(template.New("").Funcs(template.FuncMap{
	// msg and th isolate the names in a sentence (bdi.go); t is for
	// words without names, and for attributes.
	"msg": msgHTML,
	"th":  textHTML,
	"bdi": bdiHTML,
	"t": func(l engine.Lang, key string, nv ...string) string {
		return l.S(key, nv...)
	},
	"suit":  suitClass,
	"chips": chips,
	// noirGrid and buttons write in Go what the templates did in some 250
	// actions per page, the bulk of a page's rendering time.
	"noirGrid": noirGrid,
	"buttons":  buttons,
}).ParseFS(pageFS, "pages/*.tmpl"))

// suitClass colours red suits.
func suitClass(s string) string {
	if strings.ContainsAny(s, "♥♦") {
		return "red"
	}
	return ""
}

// pageData is everything a page template reads. It holds one Snapshot,
// which holds only what the seat may see.
type pageData struct {
	Lang, Other engine.Lang
	Base        string
	Seat        engine.Seat
	SeatName    string
	RoleKey     string
	Phone       bool
	Snap        Snapshot
	Flash       string
	Players     []player
	Feed        []feedLine
	Groups      []choiceGroup
	// HasSecretChoices: some choices show what only this seat knows, so
	// the phone keeps them folded away until the player opens them.
	HasSecretChoices bool
	App              template.HTML
}

type choiceGroup struct {
	Title   string
	Public  bool
	Choices []engine.Choice
}

type player struct {
	Name    string
	RoleKey string
	Joined  bool
	Online  int
	Turn    bool
}

type feedLine struct {
	Text    template.HTML
	Private bool
	Undone  bool
	Answer  bool
}

// maxPhoneFeed keeps a phone page small; the table screen shows all.
const maxPhoneFeed = 30

func buildData(t *Table, seat engine.Seat, l engine.Lang, flash, base string) *pageData {
	snap := t.Snapshot(seat)
	d := &pageData{Lang: l, Other: engine.JA, Base: base, Seat: seat, Phone: seat != engine.Public, Snap: snap, Flash: flash}
	if l == engine.JA {
		d.Other = engine.EN
	}
	if seat != engine.Public {
		d.SeatName = snap.Seats[seat]
		d.RoleKey = t.kind.RoleKey(seat)
	}
	joined, online := t.Presence()
	turn := snap.Turn
	for i, name := range snap.Seats {
		d.Players = append(d.Players, player{Name: name, RoleKey: t.kind.RoleKey(engine.Seat(i)),
			Joined: joined[i], Online: online[i], Turn: turn[i]})
	}
	for _, c := range snap.Choices {
		title := l.Text(c.Group)
		if n := len(d.Groups); n > 0 && d.Groups[n-1].Title == title && d.Groups[n-1].Public == c.Public {
			d.Groups[n-1].Choices = append(d.Groups[n-1].Choices, c)
			continue
		}
		d.Groups = append(d.Groups, choiceGroup{Title: title, Public: c.Public, Choices: []engine.Choice{c}})
		d.HasSecretChoices = d.HasSecretChoices || !c.Public
	}
	for i := len(snap.Feed) - 1; i >= 0; i-- {
		f := snap.Feed[i]
		if f.Event.Table {
			continue
		}
		d.Feed = append(d.Feed, feedLine{Text: msgHTML(l, f.Event.Msg), Private: !f.Event.IsPublic(), Undone: f.Undone,
			Answer: f.Event.Reveal && f.Event.IsPublic()})
		if d.Phone && len(d.Feed) == maxPhoneFeed {
			break
		}
	}
	return d
}

func appTemplate(t *Table, seat engine.Seat) string {
	if seat == engine.Public {
		return t.kind.Template + ".table"
	}
	return t.kind.Template + ".phone"
}

// renderApp writes the part of a page that live updates replace.
func renderApp(w io.Writer, t *Table, seat engine.Seat, l engine.Lang, flash, base string) error {
	return pages.ExecuteTemplate(w, appTemplate(t, seat), buildData(t, seat, l, flash, base))
}

// renderPage writes a whole page: the frame, its style and script, and the app.
func renderPage(w io.Writer, t *Table, seat engine.Seat, l engine.Lang, flash, base string) error {
	d := buildData(t, seat, l, flash, base)
	var app bytes.Buffer
	if err := pages.ExecuteTemplate(&app, appTemplate(t, seat), d); err != nil {
		return err
	}
	d.App = template.HTML(app.String())
	return pages.ExecuteTemplate(w, "page", d)
}

func htmlEscape(s string) string { return template.HTMLEscapeString(s) }

// streamKey names one rendering of a live update: every page of the same
// seat, language and link gets the same bytes.
type streamKey struct {
	seat engine.Seat
	lang engine.Lang
	base string
}

type streamEntry struct {
	want    int    // the version the entry was made for
	version int    // the version the page shows (want or later)
	html    []byte // the page body: the fetch reply of a post
	msg     []byte // the same as a Server-Sent Event
	err     error
	ready   chan struct{} // closed once the fields above are set
}

// streamMessage returns the Server-Sent Event carrying the current page
// body for a seat, rendered once per change however many pages listen
// (several phones on one link, several table screens): the pages that
// wake together wait for the first one's rendering.
func (t *Table) streamMessage(seat engine.Seat, l engine.Lang, base string) ([]byte, int, error) {
	e := t.rendered(seat, l, base)
	return e.msg, e.version, e.err
}

// rendered returns the current page body of a seat, rendering it at most
// once per version and key.
func (t *Table) rendered(seat engine.Seat, l engine.Lang, base string) *streamEntry {
	key := streamKey{seat, l, base}
	ver := t.currentVersion()
	t.cacheMu.Lock()
	if e, ok := t.streamCache[key]; ok && e.want >= ver {
		t.cacheMu.Unlock()
		<-e.ready
		return e
	}
	e := &streamEntry{want: ver, ready: make(chan struct{})}
	if t.streamCache == nil {
		t.streamCache = map[streamKey]*streamEntry{}
	}
	t.streamCache[key] = e
	t.cacheMu.Unlock()
	defer close(e.ready)
	d := buildData(t, seat, l, "", base)
	var buf bytes.Buffer
	if e.err = pages.ExecuteTemplate(&buf, appTemplate(t, seat), d); e.err != nil {
		return e
	}
	var out bytes.Buffer
	out.Grow(buf.Len() + buf.Len()/8)
	fmt.Fprintf(&out, "id: %d\n", d.Snap.Version)
	writeSSEData(&out, buf.Bytes())
	out.WriteByte('\n')
	e.version, e.html, e.msg = d.Snap.Version, buf.Bytes(), out.Bytes()
	return e
}

// writeSSEData writes p as the data lines of a Server-Sent Event. The
// event stream ends a line at a CR, an LF or a CR LF, so each of the three
// starts a new data line, and no CR is ever written: a CR in a player's
// name would otherwise end its line early and let the rest of the name be
// read as a field of its own ("id:", "event:"). The page gets its lines
// joined with LF, which is what an HTML parser makes of a CR anyway.
func writeSSEData(out *bytes.Buffer, p []byte) {
	for {
		i := bytes.IndexAny(p, "\r\n")
		out.WriteString("data: ")
		if i < 0 {
			out.Write(p)
			out.WriteByte('\n')
			return
		}
		out.Write(p[:i])
		out.WriteByte('\n')
		if p[i] == '\r' && i+1 < len(p) && p[i+1] == '\n' {
			i++
		}
		p = p[i+1:]
	}
}

// noirGrid writes the Noir grid of a View or PublicView.
func noirGrid(cols []string, grid [][]noir.CellView) template.HTML {
	var b strings.Builder
	b.Grow(2048)
	b.WriteString(`<table class="grid"><tr><th></th>`)
	for _, c := range cols {
		b.WriteString("<th>" + htmlEscape(c) + "</th>")
	}
	b.WriteString("</tr>")
	for i, row := range grid {
		b.WriteString("<tr><th>" + strconv.Itoa(i+1) + "</th>")
		for _, c := range row {
			b.WriteString(`<td class="`)
			for _, f := range [...]struct {
				on   bool
				name string
			}{{c.Dead, "dead"}, {c.Innocent, " inn"}, {c.Mine, " mine"}, {c.Near, " near"}} {
				if f.on {
					b.WriteString(f.name)
				}
			}
			b.WriteString(`" data-cell="` + htmlEscape(c.Cell) + `"><span class="` + suitClass(c.Suspect) + `">` +
				htmlEscape(c.Suspect) + "</span>")
			if c.Evidence != "" {
				b.WriteString(`<small class="` + suitClass(c.Evidence) + `">` + htmlEscape(c.Evidence) + "</small>")
			}
			b.WriteString("</td>")
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</table>")
	return template.HTML(b.String())
}

// buttons writes a form's choice buttons.
func buttons(l engine.Lang, cs []engine.Choice) template.HTML {
	var b strings.Builder
	for _, c := range cs {
		b.WriteString(`<button name="a" value="` + htmlEscape(string(c.Action)) + `">` + string(msgHTML(l, c.Label)) + "</button>")
	}
	return template.HTML(b.String())
}
