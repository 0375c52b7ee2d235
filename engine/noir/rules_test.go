package noir

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"tablemaster/engine"
)

// One test per rule of rules/noir.md, sections NG and NC. Positions are
// reached by Apply with a physical deck (the test enters every draw), so
// each test reads as a game; the few that need an unusual position say so.

// rowGone plays from standard() until the whole first row is dead and has
// left the grid (NG-4, NC-15): the Killer kills ♠2 and ♠3 from B2, shifts
// row 2 right twice to reach D2, then kills ♠4 and ♠5. The Inspector passes
// by arresting their own identity. The Inspector is to move.
//
//	    A    B    C    D    E
//	1  ♠9   ♠10  ♠6   ♠7   ♠8
//	2  ♠J   ♠Q   ♣A   ♣2   ♣3
//	3  ♣4   ♣5   ♣6   ♣7   ♣8
//	4  ♣9   ♣10  ♣J   ♣Q   Joker
func rowGone(t testing.TB, cfg Config) (*Game, []engine.Event) {
	t.Helper()
	g := standard(t, cfg)
	play(t, g, "kill ♠2", "arrest ♣Q", "kill ♠3", "arrest ♣Q", "shift row 2 right", "arrest ♣Q",
		"shift row 2 right", "arrest ♣Q", "kill ♠4", "arrest ♣Q")
	return g, play(t, g, "kill ♠5")
}

// emptyDeck plays from standard() until the deck is empty: the Killer
// disguises with every card left, the Inspector passes.
func emptyDeck(t testing.TB) *Game {
	t.Helper()
	g := standard(t, physical)
	for len(g.deck) > 0 {
		play(t, g, "disguise", "drew "+g.ename(g.deck[0]), "arrest ♣Q")
	}
	return g
}

// NG-1
func TestNG1GridAndCellNames(t *testing.T) {
	g := New(Config{}, 1)
	if p := pub(g); len(p.Grid) != 5 || len(p.Grid[0]) != 5 || !reflect.DeepEqual(p.Cols, []string{"A", "B", "C", "D", "E"}) {
		t.Fatalf("PublicView grid %d×%d cols %v, want 5×5 A–E", len(p.Grid), len(p.Grid[0]), p.Cols)
	}
	if g.Seats() != 2 {
		t.Errorf("Seats() = %d, want 2", g.Seats())
	}
	for _, tc := range []struct{ cell, suspect string }{
		{"A1", "♠A"}, {"E1", "♠5"}, {"B3", "♠Q"}, {"C3", "♣A"}, {"A5", "♣9"}, {"E5", "Joker"},
	} {
		t.Run(tc.cell, func(t *testing.T) {
			if c := at(t, g, tc.cell); c.Suspect != tc.suspect || c.Cell != tc.cell {
				t.Errorf("cell %s = %+v, want %s", tc.cell, c, tc.suspect)
			}
			for _, typed := range []string{"kill " + tc.cell, "KILL " + strings.ToLower(tc.cell)} {
				if a, err := g.Decode(Killer, typed); err != nil || string(a) != "kill "+tc.suspect {
					t.Errorf("Decode(%v) = %v, %v, want kill %v", typed, a, err, tc.suspect)
				}
			}
		})
	}
}

// NG-2
func TestNG2Neighbours(t *testing.T) {
	for _, tc := range []struct {
		name, identity string
		want           []string
	}{
		{"corner A1", "♥A", []string{"♠2", "♠6", "♠7"}},
		{"corner E1", "♥5", []string{"♠4", "♠9", "♠10"}},
		{"corner A5", "♦9", []string{"♣4", "♣5", "♣10"}},
		{"corner E5", "Joker", []string{"♣7", "♣8", "♣Q"}},
		{"edge C1", "♥3", []string{"♠2", "♠4", "♠7", "♠8", "♠9"}},
		{"edge A3", "♥J", []string{"♠6", "♠7", "♠Q", "♣4", "♣5"}},
		{"centre C3", "♦A", []string{"♠7", "♠8", "♠9", "♠Q", "♣2", "♣5", "♣6", "♣7"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := New(physical, 1)
			apply(t, g, Killer, "drew "+tc.identity)
			var want []string
			for _, s := range tc.want {
				want = append(want, "kill "+s)
			}
			if got := actions(g.Legal(Killer)); !reflect.DeepEqual(got, want) {
				t.Errorf("Apply(drew %v); Legal = %v, want %v", tc.identity, got, want)
			}
			// The view marks the same cells.
			near := 0
			for _, row := range view(g, Killer).Grid {
				for _, c := range row {
					if c.Near {
						near++
					}
				}
			}
			if near != len(tc.want) {
				t.Errorf("Apply(drew %v): View marks %d cells near, want %d", tc.identity, near, len(tc.want))
			}
		})
	}
	t.Run("no wrap", func(t *testing.T) {
		gr := NewGrid(5, 5, seq(25))
		for _, pair := range [][2]int{{0, 4}, {0, 20}, {0, 24}, {4, 20}, {2, 22}, {10, 14}} {
			if gr.Adjacent(pair[0], pair[1]) || gr.Adjacent(pair[1], pair[0]) {
				t.Errorf("Adjacent(%d, %d) = true, want false: the grid does not wrap", pair[0], pair[1])
			}
		}
		if gr.Adjacent(12, 12) {
			t.Errorf("Adjacent(12, 12) = true, want false: a suspect is not its own neighbour")
		}
	})
}

