package moderator

import (
	"context"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"tablemaster/engine"
)

// Limits bound what a client may hold of the server: how long a request
// may take to arrive, an answer to leave, a kept-alive connection to idle,
// and how many connections one client address may hold open.
type Limits struct {
	// ReadHeader is the time a request's header may take to arrive.
	ReadHeader time.Duration
	// Read is the time a whole request, form body included, may take.
	Read time.Duration
	// Write is the time an answer may take to leave; an event stream,
	// which lives for hours, gets it anew for each message.
	Write time.Duration
	// Idle is how long a kept-alive connection may wait for its next
	// request.
	Idle time.Duration
	// PerAddr caps the connections open at once from one client address
	// (0: no cap); the next one gets a short 503 and is closed.
	PerAddr int
}

// DefaultLimits suit phones on a home Wi-Fi. A page, a form post and a
// live message are a few kilobytes, sent within milliseconds on the local
// network; the times leave room for a phone's radio waking up. A browser
// opens at most 6 connections to one server (page, event stream, posts),
// so one phone needs 6; the laptop's table screen and its own browser tabs
// share one address (127.0.0.1), and several phones may share a guest
// network's address: 64 leaves room for ten such browsers on one address,
// while one misbehaving device can hold only 64 of the server's files.
var DefaultLimits = Limits{
	ReadHeader: 5 * time.Second,
	Read:       10 * time.Second,
	Write:      30 * time.Second,
	Idle:       30 * time.Second,
	PerAddr:    64,
}

// maxHeaderBytes bounds a request's header: a phone's is under 2 KB.
const maxHeaderBytes = 32 << 10

// HTTPServer returns an http.Server for Handler with the server's Limits.
func (s *Server) HTTPServer() *http.Server {
	lim := s.Limits
	cl := newConnLimit(lim)
	srv := &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: lim.ReadHeader,
		ReadTimeout:       lim.Read,
		WriteTimeout:      lim.Write,
		IdleTimeout:       lim.Idle,
		MaxHeaderBytes:    maxHeaderBytes,
		ConnContext:       cl.connContext,
		ConnState:         cl.connState,
	}
	// net/http knows nothing of the event streams it handed over: its
	// Shutdown ends them.
	srv.RegisterOnShutdown(s.stopNow)
	// The seats tablemaster plays are played while it serves: they stop
	// with the server (s.stop).
	s.RunBots()
	return srv
}

// connLimit counts the open connections of each client address.
//
// A connection the client has closed is still open for the server until
// its goroutine reads the end of it, a moment later: a client that asks
// once per connection and opens the next at once (50 threads did; 291 of
// 8,770 requests got 503) would be refused for connections it no longer
// holds. So a connection over the cap is not refused when it is accepted:
// its request waits, up to wait, for a place that a closing connection
// gives back, and only a client that really holds max connections open is
// refused.
type connLimit struct {
	max  int
	wait time.Duration // how long a connection over the cap waits for a place
	mu   sync.Mutex
	open map[string]int // admitted connections, by IP address
	// conns are the connections not yet released, admitted or waiting.
	conns map[net.Conn]*connEntry
	// freed is closed, and replaced, whenever a place is given back.
	freed chan struct{}
}

// connEntry is one accepted connection of a connLimit.
type connEntry struct {
	ip       string
	admitted bool // counted in open
}

// capWait bounds how long a connection over the cap waits for a place:
// long enough for the server to read the end of a connection its client
// already closed, short enough that a client holding max connections
// hears its refusal at once.
const capWait = 200 * time.Millisecond

func newConnLimit(lim Limits) *connLimit {
	wait := capWait
	// The refusal must still leave within the answer's time.
	if lim.Write > 0 && lim.Write/2 < wait {
		wait = lim.Write / 2
	}
	return &connLimit{max: lim.PerAddr, wait: wait, open: map[string]int{},
		conns: map[net.Conn]*connEntry{}, freed: make(chan struct{})}
}

// connLimitKey marks a connection counted by a connLimit: one taken over
// by an event stream (Hijack) stays counted until the stream releases it.
// Its value is the connection's *connEntry.
type connLimitKey struct{}

// connContext counts a new connection, if its address has a place left;
// otherwise its request waits for one (refuseOverCap). net/http calls it
// for every accepted connection, and connState with StateClosed once it
// is over; a connection an event stream took over (StateHijacked) is
// released by the stream.
func (c *connLimit) connContext(ctx context.Context, conn net.Conn) context.Context {
	if c.max <= 0 {
		return ctx
	}
	e := &connEntry{ip: addrIP(conn.RemoteAddr())}
	c.mu.Lock()
	if c.open[e.ip] < c.max {
		c.open[e.ip]++
		e.admitted = true
	}
	c.conns[conn] = e
	c.mu.Unlock()
	return context.WithValue(ctx, connLimitKey{}, connRef{c, e})
}

// connRef is what a connection's context holds of its connLimit.
type connRef struct {
	c *connLimit
	e *connEntry
}

// admit waits until the connection of e holds a place of its address, or
// the wait is over; it reports whether it got one.
func (c *connLimit) admit(e *connEntry) bool {
	timer := time.NewTimer(c.wait)
	defer timer.Stop()
	for {
		c.mu.Lock()
		if e.admitted {
			c.mu.Unlock()
			return true
		}
		if c.open[e.ip] < c.max {
			c.open[e.ip]++
			e.admitted = true
			c.mu.Unlock()
			return true
		}
		freed := c.freed
		c.mu.Unlock()
		select {
		case <-freed:
		case <-timer.C:
			return false
		}
	}
}

func (c *connLimit) connState(conn net.Conn, st http.ConnState) {
	if st == http.StateClosed {
		c.release(conn)
	}
}

// release uncounts a connection that is over, giving its place to a
// waiting one; nil (not counted) does nothing.
func (c *connLimit) release(conn net.Conn) {
	if c == nil || c.max <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.conns[conn]
	if !ok {
		return
	}
	delete(c.conns, conn)
	if !e.admitted {
		return
	}
	if c.open[e.ip]--; c.open[e.ip] <= 0 {
		delete(c.open, e.ip)
	}
	close(c.freed)
	c.freed = make(chan struct{})
}

// addrIP is the IP address of a client, without its port.
func addrIP(a net.Addr) string {
	if t, ok := a.(*net.TCPAddr); ok {
		return t.IP.String()
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return host
}

// refuseOverCap answers every request of a connection over its address's
// cap, once it has waited for a place in vain, with a short 503 and
// closes the connection, so the client is told why rather than left with
// a reset connection.
func refuseOverCap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ref, ok := r.Context().Value(connLimitKey{}).(connRef); ok && !ref.c.admit(ref.e) {
			hd := w.Header()
			hd.Set("Connection", "close")
			hd.Set("Retry-After", strconv.Itoa(retryAfter))
			hd.Set("Content-Type", "text/plain; charset=utf-8")
			hd.Set("Cache-Control", "no-store")
			w.WriteHeader(http.StatusServiceUnavailable)
			io.WriteString(w, engine.EN.S("mod.err.too_many_conns")+" / "+engine.JA.S("mod.err.too_many_conns")+"\n")
			return
		}
		h.ServeHTTP(w, r)
	})
}

// retryAfter is the seconds a refused client is asked to wait.
const retryAfter = 2
