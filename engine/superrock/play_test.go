package superrock

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"tablemaster/engine"
)

// Tests of SR-30 … SR-34 and SR-40 … SR-43. Each starts from toPlay: seven
// players, Ben (seat 1) the one base player, Chika (seat 2) to start.
// Most then cast the characters they need onto the seats (an unusual
// position: it skips the deal of table 7.1).

func toPlay(t *testing.T) *Game {
	t.Helper()
	g := toOrder(t, players(7))
	for s, n := range map[engine.Seat]int{0: 3, 2: 6, 3: 2, 4: 5, 5: 1, 6: 1} {
		apply(t, g, s, "rolled "+string(rune('0'+n)))
	}
	if g.phase != PlayPhase {
		t.Fatalf("toPlay ended in phase %v", g.phase)
	}
	return g
}

// cast puts characters, by id, on seats 0, 1, …
func cast(t *testing.T, g *Game, ids ...string) {
	t.Helper()
	for s, id := range ids {
		found := false
		for i, c := range g.data.Characters {
			if c.ID == id {
				g.char[s], found = i, true
			}
		}
		if !found {
			t.Fatalf("no character %s", id)
		}
	}
}

var seven = []string{"locke1", "riot", "elmi", "amazona", "jessica", "wong", "hijiri"}

// SR-30, SR-31
func TestSR30SR31IdentityRevealed(t *testing.T) {
	g := toPlay(t)
	cast(t, g, seven...)
	evs := apply(t, g, 0, "identity Ben")
	if err := eventsOK(g, evs); err != nil {
		t.Fatal(err)
	}
	pv := find(evs, "sr.pv.sees")
	if len(pv) != 1 || !reflect.DeepEqual(pv[0].To, []engine.Seat{0}) || pv[0].Args["character"] != "@sr.kmc.char.riot" {
		t.Errorf("SR-31: private event %+v, want Riot to Aki alone", pv)
	}
	if v := view(g, 0); len(v.Known) != 1 || v.Known[0].Seat != 1 || v.Known[0].Character.ID != "riot" {
		t.Errorf("SR-30: Aki's known characters %+v", v.Known)
	}
	if p := pub(g); !reflect.DeepEqual(p.Players[0].Seen, []engine.Seat{1}) || p.Players[1].Character != nil {
		t.Errorf("SR-30: public ledger %+v", p.Players[:2])
	}
	for _, s := range []engine.Seat{engine.Public, 2, 3} {
		if strings.Contains(seatJSON(g, s), "riot\"") && strings.Contains(seatJSON(g, s), ".char.riot") {
			t.Errorf("SR-31: seat %d sees Riot", s)
		}
	}
	if k := refuse(t, g, 0, "identity Ben", engine.ErrIllegal); k != "sr.err.already_seen" {
		t.Errorf("SR-31: again = %s", k)
	}
	if k := refuse(t, g, 0, "identity Aki", engine.ErrIllegal); k != "sr.err.self" {
		t.Errorf("SR-31: self = %s", k)
	}
	refuse(t, g, 0, "identity Zed", engine.ErrNotation)
}

// SR-32
func TestSR32OwnIdentityExposed(t *testing.T) {
	g := toPlay(t)
	cast(t, g, seven...)
	evs := apply(t, g, 3, "expose")
	if e := find(evs, "sr.ev.exposed"); len(e) != 1 || !e[0].IsPublic() || !e[0].Reveal || e[0].Args["character"] != "@sr.kmc.char.amazona" {
		t.Errorf("SR-32: events %+v", evs)
	}
	if p := pub(g).Players[3]; !p.Exposed || p.Character == nil || p.Character.ID != "amazona" {
		t.Errorf("SR-32: public player %+v", p)
	}
	refuse(t, g, 3, "expose", engine.ErrIllegal)
	// Dai can no longer veto (SR-40).
	apply(t, g, 2, "declare")
	if d := pub(g).Declaration; d == nil || reflect.DeepEqual(d.Order, []engine.Seat{3, 4, 5, 6, 0, 1}) || slices.Contains(d.Order, 3) {
		t.Errorf("SR-32: answerers %+v include the exposed Dai", d)
	}
}

