package noir

import (
	"reflect"
	"strings"
	"testing"

	"tablemaster/engine"
)

// One test per rule of rules/noir.md, section NA, and the NG rules played
// in the Automata variant (the NG tests in rules_test.go play them in the
// playing-card variant). Positions start from automataStandard: the
// Killer is ♠7 (B2) disguised as ♣3 (E3) and killed ♠A (A1); the
// Inspector is ♣Q (D5) with ♦9 ♦10 ♦J (A5 B5 C5).

// NA-1
func TestNA1SuspectsAndKills(t *testing.T) {
	t.Run("playing cards by default", func(t *testing.T) {
		g := automataStandard(t)
		if c := at(t, g, "C3"); c.Suspect != "♣A" {
			t.Errorf("C3 = %+v, want ♣A as in NC-2", c)
		}
		if p := pub(g); p.Variant != "automata" || p.KillsToWin != 10 {
			t.Errorf("Variant %q KillsToWin %d, want automata 10", p.Variant, p.KillsToWin)
		}
		if h := view(g, Inspector).Hand; len(h) != 3 || h[0].Evidence != "♦9" || h[0].Suspect != "♣9" {
			t.Errorf("hand = %+v, want ♦9 ♦10 ♦J naming ♣9 ♣10 ♣J", h)
		}
	})
	t.Run("roster", func(t *testing.T) {
		cfg := automata
		cfg.Roster = testRoster()
		g := New(cfg, 4)
		if c := at(t, g, "A1"); c.Suspect != "Malone" {
			t.Errorf("A1 = %+v, want Malone, the roster's first name", c)
		}
		if c := at(t, g, "A4"); c.Suspect != "Lady Grey" {
			t.Errorf("A4 = %+v, want Lady Grey", c)
		}
		stackDeck(t, g, "Albert", "Yolanda")
		play(t, g, "draw")
		if a, err := g.Decode(Killer, "kill lady  GREY"); err != nil || a != "kill Lady Grey" {
			// Lady Grey (A4) is not next to Albert (B1): Decode reads it all the same.
			t.Errorf("Decode(kill lady  GREY) = %q, %v, want kill Lady Grey", a, err)
		}
		if got := actions(g.Legal(Killer)); !reflect.DeepEqual(got, []string{"kill Malone", "kill Isaak", "kill Bruno", "kill Clive", "kill Dora"}) {
			t.Errorf("Legal = %v, want the five neighbours of Albert (B1) by name", got)
		}
		id := view(g, Killer).Identity
		if id.Evidence != "Albert" || id.Suspect != "Albert" {
			t.Errorf("identity = %+v, want the evidence card Albert naming Albert", id)
		}
	})
	t.Run("kills option", func(t *testing.T) {
		cfg := automata
		cfg.Kills = 14
		if New(cfg, 1).cfg.KillsToWin() != 14 || pub(New(cfg, 1)).KillsToWin != 14 {
			t.Errorf("kills 14 does not set the kills that win")
		}
	})
	t.Run("options checked", func(t *testing.T) {
		for _, tc := range []struct {
			cfg  Config
			want string
		}{
			{Config{Kills: 12}, "automata"},
			{Config{Roster: testRoster()}, "automata"},
			{Config{Variant: Automata, Kills: 25}, "between 1 and 24"},
			{Config{Variant: Automata, Roster: testRoster()[:24]}, "24 names, want 25"},
		} {
			if err := tc.cfg.Check(); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Check(%+v) = %v, want an error saying %q", tc.cfg, err, tc.want)
			}
		}
		if err := (Config{Variant: Automata, Kills: 16, Roster: testRoster()}).Check(); err != nil {
			t.Errorf("Check(automata, 16 kills, roster) = %v, want nil", err)
		}
	})
}

