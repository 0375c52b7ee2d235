package ayatsuri

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/enginetest"
)

// realTable is what lies on the real table: each player's life and kill
// chips, whose role card is face up, who holds the dictator marker and
// the Bomb Girl card ("?" while nobody has shown where it is). It changes
// only by carrying out the words of the instructions.
type realTable struct {
	life, kills map[string]int
	up          map[string]bool
	marker      string
	bomb        string
	// fee is the chip handed to the Detective, side not chosen yet.
	fee string
}

func tableOf(v PublicView) *realTable {
	rt := &realTable{life: map[string]int{}, kills: map[string]int{}, up: map[string]bool{}, bomb: "?"}
	if v.Phase == PhFeeTake {
		rt.fee = v.Status.Args["chip"]
	}
	for _, p := range v.Players {
		rt.life[p.Name], rt.kills[p.Name] = p.Life, p.Kills
		rt.up[p.Name] = p.Role != nil
		if p.Marker {
			rt.marker = p.Name
		}
		if p.BombCard {
			rt.bomb = p.Name
		}
	}
	return rt
}

func (rt *realTable) String() string {
	var b strings.Builder
	for _, n := range []string{"Aki", "Ben", "Chika", "Dai", "Eri", "Fumi"} {
		if _, ok := rt.life[n]; ok {
			fmt.Fprintf(&b, "%s:%d/%d/%v ", n, rt.life[n], rt.kills[n], rt.up[n])
		}
	}
	fmt.Fprintf(&b, "marker %s", rt.marker)
	return b.String()
}

func (rt *realTable) same(o *realTable) bool {
	return rt.String() == o.String() && (rt.bomb == "?" || o.bomb == "?" || rt.bomb == o.bomb)
}

// do carries out one public event or instruction; screen is the table
// screen once the undo is done, for "lay out as the table screen shows".
func (rt *realTable) do(m engine.Msg, screen *realTable) error {
	a := m.Args
	chip := func(name string, life, kills int) error {
		if _, ok := rt.life[name]; !ok {
			return fmt.Errorf("%v names nobody at the table (%q)", m, name)
		}
		rt.life[name] += life
		rt.kills[name] += kills
		if rt.life[name] < 0 || rt.kills[name] < 0 {
			return fmt.Errorf("%v: %s has no chip to give", m, name)
		}
		return nil
	}
	move := func(from, to string) error {
		if rt.bomb != "?" && rt.bomb != from {
			return fmt.Errorf("%v: the Bomb Girl card lies with %s, not %s", m, rt.bomb, from)
		}
		rt.bomb = to
		return nil
	}
	side := func(v string) (int, int) {
		if strings.HasSuffix(v, ".life") {
			return 1, 0
		}
		return 0, 1
	}
	switch m.Key {
	case "ay.do.kill":
		if err := chip(a["target"], -1, 0); err != nil {
			return err
		}
		return chip(a["killer"], 0, 1)
	case "ay.undo.kill":
		if err := chip(a["killer"], 0, -1); err != nil {
			return err
		}
		return chip(a["target"], 1, 0)
	case "ay.do.self_kill":
		return chip(a["name"], -1, 1)
	case "ay.undo.self_kill":
		return chip(a["name"], 1, -1)
	case "ay.do.supply_kill", "ay.undo.bomb_missed_kill":
		return chip(a["name"], 0, 1)
	case "ay.undo.supply_kill", "ay.do.bomb_missed_kill":
		return chip(a["name"], 0, -1)
	case "ay.do.heal", "ay.undo.bomb_missed_life":
		return chip(a["name"], 1, 0)
	case "ay.undo.heal", "ay.do.bomb_missed_life":
		return chip(a["name"], -1, 0)
	case "ay.do.bomb_missed_both":
		return chip(a["name"], -1, -1)
	case "ay.undo.bomb_missed_both":
		return chip(a["name"], 1, 1)
	case "ay.do.purge", "ay.undo.purge":
		d := -1
		if m.Key == "ay.undo.purge" {
			d = 1
		}
		for _, n := range strings.Split(enginetest.Plain(a["names"]), ", ") {
			if err := chip(n, d, 0); err != nil {
				return err
			}
		}
	case "ay.ev.fee_paid":
		l, k := side(a["chip"])
		rt.fee = a["chip"]
		return chip(a["name"], -l, -k)
	case "ay.undo.fee_paid":
		if rt.fee != a["chip"] {
			return fmt.Errorf("%v: the Detective holds %q", m, rt.fee)
		}
		rt.fee = ""
		l, k := side(a["chip"])
		return chip(a["name"], l, k)
	case "ay.do.fee":
		if rt.fee != a["chip"] {
			return fmt.Errorf("%v: the Detective holds %q", m, rt.fee)
		}
		rt.fee = ""
		l, k := side(a["side"])
		return chip(a["det"], l, k)
	case "ay.undo.fee":
		l, k := side(a["side"])
		rt.fee = a["chip"]
		return chip(a["det"], -l, -k)
	case "ay.do.hand":
		return move(a["name"], a["target"])
	case "ay.undo.hand":
		return move(a["target"], a["name"])
	case "ay.do.bomb_back":
		return move(a["name"], a["owner"])
	case "ay.undo.bomb_back":
		return move(a["owner"], a["name"])
	case "ay.ev.keep":
		return move(a["name"], a["name"])
	case "ay.do.marker":
		rt.marker = a["name"]
	case "ay.undo.marker":
		rt.marker = a["name"]
	case "ay.ev.reveal", "ay.ev.dictator_exposed":
		rt.up[a["name"]] = true
	case "ay.ev.bomb_found":
		rt.up[a["target"]] = true
	case "ay.undo.reveal":
		if !rt.up[a["name"]] {
			return fmt.Errorf("%v: %s's card is not face up", m, a["name"])
		}
		rt.up[a["name"]] = false
	case "ay.ev.round":
		for n := range rt.up {
			rt.up[n] = false
		}
		rt.bomb = "?"
	case "ay.undo.round":
		for n := range rt.up {
			rt.up[n] = screen.up[n]
		}
		rt.bomb = screen.bomb
	case "undo.table":
		return fmt.Errorf("no words of its own to undo %v", m.Nested["instruction"])
	}
	return nil
}

