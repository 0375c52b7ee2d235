package moderator

import (
	"context"
	"fmt"
	"net/http/httptest"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/superrock"
	"tablemaster/internal/browsertest"
)

// TestBrowserTVLayout: every game's table screen, mid-game, fills a TV
// (issue 26's TV layout, and Super Rock's story beside its board): at
// 1920×1080 and 1280×720, in English and Japanese, nothing scrolls (all
// that matters is above the fold), the board and the newest story line
// are in view, and at 1080p the status and the story are at least 28 px.
// Measured in real Chromium.
func TestBrowserTVLayout(t *testing.T) {
	t.Parallel()
	b := browsertest.Need(t, browsertest.Chromium)
	type game struct {
		name string
		st   *Store
		tb   *Table
	}
	var games []game
	st, tb := perfMidGame(t)
	games = append(games, game{"noir", st, tb})
	st, tb = newAyatsuriTable(t, 6, true, 7)
	r := engine.NewRand(7)
	for range 14 {
		ayStep(t, tb, r)
	}
	games = append(games, game{"ayatsuri", st, tb})
	st, tb = newSuperrockTable(t, 10, superrock.VirtualDice, superrock.VirtualBoard, 7)
	r = engine.NewRand(7)
	srPrepare(t, tb, r)
	for range 12 {
		srStep(t, tb, r)
	}
	games = append(games, game{"superrock", st, tb})
	st, tb = newOutlawsTable(t, 5)
	olPlay(t, tb, len(olOpening))
	games = append(games, game{"outlaws", st, tb})

	// measure is what the test reads of a page, in CSS pixels.
	const measure = `(function(){
var px=function(e){return e?parseFloat(getComputedStyle(e).fontSize):0};
var bottom=function(e){return e?e.getBoundingClientRect().bottom:-1};
var s=document.querySelector("#status"),li=document.querySelector("ul.feed li"),
board=document.querySelector("#board")||document.querySelector("#app table.grid")||document.querySelector("#app table.ay");
return {scroll:document.documentElement.scrollHeight,wide:document.documentElement.scrollWidth,h:innerHeight,w:innerWidth,
status:px(s),story:px(li),storyBottom:bottom(li),board:bottom(board),hasBoard:!!board}})()`
	type page struct {
		Scroll, Wide, H, W float64
		Status, Story      float64
		StoryBottom, Board float64
		HasBoard           bool
	}
	for _, g := range games {
		ts := httptest.NewServer(NewServer(g.st, engine.EN).Handler())
		t.Cleanup(ts.Close)
		for _, size := range [][2]int{{1920, 1080}, {1280, 720}} {
			for _, l := range engine.Langs {
				where := fmt.Sprintf("%s %dx%d %s", g.name, size[0], size[1], l)
				p, err := b.Open(context.Background(), size[0], size[1])
				if err != nil {
					t.Fatal(err)
				}
				if err := p.Navigate(ts.URL + "/t/" + g.tb.Header().TableToken + "?lang=" + string(l)); err != nil {
					t.Fatal(err)
				}
				var m page
				if err := p.Eval(measure, &m); err != nil {
					t.Fatal(err)
				}
				p.Close()
				if m.Scroll > m.H+1 || m.Wide > m.W+1 {
					t.Errorf("%s: the page is %.0f×%.0f px in a %.0f×%.0f screen: something is below the fold", where, m.Wide, m.Scroll, m.W, m.H)
				}
				if !m.HasBoard || m.Board > m.H {
					t.Errorf("%s: the board ends at %.0f px of %.0f (found: %v)", where, m.Board, m.H, m.HasBoard)
				}
				if m.StoryBottom < 0 || m.StoryBottom > m.H {
					t.Errorf("%s: the newest story line ends at %.0f px of %.0f", where, m.StoryBottom, m.H)
				}
				if size[1] == 1080 && (m.Status < 28 || m.Story < 28) {
					t.Errorf("%s: status %.1f px and story %.1f px, want at least 28", where, m.Status, m.Story)
				}
			}
		}
		ts.CloseClientConnections()
	}
}
