package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"sync/atomic"
	"time"
)

// The held connections come from 127.0.0.2 onwards, so that the server's
// cap per address, which they stay under, does not refuse them: the point
// is the server's own responsiveness. The phone fetches from 127.0.0.1,
// and the cap check connects from capSource.
const maxSources = 253 // 127.0.0.2 – 127.0.0.254

// overCap is how many connections past the server's cap the cap check
// opens from one address.
const overCap = 10

var capSource = net.IPv4(127, 0, 1, 1)

// sourceIP is the source address of the i-th held connection.
func sourceIP(i, per int) net.IP { return net.IPv4(127, 0, 0, byte(2+i/per)) }

// held is a connection kept open to the server.
type held struct {
	conn     net.Conn
	slow     bool
	opened   time.Time
	closedAt atomic.Int64 // when the server closed it (Unix ns); 0 while open
}

// watch reads (and drops) what the server sends until it closes the
// connection.
func (h *held) watch(r io.Reader) {
	io.Copy(io.Discard, r)
	h.closedAt.Store(time.Now().UnixNano())
}

func (h *held) open() bool { return h.closedAt.Load() == 0 }

// close drops the connection with a reset rather than a goodbye: a
// connection tmload closes first would otherwise keep its port in
// TIME_WAIT for a minute, and a port taken from 127.0.0.x that way stops
// any program on this machine from listening on that port number on every
// interface meanwhile.
func (h *held) close() {
	if tc, ok := h.conn.(*net.TCPConn); ok {
		tc.SetLinger(0)
	}
	h.conn.Close()
}

// dialFrom connects from a loopback source address to a loopback server.
func dialFrom(ctx context.Context, src net.IP, addr string) (net.Conn, error) {
	if err := loopback(addr); err != nil {
		return nil, err
	}
	if !src.IsLoopback() {
		return nil, fmt.Errorf("tmload: source %v is not a loopback address", src)
	}
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: src}, Timeout: 5 * time.Second}
	return d.DialContext(ctx, "tcp", addr)
}

// openIdle makes one request on a new connection, keeps the connection
// alive and sends nothing more: what a browser leaves behind, or a client
// that only wants to hold the server's files.
func openIdle(ctx context.Context, src net.IP, addr string) (*held, int, error) {
	c, err := dialFrom(ctx, src, addr)
	if err != nil {
		return nil, 0, err
	}
	c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: tablemaster\r\n\r\n"); err != nil {
		c.Close()
		return nil, 0, err
	}
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		c.Close()
		return nil, 0, fmt.Errorf("tmload: GET / from %v: %w", src, err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	c.SetDeadline(time.Time{})
	h := &held{conn: c, opened: time.Now()}
	go h.watch(br)
	return h, resp.StatusCode, nil
}

// openSlow starts an action post on a seat link whose body then comes one
// byte a second (trickle sends them): the handler waits for the form.
func openSlow(ctx context.Context, src net.IP, addr, seatTok string) (*held, error) {
	c, err := dialFrom(ctx, src, addr)
	if err != nil {
		return nil, err
	}
	c.SetWriteDeadline(time.Now().Add(5 * time.Second))
	_, err = io.WriteString(c, "POST /s/"+seatTok+"/act HTTP/1.1\r\nHost: tablemaster\r\n"+
		"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 4000\r\n\r\na=")
	if err != nil {
		c.Close()
		return nil, err
	}
	h := &held{conn: c, slow: true, opened: time.Now()}
	go h.watch(c)
	return h, nil
}

// trickle sends each open slow connection one more byte a second.
func trickle(ctx context.Context, slow []*held) {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			for _, h := range slow {
				if h.open() {
					h.conn.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
					h.conn.Write([]byte("x"))
				}
			}
		}
	}
}

// holdResult is what a held-connections run measured.
type holdResult struct {
	Floor, Loaded    []time.Duration // phone page fetches
	Idle, Slow       []*held
	Sources          int
	CapServed        int // cap check: connections served from one address
	CapRefused       int // … and refused with a 503
	CapOther         int // … answered otherwise or not at all
	IdleOpen         int // still open after the loaded fetches
	SlowOpen         int
	Expired          bool // the run waited for the server to close them
	IdleAge, SlowAge []time.Duration
	Limits           limitsInfo
	PagePath         string
}

// holdHooks let the caller look at the server while everything is held.
type holdHooks struct {
	held func() error
}

// phoneClient fetches a page the way a phone does, gzip included, but on
// a new connection each time: the accept path is part of what is timed.
func phoneClient() *http.Client {
	return &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DialContext: guardedDial,
		DisableKeepAlives: true, DisableCompression: true}}
}

