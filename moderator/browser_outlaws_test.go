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
// command's testdata/outlaws_guard.txt) as phones play it: Aki (Red) lays
// her cards one by one and says when they lie, Ben (Green) lets
// tablemaster deal and says so on his first turn; every Move is two taps
// on the street picture, one card each, then Swapped or Not swapped; a
// Saloon move the same way; Checks, Takes with the slide and refill, a
// Scout, a Dancer, and the Assassin's shot stopped by the Sheriff's guard
// on Ben's phone.
var outlawsGame = []move{
	{outlaws.Red, "place governor"}, {outlaws.Red, "place assassin"}, {outlaws.Red, "place sheriff"},
	{outlaws.Red, "place scout"}, {outlaws.Red, "place shopkeeper"}, {outlaws.Red, "place dancer"},
	{outlaws.Red, "place journalist"}, {outlaws.Red, "place thief"}, {outlaws.Red, "place priest"},
	{outlaws.Red, "place mayor"}, {outlaws.Green, "place thief"}, {outlaws.Green, "reset"},
	{outlaws.Red, "laid"}, {outlaws.Green, "deal"}, {outlaws.Green, "laid"},
	{outlaws.Green, "move 2"}, {outlaws.Green, "move 1 2"}, {outlaws.Green, "pretend"}, {outlaws.Green, "check 5"},
	{outlaws.Red, "check 3"}, {outlaws.Red, "take 3 ballot"},
	{outlaws.Green, "take 5 ballot"}, {outlaws.Green, "scout 3"},
	{outlaws.Red, "dance 6 5"}, {outlaws.Red, "move 5"}, {outlaws.Red, "move 2 5"}, {outlaws.Red, "swap"},
	{outlaws.Green, "check 1"}, {outlaws.Green, "saloon 2"}, {outlaws.Green, "with 8"}, {outlaws.Green, "with 7 8"},
	{outlaws.Green, "put dancer priest"},
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

// onStreet checks that a Move's or a Saloon move's tap is a card on the
// street picture: a button in the seat's own row of the board (its
// street or its Saloon), as Noir's pick grid has them, not a list.
func onStreet(t *testing.T, tb *tab, action string) {
	t.Helper()
	sel := fmt.Sprintf(`#app table.ol button[name="a"][value=%s]`, jsString(action))
	tb.waitFor("the card for "+action+" on the street picture", `!!document.querySelector(`+jsString(sel)+`)`)
	if n := evalIn[float64](tb, `document.querySelectorAll('#app button[name="a"][value^="move "], #app button[name="a"][value^="with "]').length -
		document.querySelectorAll('#app table.ol button[name="a"][value^="move "], #app table.ol button[name="a"][value^="with "]').length`); n != 0 {
		t.Errorf("%s: %v Move buttons off the street picture", tb.name, n)
	}
	if open := evalIn[bool](tb, `!!document.querySelector(`+jsString(sel)+`).closest("details")`); open {
		t.Errorf("%s: %s is folded away; a Move gives nothing away", tb.name, action)
	}
}

// layStep: the lay step's fold opens with one tap, lists slots 1 to 8
// and the Saloon, and stays open across a live update until "Done
// laying"; the table screen shows no card of it.
func layStep(t *testing.T, phone, screen *tab) {
	t.Helper()
	phone.click("open the lay step", "#app details#lay > summary")
	phone.waitFor("the lay step is open", `document.querySelector("#app details#lay").open`)
	if n := evalIn[float64](phone, `document.querySelectorAll("#app details#lay li").length`); n != 8 {
		t.Errorf("the lay step lists %v cards, want slots 1 to 8", n)
	}
	text := evalIn[string](phone, `document.querySelector("#app details#lay").innerText`)
	for _, want := range []string{"♥A Governor", "♥8 Thief", "♥9 Priest", "♥10 Mayor"} {
		if !strings.Contains(text, want) {
			t.Errorf("the lay step lacks %s: %q", want, text)
		}
	}
	// The fold is visible without holding anything.
	if !evalIn[bool](phone, `(r => r.width > 0 && r.height > 100)(document.querySelector("#app details#lay").getBoundingClientRect())`) {
		t.Errorf("the open lay step takes no room")
	}
	if strings.Contains(screen.text(), "♥A") {
		t.Errorf("the table screen shows Aki's Governor during her lay step")
	}
}

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
		what := fmt.Sprintf("move %d (%s)", i+1, m.Action)
		if k := strings.Fields(m.Action)[0]; k == "move" || k == "with" || k == "saloon" {
			onStreet(t, phones[m.Seat], m.Action)
		}
		evs, err := shadow.Apply(m.Seat, engine.Action(m.Action))
		if err != nil {
			t.Fatalf("the shadow game refuses %v: %v", m, err)
		}
		g.play(what, m, audienceOf(evs, 2).story)
		switch m.Action {
		case "place mayor":
			// In the lay step Aki's whole arrangement is behind one tap
			// that stays open while she lays.
			layStep(t, phones[outlaws.Red], g.screen)
		case "reset":
			// Aki's lay step stayed open across the live updates.
			if !evalIn[bool](phones[outlaws.Red], `document.querySelector("#app details#lay").open`) {
				t.Errorf("Aki's lay step closed by a live update")
			}
		case "laid":
			if m.Seat == outlaws.Red && phones[outlaws.Red].hasButton("laid") {
				t.Errorf("Done laying still offered after it was tapped")
			}
			// Laid: her street is behind hold to reveal.
			phones[m.Seat].checkHold(map[engine.Seat][]string{outlaws.Red: {"♥A", "♥8"}, outlaws.Green: {"♣A"}}[m.Seat]...)
		case "move 1 2", "move 2 5":
			// Laid back: "Swapped" and "Not swapped" name slots, never cards.
			for _, c := range shadow.View(m.Seat).(outlaws.View).Mine {
				if strings.Contains(evalIn[string](phones[m.Seat], `[...document.querySelectorAll("#app button")].map(b => b.textContent).join("|")`), c.Card) {
					t.Errorf("a button on %s names %s after %s", phones[m.Seat].name, c.Card, what)
				}
			}
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
		// Nothing on a phone runs off its side (a page that scrolls
		// sideways also loses WebKit's taps near the bottom edge).
		for _, p := range phones {
			if w := evalIn[[2]float64](p, `[document.documentElement.scrollWidth, document.documentElement.clientWidth]`); w[0] > w[1] {
				t.Errorf("%s after %s is %v px wide on a %v px screen", p.name, what, w[0], w[1])
			}
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

// tvLabels measures the Outlaws board's labels on the table screen: the
// smallest font size, px, and the labels that wrap (whose text lies on
// more than one line), by their text.
const tvLabels = `(function(){
var min=1e9,wrapped=[];
document.querySelectorAll('#app table.ol th, #app table.ol td small, #app table.ol td.sal span, #app table.ol td.stock, #app .stats span').forEach(function(e){
if(!e.textContent.trim())return;
var fs=parseFloat(getComputedStyle(e).fontSize),r=document.createRange(),tops={};
r.selectNodeContents(e);[].forEach.call(r.getClientRects(),function(x){if(x.width>0)tops[Math.round(x.top)]=1});
min=Math.min(min,fs);if(Object.keys(tops).length>1)wrapped.push(e.textContent)});
return {Min:min,Wrapped:wrapped.join(" | ")}})()`

// TestBrowserOutlawsTV: the table screen is the table, readable from
// 3 m. At 1920×1080, in English and Japanese, during the setup and in
// play, every label of the board (slots, streets, tokens, stock, Saloon,
// card names and markers, holdings) is at least 24 px and on one line
// ("ストック13" and the Saloon's names never stack a character a line);
// a card shown by the last action lies face up on its slot, marked, and
// "On the table now" says to show it and turn it face down again.
func TestBrowserOutlawsTV(t *testing.T) {
	t.Parallel()
	g := startGame(t, Chromium, moderator.NewTableSpec{Game: "outlaws", Seats: []string{"Aki", "Ben"}, Options: outlaws.Config{}, Seed: 5})
	h := g.table.Header()
	measure := func(when string) {
		for _, lang := range []string{"en", "ja"} {
			tv := openTab(t, g.browser, "table screen ("+lang+")", g.url+"/t/"+h.TableToken+"?lang="+lang, 1920, 1080)
			got := evalIn[struct {
				Min     float64
				Wrapped string
			}](tv, tvLabels)
			if got.Min < 24 {
				t.Errorf("%s, %s: a board label is %.1f px, want at least 24", when, lang, got.Min)
			}
			if got.Wrapped != "" {
				t.Errorf("%s, %s: labels wrap: %s", when, lang, got.Wrapped)
			}
			if when == "a Check" {
				cell := evalIn[string](tv, `(c => c ? c.innerText : "")(document.querySelector("#app table.ol td.shown"))`)
				todo := evalIn[string](tv, `document.querySelector("#app .todo").innerText`)
				want := map[string][2]string{"en": {"Governor", "Red: show slot 1 (♥A Governor), then turn it face down again."},
					"ja": {"知事", "赤：1番（♥A 知事）を見せてから、また伏せる。"}}[lang]
				if !strings.Contains(cell, "♥A") || !strings.Contains(cell, want[0]) {
					t.Errorf("%s: the shown card's slot reads %q, want ♥A %s face up", lang, cell, want[0])
				}
				if !strings.Contains(todo, want[1]) {
					t.Errorf("%s: On the table now reads %q, want %q", lang, todo, want[1])
				}
			}
		}
	}
	for _, a := range []string{"place governor", "place assassin", "place sheriff", "place scout", "place shopkeeper",
		"place dancer", "place journalist", "place thief", "place priest", "place mayor"} {
		if _, err := g.table.Act(outlaws.Red, a, -1); err != nil {
			t.Fatal(err)
		}
	}
	measure("the setup")
	for _, m := range []move{{outlaws.Green, "deal"}, {outlaws.Green, "check 5"}, {outlaws.Green, "check 6"}, {outlaws.Red, "check 1"}} {
		if _, err := g.table.Act(m.Seat, m.Action, -1); err != nil {
			t.Fatal(err)
		}
	}
	measure("a Check")
}
