package moderator_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/ayatsuri"
	"tablemaster/engine/noir"
	"tablemaster/internal/browsertest"
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
	t.Parallel()
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
			g := startGame(t, Chromium, tt.spec)
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
				tv := openTab(t, g.browser, "tv-"+lang, g.url+"/t/"+g.table.Header().TableToken+"?lang="+lang, 1920, 1080)
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
	t.Parallel()
	g := startGame(t, Chromium, moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: 2})
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

// A rematch from the host page: the players' phones and the table screen
// move to the new game by themselves — no reload, no new scan — with
// Noir's sides changed hands.
func TestBrowserRematchPhonesFollow(t *testing.T) {
	t.Parallel()
	browser := browsertest.Need(t, Chromium)
	st, srv := newServer(t)
	base := httptestServer(t, srv)
	srv.Hub = &moderator.Hub{Token: "HOST", BaseURL: base, Seed: func() uint64 { return 7 }, Now: time.Now}
	tb, err := st.Create(moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	h := tb.Header()
	aki := openTab(t, browser, "Aki", base+"/s/"+h.Tokens[0], 390, 844)
	screen := openTab(t, browser, "screen", base+"/t/"+h.TableToken, 1280, 800)
	r := engine.NewRand(5)
	for !tb.Snapshot(engine.Public).Outcome.Over {
		for s := range h.Seats {
			if cs := tb.Legal(engine.Seat(s)); len(cs) > 0 {
				if _, err := tb.Act(engine.Seat(s), string(cs[r.IntN(len(cs))].Action), -1); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
	}
	aki.waitFor("game over on Aki's phone", `!!document.querySelector("#over")`)
	resp, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).
		PostForm(base+"/h/HOST/rematch/"+h.ID, nil)
	if err != nil || resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("rematch: %v %v", resp, err)
	}
	resp.Body.Close()
	aki.waitFor("Aki's phone shows the rematch, Aki the Inspector now",
		`document.querySelector("#app h1").textContent.includes("Inspector") && !document.querySelector("#over")`)
	screen.waitFor("the table screen shows the rematch", `!document.querySelector("#over") && document.querySelector(".players").textContent.includes("Ben (Killer)")`)
	for _, tab := range []*tab{aki, screen} {
		if now := evalIn[float64](tab, `window.__loaded || 0`); now != tab.loaded {
			t.Errorf("%s: the page was loaded again (%v, was %v), want it moved live", tab.name, now, tab.loaded)
		}
	}
}
