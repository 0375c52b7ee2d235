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
	}{
		{name: "own ports", ports: []int{8001, 8002}, want: []struct {
			port  int
			moved string
		}{{8001, ""}, {8002, ""}}},
		{name: "one taken", ports: []int{8001, 8002}, taken: map[int]bool{8001: true}, want: []struct {
			port  int
			moved string
		}{{9999, "Port 8001 is taken by another program: table {id} moves to port 9999. Its links have changed; every phone needs its new one."}, {8002, ""}},
			errOut: "tablemaster: cannot listen on port 8001: listen tcp: bind: address already in use\n"},
		{name: "one taken ja", ports: []int{8001, 8002}, taken: map[int]bool{8001: true}, args: []string{"--lang", "ja"}, want: []struct {
			port  int
			moved string
		}{{9999, "ポート8001は他のプログラムが使っているため、テーブル{id}はポート9999に移ります。リンクが変わったので、各スマホで新しいリンクを開いてください。"}, {8002, ""}},
			errOut: "tablemaster: cannot listen on port 8001: listen tcp: bind: address already in use\n"},
		{name: "both on one taken port", ports: []int{8001, 8001}, taken: map[int]bool{8001: true}, want: []struct {
			port  int
			moved string
		}{{9999, "Port 8001 is taken by another program: table {id} moves to port 9999."}, {9999, "Port 8001 is taken by another program: table {id} moves to port 9999."}},
			errOut: "tablemaster: cannot listen on port 8001: listen tcp: bind: address already in use\n"},
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
		{name: "taken and no free port", ports: []int{8001, 8002}, taken: map[int]bool{8002: true, 0: true}, code: 1,
			errOut: "tablemaster: cannot listen on port 8002: listen tcp: bind: address already in use\n" +
				"tablemaster: cannot listen on a free port: listen tcp: bind: address already in use\n"},
		{name: "--port taken", ports: []int{8001, 8002}, taken: map[int]bool{8100: true}, args: []string{"--port", "8100"}, code: 1,
			errOut: "tablemaster: cannot listen on port 8100: listen tcp: bind: address already in use (without --port each table gets its own port, or a free one)\n"},
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
					strings.Contains(out, "テーブル"+id)
				if w.moved == "" && moved {
					t.Errorf("%s moved:\n%s", id, out)
				}
				if w.moved != "" && !strings.Contains(out, strings.ReplaceAll(w.moved, "{id}", id)) {
					t.Errorf("stdout does not say %q:\n%s", strings.ReplaceAll(w.moved, "{id}", id), out)
				}
				if want := fmt.Sprintf("table http://127.0.0.1:%d/t/", w.port); !strings.Contains(out, want) {
					t.Errorf("no %q in stdout:\n%s", want, out)
				}
				got := portRecords(t, dir, id)
				if w.moved == "" && len(got) != 0 || w.moved != "" && (len(got) != 1 || got[0] != w.port) {
					t.Errorf("%s: port records %v, want the move to %d logged once (or none if it did not move)", id, got, w.port)
				}
			}
		})
	}
}
