package moderator

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
)

// PaceCollector sets the garbage collector's pace for a table server:
// it may let the heap grow by collectorHeadroom (14 MiB) past what is
// live before it collects, where Go's default lets it grow by as much as
// is live. A server's live heap is small (a few MB for ten tables), and
// every update it renders is garbage at once, so by default it collected
// every eight rounds of tmload's ten tables (60 times in 500 rounds);
// each collection scans the heap and competes for the two cores with the
// updates. With a large live heap (a hundred tables) the default pace
// holds: the heap may never grow by less than what is live (GOGC 100).
//
// The pace is set again after every collection, from the live heap that
// collection found. A GOGC set in the environment is left as it is.
// PaceCollector also sets a soft memory limit (serverMemoryLimit). It runs
// once per process.
func PaceCollector() {
	paceOnce.Do(func() {
		if os.Getenv("GOGC") == "" {
			startPacer()
		}
		limitMemory()
	})
}

// limitMemory sets the soft memory limit, unless GOMEMLIMIT sets one.
func limitMemory() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(serverMemoryLimit)
	}
}

// serverMemoryLimit is the soft limit on the memory the Go runtime holds
// (heap, stacks and its own): past it the collector runs more often, not
// the pace above. Long games keep their story, about 1 KB an action, so a
// hundred tables 300 moves in hold a larger live heap than the pace was
// made for: the heap then grew by as much again before a collection, to
// 88 MB at the peak (tmload -tables 100 -rounds 300), over the 80 MB a
// convention laptop is given. The limit keeps the peak under it; a GOMEMLIMIT
// set in the environment is left as it is. It is soft: a live heap larger
// than the limit still runs, the collector then using at most half the CPU.
const serverMemoryLimit = 60 << 20

var paceOnce sync.Once

// startPacer sets GOGC now and after every collection, until stopped.
func startPacer() *gcPacer {
	p := &gcPacer{sample: []metrics.Sample{
		{Name: "/gc/heap/live:bytes"}, {Name: "/gc/scan/stack:bytes"}, {Name: "/gc/scan/globals:bytes"}}}
	p.pace()
	p.arm()
	return p
}

// collectorHeadroom is how far the heap may grow past the live heap
// before a collection. Measured with tmload -compare (ten tables, 500
// rounds, a live heap of 3.4-5.2 MB): 14 collections instead of 60, the
// server's CPU 1.34-1.51x the floor's instead of 1.55-1.72x, the round
// p99 0.97-1.32x instead of 1.20-1.59x, and a peak of 35.3-37.9 MB
// instead of 28, under the 40 MB that load must stay below (16 MiB came
// to 39.0 MB).
const collectorHeadroom = 14 << 20

// gcPacer sets GOGC after each collection. It learns that a collection
// ended from a finalizer, which the collector runs after each cycle that
// found its object unreachable, and which sets itself again.
type gcPacer struct {
	sample  []metrics.Sample
	percent int // GOGC as last set; the finalizers run one at a time
	paced   atomic.Int64
	stopped atomic.Bool
}

// gcTick is the object whose finalizer runs after each collection; its
// pointer keeps it out of the tiny allocator, whose blocks are shared.
type gcTick struct{ p *gcPacer }

func (p *gcPacer) arm() { runtime.SetFinalizer(&gcTick{p}, (*gcTick).collected) }

func (t *gcTick) collected() {
	if t.p.stopped.Load() {
		return
	}
	t.p.pace()
	t.p.arm()
}

// pace sets GOGC from the live heap: the headroom over it, never less
// than GOGC 100. The runtime never collects below a minimum heap of 4 MiB
// scaled by GOGC, so with a very small live heap (a server just started)
// GOGC is kept to what makes that minimum the live heap plus the
// headroom. It is set only when it moves by a tenth or more, so a steady
// server does not set it after every collection.
func (p *gcPacer) pace() {
	p.paced.Add(1)
	metrics.Read(p.sample)
	var n [3]uint64 // the live heap, the stacks and the globals
	for i, s := range p.sample {
		if s.Value.Kind() != metrics.KindUint64 {
			return
		}
		n[i] = s.Value.Uint64()
	}
	percent := gcPercent(n[0], n[1]+n[2])
	if p.percent == 0 || percent*10 < p.percent*9 || percent*10 > p.percent*11 {
		p.percent = percent
		debug.SetGCPercent(percent)
	}
}

// gcPercent is the GOGC that lets the heap grow by collectorHeadroom past
// live bytes: GOGC is a share of the live heap and of the roots the
// collector scans (the goroutines' stacks and the globals).
func gcPercent(live, roots uint64) int {
	percent := collectorHeadroom * 100 / max(live+roots, 1)
	percent = min(percent, (live+collectorHeadroom)*100/(4<<20))
	return max(100, int(percent))
}
