package superrock

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/enginetest"
)

// realTable is what lies on the real table that the tool follows: whose
// silhouette card lies face up (and which), whose pin stands in the secret
// base or on an ambush square, and which real ambush cards are face up. It
// changes only by carrying out the words of the instructions.
type realTable struct {
	sil     map[string]string // player → silhouette key face up
	inBase  map[string]bool
	onAmb   map[string]bool
	sprung  map[string]bool // ambush cards face up
	players []string
}

func tableOf(g *Game) *realTable {
	v := g.publicView()
	rt := &realTable{sil: map[string]string{}, inBase: map[string]bool{}, onAmb: map[string]bool{}, sprung: map[string]bool{}}
	for _, p := range v.Players {
		rt.players = append(rt.players, p.Name)
		if p.Silhouette != nil {
			rt.sil[p.Name] = "@" + p.Silhouette.Name.Key
		}
		rt.inBase[p.Name] = p.Entered && !p.FreeEntry
	}
	for _, a := range v.Ambushes {
		if a.State == "appeared" {
			rt.onAmb[g.name(a.Owner)] = true
		}
		if a.State != "" && g.cfg.Board == PhysicalBoard {
			rt.sprung[a.Card] = true // a virtual ambush card is on the phones
		}
	}
	return rt
}

func (rt *realTable) String() string {
	var parts []string
	for _, p := range rt.players {
		parts = append(parts, fmt.Sprintf("%s:%s/%v/%v", p, rt.sil[p], rt.inBase[p], rt.onAmb[p]))
	}
	var sprung []string
	for c, o := range rt.sprung {
		if o {
			sprung = append(sprung, c)
		}
	}
	sort.Strings(sprung)
	return fmt.Sprintf("%v sprung %v", parts, sprung)
}

// do carries out one instruction or public event; screen is the table as
// the screen shows it after the undo, for "as the table screen shows".
func (rt *realTable) do(m engine.Msg, after, screen *realTable) error {
	a := m.Args
	switch m.Key {
	case "sr.do.silhouettes":
		for p, s := range after.sil {
			rt.sil[p] = s
		}
	case "sr.do.silhouettes_back", "sr.undo.silhouettes":
		clear(rt.sil)
	case "sr.undo.silhouettes_back":
		for p, s := range screen.sil {
			rt.sil[p] = s
		}
	case "sr.do.switch":
		if rt.sil[a["player"]] != a["from"] {
			return fmt.Errorf("%v: %s shows %s", m, a["player"], rt.sil[a["player"]])
		}
		rt.sil[a["player"]] = a["to"]
	case "sr.undo.switch":
		if rt.sil[a["player"]] != a["to"] {
			return fmt.Errorf("%v: %s shows %s", m, a["player"], rt.sil[a["player"]])
		}
		rt.sil[a["player"]] = a["from"]
	case "sr.do.entered", "sr.do.base_entry":
		rt.inBase[a["player"]] = true
	case "sr.undo.pin_off":
		if !rt.inBase[a["player"]] {
			return fmt.Errorf("%v: no pin of %s in the base", m, a["player"])
		}
		rt.inBase[a["player"]] = false
	case "sr.do.appear":
		rt.onAmb[a["player"]] = true
	case "sr.undo.appear":
		if !rt.onAmb[a["player"]] {
			return fmt.Errorf("%v: no pin of %s on an ambush", m, a["player"])
		}
		rt.onAmb[a["player"]] = false
	case "sr.undo.appear_back": // the pin moves back to the other ambush
		if !rt.onAmb[a["player"]] {
			return fmt.Errorf("%v: no pin of %s on an ambush", m, a["player"])
		}
	case "sr.ev.sprung":
		rt.sprung[a["card"]] = true
	case "sr.undo.sprung":
		rt.sprung[a["card"]] = false
	case "sr.undo.planet_end":
		// The board is turned back: the pins stand where the screen shows.
		for p := range rt.onAmb {
			rt.onAmb[p] = screen.onAmb[p]
		}
	}
	return nil
}