// SR-33
func TestSR33TelepathyConversionDisintegration(t *testing.T) {
	g := toPlay(t)
	cast(t, g, seven...)
	evs := apply(t, g, 2, "telepathy Aki")
	if pv := find(evs, "sr.pv.sees"); len(pv) != 1 || pv[0].To[0] != 2 || pv[0].Args["character"] != "@sr.kmc.char.locke1" {
		t.Errorf("SR-33 telepathy: %+v", evs)
	}
	// A Locke shows their own card to the target.
	if !slices.Contains(actions2seats(g, 0, "convert "), 3) {
		t.Errorf("SR-33: Locke 1 is not offered a conversion check on Dai: %v", actions(g.Legal(0)))
	}
	if got := withPrefix(g.Legal(1), "convert"); len(got) != 0 {
		t.Errorf("SR-33: Riot is offered %v", got)
	}
	if k := refuse(t, g, 1, "convert Dai", engine.ErrIllegal); k != "sr.err.not_locke" {
		t.Errorf("SR-33: convert by Riot = %s", k)
	}
	evs = apply(t, g, 0, "convert Dai")
	if pv := find(evs, "sr.pv.sees"); len(pv) != 1 || pv[0].To[0] != 3 || pv[0].Args["character"] != "@sr.kmc.char.locke1" {
		t.Errorf("SR-33 convert: %+v", evs)
	}
	if !g.Seen(3, 0) || g.Seen(0, 3) {
		t.Errorf("SR-33: ledger after convert: Dai saw Aki %v, Aki saw Dai %v", g.Seen(3, 0), g.Seen(0, 3))
	}
	apply(t, g, 0, "converted Dai")
	if g.attr(3) != Good {
		t.Errorf("SR-33: Amazona (E/G) after a successful conversion is %v, want Good", g.attr(3))
	}
	apply(t, g, 3, "dies Dai")
	apply(t, g, 0, "revives Dai")
	if g.attr(3) != Evil {
		t.Errorf("table 2.2: Amazona back to life is %v, want Evil", g.attr(3))
	}
	// Jessica shows her card to everyone.
	if k := refuse(t, g, 0, "disintegrate", engine.ErrIllegal); k != "sr.err.not_jessica" {
		t.Errorf("SR-33: disintegrate by Locke = %s", k)
	}
	evs = apply(t, g, 4, "disintegrate")
	if e := find(evs, "sr.ev.disintegrate"); len(e) != 1 || !e[0].Reveal || !e[0].IsPublic() {
		t.Errorf("SR-33 disintegrate: %+v", evs)
	}
	if p := pub(g).Players[4]; p.Character == nil || p.Exposed {
		t.Errorf("SR-33: Jessica public %+v, want her card shown, not exposed", p)
	}
}

func actions2seats(g *Game, s engine.Seat, prefix string) []engine.Seat {
	var out []engine.Seat
	for _, a := range withPrefix(g.Legal(s), prefix) {
		if t, ok := g.seat(strings.TrimPrefix(a, prefix)); ok {
			out = append(out, t)
		}
	}
	return out
}

// SR-34
func TestSR34Transformation(t *testing.T) {
	g := toPlay(t)
	apply(t, g, 0, "identity Ben")
	apply(t, g, 2, "telepathy Ben")
	old := g.char[1]
	pile := g.undrawn()
	evs := apply(t, g, 1, "transform")
	if err := eventsOK(g, evs); err != nil {
		t.Fatal(err)
	}
	if g.char[1] == old || !slices.Contains(pile, g.char[1]) || !slices.Contains(g.gone, old) {
		t.Errorf("SR-34: %d → %d, want a card from the pile %v", old, g.char[1], pile)
	}
	if pv := find(evs, "sr.pv.character"); len(pv) != 1 || pv[0].To[0] != 1 || !pv[0].Random {
		t.Errorf("SR-34: private deal %+v", pv)
	}
	if g.Seen(0, 1) || g.Seen(2, 1) || len(view(g, 0).Known) != 0 {
		t.Errorf("SR-34: ledger entries about Ben remain")
	}
	if err := stateOK(g); err != nil {
		t.Error(err)
	}
	// 11.1.4: a transformation cancels a pending declaration.
	apply(t, g, 2, "declare")
	evs = apply(t, g, 5, "transform")
	if g.phase != PlayPhase || len(find(evs, "sr.ev.decl_cancelled")) != 1 {
		t.Errorf("SR-34: phase %v after a transformation during a declaration", g.phase)
	}
}

