package moderator_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/noir"
	"tablemaster/engine/outlaws"
	"tablemaster/internal/browsertest"
	"tablemaster/moderator"
)

// fastBots is a bot seat's play in tests: the pause of a person (1.2–2.5
// s) shortened, and a small budget, so that a whole game takes seconds.
var fastBots = moderator.BotPlay{MinPause: 20 * time.Millisecond, MaxPause: 60 * time.Millisecond, Budget: 10, Think: 10 * time.Second}

// startBotGame is startGame with the bot seats played by the server run
// (RunBots), at the test's pace.
func startBotGame(t *testing.T, spec moderator.NewTableSpec, play moderator.BotPlay) (*browserGame, *moderator.Store) {
	t.Helper()
	browser := browsertest.Need(t, Chromium)
	st, srv := newServer(t)
	srv.BotPlay = play
	t.Cleanup(srv.RunBots())
	table, err := st.Create(spec)
	if err != nil {
		t.Fatal(err)
	}
	url := httptestServer(t, srv)
	return &browserGame{t: t, table: table, url: url, browser: browser}, st
}

// playAgainstBot has the person's phone (seat me) tap a choice whenever
// it has some, drawn with r among the table's choices for it (or by
// pick), and waits for the bot otherwise, until the game is over or limit
// taps were made. When both may act (Outlaws' setup) the person lets the
// bot go first: the game is then the same on every run, and no tap meets
// a button that the bot's move is just replacing. It returns the number
// of the bot's actions it saw.
func playAgainstBot(t *testing.T, g *browserGame, me, bot engine.Seat, phone *tab, r *engine.Rand, limit int, pick func([]engine.Choice) engine.Choice) (taps, botMoves int) {
	t.Helper()
	for taps < limit {
		snap := g.table.Snapshot(engine.Public)
		if snap.Outcome.Over {
			return taps, botMoves
		}
		legal := g.table.Legal(me)
		if len(legal) == 0 || len(g.table.Legal(bot)) > 0 {
			// The bot's move: it comes by itself, through the table.
			deadline := time.Now().Add(stepTimeout)
			for g.table.Snapshot(engine.Public).StateVer == snap.StateVer {
				if time.Now().After(deadline) {
					t.Fatalf("the bot did not move in %v; the table screen:\n%s", stepTimeout, g.screen.text())
				}
				time.Sleep(10 * time.Millisecond)
			}
			botMoves++
			continue
		}
		c := legal[r.IntN(len(legal))]
		if pick != nil {
			c = pick(legal)
		}
		phone.press(string(c.Action))
		taps++
		deadline := time.Now().Add(stepTimeout)
		for g.table.Snapshot(engine.Public).StateVer == snap.StateVer {
			if time.Now().After(deadline) {
				t.Fatalf("tap %d (%s): the table did not take it in %v", taps, c.Action, stepTimeout)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	t.Fatalf("the game is not over after %d taps", limit)
	return taps, botMoves
}

// checkBotSeat checks what the devices show of a bot seat: its link opens
// nothing (its secrets stay in the laptop), and the table screen says
// tablemaster plays it.
func checkBotSeat(t *testing.T, g *browserGame, bot engine.Seat) {
	t.Helper()
	h := g.table.Header()
	resp, err := http.Get(g.url + "/s/" + h.Tokens[bot])
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("GET the bot seat's link = %d, want 404: nobody may open its secrets", resp.StatusCode)
	}
	g.screen.waitFor("the table screen says tablemaster plays "+h.Seats[bot],
		`document.querySelector("#app .players").textContent.includes("played by tablemaster")`)
}

// checkReplays reopens the table's log in a store of its own, as resume
// does: the bot seats are kept and the game stands as it ended.
func checkReplays(t *testing.T, st *moderator.Store, table *moderator.Table, bots []int) {
	t.Helper()
	st2, err := moderator.NewStore(t.TempDir(), time.Now)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st2.Close)
	re, _, err := st2.OpenFile(st.LogPath(table.ID()))
	if err != nil {
		t.Fatal(err)
	}
	if got := re.Header().Bots; len(got) != len(bots) || (len(bots) > 0 && got[0] != bots[0]) {
		t.Errorf("the resumed table's bot seats = %v, want %v", got, bots)
	}
	was, now := table.Snapshot(engine.Public), re.Snapshot(engine.Public)
	if was.StateVer != now.StateVer || !now.Outcome.Over || len(was.Outcome.Winners) != len(now.Outcome.Winners) {
		t.Errorf("the log replays to state %d, outcome %+v; the table ended at %d, %+v", now.StateVer, now.Outcome, was.StateVer, was.Outcome)
	}
}

// TestBrowserBotSeatNoir plays a whole Noir game with Aki, the Killer, on
// her phone in Chromium and Ben, the Inspector, played by tablemaster
// (issue 28: noir --players Aki,Ben --bot Ben). Aki taps her choices
// until the game ends; every move of Ben's comes through the table like a
// phone's, so the table screen follows it live and the log replays it.
func TestBrowserBotSeatNoir(t *testing.T) {
	t.Parallel()
	g, st := startBotGame(t, moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"},
		Options: noir.Config{}.Normal(), Seed: 7, Bots: []int{int(noir.Inspector)}}, fastBots)
	aki := g.openPhone("Aki's phone", g.table.Header().Tokens[noir.Killer])
	g.screen = openTab(t, g.browser, "table screen", g.url+"/t/"+g.table.Header().TableToken, 1280, 800)
	checkBotSeat(t, g, noir.Inspector)
	taps, botMoves := playAgainstBot(t, g, noir.Killer, noir.Inspector, aki, engine.NewRand(1), 400, nil)
	if botMoves == 0 {
		t.Fatal("the game ended without a move of the bot's")
	}
	// The end reaches both devices live.
	for _, tb := range []*tab{aki, g.screen} {
		tb.waitFor("the page shows the game is over", `!!document.querySelector("#app #over")`)
	}
	t.Logf("Aki tapped %d times; the bot moved %d times; outcome %+v", taps, botMoves, g.table.Snapshot(engine.Public).Outcome)
	checkReplays(t, st, g.table, []int{int(noir.Inspector)})
}

