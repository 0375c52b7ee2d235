package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/noir"
	"tablemaster/moderator"
)

// TestMain lets the test binary stand in for tmload when a test starts it
// as the server process.
func TestMain(m *testing.M) {
	if os.Getenv("TMLOAD_TEST_CHILD") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// testChild starts this test binary as tmload's server process.
func testChild(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "TMLOAD_TEST_CHILD=1")
	return cmd
}

func TestParseFlags(t *testing.T) {
	tests := []struct {
		args    []string
		wantErr string
	}{
		{nil, ""},
		{[]string{"-addr", "[::1]:0", "-rounds", "3", "-gap", "10ms"}, ""},
		{[]string{"-addr", "10.0.0.2:8080"}, "not a loopback address"},
		{[]string{"-addr", "0.0.0.0:0"}, "not a loopback address"},
		{[]string{"-addr", "localhost:0"}, "not a loopback address"},
		{[]string{"-addr", "127.0.0.1"}, "missing port"},
		{[]string{"-tables", "0"}, "-tables"},
		{[]string{"-rounds", "0"}, "-rounds"},
		{[]string{"-rounds", "100000"}, "-rounds"},
		{[]string{"-phones", "0"}, "-phones"},
		{[]string{"-tables", "100", "-phones", "20"}, "clients in all"},
		{[]string{"-timeout", "2h"}, "-timeout"},
		{[]string{"-lang", "fr"}, "-lang"},
		{[]string{"extra"}, "unexpected argument"},
		{[]string{"-hold", "-idle", "2000", "-slow", "500", "-per-addr", "64"}, ""},
		{[]string{"-hold", "-idle", "-1"}, "-idle"},
		{[]string{"-hold", "-idle", "9000", "-slow", "2000"}, "-idle"},
		{[]string{"-hold", "-fetches", "0"}, "-fetches"},
		{[]string{"-hold", "-per-addr", "1"}, "source addresses"},
		{[]string{"-hold", "-per-addr", "0"}, "-per-addr"},
		{[]string{"-compare", "-block", "20"}, ""},
		{[]string{"-compare", "-block", "0"}, "-block"},
		{[]string{"-compare", "-floor"}, "not with -floor"},
		{[]string{"-compare", "-hold"}, "not with -floor or -hold"},
	}
	for _, tt := range tests {
		var stderr bytes.Buffer
		o, err := parseFlags(tt.args, &stderr)
		switch {
		case tt.wantErr == "" && err != nil:
			t.Errorf("parseFlags(%q) = %v, want no error", tt.args, err)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("parseFlags(%q) = %v, want an error with %q", tt.args, err, tt.wantErr)
		case err == nil && (o.Tables != 10 || o.PhonesPerSeat != 4 || o.Screens != 2):
			t.Errorf("parseFlags(%q) = %+v, want 10 tables of 4+4+2 clients", tt.args, o)
		}
	}
}

func TestUsageHidesServe(t *testing.T) {
	var stderr bytes.Buffer
	if _, err := parseFlags([]string{"-h"}, &stderr); err == nil {
		t.Fatal("parseFlags(-h) = nil, want flag.ErrHelp")
	}
	if out := stderr.String(); strings.Contains(out, "-serve") || strings.Contains(out, "-limit-") || !strings.Contains(out, "-rounds") || !strings.Contains(out, "-hold") {
		t.Errorf("usage = %s, want -rounds and -hold listed, -serve and -limit-… hidden", out)
	}
}

func TestPercentile(t *testing.T) {
	var d []time.Duration
	for i := 1; i <= 100; i++ {
		d = append(d, time.Duration(i))
	}
	for _, tt := range []struct {
		p    float64
		want time.Duration
	}{{.5, 50}, {.99, 99}, {1, 100}, {0, 1}} {
		if got := percentile(d, tt.p); got != tt.want {
			t.Errorf("percentile(1..100, %v) = %v, want %v", tt.p, got, tt.want)
		}
	}
	if got := percentile(d[:3], .99); got != 3 {
		t.Errorf("percentile(1..3, .99) = %v, want 3", got)
	}
}

