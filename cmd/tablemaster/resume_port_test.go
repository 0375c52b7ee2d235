package main

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"tablemaster/engine/noir"
	"tablemaster/moderator"
)

// reportedListener is a loopback listener that reports the port it was
// asked for, so that resume can be given "ports" in-process without
// taking real ones.
type reportedListener struct {
	net.Listener
	port   int
	closed *atomic.Bool
}

func (l reportedListener) Close() error {
	l.closed.Store(true)
	return l.Listener.Close()
}

func (l reportedListener) Addr() net.Addr {
	return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: l.port}
}

// spareFake is the port a fake Listen hands out for port 0.
const spareFake = 9999

// resumeRunIn runs `tablemaster resume args` in-process on a state folder
// holding one noir table per port in ports; the ports in taken are held by
// another program. It stops the run with a signal once every table printed
// its links.
func resumeRunIn(t *testing.T, ports []int, taken map[int]bool, args ...string) (code int, out, errOut string, ids []string, dir string) {
	t.Helper()
	dir = t.TempDir()
	st, err := moderator.NewStore(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ports {
		tb, err := st.Create(moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: 1, Addr: "127.0.0.1", Port: p})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tb.Act(noir.Killer, "draw", -1); err != nil { // resume leaves never-played tables out
			t.Fatal(err)
		}
		ids = append(ids, tb.ID())
		// Table ids name the minute and three random bytes; keep them apart.
		time.Sleep(time.Millisecond)
	}
	st.Close()

	f, _, _ := testFactory(t)
	stdout, stderr := &syncBuffer{}, &syncBuffer{}
	f.Out, f.ErrOut = stdout, stderr
	var mu sync.Mutex
	spares := 0
	var handed []*atomic.Bool
	f.Listen = func(addr string) (net.Listener, error) {
		_, ps, _ := net.SplitHostPort(addr)
		p, _ := strconv.Atoi(ps)
		if taken[p] {
			return nil, &net.OpError{Op: "listen", Net: "tcp", Err: os.NewSyscallError("bind", syscall.EADDRINUSE)}
		}
		if p == 0 {
			mu.Lock()
			spares++
			mu.Unlock()
			p = spareFake
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		closed := new(atomic.Bool)
		mu.Lock()
		handed = append(handed, closed)
		mu.Unlock()
		return reportedListener{ln, p, closed}, nil
	}
	sig := make(chan os.Signal, 1)
	f.SignalNotify = func() (<-chan os.Signal, func()) { return sig, func() {} }
	done := make(chan int, 1)
	go func() { done <- run(f, append([]string{"resume", "--state", dir}, args...)) }()
	waitFor(10*time.Second, func() bool {
		select {
		case code = <-done:
			done <- code
			return true
		default:
			return strings.Count(stdout.String(), "seat Ben ") >= len(ports)
		}
	})
	sig <- os.Interrupt
	select {
	case code = <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("resume did not stop on a signal; stdout:\n%s", stdout)
	}
	mu.Lock()
	defer mu.Unlock()
	for i, closed := range handed {
		if !closed.Load() {
			t.Errorf("listener %d of %d is still open after resume ended", i+1, len(handed))
		}
	}
	if spares > 1 {
		t.Errorf("resume listened on %d free ports, want at most one for every moved table", spares)
	}
	return code, stdout.String(), withoutHeadless(stderr.String()), ids, dir
}

// portRecords are the ports a table's log moved it to.
func portRecords(t *testing.T, dir, id string) []int {
	var ports []int
	for _, r := range readLog(t, filepath.Join(dir, "tables", id+".jsonl")) {
		if r.Type == "port" {
			ports = append(ports, r.Port)
		}
	}
	return ports
}

func TestResumePorts(t *testing.T) {
	tests := []struct {
		name  string
		ports []int
		taken map[int]bool
		args  []string
		code  int
		// want holds, per table, the port its links carry after resume
		// and the line that says it moved ("" for none).
		want []struct {
			port  int
			moved string
		}
		errOut string
		host   string // in the links; 127.0.0.1 if empty
	}{
		{name: "own ports", ports: []int{8001, 8002}, want: []struct {
			port  int
			moved string
		}{{8001, ""}, {8002, ""}}},
		// A taken port is not moved from behind the host's back: resume
		// stops and says who holds it and how to move on purpose.
		{name: "one taken", ports: []int{8001, 8002}, taken: map[int]bool{8001: true}, code: 1,
			errOut: "tablemaster: Port 8001, where this state folder's tables were served, is in use by another program (waited 0s). Stop it and start again; or move on purpose with --port N (0 picks a free one), and then every phone and the TV must scan their codes again.\n"},
		{name: "both on one taken port", ports: []int{8001, 8001}, taken: map[int]bool{8001: true}, code: 1,
			errOut: "tablemaster: Port 8001, where this state folder's tables were served, is in use by another program (waited 0s). Stop it and start again; or move on purpose with --port N (0 picks a free one), and then every phone and the TV must scan their codes again.\n"},
		{name: "never served", ports: []int{0}, want: []struct {
			port  int
			moved string
		}{{9999, "Table {id} moves to port 9999. Its links have changed; every phone needs its new one."}}},
		{name: "--port", ports: []int{8001, 8002}, args: []string{"--port", "8100"}, want: []struct {
			port  int
			moved string
		}{{8100, "Table {id} moves to port 8100."}, {8100, "Table {id} moves to port 8100."}}},
		{name: "--port of its own", ports: []int{8001}, args: []string{"--port", "8001"}, want: []struct {
			port  int
			moved string
		}{{8001, ""}}},
		{name: "--port taken", ports: []int{8001, 8002}, taken: map[int]bool{8100: true}, args: []string{"--port", "8100"}, code: 1,
			errOut: "tablemaster: Port 8100 is in use by another program. Stop it, or give another --port (0 picks a free one).\n"},
		{name: "--port taken ja", ports: []int{8001, 8002}, taken: map[int]bool{8100: true}, args: []string{"--port", "8100", "--lang", "ja"}, code: 1,
			errOut: "tablemaster: ポート8100は別のプログラムが使用中です。それを止めるか、別の --port を指定してください（0なら空いているポート）。\n"},
		// The laptop's LAN address changed since the table was served:
		// its links carry the new one, and the console says so loudly.
		{name: "new address", ports: []int{8001}, args: []string{"--addr", "127.0.0.2"}, host: "127.0.0.2", want: []struct {
			port  int
			moved string
		}{{8001, "This laptop's address changed since the last run (127.0.0.1 → 127.0.0.2): every link has changed."}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut, ids, dir := resumeRunIn(t, tt.ports, tt.taken, tt.args...)
			if code != tt.code || errOut != tt.errOut {
				t.Fatalf("resume %q = %d, stderr %q; want %d, %q\nstdout:\n%s", tt.args, code, errOut, tt.code, tt.errOut, out)
			}
			if code != 0 {
				if out != "" {
					t.Errorf("stdout = %q, want nothing", out)
				}
				for _, id := range ids {
					if p := portRecords(t, dir, id); len(p) != 0 {
						t.Errorf("%s: port records %v after a failed resume, want none", id, p)
					}
				}
				return
			}
			for i, w := range tt.want {
				id := ids[i]
				moved := strings.Contains(out, "table "+id+" moves") || strings.Contains(out, "Table "+id+" moves") ||
					strings.Contains(out, "テーブル"+id) || strings.Contains(out, "address changed")
				if w.moved == "" && moved {
					t.Errorf("%s moved:\n%s", id, out)
				}
				if w.moved != "" && !strings.Contains(out, strings.ReplaceAll(w.moved, "{id}", id)) {
					t.Errorf("stdout does not say %q:\n%s", strings.ReplaceAll(w.moved, "{id}", id), out)
				}
				host := tt.host
				if host == "" {
					host = "127.0.0.1"
				}
				if want := fmt.Sprintf("table http://%s:%d/t/", host, w.port); !strings.Contains(out, want) {
					t.Errorf("no %q in stdout:\n%s", want, out)
				}
				got := portRecords(t, dir, id)
				if w.moved == "" && len(got) != 0 || w.moved != "" && (len(got) != 1 || got[0] != w.port) {
					t.Errorf("%s: port records %v, want the move to %d logged once (or none if it did not move)", id, got, w.port)
				}
				if h := currentHeader(t, dir, id); h.Addr != host || h.Port != w.port {
					t.Errorf("%s: the log says the table is at %s:%d, want %s:%d", id, h.Addr, h.Port, host, w.port)
				}
			}
		})
	}
}

// currentHeader is table id's header with its log's relinks and moves
// applied: where its links point now.
func currentHeader(t *testing.T, dir, id string) moderator.Header {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "tables", id+".jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	res, err := moderator.ReadLog(f)
	if err != nil {
		t.Fatal(err)
	}
	h, err := res.CurrentHeader()
	if err != nil {
		t.Fatal(err)
	}
	return h
}
