package superrock

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"tablemaster/engine"
)

// One test per rule of rules/superrock.md, SR-10 … SR-18. Shadow rolls are
// entered (physical dice) so that each test decides them; characters come
// from the seed, and a test that needs a certain one finds a seed for it.

// physical7 is 7 players with real dice and a virtual board.
func physical7() Config {
	c := players(7)
	c.Dice = PhysicalDice
	return c
}

// seatWith deals with successive seeds until some seat holds a character
// accepted by ok, and returns the game in the reject phase and that seat.
func seatWith(t *testing.T, cfg Config, ok func(Character) bool) (*Game, engine.Seat) {
	t.Helper()
	for seed := uint64(0); seed < 500; seed++ {
		g := newGame(t, cfg, seed)
		apply(t, g, 0, "deal")
		for s := range g.char {
			if ok(g.character(engine.Seat(s))) {
				return g, engine.Seat(s)
			}
		}
	}
	t.Fatalf("no seed deals such a character")
	return nil, 0
}

// SR-10
func TestSR10PlayerCounts(t *testing.T) {
	for n := 6; n <= 9; n++ {
		g := newGame(t, players(n), 1)
		want, _ := Default().CountsFor(n)
		if g.Counts() != want || pub(g).Counts != want {
			t.Errorf("SR-10: %d players use %v, want table 7.1's %v", n, g.Counts(), want)
		}
	}
	five := Counts{1, 0, 2, 1, 1}
	for _, tc := range []struct {
		name   string
		n      int
		counts *Counts
		key    string
	}{
		{"5 without counts", 5, nil, "sr.err.need_counts"},
		{"10 without counts", 10, nil, "sr.err.need_counts"},
		{"4 players", 4, &five, "sr.err.players"},
		{"11 players", 11, &five, "sr.err.players"},
		{"counts for 5 with 6", 6, &five, "sr.err.counts_sum"},
		{"pool too small", 5, &Counts{5, 0, 0, 0, 0}, "sr.data.pool_small"},
		{"5 with counts", 5, &five, ""},
		{"10 with counts", 10, &Counts{1, 1, 4, 2, 2}, ""},
		{"override for 7", 7, &Counts{2, 1, 2, 1, 1}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := Config{Players: append([]string(nil), (allNames[:])...), Counts: tc.counts}
			for len(cfg.Players) < tc.n {
				cfg.Players = append(cfg.Players, fmt.Sprint("P", len(cfg.Players)))
			}
			cfg.Players = cfg.Players[:tc.n]
			g, err := New(cfg, 1)
			if tc.key == "" {
				if err != nil || g.Counts() != *tc.counts {
					t.Errorf("New = %v, counts %v, want %v", err, g.Counts(), *tc.counts)
				}
				return
			}
			if msgKey(err) != tc.key {
				t.Errorf("New = %v, want %s", err, tc.key)
			}
		})
	}
	if _, err := New(Config{Players: []string{"A", "B", "C", "D", "a", "F"}}, 1); msgKey(err) != "sr.err.names" {
		t.Errorf("New with a name twice = %v, want sr.err.names", err)
	}
	if _, err := New(Config{Players: allNames[:6], PlayedTonight: [][]string{{"nobody"}}}, 1); msgKey(err) != "sr.err.no_such_character" {
		t.Errorf("New with an unknown played character = %v", err)
	}
}

