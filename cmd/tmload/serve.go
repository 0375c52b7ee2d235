package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"runtime"
	"runtime/pprof"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/noir"
	"tablemaster/moderator"
	_ "tablemaster/moderator/noir" // the game tmload plays
)

// serverInfo is the child's first line on stdout: where it listens, the
// links of its tables and the server's limits.
type serverInfo struct {
	Addr   string       `json:"addr"`
	PID    int          `json:"pid"`
	Tables []tableLinks `json:"tables"`
	Limits limitsInfo   `json:"limits"`
}

// limitsInfo are the server's connection limits (moderator.Limits).
type limitsInfo struct {
	PerAddr int           `json:"per_addr"`
	Idle    time.Duration `json:"idle"`
	Read    time.Duration `json:"read"`
}

// tableLinks are one table's tokens.
type tableLinks struct {
	ID    string   `json:"id"`
	Table string   `json:"table"`
	Seats []string `json:"seats"`
}

// serverStats is the child's answer to "stats": what the Go runtime holds.
type serverStats struct {
	HeapInuse  uint64 `json:"heap_inuse"`
	StackInuse uint64 `json:"stack_inuse"`
	Sys        uint64 `json:"sys"`
	NumGC      uint32 `json:"num_gc"`
	Goroutines int    `json:"goroutines"`
}

// The child's commands, one a line on its stdin. End of input stops it.
const (
	cmdStats    = "stats"
	cmdCPUStart = "cpu-start"
	cmdCPUStop  = "cpu-stop"
)

// serveRun is the child process: it opens the tables, serves them on a
// loopback address, and answers the parent's commands until its stdin
// closes (the parent is done or gone) or its own time is up.
func serveRun(o *options) error {
	if o.State == "" {
		return errors.New("tmload -serve: -state is required")
	}
	if o.Floor {
		ln, err := net.Listen("tcp", o.Addr)
		if err != nil {
			return err
		}
		if err := loopback(ln.Addr().String()); err != nil {
			ln.Close()
			return err
		}
		info, stop, err := floorServe(o, ln)
		if err != nil {
			ln.Close()
			return err
		}
		defer stop()
		return answer(o, info)
	}
	// The collector's pace of tablemaster's own server (cmd/tablemaster).
	moderator.PaceCollector()
	st, err := moderator.NewStore(o.State, time.Now)
	if err != nil {
		return err
	}
	defer st.Close()
	info := serverInfo{PID: os.Getpid()}
	for i := 0; i < o.Tables; i++ {
		t, err := st.Create(moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"},
			Options: noir.Config{}, Seed: o.Seed + uint64(i)})
		if err != nil {
			return err
		}
		h := t.Header()
		info.Tables = append(info.Tables, tableLinks{ID: h.ID, Table: h.TableToken, Seats: h.Tokens})
	}
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return err
	}
	info.Addr = ln.Addr().String()
	if err := loopback(info.Addr); err != nil {
		ln.Close()
		return err
	}
	srv := moderator.NewServer(st, engine.EN)
	srv.Logf = func(format string, args ...any) { fmt.Fprintf(o.Stderr, "tmload server: "+format+"\n", args...) }
	if o.LimitIdle > 0 {
		srv.Limits.Idle = o.LimitIdle
	}
	if o.LimitRead > 0 {
		srv.Limits.Read = o.LimitRead
	}
	if o.LimitCap > 0 {
		srv.Limits.PerAddr = o.LimitCap
	}
	info.Limits = limitsInfo{PerAddr: srv.Limits.PerAddr, Idle: srv.Limits.Idle, Read: srv.Limits.Read}
	if _, err := raiseFileLimit(0); err != nil {
		return err
	}
	hs := srv.HTTPServer()
	go hs.Serve(ln)
	defer hs.Close()
	return answer(o, info)
}

// answer tells the parent where the server is, then answers its commands
// until its stdin closes or the time is up.
func answer(o *options, info serverInfo) error {
	var err error
	out := json.NewEncoder(o.Stdout)
	if err := out.Encode(info); err != nil {
		return err
	}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(o.Stdin)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	var prof *os.File
	defer func() {
		if prof != nil {
			pprof.StopCPUProfile()
			prof.Close()
		}
	}()
	deadline := time.After(o.Timeout + 30*time.Second)
	for {
		select {
		case <-deadline:
			return errors.New("tmload -serve: time is up")
		case line, ok := <-lines:
			if !ok {
				return nil
			}
			switch line {
			case cmdStats:
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				err = out.Encode(serverStats{HeapInuse: ms.HeapInuse, StackInuse: ms.StackInuse, Sys: ms.Sys,
					NumGC: ms.NumGC, Goroutines: runtime.NumGoroutine()})
				if err == nil && o.MemProfile != "" {
					// Asked at the start and the end: the end's stays.
					err = writeHeapProfile(o.MemProfile)
				}
			case cmdCPUStart:
				if o.CPUProfile != "" && prof == nil {
					if prof, err = os.Create(o.CPUProfile); err == nil {
						err = pprof.StartCPUProfile(prof)
					}
				}
				if err == nil {
					_, err = fmt.Fprintln(o.Stdout, "ok")
				}
			case cmdCPUStop:
				if prof != nil {
					pprof.StopCPUProfile()
					err = prof.Close()
					prof = nil
				}
				if err == nil {
					_, err = fmt.Fprintln(o.Stdout, "ok")
				}
			default:
				err = fmt.Errorf("tmload -serve: unknown command %q", line)
			}
			if err != nil {
				return err
			}
		}
	}
}

// writeHeapProfile writes the heap profile as of the last collection.
func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.WriteHeapProfile(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