func fetchPage(ctx context.Context, hc *http.Client, url string) (time.Duration, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Accept-Encoding", "gzip")
	t0 := time.Now()
	resp, err := hc.Do(req)
	if err != nil {
		return 0, err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	d := time.Since(t0)
	if err != nil {
		return 0, err
	}
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("tmload: GET %s: %s", req.URL.Path, resp.Status)
	}
	return d, nil
}

func fetchMany(ctx context.Context, hc *http.Client, url string, n int) ([]time.Duration, error) {
	var out []time.Duration
	for range n {
		d, err := fetchPage(ctx, hc, url)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

// runHold measures a phone's page with no load, then holds the idle and
// slow connections, checks the server's cap from one more address, and
// measures the page again; with o.Expire it then waits until the server
// has closed what it held.
func runHold(ctx context.Context, info serverInfo, o *options, hooks holdHooks) (*holdResult, error) {
	if err := loopback(info.Addr); err != nil {
		return nil, err
	}
	if len(info.Tables) == 0 {
		return nil, errors.New("tmload: the server has no table")
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	res := &holdResult{Limits: info.Limits, PagePath: "/s/" + info.Tables[0].Seats[0]}
	var all []*held
	defer func() {
		for _, h := range all {
			h.close()
		}
	}()
	base := "http://" + info.Addr
	hc := phoneClient()
	defer hc.CloseIdleConnections()
	// Warm up (the first page renders the table), then the floor.
	if _, err := fetchMany(ctx, hc, base+res.PagePath, 10); err != nil {
		return nil, err
	}
	var err error
	if res.Floor, err = fetchMany(ctx, hc, base+res.PagePath, o.Fetches); err != nil {
		return nil, err
	}

	for i := range o.Idle + o.Slow {
		src := sourceIP(i, o.PerAddr)
		if i < o.Idle {
			h, code, err := openIdle(ctx, src, info.Addr)
			if err != nil {
				return nil, fmt.Errorf("tmload: idle connection %d: %w", i+1, err)
			}
			all = append(all, h)
			if code != http.StatusOK {
				return nil, fmt.Errorf("tmload: idle connection %d from %v got %d: is -per-addr over the server's cap?", i+1, src, code)
			}
			res.Idle = append(res.Idle, h)
			continue
		}
		h, err := openSlow(ctx, src, info.Addr, info.Tables[0].Seats[1])
		if err != nil {
			return nil, fmt.Errorf("tmload: slow connection %d: %w", i+1-o.Idle, err)
		}
		all = append(all, h)
		res.Slow = append(res.Slow, h)
	}
	res.Sources = (o.Idle + o.Slow + o.PerAddr - 1) / o.PerAddr
	go trickle(ctx, res.Slow)

	if c := info.Limits.PerAddr; c > 0 {
		for i := range c + overCap {
			h, code, err := openIdle(ctx, capSource, info.Addr)
			switch {
			case err != nil:
				res.CapOther++
			case code == http.StatusOK:
				res.CapServed++
				res.Idle = append(res.Idle, h)
			case code == http.StatusServiceUnavailable:
				res.CapRefused++
			default:
				res.CapOther++
				if o.Verbose {
					fmt.Fprintf(o.Stderr, "cap check: connection %d got %d\n", i+1, code)
				}
			}
			if h != nil {
				all = append(all, h)
			}
		}
	}

	if res.Loaded, err = fetchMany(ctx, hc, base+res.PagePath, o.Fetches); err != nil {
		return nil, fmt.Errorf("tmload: the phone with the connections held: %w", err)
	}
	for _, h := range res.Idle {
		if h.open() {
			res.IdleOpen++
		}
	}
	for _, h := range res.Slow {
		if h.open() {
			res.SlowOpen++
		}
	}
	if hooks.held != nil {
		if err := hooks.held(); err != nil {
			return nil, err
		}
	}
	if !o.Expire {
		return res, nil
	}
	wait := max(info.Limits.Idle, info.Limits.Read) + 5*time.Second
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for open := true; open; {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-deadline.C:
			open = false
		case <-tick.C:
			open = slices.ContainsFunc(res.Idle, (*held).open) || slices.ContainsFunc(res.Slow, (*held).open)
		}
	}
	res.Expired = true
	for _, h := range res.Idle {
		if !h.open() {
			res.IdleAge = append(res.IdleAge, time.Duration(h.closedAt.Load()-h.opened.UnixNano()))
		}
	}
	for _, h := range res.Slow {
		if !h.open() {
			res.SlowAge = append(res.SlowAge, time.Duration(h.closedAt.Load()-h.opened.UnixNano()))
		}
	}
	return res, nil
}

// holdReport is everything holdRun prints.
type holdReport struct {
	opts  *options
	addr  string
	pid   int
	res   *holdResult
	mem   procMem // the server's, with everything held
	base  procMem // … before
	stats serverStats
}

// holdRun starts the server process and runs the held-connections
// measurement against it.
func holdRun(o *options) error {
	return holdRunWith(o, func(args ...string) *exec.Cmd {
		self, err := os.Executable()
		if err != nil {
			self = os.Args[0]
		}
		return exec.Command(self, args...)
	})
}

func holdRunWith(o *options, newCmd func(args ...string) *exec.Cmd) error {
	// The held connections, the cap check and the phone's own, with room
	// for the program's other files.
	if _, err := raiseFileLimit(o.Idle + o.Slow + 2*overCap + 64 + 256); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), o.Timeout)
	defer cancel()
	c, info, done, err := startServer(ctx, o, newCmd)
	if err != nil {
		return err
	}
	defer done()
	rep := &holdReport{opts: o, addr: info.Addr, pid: c.cmd.Process.Pid}
	if rep.base, err = readProcMem(rep.pid); err != nil {
		return err
	}
	hooks := holdHooks{held: func() error {
		var err error
		if rep.mem, err = readProcMem(rep.pid); err != nil {
			return err
		}
		line, err := c.ask(ctx, cmdStats)
		if err != nil {
			return err
		}
		return json.Unmarshal([]byte(line), &rep.stats)
	}}
	if rep.res, err = runHold(ctx, info, o, hooks); err != nil {
		return err
	}
	rep.print(o.Stdout)
	return nil
}

