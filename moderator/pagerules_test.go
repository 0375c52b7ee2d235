package moderator

import (
	"bytes"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/noir"
	"tablemaster/moderator/face"
)

// folded is the part of a phone page kept folded away, "" if none.
func folded(t *testing.T, tb *Table, s engine.Seat) (page, fold string) {
	t.Helper()
	var b bytes.Buffer
	if err := renderApp(&b, tb, s, engine.EN, "", "/s/x"); err != nil {
		t.Fatal(err)
	}
	page = b.String()
	if i := strings.Index(page, `<details id="moves">`); i >= 0 {
		fold = page[i : i+strings.Index(page[i:], "</details>")]
	}
	return page, fold
}

// The fold rule (the glance rule): a move that would tell a secret is
// folded on every turn, the only way forward too — the Killer's first
// kill, the Inspector's pick of an identity — under "Your moves", which
// opens with one tap; a public move (the first Draw, the shifts) stays in
// view, and once there is one the fold reads "Your other moves".
func TestFoldNeverTheOnlyWayForward(t *testing.T) {
	_, tb := newTestTable(t, noir.Config{}, 42)
	page, fold := folded(t, tb, noir.Killer)
	if fold != "" || !strings.Contains(page, `<button name="a" value="draw">`) {
		t.Errorf("the Killer's first move (public) is folded away or missing:\n%s", page)
	}
	mustAct(t, tb, noir.Killer, "draw")
	_, fold = folded(t, tb, noir.Killer)
	if !strings.Contains(fold, `value="kill `) || !strings.Contains(fold, "Your moves (tap to show") {
		t.Errorf("the Killer's first kill (the only way forward) is not under \"Your moves\":\n%s", fold)
	}
	mustAct(t, tb, noir.Killer, "kill B2")
	mustAct(t, tb, noir.Inspector, "draw")
	if _, fold = folded(t, tb, noir.Inspector); !strings.Contains(fold, `value="keep `) {
		t.Errorf("the Inspector's pick of an identity is not folded:\n%s", fold)
	}
	mustAct(t, tb, noir.Inspector, string(tb.Legal(noir.Inspector)[0].Action))
	// Play on to the Killer's next turn: shifts are public, kills are not.
	for toMove(tb) != noir.Killer {
		mustAct(t, tb, toMove(tb), "shift row 1 left")
	}
	page, fold = folded(t, tb, noir.Killer)
	if !strings.Contains(fold, `value="kill `) || strings.Contains(fold, `value="shift `) || !strings.Contains(page, `value="shift `) || !strings.Contains(fold, "Your other moves") {
		t.Errorf("mid-game, the kills are not folded away behind the public shifts:\nfolded: %s", fold)
	}
}

func TestFold(t *testing.T) {
	for _, tt := range []struct {
		name   string
		public []bool
		others bool
		want   []bool
	}{
		{"only secret moves", []bool{false, false}, false, []bool{true, true}},
		{"public and secret", []bool{true, false}, false, []bool{false, true}},
		{"secret, with the board", []bool{false}, true, []bool{true}},
		{"only public", []bool{true}, false, []bool{false}},
		{"nothing", nil, false, nil},
	} {
		var groups []face.ChoiceGroup
		for _, p := range tt.public {
			groups = append(groups, face.ChoiceGroup{Public: p})
		}
		any := face.Fold(groups, tt.others)
		wantAny := false
		for i, g := range groups {
			if g.Fold != tt.want[i] {
				t.Errorf("%s: group %d folded %v, want %v", tt.name, i, g.Fold, tt.want[i])
			}
			wantAny = wantAny || tt.want[i]
		}
		if any != wantAny {
			t.Errorf("%s: Fold = %v, want %v", tt.name, any, wantAny)
		}
	}
}

// Super Rock: a death and the game's end ask for a second tap, and the
// reports of what happened at the table sit folded under the board, away
// from the turn's move.
func TestSuperrockReportsAskFirst(t *testing.T) {
	var b bytes.Buffer
	face.WriteButtons(&b, engine.EN, []engine.Choice{
		{Action: "dies Ben", Label: engine.M("sr.c.player", "player", "Ben"), Confirm: true},
		{Action: "identity Ben", Label: engine.M("sr.c.player", "player", "Ben")},
	})
	if got := b.String(); !strings.Contains(got, `value="dies Ben" data-confirm>`) || strings.Contains(got, `value="identity Ben" data-confirm`) {
		t.Errorf("buttons = %s", got)
	}
}

// Game over says who won once: in the result box, not again in the status
// line under it (issue: "the winner twice").
func TestGameOverSaysTheWinnerOnce(t *testing.T) {
	for _, game := range []string{"noir", "ayatsuri", "superrock"} {
		t.Run(game, func(t *testing.T) {
			st, err := NewStore(t.TempDir(), fixedClock)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(st.Close)
			f, _ := face.Lookup(game)
			seats := f.Seats().Default
			tb, err := st.Create(NewTableSpec{Game: game, Seats: seats, Options: defaultOptions(game, seats), Seed: 9})
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRand(9)
			for i := 0; !tb.Snapshot(engine.Public).Outcome.Over; i++ {
				if i > 20000 {
					t.Fatal("the game does not end")
				}
				for s := range seats {
					if cs := tb.Legal(engine.Seat(s)); len(cs) > 0 {
						mustAct(t, tb, engine.Seat(s), string(cs[r.IntN(len(cs))].Action))
						break
					}
				}
			}
			reason := string(face.MsgHTML(engine.EN, tb.Snapshot(engine.Public).Outcome.Reason))
			for _, s := range append([]engine.Seat{engine.Public}, 0) {
				var b bytes.Buffer
				if err := renderApp(&b, tb, s, engine.EN, "", "/x"); err != nil {
					t.Fatal(err)
				}
				page := b.String()
				for i := strings.Index(page, `<ul class="feed">`); i >= 0; i = strings.Index(page, `<ul class="feed">`) {
					page = page[:i] + page[i+strings.Index(page[i:], "</ul>")+5:] // the story tells it as it happened
				}
				if n := strings.Count(page, reason); n != 1 {
					t.Errorf("seat %d: the reason %q appears %d times in the page, want once (the story aside)", s, reason, n)
				}
			}
		})
	}
}