func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// NG-3
func TestNG3ShiftWraps(t *testing.T) {
	for _, tc := range []struct {
		shift  string
		line   int // row (0-based) or, for columns, -1-col
		want   []string
		deadAt string
		killer string // the Killer's identity cell afterwards
	}{
		{"shift row 1 left", 0, []string{"♠2", "♠3", "♠4", "♠5", "♠A"}, "E1", "B2"},
		{"shift row 1 right", 0, []string{"♠5", "♠A", "♠2", "♠3", "♠4"}, "B1", "B2"},
		{"shift row 2 left", 1, []string{"♠7", "♠8", "♠9", "♠10", "♠6"}, "A1", "A2"},
		{"shift row 2 right", 1, []string{"♠10", "♠6", "♠7", "♠8", "♠9"}, "A1", "C2"},
		{"shift col A up", -1, []string{"♠6", "♠J", "♣4", "♣9", "♠A"}, "A5", "B2"},
		{"shift col A down", -1, []string{"♣9", "♠A", "♠6", "♠J", "♣4"}, "A2", "B2"},
		{"shift col B down", -2, []string{"♣10", "♠2", "♠7", "♠Q", "♣5"}, "A1", "B3"},
		{"shift col E up", -5, []string{"♠10", "♣3", "♣8", "Joker", "♠5"}, "A1", "B2"},
	} {
		t.Run(tc.shift, func(t *testing.T) {
			g := standard(t, physical)
			evs := apply(t, g, Killer, tc.shift)
			var got []string
			for i, row := range layout(g) {
				if tc.line >= 0 && i == tc.line {
					got = row
				}
				if tc.line < 0 {
					got = append(got, row[-1-tc.line])
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Apply(%v): line = %v, want %v", tc.shift, got, tc.want)
			}
			// The kill chip on ♠A travels with the card.
			if c := at(t, g, tc.deadAt); c.Suspect != "♠A" || !c.Dead {
				t.Errorf("Apply(%v): %s = %+v, want the dead ♠A", tc.shift, tc.deadAt, c)
			}
			if id := view(g, Killer).Identity; id.Cell != tc.killer {
				t.Errorf("Apply(%v): Killer's identity at %v, want %v", tc.shift, id.Cell, tc.killer)
			}
			if _, ok := find(evs, "noir.ev.shift"); !ok {
				t.Errorf("Apply(%v) = %v, want a public noir.ev.shift", tc.shift, evs)
			}
			if _, ok := find(evs, "noir.do.shift"); !ok {
				t.Errorf("Apply(%v) = %v, want the table instruction noir.do.shift", tc.shift, evs)
			}
		})
	}
	t.Run("innocent marker travels", func(t *testing.T) {
		g := standard(t, physical)
		play(t, g, "disguise", "drew ♥8") // ♠7 (B2) becomes innocent; the Killer is ♠8 (C2)
		apply(t, g, Inspector, "shift row 2 left")
		if c := at(t, g, "A2"); c.Suspect != "♠7" || !c.Innocent || c.Evidence != "♥7" || c.Dead {
			t.Errorf("Apply(shift row 2 left): A2 = %+v, want the innocent ♠7 with ♥7 on it", c)
		}
		if c := at(t, g, "E2"); c.Suspect != "♠6" {
			t.Errorf("Apply(shift row 2 left): E2 = %+v, want ♠6 wrapped round", c)
		}
		if id := view(g, Killer).Identity; id.Suspect != "♠8" || id.Cell != "B2" {
			t.Errorf("Apply(shift row 2 left): Killer's identity = %+v, want ♠8 at B2", id)
		}
	})
}

// NG-4
func TestNG4GridShrinks(t *testing.T) {
	t.Run("row leaves, rows renamed", func(t *testing.T) {
		g, evs := rowGone(t, physical)
		want := [][]string{
			{"♠9", "♠10", "♠6", "♠7", "♠8"},
			{"♠J", "♠Q", "♣A", "♣2", "♣3"},
			{"♣4", "♣5", "♣6", "♣7", "♣8"},
			{"♣9", "♣10", "♣J", "♣Q", "Joker"},
		}
		if got := layout(g); !reflect.DeepEqual(got, want) {
			t.Fatalf("Apply(kill ♠5): grid = %v, want %v", got, want)
		}
		if e, ok := find(evs, "noir.ev.removed"); !ok || e.Args["cards"] != "♠A ♠2 ♠3 ♠4 ♠5" {
			t.Errorf("Apply(kill ♠5) = %v, want noir.ev.removed of ♠A ♠2 ♠3 ♠4 ♠5", evs)
		}
		if _, ok := find(evs, "noir.do.remove"); !ok {
			t.Errorf("Apply(kill ♠5) = %v, want the table instruction noir.do.remove", evs)
		}
		if c := at(t, g, "D1"); c.Suspect != "♠7" {
			t.Errorf("after the row left, D1 = %+v, want ♠7", c)
		}
		if id := view(g, Killer).Identity; id.Cell != "D1" {
			t.Errorf("Killer's identity at %v, want D1", id.Cell)
		}
		if id := view(g, Inspector).Identity; id.Cell != "D4" {
			t.Errorf("Inspector's identity at %v, want D4", id.Cell)
		}
		for _, tc := range []struct{ typed, want string }{
			{"arrest D4", "arrest ♣Q"}, {"kill a1", "kill ♠9"}, {"shift row 4 left", "shift row 4 left"},
		} {
			if a, err := g.Decode(Inspector, tc.typed); err != nil || string(a) != tc.want {
				t.Errorf("Decode(%v) = %v, %v, want %v", tc.typed, a, err, tc.want)
			}
		}
		refuse(t, g, Inspector, "arrest D5", engine.ErrNotation) // there is no row 5 any more
		refuse(t, g, Inspector, "shift row 5 left", engine.ErrIllegal)
		if got := withPrefix(g.Legal(Inspector), "shift row"); len(got) != 8 {
			t.Errorf("Legal row shifts = %v, want 8 (4 rows × 2)", got)
		}
	})
	for _, tc := range []struct {
		name       string
		gone       []int
		rows, cols int
		want       []int
		removed    []int
	}{
		{"column C", []int{2, 7, 12, 17, 22}, 5, 4,
			[]int{0, 1, 3, 4, 5, 6, 8, 9, 10, 11, 13, 14, 15, 16, 18, 19, 20, 21, 23, 24}, []int{2, 7, 12, 17, 22}},
		{"row 3 and column E", []int{10, 11, 12, 13, 14, 4, 9, 19, 24}, 4, 4,
			[]int{0, 1, 2, 3, 5, 6, 7, 8, 15, 16, 17, 18, 20, 21, 22, 23}, []int{4, 9, 10, 11, 12, 13, 14, 19, 24}},
		{"nearly full line stays", []int{0, 1, 2, 3, 5, 10, 15}, 5, 5, seq(25), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gr := NewGrid(5, 5, seq(25))
			gone := map[int]bool{}
			for _, id := range tc.gone {
				gone[id] = true
			}
			removed, _, _ := gr.RemoveFull(func(id int) bool { return gone[id] })
			if gr.Rows() != tc.rows || gr.Cols() != tc.cols || !reflect.DeepEqual(gr.cells, tc.want) ||
				!reflect.DeepEqual(removed, tc.removed) {
				t.Errorf("RemoveFull(%v) = %d×%d %v removed %v, want %d×%d %v removed %v",
					tc.gone, gr.Rows(), gr.Cols(), gr.cells, removed, tc.rows, tc.cols, tc.want, tc.removed)
			}
		})
	}
}

// NG-5
func TestNG5SuspectStates(t *testing.T) {
	g := standard(t, physical)
	// ♠2 dead; ♠6 cleared (innocent, alive); a failed disguise lays ♥2 on
	// the dead ♠2 (innocent and dead).
	play(t, g, "kill ♠2", "clear", "drew ♥6", "clear ♥6", "disguise", "drew ♥2")
	for _, tc := range []struct {
		cell, suspect         string
		dead, innocent        bool
		evidence, description string
	}{
		{"A1", "♠A", true, false, "", "dead"},
		{"B1", "♠2", true, true, "♥2", "dead and innocent"},
		{"A2", "♠6", false, true, "♥6", "alive and innocent"},
		{"B2", "♠7", false, false, "", "alive"},
	} {
		t.Run(tc.description, func(t *testing.T) {
			c := at(t, g, tc.cell)
			if c.Suspect != tc.suspect || c.Dead != tc.dead || c.Innocent != tc.innocent || c.Evidence != tc.evidence {
				t.Errorf("%s = %+v, want %s dead=%v innocent=%v evidence %q", tc.cell, c, tc.suspect, tc.dead, tc.innocent, tc.evidence)
			}
		})
	}
	t.Run("removed", func(t *testing.T) {
		g, _ := rowGone(t, physical)
		p := pub(g)
		if !reflect.DeepEqual(p.Removed, []string{"♠A", "♠2", "♠3", "♠4", "♠5"}) {
			t.Errorf("Removed = %v, want ♠A–♠5", p.Removed)
		}
		if g.grid.Contains(id(t, "♠A", false)) {
			t.Errorf("♠A is still on the grid")
		}
		if p.Kills != 5 {
			t.Errorf("Kills = %d, want 5 (removed dead suspects stay dead)", p.Kills)
		}
	})
}

// NG-6
func TestNG6AnswersFromTheGridNow(t *testing.T) {
	for _, tc := range []struct {
		name   string
		killer string // the Killer's move before the Inspector clears ♠J (A3)
		want   string
	}{
		{"♠J next to the Killer at B2", "shift row 4 left", "@noir.yes"},
		{"Killer shifted away to C2", "shift row 2 right", "@noir.no"},
		{"Killer shifted to A2", "shift row 2 left", "@noir.yes"},
		{"♠J shifted away to A4", "shift col A down", "@noir.no"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := standard(t, physical)
			evs := play(t, g, tc.killer, "clear", "drew ♥J", "clear ♥J")
			e, ok := find(evs, "noir.ev.ask_killer")
			if !ok || e.Args["answer"] != tc.want || e.Args["suspect"] != "♠J" || !e.IsPublic() {
				t.Errorf("Apply(clear ♥J) = %v, want a public answer %v", evs, tc.want)
			}
		})
	}
}