// NA-1: a roster file is read with every mistake told by its line.
func TestNA1RosterFile(t *testing.T) {
	good := "# Automata NOIR, first edition\n\n" + strings.Join(testRoster(), "\n") + "\n"
	names, err := ParseRoster(strings.NewReader("\ufeff" + good))
	if err != nil || !reflect.DeepEqual(names, testRoster()) {
		t.Fatalf("ParseRoster(good) = %v, %v", names, err)
	}
	lines := func(change func([]string) []string) string {
		return strings.Join(change(append([]string(nil), testRoster()...)), "\n")
	}
	for _, tc := range []struct {
		name, text, want string
	}{
		{"too few", lines(func(n []string) []string { return n[:20] }), "roster: 20 names, want 25 (the last is on line 20)"},
		{"too many", lines(func(n []string) []string { return append(n, "Zed") }), "roster line 26: \"Zed\" is name 26"},
		{"twice", lines(func(n []string) []string { n[9] = "malone"; return n }), "roster line 10: \"malone\" is already the name on line 1"},
		{"a cell", lines(func(n []string) []string { n[2] = "B3"; return n }), "roster line 3: \"B3\" reads as a cell"},
		{"too long", lines(func(n []string) []string { n[4] = "Inspector Lestrade of the Yard"; return n }), "roster line 5"},
		{"a tab", lines(func(n []string) []string { n[6] = "Clive\tJr"; return n }), "roster line 7"},
		{"@", lines(func(n []string) []string { n[7] = "@noir.yes"; return n }), "roster line 8"},
		{"empty", "", "the file has none"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseRoster(strings.NewReader(tc.text))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ParseRoster = %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// NA-2
func TestNA2Setup(t *testing.T) {
	g := New(automata, 1)
	stackDeck(t, g, "♥7", "♦3")
	evs := play(t, g, "draw")
	if g.killer != id(t, "♠7", false) || g.disguise != id(t, "♣3", false) {
		t.Fatalf("draw: identity %d, disguise %d, want ♠7 and ♣3", g.killer, g.disguise)
	}
	e, ok := find(evs, "noir.pv.identity_disguise")
	if !ok || !reflect.DeepEqual(e.To, []engine.Seat{Killer}) || e.Args["card"] != "♥7" || e.Args["dcard"] != "♦3" {
		t.Errorf("draw = %v, want the Killer alone told ♥7 and ♦3", evs)
	}
	if _, ok := find(evs, "noir.do.two_cards"); !ok {
		t.Errorf("draw = %v, want the table told where the two cards lie", evs)
	}
	v := view(g, Killer)
	if v.Identity == nil || v.Identity.Cell != "B2" || v.Disguise == nil || v.Disguise.Cell != "E3" {
		t.Errorf("Killer's view: identity %+v disguise %+v, want B2 and E3", v.Identity, v.Disguise)
	}
	if iv := view(g, Inspector); iv.Identity != nil || iv.Disguise != nil {
		t.Errorf("Inspector's view shows %+v %+v", iv.Identity, iv.Disguise)
	}
	if got := withPrefix(g.Legal(Killer), "kill"); len(got) != 8 {
		t.Errorf("first kill: Legal = %v, want the 8 neighbours of B2", got)
	}
	play(t, g, "kill ♠A")
	stackDeck(t, g, "♦Q", "♦9", "♦10", "♦J")
	play(t, g, "draw")
	if got := actions(g.Legal(Inspector)); !reflect.DeepEqual(got, []string{"keep ♦Q", "keep ♦9", "keep ♦10", "keep ♦J"}) {
		t.Errorf("Legal = %v, want keep one of the four", got)
	}
	play(t, g, "keep ♦10")
	if len(g.hand) != 3 || g.insp != id(t, "♣10", false) || g.Turn() != Killer {
		t.Errorf("after keep: hand %v, identity %d, turn %d", g.hand, g.insp, g.Turn())
	}
}

// NA-3
func TestNA3Actions(t *testing.T) {
	g := automataStandard(t)
	kinds := func(s engine.Seat) []string {
		var out []string
		seen := map[string]bool{}
		for _, c := range g.Legal(s) {
			k := strings.Fields(string(c.Action))[0]
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
		return out
	}
	if got := kinds(Killer); !reflect.DeepEqual(got, []string{"shift", "kill", "disguise"}) {
		t.Errorf("Killer's kinds = %v, want shift kill disguise (collapse needs a dead suspect in every line)", got)
	}
	play(t, g, "kill ♠2")
	if got := kinds(Inspector); !reflect.DeepEqual(got, []string{"shift", "arrest", "canvas", "accuse"}) {
		t.Errorf("Inspector's kinds = %v", got)
	}
	refuse(t, g, Inspector, "clear", engine.ErrIllegal)
	refuse(t, g, Inspector, "citizen ♦9", engine.ErrIllegal)
	refuse(t, g, Inspector, "disguise", engine.ErrNotation) // Automata's is "disguise swap" or "disguise pretend"
	refuse(t, g, Inspector, "disguise swap", engine.ErrIllegal)
	// The Killer cannot canvas or accuse, the Inspector cannot kill.
	play(t, g, "shift row 5 left")
	refuse(t, g, Killer, "canvas ♦9", engine.ErrIllegal)
	refuse(t, g, Killer, "accuse", engine.ErrIllegal)
	play(t, g, "kill ♠3")
	refuse(t, g, Inspector, "kill ♠8", engine.ErrIllegal)
}

// NA-4
func TestNA4NoUndoingTheLastShift(t *testing.T) {
	g := automataStandard(t)
	play(t, g, "shift row 3 left")
	err := refuse(t, g, Inspector, "shift row 3 right", engine.ErrIllegal)
	if msgKey(err) != "noir.err.undo_shift" {
		t.Errorf("refusal = %v, want noir.err.undo_shift", err)
	}
	play(t, g, "shift row 3 left") // the same way is allowed
	play(t, g, "shift row 1 right")
	play(t, g, "shift row 3 right") // not the shift just before
	// A position may come back (unlike NC-7's default rule).
	if g.cfg.ShiftRule != NoUndo {
		t.Errorf("ShiftRule = %v, want no-undo in Automata", g.cfg.ShiftRule)
	}
}

// NA-5
func TestNA5Collapse(t *testing.T) {
	// Kill down column A and B so every row has a dead suspect: ♠A (A1)
	// is dead; the Killer at B2 kills ♠6 (A2), then ♠J (A3) — and moves
	// down: shift col B down twice puts ♠7 at B4, then kills ♣4 (A4) and
	// ♣9 (A5).
	g := automataStandard(t)
	play(t, g, "kill ♠6", "arrest ♣Q", "kill ♠J", "arrest ♣Q",
		"shift col B down", "arrest ♣Q", "shift col B down", "arrest ♣Q", "kill ♣4", "arrest ♣Q")
	if err := g.collapsible(Row); err == nil || msgKey(err) != "noir.err.collapse_no_dead" {
		t.Fatalf("collapsible(rows) = %v, want row 5 without a dead suspect", err)
	}
	refuse(t, g, Killer, "collapse cols", engine.ErrIllegal)
	play(t, g, "kill ♣9", "arrest ♣Q")
	if got := withPrefix(g.Legal(Killer), "collapse"); !reflect.DeepEqual(got, []string{"collapse rows"}) {
		t.Fatalf("Legal collapse = %v, want collapse rows", got)
	}
	evs := play(t, g, "collapse rows")
	if _, ok := find(evs, "noir.ev.collapse_start.row"); !ok || g.phase != CollapsePick {
		t.Fatalf("collapse rows = %v, phase %v", evs, g.phase)
	}
	want := []string{"remove ♠A", "remove ♠6", "remove ♠J", "remove ♣4", "remove ♣9", "cancel"}
	if got := actions(g.Legal(Killer)); !reflect.DeepEqual(got, want) {
		t.Errorf("Legal = %v, want %v", got, want)
	}
	refuse(t, g, Killer, "remove C3", engine.ErrIllegal) // alive
	refuse(t, g, Inspector, "remove A1", engine.ErrNotYourTurn)
	play(t, g, "remove A1", "remove A2", "remove A3", "remove A4")
	if !at(t, g, "A1").Picked || pub(g).Collapse != "row" {
		t.Errorf("A1 not marked picked, or collapse %q", pub(g).Collapse)
	}
	err := refuse(t, g, Killer, "remove ♠A", engine.ErrIllegal)
	if msgKey(err) != "noir.err.line_taken" {
		t.Errorf("picking row 1 twice: %v", err)
	}
	// The Inspector holds ♦9, whose suspect ♣9 is about to leave.
	stackDeck(t, g, "♦2")
	evs = play(t, g, "remove A5")
	if g.grid.Rows() != 5 || g.grid.Cols() != 4 {
		t.Fatalf("grid %d×%d, want 5×4", g.grid.Rows(), g.grid.Cols())
	}
	if got := layout(g)[0]; !reflect.DeepEqual(got, []string{"♣5", "♠3", "♠4", "♠5"}) { // ♣5 came down column B
		t.Errorf("row 1 = %v, want the rest closed up in order", got)
	}
	if e, ok := find(evs, "noir.do.collapse.row"); !ok || !strings.Contains(e.Args["cards"], "♠A (A1)") {
		t.Errorf("events %v, want the table told which cards to take away", evs)
	}
	if e, ok := find(evs, "noir.ev.hand_gone"); !ok || e.Args["cards"] != "♦9" || !e.IsPublic() {
		t.Errorf("events %v, want ♦9 discarded publicly", evs)
	}
	if e, ok := find(evs, "noir.pv.drew_cards"); !ok || !reflect.DeepEqual(e.To, []engine.Seat{Inspector}) || !strings.Contains(e.Args["cards"], "♦2") {
		t.Errorf("events %v, want the Inspector told ♦2", evs)
	}
	if len(g.hand) != 3 || contains(g.hand, id(t, "♣9", false)) {
		t.Errorf("hand %v after the Collapse", g.hand)
	}
	if g.kills != 5 || len(g.removedOrder) != 5 || g.Turn() != Inspector {
		t.Errorf("kills %d removed %d turn %d, want 5 5 Inspector (removed dead still count)", g.kills, len(g.removedOrder), g.Turn())
	}
	// No line leaves by itself (NC-15 does not apply): kill a whole row.
	t.Run("cancel", func(t *testing.T) {
		g := automataStandard(t)
		play(t, g, "kill ♠6", "arrest ♣Q", "kill ♠J", "arrest ♣Q", "shift col B down", "arrest ♣Q",
			"shift col B down", "arrest ♣Q", "kill ♣4", "arrest ♣Q", "kill ♣9", "arrest ♣Q", "collapse rows", "remove A1")
		evs := play(t, g, "cancel")
		if _, ok := find(evs, "noir.ev.cancel"); !ok || g.phase != Play || g.Turn() != Killer || g.grid.Cols() != 5 {
			t.Errorf("cancel: %v, phase %v, turn %d", evs, g.phase, g.Turn())
		}
	})
}

// NA-5: a line whose suspects are all dead stays (NC-15 does not apply).
func TestNA5NoLineLeavesByItself(t *testing.T) {
	g := automataStandard(t)
	play(t, g, "kill ♠2", "arrest ♣Q", "kill ♠3", "arrest ♣Q", "shift row 2 right", "arrest ♣Q",
		"shift row 2 right", "arrest ♣Q", "kill ♠4", "arrest ♣Q", "kill ♠5")
	if g.grid.Rows() != 5 || len(g.removedOrder) != 0 {
		t.Errorf("grid %d rows, %d removed: the dead row 1 left by itself", g.grid.Rows(), len(g.removedOrder))
	}
}

// NA-6
func TestNA6Kill(t *testing.T) {
	t.Run("the Inspector", func(t *testing.T) {
		g := automataGame(t, automata, "♥7", "♦3", "♠A", [4]string{"♥8", "♦9", "♦10", "♦J"}, "♥8")
		evs := play(t, g, "kill ♠8")
		if !g.outcome.Over || g.outcome.Winners[0] != Killer || g.outcome.Reason.Key != "noir.win.killed_inspector" {
			t.Errorf("kill the Inspector: %+v", g.outcome)
		}
		if e, ok := find(evs, "noir.ev.reveal_disguise"); !ok || e.Args["disguise"] != "♣3" {
			t.Errorf("events %v, want the disguise revealed", evs)
		}
	})
	t.Run("ten kills", func(t *testing.T) {
		cfg := automata
		cfg.Kills = 3
		g := automataGame(t, cfg, "♥7", "♦3", "♠A", [4]string{"♦Q", "♦9", "♦10", "♦J"}, "♦Q")
		play(t, g, "kill ♠2", "arrest ♣Q")
		evs := play(t, g, "kill ♠3")
		if !g.outcome.Over || g.outcome.Reason.Key != "noir.win.kills" || g.outcome.Reason.Args["n"] != "3" {
			t.Errorf("third kill: %+v %v", g.outcome, evs)
		}
	})
	t.Run("an innocent", func(t *testing.T) {
		g := automataGame(t, automata, "♥7", "♦3", "♠A", [4]string{"♦Q", "♥8", "♦10", "♦J"}, "♦Q")
		play(t, g, "shift row 5 left", "canvas ♥8") // ♠8 (C2) innocent
		evs := play(t, g, "kill ♠8")
		e, ok := find(evs, "noir.ev.ask_inspector")
		if !ok || e.Args["answer"] != "@noir.no" || !e.IsPublic() {
			t.Errorf("kill ♠8 = %v, want the public answer no", evs)
		}
		if c := at(t, g, "C2"); !c.Dead || c.Innocent || c.Evidence != "" {
			t.Errorf("C2 = %+v, want dead with its evidence card taken off", c)
		}
		if p := pub(g); !reflect.DeepEqual(p.Discarded, []string{"♥8"}) {
			t.Errorf("discarded %v, want ♥8", p.Discarded)
		}
		if _, ok := find(evs, "noir.do.take_off"); !ok {
			t.Errorf("events %v, want the table told to take the card off", evs)
		}
	})
	t.Run("the disguise", func(t *testing.T) {
		g := automataGame(t, automata, "♥7", "♥8", "♠A", [4]string{"♦Q", "♦9", "♦10", "♦J"}, "♦Q")
		play(t, g, "kill ♠8", "arrest ♣Q")
		for _, a := range []string{"disguise swap", "disguise pretend"} {
			err := refuse(t, g, Killer, a, engine.ErrIllegal)
			if msgKey(err) != "noir.err.disguise_dead" {
				t.Errorf("%s after killing the disguise: %v", a, err)
			}
		}
		if got := withPrefix(g.Legal(Killer), "disguise"); len(got) != 0 {
			t.Errorf("Legal offers %v", got)
		}
	})
}

// NA-7
func TestNA7Disguise(t *testing.T) {
	for _, how := range []string{"swap", "pretend"} {
		t.Run(how, func(t *testing.T) {
			g := automataStandard(t)
			evs := play(t, g, "disguise "+how)
			wantID, wantDis := "♠7", "♣3"
			if how == "swap" {
				wantID, wantDis = wantDis, wantID
			}
			v := view(g, Killer)
			if v.Identity.Suspect != wantID || v.Disguise.Suspect != wantDis {
				t.Errorf("identity %s disguise %s, want %s %s", v.Identity.Suspect, v.Disguise.Suspect, wantID, wantDis)
			}
			var public []string
			for _, e := range evs {
				if e.IsPublic() {
					public = append(public, e.Key)
				} else if !reflect.DeepEqual(e.To, []engine.Seat{Killer}) || e.Reveal {
					t.Errorf("event %+v: want told to the Killer alone, not as a reveal", e)
				}
			}
			if !reflect.DeepEqual(public, []string{"noir.ev.disguised", "noir.do.disguise"}) {
				t.Errorf("public events %v", public)
			}
			if g.Turn() != Inspector {
				t.Errorf("turn %d after a Disguise", g.Turn())
			}
		})
	}
	t.Run("the table cannot tell", func(t *testing.T) {
		a, b := automataStandard(t), automataStandard(t)
		ea, eb := play(t, a, "disguise swap"), play(t, b, "disguise pretend")
		for _, s := range []engine.Seat{Inspector, engine.Public} {
			if seatJSON(a, s) != seatJSON(b, s) {
				t.Errorf("seat %d sees a difference between a real and a pretended Disguise", s)
			}
		}
		pubOf := func(evs []engine.Event) (out []engine.Event) {
			for _, e := range evs {
				if e.IsPublic() {
					out = append(out, e)
				}
			}
			return out
		}
		if !reflect.DeepEqual(pubOf(ea), pubOf(eb)) {
			t.Errorf("public events differ: %v %v", pubOf(ea), pubOf(eb))
		}
	})
}

// NA-8
func TestNA8Arrest(t *testing.T) {
	g := automataStandard(t)
	play(t, g, "kill ♠2")
	want := []string{"arrest ♣Q", "arrest ♣6", "arrest ♣7", "arrest ♣8", "arrest ♣J", "arrest Joker"}
	if got := withPrefix(g.Legal(Inspector), "arrest"); !reflect.DeepEqual(got, want) {
		t.Errorf("Legal arrests = %v, want %v", got, want)
	}
	refuse(t, g, Inspector, "arrest ♣3", engine.ErrIllegal) // E3 is not next to D5
	evs := play(t, g, "arrest ♣J")
	if _, ok := find(evs, "noir.ev.arrest_no"); !ok || g.Turn() != Killer {
		t.Errorf("arrest ♣J = %v, want no and the Killer's turn", evs)
	}
	refuse(t, g, Inspector, "arrest ♣Q", engine.ErrNotYourTurn)
	// Move the Killer next to the Inspector: ♠7 down column B to B4, then
	// row 4 right puts ♠7 at C4, next to ♣Q (D5).
	play(t, g, "shift col B down", "arrest ♣Q", "shift col B down", "arrest ♣Q", "shift row 4 right")
	evs = play(t, g, "arrest ♠7")
	if !g.outcome.Over || g.outcome.Winners[0] != Inspector || g.outcome.Reason.Key != "noir.win.arrested" {
		t.Errorf("arrest ♠7 = %v, %+v", evs, g.outcome)
	}
	t.Run("dead not offered", func(t *testing.T) {
		g := automataGame(t, automata, "♥7", "♦3", "♠A", [4]string{"♦A", "♦9", "♦10", "♦J"}, "♦A")
		play(t, g, "kill ♠8")
		if got := withPrefix(g.Legal(Inspector), "arrest ♠8"); len(got) != 0 {
			t.Errorf("Legal offers %v, a dead suspect", got)
		}
		refuse(t, g, Inspector, "arrest ♠8", engine.ErrIllegal)
	})
}

// NA-9
func TestNA9Canvas(t *testing.T) {
	g := automataStandard(t)
	play(t, g, "shift row 5 left") // ♦9 ♦10 ♦J's suspects now at E5 A5 B5
	stackDeck(t, g, "♥2")
	evs := play(t, g, "canvas ♦10")
	e, ok := find(evs, "noir.ev.ask_killer")
	if !ok || e.Args["answer"] != "@noir.no" || !e.IsPublic() || !e.Reveal {
		t.Errorf("canvas ♦10 = %v, want a public answer no, a reveal", evs)
	}
	if c := at(t, g, "A5"); !c.Innocent || c.Evidence != "♦10" {
		t.Errorf("A5 = %+v, want ♣10 innocent with ♦10", c)
	}
	if got := view(g, Inspector).Hand; len(got) != 3 || got[2].Evidence != "♥2" {
		t.Errorf("hand %+v, want three with ♥2 drawn", got)
	}
	if e, ok := find(evs, "noir.ev.inspector_draws"); !ok || e.Args["n"] != "1" || !e.Random {
		t.Errorf("events %v, want a public draw of 1", evs)
	}
	t.Run("on a dead suspect", func(t *testing.T) {
		g := automataGame(t, automata, "♥7", "♦3", "♠A", [4]string{"♦Q", "♥A", "♦10", "♦J"}, "♦Q")
		play(t, g, "shift row 5 left")
		evs := play(t, g, "canvas ♥A")
		if _, ok := find(evs, "noir.ev.canvas_dead"); !ok || at(t, g, "A1").Innocent || !reflect.DeepEqual(pub(g).Discarded, []string{"♥A"}) {
			t.Errorf("canvas ♥A on the dead ♠A = %v", evs)
		}
		if e, ok := find(evs, "noir.ev.ask_killer"); !ok || e.Args["answer"] != "@noir.yes" {
			t.Errorf("the Killer at B2 is next to ♠A: %v", evs)
		}
	})
	t.Run("empty deck", func(t *testing.T) {
		g := automataStandard(t)
		g.deck = nil
		play(t, g, "shift row 5 left")
		err := refuse(t, g, Inspector, "canvas ♦9", engine.ErrIllegal)
		if msgKey(err) != "noir.err.canvas_deck_empty" {
			t.Errorf("canvas with no deck: %v", err)
		}
	})
	t.Run("a drawn card of a removed suspect", func(t *testing.T) {
		g := automataStandard(t)
		g.removed[id(t, "♠A", false)] = true // as if a Collapse had taken it
		g.removedOrder = append(g.removedOrder, id(t, "♠A", false))
		g.grid = NewGrid(5, 5, seq(25)) // the test only needs the flag
		stackDeck(t, g, "♥A", "♥2")
		play(t, g, "shift row 5 left")
		evs := play(t, g, "canvas ♦9")
		if _, ok := find(evs, "noir.ev.drawn_gone"); !ok || contains(g.hand, 0) || !contains(g.hand, 1) {
			t.Errorf("drawing ♥A (♠A gone) = %v, hand %v, want ♥A discarded and ♥2 drawn", evs, g.hand)
		}
	})
}

// NA-10
func TestNA10Accuse(t *testing.T) {
	for _, tc := range []struct {
		name   string
		a, b   string
		winner engine.Seat
		reason string
	}{
		{"right", "♣3", "♠7", Inspector, "noir.win.accused"},
		{"right, other order", "B2", "E3", Inspector, "noir.win.accused"},
		{"dead allowed, wrong", "♠A", "♠7", Killer, "noir.win.wrong_accusation"},
		{"half right", "♠7", "♠8", Killer, "noir.win.wrong_accusation"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := automataStandard(t)
			play(t, g, "shift row 5 left", "accuse")
			if g.phase != AccusePick {
				t.Fatalf("phase %v", g.phase)
			}
			if n := len(withPrefix(g.Legal(Inspector), "name")); n != 25 {
				t.Errorf("%d suspects offered, want all 25", n)
			}
			play(t, g, "name "+tc.a)
			refuse(t, g, Inspector, "name "+tc.a, engine.ErrIllegal)
			for _, c := range g.Legal(Inspector) {
				if strings.HasPrefix(string(c.Action), "name") && (!c.Confirm || c.Group.Key != "noir.g.name_second") {
					t.Fatalf("second name %+v: want a confirmation that warns", c)
				}
			}
			evs := play(t, g, "name "+tc.b)
			if !g.outcome.Over || g.outcome.Winners[0] != tc.winner || g.outcome.Reason.Key != tc.reason {
				t.Errorf("accuse %s %s: %+v %v", tc.a, tc.b, g.outcome, evs)
			}
			if p := pub(g); p.KillerDisguise == nil || p.KillerDisguise.Suspect != "♣3" {
				t.Errorf("disguise not shown at the end: %+v", p.KillerDisguise)
			}
		})
	}
}

// NA-11 (and NG-2 in this variant): the grid does not wrap for adjacency.
func TestNA11CornersDoNotWrap(t *testing.T) {
	for _, tc := range []struct {
		identity string
		want     []string
	}{
		{"♥A", []string{"kill ♠2", "kill ♠6", "kill ♠7"}},
		{"Joker", []string{"kill ♣7", "kill ♣8", "kill ♣Q"}},
		{"♥5", []string{"kill ♠4", "kill ♠9", "kill ♠10"}},
	} {
		g := New(automata, 1)
		stackDeck(t, g, tc.identity, "♦2")
		play(t, g, "draw")
		if got := actions(g.Legal(Killer)); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("identity %s: Legal = %v, want %v", tc.identity, got, tc.want)
		}
	}
}

// NG-1 … NG-6 in the Automata variant.
func TestNGAutomata(t *testing.T) {
	t.Run("NG-1 cells", func(t *testing.T) {
		g := automataStandard(t)
		if a, err := g.Decode(Killer, "kill c1"); err != nil || a != "kill ♠3" {
			t.Errorf("Decode(kill c1) = %v, %v", a, err)
		}
		if p := pub(g); len(p.Grid) != 5 || len(p.Cols) != 5 {
			t.Errorf("grid %d×%d", len(p.Grid), len(p.Cols))
		}
	})
	t.Run("NG-3 shift wraps, markers travel", func(t *testing.T) {
		g := automataStandard(t)
		play(t, g, "shift row 1 left")
		if got := layout(g)[0]; !reflect.DeepEqual(got, []string{"♠2", "♠3", "♠4", "♠5", "♠A"}) || !at(t, g, "E1").Dead {
			t.Errorf("row 1 = %v, want ♠A wrapped to E1 with its chip", got)
		}
	})
	t.Run("NG-4 a Collapse keeps a rectangle and renames cells", func(t *testing.T) {
		gr := NewGrid(5, 5, seq(25))
		if !gr.Collapse(Col, []int{0, 6, 12, 18, 24}) {
			t.Fatal("Collapse refused")
		}
		want := []int{5, 1, 2, 3, 4, 10, 11, 7, 8, 9, 15, 16, 17, 13, 14, 20, 21, 22, 23, 19}
		if gr.Rows() != 4 || gr.Cols() != 5 || !reflect.DeepEqual(gr.cells, want) {
			t.Errorf("Collapse(cols, diagonal) = %d×%d %v, want 4×5 %v", gr.Rows(), gr.Cols(), gr.cells, want)
		}
		if gr.Collapse(Row, []int{1, 2}) || gr.Collapse(Row, []int{0, 7, 8, 13}) {
			t.Errorf("Collapse accepted a pick that is not one suspect of every line")
		}
		one := NewGrid(2, 1, []int{3, 4})
		if one.Collapse(Row, []int{3, 4}) {
			t.Errorf("Collapse emptied a one-column grid")
		}
	})
	t.Run("NG-5 states", func(t *testing.T) {
		g := automataGame(t, automata, "♥7", "♦3", "♠A", [4]string{"♦Q", "♥8", "♦10", "♦J"}, "♦Q")
		play(t, g, "shift row 5 left", "canvas ♥8")
		if c := at(t, g, "C2"); !c.Innocent || c.Dead || c.Evidence != "♥8" {
			t.Errorf("C2 = %+v, want alive and innocent", c)
		}
		if c := at(t, g, "A1"); !c.Dead || c.Innocent {
			t.Errorf("A1 = %+v, want dead", c)
		}
	})
	t.Run("NG-6 answers from the grid now", func(t *testing.T) {
		for _, tc := range []struct{ killer, want string }{
			{"shift row 4 left", "@noir.yes"}, // ♠J (A3) next to B2
			{"shift row 2 right", "@noir.no"}, // the Killer moved to C2
			{"shift col A down", "@noir.no"},  // ♠J moved to A4
			{"shift row 2 left", "@noir.yes"}, // the Killer at A2
		} {
			g := automataGame(t, automata, "♥7", "♦3", "♠A", [4]string{"♦Q", "♥J", "♦10", "♦J"}, "♦Q")
			evs := play(t, g, tc.killer, "canvas ♥J")
			if e, ok := find(evs, "noir.ev.ask_killer"); !ok || e.Args["answer"] != tc.want {
				t.Errorf("after %s: %v, want %s", tc.killer, evs, tc.want)
			}
		}
	})
}

// NA-7, principle 6: the instructions that take a Disguise back are the
// same whether it was real or pretended.
func TestNA7RestoreLooksTheSame(t *testing.T) {
	var got [2][]engine.Event
	for i, how := range []string{"disguise swap", "disguise pretend"} {
		g := automataStandard(t)
		before := g.Clone()
		evs := play(t, g, how)
		got[i] = before.Restore(Killer, engine.Action(how), evs)
		for _, e := range got[i] {
			if !e.IsPublic() {
				t.Errorf("%s: Restore tells only %v: %+v", how, e.To, e)
			}
		}
	}
	if !reflect.DeepEqual(got[0], got[1]) || len(got[0]) != 1 || got[0][0].Key != "noir.undo.disguise" {
		t.Errorf("Restore(swap) = %+v, Restore(pretend) = %+v, want the same noir.undo.disguise", got[0], got[1])
	}
}

// NA-2, NA-9 with a physical deck (NC-4): the Killer enters the identity,
// then the disguise; after a Canvas the Inspector enters the card drawn
// before the Killer moves; an entry naming the Killer's disguise stands
// as a draw, and the Killer's only move is then to show it (Decision, as
// NC-4), which ends the game.
func TestNA2PhysicalDeck(t *testing.T) {
	g := New(Config{Variant: Automata, Deck: Physical}, 1)
	if p := pub(g); p.Status.Key != "noir.ph.killer-identity-disguise" {
		t.Errorf("status %v", p.Status)
	}
	if c := g.Legal(Killer); len(c) != 25 || c[0].Group.Key != "noir.g.drew_identity" {
		t.Fatalf("Legal = %d choices, group %v, want 25 asking for the identity", len(c), c[0].Group)
	}
	refuse(t, g, Killer, "draw", engine.ErrIllegal)
	play(t, g, "drew ♥7")
	if c := g.Legal(Killer); len(c) != 24 || c[0].Group.Key != "noir.g.drew_disguise" {
		t.Fatalf("Legal = %d choices, group %v, want 24 asking for the disguise", len(c), c[0].Group)
	}
	evs := play(t, g, "drew ♦3")
	if g.killer != id(t, "♠7", false) || g.disguise != id(t, "♣3", false) || g.phase != KillerFirstKill {
		t.Fatalf("identity %d disguise %d phase %v", g.killer, g.disguise, g.phase)
	}
	if _, ok := find(evs, "noir.pv.identity_disguise"); !ok {
		t.Errorf("events %v, want the Killer told both", evs)
	}
	evs = play(t, g, "kill ♠A")
	if _, ok := find(evs, "noir.do.draw_four"); !ok {
		t.Errorf("events %v, want the Inspector told to draw four", evs)
	}
	play(t, g, "drew ♦Q", "drew ♦9", "drew ♦10", "drew ♦J", "keep ♦Q", "shift row 5 left")
	evs = play(t, g, "canvas ♦10")
	if e, ok := find(evs, "noir.do.draw_n"); !ok || e.Args["n"] != "1" || g.phase != RefillDraw || g.Turn() != Inspector {
		t.Fatalf("canvas: %v, phase %v turn %d, want the Inspector to enter 1 card", evs, g.phase, g.Turn())
	}
	refuse(t, g, Killer, "kill ♠2", engine.ErrNotYourTurn)
	// ♥3 names ♠3; ♦3 is the Killer's disguise: entering it stands.
	evs = play(t, g, "drew ♦3")
	if g.phase != Play || g.Turn() != Killer || len(g.hand) != 3 {
		t.Fatalf("after the entry: phase %v turn %d hand %v", g.phase, g.Turn(), g.hand)
	}
	if e, ok := find(evs, "noir.pv.bad_entry.killer"); !ok || !reflect.DeepEqual(e.To, []engine.Seat{Killer}) {
		t.Errorf("events %v, want the Killer alone told", evs)
	}
	if got := actions(g.Legal(Killer)); !reflect.DeepEqual(got, []string{"dispute ♦3"}) {
		t.Fatalf("the Killer's moves = %v, want only to show ♦3", got)
	}
	play(t, g, "dispute ♦3")
	if !g.outcome.Over || g.outcome.Winners[0] != Killer {
		t.Errorf("outcome %+v, want the Killer's win", g.outcome)
	}
}
