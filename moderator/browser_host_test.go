package moderator_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/outlaws"
	"tablemaster/internal/browsertest"
	"tablemaster/moderator"
)

// A game night run from the browser: the host starts a Noir and an
// Outlaws table from the host page, both are played to their end on the
// phones (every move a tap), the Noir table is rematched from the host page
// with the phones following, and the night sheet on the host page shows all
// three tables.
func TestBrowserHostNight(t *testing.T) { testBrowserHostNight(t, Chromium) }

// TestBrowserHostNightWebKit is TestBrowserHostNight in WebKit.
func TestBrowserHostNightWebKit(t *testing.T) { testBrowserHostNight(t, WebKit) }

func testBrowserHostNight(t *testing.T, name string) {
	t.Parallel()
	browser := browsertest.Need(t, name)
	st, srv := newServer(t)
	base := httptestServer(t, srv)
	// The tables' seeds: the planned Noir game, the worked Outlaws game,
	// then the rematch's.
	p := planGame(t)
	seeds := []uint64{p.Seed, 5, 99}
	srv.Hub = &moderator.Hub{Token: "HOST", BaseURL: base, Now: time.Now,
		Seed: func() uint64 { s := seeds[0]; seeds = seeds[1:]; return s }}
	host := openPage(t, browser, "host", base+"/h/HOST", 1280, 900)

	start := func(game, players string) *moderator.Table {
		t.Helper()
		before := len(st.Tables())
		host.navigate(base + "/h/HOST")
		evalIn[bool](host, `(g => (g.value = `+jsString(game)+`, g.dispatchEvent(new Event("change")), true))(document.getElementById("game"))`)
		evalIn[bool](host, `(document.getElementById("players").value = `+jsString(players)+`, true)`)
		host.click("start "+game, "#new > button")
		host.waitFor("the join codes of the new table", `location.pathname.includes("/join/") && !!document.querySelector(".qr img")`)
		if n := len(st.Tables()); n != before+1 {
			t.Fatalf("%d tables after starting %s, want %d", n, game, before+1)
		}
		for _, tb := range st.Tables() {
			if tb.Header().Game == game {
				return tb
			}
		}
		t.Fatalf("no %s table", game)
		return nil
	}
	noirT := start("noir", "Aki, Ben")
	olT := start("outlaws", "Chika, Dai")
	if got := noirT.Header().Seats; len(got) != 2 || got[0] != "Aki" {
		t.Fatalf("noir seats %v", got)
	}

	// Both games are played to their end on the phones, every move a tap.
	gn := &browserGame{t: t, table: noirT, url: base, browser: browser}
	gn.openDevices("Aki", "Ben")
	for i, m := range p.Moves {
		gn.play(fmt.Sprintf("noir move %d (%s)", i+1, m.Action), m, everyone)
	}
	gol := &browserGame{t: t, table: olT, url: base, browser: browser}
	gol.openDevices("Chika", "Dai")
	shadow := outlaws.New(outlaws.Config{}, 5)
	for i, m := range outlawsGame {
		evs, err := shadow.Apply(m.Seat, engine.Action(m.Action))
		if err != nil {
			t.Fatal(err)
		}
		gol.play(fmt.Sprintf("outlaws move %d (%s)", i+1, m.Action), m, audienceOf(evs, 2).story)
	}
	for _, tb := range []*moderator.Table{noirT, olT} {
		if !tb.Snapshot(engine.Public).Outcome.Over {
			t.Fatalf("%s is not over", tb.Header().Game)
		}
	}
	aki := gn.phones[0]
	aki.waitFor("game over on Aki's phone", `!!document.querySelector("#over")`)

	// Rematch from the host page: Aki's phone follows, now the Inspector.
	host.navigate(base + "/h/HOST")
	host.click("rematch", `form[action$="/rematch/`+noirT.ID()+`"] button`)
	aki.waitFor("Aki's phone moved to the rematch", `document.querySelector("#app h1").textContent.includes("Inspector") && !document.querySelector("#over")`)
	if now := evalIn[float64](aki, `window.__loaded || 0`); now != aki.loaded {
		t.Errorf("Aki's phone was loaded again for the rematch, want it moved live")
	}
	host.navigate(base + "/h/HOST")
	night := evalIn[string](host, `document.getElementById("night").textContent`)
	for _, w := range []string{"1. Noir: Killer vs Inspector", "2. Outlaws: Last Man Standing", "3. Noir: Killer vs Inspector", "nobody has played it yet"} {
		if !strings.Contains(night, w) {
			t.Errorf("the night sheet lacks %q:\n%s", w, night)
		}
	}
}