func TestReadProc(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/proc is Linux's")
	}
	m, err := readProcMem(os.Getpid())
	if err != nil || m.RSS <= 0 || m.HWM < m.RSS {
		t.Errorf("readProcMem(self) = %+v, %v; want 0 < RSS <= HWM", m, err)
	}
	if _, err := readProcCPU(os.Getpid()); err != nil {
		t.Errorf("readProcCPU(self) = %v", err)
	}
}

// TestClientReadsLongMessages checks the stream reader on lines longer
// than its buffer, comments and a message without an id.
func TestClientReadsLongMessages(t *testing.T) {
	long := strings.Repeat("x", 100<<10)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, "retry: 1000\n\n: keepalive\n\nid: 7\ndata: <a>\ndata: %s\ndata: </a>\n\n", long)
		fmt.Fprintf(w, "id: 1%s\ndata: two\n\n", "2")
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out := make(chan arrival, 4)
	c := &client{idx: 3, path: "/s/x/events", leader: true}
	go c.run(ctx, srv.Client(), srv.URL, "en", out)
	for _, want := range []arrival{{client: 3, ver: 7, data: "<a>\n" + long + "\n</a>"}, {client: 3, ver: 12, data: "two"}} {
		select {
		case a := <-out:
			if a.client != want.client || a.ver != want.ver || a.data != want.data {
				t.Errorf("arrival = {%d %d %.20q… (%d bytes)}, want {%d %d %.20q… (%d bytes)}",
					a.client, a.ver, a.data, len(a.data), want.client, want.ver, want.data, len(want.data))
			}
		case <-ctx.Done():
			t.Fatal("no message within 10s")
		}
	}
}