// NC-1
func TestNC1Cards(t *testing.T) {
	for _, tc := range []struct {
		id              int
		suspect, ev     string
		kings, evKings  string
		typed, typedEv  string
		typedK, typedKE string
	}{
		{0, "♠A", "♥A", "♠A", "♥A", "SA", "ha", "s1", "1H"},
		{9, "♠10", "♥10", "♠10", "♥10", "S10", "h10", "10S", "♡10"},
		{11, "♠Q", "♥Q", "♠Q", "♥Q", "SQ", "HQ", "s12", "QH"},
		{12, "♣A", "♦A", "♣A", "♦A", "CA", "DA", "♧A", "♢A"},
		{23, "♣Q", "♦Q", "♣Q", "♦Q", "CQ", "dq", "c12", "♦12"},
		{24, "Joker", "Joker", "♠K", "♥K", "joker", "JK", "SK", "HK"},
	} {
		t.Run(tc.suspect, func(t *testing.T) {
			for _, c := range []struct {
				got, want string
			}{
				{SuspectName(tc.id, false), tc.suspect}, {EvidenceName(tc.id, false), tc.ev},
				{SuspectName(tc.id, true), tc.kings}, {EvidenceName(tc.id, true), tc.evKings},
			} {
				if c.got != c.want {
					t.Errorf("name of %d = %q, want %q", tc.id, c.got, c.want)
				}
			}
			for _, c := range []struct {
				text  string
				kings bool
			}{{tc.typed, false}, {tc.typedEv, false}, {tc.typedK, true}, {tc.typedKE, true},
				{tc.suspect, false}, {tc.ev, false}, {tc.kings, true}, {tc.evKings, true}} {
				if n, _, ok := parseCard(c.text, c.kings); !ok || n != tc.id {
					t.Errorf("parseCard(%q, kings=%v) = %d, %v, want %d", c.text, c.kings, n, ok, tc.id)
				}
			}
		})
	}
	t.Run("25 suspects, 25 evidence cards", func(t *testing.T) {
		for _, kings := range []bool{false, true} {
			g := New(Config{Kings: kings}, 3)
			seen := map[string]bool{}
			for _, row := range pub(g).Grid {
				for _, c := range row {
					seen[c.Suspect] = true
				}
			}
			if len(seen) != 25 {
				t.Errorf("kings=%v: %d distinct suspects on the grid, want 25", kings, len(seen))
			}
			if len(g.deck) != 25 {
				t.Errorf("kings=%v: deck of %d, want 25", kings, len(g.deck))
			}
		}
	})
	t.Run("kings option names", func(t *testing.T) {
		g := New(Config{Kings: true}, 1)
		if c := at(t, g, "E5"); c.Suspect != "♠K" {
			t.Errorf("E5 = %+v, want ♠K", c)
		}
		for _, typed := range []string{"kill ♠K", "kill SK", "kill E5"} {
			if a, err := g.Decode(Killer, typed); err != nil || a != "kill ♠K" {
				t.Errorf("Decode(%v) = %v, %v, want kill ♠K", typed, a, err)
			}
		}
		for _, typed := range []string{"kill Joker", "kill ♣K", "keep ♦K"} {
			if _, err := g.Decode(Killer, typed); !errors.Is(err, engine.ErrNotation) {
				t.Errorf("Decode(%v) = %v, want %v", typed, err, engine.ErrNotation)
			}
		}
		plain := New(Config{}, 1)
		if _, err := plain.Decode(Killer, "kill ♠K"); !errors.Is(err, engine.ErrNotation) {
			t.Errorf("Decode(kill ♠K) without kings = %v, want %v", err, engine.ErrNotation)
		}
		k := New(Config{Kings: true, Deck: Physical}, 1)
		apply(t, k, Killer, "drew ♥K")
		if id := view(k, Killer).Identity; id.Evidence != "♥K" || id.Suspect != "♠K" || id.Cell != "E5" {
			t.Errorf("Apply(drew ♥K): identity = %+v, want ♥K → ♠K at E5", id)
		}
	})
}

// NC-2
func TestNC2Layout(t *testing.T) {
	ordered := [][]string{
		{"♠A", "♠2", "♠3", "♠4", "♠5"},
		{"♠6", "♠7", "♠8", "♠9", "♠10"},
		{"♠J", "♠Q", "♣A", "♣2", "♣3"},
		{"♣4", "♣5", "♣6", "♣7", "♣8"},
		{"♣9", "♣10", "♣J", "♣Q", "Joker"},
	}
	t.Run("ordered", func(t *testing.T) {
		for _, seed := range []uint64{0, 1, 99} {
			if got := layout(New(Config{}, seed)); !reflect.DeepEqual(got, ordered) {
				t.Errorf("New(ordered, %d) layout = %v, want %v", seed, got, ordered)
			}
		}
	})
	t.Run("shuffled", func(t *testing.T) {
		a := layout(New(Config{Layout: Shuffled}, 7))
		if !reflect.DeepEqual(a, layout(New(Config{Layout: Shuffled}, 7))) {
			t.Errorf("New(shuffled, 7) gives two layouts")
		}
		if reflect.DeepEqual(a, ordered) {
			t.Errorf("New(shuffled, 7) = the ordered layout")
		}
		if reflect.DeepEqual(a, layout(New(Config{Layout: Shuffled}, 8))) {
			t.Errorf("seeds 7 and 8 give the same shuffled layout")
		}
		seen := map[string]bool{}
		for _, row := range a {
			for _, s := range row {
				seen[s] = true
			}
		}
		if len(seen) != 25 {
			t.Errorf("shuffled layout %v holds %d suspects, want 25", a, len(seen))
		}
	})
}

// NC-3
func TestNC3KillChips(t *testing.T) {
	g := standard(t, physical)
	if p := pub(g); p.KillsToWin != 16 || p.Kills != 1 {
		t.Errorf("PublicView kills %d of %d, want 1 of 16", p.Kills, p.KillsToWin)
	}
	evs := play(t, g, "kill ♠8")
	if p := pub(g); p.Kills != 2 {
		t.Errorf("Apply(kill ♠8): Kills = %d, want 2", p.Kills)
	}
	if e, ok := find(evs, "noir.do.kill"); !ok || !e.Table || e.Args["suspect"] != "♠8" {
		t.Errorf("Apply(kill ♠8) = %v, want a table instruction to put a chip on ♠8", evs)
	}
}

// NC-4
func TestNC4Deck(t *testing.T) {
	t.Run("virtual", func(t *testing.T) {
		g := New(Config{}, 1)
		if got := actions(g.Legal(Killer)); !reflect.DeepEqual(got, []string{"draw"}) {
			t.Errorf("Legal = %v, want [draw]", got)
		}
		err := refuse(t, g, Killer, "drew ♥7", engine.ErrIllegal)
		if msgKey(err) != "noir.err.virtual_deck" {
			t.Errorf("Apply(drew ♥7) = %v, want noir.err.virtual_deck", err)
		}
	})
	t.Run("physical", func(t *testing.T) {
		g := New(physical, 1)
		if got := withPrefix(g.Legal(Killer), "drew "); len(got) != 25 {
			t.Errorf("Legal = %v, want 25 drew choices", got)
		}
		if err := refuse(t, g, Killer, "draw", engine.ErrIllegal); msgKey(err) != "noir.err.enter_draw" {
			t.Errorf("Apply(draw) = %v, want noir.err.enter_draw", err)
		}
		evs := play(t, g, "drew ♥7")
		if e, ok := find(evs, "noir.ev.drew_physical"); !ok || !e.IsPublic() || strings.Contains(e.Args["role"], "♥") {
			t.Errorf("Apply(drew ♥7) = %v, want a public noir.ev.drew_physical that names no card", evs)
		}
		if pub(g).Deck != 24 {
			t.Errorf("Apply(drew ♥7): deck %d, want 24", pub(g).Deck)
		}
		play(t, g, "kill ♠8")
		// The Inspector is offered ♥7: they cannot know the Killer holds
		// it (TestNC4PhysicalBadEntry covers what entering it does).
		if !contains2(actions(g.Legal(Inspector)), "drew ♥7") {
			t.Errorf("Legal(Inspector) = %v, want drew ♥7 offered", actions(g.Legal(Inspector)))
		}
		play(t, g, "drew ♦Q", "drew ♦9")
		if got := withPrefix(g.Legal(Inspector), "drew "); len(got) != 23 || contains2(got, "drew ♦Q") {
			t.Errorf("Legal(Inspector) = %v, want the 23 cards not drawn by the Inspector", got)
		}
		refuse(t, g, Inspector, "drew ♦Q", engine.ErrIllegal)
		evs = play(t, g, "drew ♦10", "drew ♦J")
		if e, ok := find(evs, "noir.pv.drew_four"); !ok || !reflect.DeepEqual(e.To, []engine.Seat{Inspector}) ||
			e.Args["cards"] != "♦Q ♦9 ♦10 ♦J" {
			t.Errorf("Apply(drew ♦J) = %v, want the four cards told to the Inspector only", evs)
		}
		if _, ok := find(evs, "noir.ev.drew_four"); !ok {
			t.Errorf("Apply(drew ♦J) = %v, want noir.ev.drew_four", evs)
		}
	})
}