// TestRestoreTakesBackEveryTableInstruction (DESIGN.md principle 6,
// AY-15, AY-24, AY-26, AY-27, AY-30 … AY-32): at every step of seeded
// games for every player count, with and without the Bomb Girl, the
// action is applied and undone. The real table, moved by the action's
// public events and then by the restore instructions, lies as before,
// and every action that gave the table something to do gets words to take
// it back.
func TestRestoreTakesBackEveryTableInstruction(t *testing.T) {
	seen := map[string]bool{}
	for ci, cfg := range leakConfigs() {
		for seed := uint64(1); seed <= 6; seed++ {
			g := newGame(t, cfg, seed)
			r := engine.NewRand(seed*13 + 5)
			for step := 0; step < 600 && !g.Outcome().Over; step++ {
				s := g.Turn()
				cs := g.Legal(s)
				a := cs[r.IntN(len(cs))].Action
				c := g.Clone()
				evs, err := c.Apply(s, a)
				if err != nil {
					t.Fatalf("config %d seed %d: Apply(%v) = %v", ci, seed, a, err)
				}
				if !c.Outcome().Over {
					checkRestore(t, fmt.Sprintf("config %d seed %d step %d: %s: %v", ci, seed, step, g.name(s), a), g, c, s, a, evs, seen)
				}
				if _, err := g.Apply(s, a); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, k := range []string{"ay.undo.face_down_added", "ay.undo.marker", "ay.undo.kill", "ay.undo.supply_kill", "ay.undo.purge",
		"ay.undo.heal", "ay.undo.fee", "ay.undo.hand", "ay.undo.bomb_back", "ay.undo.passed", "ay.undo.reveal", "ay.undo.round", "ay.undo.pick",
		"ay.undo.bomb_missed_both", "ay.undo.self_kill"} {
		if !seen[k] {
			t.Errorf("no game walked gave %s: the test does not cover it", k)
		}
	}
}

func checkRestore(t *testing.T, where string, before, after *Game, s engine.Seat, a engine.Action, evs []engine.Event, seen map[string]bool) {
	t.Helper()
	screen := tableOf(before.publicView())
	rt := tableOf(before.publicView())
	hadTable := false
	for _, e := range evs {
		if !e.IsPublic() {
			continue
		}
		hadTable = hadTable || e.Table
		if err := rt.do(e.Msg, screen); err != nil {
			t.Fatalf("%s: %v", where, err)
		}
	}
	if want := tableOf(after.publicView()); !rt.same(want) {
		t.Fatalf("%s: the real table after the action is %v, the screen shows %v", where, rt, want)
	}
	restore := before.Restore(s, a, evs)
	public := 0
	for _, e := range restore {
		seen[e.Key] = true
		if !e.IsPublic() {
			if !slices.Equal(e.To, []engine.Seat{s}) || e.Table {
				t.Fatalf("%s: a private restore %v goes to %v, want the actor only and not as a table line", where, e.Msg, e.To)
			}
			continue
		}
		if !e.Table {
			t.Fatalf("%s: the public restore %v is not a table instruction", where, e.Msg)
		}
		public++
		if err := rt.do(e.Msg, screen); err != nil {
			t.Fatalf("%s: undoing: %v", where, err)
		}
	}
	if hadTable && public == 0 {
		t.Fatalf("%s gave table instructions but its undo gives none", where)
	}
	if !rt.same(screen) {
		t.Fatalf("%s: after the undo the real table is %v, want %v", where, rt, screen)
	}
}

// TestRestorePickNamesNoRole: undoing a pick tells the table that the
// picker puts a card back, the same words whichever card it was; the
// role is named to the picker alone (principle 1).
func TestRestorePickNamesNoRole(t *testing.T) {
	g := newGame(t, Config{Players: names(5), BombGirl: true}, 4)
	s := g.Turn()
	var tables []string
	for _, c := range g.Legal(s) {
		h := g.Clone()
		evs, err := h.Apply(s, c.Action)
		if err != nil {
			t.Fatal(err)
		}
		var pub string
		for _, e := range g.Restore(s, c.Action, evs) {
			if e.IsPublic() {
				pub += engine.EN.Text(e.Msg)
			}
		}
		tables = append(tables, pub)
	}
	if len(tables) < 2 || tables[0] == "" {
		t.Fatalf("restores %q: want words for the table for every pick", tables)
	}
	for _, p := range tables[1:] {
		if p != tables[0] {
			t.Fatalf("the table's words depend on the card picked: %q vs %q", p, tables[0])
		}
	}
}