// SR-11: the counts come from the right pools (every random preparation
// checks this in stateOK); with RaisaGood, Raisa comes from pool G.
func TestSR11Pools(t *testing.T) {
	raisaInL, raisaInG := false, false
	for seed := uint64(0); seed < 300; seed++ {
		for _, raisaGood := range []bool{false, true} {
			cfg := players(8)
			cfg.RaisaGood = raisaGood
			g := newGame(t, cfg, seed)
			apply(t, g, 0, "deal")
			if err := stateOK(g); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			lockes, raisa := 0, false
			for s := range g.char {
				c := g.character(engine.Seat(s))
				if c.Locke == IsLocke {
					lockes++
				}
				raisa = raisa || c.Locke == FourthLocke
			}
			if !raisaGood && lockes+btoi(raisa) != 1 {
				t.Fatalf("seed %d: %d Lockes and Raisa %v, want exactly one of the four", seed, lockes, raisa)
			}
			if raisaGood && lockes != 1 {
				t.Fatalf("seed %d: Raisa in G, %d Lockes, want 1", seed, lockes)
			}
			raisaInL = raisaInL || raisa && !raisaGood
			raisaInG = raisaInG || raisa && raisaGood && lockes == 1
		}
	}
	if !raisaInL || !raisaInG {
		t.Errorf("Raisa drawn as L %v, as G %v; want both seen", raisaInL, raisaInG)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// SR-12: one character each, told to that player alone; the table is told
// only that the deal happened, and to leave the real character cards.
func TestSR12PrivateDeal(t *testing.T) {
	g := newGame(t, players(7), 5)
	if l := g.Legal(3); !reflect.DeepEqual(actions(l), []string{"deal"}) || !l[0].Public {
		t.Fatalf("Legal before the deal = %v, want a public deal", l)
	}
	evs := apply(t, g, 3, "deal")
	if err := eventsOK(g, evs); err != nil {
		t.Fatal(err)
	}
	told := map[engine.Seat]bool{}
	for _, e := range find(evs, "sr.pv.character") {
		if len(e.To) != 1 || !e.Random || !e.Reveal || e.Args["character"] != "@"+g.character(e.To[0]).NameKey() {
			t.Errorf("SR-12: private deal event %+v", e)
		}
		told[e.To[0]] = true
	}
	if len(told) != 7 {
		t.Errorf("SR-12: %d players told their character, want 7", len(told))
	}
	if d := find(evs, "sr.ev.dealt"); len(d) != 1 || !d[0].Random || !d[0].IsPublic() {
		t.Errorf("SR-12: public deal event %+v", d)
	}
	if d := find(evs, "sr.do.deal"); len(d) != 1 || !d[0].Table {
		t.Errorf("SR-12: no table instruction about the character cards: %+v", evs)
	}
	for s := 0; s < 7; s++ {
		v := view(g, engine.Seat(s))
		if v.Character == nil || v.Character.ID != g.character(engine.Seat(s)).ID || v.Character.Notes == nil && s == -1 {
			t.Errorf("SR-12: seat %d view shows character %+v", s, v.Character)
		}
	}
	if strings.Contains(seatJSON(g, engine.Public), ".char.") {
		t.Errorf("SR-12: the public view names a character")
	}
	// The whole card: numbers, notes, the attribute's win condition.
	g2, s := seatWith(t, players(7), func(c Character) bool { return c.ID == "wong" })
	v := view(g2, s).Character
	if v.Level != 0 || v.Endurance != 2 || v.Will != 6 || v.Notes == nil || engine.JA.Text(*v.Notes) != "ジオイド弾; 亜空間フィールド; 参加者の半数以上が死亡していれば勝利" ||
		v.Win.Key != "sr.win.special" || len(v.Silhouettes) != 1 || v.Silhouettes[0].ID != "wong" {
		t.Errorf("SR-12: Dr. Wong's card = %+v", v)
	}
}

// SR-13
func TestSR13Reject(t *testing.T) {
	cfg := players(7)
	g0 := newGame(t, cfg, 1)
	apply(t, g0, 0, "deal")
	// Seat 2 played its character earlier tonight; seat 4 played others.
	cfg.PlayedTonight = [][]string{nil, nil, {"nobody-else", g0.character(2).ID}, nil, {"x"}}
	cfg.PlayedTonight[4] = []string{}
	for _, c := range Default().Characters {
		if c.ID != g0.character(4).ID {
			cfg.PlayedTonight[4] = append(cfg.PlayedTonight[4], c.ID)
		}
	}
	cfg.PlayedTonight[2] = cfg.PlayedTonight[2][1:]
	g := newGame(t, cfg, 1)
	evs := apply(t, g, 0, "deal")
	if g.char[2] != g0.char[2] {
		t.Fatal("same seed dealt differently")
	}
	if e := find(evs, "sr.pv.character_reject"); len(e) != 1 || e[0].To[0] != 2 {
		t.Errorf("SR-13: only seat 2 is told it may reject: %+v", e)
	}
	for s := 0; s < 7; s++ {
		want := []string{"keep"}
		if s == 2 {
			want = []string{"keep", "reject"}
		}
		if got := actions(g.Legal(engine.Seat(s))); !reflect.DeepEqual(got, want) {
			t.Errorf("SR-13: seat %d Legal = %v, want %v", s, got, want)
		}
	}
	if k := refuse(t, g, 4, "reject", engine.ErrIllegal); k != "sr.err.reject_not_played" {
		t.Errorf("SR-13: reject by seat 4 = %s", k)
	}
	// Everyone must answer, so waiting tells nobody anything.
	for s := 0; s < 6; s++ {
		if s != 2 {
			apply(t, g, engine.Seat(s), "keep")
		}
	}
	if g.phase != RejectPhase {
		t.Fatalf("SR-13: phase %v with seat 2 and 6 still to answer", g.phase)
	}
	if k := refuse(t, g, 0, "keep", engine.ErrIllegal); k != "sr.err.already_kept" {
		t.Errorf("SR-13: keep twice: %s, want sr.err.already_kept", k)
	}
	before := append([]int(nil), g.char...)
	evs = apply(t, g, 2, "reject")
	if e := find(evs, "sr.ev.reject"); len(e) != 1 || !e[0].IsPublic() || e[0].Args["player"] != "Chika" {
		t.Errorf("SR-13: the reject is not declared publicly: %+v", evs)
	}
	if err := eventsOK(g, evs); err != nil {
		t.Error(err)
	}
	if g.deals != 2 || len(find(evs, "sr.pv.character"))+len(find(evs, "sr.pv.character_reject")) != 7 || reflect.DeepEqual(before, g.char) {
		t.Errorf("SR-13: after a reject, deal %d; characters %v → %v, want a new deal for everyone", g.deals, before, g.char)
	}
	if p := pub(g); !p.Players[2].RejectUsed || p.Players[0].Kept {
		t.Errorf("SR-13: public players after the reject %+v", p.Players)
	}
	// Once per game: seat 2 can no longer reject, whatever it is dealt.
	g.cfg.PlayedTonight[2] = []string{g.character(2).ID}
	if got := actions(g.Legal(2)); !reflect.DeepEqual(got, []string{"keep"}) {
		t.Errorf("SR-13: seat 2 after its reject Legal = %v, want keep only", got)
	}
	if k := refuse(t, g, 2, "reject", engine.ErrIllegal); k != "sr.err.reject_used" {
		t.Errorf("SR-13: second reject = %s", k)
	}
	for s := 0; s < 7; s++ {
		apply(t, g, engine.Seat(s), "keep")
	}
	if g.phase != ShadowPhase {
		t.Errorf("SR-13: all kept, phase %v, want shadow", g.phase)
	}
}

// SR-14: the shadow roll allows what table 7.2 says, among the copies left.
func TestSR14ShadowRoll(t *testing.T) {
	names := func(g *Game, ids []string) []string {
		var out []string
		for _, id := range ids {
			out = append(out, "pick "+id)
		}
		return out
	}
	allWithCopies := func(g *Game, attr ...Attr) []string {
		var out []string
		for i, s := range g.data.Silhouettes {
			ok := len(attr) == 0
			for _, a := range attr {
				ok = ok || s.Attr == a
			}
			if ok && g.left[i] > 0 {
				out = append(out, "pick "+s.ID)
			}
		}
		return out
	}
	t.Run("virtual roll is private", func(t *testing.T) {
		g := newGame(t, players(6), 2)
		dealAndKeep(t, g)
		if got := actions(g.Legal(1)); !reflect.DeepEqual(got, []string{"roll"}) || g.Legal(1)[0].Public {
			t.Fatalf("Legal = %v, want a private roll", g.Legal(1))
		}
		evs := apply(t, g, 1, "roll")
		pv := find(evs, "sr.pv.shadow_roll")
		if len(pv) != 1 || pv[0].To[0] != 1 || !pv[0].Random || pv[0].Args["n"] != fmt.Sprint(g.roll[1]) {
			t.Errorf("private roll event %+v", pv)
		}
		if e := find(evs, "sr.ev.shadow_rolled"); len(e) != 1 || !e[0].IsPublic() || len(e[0].Args) != 1 {
			t.Errorf("public roll event %+v, want the name only", e)
		}
		if v := view(g, 1); v.ShadowRoll != g.roll[1] || v.Allows == nil {
			t.Errorf("view of the roller %+v", v)
		}
		if v := view(g, 2); v.ShadowRoll != 0 || strings.Contains(seatJSON(g, 2), "shadow_roll") {
			t.Errorf("another seat sees the roll")
		}
		if k := refuse(t, g, 1, "roll", engine.ErrIllegal); k != "sr.err.shadow_rolled" {
			t.Errorf("SR-14: roll twice: %s, want sr.err.shadow_rolled", k)
		}
		refuse(t, g, 2, "rolled 3", engine.ErrIllegal)
	})
	t.Run("1: own silhouette", func(t *testing.T) {
		g, s := seatWith(t, physical7(), func(c Character) bool { return c.ID == "rag" })
		for i := 0; i < 7; i++ {
			apply(t, g, engine.Seat(i), "keep")
		}
		refuse(t, g, s, "pick rag1", engine.ErrIllegal)
		apply(t, g, s, "rolled 1")
		if got := withPrefix(g.Legal(s), "pick"); !reflect.DeepEqual(got, names(g, []string{"rag1", "rag2"})) {
			t.Errorf("roll 1 for Rag offers %v, want rag1 rag2", got)
		}
		if k := refuse(t, g, s, "pick locke", engine.ErrIllegal); k != "sr.err.roll_forbids" {
			t.Errorf("pick locke = %s", k)
		}
	})
	t.Run("1: own taken, any", func(t *testing.T) {
		g, s := seatWith(t, physical7(), func(c Character) bool { return c.ID == "nagato" })
		for i := 0; i < 7; i++ {
			apply(t, g, engine.Seat(i), "keep")
		}
		var others []engine.Seat
		for i := 0; i < 7; i++ {
			if engine.Seat(i) != s {
				others = append(others, engine.Seat(i))
			}
		}
		apply(t, g, s, "rolled 1")
		apply(t, g, others[0], "rolled 6")
		apply(t, g, others[0], "pick nagato")
		if got := withPrefix(g.Legal(s), "pick"); !reflect.DeepEqual(got, []string{"pick nagato"}) {
			t.Errorf("one copy left: Legal %v", got)
		}
		apply(t, g, others[1], "rolled 4")
		apply(t, g, others[1], "pick nagato") // picks go in the order confirmed
		if got := withPrefix(g.Legal(s), "pick"); !reflect.DeepEqual(got, allWithCopies(g)) || len(got) != 34 {
			t.Errorf("every copy of Nagato taken: Legal %v, want any of 34", got)
		}
		if k := refuse(t, g, others[2], "pick nagato", engine.ErrIllegal); k != "sr.err.roll_first" {
			t.Errorf("pick before rolling = %s", k)
		}
		apply(t, g, others[2], "rolled 3")
		if k := refuse(t, g, others[2], "pick nagato", engine.ErrIllegal); k != "sr.err.none_left" {
			t.Errorf("pick with no copy left = %s", k)
		}
	})
	t.Run("2-5 any, 6 Evil", func(t *testing.T) {
		g := newGame(t, physical7(), 3)
		dealAndKeep(t, g)
		for n := 2; n <= 5; n++ {
			apply(t, g, engine.Seat(n-2), fmt.Sprint("rolled ", n))
			if got := withPrefix(g.Legal(engine.Seat(n-2)), "pick"); !reflect.DeepEqual(got, allWithCopies(g)) {
				t.Errorf("roll %d offers %v", n, got)
			}
		}
		apply(t, g, 4, "rolled 6")
		if got := withPrefix(g.Legal(4), "pick"); !reflect.DeepEqual(got, allWithCopies(g, Evil)) || len(got) != 8 {
			t.Errorf("roll 6 offers %v, want the 8 Evil silhouettes", got)
		}
		if k := refuse(t, g, 4, "pick locke", engine.ErrIllegal); k != "sr.err.roll_forbids" {
			t.Errorf("roll 6, pick locke = %s", k)
		}
		evs := apply(t, g, 4, "pick ライオット")
		if g.pick[4] != silIndex(t, g, "riot") {
			t.Errorf("pick by Japanese name chose %d", g.pick[4])
		}
		if pv := find(evs, "sr.pv.picked"); len(pv) != 1 || pv[0].To[0] != 4 {
			t.Errorf("pick told %+v", pv)
		}
		if err := eventsOK(g, evs); err != nil {
			t.Error(err)
		}
		if p := pub(g).Players[4]; !p.Picked || p.Silhouette != nil {
			t.Errorf("public player after a pick %+v", p)
		}
		if k := refuse(t, g, 4, "pick nagato", engine.ErrIllegal); k != "sr.err.already_picked" {
			t.Errorf("SR-14: pick twice: %s, want sr.err.already_picked", k)
		}
	})
}

// SR-15
func TestSR15Reveal(t *testing.T) {
	t.Run("all at once", func(t *testing.T) {
		g := newGame(t, physical7(), 4)
		dealAndKeep(t, g)
		evs := shadow(t, g, "locke", "adel", "riot", "soi", "elmi", "flora")
		if len(find(evs, "sr.ev.silhouette")) != 0 || strings.Contains(seatJSON(g, engine.Public), ".sil.") {
			t.Fatalf("SR-15: a silhouette is public before everyone picked")
		}
		evs = append(apply(t, g, 6, "rolled 5"), apply(t, g, 6, "pick wong")...)
		if err := eventsOK(g, evs); err != nil {
			t.Fatal(err)
		}
		rev := find(evs, "sr.ev.silhouette")
		if len(rev) != 7 || !rev[0].Reveal || rev[2].Args["silhouette"] != "@sr.kmc.sil.riot" || rev[2].Args["player"] != "Chika" {
			t.Errorf("SR-15: reveal events %+v", rev)
		}
		if len(find(evs, "sr.do.silhouettes")) != 1 {
			t.Errorf("SR-15: no table instruction to lay the silhouettes")
		}
		// One Evil silhouette: no switch is possible; the base player is Chika.
		if g.phase != AmbushPhase || !g.Base(2) || g.Base(0) {
			t.Errorf("SR-15/16: phase %v, base %v", g.phase, pub(g).Players)
		}
	})
	for _, tc := range []struct {
		name, missing string
		picks         []string
	}{
		{"no Evil", "@sr.attr.evil", []string{"locke", "adel", "soi", "tres", "elmi", "flora", "wong"}},
		{"no Good", "@sr.attr.good", []string{"riot", "nagato", "elmi", "wong", "jessica", "leon", "hijiri"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, physical7(), 4)
			dealAndKeep(t, g)
			evs := shadow(t, g, tc.picks...)
			if e := find(evs, "sr.ev.reroll"); len(e) != 1 || e[0].Args["attr"] != tc.missing {
				t.Errorf("SR-15: events %+v, want a re-roll for %s", evs, tc.missing)
			}
			if g.phase != ShadowPhase || g.shadowRounds != 2 || g.roll[0] != 0 || g.pick[0] != -1 || g.left[silIndex(t, g, "elmi")] != 2 {
				t.Errorf("SR-15: after the re-roll phase %v round %d roll %v pick %v", g.phase, g.shadowRounds, g.roll, g.pick)
			}
			if len(find(evs, "sr.do.silhouettes_back")) != 1 {
				t.Errorf("SR-15: no table instruction to put the silhouettes back")
			}
		})
	}
	t.Run("switch away from Evil", func(t *testing.T) {
		g := newGame(t, physical7(), 4)
		dealAndKeep(t, g)
		evs := shadow(t, g, "riot", "adel", "riot", "nagato", "elmi", "flora", "wong")
		if g.phase != LineupPhase || len(find(evs, "sr.ev.lineup")) != 1 {
			t.Fatalf("SR-15: three Evil: phase %v", g.phase)
		}
		for s := 0; s < 7; s++ {
			c := g.Legal(engine.Seat(s))
			sw := withPrefix(c, "switch")
			if evil := s == 0 || s == 2 || s == 3; evil != (len(sw) > 0) {
				t.Errorf("SR-15: seat %d switches %v", s, sw)
			}
			for _, a := range sw {
				if i := silIndex(t, g, strings.TrimPrefix(a, "switch ")); g.sil(i).Attr == Evil || g.left[i] == 0 {
					t.Errorf("SR-15: seat %d offered %s", s, a)
				}
			}
			if evil := s == 0 || s == 2 || s == 3; evil != (len(withPrefix(c, "keep")) == 1) {
				t.Errorf("SR-15: seat %d keeps %v", s, actions(c))
			}
		}
		if k := refuse(t, g, 1, "switch locke", engine.ErrIllegal); k != "sr.err.switch_not_evil" {
			t.Errorf("switch by a Good silhouette = %s", k)
		}
		if k := refuse(t, g, 0, "switch nagato", engine.ErrIllegal); k != "sr.err.switch_to_evil" {
			t.Errorf("switch to Evil = %s", k)
		}
		evs = apply(t, g, 0, "switch locke")
		if e := find(evs, "sr.ev.switched"); len(e) != 1 || !e[0].IsPublic() || len(find(evs, "sr.do.switch")) != 1 {
			t.Errorf("SR-15: switch events %+v", evs)
		}
		if g.left[silIndex(t, g, "riot")] != 1 || g.left[silIndex(t, g, "locke")] != 1 {
			t.Errorf("SR-15: copies after the switch riot %d locke %d", g.left[silIndex(t, g, "riot")], g.left[silIndex(t, g, "locke")])
		}
		// A switch that leaves one Evil confirms the line-up.
		apply(t, g, 2, "switch locke")
		if g.phase != AmbushPhase || !g.Base(3) || g.Base(2) {
			t.Errorf("SR-15: one Evil left, phase %v", g.phase)
		}
		refuse(t, g, 3, "switch locke", engine.ErrIllegal)
	})
	t.Run("every Evil keeps", func(t *testing.T) {
		g := newGame(t, physical7(), 4)
		dealAndKeep(t, g)
		shadow(t, g, "riot", "adel", "riot", "nagato", "elmi", "flora", "wong")
		apply(t, g, 0, "keep")
		apply(t, g, 3, "keep")
		evs := apply(t, g, 2, "keep")
		if g.phase != AmbushPhase || len(find(evs, "sr.ev.base")) != 1 || find(evs, "sr.ev.base")[0].Args["players"] != "Aki, Chika, Dai" {
			t.Errorf("SR-15: the last keep's events %+v", evs)
		}
	})
}

// SR-16
func TestSR16Ambushes(t *testing.T) {
	t.Run("two base players", func(t *testing.T) {
		cfg := physical7()
		cfg.Board = PhysicalBoard
		g := newGame(t, cfg, 4)
		dealAndKeep(t, g)
		shadow(t, g, "adel", "riot", "soi", "nagato", "elmi", "flora", "wong")
		apply(t, g, 3, "keep")
		evs := apply(t, g, 1, "keep")
		if e := find(evs, "sr.ev.ambush_owners"); len(e) != 1 || e[0].Args["a"] != "Ben" || e[0].Args["b"] != "Dai" {
			t.Errorf("SR-16: ambush owners %+v, want A Ben, B Dai", e)
		}
		if len(find(evs, "sr.do.ambush_physical")) != 1 {
			t.Errorf("SR-16: no instruction to look away")
		}
		if got := withPrefix(g.Legal(1), "ambush B"); len(got) != 0 {
			t.Errorf("SR-16: Ben offered ambush B: %v", got)
		}
		if got := withPrefix(g.Legal(1), "ambush A"); len(got) != 36 {
			t.Errorf("SR-16: Ben offered %d squares, want 36", len(got))
		}
		if got := g.Legal(0); len(got) != 0 {
			t.Errorf("SR-16: a non-base player is offered %v", actions(got))
		}
		if k := refuse(t, g, 3, "ambush A 1-1", engine.ErrIllegal); k != "sr.err.not_your_ambush" {
			t.Errorf("Dai hides A = %s", k)
		}
		if k := refuse(t, g, 0, "ambush A 1-1", engine.ErrIllegal); k != "sr.err.ambush_base_only" {
			t.Errorf("SR-16: a non-base player hides an ambush: %s, want sr.err.ambush_base_only", k)
		}
		evs = apply(t, g, 1, "ambush A 3/4")
		if err := eventsOK(g, evs); err != nil {
			t.Fatal(err)
		}
		pv := find(evs, "sr.pv.ambush")
		if len(pv) != 1 || !reflect.DeepEqual(pv[0].To, []engine.Seat{1, 3}) || pv[0].Args["planet"] != "3" || pv[0].Args["square"] != "4" {
			t.Errorf("SR-16: private ambush event %+v, want told to both base players", pv)
		}
		if sw := find(evs, "sr.do.ambush_swap"); len(sw) != 1 || !sw[0].Table || sw[0].IsPublic() {
			t.Errorf("SR-16: swap instruction %+v", sw)
		}
		if strings.Contains(seatJSON(g, 0), "3-4") || strings.Contains(seatJSON(g, engine.Public), "3-4") {
			t.Errorf("SR-16: a non-base player sees the ambush square")
		}
		if v := view(g, 3); v.Ambushes[0].Square != "3-4" {
			t.Errorf("SR-16: the other base player's view %+v", v.Ambushes)
		}
		if k := refuse(t, g, 3, "ambush B 3-4", engine.ErrIllegal); k != "sr.err.ambush_same" {
			t.Errorf("B on A's square = %s", k)
		}
		if got := withPrefix(g.Legal(3), "ambush B"); len(got) != 35 {
			t.Errorf("SR-16: Dai offered %d squares, want 35", len(got))
		}
		if k := refuse(t, g, 1, "ambush A 1-1", engine.ErrIllegal); k != "sr.err.ambush_placed" {
			t.Errorf("A hidden twice = %s", k)
		}
		evs = apply(t, g, 3, "ambush b 6 6")
		if g.ambush != [2]int{2*6 + 3, 35} || g.phase != OrderPhase || len(find(evs, "sr.do.look_again")) != 1 {
			t.Errorf("SR-16: ambushes %v phase %v events %+v", g.ambush, g.phase, evs)
		}
	})
	t.Run("one base player hides both", func(t *testing.T) {
		g := newGame(t, physical7(), 4)
		dealAndKeep(t, g)
		evs := shadow(t, g, "adel", "riot", "soi", "tres", "elmi", "flora", "wong")
		if e := find(evs, "sr.ev.ambush_owners"); len(e) != 1 || e[0].Args["a"] != "Ben" || e[0].Args["b"] != "Ben" {
			t.Errorf("SR-16: owners %+v", e)
		}
		if len(find(evs, "sr.do.ambush_virtual")) != 1 {
			t.Errorf("SR-16: virtual board instruction missing")
		}
		if got := g.Legal(1); len(got) != 72 {
			t.Errorf("SR-16: Ben offered %d ambush squares, want 72", len(got))
		}
		apply(t, g, 1, "ambush B 1-1")
		apply(t, g, 1, "ambush A 1-2")
		if g.phase != OrderPhase {
			t.Errorf("phase %v", g.phase)
		}
	})
}

// toOrder plays to the turn-order roll with Ben the one base player.
func toOrder(t *testing.T, cfg Config) *Game {
	t.Helper()
	cfg.Dice = PhysicalDice
	g := newGame(t, cfg, 4)
	dealAndKeep(t, g)
	shadow(t, g, "adel", "riot", "soi", "tres", "elmi", "flora", "wong")
	apply(t, g, 1, "ambush A 1-1")
	apply(t, g, 1, "ambush B 1-2")
	return g
}

// SR-17
func TestSR17TurnOrder(t *testing.T) {
	g := toOrder(t, players(7))
	if got := g.Legal(1); len(got) != 0 {
		t.Errorf("SR-17: the base player rolls: %v", actions(got))
	}
	ch := g.Legal(0)
	if len(ch) != 6 || !ch[0].Public {
		t.Errorf("SR-17: non-base choices %v, want six public die faces", ch)
	}
	for s, n := range map[engine.Seat]int{0: 3, 2: 5, 3: 2, 4: 5, 5: 1} {
		apply(t, g, s, fmt.Sprint("rolled ", n))
	}
	evs := apply(t, g, 6, "rolled 4")
	if e := find(evs, "sr.ev.order_tie"); len(e) != 1 || e[0].Args["players"] != "Chika, Eri" {
		t.Errorf("SR-17: tie events %+v", evs)
	}
	if got := g.Legal(0); len(got) != 0 {
		t.Errorf("SR-17: Aki rolls again: %v", actions(got))
	}
	apply(t, g, 2, "rolled 6")
	evs = apply(t, g, 4, "rolled 6")
	if len(find(evs, "sr.ev.order_tie")) != 1 || g.phase != OrderPhase {
		t.Fatalf("SR-17: second tie not rolled again")
	}
	apply(t, g, 4, "rolled 2")
	evs = apply(t, g, 2, "rolled 3")
	if g.starter != 2 {
		t.Fatalf("SR-17: starter %d, want Chika (2)", g.starter)
	}
	want := []engine.Seat{2, 3, 4, 5, 6, 0}
	if got := g.PlanetOrder(); !reflect.DeepEqual(got, want) {
		t.Errorf("SR-17: planet order %v, want %v (left, without the base player)", got, want)
	}
	if got := g.TurnOrder(); !reflect.DeepEqual(got, []engine.Seat{2, 3, 4, 5, 6, 0, 1}) {
		t.Errorf("SR-17: turn order %v", got)
	}
	if e := find(evs, "sr.ev.order"); len(e) != 1 || e[0].Args["order"] != "Chika, Dai, Eri, Fumi, Gen, Aki" {
		t.Errorf("SR-17: order event %+v", e)
	}
	if p := pub(g).Players[4]; !reflect.DeepEqual(p.OrderRolls, []int{5, 6, 2}) {
		t.Errorf("SR-17: Eri's rolls %v", p.OrderRolls)
	}
	// Virtual dice: one button rolls everything, ties included.
	for seed := uint64(0); seed < 30; seed++ {
		cfg := players(7)
		g := newGame(t, cfg, seed)
		r := engine.NewRand(seed)
		for g.phase != OrderPhase {
			step(t, g, r)
		}
		for s := 0; s < 7; s++ {
			if ch := g.Legal(engine.Seat(s)); len(ch) != 1 || ch[0].Action != "roll" || !ch[0].Public {
				t.Fatalf("SR-17: virtual choices of seat %d: %v", s, ch)
			}
		}
		evs := apply(t, g, 0, "roll")
		for _, e := range find(evs, "sr.ev.order_roll") {
			if !e.Random || !e.IsPublic() {
				t.Errorf("SR-17: order roll event %+v", e)
			}
		}
		if g.phase != PlayPhase || g.Base(g.starter) {
			t.Errorf("SR-17: after the virtual roll phase %v starter %d", g.phase, g.starter)
		}
	}
}

// SR-18
func TestSR18PlanetCards(t *testing.T) {
	g := toOrder(t, players(7))
	for s, n := range map[engine.Seat]int{0: 6, 2: 5, 3: 2, 4: 5, 5: 1} {
		apply(t, g, s, fmt.Sprint("rolled ", n))
	}
	evs := apply(t, g, 6, "rolled 4")
	if err := eventsOK(g, evs); err != nil {
		t.Fatal(err)
	}
	// 6 non-base players: 3 cards (table 7.3), dealt to Ben alone.
	pv := find(evs, "sr.pv.planet_card")
	if len(pv) != 3 || len(g.hands[1]) != 3 {
		t.Fatalf("SR-18: %d private planet cards, hand %v, want 3", len(pv), g.hands[1])
	}
	for _, e := range pv {
		if !reflect.DeepEqual(e.To, []engine.Seat{1}) || !e.Random {
			t.Errorf("SR-18: planet card event %+v", e)
		}
	}
	if v := view(g, 1); len(v.Hand) != 3 {
		t.Errorf("SR-18: Ben's view hand %v", v.Hand)
	}
	if strings.Contains(seatJSON(g, 0), ".planet.") || strings.Contains(seatJSON(g, engine.Public), ".planet.") {
		t.Errorf("SR-18: another seat sees a planet card")
	}
	if p := pub(g).Players[1]; p.PlanetCards != 3 {
		t.Errorf("SR-18: public count %d", p.PlanetCards)
	}
	if g.phase != PlayPhase || len(find(evs, "sr.ev.ready")) != 1 || len(find(evs, "sr.do.planet_cards_virtual")) != 1 {
		t.Errorf("SR-18: phase %v events %+v", g.phase, evs)
	}
	// Physical board: an instruction, no cards in the tool.
	cfg := players(7)
	cfg.Board = PhysicalBoard
	g = toOrder(t, cfg)
	for s, n := range map[engine.Seat]int{0: 6, 2: 5, 3: 2, 4: 5, 5: 1, 6: 1} {
		evs = apply(t, g, s, fmt.Sprint("rolled ", n))
	}
	if e := find(evs, "sr.do.planet_cards_physical"); len(e) != 1 || e[0].Args["n"] != "3" || e[0].Args["players"] != "Ben" {
		t.Errorf("SR-18: physical board events %+v", evs)
	}
	if len(g.hands[1]) != 0 || pub(g).Players[1].PlanetCards != 3 {
		t.Errorf("SR-18: physical board hand %v", g.hands[1])
	}
	// Table 7.3 by the number of non-base players.
	counts := map[int]int{}
	for seed := uint64(0); seed < 60; seed++ {
		g := randomPrep(t, players(9), seed, func(*Game, []engine.Event) {})
		nb := len(g.PlanetOrder())
		for s := 0; s < 9; s++ {
			// SR-23 may have used some at once, when SR-22 ended the
			// planet phase before it began.
			if g.Base(engine.Seat(s)) && !g.planetOver && len(g.hands[s]) != Default().PlanetCardsFor(nb) {
				t.Fatalf("SR-18: %d non-base, base seat %d holds %d", nb, s, len(g.hands[s]))
			}
		}
		counts[nb]++
	}
	var seen []int
	for nb := range counts {
		seen = append(seen, nb)
	}
	sort.Ints(seen)
	t.Logf("non-base player counts seen: %v", seen)
}

// Decode reads what people type.
func TestDecode(t *testing.T) {
	g := newGame(t, players(6), 1)
	for in, want := range map[string]string{
		"DEAL": "deal", " keep ": "keep", "rolled 6": "rolled 6", "pick Dr. Wong": "pick wong", "pick ロード・レオン": "pick leon",
		"pick RAG1": "pick rag1", "switch Teo (Raisa)": "switch teo", "ambush a 3-4": "ambush A 3-4", "ambush B 6/6": "ambush B 6-6",
		"ambush A 2 5": "ambush A 2-5", "ambush A 25": "ambush A 2-5",
	} {
		if got, err := g.Decode(0, in); err != nil || string(got) != want {
			t.Errorf("Decode(%q) = %q, %v, want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "fly", "rolled 7", "rolled", "pick", "pick nobody", "ambush C 1-1", "ambush A 7-1", "ambush A 1-0", "deal now"} {
		if _, err := g.Decode(0, in); err == nil {
			t.Errorf("Decode(%q) = nil error", in)
		}
	}
}

// SR-22, for the first deal: a base player dealt three or more information
// cards shows them and the planet phase ends at once.
func TestSR22InformationInFirstDeal(t *testing.T) {
	found := 0
	for seed := uint64(0); seed < 400 && found < 3; seed++ {
		var last []engine.Event
		g := randomPrep(t, configs(5)[0], seed, func(_ *Game, evs []engine.Event) { last = evs })
		if !g.planetOver {
			if pub(g).PlanetPhaseOver || len(find(last, "sr.ev.info_first_deal")) != 0 {
				t.Fatalf("seed %d: the planet phase ends without three information cards", seed)
			}
			continue
		}
		found++
		shown := find(last, "sr.ev.info_first_deal")
		if len(shown) == 0 || !shown[0].Reveal || !shown[0].IsPublic() || len(find(last, "sr.do.planet_over_info")) != 1 {
			t.Errorf("seed %d: events %+v", seed, last)
		}
		if err := stateOK(g); err != nil {
			t.Fatal(err)
		}
		if err := noLeak(g, engine.NewRand(seed), 5); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !pub(g).PlanetPhaseOver {
			t.Errorf("seed %d: the public view does not say the planet phase is over", seed)
		}
	}
	if found == 0 {
		t.Fatalf("no seed dealt three information cards")
	}
}
