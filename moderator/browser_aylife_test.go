package moderator_test

import (
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/ayatsuri"
	"tablemaster/moderator"
)

// TestBrowserAyatsuriLifeOnOneLine (issue 27, ay-09): on a 390 px phone and
// a 1920×1080 TV, in English and Japanese, every player's life and kill
// chips ("3 ○○○") stay on one line, also in the row of the dictator
// marker's holder; on the old page the phone broke them after the count.
func TestBrowserAyatsuriLifeOnOneLine(t *testing.T) {
	t.Parallel()
	seats := []string{"Aki", "Ben", "Chika", "Dai", "Eri", "Fumi"}
	g := startGame(t, Chromium, moderator.NewTableSpec{Game: "ayatsuri", Seats: seats,
		Options: ayatsuri.Config{Players: seats, BombGirl: true}, Seed: 7})
	h := g.table.Header()
	// Play until a role is public: its card widens the role column, as
	// "① Brutal Cop" did in ay-09.
	r := engine.NewRand(7)
	for shown := false; !shown; {
		mover := engine.Public
		for s := range seats {
			if len(g.table.Legal(engine.Seat(s))) > 0 {
				mover = engine.Seat(s)
			}
		}
		if mover == engine.Public {
			t.Fatal("the game ended before a role was shown")
		}
		cs := g.table.Legal(mover)
		if _, err := g.table.Act(mover, string(cs[r.IntN(len(cs))].Action), -1); err != nil {
			t.Fatal(err)
		}
		for _, p := range g.table.Snapshot(engine.Public).View.(ayatsuri.PublicView).Players {
			shown = shown || p.Role != nil
		}
	}
	phone := g.openPhone("Aki's phone", h.Tokens[0])
	tv := openTab(t, g.browser, "TV", g.url+"/t/"+h.TableToken, 1920, 1080)
	const lines = `Array.from(document.querySelectorAll("#app table.ay td.chips>span")).map(function(e){return e.getClientRects().length})`
	for _, lang := range []string{"en", "ja"} {
		for _, tb := range []*tab{phone, tv} {
			if lang == "ja" {
				tb.switchLang("ja")
			}
			got := evalIn[[]int](tb, lines)
			if len(got) != 2*len(seats) {
				t.Fatalf("%s (%s): %d chip cells, want %d", tb.name, lang, len(got), 2*len(seats))
			}
			for i, n := range got {
				if n != 1 {
					t.Errorf("%s (%s): %s's %s chips take %d lines, want 1", tb.name, lang, seats[i/2], []string{"life", "kill"}[i%2], n)
				}
			}
			if !evalIn[bool](tb, `!!document.querySelector("#app table.ay .mark")`) {
				t.Errorf("%s (%s): no dictator marker beside a name", tb.name, lang)
			}
		}
	}
}
