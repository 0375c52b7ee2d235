package moderator

import (
	"context"
	"crypto/subtle"
	"net"
	"net/http"
	"sync"
	"time"

	"tablemaster/engine"
)

// linkGuard is one request being answered on a seat's link. A response
// on a seat link goes out only while the link is current (DESIGN.md
// principle 1): Relink revokes every guard of the seat's old link at once.
// A guard revoked before its answer began makes the handler answer "not
// found", exactly as for an unknown link; one revoked once its answer has
// begun (an event stream, a page on its way) has its connection's write
// deadline moved to the past, so not one more byte leaves on it: net/http
// then closes the connection.
type linkGuard struct {
	// deadline sets the write deadline of the request's connection.
	deadline func(time.Time) error
	// done ends on revocation, and with it an event stream. A context,
	// not a channel, so that a stream can hang its own end on it without
	// waiting on it (stream.go).
	done context.Context
	end  context.CancelFunc

	mu      sync.Mutex
	revoked bool
	started bool // the answer has begun: a revocation cuts the connection
}

// seatLinks are the guards of the requests in flight on a table's seat
// links, seat by seat. The table's lock guards it.
type seatLinks map[engine.Seat]map[*linkGuard]struct{}

// watchLink registers a request on seat s's link tok, in the same locked
// step that checks tok is still the seat's link: a Relink either comes
// before (and the request is refused) or after (and revokes the guard).
func (t *Table) watchLink(s engine.Seat, tok string, w http.ResponseWriter) (*linkGuard, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if s < 0 || int(s) >= len(t.hdr.Tokens) || subtle.ConstantTimeCompare([]byte(t.hdr.Tokens[s]), []byte(tok)) != 1 {
		return nil, false
	}
	g := newLinkGuard(w)
	if t.links == nil {
		t.links = seatLinks{}
	}
	if t.links[s] == nil {
		t.links[s] = map[*linkGuard]struct{}{}
	}
	t.links[s][g] = struct{}{}
	return g, true
}

// unwatchLink forgets a guard once its request is answered.
func (t *Table) unwatchLink(s engine.Seat, g *linkGuard) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.links[s], g)
	if len(t.links[s]) == 0 {
		delete(t.links, s)
	}
}

// revokeLinksLocked ends every request in flight on seat s's link; the
// caller holds t.mu and has already replaced the link.
func (t *Table) revokeLinksLocked(s engine.Seat) {
	for g := range t.links[s] {
		g.revoke()
	}
	delete(t.links, s)
}

// watchedLinks counts the requests in flight on seat s's link (tests).
func (t *Table) watchedLinks(s engine.Seat) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.links[s])
}

func (g *linkGuard) revoke() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.revoked {
		return
	}
	g.revoked = true
	g.end()
	if g.started {
		// A past deadline fails the write under way and every later one,
		// including what net/http still holds when the handler returns.
		g.deadline(time.Unix(1, 0))
	}
}

// begin is called before each write on the link; false means the link
// was revoked and nothing may be written but the not-found answer (when
// nothing was written yet). deadline, if not zero, becomes the
// connection's write deadline: set here, under the guard's lock, so a
// revocation always comes after it and wins. A nil guard (a table screen)
// always may write.
func (g *linkGuard) begin(deadline time.Time) bool {
	if g == nil {
		return true
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.revoked {
		return false
	}
	if !deadline.IsZero() {
		g.deadline(deadline)
	}
	g.started = true
	return true
}

// live reports whether the link is still current.
func (g *linkGuard) live() bool {
	if g == nil {
		return true
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return !g.revoked
}

// ended is done when the link is revoked; nil (never) for a table screen.
func (g *linkGuard) ended() context.Context {
	if g == nil {
		return nil
	}
	return g.done
}

// newLinkGuard is a guard nobody revokes: the table screen's streams.
func newLinkGuard(w http.ResponseWriter) *linkGuard {
	g := &linkGuard{deadline: http.NewResponseController(w).SetWriteDeadline}
	g.done, g.end = context.WithCancel(context.Background())
	return g
}

// attach makes conn, which an event stream took over from net/http, the
// connection whose deadline the guard sets: the response is let go.
func (g *linkGuard) attach(conn net.Conn) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.deadline = conn.SetWriteDeadline
}

type linkKey struct{}

// withLink attaches a request's guard, for the handlers' shared replies.
func withLink(r *http.Request, g *linkGuard) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), linkKey{}, g))
}

// linkOf is the guard withLink attached, or nil.
func linkOf(r *http.Request) *linkGuard {
	g, _ := r.Context().Value(linkKey{}).(*linkGuard)
	return g
}
