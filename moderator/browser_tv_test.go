package moderator_test

import (
	"fmt"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/ayatsuri"
	"tablemaster/engine/noir"
	"tablemaster/moderator"
)

// tvLayout is what the table screen measures of itself on a TV.
type tvLayout struct {
	Width, Height   float64 // the window
	Font            float64 // the body's font size, px
	Todo, Board     float64 // widths of "On the table now" and the board
	BoardBottom     float64 // where the board ends
	ScrollW         float64 // the page's width: more than Width scrolls sideways
	PlayersOverflow bool    // the players' line runs past the window
}

const tvMeasure = `(function(){
var r=function(s){var e=document.querySelector(s);return e?e.getBoundingClientRect():{width:0,bottom:0,right:0}};
var p=document.querySelector('.players'),over=false;
if(p){p.querySelectorAll(':scope>span').forEach(function(s){if(s.getBoundingClientRect().right>innerWidth)over=true})}
return {Width:innerWidth,Height:innerHeight,Font:parseFloat(getComputedStyle(document.body).fontSize),
Todo:r('.todo').width,Board:r(%q).width,BoardBottom:r(%q).bottom,ScrollW:document.documentElement.scrollWidth,PlayersOverflow:over}})()`

// A table screen is built for a TV across the room: on a 1920×1080 screen
// "On the table now" and the board use most of the width, the text is
// large enough to read from three metres, nothing scrolls sideways, the
// players' line wraps rather than running off, and Noir's grid fits the
// screen's height.
func TestBrowserTableScreenOnATV(t *testing.T) {
	exe := needBrowser(t)
	for _, tt := range []struct {
		name  string
		spec  moderator.NewTableSpec
		moves int
		board string
	}{
		{"noir", moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: 2}, 14, "table.grid"},
		{"ayatsuri", moderator.NewTableSpec{Game: "ayatsuri", Seats: []string{"Aki", "Ben", "Chika", "Dai", "Eri", "Fumi"},
			Options: ayatsuri.Config{Players: []string{"Aki", "Ben", "Chika", "Dai", "Eri", "Fumi"}}, Seed: 3}, 12, "table.ay"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := startGame(t, exe, tt.spec)
			r := engine.NewRand(tt.spec.Seed)
			for i := 0; i < tt.moves || len(g.table.Snapshot(engine.Public).Todo) == 0; i++ {
				if i > 500 {
					t.Fatal("no table instruction in 500 moves")
				}
				for s := range tt.spec.Seats {
					if cs := g.table.Legal(engine.Seat(s)); len(cs) > 0 {
						if _, err := g.table.Act(engine.Seat(s), string(cs[r.IntN(len(cs))].Action), -1); err != nil {
							t.Fatal(err)
						}
						break
					}
				}
			}
			for _, lang := range []string{"en", "ja"} {
				tv := openTab(t, g.browser, "tv-"+lang, g.url+"/t/"+g.table.Header().TableToken+"?lang="+lang, 1920, 1080, 1)
				m := evalIn[tvLayout](tv, fmt.Sprintf(tvMeasure, tt.board, tt.board))
				if m.Font < 22 {
					t.Errorf("%s: text %.0f px on a 1920 px screen, want at least 22", lang, m.Font)
				}
				if m.Todo < 0.9*m.Width {
					t.Errorf("%s: \"On the table now\" is %.0f px of %.0f, want most of the width", lang, m.Todo, m.Width)
				}
				if m.Board < 0.3*m.Width {
					t.Errorf("%s: the board is %.0f px of %.0f, want at least a third", lang, m.Board, m.Width)
				}
				if m.ScrollW > m.Width+1 || m.PlayersOverflow {
					t.Errorf("%s: the page is %.0f px wide in a %.0f px window (players overflow: %v)", lang, m.ScrollW, m.Width, m.PlayersOverflow)
				}
				if tt.name == "noir" && m.BoardBottom > m.Height {
					t.Errorf("%s: the grid ends at %.0f px, below the %.0f px screen", lang, m.BoardBottom, m.Height)
				}
				tv.screenshot(t.TempDir() + "/tv.png")
			}
		})
	}
}

// A phone whose turn comes buzzes once (where the browser can) and shows a
// badge in its title, so a phone lying face down or in another tab calls
// its player; the badge goes when the turn does.
func TestBrowserTurnBuzzAndBadge(t *testing.T) {
	exe := needBrowser(t)
	g := startGame(t, exe, moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: 2})
	h := g.table.Header()
	aki, ben := g.openPhone("Aki", h.Tokens[0]), g.openPhone("Ben", h.Tokens[1])
	if title := evalIn[string](aki, `document.title`); title != "● Aki · tablemaster" {
		t.Errorf("the Killer's title at the start = %q, want the badge", title)
	}
	if title := evalIn[string](ben, `document.title`); title != "Ben · tablemaster" {
		t.Errorf("the Inspector's title while waiting = %q", title)
	}
	evalIn[bool](ben, `navigator.vibrate = function(ms) { window.__buzz = (window.__buzz || 0) + 1; return true }, true`)
	for len(g.table.Legal(noir.Inspector)) == 0 { // the Killer draws and kills
		if _, err := g.table.Act(noir.Killer, string(g.table.Legal(noir.Killer)[0].Action), -1); err != nil {
			t.Fatal(err)
		}
	}
	ben.waitFor("Ben's turn", `document.title === "● Ben · tablemaster"`)
	aki.waitFor("Aki's badge goes", `document.title === "Aki · tablemaster"`)
	if n := evalIn[float64](ben, `window.__buzz || 0`); n != 1 {
		t.Errorf("Ben's phone buzzed %v times when the turn came, want once", n)
	}
}
