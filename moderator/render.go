package moderator

import (
	"bytes"
	"context"
	"io"
	"strconv"
	"sync"

	"tablemaster/engine"
	"tablemaster/moderator/face"
	"tablemaster/moderator/patch"
)

// maxPhoneFeed and maxScreenFeed are the story lines a phone and the
// table screen show; the whole story is a link away (/story). So a page,
// and every live update, costs the same at move 10 and at move 10,000.
const (
	maxPhoneFeed  = 20
	maxScreenFeed = 24
)

func buildData(t *Table, seat engine.Seat, l engine.Lang, flash, base string) *face.Page {
	tail := maxScreenFeed
	if seat != engine.Public {
		tail = maxPhoneFeed
	}
	snap, feed := t.pageSnapshot(seat, tail, l)
	d := &face.Page{Lang: l, Other: engine.JA, Base: base, Seat: seat, Phone: seat != engine.Public, Snap: snap, Flash: flash, Feed: feed}
	if l == engine.JA {
		d.Other = engine.EN
	}
	if seat != engine.Public {
		d.SeatName = snap.Seats[seat]
		d.RoleKey = t.face.Role(seat)
	}
	joined, online := t.Presence()
	turn := snap.Turn
	d.Players = make([]face.Player, 0, len(snap.Seats))
	for i, name := range snap.Seats {
		d.Players = append(d.Players, face.Player{Name: name, RoleKey: t.face.Role(engine.Seat(i)),
			Joined: joined[i], Online: online[i], Turn: turn[i], Bot: t.IsBot(engine.Seat(i))})
	}
	// A group is a run of choices with one title: its choices are that run
	// of snap.Choices, capped so that a face appending to them copies.
	title := ""
	for i, c := range snap.Choices {
		if i == 0 || !face.SameMsg(c.Group, snap.Choices[i-1].Group) {
			title = l.Text(c.Group)
		}
		if n := len(d.Groups); n > 0 && d.Groups[n-1].Title == title && d.Groups[n-1].Public == c.Public {
			d.Groups[n-1].Choices = snap.Choices[i-len(d.Groups[n-1].Choices) : i+1 : i+1]
			continue
		}
		d.Groups = append(d.Groups, face.ChoiceGroup{Title: title, Public: c.Public, Choices: snap.Choices[i : i+1 : i+1]})
	}
	d.Folded = face.Fold(d.Groups, false)
	return d
}

// lineRing is the number of story lines kept as HTML per table and
// language, the last ones written: more than a page shows.
const lineRing = 64

// lineCache keeps the story lines of one language as HTML: line seq is
// in slot seq%lineRing, if held[slot] is seq+1.
type lineCache struct {
	lang engine.Lang
	held [lineRing]int
	html [lineRing]face.HTML
}

// linesCache is the table's cache for l (under mu).
func (t *Table) linesCache(l engine.Lang) *lineCache {
	for _, c := range t.lines {
		if c.lang == l {
			return c
		}
	}
	c := &lineCache{lang: l}
	t.lines = append(t.lines, c)
	return c
}

// pageSnapshot is SnapshotTail for a page in l, with the story as the
// page shows it: the last tail lines s sees, newest first, written in l.
// They are read from the story under the table's lock rather than copied
// out of it first, and each line is written once per language and kept
// (lineCache): a page shows the same 20 lines update after update. Under
// the lock no rollback can give a line's number to another meanwhile.
func (t *Table) pageSnapshot(s engine.Seat, tail int, l engine.Lang) (Snapshot, []face.FeedLine) {
	t.mu.Lock()
	defer t.mu.Unlock()
	snap := t.snapshotLocked(s)
	n, from, earlier := t.tailLocked(s, tail)
	snap.Earlier = earlier
	feed := make([]face.FeedLine, 0, n)
	c := t.linesCache(l)
	for i := len(t.feed) - 1; i >= from; i-- {
		if !t.seesLocked(i, s, tail) {
			continue
		}
		f := &t.feed[i]
		slot := f.Seq % lineRing
		if c.held[slot] != f.Seq+1 {
			c.held[slot], c.html[slot] = f.Seq+1, face.MsgHTML(l, f.Event.Msg)
		}
		pub := f.Event.IsPublic()
		feed = append(feed, face.FeedLine{Seq: f.Seq, Text: c.html[slot], Private: !pub, Undone: f.Undone, Answer: f.Event.Reveal && pub})
	}
	return snap, feed
}

// renderApp writes the part of a page that live updates replace.
func renderApp(w io.Writer, t *Table, seat engine.Seat, l engine.Lang, flash, base string) error {
	_, err := renderAppVersion(w, t, seat, l, flash, base)
	return err
}

