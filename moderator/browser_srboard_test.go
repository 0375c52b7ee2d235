package moderator_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/superrock"
	"tablemaster/moderator"
	srface "tablemaster/moderator/superrock"
)

// The Super Rock game on the board: seven phones play from the ambushes
// through the planet phase into the secret base by tapping the boards'
// squares, and at every step exactly the movers' phones say "Your …"
// (issue 27).

// srBoardStep is one move of the board plan and who is told of it.
type srBoardStep struct {
	move
	audience
	Movers []engine.Seat // whose move it was (superrock.Game.Movers)
	Kind   string        // the move the table waited for
}

// srBoardPlan is a game worked out with the engine: the preparation up to
// the ambushes (played on the server), then the steps the phones tap.
type srBoardPlan struct {
	Seed    uint64
	Prepare []move
	Steps   []srBoardStep
	// Last is who may move once the steps are done, and the move.
	Last     []engine.Seat
	LastKind string
}

func srBoardConfig() superrock.Config {
	return superrock.Config{Players: slices.Clone(srPlayers), Dice: superrock.VirtualDice, Board: superrock.VirtualBoard}
}

// srBoardMove is the move the plan makes next: in the preparation the
// first seat (in seat order) with an answer to the table's question, a
// few Evil silhouettes switching away until two remain (SR-15); in play
// the mover's answer, chosen at random, and once a hub lies open in the
// secret base, its destruction by a Good character who may (SR-27).
func srBoardMove(g *superrock.Game, r *engine.Rand, destroyed bool) (engine.Seat, string, bool) {
	v := g.PublicView().(superrock.PublicView)
	movers, kind := g.Movers()
	legal := func(s engine.Seat, prefixes ...string) []string {
		var out []string
		for _, c := range g.Legal(s) {
			for _, p := range prefixes {
				if a := string(c.Action); a == p || strings.HasPrefix(a, p+" ") {
					out = append(out, a)
				}
			}
		}
		return out
	}
	one := func(s engine.Seat, prefixes ...string) (engine.Seat, string, bool) {
		as := legal(s, prefixes...)
		if len(as) == 0 {
			return 0, "", false
		}
		return s, as[r.IntN(len(as))], true
	}
	if v.Phase == "lineup" {
		evil := 0
		for _, p := range v.Players {
			if p.Silhouette != nil && p.Silhouette.Attr == "E" {
				evil++
			}
		}
		for s := range engine.Seat(len(srPlayers)) {
			if as := legal(s, "switch"); evil > 2 && len(as) > 0 {
				return s, as[0], true
			}
		}
		for s := range engine.Seat(len(srPlayers)) {
			if as := legal(s, "keep", "confirm"); len(as) > 0 {
				return s, as[0], true
			}
		}
		return 0, "", false
	}
	if !destroyed && v.Stage == "base" {
		for s := range engine.Seat(len(srPlayers)) {
			if as := legal(s, "destroy"); len(as) > 0 {
				return s, as[0], true
			}
		}
	}
	if len(movers) == 0 {
		return 0, "", false
	}
	s := movers[0]
	switch kind {
	case superrock.MoveDeal:
		return one(s, "deal")
	case superrock.MoveKeep:
		return one(s, "keep")
	case superrock.MoveShadow:
		if as := legal(s, "roll"); len(as) > 0 {
			return s, as[0], true
		}
		return one(s, "pick")
	case superrock.MoveLineup:
		return one(s, "keep", "confirm")
	case superrock.MoveAmbush:
		return one(s, "ambush")
	case superrock.MoveOrder:
		return one(s, "roll")
	case superrock.MoveLand:
		return one(s, "land")
	case superrock.MoveAppear:
		return one(s, "appear", "stay")
	case superrock.MoveHubs:
		return one(s, "hub")
	case superrock.MoveEnter:
		return one(s, "enter")
	case superrock.MoveBaseTurn:
		return one(s, "open")
	}
	return 0, "", false
}

// planSRBoard plays a seed with srBoardMove and keeps it when the game
// reaches the secret base with the ambushes hidden on the board, a
// landing, a hub placed, squares opened and a hub destroyed, all within
// 45 taps (seed 8: 43; the first seed that did it in 70, seed 1, took 62
// taps for the same moments, and each tap costs eight pages' work).
func planSRBoard(seed uint64) (srBoardPlan, bool) {
	g, err := superrock.New(srBoardConfig(), seed)
	if err != nil {
		return srBoardPlan{}, false
	}
	p := srBoardPlan{Seed: seed}
	r := engine.NewRand(seed)
	destroyed, opened, appeared := false, 0, false
	for i := 0; i < 400; i++ {
		v := g.PublicView().(superrock.PublicView)
		movers, kind := g.Movers()
		s, a, ok := srBoardMove(g, r, destroyed)
		if !ok {
			return srBoardPlan{}, false
		}
		playing := v.Phase == "ambush" || len(p.Steps) > 0
		if playing && (v.Phase == "over" || v.Phase == "confirm") {
			return srBoardPlan{}, false
		}
		evs, err := g.Apply(s, engine.Action(a))
		if err != nil {
			return srBoardPlan{}, false
		}
		if !playing {
			p.Prepare = append(p.Prepare, move{s, a})
			continue
		}
		p.Steps = append(p.Steps, srBoardStep{move: move{s, a}, audience: audienceOf(evs, len(srPlayers)), Movers: movers, Kind: kind})
		destroyed = destroyed || strings.HasPrefix(a, "destroy ")
		appeared = appeared || kind == superrock.MoveAppear
		if strings.HasPrefix(a, "open ") {
			opened++
		}
		if destroyed && opened >= 2 {
			p.Last, p.LastKind = g.Movers()
			return p, len(p.Steps) <= 45 && appeared
		}
	}
	return srBoardPlan{}, false
}