func contains2(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// NC-5
func TestNC5KillerFirstRound(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3, 4, 5} {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			g := New(Config{Layout: Shuffled}, seed)
			top := g.deck[len(g.deck)-1]
			evs := apply(t, g, Killer, "draw")
			v := view(g, Killer)
			if v.Identity == nil || v.Identity.Evidence != g.ename(top) {
				t.Fatalf("Apply(draw): identity = %+v, want %s, the top card", v.Identity, g.ename(top))
			}
			if view(g, Inspector).Identity != nil || pub(g).KillerIdentity != nil {
				t.Errorf("Apply(draw): the identity is shown beyond the Killer")
			}
			e, ok := find(evs, "noir.pv.identity")
			if !ok || !reflect.DeepEqual(e.To, []engine.Seat{Killer}) {
				t.Errorf("Apply(draw) = %v, want noir.pv.identity told to the Killer only", evs)
			}
			if g.Phase() != KillerFirstKill || g.Turn() != Killer {
				t.Errorf("Apply(draw): phase %v turn %v, want killer-first-kill, Killer", g.Phase(), g.Turn())
			}
			var want []string
			for _, n := range g.grid.Neighbours(top) {
				want = append(want, "kill "+g.sname(n))
			}
			if got := actions(g.Legal(Killer)); !reflect.DeepEqual(got, want) {
				t.Errorf("Legal = %v, want the neighbours %v", got, want)
			}
			refuse(t, g, Killer, "kill "+g.sname(top), engine.ErrIllegal)
			refuse(t, g, Killer, "shift row 1 left", engine.ErrIllegal)
			apply(t, g, Killer, want[0])
			if g.Phase() != InspectorDraw || g.Turn() != Inspector {
				t.Errorf("Apply(%v): phase %v turn %v, want inspector-draw, Inspector", want[0], g.Phase(), g.Turn())
			}
		})
	}
}

// NC-6
func TestNC6InspectorFirstRound(t *testing.T) {
	g := New(physical, 1)
	play(t, g, "drew ♥7", "kill ♠A", "drew ♥A", "drew ♦Q", "drew ♦9", "drew ♦10")
	if got, want := actions(g.Legal(Inspector)), []string{"keep ♦Q", "keep ♦9", "keep ♦10"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Legal = %v, want %v (♥A names the dead ♠A)", got, want)
	}
	if d := view(g, Inspector).Drawn; len(d) != 4 {
		t.Errorf("View(Inspector).Drawn = %v, want the four cards", d)
	}
	for _, tc := range []struct{ action, key string }{
		{"keep ♥A", "noir.err.keep_dead"},
		{"keep ♦J", "noir.err.not_drawn"},
		{"arrest ♣Q", "noir.err.wrong_action"},
	} {
		t.Run(tc.action, func(t *testing.T) {
			if err := refuse(t, g, Inspector, tc.action, engine.ErrIllegal); msgKey(err) != tc.key {
				t.Errorf("Apply(%v) = %v, want %v", tc.action, err, tc.key)
			}
		})
	}
	evs := apply(t, g, Inspector, "keep ♦Q")
	v := view(g, Inspector)
	if v.Identity == nil || v.Identity.Suspect != "♣Q" || len(v.Hand) != 3 || len(v.Drawn) != 0 {
		t.Errorf("Apply(keep ♦Q): view %+v, want identity ♣Q and a hand of 3", v)
	}
	if pub(g).HandSize != 3 || view(g, Killer).Identity.Suspect != "♠7" || pub(g).InspectorIdentity != nil {
		t.Errorf("Apply(keep ♦Q): public %+v", pub(g))
	}
	if e, ok := find(evs, "noir.pv.kept"); !ok || !reflect.DeepEqual(e.To, []engine.Seat{Inspector}) {
		t.Errorf("Apply(keep ♦Q) = %v, want noir.pv.kept to the Inspector only", evs)
	}
	if g.Phase() != Play || g.Turn() != Killer || pub(g).TurnNo != 3 {
		t.Errorf("Apply(keep ♦Q): phase %v turn %v turn no %d, want play, Killer, 3", g.Phase(), g.Turn(), pub(g).TurnNo)
	}
	t.Run("virtual", func(t *testing.T) {
		g := New(Config{}, 9)
		apply(t, g, Killer, "draw")
		apply(t, g, Killer, string(g.Legal(Killer)[0].Action))
		apply(t, g, Inspector, "draw")
		if d := view(g, Inspector).Drawn; len(d) != 4 || pub(g).Deck != 20 {
			t.Errorf("Apply(draw): drawn %v deck %d, want 4 cards and 20 left", d, pub(g).Deck)
		}
	})
}

// NC-7
func TestNC7ShiftRules(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rule  ShiftRule
		moves []string
		probe string // by the seat to move after moves
		key   string // the refusal, or "" if the shift is allowed
		turn  string // the earlier turn the refusal names
	}{
		{"no-repeat: undo the opponent's shift", NoRepeat, []string{"shift row 1 left"}, "shift row 1 right", "noir.err.repeat", "1"},
		{"no-repeat: undo own shift after a pass", NoRepeat, []string{"shift row 1 left", "arrest ♣Q"}, "shift row 1 right", "noir.err.repeat", "1"},
		{"no-repeat: position of a later turn", NoRepeat, []string{"shift row 1 left", "shift row 3 left", "shift row 1 right"}, "shift row 1 left", "noir.err.repeat", "4"},
		{"no-repeat: four shifts round a row", NoRepeat, []string{"shift row 1 left", "shift row 1 left", "shift row 1 left", "shift row 1 left"}, "shift row 1 left", "noir.err.repeat", "1"},
		{"no-repeat: a kill makes a new position", NoRepeat, []string{"shift row 1 left", "arrest ♣Q", "kill ♠8", "arrest ♣Q"}, "shift row 1 right", "", ""},
		{"no-repeat: a clear makes a new position", NoRepeat, []string{"shift row 1 left", "clear", "drew ♥2", "clear ♥2"}, "shift row 1 right", "", ""},
		{"no-undo: undo the opponent's shift", NoUndo, []string{"shift row 1 left"}, "shift row 1 right", "noir.err.undo_shift", ""},
		{"no-undo: undo own shift", NoUndo, []string{"shift row 1 left", "arrest ♣Q"}, "shift row 1 right", "", ""},
		{"no-undo: undo an older shift", NoUndo, []string{"shift row 1 left", "arrest ♣Q", "shift row 2 left"}, "shift row 1 right", "", ""},
		{"no-undo: same shift again", NoUndo, []string{"shift col C up"}, "shift col C up", "", ""},
		{"no-undo: four shifts round a row", NoUndo, []string{"shift row 1 left", "shift row 1 left", "shift row 1 left", "shift row 1 left"}, "shift row 1 left", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := standard(t, Config{ShiftRule: tc.rule})
			play(t, g, tc.moves...)
			s := g.Turn()
			offered := contains2(actions(g.Legal(s)), tc.probe)
			if tc.key == "" {
				if !offered {
					t.Errorf("Legal = %v, want %v offered", actions(g.Legal(s)), tc.probe)
				}
				apply(t, g, s, tc.probe)
				return
			}
			if offered {
				t.Errorf("Legal offers %v, want it left out (%v)", tc.probe, tc.key)
			}
			err := refuse(t, g, s, tc.probe, engine.ErrIllegal)
			if msgKey(err) != tc.key {
				t.Errorf("Apply(%v) = %v, want %v", tc.probe, err, tc.key)
			}
			var me *engine.MsgError
			if errors.As(err, &me) && tc.turn != "" && me.Msg.Args["turn"] != tc.turn {
				t.Errorf("Apply(%v) = %v, want it to name turn %v", tc.probe, err, tc.turn)
			}
		})
	}
}

// NC-7, no-undo: a shift after which a line left the grid cannot be
// undone (the line does not come back), so the next shift is free.
func TestNC7NoUndoAfterALineLeft(t *testing.T) {
	// Unusual position: row 1 is dead but for ♠5 (E1), and ♠10 (E2) is
	// dead: shifting column E up completes row 1, which leaves.
	g := standard(t, Config{Deck: Physical, ShiftRule: NoUndo})
	for _, n := range []string{"♠2", "♠3", "♠4", "♠10"} {
		g.dead[id(t, n, false)] = true
		g.kills++
	}
	apply(t, g, Killer, "shift col E up")
	if g.grid.Rows() != 4 {
		t.Fatalf("Apply(shift col E up): %d rows, want 4", g.grid.Rows())
	}
	if !contains2(actions(g.Legal(Inspector)), "shift col E down") {
		t.Errorf("Legal = %v, want shift col E down offered", actions(g.Legal(Inspector)))
	}
	apply(t, g, Inspector, "shift col E down")
}