// SR-40
func TestSR40Declaration(t *testing.T) {
	g := toPlay(t)
	cast(t, g, seven...)
	apply(t, g, 2, "identity Dai")
	apply(t, g, 0, "dies Fumi")
	refuse(t, g, 5, "declare", engine.ErrIllegal)
	evs := apply(t, g, 2, "declare")
	d := pub(g).Declaration
	// Going left from Chika: Dai (seen by Chika), Fumi (dead) do not answer.
	if want := []engine.Seat{4, 6, 0, 1}; d == nil || !reflect.DeepEqual(d.Order, want) {
		t.Fatalf("SR-40: order %+v, want %v", d, want)
	}
	if e := find(evs, "sr.ev.declare"); len(e) != 1 || e[0].Args["order"] != "Eri, Gen, Aki, Ben" {
		t.Errorf("SR-40: %+v", evs)
	}
	for s := 0; s < 7; s++ {
		want := map[int][]string{4: {"accept", "veto"}}[s]
		if got := actions(g.Legal(engine.Seat(s))); len(got) != len(want) || len(want) > 0 && !reflect.DeepEqual(got, want) {
			t.Errorf("SR-40: seat %d Legal %v, want %v", s, got, want)
		}
	}
	if k := refuse(t, g, 6, "accept", engine.ErrIllegal); k != "sr.err.answer_wait" {
		t.Errorf("SR-40: an answer out of order: %s, want sr.err.answer_wait", k)
	}
	apply(t, g, 4, "accept")
	apply(t, g, 6, "veto")
	if g.phase != OverridePhase {
		t.Fatalf("SR-40: phase %v after a veto", g.phase)
	}
	// Chika is Elmi with 1 of 6 others dead: no override (SR-41).
	if got := actions(g.Legal(2)); !reflect.DeepEqual(got, []string{"withdraw"}) {
		t.Errorf("SR-41: Elmi without half dead may %v", got)
	}
	apply(t, g, 2, "withdraw")
	if g.phase != PlayPhase || pub(g).Declaration != nil {
		t.Errorf("SR-40: after withdrawing phase %v", g.phase)
	}
	// Nobody vetoes: the declaration stands and the game ends (SR-42).
	apply(t, g, 0, "declare")
	for _, s := range pub(g).Declaration.Order {
		apply(t, g, s, "accept")
	}
	if g.phase != ConfirmPhase {
		t.Fatalf("SR-40: phase %v after every accept", g.phase)
	}
}