// TestBrowserSuperrockBoard plays a seven-player Super Rock game on phones
// in real Chromium (and WebKit) through the secret base: ambushes hidden, landings,
// hubs placed and squares opened by tapping the board (a tap, then a
// second tap to confirm), a hub destroyed from its square once the
// folded moves are open. Before every tap, exactly the movers' phones say
// "Your …" and no other page does.
func TestBrowserSuperrockBoard(t *testing.T) { testBrowserSuperrockBoard(t, Chromium) }

// TestBrowserSuperrockBoardWebKit is TestBrowserSuperrockBoard in WebKit,
// the engine of iPhones: the two taps and the destroy buttons shown by
// the page's style (:has) while the folded moves are open.
func TestBrowserSuperrockBoardWebKit(t *testing.T) { testBrowserSuperrockBoard(t, WebKit) }

func testBrowserSuperrockBoard(t *testing.T, browser string) {
	t.Parallel()
	start := time.Now()
	p := findSeed(t, "reaches the secret base and destroys a hub", planSRBoard)
	t.Logf("seed %d: %d preparation moves on the server, %d taps on the phones", p.Seed, len(p.Prepare), len(p.Steps))
	g := startGame(t, browser, moderator.NewTableSpec{Game: "superrock", Seats: slices.Clone(srPlayers),
		Options: srface.NewOptions(srBoardConfig(), ""), Seed: p.Seed})
	for _, m := range p.Prepare {
		if _, err := g.table.Act(m.Seat, m.Action, -1); err != nil {
			t.Fatalf("prepare: %s: %v", m.Action, err)
		}
	}
	g.openDevices(srPlayers...)

	// whose reads every page's "whose move" line and checks that exactly
	// the movers' phones speak to their player.
	whose := func(before string, movers []engine.Seat, kind string) {
		t.Helper()
		lines := readAll[string](t, g.tabs, `(e => e ? e.textContent : "")(document.querySelector("#app #move"))`)
		for i, tb := range g.tabs {
			seat := g.seatOf(tb)
			mine := seat != engine.Public && slices.Contains(movers, seat)
			if got := strings.HasPrefix(lines[i], "Your "); got != mine {
				t.Errorf("before %s (%s, movers %v): %s says %q", before, kind, movers, tb.name, lines[i])
			}
			if !mine && len(movers) == 1 && !strings.Contains(lines[i], srPlayers[movers[0]]) {
				t.Errorf("before %s (%s): %s does not name the mover %s: %q", before, kind, tb.name, srPlayers[movers[0]], lines[i])
			}
		}
	}
	taps := map[string]int{}
	for i, st := range p.Steps {
		what := fmt.Sprintf("tap %d (%s: %s)", i+1, srPlayers[st.Seat], st.Action)
		whose(what, st.Movers, st.Kind)
		phone := g.phones[st.Seat]
		verb, _, _ := strings.Cut(st.Action, " ")
		sel := `#app table.grid.pick button[name="a"][value=` + jsString(st.Action) + `]`
		switch verb {
		case "ambush", "land", "hub", "open":
			// A square of the board, not a button in a list.
			if !evalIn[bool](phone, `!!document.querySelector(`+jsString(sel)+`)`) {
				t.Fatalf("%s: %s is not a square on the board", what, phone.name)
			}
			if !evalIn[bool](phone, `document.querySelectorAll('#app button[name="a"]').length > 0 && !document.querySelector('#app .choices button[value^="`+verb+` "]')`) {
				t.Errorf("%s: %s also lists %s as buttons", what, phone.name, verb)
			}
		case "destroy":
			// Only a Good character may destroy (SR-27): the button on the
			// hub's square shows only with the folded moves open.
			// (The player may have left the fold open since an earlier
			// move: it is closed first.)
			if evalIn[bool](phone, `document.querySelector("#app details#moves").open`) {
				phone.click("close the folded moves", "#app details#moves > summary")
			}
			if evalIn[bool](phone, `document.querySelector(`+jsString(sel)+`).checkVisibility()`) {
				t.Fatalf("%s: the destroy button is in view on %s at rest", what, phone.name)
			}
			phone.click("open the folded moves", "#app details#moves > summary")
			phone.waitVisible("the destroy button", sel)
		}
		confirms := phone.confirms
		g.play(what, st.move, st.audience.story)
		if verb != "roll" && verb != "stay" && verb != "appear" && verb != "enter" && phone.confirms != confirms+1 {
			t.Errorf("%s: the square took %d taps to confirm, want a second tap", what, phone.confirms-confirms)
		}
		taps[verb]++
	}
	whose("the end", p.Last, p.LastKind)
	for _, verb := range []string{"ambush", "land", "hub", "open", "destroy"} {
		if taps[verb] == 0 {
			t.Errorf("no %s was tapped", verb)
		}
	}
	v := g.table.Snapshot(engine.Public).View.(superrock.PublicView)
	if v.Stage != "base" {
		t.Errorf("the game is in the %q stage, want the secret base", v.Stage)
	}
	destroyed := 0
	for _, h := range v.Hubs {
		if h.Destroyed {
			destroyed++
		}
	}
	if destroyed != 1 {
		t.Errorf("%d hubs destroyed, want 1", destroyed)
	}
	t.Logf("taps %v in %v", taps, time.Since(start).Round(time.Millisecond))
}