// NC-8
func TestNC8Disguise(t *testing.T) {
	t.Run("suspect dead", func(t *testing.T) {
		g := standard(t, physical)
		evs := play(t, g, "disguise", "drew ♥A")
		e, ok := find(evs, "noir.ev.disguise_dead")
		if !ok || !e.IsPublic() || e.Args["card"] != "♥A" {
			t.Errorf("Apply(drew ♥A) = %v, want a public noir.ev.disguise_dead", evs)
		}
		if c := at(t, g, "A1"); !c.Dead || !c.Innocent || c.Evidence != "♥A" {
			t.Errorf("A1 = %+v, want ♠A dead and innocent under ♥A", c)
		}
		if id := view(g, Killer).Identity; id.Suspect != "♠7" {
			t.Errorf("identity = %+v, want ♠7 unchanged", id)
		}
		if _, asked := find(evs, "noir.ev.ask_inspector"); asked {
			t.Errorf("Apply(drew ♥A) = %v, want nothing asked", evs)
		}
		if g.Turn() != Inspector || g.Phase() != Play {
			t.Errorf("Apply(drew ♥A): turn %v phase %v, want the Inspector's turn", g.Turn(), g.Phase())
		}
	})
	t.Run("suspect removed", func(t *testing.T) {
		g, _ := rowGone(t, physical)
		evs := play(t, g, "arrest ♣Q", "disguise", "drew ♥2")
		if _, ok := find(evs, "noir.ev.disguise_removed"); !ok {
			t.Errorf("Apply(drew ♥2) = %v, want noir.ev.disguise_removed", evs)
		}
		if p := pub(g); !reflect.DeepEqual(p.Discarded, []string{"♥2"}) {
			t.Errorf("Discarded = %v, want [♥2]", p.Discarded)
		}
		if id := view(g, Killer).Identity; id.Suspect != "♠7" {
			t.Errorf("identity = %+v, want ♠7 unchanged", id)
		}
	})
	t.Run("succeeded", func(t *testing.T) {
		g := standard(t, physical)
		evs := play(t, g, "disguise", "drew ♥8")
		e, ok := find(evs, "noir.ev.disguise_ok")
		if !ok || !e.IsPublic() || e.Args["suspect"] != "♠7" || e.Args["cell"] != "B2" || strings.Contains(e.Args["card"], "♥8") {
			t.Errorf("Apply(drew ♥8) = %v, want a public noir.ev.disguise_ok naming the old identity only", evs)
		}
		if e, ok := find(evs, "noir.pv.disguise"); !ok || !reflect.DeepEqual(e.To, []engine.Seat{Killer}) || e.Args["card"] != "♥8" {
			t.Errorf("Apply(drew ♥8) = %v, want noir.pv.disguise to the Killer", evs)
		}
		if c := at(t, g, "B2"); !c.Innocent || c.Evidence != "♥7" || c.Dead {
			t.Errorf("B2 = %+v, want ♠7 innocent under ♥7", c)
		}
		if id := view(g, Killer).Identity; id.Suspect != "♠8" || id.Cell != "C2" {
			t.Errorf("identity = %+v, want ♠8 at C2", id)
		}
		if pub(g).KillerIdentity != nil || strings.Contains(seatJSON(g, engine.Public), "♥8") {
			t.Errorf("the new identity shows in the public view")
		}
	})
	t.Run("virtual draws the top card", func(t *testing.T) {
		g := New(Config{}, 11)
		play(t, g, "draw")
		play(t, g, string(g.Legal(Killer)[0].Action), "draw")
		play(t, g, string(g.Legal(Inspector)[0].Action))
		top := g.deck[len(g.deck)-1]
		evs := play(t, g, "disguise")
		if _, ok := find(evs, "noir.ev.disguise"); !ok || pub(g).Deck != 19 {
			t.Errorf("Apply(disguise) = %v, deck %d, want the announcement and 19 left", evs, pub(g).Deck)
		}
		if !g.dead[top] && g.killer != top {
			t.Errorf("Apply(disguise): identity %s, want the top card %s", g.sname(g.killer), g.sname(top))
		}
	})
	t.Run("deck empty", func(t *testing.T) {
		g := emptyDeck(t)
		if contains2(actions(g.Legal(Killer)), "disguise") {
			t.Errorf("Legal = %v offers disguise with an empty deck", actions(g.Legal(Killer)))
		}
		if err := refuse(t, g, Killer, "disguise", engine.ErrIllegal); msgKey(err) != "noir.err.deck_empty" {
			t.Errorf("Apply(disguise) = %v, want noir.err.deck_empty", err)
		}
	})
}

// NC-9
func TestNC9Kill(t *testing.T) {
	g := standard(t, physical)
	want := []string{"kill ♠2", "kill ♠3", "kill ♠6", "kill ♠8", "kill ♠J", "kill ♠Q", "kill ♣A"}
	if got := withPrefix(g.Legal(Killer), "kill "); !reflect.DeepEqual(got, want) {
		t.Errorf("Legal kills = %v, want %v (living neighbours of B2)", got, want)
	}
	for _, tc := range []struct{ action, key string }{
		{"kill ♠7", "noir.err.kill_self"},
		{"kill B2", "noir.err.kill_self"},
		{"kill ♠A", "noir.err.already_dead"},
		{"kill ♠4", "noir.err.not_next"},
		{"kill ♣Q", "noir.err.not_next"},
	} {
		t.Run(tc.action, func(t *testing.T) {
			if err := refuse(t, g, Killer, tc.action, engine.ErrIllegal); msgKey(err) != tc.key {
				t.Errorf("Apply(%v) = %v, want %v", tc.action, err, tc.key)
			}
		})
	}
	err := refuse(t, g, Killer, "kill ♠4", engine.ErrIllegal)
	if want := "noir: ♠4 (D1) is not next to ♠7 (B2)"; err.Error() != want {
		t.Errorf("Apply(kill ♠4) = %q, want %q", err, want)
	}
	t.Run("kill B3", func(t *testing.T) {
		evs := apply(t, g.Clone(), Killer, "kill B3")
		if e, ok := find(evs, "noir.ev.kill"); !ok || e.Args["suspect"] != "♠Q" || e.Args["cell"] != "B3" {
			t.Errorf("Apply(kill B3) = %v, want ♠Q killed", evs)
		}
	})
	t.Run("removed", func(t *testing.T) {
		g, _ := rowGone(t, physical)
		apply(t, g, Inspector, "arrest ♣Q")
		if err := refuse(t, g, Killer, "kill ♠3", engine.ErrIllegal); msgKey(err) != "noir.err.removed" {
			t.Errorf("Apply(kill ♠3) = %v, want noir.err.removed", err)
		}
	})
	t.Run("not the Inspector's action", func(t *testing.T) {
		g := standard(t, physical)
		apply(t, g, Killer, "kill ♠2")
		if err := refuse(t, g, Inspector, "kill ♠8", engine.ErrIllegal); msgKey(err) != "noir.err.wrong_action" {
			t.Errorf("Apply(kill ♠8) = %v, want noir.err.wrong_action", err)
		}
	})
}

// NC-10
func TestNC10KillingTheInspectorWins(t *testing.T) {
	for _, tc := range []struct {
		keep, kill string
		over       bool
	}{
		{"♦A", "♣A", true},  // the Inspector is ♣A (C3), next to the Killer
		{"♦A", "♠Q", false}, // a neighbour of both, not the Inspector
		{"♦Q", "♣A", false},
	} {
		t.Run(tc.keep+" "+tc.kill, func(t *testing.T) {
			g := setup(t, Config{}, "♥7", "♠A", [4]string{tc.keep, "♦9", "♦10", "♦J"}, tc.keep)
			evs := apply(t, g, Killer, "kill "+tc.kill)
			o := g.Outcome()
			if o.Over != tc.over {
				t.Fatalf("Apply(kill %v) = %v, over %v, want %v", tc.kill, evs, o.Over, tc.over)
			}
			if tc.over && (!reflect.DeepEqual(o.Winners, []engine.Seat{Killer}) || o.Reason.Key != "noir.win.killed_inspector") {
				t.Errorf("Apply(kill %v): outcome %+v, want the Killer wins", tc.kill, o)
			}
		})
	}
}

// NC-11
func TestNC11KillingAnInnocent(t *testing.T) {
	for _, tc := range []struct {
		name, keep, clear, kill, want string
	}{
		{"innocent, Inspector near", "♦2", "♦A", "♣A", "@noir.yes"}, // ♣2 (D3) next to ♣A (C3)
		{"innocent, Inspector far", "♦Q", "♦A", "♣A", "@noir.no"},   // ♣Q (D5)
		{"not innocent", "♦2", "♦A", "♠8", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := setup(t, Config{}, "♥7", "♠A", [4]string{tc.keep, "♦9", "♦10", "♦J"}, tc.keep)
			play(t, g, "shift row 5 left", "clear", "drew "+tc.clear, "clear "+tc.clear)
			evs := apply(t, g, Killer, "kill "+tc.kill)
			e, asked := find(evs, "noir.ev.ask_inspector")
			if tc.want == "" {
				if asked {
					t.Errorf("Apply(kill %v) = %v, want nothing asked", tc.kill, evs)
				}
				return
			}
			if !asked || !e.IsPublic() || e.Args["answer"] != tc.want {
				t.Errorf("Apply(kill %v) = %v, want the public answer %v", tc.kill, evs, tc.want)
			}
		})
	}
}