// renderAppVersion is renderApp that also says which version of the table
// the body shows.
func renderAppVersion(w io.Writer, t *Table, seat engine.Seat, l engine.Lang, flash, base string) (int, error) {
	d := buildData(t, seat, l, flash, base)
	var b bytes.Buffer
	b.Grow(8 << 10)
	writeApp(&b, t, d)
	_, err := w.Write(b.Bytes())
	return d.Snap.Version, err
}

// writeApp writes the app of a page from its data, as the face writes it.
func writeApp(b *bytes.Buffer, t *Table, d *face.Page) {
	t.face.WriteApp(b, d)
}

// renderPage writes a whole page: the frame, its style and script, and the
// app. The app is the one the seat's live pages share (with no flash), so
// the page's live connection is sent nothing until something changes,
// and then only what changed.
func renderPage(w io.Writer, t *Table, seat engine.Seat, l engine.Lang, flash, base string) error {
	var d face.Page
	if flash == "" {
		e := t.rendered(seat, l, base)
		if e.err != nil {
			return e.err
		}
		// The frame needs only who and where the page is.
		d = face.Page{Lang: l, Base: base, Seat: seat, Phone: seat != engine.Public}
		if seat != engine.Public {
			d.SeatName = t.Header().Seats[seat]
		}
		d.App, d.BodyHash, d.BodyVersion = face.HTML(e.html), e.hash, e.version
	} else {
		d = *buildData(t, seat, l, flash, base)
		var app bytes.Buffer
		writeApp(&app, t, &d)
		d.App, d.BodyHash, d.BodyVersion = face.HTML(app.String()), patch.Hash(app.Bytes()), d.Snap.Version
	}
	return appPage(&d).Render(context.Background(), w)
}

// renderStory writes the whole story as seat sees it, newest first, on a
// page of its own (not live). Lines told to the seat alone show only as
// ✱: this page has no hold to reveal.
func renderStory(w io.Writer, t *Table, seat engine.Seat, l engine.Lang) error {
	snap := t.Snapshot(seat)
	d := &face.Page{Lang: l, Seat: seat}
	for i := len(snap.Feed) - 1; i >= 0; i-- {
		f := snap.Feed[i]
		if f.Event.Table {
			continue
		}
		line := face.FeedLine{Text: face.MsgHTML(l, f.Event.Msg), Private: !f.Event.IsPublic(), Undone: f.Undone}
		if line.Private {
			line.Text = "✱"
		}
		d.Feed = append(d.Feed, line)
	}
	return storyPage(d).Render(context.Background(), w)
}

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
	hash    string // patch.Hash(html)
	// prev is the entry of the body the key showed before this one,
	// different from it, so that the pages holding it are sent a patch;
	// prevHash is its hash.
	prev     *streamEntry
	prevHash string
	err      error
	ready    chan struct{} // closed once the fields above are set

	mu    sync.Mutex  // guards what follows, made when first asked for
	tree  *patch.Body // html read as nodes
	patch []byte      // the patch from prev, or nil
	tried bool        // patch was made (or found no smaller than the body)
}

// parsed is the entry's body read as nodes, read once.
func (e *streamEntry) parsed() *patch.Body {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.tree == nil {
		e.tree = patch.Parse(e.html)
	}
	return e.tree
}

// patchMinBody is the smallest body sent as a patch. Making a patch costs
// some 130 µs per page and change (tmload, 2-core laptop), about what
// writing 8 KB to a few listeners costs: a smaller body (a Noir phone, 4
// to 7 KB) goes whole, a larger one (Super Rock's ten seats, Outlaws'
// streets) as what changed. The tests set it to 0, so that every update
// they check is a patch.
var patchMinBody = 8 << 10

// appendMessage appends to dst the Server-Sent Event that brings a page
// holding the body named have to this entry's body: a patch when have is
// the body before this one and the body is large enough, else the whole
// body. A patch is made once, whoever asks; the whole body is framed in
// dst each time, which costs a copy per page but keeps no second copy of
// every body.
func (e *streamEntry) appendMessage(dst []byte, have string) []byte {
	if have != "" && have == e.prevHash && len(e.html) >= patchMinBody {
		if p := e.patchMessage(); p != nil {
			return append(dst, p...)
		}
	}
	dst = append(dst, "id: "...)
	dst = strconv.AppendInt(dst, int64(e.version), 10)
	dst = append(dst, '-')
	dst = append(dst, e.hash...)
	dst = append(dst, '\n')
	dst = appendSSEData(dst, e.html)
	return append(dst, '\n')
}

