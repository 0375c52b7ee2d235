package superrock

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/enginetest"
)

// fuzzConfig turns one byte into a table: 5–10 players and every option.
func fuzzConfig(b uint8) Config {
	n := MinPlayers + int(b%6)
	c := configs(n)[int(b/6)%4]
	return c
}

// universe is every action the notation can name, legal or not.
func universe() []string {
	out := []string{"deal", "keep", "reject", "roll", "confirm", "fly", "rolled 0", "pick nobody"}
	for n := 1; n <= 6; n++ {
		out = append(out, fmt.Sprint("rolled ", n))
	}
	for _, s := range Default().Silhouettes {
		out = append(out, "pick "+s.ID, "switch "+s.ID)
	}
	for _, c := range AmbushNames {
		for sq := 0; sq < BoardSquares; sq += 5 {
			out = append(out, "ambush "+c+" "+SquareName(sq))
		}
		out = append(out, "sprung "+c)
	}
	// The boards (SR-20 … SR-27).
	for sq := 0; sq < BoardSquares; sq += 7 {
		out = append(out, "land "+SquareName(sq), "open "+SquareName(sq), "enter "+SquareName(sq), "hub command "+SquareName(sq), "hub lab "+SquareName(sq))
	}
	for _, c := range Default().PlanetCards {
		out = append(out, "use "+c.ID)
	}
	for _, h := range []string{"command", "lab", "computer", "energy"} {
		out = append(out, "destroy "+h, "hub "+h+" 6-6")
	}
	for _, p := range allNames[:3] {
		out = append(out, "party "+p, "info "+p)
	}
	for n := 0; n <= 7; n++ {
		out = append(out, fmt.Sprint("enter ", n), fmt.Sprint("appear ", n), fmt.Sprint("sum ", n+1), fmt.Sprint("sum ", n+6))
	}
	return append(out, "leave", "appear", "stay", "end planet", "enter", "end hubs", "land 0-0", "destroy nothing")
}

// probe applies arbitrary actions, each as its seat: unless the seat's
// legal actions hold it, each must be refused with a rule error, and
// together they must change nothing. The whole state is compared (two
// Clones, deeply), which is complete and much cheaper than serialising
// every view; one comparison serves both actions.
func probe(t testing.TB, g *Game, seats []engine.Seat, as []string) {
	t.Helper()
	before := g.Clone()
	err := enginetest.Probe(g, seats, as, func(s engine.Seat, a string) bool {
		d, err := g.decode(s, a)
		return err == nil && s >= 0 && slices.Contains(g.legal(s), d)
	})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(before, g.Clone()) {
		t.Fatalf("refused actions %v by seats %v changed the game", as, seats)
	}
}

// maxFuzzSteps caps a fuzzed game: longer inputs only repeat what shorter
// ones do, and a short run keeps the fuzzer's minimiser quick (it reruns
// an input many times). Random play ends most games within 96 steps,
// the preparation, the boards and the play included.
const maxFuzzSteps = 96

// The fuzzer shrinks new inputs for a bounded number of runs.
func init() { enginetest.BoundMinimizing() }

func FuzzApply(f *testing.F) {
	for seed := uint64(0); seed < 12; seed++ {
		moves := enginetest.Moves(seed, 40, 80)
		f.Add(seed, uint8(seed*7), moves)
	}
	f.Add(uint64(7), uint8(0), []byte{})
	f.Fuzz(func(t *testing.T, seed uint64, opts uint8, moves []byte) {
		playFuzz(t, seed, opts, moves)
	})
}

var fuzzUniverse = universe()