// NC-12
func TestNC12Arrest(t *testing.T) {
	// The Inspector is ♣A (C3); the Killer ♠7 (B2) killed ♠8 (C2) and ♠2.
	start := func(t *testing.T) *Game {
		g := setup(t, Config{}, "♥7", "♠8", [4]string{"♦A", "♦9", "♦10", "♦J"}, "♦A")
		apply(t, g, Killer, "kill ♠2")
		return g
	}
	g := start(t)
	want := []string{"arrest ♣A", "arrest ♠7", "arrest ♠9", "arrest ♠Q", "arrest ♣2", "arrest ♣5", "arrest ♣6", "arrest ♣7"}
	if got := withPrefix(g.Legal(Inspector), "arrest "); !reflect.DeepEqual(got, want) {
		t.Errorf("Legal arrests = %v, want %v", got, want)
	}
	for _, tc := range []struct {
		action, key string // key: the event, or the refusal
	}{
		{"arrest ♣A", "noir.ev.arrest_no"},
		{"arrest C3", "noir.ev.arrest_no"},
		{"arrest ♠9", "noir.ev.arrest_no"},
		{"arrest ♠7", "noir.ev.arrest_yes"},
		{"arrest ♠8", "noir.err.arrest_dead"},
		{"arrest ♣Q", "noir.err.not_next"},
	} {
		t.Run(tc.action, func(t *testing.T) {
			g := start(t)
			if strings.HasPrefix(tc.key, "noir.err.") {
				if err := refuse(t, g, Inspector, tc.action, engine.ErrIllegal); msgKey(err) != tc.key {
					t.Errorf("Apply(%v) = %v, want %v", tc.action, err, tc.key)
				}
				return
			}
			evs := apply(t, g, Inspector, tc.action)
			e, ok := find(evs, tc.key)
			if !ok || !e.IsPublic() {
				t.Errorf("Apply(%v) = %v, want public %v", tc.action, evs, tc.key)
			}
			won := tc.key == "noir.ev.arrest_yes"
			if o := g.Outcome(); o.Over != won || (won && (o.Winners[0] != Inspector || o.Reason.Key != "noir.win.arrested")) {
				t.Errorf("Apply(%v): outcome %+v, want over=%v with the Inspector winning", tc.action, o, won)
			}
			if !won && (g.Turn() != Killer || g.Phase() != Play) {
				t.Errorf("Apply(%v): turn %v phase %v, want the Killer's turn", tc.action, g.Turn(), g.Phase())
			}
		})
	}
}

// NC-13
func TestNC13Clear(t *testing.T) {
	t.Run("draw, then choose", func(t *testing.T) {
		g := standard(t, physical)
		play(t, g, "kill ♠2")
		evs := apply(t, g, Inspector, "clear")
		if _, ok := find(evs, "noir.ev.clear"); !ok || g.Phase() != ClearDraw {
			t.Fatalf("Apply(clear) = %v, phase %v, want the announcement and clear-draw", evs, g.Phase())
		}
		evs = apply(t, g, Inspector, "drew ♥8")
		if e, ok := find(evs, "noir.pv.entered"); !ok || !reflect.DeepEqual(e.To, []engine.Seat{Inspector}) {
			t.Errorf("Apply(drew ♥8) = %v, want the card told to the Inspector only", evs)
		}
		want := []string{"clear ♦9", "clear ♦10", "clear ♦J", "clear ♥8"}
		if got := actions(g.Legal(Inspector)); !reflect.DeepEqual(got, want) {
			t.Errorf("Legal = %v, want %v", got, want)
		}
		if pub(g).HandSize != 4 || len(view(g, Inspector).Hand) != 4 {
			t.Errorf("hand of %d, want 4", pub(g).HandSize)
		}
		for _, tc := range []struct{ action, key string }{
			{"citizen ♦9", "noir.err.wrong_action"}, // the draw is made: no citizen's arrest
			{"shift row 1 left", "noir.err.wrong_action"},
			{"clear", "noir.err.wrong_action"},
			{"clear ♦Q", "noir.err.not_in_hand"},
		} {
			if err := refuse(t, g, Inspector, tc.action, engine.ErrIllegal); msgKey(err) != tc.key {
				t.Errorf("Apply(%v) = %v, want %v", tc.action, err, tc.key)
			}
		}
		evs = apply(t, g, Inspector, "clear ♦9") // ♣9 at A5, far from B2
		if e, ok := find(evs, "noir.ev.cleared"); !ok || !e.IsPublic() || e.Args["card"] != "♦9" {
			t.Errorf("Apply(clear ♦9) = %v, want the public noir.ev.cleared", evs)
		}
		if e, ok := find(evs, "noir.ev.ask_killer"); !ok || e.Args["answer"] != "@noir.no" {
			t.Errorf("Apply(clear ♦9) = %v, want the answer no", evs)
		}
		if c := at(t, g, "A5"); !c.Innocent || c.Evidence != "♦9" {
			t.Errorf("A5 = %+v, want ♣9 innocent", c)
		}
		if got := view(g, Inspector).Hand; len(got) != 3 || pub(g).HandSize != 3 || g.Turn() != Killer {
			t.Errorf("after clear: hand %v, turn %v, want 3 cards and the Killer's turn", got, g.Turn())
		}
	})
	t.Run("dead suspect", func(t *testing.T) {
		g := standard(t, physical)
		evs := play(t, g, "kill ♠2", "clear", "drew ♥2", "clear ♥2")
		if c := at(t, g, "B1"); !c.Dead || !c.Innocent || c.Evidence != "♥2" {
			t.Errorf("B1 = %+v, want ♠2 dead and innocent", c)
		}
		if e, ok := find(evs, "noir.ev.ask_killer"); !ok || e.Args["answer"] != "@noir.yes" {
			t.Errorf("Apply(clear ♥2) = %v, want the answer yes (B1 is next to B2)", evs)
		}
	})
	t.Run("removed suspect", func(t *testing.T) {
		g, _ := rowGone(t, physical)
		evs := play(t, g, "clear", "drew ♥3", "clear ♥3")
		if e, ok := find(evs, "noir.ev.clear_removed"); !ok || e.Args["card"] != "♥3" {
			t.Errorf("Apply(clear ♥3) = %v, want noir.ev.clear_removed", evs)
		}
		if _, asked := find(evs, "noir.ev.ask_killer"); asked {
			t.Errorf("Apply(clear ♥3) = %v, want nothing asked", evs)
		}
		if p := pub(g); !reflect.DeepEqual(p.Discarded, []string{"♥3"}) || p.HandSize != 3 {
			t.Errorf("Discarded %v hand %d, want [♥3] and 3", p.Discarded, p.HandSize)
		}
	})
	t.Run("virtual", func(t *testing.T) {
		g := New(Config{}, 4)
		play(t, g, "draw")
		play(t, g, string(g.Legal(Killer)[0].Action), "draw")
		play(t, g, string(g.Legal(Inspector)[0].Action), "shift row 5 left")
		top := g.deck[len(g.deck)-1]
		apply(t, g, Inspector, "clear")
		if g.Phase() != ClearChoose || !contains(g.hand, top) || len(g.Legal(Inspector)) != 4 {
			t.Errorf("Apply(clear): phase %v hand %v, want clear-choose with %s drawn", g.Phase(), g.hand, g.ename(top))
		}
	})
	t.Run("deck empty", func(t *testing.T) {
		g := emptyDeck(t)
		apply(t, g, Killer, killerMove(g))
		if contains2(actions(g.Legal(Inspector)), "clear") {
			t.Errorf("Legal = %v offers clear with an empty deck", actions(g.Legal(Inspector)))
		}
		if err := refuse(t, g, Inspector, "clear", engine.ErrIllegal); msgKey(err) != "noir.err.deck_empty" {
			t.Errorf("Apply(clear) = %v, want noir.err.deck_empty", err)
		}
	})
}