// patchMessage is the patch from the body before, made once; nil when it
// would not be smaller than the whole body.
func (e *streamEntry) patchMessage() []byte {
	e.mu.Lock()
	tried, prev := e.tried, e.prev
	e.mu.Unlock()
	if !tried && prev != nil {
		// Read outside e.mu: parsed takes it, and prev's.
		m, ok := prev.parsed().MessageTo(e.parsed(), e.prevHash, e.hash, e.version)
		e.mu.Lock()
		if !e.tried {
			e.tried, e.prev = true, nil // prev is needed no more
			if ok {
				e.patch = m
			}
		}
		e.mu.Unlock()
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.patch
}

// rendered returns the current page body of a seat, rendering it at most
// once per version and key (several phones on one link, several table
// screens, the reply to the phone that acted): the pages that wake
// together wait for the first one's rendering.
func (t *Table) rendered(seat engine.Seat, l engine.Lang, base string) *streamEntry {
	key := streamKey{seat, l, base}
	ver := t.currentVersion()
	t.cacheMu.Lock()
	old, ok := t.streamCache[key]
	if ok && old.want >= ver {
		t.cacheMu.Unlock()
		<-old.ready
		return old
	}
	e := &streamEntry{want: ver, ready: make(chan struct{})}
	if t.streamCache == nil {
		t.streamCache = map[streamKey]*streamEntry{}
	}
	t.streamCache[key] = e
	t.cacheMu.Unlock()
	defer close(e.ready)
	if old != nil {
		<-old.ready
	}
	// Rendered into a buffer used again, and copied out at its size
	// only when it differs from the body before: a body is kept as long
	// as it is current, and most of a table's renderings are new bodies,
	// so the copy costs less than the slack of a buffer grown in place
	// (and the garbage of its growing).
	buf := renderBufs.Get().(*bytes.Buffer)
	defer func() {
		if buf.Cap() <= 64<<10 { // a rare huge body is not kept
			buf.Reset()
			renderBufs.Put(buf)
		}
	}()
	d := buildData(t, seat, l, "", base)
	writeApp(buf, t, d)
	e.version = d.Snap.Version
	switch {
	case old != nil && old.err == nil && bytes.Equal(old.html, buf.Bytes()):
		// Nothing this page shows changed (someone else came online):
		// the pages holding the body are sent nothing.
		old.mu.Lock()
		e.html, e.hash, e.tree, e.prev, e.prevHash = old.html, old.hash, old.tree, old.prev, old.prevHash
		e.patch, e.tried = old.patch, old.tried // its id names the version before: harmless
		old.mu.Unlock()
	case old != nil && old.err == nil:
		e.html = bytes.Clone(buf.Bytes())
		e.hash, e.prevHash = patch.Hash(e.html), old.hash
		if len(e.html) >= patchMinBody {
			// Kept for the patch from it; a smaller body goes whole.
			e.prev = old
		}
		old.mu.Lock()
		old.prev = nil // one body back is enough
		old.mu.Unlock()
	default:
		e.html = bytes.Clone(buf.Bytes())
		e.hash = patch.Hash(e.html)
	}
	return e
}

// renderBufs are the buffers pages are rendered in (rendered).
var renderBufs = sync.Pool{New: func() any { return bytes.NewBuffer(make([]byte, 0, 8<<10)) }}

// appendSSEData appends p to dst as the data lines of a Server-Sent
// Event. The event stream ends a line at a CR, an LF or a CR LF, so each
// of the three starts a new data line, and no CR is ever written: a CR in
// a player's name would otherwise end its line early and let the rest of
// the name be read as a field of its own ("id:", "event:"). The page gets
// its lines joined with LF, which is what an HTML parser makes of a CR
// anyway. A body with no CR (a CR comes only from a player's text) is cut
// at its LFs alone, which bytes.IndexByte finds many bytes at a time.
func appendSSEData(dst, p []byte) []byte {
	cr := bytes.IndexByte(p, '\r') >= 0
	for {
		i := bytes.IndexByte(p, '\n')
		if cr {
			i = bytes.IndexAny(p, "\r\n")
		}
		dst = append(dst, "data: "...)
		if i < 0 {
			dst = append(dst, p...)
			return append(dst, '\n')
		}
		dst = append(dst, p[:i]...)
		dst = append(dst, '\n')
		if p[i] == '\r' && i+1 < len(p) && p[i+1] == '\n' {
			i++
		}
		p = p[i+1:]
	}
}
