package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"sync"
	"time"
)

// The comparison (-compare) measures tablemaster and the floor in one run:
// both servers run, each with its own clients, and their rounds go in
// blocks of -block rounds, one server at a time. Within a block the rounds
// follow each other as in a run of one server; the blocks spread the
// machine's changing load (other work on a shared machine, its clock) over
// both, where two runs one after the other each caught a different part of
// it and their ratio moved by as much as ±0.3.

// baton lets two loads take turns by blocks of rounds. A side holds it
// for a block; it is handed over at the next block, or for good when a
// side is done (or failed).
type baton struct {
	block, warmup int

	mu      sync.Mutex
	cond    *sync.Cond
	holder  int // the side that may play, or -1 until both are ready
	arrived int
	done    [2]bool

	// Per side: tmload's own CPU and the wall time of its measured blocks.
	self, wall [2]time.Duration
	cpu0       time.Duration
	t0         time.Time
}

func newBaton(block, warmup int) *baton {
	b := &baton{block: block, warmup: warmup, holder: -1}
	b.cond = sync.NewCond(&b.mu)
	return b
}

// blockOf is the block of round r: the warm-up rounds are the first.
func (b *baton) blockOf(r int) int {
	if r < b.warmup {
		return 0
	}
	return 1 + (r-b.warmup)/b.block
}

// turn waits until side s may play round r, and reports whether the
// side starts a block of measured rounds after the other side's block:
// its first round after the other's is then played unmeasured, to settle
// in (caches, the scheduler's and the collector's pace). Measured (500
// rounds, blocks of 50), a block's first round took 1.26-1.30× its other
// rounds on average, on either side: counted, those rounds would weigh
// alike on both sides' slowest and pull the p99s towards each other.
func (b *baton) turn(s, r int) (settle bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case r == 0:
		// Both sides connect their clients before either plays.
		b.arrived++
		if b.arrived == 2 {
			b.holder = 0
			b.cond.Broadcast()
		}
	case b.blockOf(r) != b.blockOf(r-1):
		b.stopLocked(s, r-1)
		if !b.done[1-s] {
			b.holder = 1 - s
			b.cond.Broadcast()
			settle = r >= b.warmup
		}
	default:
		return false
	}
	for b.holder != s {
		b.cond.Wait()
	}
	if r >= b.warmup {
		b.cpu0, _ = readProcCPU(os.Getpid())
		b.t0 = time.Now()
	}
	return settle
}

// stopLocked ends side s's block, which ended with round last.
func (b *baton) stopLocked(s, last int) {
	if last >= b.warmup && !b.t0.IsZero() {
		cpu, _ := readProcCPU(os.Getpid())
		b.self[s] += cpu - b.cpu0
		b.wall[s] += time.Since(b.t0)
	}
	b.t0 = time.Time{}
}

// finish hands the baton over for good: side s played its last round
// (last), or failed.
func (b *baton) finish(s, last int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.holder == s {
		b.stopLocked(s, last)
	}
	b.done[s] = true
	b.holder = 1 - s
	b.cond.Broadcast()
}

// compareRun starts both servers and runs both loads in blocks, then
// prints both reports and their ratios.
func compareRun(o *options, newCmd func(args ...string) *exec.Cmd) error {
	ctx, cancel := context.WithTimeout(context.Background(), o.Timeout)
	defer cancel()
	// Both sides (their server processes, -v) write to the one stderr.
	tm := *o
	tm.Stderr = &lockedWriter{w: o.Stderr}
	floor := tm
	floor.Floor, floor.CPUProfile, floor.MemProfile, floor.State = true, "", "", ""
	opts := [2]*options{&floor, &tm}
	b := newBaton(o.Block, o.Warmup)
	var reps [2]*report
	var errs [2]error
	var wg sync.WaitGroup
	for s := range opts {
		wg.Go(func() {
			last := -1
			defer func() { b.finish(s, last) }()
			reps[s], errs[s] = measure(ctx, opts[s], newCmd, func(r int) (bool, error) {
				settle := b.turn(s, r)
				last = r
				return settle, ctx.Err()
			})
		})
	}
	wg.Wait()
	for s, err := range errs {
		if err != nil {
			return fmt.Errorf("tmload: %s: %w", [2]string{"the floor", "tablemaster"}[s], err)
		}
	}
	for s, rep := range reps {
		rep.selfCPU, rep.measuredRounds = b.self[s], b.wall[s]
	}
	w := o.Stdout
	fmt.Fprintf(w, "The floor and tablemaster in one run, their measured rounds in blocks of %d, in turn.\n\n== the floor (-floor)\n", o.Block)
	reps[0].print(w)
	fmt.Fprintf(w, "\n== tablemaster\n")
	reps[1].print(w)
	printRatios(w, reps[0], reps[1])
	return nil
}

// printRatios prints tablemaster's figures over the floor's.
func printRatios(w io.Writer, floor, tm *report) {
	q := func(r *report, p float64) time.Duration {
		s := slices.Clone(r.res.Rounds)
		slices.Sort(s)
		return percentile(s, p)
	}
	ratio := func(a, b time.Duration) string {
		if b <= 0 {
			return "—"
		}
		return fmt.Sprintf("%.2f×", float64(a)/float64(b))
	}
	fmt.Fprintf(w, "\ntablemaster ÷ the floor, same run: round p50 %s, p99 %s; server CPU %s, tmload's clients %s\n",
		ratio(q(tm, .5), q(floor, .5)), ratio(q(tm, .99), q(floor, .99)),
		ratio(tm.serverCPU, floor.serverCPU), ratio(tm.selfCPU, floor.selfCPU))
}

// lockedWriter is a writer for two goroutines at once.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
