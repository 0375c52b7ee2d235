package moderator

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"tablemaster/engine"
)

// heldBody is the body a connecting page says it holds: the id of the
// last message it got ("version-hash"), sent by the browser when it
// reconnects, or else the page's own (?h=, from data-h).
func heldBody(r *http.Request) string {
	if id := r.Header.Get("Last-Event-ID"); id != "" {
		_, h, _ := strings.Cut(id, "-")
		return h
	}
	return r.URL.Query().Get("h")
}

func (s *Server) seatEvents(w http.ResponseWriter, r *http.Request) {
	t, seat, g, done, ok := s.seat(w, r)
	if !ok {
		s.notFound(w, r)
		return
	}
	t.connect(seat, +1)
	s.stream(w, r, g, t, seat, "/s/"+r.PathValue("tok"), func() {
		t.connect(seat, -1)
		done()
	})
}

func (s *Server) tableEvents(w http.ResponseWriter, r *http.Request) {
	t, ok := s.store.ByTableToken(r.PathValue("tok"))
	if !ok {
		s.notFound(w, r)
		return
	}
	// The table screen's link is never revoked: a guard nobody holds.
	s.stream(w, r, newLinkGuard(w), t, engine.Public, "/t/"+r.PathValue("tok"), func() {})
}

// stream sends what changed on the page after every change, as
// Server-Sent Events: a patch from the body the page holds, or the whole
// body when the page holds another. A page that connects or reconnects
// (phone asleep, Wi-Fi lost) says which body it holds; it is sent nothing
// if that is the current one, else it catches up at once. A reader that
// falls behind skips straight to the latest state. Every write is checked
// against the link g first and given its own write deadline: a stream
// lives for hours, far past the server's WriteTimeout, but a reader that
// stops reading is dropped within Limits.Write. A revoked link ends the
// stream.
//
// The stream takes its connection from net/http (Hijack) and is served by
// a goroutine of its own, so that each message is one write of the
// connection (net/http's 4 KB buffer wrote a 5 KB message in two, framed
// in chunks) and the buffers net/http keeps for a connection, some 10 KB,
// are let go: a thousand live pages hold that much less. done is called
// once the stream is over, whichever way it ends.
func (s *Server) stream(w http.ResponseWriter, r *http.Request, g *linkGuard, t *Table, seat engine.Seat, base string, done func()) {
	handedOver := false
	defer func() {
		if !handedOver {
			done()
		}
	}()
	if !g.begin(time.Time{}) {
		s.notFound(w, r)
		return
	}
	l := s.pageLang(w, r) // may set the language cookie: before the head
	// have names the body the page holds: the one its page load or its
	// last message brought (streamEntry.appendMessage).
	have := heldBody(r)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("X-Accel-Buffering", "no")
	if r.Method == http.MethodHead {
		w.WriteHeader(http.StatusOK) // the head alone: no stream to take over
		return
	}
	// The body ends when the connection does: no length, no chunks.
	h.Set("Connection", "close")
	var head bytes.Buffer
	head.WriteString("HTTP/1.1 200 OK\r\n")
	h.Write(&head)
	head.WriteString("\r\nretry: 1000\n\n")
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		// Only an HTTP/1 connection can be taken over, and tablemaster
		// serves nothing else; a test's recorder may be something else.
		http.Error(w, "Live updates need an HTTP/1.1 connection.", http.StatusHTTPVersionNotSupported)
		return
	}
	// The connection is the stream's from here: the guard sets its write
	// deadline, and its address is counted until it is closed.
	g.attach(conn)
	lim, _ := r.Context().Value(connLimitKey{}).(connRef)
	handedOver = true
	go s.serveStream(conn, head.Bytes(), g, t, seat, l, base, have, func() {
		conn.Close()
		lim.c.release(conn)
		done()
	})
}

// pingEvent is what an idle stream sends every interval: an event named
// "ping" whose data is the interval in milliseconds. A comment would keep
// the connection open as well, but a page's script never sees one; the
// page counts two missed pings as a lost connection (pageScript in layout.templ), which
// is how it notices a laptop gone from the Wi-Fi without a word. Pings
// carry no id, so a page's Last-Event-ID still names the body it holds.
func pingEvent(every time.Duration) []byte {
	return []byte("event: ping\ndata: " + strconv.FormatInt(every.Milliseconds(), 10) + "\n\n")
}

// frames are the buffers a whole body is framed in as an event, one
// write each: a body goes to each page as one write, with no copy kept.
var frames = sync.Pool{New: func() any { b := make([]byte, 0, 8<<10); return &b }}

// serveStream writes a stream's events on conn until the page goes, the
// link is revoked, the table moves to a rematch or the server shuts down.
func (s *Server) serveStream(conn net.Conn, head []byte, g *linkGuard, t *Table, seat engine.Seat, l engine.Lang, base, have string, end func()) {
	defer end()
	ch, unsubscribe := t.Subscribe()
	defer unsubscribe()
	// over ends the stream for every reason but a failed write: the server
	// stops, the link is revoked, a rematch takes the table's links, or
	// the page goes. The stream's loop, run on every update of every page,
	// then waits on three channels of its own: a select locks every
	// channel it waits on, and the server's and the table's were shared
	// by all their streams.
	over, cancel := context.WithCancel(s.stop)
	defer cancel()
	for _, c := range []context.Context{t.moved, g.ended()} {
		if c != nil {
			defer context.AfterFunc(c, cancel)()
		}
	}
	// A page sends nothing after its request: a read that returns means
	// the page went (or broke the protocol, and goes too).
	go func() {
		var b [1]byte
		conn.Read(b[:])
		cancel()
	}()
	// write sends b, if the link is still current, within Limits.Write:
	// the deadline is moved only once half of that is used up, so a
	// message has from half of Limits.Write to all of it (setting a
	// deadline costs a timer's update, and a table sends many messages a
	// second).
	var until time.Time
	write := func(b []byte) bool {
		var deadline time.Time
		if s.Limits.Write > 0 {
			if now := time.Now(); until.Sub(now) < s.Limits.Write/2 {
				deadline = now.Add(s.Limits.Write)
				until = deadline
			}
		}
		if !g.begin(deadline) {
			return false
		}
		_, err := conn.Write(b)
		return err == nil
	}
	// Sent now: a page that holds the current body is sent nothing more
	// until something changes, and its connection is open meanwhile.
	if !write(head) {
		return
	}
	last := -1
	tick := time.NewTicker(s.Keepalive)
	defer tick.Stop()
	ping := pingEvent(s.Keepalive)
	send := func() bool {
		if t.currentVersion() == last {
			return true
		}
		// Rendered before write checks the link: it shows the seat as it
		// was while the link was current.
		e := t.rendered(seat, l, base)
		if e.err != nil {
			s.Logf("render %s: %v", t.ID(), e.err)
			return false
		}
		last = e.version
		if e.hash == have {
			return true // the page shows this body already
		}
		buf := frames.Get().(*[]byte)
		*buf = e.appendMessage((*buf)[:0], have)
		have = e.hash
		ok := write(*buf)
		if cap(*buf) <= 64<<10 { // a rare huge body is not kept
			frames.Put(buf)
		}
		return ok
	}
	if !send() {
		return
	}
	for {
		select {
		case <-over.Done():
			return
		case <-ch:
			if !send() {
				return
			}
		case <-tick.C:
			if !write(ping) {
				return
			}
		}
	}
}
