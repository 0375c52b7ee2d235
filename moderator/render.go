package moderator

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io"
	"strings"

	"tablemaster/engine"
)

//go:embed pages/*.tmpl
var pageFS embed.FS

var pages = template.Must(template.New("").Funcs(template.FuncMap{
	"msg": func(l engine.Lang, m engine.Msg) string { return l.Text(m) },
	"t": func(l engine.Lang, key string, nv ...string) string {
		return l.S(key, nv...)
	},
	"suit": suitClass,
	"add":  func(a, b int) int { return a + b },
	"seatIs": func(a engine.Seat, b int) bool {
		return int(a) == b
	},
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
	Text    string
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
		d.Feed = append(d.Feed, feedLine{Text: l.Text(f.Event.Msg), Private: !f.Event.IsPublic(), Undone: f.Undone,
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
	version int
	msg     []byte
}

// streamMessage returns the Server-Sent Event carrying the current page
// body for a seat, rendered once per change however many pages listen
// (several phones on one link, several table screens).
func (t *Table) streamMessage(seat engine.Seat, l engine.Lang, base string) ([]byte, int, error) {
	key := streamKey{seat, l, base}
	ver := t.currentVersion()
	t.cacheMu.Lock()
	if e, ok := t.streamCache[key]; ok && e.version == ver {
		t.cacheMu.Unlock()
		return e.msg, e.version, nil
	}
	t.cacheMu.Unlock()
	d := buildData(t, seat, l, "", base)
	var buf bytes.Buffer
	if err := pages.ExecuteTemplate(&buf, appTemplate(t, seat), d); err != nil {
		return nil, 0, err
	}
	var out bytes.Buffer
	fmt.Fprintf(&out, "id: %d\n", d.Snap.Version)
	for _, line := range bytes.Split(buf.Bytes(), []byte("\n")) {
		out.WriteString("data: ")
		out.Write(line)
		out.WriteByte('\n')
	}
	out.WriteByte('\n')
	t.cacheMu.Lock()
	if t.streamCache == nil {
		t.streamCache = map[streamKey]streamEntry{}
	}
	if e, ok := t.streamCache[key]; !ok || e.version < d.Snap.Version {
		t.streamCache[key] = streamEntry{d.Snap.Version, out.Bytes()}
	}
	t.cacheMu.Unlock()
	return out.Bytes(), d.Snap.Version, nil
}
