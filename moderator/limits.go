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
	cl := &connLimit{max: lim.PerAddr, open: map[string]int{}}
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
	return srv
}

// connLimit counts the open connections of each client address.
type connLimit struct {
	max  int
	mu   sync.Mutex
	open map[string]int // by IP address
}

type overCapKey struct{}

// connLimitKey marks a connection counted by a connLimit: one taken over
// by an event stream (Hijack) stays counted until the stream releases it.
type connLimitKey struct{}

// connContext counts a new connection and marks it when it is over its
// address's cap: its request is answered with a 503 and the connection
// closed (refuseOverCap). net/http calls it for every accepted connection,
// and connState with StateClosed once it is over; a connection an event
// stream took over (StateHijacked) is released by the stream.
func (c *connLimit) connContext(ctx context.Context, conn net.Conn) context.Context {
	if c.max <= 0 {
		return ctx
	}
	ip := addrIP(conn.RemoteAddr())
	c.mu.Lock()
	c.open[ip]++
	n := c.open[ip]
	c.mu.Unlock()
	ctx = context.WithValue(ctx, connLimitKey{}, c)
	if n > c.max {
		return context.WithValue(ctx, overCapKey{}, true)
	}
	return ctx
}

func (c *connLimit) connState(conn net.Conn, st http.ConnState) {
	if st == http.StateClosed {
		c.release(conn)
	}
}

// release uncounts a connection that is over; nil (not counted) does
// nothing.
func (c *connLimit) release(conn net.Conn) {
	if c == nil || c.max <= 0 {
		return
	}
	ip := addrIP(conn.RemoteAddr())
	c.mu.Lock()
	if c.open[ip]--; c.open[ip] <= 0 {
		delete(c.open, ip)
	}
	c.mu.Unlock()
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
// cap with a short 503 and closes the connection, so the client is told
// why rather than left with a reset connection.
func refuseOverCap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if over, _ := r.Context().Value(overCapKey{}).(bool); over {
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
