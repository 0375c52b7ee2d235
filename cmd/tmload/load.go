package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"html"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"tablemaster/moderator/patch"
)

// arrival is one event-stream message as a client received it.
type arrival struct {
	client int // index in its table
	ver    int // the version in the message's id ("version-hash")
	at     time.Time
	data   string // the page body; only leaders keep it
	size   int    // the message's data, in bytes
	patch  bool   // the message was a patch of the body before
}

// client is one live page: a phone on a seat link or a table screen.
type client struct {
	idx  int
	path string // of the event stream
	seat int    // -1 for a table screen
	// leader clients keep the page body: it lists their seat's choices.
	leader bool
}

// run reads the client's event stream until ctx ends, sending every
// message to out with the time its last line came in.
func (c *client) run(ctx context.Context, hc *http.Client, base, lang string, out chan<- arrival) error {
	req, err := http.NewRequestWithContext(ctx, "GET", base+c.path, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Accept-Language", lang)
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", c.path, resp.Status)
	}
	r := bufio.NewReaderSize(resp.Body, 32<<10)
	var (
		data           bytes.Buffer
		id             []byte
		kind           byte // of the current line: 'i' id, 'd' data, 0 other
		atStart        = true
		hasID, hasData bool
		isPatch        bool
		size           int
		body, hash     string // a leader's page, as its updates built it
	)
	for {
		chunk, err := r.ReadSlice('\n')
		if err != nil && err != bufio.ErrBufferFull {
			return err
		}
		full := err == nil
		if full {
			chunk = chunk[:len(chunk)-1]
		}
		if atStart {
			switch {
			case full && len(chunk) == 0: // a blank line ends a message
				if hasID {
					// tablemaster's ids are "version-hash"; the floor's a version.
					v, h, _ := bytes.Cut(id, []byte("-"))
					ver, err := strconv.Atoi(string(v))
					if err != nil {
						return fmt.Errorf("GET %s: message id %q", c.path, id)
					}
					a := arrival{client: c.idx, ver: ver, at: time.Now(), size: size, patch: isPatch}
					if c.leader {
						// A patch applies to the body before it, as the
						// page's script does.
						if isPatch {
							if body, err = patch.Apply(body, hash, data.Bytes()); err != nil {
								return fmt.Errorf("GET %s: message %q: %v", c.path, id, err)
							}
						} else {
							body = data.String()
						}
						hash, a.data = string(h), body
					}
					select {
					case out <- a:
					case <-ctx.Done():
						return ctx.Err()
					}
				}
				hasID, hasData, isPatch, size = false, false, false, 0
				data.Reset()
				kind = 0
			case bytes.HasPrefix(chunk, []byte("id: ")):
				kind, hasID = 'i', true
				id = append(id[:0], chunk[4:]...)
			case bytes.Equal(chunk, []byte("event: patch")):
				kind, isPatch = 0, true
			case bytes.HasPrefix(chunk, []byte("data: ")):
				kind = 'd'
				if hasData {
					size++
					if c.leader {
						data.WriteByte('\n')
					}
				}
				size += len(chunk) - 6
				if c.leader {
					data.Write(chunk[6:])
				}
				hasData = true
			default:
				kind = 0
			}
		} else if kind == 'i' {
			id = append(id, chunk...)
		} else if kind == 'd' {
			size += len(chunk)
			if c.leader {
				data.Write(chunk)
			}
		}
		atStart = full
	}
}

// tableState is what the driver knows of one table. Between rounds only
// the round's goroutine for that table touches it.
type tableState struct {
	idx      int
	links    tableLinks
	clients  []*client
	arrivals chan arrival
	latest   []int          // per client, the highest version received
	data     map[int]string // per seat, its leader's latest page
	maxVer   int
	rng      *rand.Rand
	// The live messages received, their data in bytes, and how many of
	// them were patches.
	msgs, bytes, patches int
}

func (ts *tableState) absorb(a arrival) {
	ts.msgs++
	ts.bytes += a.size
	if a.patch {
		ts.patches++
	}
	if a.ver > ts.latest[a.client] {
		ts.latest[a.client] = a.ver
	}
	if a.ver > ts.maxVer {
		ts.maxVer = a.ver
	}
	if c := ts.clients[a.client]; c.leader {
		ts.data[c.seat] = a.data
	}
}

