package noir

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"tablemaster/engine"
)

// realTable is the physical table as the players keep it: the suspect
// cards in their grid, the kill chips, the evidence cards laid face up,
// the removed pile and the suspects taken off. It changes only by
// carrying out the table instructions' words (their keys and arguments),
// so the tests below check the instructions, not the engine's insides.
type realTable struct {
	grid [][]string
	chip map[string]bool
	laid map[string]string
	pile []string
	gone []string
}

func tableOf(v PublicView) *realTable {
	rt := &realTable{chip: map[string]bool{}, laid: map[string]string{}}
	for _, row := range v.Grid {
		var line []string
		for _, c := range row {
			line = append(line, c.Suspect)
			if c.Dead {
				rt.chip[c.Suspect] = true
			}
			if c.Evidence != "" {
				rt.laid[c.Suspect] = c.Evidence
			}
		}
		rt.grid = append(rt.grid, line)
	}
	rt.pile = slices.Clone(v.Discarded)
	rt.gone = slices.Clone(v.Removed)
	return rt
}

func (rt *realTable) String() string {
	pile, gone := slices.Clone(rt.pile), slices.Clone(rt.gone)
	sort.Strings(pile)
	sort.Strings(gone)
	var chips, laid []string
	onGrid := map[string]bool{}
	for _, row := range rt.grid {
		for _, s := range row {
			onGrid[s] = true
		}
	}
	for s, ok := range rt.chip {
		if ok && onGrid[s] {
			chips = append(chips, s)
		}
	}
	for s, c := range rt.laid {
		if !onGrid[s] {
			continue // it left the grid with its suspect
		}
		laid = append(laid, s+"="+c)
	}
	sort.Strings(chips)
	sort.Strings(laid)
	return fmt.Sprintf("grid %v chips %v laid %v pile %v gone %v", rt.grid, chips, laid, pile, gone)
}

// at is the suspect lying at a cell such as "B3", or "" if none.
func (rt *realTable) at(cell string) string {
	if len(cell) < 2 {
		return ""
	}
	c := int(cell[0] - 'A')
	r, err := strconv.Atoi(cell[1:])
	if err != nil || r < 1 || r > len(rt.grid) || c < 0 || c >= len(rt.grid[r-1]) {
		return ""
	}
	return rt.grid[r-1][c]
}

func (rt *realTable) shift(m engine.Msg) error {
	dir := map[string]int{"@noir.dir.left": -1, "@noir.dir.up": -1, "@noir.dir.right": 1, "@noir.dir.down": 1}[m.Args["dir"]]
	if dir == 0 {
		return fmt.Errorf("no direction in %v", m)
	}
	if m.Args["line"] == "@noir.line.row" {
		r, _ := strconv.Atoi(m.Args["n"])
		if r < 1 || r > len(rt.grid) {
			return fmt.Errorf("no row %d", r)
		}
		rotateStrings(rt.grid[r-1], dir)
		return nil
	}
	c := int(m.Args["n"][0] - 'A')
	if len(rt.grid) == 0 || c < 0 || c >= len(rt.grid[0]) {
		return fmt.Errorf("no column %s", m.Args["n"])
	}
	col := make([]string, len(rt.grid))
	for r := range rt.grid {
		col[r] = rt.grid[r][c]
	}
	rotateStrings(col, dir)
	for r := range rt.grid {
		rt.grid[r][c] = col[r]
	}
	return nil
}

func rotateStrings(line []string, dir int) {
	if dir > 0 {
		last := line[len(line)-1]
		copy(line[1:], line[:len(line)-1])
		line[0] = last
		return
	}
	first := line[0]
	copy(line, line[1:])
	line[len(line)-1] = first
}

