package moderator_test

import (
	"strings"
	"testing"
	"unicode"

	"tablemaster/engine"
	"tablemaster/engine/ayatsuri"
	"tablemaster/engine/noir"
	"tablemaster/engine/outlaws"
	"tablemaster/engine/superrock"
	"tablemaster/moderator"
	srface "tablemaster/moderator/superrock"
)

// The glance test (glance_test.go) strips a page to what it shows at
// rest: no hold area's secrets, no private story line, nothing of a
// closed fold but its summary. These tests check that stripping against
// what Chromium shows a phone at 390×844: at a few steps of a game, on
// every seat's phone, the text of #app as Chromium renders it
// (innerText, which leaves out what is hidden or in a closed <details>)
// is the Go stripping of the same live HTML, whitespace aside; then once
// more with the fold opened.

// noSpace is s without its whitespace: innerText and the stripping break
// lines in different places.
func noSpace(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// checkAtRest compares, on tb, Chromium's text of #app with the stripping
// of #app's HTML.
func checkAtRest(t *testing.T, tb *tab, where string) {
	t.Helper()
	html := evalIn[string](tb, `document.querySelector("#app").innerHTML`)
	shown := evalIn[string](tb, `document.querySelector("#app").innerText`)
	// The stripping marks each button it finds in view with ▢ (a square
	// to tap may have no words); Chromium's count of the buttons it shows
	// must agree. A Super Rock hub's destroy button (.d) is left out: the
	// stripping takes it as hidden, as it is until the fold is opened.
	stripped := strings.Join(moderator.AtRest(html), "")
	buttons := evalIn[int](tb, `[...document.querySelectorAll("#app button:not(.d)")].filter(b => b.checkVisibility()).length`)
	if n := strings.Count(stripped, "▢"); n != buttons {
		t.Errorf("%s, %s: the glance test's stripping sees %d buttons, Chromium shows %d", tb.name, where, n, buttons)
	}
	if got, want := noSpace(strings.ReplaceAll(stripped, "▢", "")), noSpace(shown); got != want {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		t.Errorf("%s, %s: the glance test's stripping and Chromium differ from byte %d:\nstripped: …%s\nChromium: …%s\nChromium's text:\n%s",
			tb.name, where, i, clip(got[i:]), clip(want[i:]), shown)
	}
}

func clip(s string) string {
	if len(s) > 160 {
		return s[:160]
	}
	return s
}

// glanceInBrowser plays moves random legal moves of g's table (seeded),
// and at each step in at loads every seat's phone afresh and checks it at
// rest, and with its fold open when it has one.
func glanceInBrowser(t *testing.T, g *browserGame, names []string, moves int, at map[int]bool) {
	t.Helper()
	h := g.table.Header()
	phones := make([]*tab, len(names))
	for s, name := range names {
		phones[s] = g.openPhone(name+"'s phone", h.Tokens[s])
	}
	r := engine.NewRand(7)
	checked := 0
	for step := 0; step <= moves; step++ {
		if at[step] {
			for s, tb := range phones {
				tb.navigate(g.url + "/s/" + h.Tokens[s])
				tb.waitVisible("the page shows its status", "#app #status")
				where := "step " + itoa(step)
				checkAtRest(t, tb, where)
				if evalIn[bool](tb, `!!document.querySelector("#app details#moves")`) {
					tb.click("open the moves", "#app details#moves > summary")
					tb.waitFor("the moves are open", `document.querySelector("#app details#moves").open`)
					checkAtRest(t, tb, where+", the moves open")
				}
				checked++
			}
		}
		var movers []engine.Seat
		for s := range names {
			if len(g.table.Legal(engine.Seat(s))) > 0 {
				movers = append(movers, engine.Seat(s))
			}
		}
		if len(movers) == 0 {
			break
		}
		s := movers[r.IntN(len(movers))]
		cs := g.table.Legal(s)
		g.table.Act(s, string(cs[r.IntN(len(cs))].Action), -1)
	}
	if checked == 0 {
		t.Error("no page was checked")
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// TestBrowserGlanceNoir: Noir's phones (Automata, physical deck, whose
// draws fold), from the first draw on.
func TestBrowserGlanceNoir(t *testing.T) {
	t.Parallel()
	g := startGame(t, Chromium, moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"},
		Options: noir.Config{Variant: noir.Automata, Deck: noir.Physical}, Seed: 3})
	glanceInBrowser(t, g, []string{"Killer", "Inspector"}, 12, map[int]bool{0: true, 1: true, 2: true, 4: true, 12: true})
}

// TestBrowserGlanceAyatsuri: Ayatsuri's four phones in the draft and the
// calls.
func TestBrowserGlanceAyatsuri(t *testing.T) {
	t.Parallel()
	g := startGame(t, Chromium, moderator.NewTableSpec{Game: "ayatsuri", Seats: []string{"Aki", "Ben", "Chika", "Dai"},
		Options: ayatsuri.Config{Players: []string{"Aki", "Ben", "Chika", "Dai"}}, Seed: 5})
	glanceInBrowser(t, g, []string{"Aki", "Ben", "Chika", "Dai"}, 14, map[int]bool{0: true, 3: true, 8: true, 14: true})
}

// TestBrowserGlanceSuperrock: Super Rock's five phones in the
// preparation (shadow roll, ambushes) and the planet phase.
func TestBrowserGlanceSuperrock(t *testing.T) {
	t.Parallel()
	seats := []string{"Aki", "Ben", "Chika", "Dai", "Eri"}
	cfg := superrock.Config{Counts: &superrock.Counts{L: 1, G: 0, E: 2, S: 1, X: 1}, Dice: superrock.VirtualDice, Board: superrock.VirtualBoard}
	g := startGame(t, Chromium, moderator.NewTableSpec{Game: "superrock", Seats: seats, Seed: 5, Options: srface.NewOptions(cfg, "")})
	glanceInBrowser(t, g, seats, 40, map[int]bool{0: true, 6: true, 12: true, 25: true, 40: true})
}

// TestBrowserGlanceOutlaws: Outlaws' two phones in the lay and the
// first turns.
func TestBrowserGlanceOutlaws(t *testing.T) {
	t.Parallel()
	g := startGame(t, Chromium, moderator.NewTableSpec{Game: "outlaws", Seats: []string{"Aki", "Ben"}, Options: outlaws.Config{}, Seed: 5})
	glanceInBrowser(t, g, []string{"Red", "Green"}, 30, map[int]bool{0: true, 5: true, 20: true, 30: true})
}