// SR-41
func TestSR41Overrides(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cast  []string
		setup []string // actions as "seat action"
		ok    bool
	}{
		{"Elmi, half the others dead", seven, []string{"0 dies Aki", "0 dies Ben", "0 dies Dai"}, true},
		{"Elmi, too few dead", seven, []string{"0 dies Aki", "0 dies Ben"}, false},
		{"Dr. Wong, half of all dead", []string{"locke1", "riot", "wong", "amazona", "jessica", "elmi", "hijiri"}, []string{"0 dies Aki", "0 dies Ben", "0 dies Dai", "0 dies Eri"}, true},
		{"Dr. Wong, three of seven", []string{"locke1", "riot", "wong", "amazona", "jessica", "elmi", "hijiri"}, []string{"0 dies Aki", "0 dies Ben", "0 dies Dai"}, false},
		{"S-Stroheim saw Locke, Locke dead", []string{"locke1", "riot", "stroheim-s", "amazona", "jessica", "elmi", "hijiri"}, []string{"2 telepathy Aki", "0 dies Aki"}, true},
		{"S-Stroheim, Locke dead unseen", []string{"locke1", "riot", "stroheim-s", "amazona", "jessica", "elmi", "hijiri"}, []string{"0 dies Aki"}, false},
		{"Lord Leon, those seen are low", []string{"francis", "nia", "leon", "cornelia", "jessica", "marian", "hijiri"},
			[]string{"2 identity Aki", "2 telepathy Ben"}, true},
		{"Lord Leon, a level 6 seen", []string{"locke1", "nia", "leon", "cornelia", "jessica", "marian", "hijiri"},
			[]string{"2 identity Aki"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := toPlay(t)
			cast(t, g, tc.cast...)
			for _, a := range tc.setup {
				apply(t, g, engine.Seat(a[0]-'0'), a[2:])
			}
			apply(t, g, 2, "declare")
			if len(g.decl.order) == 0 {
				t.Fatalf("nobody answers")
			}
			apply(t, g, g.decl.order[0], "veto")
			if got := withPrefix(g.Legal(2), "override"); (len(got) == 1) != tc.ok {
				t.Fatalf("SR-41: override offered %v, want %v", got, tc.ok)
			}
			if !tc.ok {
				if k := refuse(t, g, 2, "override", engine.ErrIllegal); k != "sr.err.no_override" {
					t.Errorf("SR-41: override = %s", k)
				}
				return
			}
			evs := apply(t, g, 2, "override")
			if e := find(evs, "sr.ev.override"); len(e) != 1 || !e[0].Reveal || !strings.HasPrefix(e[0].Args["reason"], "@sr.override.") {
				t.Errorf("SR-41: events %+v", evs)
			}
			if g.phase != ConfirmPhase || !strings.Contains(engine.EN.Text(g.outcome.Reason)+engine.EN.Text(pub(g).Status), "") {
				t.Errorf("SR-41: phase %v", g.phase)
			}
		})
	}
}

// SR-42
func TestSR42Ends(t *testing.T) {
	g := toPlay(t)
	cast(t, g, seven...)
	if k := refuse(t, g, 0, "end alone", engine.ErrIllegal); k != "sr.err.end_alone" {
		t.Errorf("end alone with 7 alive = %s", k)
	}
	if k := refuse(t, g, 0, "end all-dead", engine.ErrIllegal); k != "sr.err.end_all_dead" {
		t.Errorf("end all-dead = %s", k)
	}
	if k := refuse(t, g, 0, "end king", engine.ErrIllegal); k != "sr.err.not_hijiri" {
		t.Errorf("end king by Locke = %s", k)
	}
	if got := withPrefix(g.Legal(6), "end king"); len(got) != 1 {
		t.Errorf("Hijiri is not offered end king: %v", actions(g.Legal(6)))
	}
	// Decision: "all four hubs are destroyed" cannot end a game before the
	// secret base phase, where the hubs are placed (SR-25, SR-27); a death
	// and the game's end ask for a second tap on a phone.
	if g.Stage() >= BaseStage {
		t.Fatalf("stage %s, want before the secret base", g.Stage())
	}
	if k := refuse(t, g, 0, "end hubs", engine.ErrIllegal); k != "sr.err.end_no_hubs" {
		t.Errorf("end hubs in the planet phase = %s", k)
	}
	for _, c := range g.Legal(0) {
		a := string(c.Action)
		if a == "end hubs" {
			t.Errorf("end hubs is offered in the planet phase")
		}
		if confirm := strings.HasPrefix(a, "dies ") || strings.HasPrefix(a, "end "); c.Confirm != confirm {
			t.Errorf("%s: Confirm = %v, want %v", a, c.Confirm, confirm)
		}
	}
	evs := apply(t, g, 3, "end nova")
	fin := find(evs, "sr.ev.final")
	if len(fin) != 7 || !fin[0].Reveal || !fin[0].IsPublic() || len(find(evs, "sr.do.final")) != 1 {
		t.Errorf("SR-42: every character is revealed: %+v", evs)
	}
	for s := 0; s < 7; s++ {
		if pub(g).Players[s].Character == nil {
			t.Errorf("SR-42: seat %d's character is not public", s)
		}
	}
	refuse(t, g, 0, "declare", engine.ErrIllegal)
}

