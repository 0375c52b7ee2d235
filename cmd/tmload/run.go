package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"time"
)

// child is the server process.
type child struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan string // its stdout, line by line
}

// startChild re-runs this program with -serve. newCmd is exec.Command in
// production; tests point it at their own binary.
func startChild(o *options, state string, newCmd func(args ...string) *exec.Cmd) (*child, error) {
	args := []string{"-serve", "-state", state, "-addr", o.Addr, "-tables", strconv.Itoa(o.Tables),
		"-seed", strconv.FormatUint(o.Seed, 10), "-timeout", o.Timeout.String()}
	if o.Floor {
		args = append(args, "-floor")
	}
	if o.LimitIdle > 0 {
		args = append(args, "-limit-idle", o.LimitIdle.String())
	}
	if o.LimitRead > 0 {
		args = append(args, "-limit-read", o.LimitRead.String())
	}
	switch {
	case o.LimitCap > 0:
		args = append(args, "-limit-cap", strconv.Itoa(o.LimitCap))
	case !o.Hold:
		// Every client comes from 127.0.0.1, where phones come from one
		// address each: the server's cap per address must let them all in
		// (with the posts' connections), or the load would measure 503s.
		n := o.Tables*(2*o.PhonesPerSeat+o.Screens) + o.Tables + 16
		args = append(args, "-limit-cap", strconv.Itoa(n))
	}
	if o.CPUProfile != "" {
		p, err := filepath.Abs(o.CPUProfile)
		if err != nil {
			return nil, err
		}
		args = append(args, "-cpuprofile", p)
	}
	if o.MemProfile != "" {
		p, err := filepath.Abs(o.MemProfile)
		if err != nil {
			return nil, err
		}
		args = append(args, "-memprofile", p)
	}
	cmd := newCmd(args...)
	cmd.Stderr = o.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	c := &child{cmd: cmd, stdin: stdin, lines: make(chan string, 16)}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
	}()
	return c, nil
}

// next is the child's next line of output.
func (c *child) next(ctx context.Context) (string, error) {
	select {
	case l, ok := <-c.lines:
		if !ok {
			return "", errors.New("tmload: the server process stopped")
		}
		return l, nil
	case <-ctx.Done():
		return "", fmt.Errorf("tmload: waiting for the server process: %w", ctx.Err())
	}
}

// ask sends a command and returns the child's answer.
func (c *child) ask(ctx context.Context, cmd string) (string, error) {
	if _, err := io.WriteString(c.stdin, cmd+"\n"); err != nil {
		return "", err
	}
	return c.next(ctx)
}

// stop closes the child's input, which ends it; a child that does not end
// within a few seconds is killed.
func (c *child) stop() {
	c.stdin.Close()
	done := make(chan struct{})
	go func() {
		c.cmd.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		c.cmd.Process.Kill()
		<-done
	}
}

// report is everything loadRun prints.
type report struct {
	opts           *options
	addr           string
	pid            int
	res            *loadResult
	idle, ready    procMem
	end            procMem
	stats          serverStats
	serverCPU      time.Duration // during the measured rounds
	selfCPU        time.Duration // tmload's own, during the measured rounds
	measuredRounds time.Duration
}

// loadRun starts the server process, runs the load, reads the server's
// memory and prints the report.
func loadRun(o *options) error { return loadRunWith(o, selfCmd) }

// selfCmd runs this program again, with args.
func selfCmd(args ...string) *exec.Cmd {
	self, err := os.Executable()
	if err != nil {
		self = os.Args[0]
	}
	return exec.Command(self, args...)
}

// startServer starts the server process in o.State (or a temporary
// folder, removed by done) and reads the address it serves on. done stops
// the process and removes what startServer made.
func startServer(ctx context.Context, o *options, newCmd func(args ...string) *exec.Cmd) (c *child, info serverInfo, done func(), err error) {
	var cleanup []func()
	done = func() {
		for i := len(cleanup) - 1; i >= 0; i-- {
			cleanup[i]()
		}
	}
	defer func() {
		if err != nil {
			done()
		}
	}()
	state := o.State
	if state == "" {
		d, err := os.MkdirTemp("", "tmload-")
		if err != nil {
			return nil, info, done, err
		}
		cleanup = append(cleanup, func() { os.RemoveAll(d) })
		state = d
	}
	if c, err = startChild(o, state, newCmd); err != nil {
		return nil, info, done, err
	}
	cleanup = append(cleanup, c.stop)
	line, err := c.next(ctx)
	if err != nil {
		return nil, info, done, err
	}
	if err := json.Unmarshal([]byte(line), &info); err != nil {
		return nil, info, done, fmt.Errorf("tmload: the server process said %q: %w", line, err)
	}
	return c, info, done, nil
}

func loadRunWith(o *options, newCmd func(args ...string) *exec.Cmd) error {
	ctx, cancel := context.WithTimeout(context.Background(), o.Timeout)
	defer cancel()
	rep, err := measure(ctx, o, newCmd, nil)
	if err != nil {
		return err
	}
	rep.print(o.Stdout)
	return nil
}