// NC-14
func TestNC14CitizensArrest(t *testing.T) {
	t.Run("show, then point", func(t *testing.T) {
		g := standard(t, physical)
		play(t, g, "kill ♠2")
		evs := apply(t, g, Inspector, "citizen ♦9") // ♣9 at A5
		if e, ok := find(evs, "noir.ev.citizen_card"); !ok || !e.IsPublic() || e.Args["left"] != "2" {
			t.Errorf("Apply(citizen ♦9) = %v, want the public card, 2 left", evs)
		}
		for _, e := range evs {
			if strings.HasPrefix(e.Key, "noir.ev.ask_") || e.Random {
				t.Errorf("Apply(citizen ♦9) = %v, want nothing asked and nothing drawn", evs)
			}
		}
		p := pub(g)
		if p.Citizen == nil || p.Citizen.Evidence != "♦9" || p.ArrestsLeft != 2 || p.HandSize != 2 || p.Deck != 20 {
			t.Errorf("public view %+v, want ♦9 shown, 2 arrests left, hand 2, deck 20 (nothing drawn)", p)
		}
		if c := at(t, g, "A5"); !c.Innocent {
			t.Errorf("A5 = %+v, want ♣9 innocent", c)
		}
		if got, want := actions(g.Legal(Inspector)), []string{"point ♣4", "point ♣5", "point ♣10"}; !reflect.DeepEqual(got, want) {
			t.Errorf("Legal = %v, want %v", got, want)
		}
		for _, tc := range []struct{ action, key string }{
			{"clear", "noir.err.wrong_action"}, // the card is shown: no Clear any more
			{"point ♣9", "noir.err.not_next"},
			{"point ♣Q", "noir.err.not_next"},
			{"arrest ♣Q", "noir.err.wrong_action"},
		} {
			if err := refuse(t, g, Inspector, tc.action, engine.ErrIllegal); msgKey(err) != tc.key {
				t.Errorf("Apply(%v) = %v, want %v", tc.action, err, tc.key)
			}
		}
		evs = apply(t, g, Inspector, "point B4")
		if e, ok := find(evs, "noir.ev.point_no"); !ok || e.Args["suspect"] != "♣5" {
			t.Errorf("Apply(point B4) = %v, want noir.ev.point_no for ♣5", evs)
		}
		if g.Turn() != Killer || pub(g).Citizen != nil {
			t.Errorf("after pointing: turn %v citizen %v, want the Killer's turn", g.Turn(), pub(g).Citizen)
		}
	})
	t.Run("point at the Killer", func(t *testing.T) {
		g := setup(t, Config{}, "♥7", "♠A", [4]string{"♦Q", "♥8", "♦10", "♦J"}, "♦Q")
		play(t, g, "kill ♠2", "citizen ♥8")
		evs := apply(t, g, Inspector, "point ♠7")
		if _, ok := find(evs, "noir.ev.point_yes"); !ok || g.Outcome().Reason.Key != "noir.win.arrested" {
			t.Errorf("Apply(point ♠7) = %v, outcome %+v, want the Inspector wins", evs, g.Outcome())
		}
	})
	t.Run("point at the dead", func(t *testing.T) {
		g := setup(t, Config{}, "♥7", "♠A", [4]string{"♦Q", "♥8", "♦10", "♦J"}, "♦Q")
		play(t, g, "kill ♠3", "citizen ♥8") // ♠8 at C2, next to the dead ♠3 (C1)
		if err := refuse(t, g, Inspector, "point ♠3", engine.ErrIllegal); msgKey(err) != "noir.err.arrest_dead" {
			t.Errorf("Apply(point ♠3) = %v, want noir.err.arrest_dead", err)
		}
	})
	t.Run("at most 3, needs a card", func(t *testing.T) {
		g := standard(t, physical)
		play(t, g, "kill ♠2", "citizen ♦9", "point ♣4", "kill ♠3", "citizen ♦10", "point ♣9",
			"kill ♠6", "citizen ♦J", "point ♣10", "kill ♠8")
		if p := pub(g); p.ArrestsLeft != 0 || p.HandSize != 0 {
			t.Fatalf("after three: %d left, hand %d, want 0 and 0", p.ArrestsLeft, p.HandSize)
		}
		if got := withPrefix(g.Legal(Inspector), "citizen"); len(got) != 0 {
			t.Errorf("Legal = %v, want no citizen's arrest", got)
		}
		if err := refuse(t, g, Inspector, "citizen ♦9", engine.ErrIllegal); msgKey(err) != "noir.err.no_citizens" {
			t.Errorf("Apply(citizen ♦9) = %v, want noir.err.no_citizens", err)
		}
		// Unusual positions: the hand never holds more than 3 between
		// turns, so three arrests always empty it; set each limit alone.
		h := g.Clone()
		h.hand, h.deck = h.deck[:1], h.deck[1:]
		if err := refuse(t, h, Inspector, "citizen "+h.ename(h.hand[0]), engine.ErrIllegal); msgKey(err) != "noir.err.no_citizens" {
			t.Errorf("Apply(citizen %v) with 0 left = %v, want noir.err.no_citizens", h.ename(h.hand[0]), err)
		}
		h = g.Clone()
		h.arrestsLeft = 1
		if err := refuse(t, h, Inspector, "citizen ♦9", engine.ErrIllegal); msgKey(err) != "noir.err.not_in_hand" {
			t.Errorf("Apply(citizen ♦9) with an empty hand = %v, want noir.err.not_in_hand", err)
		}
	})
	t.Run("removed card counts as one", func(t *testing.T) {
		g, _ := rowGone(t, physical)
		play(t, g, "clear", "drew ♥3", "clear ♦9", "shift row 2 left") // keeps ♥3, whose ♠3 left
		evs := apply(t, g, Inspector, "citizen ♥3")
		if _, ok := find(evs, "noir.ev.citizen_removed"); !ok {
			t.Errorf("Apply(citizen ♥3) = %v, want noir.ev.citizen_removed", evs)
		}
		p := pub(g)
		if p.ArrestsLeft != 2 || p.HandSize != 2 || !reflect.DeepEqual(p.Discarded, []string{"♥3"}) || p.Citizen != nil {
			t.Errorf("public view %+v, want 2 left, hand 2, ♥3 discarded", p)
		}
		if g.Turn() != Killer || g.Phase() != Play {
			t.Errorf("Apply(citizen ♥3): turn %v phase %v, want the turn over", g.Turn(), g.Phase())
		}
	})
	t.Run("decision: nobody alive to point at", func(t *testing.T) {
		// Unusual position: the neighbours of ♣9 (A5) are dead.
		g := standard(t, physical)
		apply(t, g, Killer, "kill ♠2")
		for _, n := range []string{"♣4", "♣5", "♣10"} {
			g.dead[id(t, n, false)] = true
			g.kills++
		}
		if contains2(actions(g.Legal(Inspector)), "citizen ♦9") {
			t.Errorf("Legal offers citizen ♦9 with no living neighbour to point at")
		}
		if err := refuse(t, g, Inspector, "citizen ♦9", engine.ErrIllegal); msgKey(err) != "noir.err.no_living_neighbour" {
			t.Errorf("Apply(citizen ♦9) = %v, want noir.err.no_living_neighbour", err)
		}
	})
}

// NC-15
func TestNC15FullLinesLeave(t *testing.T) {
	t.Run("after a kill", func(t *testing.T) {
		g, evs := rowGone(t, physical)
		if _, ok := find(evs, "noir.ev.removed"); !ok || g.grid.Rows() != 4 {
			t.Errorf("Apply(kill ♠5) = %v, grid %d rows, want row 1 removed", evs, g.grid.Rows())
		}
	})
	t.Run("after a kill, a column", func(t *testing.T) {
		// Unusual position: column A is dead but for ♠6 (A2).
		g := standard(t, physical)
		for _, n := range []string{"♠J", "♣4", "♣9"} {
			g.dead[id(t, n, false)] = true
			g.kills++
		}
		evs := apply(t, g, Killer, "kill ♠6")
		if e, ok := find(evs, "noir.ev.removed"); !ok || e.Args["cards"] != "♠A ♠6 ♠J ♣4 ♣9" {
			t.Errorf("Apply(kill ♠6) = %v, want column A removed", evs)
		}
		if g.grid.Cols() != 4 || at(t, g, "A2").Suspect != "♠7" {
			t.Errorf("after column A left: %v, want 4 columns with ♠7 at A2", layout(g))
		}
	})
	t.Run("after a shift", func(t *testing.T) {
		// Unusual position: row 1 is dead but for ♠5 (E1), and ♠10 (E2)
		// below it is dead: shifting column E up completes the row.
		g := standard(t, physical)
		for _, n := range []string{"♠2", "♠3", "♠4", "♠10"} {
			g.dead[id(t, n, false)] = true
			g.kills++
		}
		evs := apply(t, g, Killer, "shift col E up")
		if e, ok := find(evs, "noir.ev.removed"); !ok || e.Args["cards"] != "♠A ♠2 ♠3 ♠4 ♠10" {
			t.Errorf("Apply(shift col E up) = %v, want row 1 removed", evs)
		}
		if g.grid.Rows() != 4 || at(t, g, "E4").Suspect != "♠5" {
			t.Errorf("after the shift: %v, want 4 rows with ♠5 at E4", layout(g))
		}
	})
	t.Run("not after an arrest", func(t *testing.T) {
		g, _ := rowGone(t, physical)
		if evs := apply(t, g, Inspector, "arrest ♣Q"); len(evs) != 1 {
			t.Errorf("Apply(arrest ♣Q) = %v, want just the answer", evs)
		}
	})
}