// SR-43
func TestSR43Grades(t *testing.T) {
	t.Run("nova", func(t *testing.T) {
		g := toPlay(t)
		// Good: Locke 1 (Aki); Evil: Riot (Ben), Amazona E/G (Dai); Special:
		// Elmi, Jessica, Dr. Wong, Hijiri.
		cast(t, g, seven...)
		apply(t, g, 0, "dies Aki")
		apply(t, g, 0, "end nova")
		// Nova: the Good attribute condition holds even with every Good dead
		// … but not when every Good and Evil is dead; here Riot lives.
		want := map[engine.Seat]bool{0: true, 1: false, 2: true, 3: false, 4: true, 5: true, 6: true}
		for s, w := range want {
			if got := g.attrWon(s); got != w {
				t.Errorf("SR-43: seat %d attribute condition %v, want %v", s, got, w)
			}
		}
		for s := 0; s < 7; s++ {
			got := withPrefix(g.Legal(engine.Seat(s)), "own ")
			if len(got) != 10 {
				t.Errorf("SR-43: seat %d may confirm %v, want the 5 players with their attribute condition", s, got)
			}
		}
		if k := refuse(t, g, 0, "own Ben won", engine.ErrIllegal); k != "sr.err.own_not_needed" {
			t.Errorf("own for an Evil loser = %s", k)
		}
		for _, a := range []string{"own Aki won", "own Chika lost", "own Eri won", "own Fumi won"} {
			apply(t, g, 0, a)
		}
		evs := apply(t, g, 0, "own Gen lost")
		if !g.outcome.Over || !reflect.DeepEqual(g.outcome.Winners, []engine.Seat{0, 4, 5}) {
			t.Fatalf("SR-43: outcome %+v", g.outcome)
		}
		grades := ""
		for s := 0; s < 7; s++ {
			grades += g.Grade(engine.Seat(s))
		}
		if grades != "BCCCAAC" {
			t.Errorf("SR-43: grades %s, want BCCCAAC", grades)
		}
		if e := find(evs, "sr.ev.grade"); len(e) != 7 || e[0].Args["grade"] != "@sr.grade.B" {
			t.Errorf("SR-43: grade events %+v", e)
		}
		if p := pub(g); !p.Over || p.Players[0].Grade != "B" || p.Players[0].Own != "met" {
			t.Errorf("SR-43: public view %+v", p.Players[0])
		}
		refuse(t, g, 0, "declare", engine.ErrIllegal)
	})
	t.Run("Evil wins", func(t *testing.T) {
		g := toPlay(t)
		cast(t, g, seven...)
		apply(t, g, 0, "dies Aki")
		apply(t, g, 1, "declare")
		for len(g.decl.order) > g.decl.next {
			apply(t, g, g.decl.order[g.decl.next], "accept")
		}
		// Riot and Amazona (unconverted E/G) meet the Evil condition.
		for s, w := range map[engine.Seat]bool{0: false, 1: true, 3: true} {
			if g.attrWon(s) != w {
				t.Errorf("SR-43: seat %d attribute condition %v, want %v", s, !w, w)
			}
		}
	})
	t.Run("king", func(t *testing.T) {
		g := toPlay(t)
		cast(t, g, seven...)
		apply(t, g, 6, "end king")
		if !g.outcome.Over || !reflect.DeepEqual(g.outcome.Winners, []engine.Seat{6}) || g.Grade(6) != "A" || g.Grade(0) != "C" {
			t.Errorf("SR-43: king outcome %+v", g.outcome)
		}
	})
}