// do carries out one instruction. unmodelled is set for an instruction
// that leaves the layout to the table screen.
func (rt *realTable) do(m engine.Msg) (unmodelled bool, err error) {
	a := m.Args
	switch m.Key {
	case "noir.do.shift", "noir.undo.shift":
		return false, rt.shift(m)
	case "noir.do.remove":
		cards := strings.Fields(a["cards"])
		full := func(xs []string) bool {
			for _, x := range xs {
				if !slices.Contains(cards, x) {
					return false
				}
			}
			return true
		}
		var keepRows [][]string
		for _, row := range rt.grid {
			if !full(row) {
				keepRows = append(keepRows, row)
			}
		}
		var grid [][]string
		if len(rt.grid) > 0 {
			grid = make([][]string, len(keepRows))
			for c := range rt.grid[0] {
				col := make([]string, len(rt.grid))
				for r := range rt.grid {
					col[r] = rt.grid[r][c]
				}
				if full(col) {
					continue
				}
				for r, row := range keepRows {
					grid[r] = append(grid[r], row[c])
				}
			}
		}
		if len(grid) > 0 && len(grid[0]) == 0 {
			grid = nil
		}
		rt.grid = grid
		rt.gone = append(rt.gone, cards...)
		return false, nil
	case "noir.undo.remove_row", "noir.undo.remove_col":
		cards := strings.Fields(a["cards"])
		for _, c := range cards {
			i := slices.Index(rt.gone, c)
			if i < 0 {
				return false, fmt.Errorf("%s was not taken off", c)
			}
			rt.gone = slices.Delete(rt.gone, i, i+1)
		}
		if m.Key == "noir.undo.remove_row" {
			n, _ := strconv.Atoi(a["n"])
			if len(rt.grid) > 0 && len(rt.grid[0]) != len(cards) || n < 1 || n > len(rt.grid)+1 {
				return false, fmt.Errorf("row %d of %d cards does not fit", n, len(cards))
			}
			rt.grid = slices.Insert(rt.grid, n-1, cards)
			return false, nil
		}
		c := int(a["n"][0] - 'A')
		if len(rt.grid) == 0 {
			for _, card := range cards {
				rt.grid = append(rt.grid, []string{card})
			}
			return false, nil
		}
		if len(rt.grid) != len(cards) || c < 0 || c > len(rt.grid[0]) {
			return false, fmt.Errorf("column %s of %d cards does not fit", a["n"], len(cards))
		}
		for r := range rt.grid {
			rt.grid[r] = slices.Insert(rt.grid[r], c, cards[r])
		}
		return false, nil
	case "noir.undo.remove":
		return true, nil
	case "noir.do.kill", "noir.undo.kill":
		if got := rt.at(a["cell"]); got != a["suspect"] {
			return false, fmt.Errorf("%s names %s at %s, where %s lies", m.Key, a["suspect"], a["cell"], got)
		}
		if want := m.Key == "noir.undo.kill"; rt.chip[a["suspect"]] != want {
			return false, fmt.Errorf("%s: chip on %s is %v", m.Key, a["suspect"], rt.chip[a["suspect"]])
		}
		rt.chip[a["suspect"]] = m.Key == "noir.do.kill"
		return false, nil
	case "noir.do.innocent_virtual", "noir.do.innocent_physical":
		if got := rt.at(a["cell"]); got != a["suspect"] {
			return false, fmt.Errorf("%s names %s at %s, where %s lies", m.Key, a["suspect"], a["cell"], got)
		}
		rt.laid[a["suspect"]] = a["card"]
		return false, nil
	case "noir.undo.innocent_virtual", "noir.undo.innocent_physical":
		if got := rt.at(a["cell"]); got != a["suspect"] {
			return false, fmt.Errorf("%s names %s at %s, where %s lies", m.Key, a["suspect"], a["cell"], got)
		}
		if rt.laid[a["suspect"]] != a["card"] {
			return false, fmt.Errorf("%s: %s does not lie on %s", m.Key, a["card"], a["suspect"])
		}
		delete(rt.laid, a["suspect"])
		return false, nil
	case "noir.do.discard":
		rt.pile = append(rt.pile, a["card"])
		return false, nil
	case "noir.undo.discard":
		i := slices.Index(rt.pile, a["card"])
		if i < 0 {
			return false, fmt.Errorf("%s is not on the removed pile", a["card"])
		}
		rt.pile = slices.Delete(rt.pile, i, i+1)
		return false, nil
	case "noir.do.draw_one", "noir.do.draw_four", "noir.undo.draw_one", "noir.undo.draw_four", "noir.undo.drew", "noir.undo.keep":
		return false, nil // the deck and the hands are not on the board
	}
	return false, fmt.Errorf("no words for the real table in %v", m)
}

