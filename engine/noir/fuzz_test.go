package noir

import (
	"errors"
	"strconv"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/enginetest"
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
	if b&16 != 0 {
		// The Automata variant (its own shift rule).
		c = Config{Variant: Automata, Layout: c.Layout, Kings: c.Kings, Deck: c.Deck}
		if b&32 != 0 {
			c.Kills = 6
		}
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

// automataUniverse adds the Automata variant's own notation (NA).
func automataUniverse(kings bool) []string {
	out := append(universe(kings), "disguise swap", "disguise pretend", "collapse rows", "collapse cols", "accuse", "cancel")
	for i := 0; i < NumSuspects; i++ {
		s, e := SuspectName(i, kings), EvidenceName(i, kings)
		out = append(out, "canvas "+e, "remove "+s, "name "+s)
	}
	return out
}

// sig is a cheap fingerprint of the whole state, for checking that a
// refused action changed nothing on every fuzz step (snapshot, which
// serialises every view, is too slow to run that often).
func sig(g *Game) string {
	var buf [512]byte
	b := g.appendKey(buf[:0], g.grid, &g.dead)
	bad := badEntry{by: -1, card: -1}
	if g.bad != nil {
		bad = *g.bad
	}
	last := lastShift{by: -1}
	if g.lastShift != nil {
		last = *g.lastShift
	}
	for _, xs := range [][]int{g.deck, g.hand, g.drawn, g.removedOrder, g.discarded,
		g.picks, notKillerInts(g),
		{g.disguise, g.accused, int(g.pickAxis), g.refill, int(g.resume), g.facts.seg, int(g.facts.notInspector), int(g.facts.pairDead)},
		{g.killer, g.insp, g.citizen, g.lost, int(g.phase), int(g.turn), g.turnNo, g.kills, g.arrestsLeft, len(g.positions),
			int(bad.by), bad.card, bad.turn, int(last.by), last.turnNo, int(last.shift.Axis), last.shift.Index, last.shift.Dir}} {
		b = append(b, '|')
		for _, x := range xs {
			b = strconv.AppendInt(b, int64(x), 10)
			b = append(b, ',')
		}
	}
	for _, r := range g.removed {
		b = strconv.AppendBool(b, r)
	}
	for _, w := range g.outcome.Winners {
		b = strconv.AppendInt(b, int64(w), 10)
	}
	b = strconv.AppendBool(b, g.outcome.Over)
	b = append(b, g.outcome.Reason.Key...)
	return string(b)
}

func notKillerInts(g *Game) []int {
	out := make([]int, len(g.facts.notKiller))
	for i, m := range g.facts.notKiller {
		out[i] = int(m)
	}
	return out
}

// step is one fuzz step: byte b picks one of the legal actions of the seat
// to move; a probe, when given, is an arbitrary action tried first (the
// property: Apply accepts exactly what Legal offers, and a refusal changes
// nothing). It asks legal, which is Legal without the words of each
// button; playFuzz checks Legal itself every few steps.
func step(t testing.TB, g *Game, b byte, probe string) []engine.Event {
	t.Helper()
	s := g.Turn()
	acts := g.legal(s, nil)
	if len(acts) == 0 {
		t.Fatalf("no legal action for seat %d in phase %v", s, g.phase)
	}
	if probe != "" {
		a, err := g.decode(probe)
		legal := false
		for _, l := range acts {
			legal = legal || (err == nil && l == a)
		}
		before := sig(g)
		if !legal {
			_, err := g.Apply(s, engine.Action(probe))
			if err == nil {
				t.Fatalf("Apply(%v) = nil, want a refusal: not among %v", probe, actions(g.Legal(s)))
			}
			if !errors.Is(err, engine.ErrIllegal) && !errors.Is(err, engine.ErrNotation) {
				t.Fatalf("Apply(%v) = %v, want ErrIllegal or ErrNotation", probe, err)
			}
			if after := sig(g); after != before {
				t.Fatalf("Apply(%v) = %v changed the game", probe, err)
			}
		}
		other := 1 - s
		if _, err := g.Apply(other, engine.Action(probe)); !errors.Is(err, engine.ErrNotYourTurn) {
			// Notation errors come first; anything else must say whose turn it is.
			if !errors.Is(err, engine.ErrNotation) {
				t.Fatalf("Apply(%v) by seat %d = %v, want ErrNotYourTurn", probe, other, err)
			}
		}
		if after := sig(g); after != before {
			t.Fatalf("Apply(%v) by seat %d changed the game", probe, other)
		}
	}
	c := acts[int(b)%len(acts)]
	if b >= 0xc0 {
		// A quarter of the bytes prefer a kill, so that short inputs reach
		// full lines (NC-15) and the sixteenth kill (NC-16).
		var kills []act
		for _, a := range acts {
			if a.kind == "kill" {
				kills = append(kills, a)
			}
		}
		if len(kills) > 0 {
			c = kills[int(b)%len(kills)]
		}
	}
	evs, err := g.Apply(s, engine.Action(c.String(g)))
	if err != nil {
		t.Fatalf("Apply(%v) = %v, want nil (a legal choice)", c.String(g), err)
	}
	return evs
}

// maxFuzzSteps caps a fuzzed game. Longer inputs only repeat what short
// ones do (under no-undo a game can go on for ever); the cap keeps every
// run short, which the fuzzer's minimiser needs (it reruns an input many
// times). With the bias towards kills in step, 64 steps reach full lines
// (NC-15) and sometimes the sixteenth kill.
const maxFuzzSteps = 64

// The fuzzer shrinks new inputs for a bounded number of runs.
func init() { enginetest.BoundMinimizing() }

func FuzzApply(f *testing.F) {
	for seed := uint64(0); seed < 12; seed++ {
		moves := enginetest.Moves(seed, 40, 80)
		f.Add(seed, uint8(seed), moves)
	}
	f.Add(uint64(7), uint8(0), []byte{})
	f.Add(uint64(3), uint8(15), []byte{0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255})
	f.Fuzz(func(t *testing.T, seed uint64, opts uint8, moves []byte) {
		playFuzz(t, seed, opts&^16, moves)
	})
}

// FuzzApplyAutomata is FuzzApply for the Automata variant (NA).
func FuzzApplyAutomata(f *testing.F) {
	for seed := uint64(0); seed < 12; seed++ {
		f.Add(seed, uint8(seed), enginetest.Moves(seed, 40, 80))
	}
	f.Add(uint64(3), uint8(32), []byte{255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255})
	f.Fuzz(func(t *testing.T, seed uint64, opts uint8, moves []byte) {
		playFuzz(t, seed, opts|16, moves)
	})
}

var fuzzUniverse = [4][]string{universe(false), universe(true), automataUniverse(false), automataUniverse(true)}

// playFuzz is FuzzApply's body: a game driven by the bytes of moves.
func playFuzz(t testing.TB, seed uint64, opts uint8, moves []byte) {
	moves = enginetest.Truncate(moves, maxFuzzSteps)
	cfg := fuzzConfig(opts)
	g := New(cfg, seed)
	r := engine.NewRand(seed ^ 0x5eed)
	u := 0
	if cfg.Kings {
		u = 1
	}
	if cfg.Variant == Automata {
		u += 2
	}
	univ := fuzzUniverse[u]
	if err := invariants(g); err != nil {
		t.Fatalf("New: %v", err)
	}
	for i, b := range moves {
		if g.outcome.Over {
			break
		}
		probe := ""
		if i%3 == 2 {
			probe = univ[(int(b)*7+i)%len(univ)]
		}
		evs := step(t, g, b, probe)
		// Cheap checks every step; the costly ones only now and then:
		// Legal with every choice decoded every 32 steps, and every view
		// redrawn (the no-leak property) at the end. Since the fuzzer
		// tries inputs of every length, every position of a game is an
		// end for some input.
		if err := stateOK(g); err != nil {
			t.Fatalf("step %d (%v): %v", i, cfg, err)
		}
		if err := eventsLeak(g, evs); err != nil {
			t.Fatalf("step %d (%v): %v", i, cfg, err)
		}
		if i%32 == 31 {
			if err := choicesOK(g); err != nil {
				t.Fatalf("step %d (%v): %v", i, cfg, err)
			}
		}
	}
	if err := invariants(g); err != nil {
		t.Fatalf("end (%v): %v", cfg, err)
	}
	if err := noLeak(g, r, 1); err != nil {
		t.Fatalf("end (%v): %v", cfg, err)
	}
	if err := enginetest.OverOffersNothing(g); err != nil {
		t.Fatal(err)
	}
}
