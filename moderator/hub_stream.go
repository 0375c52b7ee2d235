package moderator

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/a-h/templ"

	"tablemaster/engine"
)

// signal wakes whoever waits for a change. Signals coalesce: a slow
// reader sees the latest state, never a backlog (as Table.Subscribe).
type signal struct {
	mu   sync.Mutex
	subs map[chan struct{}]struct{}
}

func (g *signal) subscribe() (ch chan struct{}, cancel func()) {
	ch = make(chan struct{}, 1)
	g.mu.Lock()
	if g.subs == nil {
		g.subs = map[chan struct{}]struct{}{}
	}
	g.subs[ch] = struct{}{}
	g.mu.Unlock()
	return ch, func() {
		g.mu.Lock()
		delete(g.subs, ch)
		g.mu.Unlock()
	}
}

func (g *signal) notify() {
	g.mu.Lock()
	defer g.mu.Unlock()
	for ch := range g.subs {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// hubLive is what keeps the host pages live: one watcher per server
// follows every table of the store (new ones too) and wakes the host
// pages after every change; it also keeps the night's failed saves, each
// said once on the terminal (Logf) and shown on the host page until that
// table saves again.
type hubLive struct {
	once    sync.Once
	changes signal
	mu      sync.Mutex
	unsaved map[string]Trouble // by table id: the failure that opened the episode
}

// hubLive starts the night's watcher, once, and returns its state.
func (s *Server) hubLive() *hubLive {
	h := s.Hub
	h.live.once.Do(func() { go s.watchNight(&h.live) })
	return &h.live
}

// watchNight follows the store's tables until the server stops: one
// goroutine per table forwards its changes and failed saves.
func (s *Server) watchNight(lv *hubLive) {
	list, cancel := s.store.changes.subscribe()
	defer cancel()
	watched := map[*Table]context.CancelFunc{}
	defer func() {
		for _, stop := range watched {
			stop()
		}
	}()
	for {
		live := map[*Table]bool{}
		for _, t := range s.store.Tables() {
			live[t] = true
			if watched[t] == nil {
				ctx, stop := context.WithCancel(s.stop)
				watched[t] = stop
				go s.watchTable(ctx, lv, t)
			}
		}
		for t, stop := range watched {
			if !live[t] { // put away
				stop()
				delete(watched, t)
			}
		}
		lv.changes.notify()
		select {
		case <-s.stop.Done():
			return
		case <-list:
		}
	}
}

// watchTable wakes the host pages after every change of t, and keeps its
// failed saves: the first failure of an episode goes to Logf, and the
// episode ends when a record is saved again.
func (s *Server) watchTable(ctx context.Context, lv *hubLive, t *Table) {
	ch, cancel := t.Subscribe()
	defer cancel()
	trouble, stopTrouble := t.WatchTrouble()
	defer stopTrouble()
	for {
		select {
		case <-ctx.Done():
			return
		case x := <-trouble:
			lv.mu.Lock()
			_, open := lv.unsaved[t.ID()]
			if !open && t.saveFailure() != nil {
				if lv.unsaved == nil {
					lv.unsaved = map[string]Trouble{}
				}
				lv.unsaved[t.ID()] = x
			}
			lv.mu.Unlock()
			if !open {
				s.Logf("%s", s.lang.S("mod.hub.trouble_log", "table", t.ID(), "trouble", s.lang.Text(troubleMsg(x))))
			}
		case <-ch:
			lv.mu.Lock()
			_, open := lv.unsaved[t.ID()]
			if open && t.saveFailure() == nil {
				delete(lv.unsaved, t.ID())
			} else {
				open = false
			}
			lv.mu.Unlock()
			if open {
				s.Logf("%s", s.lang.S("mod.hub.saved_again", "table", t.ID()))
			}
		}
		lv.changes.notify()
	}
}

// tableTrouble is a table's failed save, as the host page shows it.
type tableTrouble struct {
	ID string
	X  Trouble
}

// troubles are the failed saves shown on the host page, by table id.
func (lv *hubLive) troubles() []tableTrouble {
	lv.mu.Lock()
	defer lv.mu.Unlock()
	var out []tableTrouble
	for id, x := range lv.unsaved {
		out = append(out, tableTrouble{id, x})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// saveFailure is the failure of the table's last record, nil once one
// was saved again.
func (t *Table) saveFailure() *NotSavedError {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.unsaved
}

// hubParts are the parts of the host page that its stream keeps
// current, each a whole element with an id: the failed-save banner, the
// tables and the night sheet. The new-table form is not among them, so a
// live update never touches what the host is typing.
func (s *Server) hubParts(ctx context.Context, l engine.Lang, base string) ([3]string, error) {
	var parts [3]string
	d := hubData{Lang: l, Base: base}
	s.hubFill(&d)
	var b strings.Builder
	for i, c := range [3]templ.Component{hubTroubleHTML(&d), hubTablesHTML(&d), hubNightHTML(&d)} {
		b.Reset()
		if err := c.Render(ctx, &b); err != nil {
			return parts, err
		}
		parts[i] = b.String()
	}
	return parts, nil
}

// joinParts is the live parts as one message: the page puts each element
// in the place of the one with its id.
func joinParts(parts [3]string) []byte {
	n := 0
	for _, p := range parts {
		n += len(p) + 1
	}
	b := make([]byte, 0, n)
	for _, p := range parts {
		b = append(b, p...)
		b = append(b, '\n')
	}
	return b
}

// bodyHash names a body for the stream's ids: a page that holds it is
// sent nothing.
func bodyHash(b []byte) string {
	sum := sha256.Sum256(b)
	return base64.RawURLEncoding.EncodeToString(sum[:9])
}

// hubEvents is the host page's event stream: after every change of any
// table (and of the list of tables, and of a failed save), the live parts
// of the page, if they changed. A page that reconnects says which parts
// it holds (?h=, then Last-Event-ID) and is sent nothing if they are
// current.
func (s *Server) hubEvents(w http.ResponseWriter, r *http.Request) {
	if !s.hubOK(r) {
		s.notFound(w, r)
		return
	}
	lv := s.hubLive()
	l := s.pageLang(w, r)
	base := "/h/" + r.PathValue("tok")
	have := r.URL.Query().Get("h")
	if id := r.Header.Get("Last-Event-ID"); id != "" {
		have = id
	}
	ch, cancel := lv.changes.subscribe()
	defer cancel()
	send := func() bool {
		parts, err := s.hubParts(r.Context(), l, base)
		body := joinParts(parts)
		if err != nil {
			s.Logf("host page: %v", err)
			return false
		}
		h := bodyHash(body)
		if h == have {
			return true
		}
		have = h
		return writeEvent(w, s.Limits.Write, "", h, body)
	}
	s.eventStream(w, r, ch, send)
}

// hubJoinEvents tells a join-code page when its seat's phone opens the
// link: one "joined" event, then the stream ends (the page moves on).
func (s *Server) hubJoinEvents(w http.ResponseWriter, r *http.Request) {
	if !s.hubOK(r) {
		s.notFound(w, r)
		return
	}
	t := s.store.Table(r.PathValue("id"))
	seat, err := strconv.Atoi(r.URL.Query().Get("seat"))
	if t == nil || err != nil || seat < 0 || seat >= len(t.Header().Seats) {
		s.notFound(w, r)
		return
	}
	ch, cancel := t.Subscribe()
	defer cancel()
	s.eventStream(w, r, ch, func() bool {
		if j, _ := t.Presence(); j[seat] {
			writeEvent(w, s.Limits.Write, "joined", "", []byte(strconv.Itoa(seat)))
			return false // said: the stream is over
		}
		return true
	})
}

// eventStream sends the stream's head, then calls send at once and after
// every wake on ch, until send fails, the page goes or the server stops.
// Wakes that come close together are taken as one (a burst of phones
// connecting), and an idle stream is pinged as the table streams are
// (pingEvent), so the page notices a laptop gone without a word.
func (s *Server) eventStream(w http.ResponseWriter, r *http.Request, ch <-chan struct{}, send func() bool) {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return
	}
	if !writeRaw(w, s.Limits.Write, []byte("retry: 1000\n\n")) || !send() {
		return
	}
	keep := s.Keepalive
	if keep <= 0 {
		keep = 20 * time.Second
	}
	tick := time.NewTicker(keep)
	defer tick.Stop()
	ping := pingEvent(keep)
	for {
		select {
		case <-s.stop.Done():
			return
		case <-r.Context().Done():
			return
		case <-tick.C:
			if !writeRaw(w, s.Limits.Write, ping) {
				return
			}
		case <-ch:
			// A short pause gathers a burst of changes into one message.
			select {
			case <-time.After(50 * time.Millisecond):
			case <-r.Context().Done():
				return
			}
			if !send() {
				return
			}
		}
	}
}

// writeEvent writes one event: its name (empty: a message), its id and
// its body as data lines.
func writeEvent(w http.ResponseWriter, limit time.Duration, name, id string, body []byte) bool {
	var b bytes.Buffer
	if name != "" {
		b.WriteString("event: " + name + "\n")
	}
	if id != "" {
		b.WriteString("id: " + id + "\n")
	}
	text := strings.ReplaceAll(strings.ReplaceAll(string(body), "\r\n", "\n"), "\r", "\n")
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		b.WriteString("data: " + line + "\n")
	}
	b.WriteString("\n")
	return writeRaw(w, limit, b.Bytes())
}

// writeRaw writes b and flushes it within limit (0: no limit): a stream
// lives for hours, past the server's WriteTimeout, but a page that stops
// reading is dropped.
func writeRaw(w http.ResponseWriter, limit time.Duration, b []byte) bool {
	rc := http.NewResponseController(w)
	var deadline time.Time
	if limit > 0 {
		deadline = time.Now().Add(limit)
	}
	rc.SetWriteDeadline(deadline) // a recorder cannot: nothing to bound
	if _, err := w.Write(b); err != nil {
		return false
	}
	return rc.Flush() == nil
}

// troubleMsg says what a failed save refused and why, as the console's
// ‼ NOT SAVED line does, without naming the action (a private one would
// tell a secret).
func troubleMsg(x Trouble) engine.Msg {
	key := "mod.trouble.other"
	if x.Err.DiskFull() {
		key = "mod.trouble.full"
	}
	return engine.M(key, "what", troubleWhat(x), "cause", x.Err.Error())
}

func troubleWhat(x Trouble) string {
	if x.Rec == "undo" || x.Rec == "relink" {
		return "@mod.trouble." + x.Rec
	}
	return "@mod.trouble.act"
}

// hubTrouble is a failed save as the host page's banner says it.
func hubTrouble(l engine.Lang, id string, name engine.Msg, x Trouble) string {
	key := "mod.hub.unsaved"
	if x.Err.DiskFull() {
		key = "mod.hub.unsaved_full"
	}
	return l.S(key, "table", id, "game", l.Text(name), "what", troubleWhat(x))
}