// waitAll reads arrivals until every client of the table has received
// version v or later, and returns when the last of them got it.
func (ts *tableState) waitAll(ctx context.Context, v int, timeout time.Duration) (time.Time, error) {
	var last time.Time
	pending := 0
	for _, l := range ts.latest {
		if l < v {
			pending++
		}
	}
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for pending > 0 {
		select {
		case a := <-ts.arrivals:
			before := ts.latest[a.client]
			ts.absorb(a)
			if before < v && ts.latest[a.client] >= v {
				pending--
				if a.at.After(last) {
					last = a.at
				}
			}
		case <-ctx.Done():
			return last, ctx.Err()
		case <-timer.C:
			return last, fmt.Errorf("table %d: %d of %d clients did not receive version %d within %v",
				ts.idx+1, pending, len(ts.clients), v, timeout)
		}
	}
	return last, nil
}

// settle waits until every client has received its page and nothing
// more came for a while: the connections of the setup have stopped
// moving the version. A page is sent only what changes on it (a phone
// does not show who else came online), so the clients are then all
// current, whichever version each was last sent.
func (ts *tableState) settle(ctx context.Context, quiet time.Duration) error {
	timer := time.NewTimer(quiet)
	defer timer.Stop()
	for {
		select {
		case a := <-ts.arrivals:
			ts.absorb(a)
			timer.Reset(quiet)
		case <-timer.C:
			all := true
			for _, l := range ts.latest {
				all = all && l >= 0
			}
			if all {
				for i := range ts.latest {
					ts.latest[i] = ts.maxVer
				}
				return nil
			}
			timer.Reset(quiet)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

var (
	reVersion = regexp.MustCompile(`name="v" value="(\d+)"`)
	reAction  = regexp.MustCompile(`<button name="a" value="([^"]*)"`)
)

// pick reads, from the pages the seats' leaders hold, who is to move and
// their choices, as the phone shows them: a shift when there is one (it
// keeps the game going), otherwise the first choice (the opening's draws,
// first kill and keep).
func (ts *tableState) pick() (seat int, ver, action string, err error) {
	for seat := 0; seat < 2; seat++ {
		page := ts.data[seat]
		var shifts, all []string
		for _, m := range reAction.FindAllStringSubmatch(page, -1) {
			a := html.UnescapeString(m[1])
			all = append(all, a)
			if strings.HasPrefix(a, "shift ") {
				shifts = append(shifts, a)
			}
		}
		if len(all) == 0 {
			continue
		}
		m := reVersion.FindStringSubmatch(page)
		if m == nil {
			return 0, "", "", fmt.Errorf("table %d: seat %d's page offers choices but no version", ts.idx+1, seat)
		}
		if len(shifts) > 0 {
			return seat, m[1], shifts[ts.rng.IntN(len(shifts))], nil
		}
		return seat, m[1], all[0], nil
	}
	return 0, "", "", fmt.Errorf("table %d: no seat has a choice (is the game over?)", ts.idx+1)
}

// post sends an action the way a phone's script does.
func (ts *tableState) post(ctx context.Context, hc *http.Client, base, lang string, seat int, ver, action string) error {
	form := url.Values{"a": {action}, "v": {ver}}
	req, err := http.NewRequestWithContext(ctx, "POST", base+"/s/"+ts.links.Seats[seat]+"/act", strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Tablemaster", "fetch")
	req.Header.Set("Accept-Language", lang)
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("table %d: POST %q (v=%s) as seat %d: %s", ts.idx+1, action, ver, seat, resp.Status)
	}
	return err
}

// actionTiming is one action of one round.
type actionTiming struct {
	sent, replied, last time.Time
}

// round plays one action on the table: pick it, say so on picked, wait
// for the start, post it, and wait until every client of the table has
// the new version. The start waits for every table's pick, so that the
// posts do go together and a round's time holds no client's reading of
// its page (a page with more choices takes longer to read).
func (ts *tableState) round(ctx context.Context, hc *http.Client, base, lang string, picked *sync.WaitGroup, start <-chan struct{}, timeout time.Duration) (actionTiming, error) {
	var t actionTiming
	seat, ver, action, err := ts.pick()
	picked.Done()
	if err != nil {
		return t, err
	}
	want := ts.maxVer + 1
	select {
	case <-start:
	case <-ctx.Done():
		return t, ctx.Err()
	}
	t.sent = time.Now()
	if err := ts.post(ctx, hc, base, lang, seat, ver, action); err != nil {
		return t, err
	}
	t.replied = time.Now()
	t.last, err = ts.waitAll(ctx, want, timeout)
	return t, err
}

// pageSizes are the bytes of the pages as sent, and once decompressed.
type pageSizes struct {
	Encoding          string
	PhoneWire, Phone  int
	TableWire, TableN int
}

// loadResult is what a run measured.
type loadResult struct {
	Clients int
	Rounds  []time.Duration // first post of a round → the last client updated
	Actions []time.Duration // a post → the last client of its table updated
	Posts   []time.Duration // a post's round trip
	Pages   pageSizes
	// Live messages received in the measured rounds, their data in
	// bytes, and how many were patches.
	Messages, MessageBytes, Patches int
	// Settling counts the unmeasured rounds played among the measured
	// ones (-compare), whose CPU and live messages the figures count.
	Settling int
}

// loadHooks let the caller look at the server at two moments, and hold
// each round back.
type loadHooks struct {
	// turn, before every round r (from 0, the warm-up's first), returns
	// when the round may go (-compare: the other server's block is over),
	// and whether a measured round is first to follow an unmeasured one,
	// to settle in after the other server's block.
	turn func(r int) (settle bool, err error)
	// ready: every client is connected and the warm-up is over.
	ready func() error
	// done: the measured rounds are over; the clients are still connected.
	done func() error
}

// clientReadBuffer is the read buffer of tmload's connections: a page's
// whole live message (Noir's are 3–6 KB, a ten-player Super Rock's up to
// 16 KB) in one read.
const clientReadBuffer = 16 << 10

// guardedDial dials loopback addresses only.
func guardedDial(ctx context.Context, network, addr string) (net.Conn, error) {
	if err := loopback(addr); err != nil {
		return nil, err
	}
	var d net.Dialer
	return d.DialContext(ctx, network, addr)
}

// runLoad connects the clients to the server at addr and plays the rounds.
func runLoad(ctx context.Context, addr string, links []tableLinks, o *options, hooks loadHooks) (*loadResult, error) {
	if err := loopback(addr); err != nil {
		return nil, err
	}
	base := "http://" + addr
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	// The clients read as a browser does, a message at a time: with
	// net/http's default 4 KB buffer a 5 KB message took two reads.
	streams := &http.Client{Transport: &http.Transport{DialContext: guardedDial, DisableCompression: true,
		ResponseHeaderTimeout: 10 * time.Second, ReadBufferSize: clientReadBuffer}}
	posts := &http.Client{Transport: &http.Transport{DialContext: guardedDial, DisableCompression: true,
		MaxIdleConnsPerHost: len(links), ReadBufferSize: clientReadBuffer}, Timeout: o.RoundTimeout}
	defer streams.CloseIdleConnections()
	defer posts.CloseIdleConnections()

	res := &loadResult{}
	var err error
	if res.Pages, err = fetchPages(ctx, posts, base, o.Lang, links); err != nil {
		return nil, err
	}

	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel(nil)
	tables := make([]*tableState, len(links))
	for i, l := range links {
		ts := &tableState{idx: i, links: l, data: map[int]string{}, maxVer: -1,
			rng: rand.New(rand.NewPCG(o.Seed, uint64(i)))}
		for seat, tok := range l.Seats {
			for k := 0; k < o.PhonesPerSeat; k++ {
				ts.clients = append(ts.clients, &client{path: "/s/" + tok + "/events", seat: seat, leader: k == 0})
			}
		}
		for k := 0; k < o.Screens; k++ {
			ts.clients = append(ts.clients, &client{path: "/t/" + l.Table + "/events", seat: -1})
		}
		ts.arrivals = make(chan arrival, 64*len(ts.clients))
		for j, c := range ts.clients {
			c.idx = j
			ts.latest = append(ts.latest, -1)
			wg.Go(func() {
				err := c.run(ctx, streams, base, o.Lang, ts.arrivals)
				if ctx.Err() == nil {
					cancel(fmt.Errorf("table %d, client %d (%s): stream ended: %v", i+1, j+1, c.path, err))
				}
			})
		}
		tables[i] = ts
		res.Clients += len(ts.clients)
	}
	fail := func(err error) (*loadResult, error) {
		if cause := context.Cause(ctx); cause != nil && !errors.Is(cause, context.Canceled) {
			return nil, cause
		}
		return nil, err
	}
	for _, ts := range tables {
		if err := ts.settle(ctx, 150*time.Millisecond); err != nil {
			return fail(err)
		}
	}

	// play plays one round: every table picks its action, then all post
	// at once; it returns each table's timing.
	play := func(r int) ([]actionTiming, error) {
		start := make(chan struct{})
		timings := make([]actionTiming, len(tables))
		errs := make([]error, len(tables))
		var rw, picked sync.WaitGroup
		picked.Add(len(tables))
		for i, ts := range tables {
			rw.Go(func() { timings[i], errs[i] = ts.round(ctx, posts, base, o.Lang, &picked, start, o.RoundTimeout) })
		}
		picked.Wait()
		close(start)
		rw.Wait()
		if err := errors.Join(errs...); err != nil {
			return nil, fmt.Errorf("round %d: %w", r+1, err)
		}
		return timings, nil
	}
	for r := 0; r < o.Warmup+o.Rounds; r++ {
		settle := false
		if hooks.turn != nil {
			var err error
			if settle, err = hooks.turn(r); err != nil {
				return fail(err)
			}
		}
		if settle {
			// A round to settle in, not measured; after the first
			// measured round its CPU is counted, and said so.
			if _, err := play(r); err != nil {
				return fail(err)
			}
			if r > o.Warmup {
				res.Settling++
			}
		}
		if r == o.Warmup {
			for _, ts := range tables {
				ts.msgs, ts.bytes, ts.patches = 0, 0, 0
			}
			if hooks.ready != nil {
				if err := hooks.ready(); err != nil {
					return nil, err
				}
			}
		}
		timings, err := play(r)
		if err != nil {
			return fail(err)
		}
		if r >= o.Warmup {
			first, last := timings[0].sent, timings[0].last
			for _, t := range timings {
				if t.sent.Before(first) {
					first = t.sent
				}
				if t.last.After(last) {
					last = t.last
				}
				res.Actions = append(res.Actions, t.last.Sub(t.sent))
				res.Posts = append(res.Posts, t.replied.Sub(t.sent))
			}
			res.Rounds = append(res.Rounds, last.Sub(first))
			if o.Verbose {
				fmt.Fprintf(o.Stderr, "round %d: %s\n", r+1-o.Warmup, ms(last.Sub(first)))
			}
		}
		if o.Gap > 0 {
			select {
			case <-time.After(o.Gap):
			case <-ctx.Done():
				return fail(ctx.Err())
			}
		}
	}
	for _, ts := range tables {
		res.Messages += ts.msgs
		res.MessageBytes += ts.bytes
		res.Patches += ts.patches
	}
	if hooks.done != nil {
		if err := hooks.done(); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// fetchPages opens every link once, as each phone and screen does before
// its live updates start, and notes the sizes of the first table's pages.
func fetchPages(ctx context.Context, hc *http.Client, base, lang string, links []tableLinks) (pageSizes, error) {
	var ps pageSizes
	for i, l := range links {
		paths := []string{"/t/" + l.Table}
		for _, tok := range l.Seats {
			paths = append(paths, "/s/"+tok)
		}
		for j, p := range paths {
			req, err := http.NewRequestWithContext(ctx, "GET", base+p, nil)
			if err != nil {
				return ps, err
			}
			req.Header.Set("Accept-Encoding", "gzip")
			req.Header.Set("Accept-Language", lang)
			resp, err := hc.Do(req)
			if err != nil {
				return ps, err
			}
			wire, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				return ps, err
			}
			if resp.StatusCode != http.StatusOK {
				return ps, fmt.Errorf("GET table %d page %d: %s", i+1, j, resp.Status)
			}
			plain := len(wire)
			enc := resp.Header.Get("Content-Encoding")
			if enc == "gzip" {
				zr, err := gzip.NewReader(bytes.NewReader(wire))
				if err != nil {
					return ps, err
				}
				n, err := io.Copy(io.Discard, zr)
				if err != nil {
					return ps, err
				}
				plain = int(n)
			}
			if i > 0 {
				continue
			}
			ps.Encoding = enc
			switch {
			case j == 0:
				ps.TableWire, ps.TableN = len(wire), plain
			case len(wire) > ps.PhoneWire:
				ps.PhoneWire, ps.Phone = len(wire), plain
			}
		}
	}
	return ps, nil
}