// undoWalk plays seeded random games and calls each before every step
// with the game and the action about to be taken.
func undoWalk(t *testing.T, cfg Config, seed uint64, each func(g *Game, s engine.Seat, a engine.Action)) {
	t.Helper()
	g := New(cfg, seed)
	r := engine.NewRand(seed*31 + 7)
	for i := 0; i < 400 && !g.outcome.Over; i++ {
		s := g.Turn()
		ch := g.Legal(s)
		if len(ch) == 0 {
			t.Fatalf("seed %d step %d: nothing legal in phase %v", seed, i, g.phase)
		}
		a := ch[r.IntN(len(ch))].Action
		if strings.HasPrefix(string(a), "drew ") {
			// Enter a card that is really in the deck.
			a = engine.Action("drew " + g.ename(g.deck[r.IntN(len(g.deck))]))
		}
		each(g, s, a)
		if _, err := g.Apply(s, a); err != nil {
			t.Fatalf("seed %d step %d: Apply(%v) = %v", seed, i, a, err)
		}
	}
}

// TestRestoreTakesBackEveryTableInstruction (DESIGN.md principle 6, NC-7,
// NC-8, NC-9, NC-13 … NC-15): for every action of many seeded games in
// every option combination, the action is applied and undone; the real
// table, moved by the action's own instructions and then by the restore
// instructions, lies exactly as before the action. Every action that
// gave the table something to do gets words to undo it.
func TestRestoreTakesBackEveryTableInstruction(t *testing.T) {
	seen := map[string]bool{}
	unmodelled := 0
	for ci, cfg := range []Config{{}, {Deck: Physical, Layout: Shuffled, Kings: true}, {Layout: Shuffled, ShiftRule: NoUndo}, {Deck: Physical, ShiftRule: NoUndo}} {
		for seed := uint64(1); seed <= 12; seed++ {
			undoWalk(t, cfg, seed, func(g *Game, s engine.Seat, a engine.Action) {
				before := g.publicView()
				c := g.Clone()
				evs, err := c.Apply(s, a)
				if err != nil {
					t.Fatalf("config %d seed %d: Apply(%v) = %v", ci, seed, a, err)
				}
				restore := g.Restore(s, a, evs)
				rt := tableOf(before)
				hadTable := false
				for _, e := range evs {
					if e.Table && e.IsPublic() {
						hadTable = true
						seen[e.Key] = true
						if _, err := rt.do(e.Msg); err != nil {
							t.Fatalf("config %d seed %d: %v: the instruction %v does not fit the table: %v", ci, seed, a, e.Msg, err)
						}
					}
				}
				if got, want := rt.String(), tableOf(c.publicView()).String(); got != want {
					t.Fatalf("config %d seed %d: after %v the real table is\n%s\nbut the screen shows\n%s", ci, seed, a, got, want)
				}
				public := 0
				for _, e := range restore {
					if !e.IsPublic() {
						if len(e.To) != 1 || e.To[0] != s || e.Table {
							t.Fatalf("config %d seed %d: %v: a private restore %v goes to %v, want the actor %d only, not as a table line", ci, seed, a, e.Msg, e.To, s)
						}
						continue
					}
					if !e.Table {
						t.Fatalf("config %d seed %d: %v: public restore %v is not a table instruction", ci, seed, a, e.Msg)
					}
					public++
					seen[e.Key] = true
					skip, err := rt.do(e.Msg)
					if err != nil {
						t.Fatalf("config %d seed %d: undoing %v: %v", ci, seed, a, err)
					}
					if skip {
						unmodelled++
						return
					}
				}
				if hadTable && public == 0 {
					t.Fatalf("config %d seed %d: %v gave table instructions %v but its undo gives none", ci, seed, a, evs)
				}
				if got, want := rt.String(), tableOf(before).String(); got != want {
					t.Fatalf("config %d seed %d: after undoing %v the real table is\n%s\nwant\n%s", ci, seed, a, got, want)
				}
				// The shift's words name the inverse shift.
				if act, _ := g.decode(string(a)); act.kind == "shift" {
					want := shiftMsg("", act.shift.Reverse()).Args
					if len(restore) == 0 || restore[len(restore)-1].Key != "noir.undo.shift" || restore[len(restore)-1].Args["dir"] != want["dir"] || restore[len(restore)-1].Args["n"] != want["n"] {
						t.Fatalf("undoing %v: %v, want the shift back %v", a, restore, want)
					}
				}
			})
		}
	}
	for _, k := range []string{"noir.do.shift", "noir.do.remove", "noir.do.kill", "noir.do.innocent_virtual", "noir.do.innocent_physical",
		"noir.do.discard", "noir.do.draw_one", "noir.do.draw_four", "noir.undo.shift", "noir.undo.kill", "noir.undo.discard",
		"noir.undo.innocent_physical", "noir.undo.innocent_virtual", "noir.undo.draw_one", "noir.undo.draw_four", "noir.undo.drew", "noir.undo.keep"} {
		if !seen[k] {
			t.Errorf("no game walked gave %s: the test does not cover it", k)
		}
	}
	if !seen["noir.undo.remove_row"] && !seen["noir.undo.remove_col"] {
		t.Errorf("no game walked took a line off and back")
	}
	t.Logf("%d undos left the layout to the table screen (several lines at once)", unmodelled)
}

