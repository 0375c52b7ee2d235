package enginetest

import (
	"errors"
	"flag"
	"fmt"
	"testing"

	"tablemaster/engine"
)

// Moves is the i-th seed input of a FuzzApply target: between minLen and
// minLen+spread-1 random bytes, one move each, drawn from a source seeded
// by i, so the corpus is the same in every run.
func Moves(i uint64, minLen, spread int) []byte {
	r := engine.NewRand(i + 99)
	moves := make([]byte, minLen+r.IntN(spread))
	for j := range moves {
		moves[j] = byte(r.IntN(256))
	}
	return moves
}

// MinimizeRuns bounds how many times the fuzzer reruns one input while it
// shrinks it (see BoundMinimizing): enough to cut the tail and try removing
// each byte of the longest input a FuzzApply target reads (160 moves), a
// fraction of a second of work.
const MinimizeRuns = 400

// BoundMinimizing makes -fuzzminimizetime default to MinimizeRuns runs an
// input; a package with fuzz targets calls it from an init function, and
// the flag given on the command line still wins. Go's default is 60
// seconds an input, and it shrinks every input that finds new code, not
// just failures: trying to take out every range of bytes of a game of
// 56–160 moves, then to make each byte printable, costs thousands of
// games. A worker doing that reports nothing until it is done, which
// showed as 6 to 12 seconds of "0/sec" between bursts, and most of an
// 11-second run went on the inputs found in its first seconds. To let the
// fuzzer shrink a failure as long as it likes, pass -fuzzminimizetime 60s.
func BoundMinimizing() {
	testing.Init() // registers the flags; parsing them later overrides this
	if err := flag.Set("test.fuzzminimizetime", fmt.Sprintf("%dx", MinimizeRuns)); err != nil {
		panic(err)
	}
}

// Truncate caps a fuzz input at maxSteps moves. Longer inputs only repeat
// what shorter ones do, and a short run keeps the fuzzer's minimiser
// quick (it reruns an input many times).
func Truncate(moves []byte, maxSteps int) []byte {
	if len(moves) > maxSteps {
		return moves[:maxSteps]
	}
	return moves
}

// BenchFuzz measures the cost of one FuzzApply input of maxSteps moves:
// run is the target's body, called with the loop's count i (to vary the
// seed and the options) and fresh random moves.
func BenchFuzz(b *testing.B, maxSteps int, run func(i int, moves []byte)) {
	r := engine.NewRand(1)
	moves := make([]byte, maxSteps)
	for i := 0; b.Loop(); i++ {
		for j := range moves {
			moves[j] = byte(r.IntN(256))
		}
		run(i, moves)
	}
}

// Probe applies arbitrary actions, texts[i] as seats[i], for a fuzz step:
// unless legal says the seat may take it (in any spelling), each must be
// refused as illegal, unreadable or out of turn, without events. The
// caller checks that together they changed nothing, with whatever
// comparison of the state its game can afford on every step.
func Probe(g engine.Game, seats []engine.Seat, texts []string, legal func(s engine.Seat, text string) bool) error {
	for i, s := range seats {
		text := texts[i]
		if legal(s, text) {
			continue
		}
		evs, err := g.Apply(s, engine.Action(text))
		if err == nil {
			return fmt.Errorf("Apply(%d, %q) = nil, want a refusal: not among %v", s, text, Actions(g.Legal(s)))
		}
		if !errors.Is(err, engine.ErrIllegal) && !errors.Is(err, engine.ErrNotation) && !errors.Is(err, engine.ErrNotYourTurn) {
			return fmt.Errorf("Apply(%d, %q) = %v, want ErrIllegal, ErrNotation or ErrNotYourTurn", s, text, err)
		}
		if evs != nil {
			return fmt.Errorf("Apply(%d, %q) = %v with its error, want no events", s, text, evs)
		}
	}
	return nil
}