// measure starts the server, runs the load (asking turn before each round,
// if set) and reads the server's memory and CPU: the report, unprinted.
func measure(ctx context.Context, o *options, newCmd func(args ...string) *exec.Cmd, turn func(r int) (bool, error)) (*report, error) {
	c, info, done, err := startServer(ctx, o, newCmd)
	if err != nil {
		return nil, err
	}
	defer done()
	rep := &report{opts: o, addr: info.Addr, pid: c.cmd.Process.Pid}
	pid := rep.pid
	if rep.idle, err = readProcMem(pid); err != nil {
		return nil, err
	}
	var cpu0, self0 time.Duration
	var t0 time.Time
	hooks := loadHooks{
		turn: turn,
		ready: func() error {
			var err error
			if rep.ready, err = readProcMem(pid); err != nil {
				return err
			}
			if _, err := c.ask(ctx, cmdCPUStart); err != nil {
				return err
			}
			cpu0, _ = readProcCPU(pid)
			self0, _ = readProcCPU(os.Getpid())
			t0 = time.Now()
			return nil
		},
		done: func() error {
			rep.measuredRounds = time.Since(t0)
			cpu1, _ := readProcCPU(pid)
			self1, _ := readProcCPU(os.Getpid())
			rep.serverCPU, rep.selfCPU = cpu1-cpu0, self1-self0
			if _, err := c.ask(ctx, cmdCPUStop); err != nil {
				return err
			}
			var err error
			if rep.end, err = readProcMem(pid); err != nil {
				return err
			}
			line, err := c.ask(ctx, cmdStats)
			if err != nil {
				return err
			}
			return json.Unmarshal([]byte(line), &rep.stats)
		},
	}
	if rep.res, err = runLoad(ctx, info.Addr, info.Tables, o, hooks); err != nil {
		return nil, err
	}
	return rep, nil
}

// The targets, on a 2-core machine.
const (
	targetP99    = 15 * time.Millisecond
	targetMemory = 40 << 20
)

// percentile is the nearest-rank percentile of sorted durations.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(float64(len(sorted))*p+0.999999) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond)) }
func mb(b int64) string         { return fmt.Sprintf("%.1f MB", float64(b)/(1<<20)) }

func (r *report) print(w io.Writer) {
	o, res := r.opts, r.res
	perTable := 2*o.PhonesPerSeat + o.Screens
	fmt.Fprintf(w, "tmload: %d tables × (%d pages on each of 2 seat links + %d table screens) = %d live clients\n",
		o.Tables, o.PhonesPerSeat, o.Screens, res.Clients)
	fmt.Fprintf(w, "        %d rounds × %d actions (all tables at once), after %d warm-up rounds; server %s, pid %d\n\n",
		len(res.Rounds), o.Tables, o.Warmup, r.addr, r.pid)
	fmt.Fprintf(w, "%-48s %5s %10s %10s %10s\n", "latency", "n", "p50", "p99", "max")
	rows := []struct {
		name string
		d    []time.Duration
	}{
		{fmt.Sprintf("round: first post → %dth client updated", res.Clients), res.Rounds},
		{fmt.Sprintf("action: its post → its table's %dth client", perTable), res.Actions},
		{"post round trip (log synced, reply rendered)", res.Posts},
	}
	for _, row := range rows {
		s := slices.Clone(row.d)
		slices.Sort(s)
		fmt.Fprintf(w, "%-48s %5d %10s %10s %10s\n", row.name, len(s), ms(percentile(s, .5)), ms(percentile(s, .99)), ms(s[len(s)-1]))
	}
	fmt.Fprintf(w, "\nserver memory: VmRSS %s idle, %s with the clients connected, %s after the run; peak VmHWM %s\n",
		mb(r.idle.RSS), mb(r.ready.RSS), mb(r.end.RSS), mb(r.end.HWM))
	fmt.Fprintf(w, "               Go: heap in use %s, stacks %s, from the OS %s; %d goroutines, %d GCs\n",
		mb(int64(r.stats.HeapInuse)), mb(int64(r.stats.StackInuse)), mb(int64(r.stats.Sys)), r.stats.Goroutines, r.stats.NumGC)
	if n := len(res.Rounds); n > 0 {
		settling := ""
		if res.Settling > 0 {
			settling = fmt.Sprintf(" and the %d rounds to settle in among them", res.Settling)
		}
		fmt.Fprintf(w, "CPU in the measured rounds%s (%.2f s): server %.2f s (%s per action), tmload's clients %.2f s\n",
			settling, r.measuredRounds.Seconds(), r.serverCPU.Seconds(), ms(r.serverCPU/time.Duration((n+res.Settling)*o.Tables)), r.selfCPU.Seconds())
	}
	p := res.Pages
	enc := p.Encoding
	if enc == "" {
		enc = "not compressed"
	}
	fmt.Fprintf(w, "pages as sent (%s, %s): largest phone page %d bytes (%d plain), table screen %d bytes (%d plain)\n",
		o.Lang, enc, p.PhoneWire, p.Phone, p.TableWire, p.TableN)
	if res.Messages > 0 {
		fmt.Fprintf(w, "live updates: %d messages, %d bytes of data on average, %d%% of them patches of the page before\n",
			res.Messages, res.MessageBytes/res.Messages, 100*res.Patches/res.Messages)
	}
	sorted := slices.Clone(res.Rounds)
	slices.Sort(sorted)
	p99 := percentile(sorted, .99)
	verdict := func(ok bool) string {
		if ok {
			return "met"
		}
		return "MISSED"
	}
	fmt.Fprintf(w, "\ntargets: round p99 < %v: %s (%s); server memory < %s: %s (%s)\n",
		targetP99, verdict(p99 < targetP99), ms(p99), mb(targetMemory), verdict(r.end.HWM < targetMemory), mb(r.end.HWM))
}