func sorted(d []time.Duration) []time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s
}

func ratio(a, b time.Duration) string {
	if b <= 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f×", float64(a)/float64(b))
}

func secs(d time.Duration) string { return fmt.Sprintf("%.1f s", d.Seconds()) }

func (r *holdReport) print(w io.Writer) {
	res, o := r.res, r.opts
	lim := res.Limits
	fmt.Fprintf(w, "tmload -hold: a phone's page while %d idle keep-alive and %d slow-body connections are held,\n", len(res.Idle)-res.CapServed, len(res.Slow))
	fmt.Fprintf(w, "        from %d loopback addresses, %d each; server %s, pid %d (cap %d per address, idle limit %v, read limit %v)\n\n",
		res.Sources, o.PerAddr, r.addr, r.pid, lim.PerAddr, lim.Idle, lim.Read)
	fmt.Fprintf(w, "%-48s %5s %10s %10s %10s\n", "phone page "+res.PagePath[:3]+"… (gzip, new connection each)", "n", "p50", "p99", "max")
	f, l := sorted(res.Floor), sorted(res.Loaded)
	held := len(res.Idle) + len(res.Slow)
	for _, row := range []struct {
		name string
		d    []time.Duration
	}{{"no load (the floor)", f}, {fmt.Sprintf("%d connections held", held), l}} {
		fmt.Fprintf(w, "%-48s %5d %10s %10s %10s\n", "  "+row.name, len(row.d), ms(percentile(row.d, .5)), ms(percentile(row.d, .99)), ms(row.d[len(row.d)-1]))
	}
	fmt.Fprintf(w, "%-48s %5s %10s %10s %10s\n", "  ratio held / floor", "", ratio(percentile(l, .5), percentile(f, .5)),
		ratio(percentile(l, .99), percentile(f, .99)), ratio(l[len(l)-1], f[len(f)-1]))
	fmt.Fprintf(w, "\nstill open after the measurement: %d of %d idle, %d of %d slow\n", res.IdleOpen, len(res.Idle), res.SlowOpen, len(res.Slow))
	if lim.PerAddr > 0 {
		fmt.Fprintf(w, "cap check from %v: %d connections, %d served, %d refused with 503", capSource, lim.PerAddr+overCap, res.CapServed, res.CapRefused)
		if res.CapOther > 0 {
			fmt.Fprintf(w, ", %d otherwise", res.CapOther)
		}
		fmt.Fprintln(w)
	}
	if r.mem.RSS > 0 {
		fmt.Fprintf(w, "server with everything held: VmRSS %s (%s before), %d goroutines\n", mb(r.mem.RSS), mb(r.base.RSS), r.stats.Goroutines)
	}
	if res.Expired {
		ia, sa := sorted(res.IdleAge), sorted(res.SlowAge)
		fmt.Fprintf(w, "closed by the server: %d of %d idle", len(ia), len(res.Idle))
		if len(ia) > 0 {
			fmt.Fprintf(w, " after %s–%s (limit %v)", secs(ia[0]), secs(ia[len(ia)-1]), lim.Idle)
		}
		fmt.Fprintf(w, ", %d of %d slow", len(sa), len(res.Slow))
		if len(sa) > 0 {
			fmt.Fprintf(w, " after %s–%s (limit %v)", secs(sa[0]), secs(sa[len(sa)-1]), lim.Read)
		}
		fmt.Fprintln(w)
	}
}
