package outlaws

import (
	"errors"
	"strconv"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/enginetest"
)

// probes is notation the fuzzer tries at random, legal or not.
var probes = []string{"place governor", "place mayor", "deal", "reset", "move 1 2", "pretend", "swap", "move 1 1",
	"saloon 1", "saloon 2", "with 1 2", "put scout thief", "put governor thief", "check 1", "check 8",
	"take 1 ballot", "take 2 fake", "take 1 elected", "shoot 2", "arrest 3", "scout 4", "scout 4 5",
	"shop 5 swap 4 6", "shop 5 stock 5", "dance 6 7", "journal 7 1", "thief 8 4", "name thief", "name sheriff",
	"release 9", "release 2", "guard", "cancel", "let", "fly", "move 9 1"}

const maxFuzzSteps = 56

// The fuzzer shrinks new inputs for a bounded number of runs.
func init() { enginetest.BoundMinimizing() }

func FuzzApply(f *testing.F) {
	for seed := uint64(0); seed < 10; seed++ {
		f.Add(seed, uint8(seed), enginetest.Moves(seed, 40, 80))
	}
	f.Fuzz(func(t *testing.T, seed uint64, opts uint8, moves []byte) {
		playFuzz(t, seed, opts, moves)
	})
}

// playFuzz is FuzzApply's body: a game driven by the bytes of moves.
func playFuzz(t testing.TB, seed uint64, opts uint8, moves []byte) {
	{
		moves = enginetest.Truncate(moves, maxFuzzSteps)
		cfg := Config{}
		if opts&1 != 0 {
			cfg.Cards = Boxed
		}
		g := New(cfg, seed)
		r := engine.NewRand(seed ^ 0xfeed)
		buf := make([]act, 0, 192)
		for i, b := range moves {
			if g.outcome.Over {
				break
			}
			s := g.Turn()
			acts := g.appendLegal(buf[:0], s)
			if len(acts) == 0 {
				t.Fatalf("step %d: no legal action for seat %d in %v", i, s, g.phase)
			}
			if i%3 == 2 {
				p := probes[(int(b)*7+i)%len(probes)]
				before := sig(g)
				legal := false
				if a, err := g.decode(p); err == nil {
					for _, l := range acts {
						legal = legal || l == a
					}
					legal = legal || g.bothAtOnce(s, a) // "move 1 2": two taps in one

				}
				if !legal {
					_, err := g.Apply(s, engine.Action(p))
					if err == nil || (!errors.Is(err, engine.ErrIllegal) && !errors.Is(err, engine.ErrNotation) && !errors.Is(err, engine.ErrNotYourTurn)) {
						t.Fatalf("step %d: Apply(%q) = %v, want a refusal", i, p, err)
					}
					if sig(g) != before {
						t.Fatalf("step %d: the refusal of %q changed the game", i, p)
					}
				}
			}
			// Bytes from 0xc0 prefer taking a token, so short inputs get far.
			a := acts[int(b)%len(acts)]
			if b >= 0xc0 {
				for _, x := range acts {
					if x.kind == "take" || x.kind == "deal" {
						a = x
						break
					}
				}
			}
			if _, err := g.Apply(s, engine.Action(a.String(g))); err != nil {
				t.Fatalf("step %d: Apply(%q) = %v (a legal choice)", i, a.String(g), err)
			}
			if err := stateOK(g); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
		}
		if err := invariants(g); err != nil {
			t.Fatal(err)
		}
		err := enginetest.NoLeak(g, r, enginetest.Seats(g), 1, func(s engine.Seat, h *Game) error {
			if err := stateOK(h); err != nil {
				return err
			}
			return knowsOK(h, s)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// sig is a cheap fingerprint of the whole state, for checking that a
// refusal changed nothing at every fuzz step.
func sig(g *Game) string {
	b := make([]byte, 0, 512)
	add := func(xs ...int) {
		for _, x := range xs {
			b = strconv.AppendInt(b, int64(x), 10)
			b = append(b, ',')
		}
	}
	for p := range 2 {
		for _, c := range g.street[p] {
			add(int(c))
		}
		add(int(g.saloon[p][0]), int(g.saloon[p][1]), len(g.placed[p]), g.cameras[p], len(g.notes[p]))
		for _, c := range g.placed[p] {
			add(int(c))
		}
		for c := range NumChars {
			add(b2i(g.restrained[p][c]), b2i(g.camera[p][c]))
		}
		for t := range NumTokens {
			add(g.held[p][t])
		}
	}
	for _, t := range g.row {
		add(int(t))
	}
	for _, t := range g.stock {
		add(int(t))
	}
	for t := range NumTokens {
		add(g.spent[t], g.out[t])
	}
	add(int(g.phase), int(g.turn), g.actions, g.turnNo, g.salIdx, g.salA, g.salB, g.nameAt, g.nameTo, b2i(g.pend != nil),
		b2i(g.tiebreak), b2i(g.outcome.Over), int(knowSum(g)))
	for o := range g.know.tokens {
		for _, m := range g.know.tokens[o] {
			add(int(m))
		}
	}
	return string(b) + g.nameKind
}

func b2i(v bool) int {
	if v {
		return 1
	}
	return 0
}

// knowSum is a checksum of the street knowledge (20 KB of bits).
func knowSum(g *Game) uint64 {
	var h uint64
	for p := range 2 {
		for o := range 2 {
			for i, w := range g.know.street[p][o].bits {
				h = h*31 + w ^ uint64(i)
			}
			for _, c := range g.know.street[p][o].cards {
				h = h*7 + uint64(c)
			}
		}
	}
	return h
}

// BenchmarkFuzzApply is the cost of one FuzzApply input of full length.
func BenchmarkFuzzApply(b *testing.B) {
	enginetest.BenchFuzz(b, maxFuzzSteps, func(i int, moves []byte) {
		playFuzz(b, uint64(i), uint8(i), moves)
	})
}
