package moderator_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/outlaws"
	"tablemaster/moderator"
)

// outlawsGame is the README's worked game of Outlaws (seed 5, the
// command's testdata/outlaws_guard.txt): Aki (Red) lays her cards one by
// one, Ben (Green) lets tablemaster deal; a pretended Move, Checks, Takes
// with the slide and refill, a Scout, a Dancer, and the Assassin's shot
// stopped by the Sheriff's guard on Ben's phone.
var outlawsGame = []move{
	{outlaws.Red, "place governor"}, {outlaws.Red, "place assassin"}, {outlaws.Red, "place sheriff"},
	{outlaws.Red, "place scout"}, {outlaws.Red, "place shopkeeper"}, {outlaws.Red, "place dancer"},
	{outlaws.Red, "place journalist"}, {outlaws.Red, "place thief"}, {outlaws.Red, "place priest"},
	{outlaws.Red, "place mayor"}, {outlaws.Green, "deal"},
	{outlaws.Green, "move 1 2"}, {outlaws.Green, "pretend"}, {outlaws.Green, "check 5"},
	{outlaws.Red, "check 3"}, {outlaws.Red, "take 3 ballot"},
	{outlaws.Green, "take 5 ballot"}, {outlaws.Green, "scout 3"},
	{outlaws.Red, "dance 6 5"}, {outlaws.Red, "move 2 5"}, {outlaws.Red, "swap"},
	{outlaws.Green, "check 1"}, {outlaws.Green, "move 3 4"}, {outlaws.Green, "pretend"},
	{outlaws.Red, "shoot 5"}, {outlaws.Green, "guard"},
}

// TestBrowserOutlaws plays the worked game in headless Chromium: two phones
// and the table screen, every move a tap on a phone (the last shot and the
// guard confirmed or answered on the defender's phone). Every page follows
// live; while the game runs no page but Ben's holds Ben's street, none but
// Aki's holds Aki's, and no page says whether a Move was real.
func TestBrowserOutlaws(t *testing.T) { testBrowserOutlaws(t, Chromium) }

// TestBrowserOutlawsWebKit is TestBrowserOutlaws in WebKit.
func TestBrowserOutlawsWebKit(t *testing.T) { testBrowserOutlaws(t, WebKit) }

func testBrowserOutlaws(t *testing.T, browser string) {
	t.Parallel()
	start := time.Now()
	// The engine plays the same game beside the browser, to know whose
	// story each move tells (principle 5: same seed, same game).
	shadow := outlaws.New(outlaws.Config{}, 5)
	g := startGame(t, browser, moderator.NewTableSpec{Game: "outlaws", Seats: []string{"Aki", "Ben"}, Options: outlaws.Config{}, Seed: 5})
	g.openDevices("Aki", "Ben")
	phones := g.phones
	// noLeak: no page but a player's own holds that player's street as
	// the phone lists it ("1: ♥A Governor"). (That a real and a pretended
	// Move give the other devices the same bytes is TestOutlawsMoveLooksTheSame.)
	noLeak := func(after string) {
		t.Helper()
		g.pages(func(tb *tab, seat engine.Seat, html string) {
			for _, owner := range []engine.Seat{outlaws.Red, outlaws.Green} {
				if seat == owner {
					continue
				}
				for _, c := range shadow.View(owner).(outlaws.View).Mine {
					if c.Up {
						continue // face up for everyone
					}
					if strings.Contains(html, ">"+c.Slot+": "+c.Card+" ") {
						t.Errorf("%s after %s holds seat %d's slot %s (%s)", tb.name, after, owner, c.Slot, c.Card)
					}
				}
			}
			// A phone reads its own Moves; the table screen none.
			if seat == engine.Public && (strings.Contains(html, "You swapped") || strings.Contains(html, "You pretended")) {
				t.Errorf("the table screen after %s tells how a Move went", after)
			}
		})
	}
	for i, m := range outlawsGame {
		evs, err := shadow.Apply(m.Seat, engine.Action(m.Action))
		if err != nil {
			t.Fatalf("the shadow game refuses %v: %v", m, err)
		}
		what := fmt.Sprintf("move %d (%s)", i+1, m.Action)
		g.play(what, m, audienceOf(evs, 2).story)
		switch m.Action {
		case "place mayor":
			// Aki's whole arrangement is behind hold to reveal.
			phones[outlaws.Red].checkHold("♥A", "♥8")
		case "shoot 5":
			// Ben is asked on his phone; Aki's phone and the table only wait.
			if !phones[outlaws.Green].hasButton("guard") || phones[outlaws.Red].hasButton("guard") {
				t.Errorf("the guard is not offered on Ben's phone alone")
			}
			for _, tb := range []*tab{phones[outlaws.Red], g.screen} {
				if !strings.Contains(tb.text(), "Waiting for Green") {
					t.Errorf("%s does not say it waits for Green", tb.name)
				}
			}
		}
		if i < len(outlawsGame)-1 {
			noLeak(what)
		}
	}
	for _, tb := range g.tabs {
		tb.waitVisible("the game-over banner", "#app #over")
		if over := evalIn[string](tb, `document.querySelector("#app #over").textContent`); !strings.Contains(over, "Green wins") {
			t.Errorf("%s: #over = %q", tb.name, over)
		}
	}
	if *updateScreens && browser == Chromium {
		g.screen.screenshot("../docs/outlaws-table.png")
	}
	t.Logf("%s Outlaws game: %d moves in %v", browser, len(outlawsGame), time.Since(start).Round(time.Millisecond))
}