// TestBrowserBotSeatOutlaws plays a whole Outlaws game with Aki (Red) on
// her phone and Ben (Green) played by tablemaster: Ben arranges his
// street in the laptop, Aki deals hers, and she plays until the end.
func TestBrowserBotSeatOutlaws(t *testing.T) {
	t.Parallel()
	g, st := startBotGame(t, moderator.NewTableSpec{Game: "outlaws", Seats: []string{"Aki", "Ben"},
		Options: outlaws.Config{}, Seed: 3, Bots: []int{1}}, moderator.BotPlay{MinPause: 5 * time.Millisecond, MaxPause: 10 * time.Millisecond, Budget: 8, Think: 10 * time.Second})
	aki := g.openPhone("Aki's phone", g.table.Header().Tokens[0])
	g.screen = openTab(t, g.browser, "table screen", g.url+"/t/"+g.table.Header().TableToken, 1280, 800)
	checkBotSeat(t, g, 1)
	// An Outlaws game is long (hundreds of actions): the bot thinks
	// less than in Noir, which does not change how its moves reach the
	// table.
	// Aki deals her street rather than placing it card by card, then
	// goes for what ends a game: an attack, Elected, the Ballots that
	// lead to it; otherwise any choice.
	r := engine.NewRand(2)
	pick := func(cs []engine.Choice) engine.Choice {
		for _, pre := range []string{"deal", "laid", "shoot", "arrest", "guard", "take"} {
			var some []engine.Choice
			for _, c := range cs {
				if strings.HasPrefix(string(c.Action), pre) {
					some = append(some, c)
				}
			}
			// A take declared wrong changes nothing: every other time
			// she does something else.
			if len(some) > 0 && (pre != "take" || r.IntN(2) == 0) {
				return some[r.IntN(len(some))]
			}
		}
		return cs[r.IntN(len(cs))]
	}
	taps, botMoves := playAgainstBot(t, g, 0, 1, aki, r, 200, pick)
	if botMoves == 0 {
		t.Fatal("the game ended without a move of the bot's")
	}
	for _, tb := range []*tab{aki, g.screen} {
		tb.waitFor("the page shows the game is over", `!!document.querySelector("#app #over")`)
	}
	t.Logf("Aki tapped %d times; the bot moved %d times; outcome %+v", taps, botMoves, g.table.Snapshot(engine.Public).Outcome)
	checkReplays(t, st, g.table, []int{1})
}
