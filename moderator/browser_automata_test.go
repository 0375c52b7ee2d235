package moderator_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/noir"
	"tablemaster/moderator"
)

// automataGame is the README's worked game of the Automata variant (seed
// 3, testdata/automata_win.txt of the command): Aki, the Killer, is ♠5
// (♥5) disguised as ♠2 (♥2); Ben, the Inspector, is ♣2 (♦2). It has a
// Canvas, a pretended Disguise, a Collapse chosen cell by cell, a real
// Disguise and an Accuse that decides the game.
var automataGame = []move{
	{noir.Killer, "draw"}, {noir.Killer, "kill ♠4"}, {noir.Inspector, "draw"}, {noir.Inspector, "keep ♦2"},
	{noir.Killer, "shift col E down"}, {noir.Inspector, "canvas ♥Q"},
	{noir.Killer, "kill ♠9"}, {noir.Inspector, "arrest ♣2"},
	{noir.Killer, "shift col E down"}, {noir.Inspector, "arrest ♣2"},
	{noir.Killer, "kill ♣7"}, {noir.Inspector, "canvas ♥A"},
	{noir.Killer, "disguise pretend"}, {noir.Inspector, "arrest ♣2"},
	{noir.Killer, "shift col E down"}, {noir.Inspector, "arrest ♣2"},
	{noir.Killer, "kill ♣Q"}, {noir.Inspector, "arrest ♣2"},
	{noir.Killer, "kill Joker"},
	{noir.Inspector, "collapse rows"}, {noir.Inspector, "remove ♠4"}, {noir.Inspector, "remove ♠9"},
	{noir.Inspector, "remove Joker"}, {noir.Inspector, "remove ♣7"}, {noir.Inspector, "remove ♣Q"},
	{noir.Killer, "disguise swap"},
	{noir.Inspector, "accuse"}, {noir.Inspector, "name ♠5"}, {noir.Inspector, "name ♠2"},
}

// TestBrowserAutomata plays the worked Automata game in headless Chromium:
// two phones and the table screen, every move a tap on a phone, the
// Collapse and the Accuse tapped on grid cells, the last name confirmed
// with a second tap. Every page follows live without a reload; no page
// but the Killer's ever holds the identity or disguise card, none but the
// Inspector's the Inspector's card; the Disguises read the same on the
// other pages; the Accuse ends the game with everything revealed.
func TestBrowserAutomata(t *testing.T) { testBrowserAutomata(t, Chromium) }

// TestBrowserAutomataWebKit is TestBrowserAutomata in WebKit.
func TestBrowserAutomataWebKit(t *testing.T) { testBrowserAutomata(t, WebKit) }

func testBrowserAutomata(t *testing.T, browser string) {
	t.Parallel()
	start := time.Now()
	g := startGame(t, browser, moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"},
		Options: noir.Config{Variant: noir.Automata, ShiftRule: noir.NoUndo}, Seed: 3})
	g.openDevices("Killer", "Inspector")
	phones, screen := g.phones, g.screen

	killerCards := []secret{{"the Killer's identity card", "♥5"}, {"the Killer's disguise card", "♥2"}}
	inspCard := secret{"the Inspector's identity card", "♦2"}
	noLeak := func(after string) {
		t.Helper()
		secrets := map[engine.Seat][]secret{
			noir.Killer:    {inspCard},
			noir.Inspector: killerCards,
			engine.Public:  append([]secret{inspCard}, killerCards...),
		}
		g.pages(func(tb *tab, seat engine.Seat, html string) {
			tb.checkNoLeak(after, html, secrets[seat]...)
			if seat != noir.Killer && (strings.Contains(html, "swapped") || strings.Contains(html, "pretended")) {
				t.Errorf("%s after %s: the page tells how the Killer disguised", tb.name, after)
			}
		})
	}
	noLeak("opening")
	for i, m := range automataGame {
		last := i == len(automataGame)-1
		what := fmt.Sprintf("move %d (%s)", i+1, m.Action)
		g.play(what, m, everyone)
		if last {
			break
		}
		noLeak(what)
		switch m.Action {
		case "draw":
			if m.Seat == noir.Killer {
				// NA-2: both secret cards behind hold to reveal.
				phones[noir.Killer].checkHold("♥5", "♥2")
			}
		case "collapse rows":
			// The choice is made on grid cells: only dead ones are buttons.
			ph := phones[noir.Inspector]
			if n := evalIn[int](ph, `document.querySelectorAll("#app table.grid.pick td button").length`); n != 5 {
				t.Errorf("the Collapse offers %d cells, want the 5 dead suspects", n)
			}
		case "remove ♠4":
			if *updateScreens && browser == Chromium {
				phones[noir.Inspector].screenshot("../docs/automata-phone.png")
			}
		case "remove ♣Q":
			// NA-5: one column fewer, on every page.
			for _, tb := range g.tabs {
				tb.waitFor("the grid has 4 columns", `document.querySelectorAll("#app table.grid tr:first-child th").length === 5`)
			}
		case "name ♠5":
			ph := phones[noir.Inspector]
			if !strings.Contains(ph.text(), "If the two are not the Killer's identity and disguise, you lose") {
				t.Errorf("the second name does not warn that a wrong accusation loses")
			}
		}
	}
	for _, tb := range g.tabs {
		tb.waitVisible("the game-over banner", "#app #over")
		over := evalIn[string](tb, `document.querySelector("#app #over").textContent`)
		for _, want := range []string{"The Inspector named the Killer's identity and disguise", "♠2", "♥2", "♠5", "♣2", "♦2"} {
			if !strings.Contains(over, want) {
				t.Errorf("%s: #over = %q, want it to name %s", tb.name, over, want)
			}
		}
	}
	// The last name asked "Sure?" and took the second tap.
	if n := phones[noir.Inspector].confirms; n != 1 {
		t.Errorf("the Inspector's phone answered %d confirmations, want 1 (the last name)", n)
	}
	if *updateScreens && browser == Chromium {
		screen.screenshot("../docs/automata-table.png")
	}
	t.Logf("%s Automata game: %d moves in %v", browser, len(automataGame), time.Since(start).Round(time.Millisecond))
}