// TestRunLoad drives an in-process server: a few rounds on two tables.
func TestRunLoad(t *testing.T) {
	st, err := moderator.NewStore(t.TempDir(), time.Now)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var links []tableLinks
	for i := range 2 {
		tb, err := st.Create(moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: uint64(i)})
		if err != nil {
			t.Fatal(err)
		}
		h := tb.Header()
		links = append(links, tableLinks{ID: h.ID, Table: h.TableToken, Seats: h.Tokens})
	}
	srv := httptest.NewServer(moderator.NewServer(st, engine.EN).Handler())
	defer srv.Close()
	o, err := parseFlags([]string{"-tables", "2", "-phones", "2", "-screens", "1", "-rounds", "4", "-timeout", "1m"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ready, done := 0, 0
	hooks := loadHooks{ready: func() error { ready++; return nil }, done: func() error { done++; return nil }}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := runLoad(ctx, strings.TrimPrefix(srv.URL, "http://"), links, o, hooks)
	if err != nil {
		t.Fatalf("runLoad = %v", err)
	}
	if res.Clients != 10 || len(res.Rounds) != 4 || len(res.Actions) != 8 || len(res.Posts) != 8 || ready != 1 || done != 1 {
		t.Errorf("runLoad = %d clients, %d rounds, %d actions, %d posts, hooks %d %d; want 10, 4, 8, 8, 1 1",
			res.Clients, len(res.Rounds), len(res.Actions), len(res.Posts), ready, done)
	}
	for _, d := range append(res.Rounds, res.Actions...) {
		if d <= 0 || d > time.Minute {
			t.Errorf("latency %v, want a positive duration under a minute", d)
		}
	}
	// 5 warm-up rounds and 4 measured ones: the opening's 4 actions, then shifts.
	for _, l := range links {
		tb, _, ok := st.BySeatToken(l.Seats[0])
		if !ok {
			t.Fatal("table lost")
		}
		if v := tb.Snapshot(engine.Public).StateVer; v != 9 {
			t.Errorf("table %s: state version %d after 9 rounds, want 9", l.ID, v)
		}
	}
	if res.Pages.Encoding != "gzip" || res.Pages.PhoneWire == 0 || res.Pages.Phone <= res.Pages.PhoneWire {
		t.Errorf("pages = %+v, want gzip pages smaller than their text", res.Pages)
	}
}

// TestLoadRunChild runs the whole program: the server in a child process
// (this test binary, see TestMain), a short load and the report.
func TestLoadRunChild(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the memory figures come from Linux's /proc")
	}
	var out, errOut bytes.Buffer
	o, err := parseFlags([]string{"-tables", "2", "-phones", "1", "-screens", "1", "-rounds", "3", "-warmup", "4", "-timeout", "1m"}, &errOut)
	if err != nil {
		t.Fatal(err)
	}
	o.Stdout, o.Stderr = &out, &errOut
	err = loadRunWith(o, testChild)
	if err != nil {
		t.Fatalf("loadRun = %v; stderr: %s", err, errOut.String())
	}
	for _, want := range []string{"6 live clients", "round: first post → 6th client", "VmHWM", "targets:"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

// TestLoadRunChildFloor runs the floor server (-floor) as tmload does, and
// the default load with more clients than the server's cap per address
// (64): tmload raises the cap for its own clients, which all come from
// 127.0.0.1, so the run measures updates, not 503s.
func TestLoadRunChildFloor(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the memory figures come from Linux's /proc")
	}
	for _, args := range [][]string{
		{"-floor", "-tables", "3", "-rounds", "3", "-warmup", "2", "-timeout", "1m"},
		{"-tables", "8", "-rounds", "2", "-warmup", "5", "-timeout", "1m"},
	} {
		var out, errOut bytes.Buffer
		o, err := parseFlags(args, &errOut)
		if err != nil {
			t.Fatal(err)
		}
		o.Stdout, o.Stderr = &out, &errOut
		err = loadRunWith(o, testChild)
		if err != nil {
			t.Fatalf("%v: loadRun = %v; stderr: %s", args, err, errOut.String())
		}
		if !strings.Contains(out.String(), "round: first post") {
			t.Errorf("%v: report:\n%s", args, out.String())
		}
	}
}

// TestRunHold holds idle and slow connections against an in-process
// server with short limits: the phone is served throughout, the held
// connections stay open while measured, the cap refuses exactly the
// connections over it, and the server closes the rest within its limits.
// No timing is asserted: the figures are for docs/speed.md.
func TestRunHold(t *testing.T) {
	st, err := moderator.NewStore(t.TempDir(), time.Now)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	tb, err := st.Create(moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	h := tb.Header()
	srv := moderator.NewServer(st, engine.EN)
	srv.Limits.Idle, srv.Limits.Read, srv.Limits.PerAddr = 3*time.Second, 3*time.Second, 8
	hs := srv.HTTPServer()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go hs.Serve(ln)
	defer hs.Close()
	info := serverInfo{Addr: ln.Addr().String(), Tables: []tableLinks{{ID: h.ID, Table: h.TableToken, Seats: h.Tokens}},
		Limits: limitsInfo{PerAddr: 8, Idle: 3 * time.Second, Read: 3 * time.Second}}
	idle, slow := 100, 30
	if testing.Short() {
		idle, slow = 30, 10
	}
	o, err := parseFlags([]string{"-hold", "-idle", strconv.Itoa(idle), "-slow", strconv.Itoa(slow), "-per-addr", "7", "-fetches", "20"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	hooked := 0
	res, err := runHold(ctx, info, o, holdHooks{held: func() error { hooked++; return nil }})
	if err != nil {
		t.Fatalf("runHold = %v", err)
	}
	if len(res.Floor) != 20 || len(res.Loaded) != 20 || hooked != 1 {
		t.Errorf("runHold = %d and %d fetches, hook called %d times; want 20, 20, 1", len(res.Floor), len(res.Loaded), hooked)
	}
	if res.CapServed != 8 || res.CapRefused != overCap || res.CapOther != 0 {
		t.Errorf("cap check = %d served, %d refused, %d otherwise; want 8, %d, 0", res.CapServed, res.CapRefused, res.CapOther, overCap)
	}
	if len(res.Idle) != idle+8 || len(res.Slow) != slow || res.Sources != (idle+slow+6)/7 {
		t.Errorf("held %d idle, %d slow from %d addresses; want %d, %d, %d", len(res.Idle), len(res.Slow), res.Sources, idle+8, slow, (idle+slow+6)/7)
	}
	if !res.Expired || len(res.IdleAge) != len(res.Idle) || len(res.SlowAge) != len(res.Slow) {
		t.Errorf("the server closed %d of %d idle and %d of %d slow connections, want all", len(res.IdleAge), len(res.Idle), len(res.SlowAge), len(res.Slow))
	}
	var out bytes.Buffer
	(&holdReport{opts: o, addr: info.Addr, res: res}).print(&out)
	for _, want := range []string{"ratio held / floor", "cap check from 127.0.1.1: 18 connections, 8 served, 10 refused with 503", "closed by the server"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	t.Logf("\n%s", out.String())
}

// TestHoldRunChild runs -hold as a person does: the server in a child
// process (this test binary, see TestMain) with its real limits, briefly.
func TestHoldRunChild(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the memory figures come from Linux's /proc")
	}
	var out, errOut bytes.Buffer
	o, err := parseFlags([]string{"-hold", "-tables", "1", "-idle", "40", "-slow", "10", "-fetches", "10", "-expire=false", "-timeout", "1m"}, &errOut)
	if err != nil {
		t.Fatal(err)
	}
	o.Stdout, o.Stderr = &out, &errOut
	err = holdRunWith(o, testChild)
	if err != nil {
		t.Fatalf("holdRun = %v; stderr: %s", err, errOut.String())
	}
	for _, want := range []string{"40 idle keep-alive and 10 slow-body", "cap 64 per address", "114 connections held",
		"64 served, 10 refused with 503", "goroutines"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

// TestBatonTakesTurns: two loads play their warm-ups one after the other,
// then their measured rounds in blocks, in turn, each block after the
// other side's opening with a round to settle in (~); a side that is done
// (or failed) leaves the other to play on alone.
func TestBatonTakesTurns(t *testing.T) {
	for _, tt := range []struct {
		name   string
		rounds [2]int // each side's rounds, warm-up included; -1: fails before its first
		want   string
	}{
		{"both", [2]int{6, 6}, "a0 b0 ~ a1 a2 ~ b1 b2 ~ a3 a4 ~ b3 b4 ~ a5 ~ b5"},
		{"one shorter", [2]int{4, 7}, "a0 b0 ~ a1 a2 ~ b1 b2 ~ a3 ~ b3 b4 b5 b6"},
		{"one fails", [2]int{-1, 4}, "b0 b1 b2 b3"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := newBaton(2, 1)
			var mu sync.Mutex
			var order []string
			var wg sync.WaitGroup
			for s := range 2 {
				wg.Go(func() {
					last := -1
					defer func() { b.finish(s, last) }()
					for r := 0; r < tt.rounds[s]; r++ {
						settle := b.turn(s, r)
						last = r
						mu.Lock()
						if settle {
							order = append(order, "~")
						}
						order = append(order, fmt.Sprintf("%c%d", 'a'+s, r))
						mu.Unlock()
						time.Sleep(time.Millisecond) // the other side would overtake a side playing out of turn
					}
				})
			}
			done := make(chan struct{})
			go func() { wg.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("the sides are stuck after %q", order)
			}
			if got := strings.Join(order, " "); got != tt.want {
				t.Errorf("rounds played in the order %q, want %q", got, tt.want)
			}
		})
	}
}

// TestCompareRunChild runs -compare as tmload does: the floor and
// tablemaster, each in a child process, their rounds in blocks, both
// reports and the ratios.
func TestCompareRunChild(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the memory figures come from Linux's /proc")
	}
	var out, errOut bytes.Buffer
	o, err := parseFlags([]string{"-compare", "-block", "2", "-tables", "2", "-phones", "1", "-screens", "1", "-rounds", "5", "-warmup", "3", "-timeout", "1m"}, &errOut)
	if err != nil {
		t.Fatal(err)
	}
	o.Stdout, o.Stderr = &out, &errOut
	err = compareRun(o, testChild)
	if err != nil {
		t.Fatalf("compareRun = %v; stderr: %s", err, errOut.String())
	}
	report := out.String()
	for _, want := range []string{"blocks of 2", "== the floor", "== tablemaster", "tablemaster ÷ the floor, same run: round p50 "} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
	if n := strings.Count(report, "round: first post → 6th client updated               5 "); n != 2 {
		t.Errorf("%d reports of 5 measured rounds, want 2:\n%s", n, report)
	}
	if n := strings.Count(report, "CPU in the measured rounds"); n != 2 {
		t.Errorf("%d reports of the CPU, want 2:\n%s", n, report)
	}
}
