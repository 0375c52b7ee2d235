package noir

import (
	"errors"
	"testing"

	"tablemaster/engine"
)

// fuzzConfig turns one byte into table options, so the fuzzer explores
// every combination of NC-2, NC-4, NC-7 and the kings option.
func fuzzConfig(b uint8) Config {
	var c Config
	if b&1 != 0 {
		c.Deck = Physical
	}
	if b&2 != 0 {
		c.Layout = Shuffled
	}
	if b&4 != 0 {
		c.Kings = true
	}
	if b&8 != 0 {
		c.ShiftRule = NoUndo
	}
	return c
}

// universe is every action the notation can name for a 5×5 game, legal or
// not; the fuzzer probes Apply with them.
func universe(kings bool) []string {
	var out []string
	out = append(out, "draw", "disguise", "clear")
	for i := 0; i < NumSuspects; i++ {
		s, e := SuspectName(i, kings), EvidenceName(i, kings)
		out = append(out, "kill "+s, "arrest "+s, "point "+s, "drew "+e, "keep "+e, "clear "+e, "citizen "+e)
	}
	for _, sh := range NewGrid(5, 5, make([]int, 25)).Shifts() {
		out = append(out, sh.String())
	}
	return out
}

// step is one fuzz step: byte b picks one of the legal choices of the seat
// to move; every third step also probes Apply with an arbitrary action
// (the property: Apply accepts exactly what Legal offers, and a refusal
// changes nothing).
func step(t *testing.T, g *Game, b byte, probe string) {
	t.Helper()
	s := g.Turn()
	if probe != "" {
		legal := false
		for _, a := range actions(g.Legal(s)) {
			legal = legal || a == probe
		}
		if !legal {
			before := snapshot(g)
			_, err := g.Apply(s, engine.Action(probe))
			if err == nil {
				t.Fatalf("Apply(%v) = nil, want a refusal: not among %v", probe, actions(g.Legal(s)))
			}
			if !errors.Is(err, engine.ErrIllegal) && !errors.Is(err, engine.ErrNotation) {
				t.Fatalf("Apply(%v) = %v, want ErrIllegal or ErrNotation", probe, err)
			}
			if after := snapshot(g); after != before {
				t.Fatalf("Apply(%v) = %v changed the game", probe, err)
			}
		}
		other := 1 - s
		if _, err := g.Apply(other, engine.Action(probe)); !errors.Is(err, engine.ErrNotYourTurn) && !g.outcome.Over {
			// Notation errors come first; anything else must say whose turn it is.
			if !errors.Is(err, engine.ErrNotation) {
				t.Fatalf("Apply(%v) by seat %d = %v, want ErrNotYourTurn", probe, other, err)
			}
		}
	}
	ch := g.Legal(s)
	if len(ch) == 0 {
		t.Fatalf("no legal action for seat %d in phase %v", s, g.phase)
	}
	c := ch[int(b)%len(ch)]
	_, err := g.Apply(s, c.Action)
	if err != nil {
		t.Fatalf("Apply(%v) = %v, want nil (a legal choice)", c.Action, err)
	}
}

func FuzzApply(f *testing.F) {
	for seed := uint64(0); seed < 16; seed++ {
		r := engine.NewRand(seed + 99)
		moves := make([]byte, 120+r.IntN(200))
		for i := range moves {
			moves[i] = byte(r.IntN(256))
		}
		f.Add(seed, uint8(seed), moves)
	}
	f.Add(uint64(7), uint8(0), []byte{})
	f.Add(uint64(3), uint8(15), []byte{0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255})
	f.Fuzz(func(t *testing.T, seed uint64, opts uint8, moves []byte) {
		// Long inputs only repeat what short ones do (a game under no-undo
		// can go on for ever) and would make each run slow.
		if len(moves) > 400 {
			moves = moves[:400]
		}
		cfg := fuzzConfig(opts)
		g := New(cfg, seed)
		r := engine.NewRand(seed ^ 0x5eed)
		all := universe(cfg.Kings)
		if err := invariants(g); err != nil {
			t.Fatalf("New: %v", err)
		}
		for i, b := range moves {
			if g.outcome.Over {
				break
			}
			probe := ""
			if i%3 == 2 {
				probe = all[(int(b)*7+i)%len(all)]
			}
			step(t, g, b, probe)
			if err := invariants(g); err != nil {
				t.Fatalf("step %d (%v): %v", i, cfg, err)
			}
			if err := noLeak(g, r, 1); err != nil {
				t.Fatalf("step %d (%v): %v", i, cfg, err)
			}
		}
		if g.outcome.Over {
			for _, s := range []engine.Seat{Killer, Inspector} {
				if l := g.Legal(s); len(l) != 0 {
					t.Fatalf("game over, but seat %d is offered %v", s, actions(l))
				}
			}
		}
	})
}