// TestRestoreTakesBackEveryTableInstruction (DESIGN.md principle 6,
// SR-14 … SR-16, SR-20 … SR-27): at every step of seeded games, for every
// player count and option, the action is applied and undone. Every
// instruction that moved a card, pin or chip gets words to take it back;
// the real table, moved by the action's words and then by the restore's,
// lies as before; the secret ambush swap is taken back by the base
// players alone.
func TestRestoreTakesBackEveryTableInstruction(t *testing.T) {
	seen := map[string]bool{}
	for _, n := range []int{5, 6, 8, 10} {
		for ci, cfg := range configs(n) {
			for seed := uint64(0); seed < 3; seed++ {
				g := newGame(t, cfg, seed)
				r := engine.NewRand(seed*7 + uint64(n))
				for i := 0; i < 3000 && !g.outcome.Over; i++ {
					s, a, ok := enginetest.PickAny(g, r)
					if !ok {
						break
					}
					c := g.Clone()
					evs, err := c.Apply(s, a)
					if err != nil {
						t.Fatalf("Apply(%d, %v) = %v", s, a, err)
					}
					if !c.outcome.Over {
						checkRestore(t, fmt.Sprintf("%d players config %d seed %d step %d: %s: %v", n, ci, seed, i, g.name(s), a), g, c, s, a, evs, seen)
					}
					if _, err := g.Apply(s, a); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	for _, k := range []string{"sr.undo.silhouettes", "sr.undo.switch", "sr.undo.look_away", "sr.undo.ambush_swap",
		"sr.undo.planet_cards", "sr.undo.pin_off", "sr.undo.hubs_physical", "sr.undo.planet_end", "sr.undo.appear", "sr.undo.sprung", "sr.undo.info"} {
		if !seen[k] {
			t.Errorf("no game walked gave %s: the test does not cover it", k)
		}
	}
}

func checkRestore(t *testing.T, where string, before, after *Game, s engine.Seat, a engine.Action, evs []engine.Event, seen map[string]bool) {
	t.Helper()
	screen, want := tableOf(before), tableOf(after)
	rt := tableOf(before)
	needs := false
	var swapSeen []engine.Seat
	for _, e := range evs {
		if e.Table && !e.IsPublic() {
			swapSeen = e.To
		}
		if !e.IsPublic() {
			continue
		}
		if e.Table && !nothingToUndo[e.Key] {
			needs = true
		}
		if err := rt.do(e.Msg, want, screen); err != nil {
			t.Fatalf("%s: %v", where, err)
		}
	}
	if rt.String() != want.String() {
		t.Fatalf("%s: after the action the real table is\n%v\nthe screen shows\n%v", where, rt, want)
	}
	restore := before.Restore(s, a, evs)
	public := 0
	for _, e := range restore {
		seen[e.Key] = true
		if !e.IsPublic() {
			if e.Table || !slices.Equal(e.To, swapSeen) {
				t.Fatalf("%s: the private restore %v goes to %v, want those who saw the swap %v, not as a table line", where, e.Msg, e.To, swapSeen)
			}
			continue
		}
		if !e.Table {
			t.Fatalf("%s: the public restore %v is not a table instruction", where, e.Msg)
		}
		public++
		if e.Key == "undo.table" && !strings.HasPrefix(e.Nested["instruction"].Key, "sr.do.planet.") && e.Nested["instruction"].Key != "sr.do.open_room" {
			t.Fatalf("%s: no words of its own to undo %v", where, e.Nested["instruction"])
		}
		if err := rt.do(e.Msg, want, screen); err != nil {
			t.Fatalf("%s: undoing: %v", where, err)
		}
	}
	if needs && public == 0 {
		t.Fatalf("%s: its instructions %v moved the real table but its undo gives no words", where, evs)
	}
	if rt.String() != screen.String() {
		t.Fatalf("%s: after the undo the real table is\n%v\nwant\n%v", where, rt, screen)
	}
}
