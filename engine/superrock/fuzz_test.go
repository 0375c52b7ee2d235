package superrock

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"tablemaster/engine"
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

// probe applies an arbitrary action as seat s: unless Legal offers it, it
// must be refused with a rule error and change nothing.
func probe(t *testing.T, g *Game, s engine.Seat, a string) {
	t.Helper()
	for _, c := range g.Legal(s) {
		if string(c.Action) == a {
			return
		}
	}
	before := snapshot(g)
	_, err := g.Apply(s, engine.Action(a))
	if err == nil {
		t.Fatalf("Apply(%d, %v) = nil, want a refusal: not among %v", s, a, actions(g.Legal(s)))
	}
	if !errors.Is(err, engine.ErrIllegal) && !errors.Is(err, engine.ErrNotation) && !errors.Is(err, engine.ErrNotYourTurn) {
		t.Fatalf("Apply(%d, %v) = %v, want a rule error", s, a, err)
	}
	if after := snapshot(g); after != before {
		t.Fatalf("Apply(%d, %v) = %v changed the game", s, a, err)
	}
}

func FuzzApply(f *testing.F) {
	for seed := uint64(0); seed < 12; seed++ {
		r := engine.NewRand(seed + 99)
		moves := make([]byte, 60+r.IntN(200))
		for i := range moves {
			moves[i] = byte(r.IntN(256))
		}
		f.Add(seed, uint8(seed*7), moves)
	}
	f.Add(uint64(7), uint8(0), []byte{})
	all := universe()
	f.Fuzz(func(t *testing.T, seed uint64, opts uint8, moves []byte) {
		if len(moves) > 300 {
			moves = moves[:300]
		}
		g := newGame(t, fuzzConfig(opts), seed)
		r := engine.NewRand(seed ^ 0x5eed)
		for i, b := range moves {
			var seats []engine.Seat
			for s := 0; s < g.Seats(); s++ {
				if len(g.Legal(engine.Seat(s))) > 0 {
					seats = append(seats, engine.Seat(s))
				}
			}
			if len(seats) == 0 {
				break
			}
			if i%3 == 2 {
				probe(t, g, engine.Seat(int(b)%(g.Seats()+1)-1), all[(int(b)*7+i)%len(all)])
			}
			s := seats[int(b)%len(seats)]
			ch := g.Legal(s)
			// Half the moves keep to the boards when the seat has a board
			// action, so that games get through both phases.
			if b&0x80 == 0 {
				var on []engine.Choice
				for _, c := range ch {
					if boardAction(c.Action) {
						on = append(on, c)
					}
				}
				if len(on) > 0 {
					ch = on
				}
			}
			c := ch[int(b>>3)%len(ch)]
			evs, err := g.Apply(s, c.Action)
			if err != nil {
				t.Fatalf("Apply(%d, %v) = %v, want nil (a legal choice)", s, c.Action, err)
			}
			if err := invariants(g); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
			if err := eventsOK(g, evs); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
			if err := noLeak(g, r, 1); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
		}
	})
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