// TestRestoreShiftWords: undoing "shift row 2 left" reads "Slide row 2
// back one place right" in English and names the same line in Japanese
// (NC-7).
func TestRestoreShiftWords(t *testing.T) {
	g := standard(t, physical)
	before := g.Clone()
	evs := apply(t, g, g.Turn(), "shift row 2 left")
	r := before.Restore(before.Turn(), "shift row 2 left", evs)
	if len(r) != 1 {
		t.Fatalf("Restore = %v, want one instruction", r)
	}
	if got, want := engine.EN.Text(r[0].Msg), "Slide row 2 back one place right; the card pushed off the end goes to the other end."; got != want {
		t.Errorf("EN = %q, want %q", got, want)
	}
	if got := engine.JA.Text(r[0].Msg); !strings.Contains(got, "2行を右へ") {
		t.Errorf("JA = %q, want it to name 2行を右へ", got)
	}
}

// TestRestoreDrawNamesNoCard: undoing the entry of a drawn card tells the
// table only that an entry was taken back; which card it was is told to
// the player who drew it alone, so every card gives the table the same
// words (principle 1).
func TestRestoreDrawNamesNoCard(t *testing.T) {
	g := New(physical, 3)
	var public []string
	for _, id := range g.deck {
		a := engine.Action("drew " + g.ename(id))
		c := g.Clone()
		evs, err := c.Apply(Killer, a)
		if err != nil {
			t.Fatal(err)
		}
		var pub string
		for _, e := range g.Restore(Killer, a, evs) {
			if e.IsPublic() {
				pub += engine.EN.Text(e.Msg) + "|"
			} else if !strings.Contains(engine.EN.Text(e.Msg), g.ename(id)) {
				t.Errorf("the private restore %v does not name the card %s", e.Msg, g.ename(id))
			}
		}
		if strings.Contains(pub, g.ename(id)) {
			t.Errorf("the table is told %q, naming %s", pub, g.ename(id))
		}
		public = append(public, pub)
	}
	for _, p := range public[1:] {
		if p != public[0] {
			t.Fatalf("the table's restore depends on the card: %q vs %q", p, public[0])
		}
	}
	if public[0] == "" {
		t.Fatal("undoing a card entry tells the table nothing")
	}
}