// playFuzz is FuzzApply's body: a game driven by the bytes of moves. Each
// step checks what is cheap (the state, the events, refusals changing
// nothing; two probes every sixth step); every choice decoded
// (invariants) at the end, and the
// no-leak property at the end: the fuzzer tries inputs of every length
// and seed, so every position is an end, and every seat checked, for some
// input.
func playFuzz(t testing.TB, seed uint64, opts uint8, moves []byte) {
	moves = enginetest.Truncate(moves, maxFuzzSteps)
	g := newGame(t, fuzzConfig(opts), seed)
	r := engine.NewRand(seed ^ 0x5eed)
	all := fuzzUniverse
	for i, b := range moves {
		if i%6 == 5 {
			probe(t, g, []engine.Seat{engine.Seat(int(b)%(g.Seats()+1) - 1), engine.Seat(int(b>>4) % g.Seats())},
				[]string{all[(int(b)*7+i)%len(all)], all[(int(b)*13+i)%len(all)]})
		}
		// The seat: the first from seat b mod n on that has something to
		// do (legal is Legal without the words of each button; invariants
		// checks Legal itself).
		s, ch := engine.Seat(-1), []act(nil)
		for k := range g.Seats() {
			s = engine.Seat((int(b) + k) % g.Seats())
			if ch = g.legal(s); len(ch) > 0 {
				break
			}
		}
		if len(ch) == 0 {
			break
		}
		// Half the moves keep to the boards when the seat has a board
		// action, so that games get through both phases.
		if b&0x80 == 0 {
			var on []act
			for _, c := range ch {
				if boardAction(engine.Action(c.String(g))) {
					on = append(on, c)
				}
			}
			if len(on) > 0 {
				ch = on
			}
		}
		c := engine.Action(ch[int(b>>3)%len(ch)].String(g))
		evs, err := g.Apply(s, c)
		if err != nil {
			t.Fatalf("Apply(%d, %v) = %v, want nil (a legal choice)", s, c, err)
		}
		if err := stateOK(g); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if err := eventsOK(g, evs); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	if err := invariants(g); err != nil {
		t.Fatalf("end: %v", err)
	}
	// The no-leak property for the table screen and one seat (by the
	// seed): eleven views redrawn per input would cost more than the game.
	seats := []engine.Seat{engine.Public, engine.Seat(seed % uint64(g.Seats()))}
	if err := enginetest.NoLeak(g, r, seats, 1, func(_ engine.Seat, h *Game) error { return stateOK(h) }); err != nil {
		t.Fatalf("end: %v", err)
	}
}

var placeholder = regexp.MustCompile(`\{[a-z_]+\}`)

// Every sentence the preparation produces — events, choices, status lines,
// refusals, views — is in the catalogue and renders completely in every
// language, nested "@keys" included.
func TestCatalogueCovers(t *testing.T) {
	seen := map[string]bool{}
	check := func(where string, m engine.Msg) {
		t.Helper()
		if !engine.Has(m.Key) {
			t.Fatalf("%s: key %q is not in the catalogue", where, m.Key)
		}
		seen[m.Key] = true
		for _, v := range m.Args {
			if strings.HasPrefix(v, "@") {
				if !engine.Has(v[1:]) || placeholder.MatchString(engine.EN.Raw(v[1:])) {
					t.Fatalf("%s: argument %q of %s is not a plain catalogue key", where, v, m.Key)
				}
				seen[v[1:]] = true
			}
		}
		for _, l := range engine.Langs {
			if s := l.Text(m); placeholder.MatchString(s) || strings.Contains(s, "⟨") {
				t.Fatalf("%s: %s in %s renders as %q", where, m.Key, l, s)
			}
		}
	}
	all := universe()
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for _, cfg := range configs(n) {
			for seed := uint64(0); seed < 3; seed++ {
				g := newGame(t, cfg, seed)
				r := engine.NewRand(seed)
				for i := 0; i < 2000; i++ {
					check("status", pub(g).Status)
					for s := 0; s < g.Seats(); s++ {
						v := view(g, engine.Seat(s))
						for _, c := range v.Choices {
							check("group", c.Group)
							check("label", c.Label)
						}
						if v.Character != nil {
							check("character", v.Character.Name)
							check("win", v.Character.Win)
							check("attr", v.Character.AttrName)
						}
						if v.Allows != nil {
							check("allows", *v.Allows)
						}
						for _, h := range v.Hand {
							check("hand", h.Name)
							check("hand", h.KindName)
						}
						if v.PlanetEnd != nil {
							check("planet end", *v.PlanetEnd)
						}
						for _, sq := range v.Planet {
							if sq.Card != nil {
								check("planet square", sq.Card.Name)
							}
						}
						for _, sq := range v.Base {
							if sq.Card != nil {
								check("base square", sq.Card.Name)
							}
						}
						for _, h := range v.Hubs {
							check("hub", h.Name)
						}
					}
					a := all[r.IntN(len(all))]
					if _, err := g.Apply(engine.Seat(r.IntN(g.Seats())), engine.Action(a)); err != nil {
						var me *engine.MsgError
						if !errors.As(err, &me) {
							t.Fatalf("Apply(%v) = %v, want an *engine.MsgError", a, err)
						}
						check("refusal of "+a, me.Msg)
					}
					evs, ok := step(t, g, r)
					if i%2 == 1 {
						evs, ok = boardStep(t, g, r)
					}
					if !ok {
						break
					}
					for _, e := range evs {
						check("event", e.Msg)
					}
				}
			}
		}
	}
	var unused []string
	for _, k := range engine.Keys() {
		if strings.HasPrefix(k, "sr.") && !strings.HasPrefix(k, "sr.data.") && !strings.HasPrefix(k, "sr.kmc.") && !strings.HasPrefix(k, "sr.r") && !seen[k] {
			unused = append(unused, k)
		}
	}
	t.Logf("keys never produced: %v", unused)
}

// Every entry of the catalogue this package registers has the same
// placeholders in English and Japanese.
func TestCataloguePlaceholders(t *testing.T) {
	n := 0
	for _, k := range engine.Keys() {
		if !strings.HasPrefix(k, "sr.") {
			continue
		}
		n++
		en, ja := placeholder.FindAllString(engine.EN.Raw(k), -1), placeholder.FindAllString(engine.JA.Raw(k), -1)
		sort.Strings(en)
		sort.Strings(ja)
		if !slices.Equal(en, ja) {
			t.Errorf("%s: EN has %v, JA has %v", k, en, ja)
		}
	}
	if n < 200 {
		t.Errorf("%d sr. keys, want the whole catalogue", n)
	}
}

// BenchmarkFuzzApply is the cost of one FuzzApply input of full length.
func BenchmarkFuzzApply(b *testing.B) {
	enginetest.BenchFuzz(b, maxFuzzSteps, func(i int, moves []byte) {
		playFuzz(b, uint64(i), uint8(i), moves)
	})
}