// NC-16
func TestNC16SixteenKills(t *testing.T) {
	for _, cfg := range []Config{physical, {Deck: Physical, ShiftRule: NoUndo}} {
		t.Run(cfg.ShiftRule.String(), func(t *testing.T) {
			g := standard(t, cfg)
			var last []engine.Event
			for i := 0; i < 200 && !g.Outcome().Over; i++ {
				if g.Turn() == Inspector {
					apply(t, g, Inspector, "arrest ♣Q")
					continue
				}
				last = apply(t, g, Killer, killerMove(g))
			}
			o := g.Outcome()
			if !o.Over || o.Reason.Key != "noir.win.sixteen" || o.Winners[0] != Killer {
				t.Fatalf("outcome %+v after %d kills, want the Killer wins by 16 kills", o, g.kills)
			}
			p := pub(g)
			if p.Kills != 16 || len(p.Removed) == 0 {
				t.Errorf("kills %d removed %v, want 16 with removed dead ones counted", p.Kills, p.Removed)
			}
			if _, ok := find(last, "noir.win.sixteen"); !ok {
				t.Errorf("last Apply = %v, want noir.win.sixteen", last)
			}
		})
	}
}

// killerMove kills a living neighbour that is not the Inspector, or else
// takes the shift that gives the Killer the most victims.
func killerMove(g *Game) string {
	for _, c := range g.Legal(Killer) {
		if strings.HasPrefix(string(c.Action), "kill ") && !strings.HasSuffix(string(c.Action), " "+g.sname(g.insp)) {
			return string(c.Action)
		}
	}
	best, most := "", -1
	for _, c := range g.Legal(Killer) {
		if !strings.HasPrefix(string(c.Action), "shift ") {
			continue
		}
		h := g.Clone()
		h.Apply(Killer, c.Action)
		n := 0
		for _, v := range h.living(h.grid.Neighbours(h.killer)) {
			if v != h.insp {
				n++
			}
		}
		if n > most {
			best, most = string(c.Action), n
		}
	}
	return best
}

// NC-17
func TestNC17GameEnd(t *testing.T) {
	for _, tc := range []struct {
		name    string
		four    [4]string
		keep    string
		moves   []string
		winner  engine.Seat
		reason  string
		inspect string
	}{
		{"Killer kills the Inspector", [4]string{"♦A", "♦9", "♦10", "♦J"}, "♦A", []string{"kill ♣A"}, Killer, "noir.win.killed_inspector", "♣A"},
		{"Inspector arrests", [4]string{"♦A", "♦9", "♦10", "♦J"}, "♦A", []string{"kill ♠2", "arrest ♠7"}, Inspector, "noir.win.arrested", "♣A"},
		{"citizen's arrest", [4]string{"♦Q", "♦A", "♦10", "♦J"}, "♦Q", []string{"kill ♠2", "citizen ♦A", "point ♠7"}, Inspector, "noir.win.arrested", "♣Q"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := setup(t, Config{}, "♥7", "♠A", tc.four, tc.keep)
			before := pub(g)
			if before.KillerIdentity != nil || before.InspectorIdentity != nil {
				t.Fatalf("identities public before the end")
			}
			evs := play(t, g, tc.moves...)
			o := g.Outcome()
			if !o.Over || o.Winners[0] != tc.winner || o.Reason.Key != tc.reason {
				t.Fatalf("Apply(%v): outcome %+v, want %v wins by %v", tc.moves, o, tc.winner, tc.reason)
			}
			e, ok := find(evs, "noir.ev.reveal")
			if !ok || !e.IsPublic() || e.Args["killer"] != "♠7" || e.Args["inspector"] != tc.inspect {
				t.Errorf("Apply(%v) = %v, want both identities revealed", tc.moves, evs)
			}
			p := pub(g)
			if p.KillerIdentity == nil || p.KillerIdentity.Suspect != "♠7" || p.InspectorIdentity == nil ||
				p.InspectorIdentity.Suspect != tc.inspect || !p.Over || p.Winner != tc.winner || p.Phase != "over" {
				t.Errorf("PublicView = %+v, want over with both identities", p)
			}
			for _, s := range []engine.Seat{Killer, Inspector} {
				if l := g.Legal(s); len(l) != 0 {
					t.Errorf("Legal(%d) = %v after the end, want none", s, actions(l))
				}
			}
			o.Winners[0] = 1 - tc.winner // a getter returns a copy
			if g.Outcome().Winners[0] != tc.winner {
				t.Errorf("Outcome() shares its Winners with the game")
			}
			if err := refuse(t, g, g.Turn(), "shift row 1 left", engine.ErrIllegal); msgKey(err) != "noir.err.over" {
				t.Errorf("Apply(shift row 1 left) = %v, want noir.err.over", err)
			}
		})
	}
}

// The errors of Apply: a kind for errors.Is, text a player can act on,
// and nothing changed.
func TestApplyErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		seat   engine.Seat
		action string
		kind   error
	}{
		{"Inspector on the Killer's turn", Inspector, "arrest ♣Q", engine.ErrNotYourTurn},
		{"spectator", engine.Public, "shift row 1 left", engine.ErrNotYourTurn},
		{"empty", Killer, "", engine.ErrNotation},
		{"unknown verb", Killer, "fly away", engine.ErrNotation},
		{"kill nobody", Killer, "kill", engine.ErrNotation},
		{"no such card", Killer, "kill ZZ", engine.ErrNotation},
		{"king without the option", Killer, "kill ♠K", engine.ErrNotation},
		{"cell off the grid", Killer, "kill F1", engine.ErrNotation},
		{"half a shift", Killer, "shift row 2", engine.ErrNotation},
		{"row moved up", Killer, "shift row 2 up", engine.ErrNotation},
		{"column moved left", Killer, "shift col B left", engine.ErrNotation},
		{"no such row", Killer, "shift row 9 left", engine.ErrIllegal},
		{"not next", Killer, "kill ♠4", engine.ErrIllegal},
		{"Inspector's action", Killer, "arrest ♠8", engine.ErrIllegal},
		{"setup action", Killer, "keep ♦Q", engine.ErrIllegal},
		{"virtual draw", Killer, "draw", engine.ErrIllegal},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := standard(t, physical)
			err := refuse(t, g, tc.seat, tc.action, tc.kind)
			if !strings.HasPrefix(err.Error(), "noir: ") || strings.Contains(err.Error(), "{") {
				t.Errorf("Apply(%v) = %q, want readable text prefixed noir:", tc.action, err)
			}
			for _, k := range []error{engine.ErrIllegal, engine.ErrNotYourTurn, engine.ErrNotation} {
				if k != tc.kind && errors.Is(err, k) {
					t.Errorf("Apply(%v) = %v, is also %v", tc.action, err, k)
				}
			}
		})
	}
}

// Decode reads what people type and gives the canonical action.
func TestDecode(t *testing.T) {
	g := standard(t, physical)
	for _, tc := range []struct{ typed, want string }{
		{"kill s8", "kill ♠8"},
		{"Kill ♠8", "kill ♠8"},
		{"kill C2", "kill ♠8"},
		{"kill 8S", "kill ♠8"},
		{"shift 2 left", "shift row 2 left"},
		{"move B up", "shift col B up"},
		{"shift column b d", "shift col B down"},
		{"shift r 3 →", "shift row 3 right"},
		{"clear", "clear"},
		{"clear h9", "clear ♥9"},
		{"citizen D9", "citizen ♦9"},
		{"drew joker", "drew Joker"},
		{"keep ♠9", "keep ♥9"},
		{"  disguise  ", "disguise"},
		{"dispute h7", "dispute ♥7"}, // physical.go: showing a card entered by mistake
	} {
		t.Run(tc.typed, func(t *testing.T) {
			if a, err := g.Decode(Killer, tc.typed); err != nil || string(a) != tc.want {
				t.Errorf("Decode(%v) = %v, %v, want %v", tc.typed, a, err, tc.want)
			}
		})
	}
}
