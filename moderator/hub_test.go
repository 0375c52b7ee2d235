package moderator

import (
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"tablemaster/engine"
)

func newTestHub(t *testing.T) (*Server, http.Handler, string) {
	t.Helper()
	st, err := NewStore(t.TempDir(), fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	srv := NewServer(st, engine.EN)
	seed := uint64(0)
	srv.Hub = &Hub{Token: "HOSTTOKEN", BaseURL: "http://192.0.2.1:8080", Addr: "192.0.2.1", Port: 8080,
		Seed: func() uint64 { seed++; return seed }, Now: func() time.Time { return fixedClock() }}
	return srv, srv.Handler(), "/h/HOSTTOKEN"
}

// The host page starts tables of different games with their options,
// lists them with whose turn it is, shows each seat's join code one at a
// time and the night sheet; a wrong host link is the plain 404.
func TestHubStartsTablesOfEveryGame(t *testing.T) {
	srv, h, host := newTestHub(t)
	page := do(t, h, "GET", host, nil).Body.String()
	for _, game := range []string{"noir", "ayatsuri", "superrock", "outlaws"} {
		if !strings.Contains(page, `<option value="`+game+`">`) || !strings.Contains(page, `data-game="`+game+`"`) {
			t.Errorf("the host page offers no %s table with its options", game)
		}
	}
	for _, form := range []url.Values{
		{"game": {"noir"}, "players": {"Aki, Ben"}, "noir.deck": {"physical"}, "noir.layout": {"shuffled"}},
		{"game": {"ayatsuri"}, "players": {"Aki,Ben,Chika"}, "ayatsuri.bomb-girl": {"on"}},
		{"game": {"superrock"}, "superrock.dice": {"physical"}},
	} {
		r := do(t, h, "POST", host+"/new", form)
		if r.Code != http.StatusSeeOther || !strings.HasPrefix(r.Header().Get("Location"), host+"/join/") {
			t.Fatalf("%v: %d to %q, want the join codes", form, r.Code, r.Header().Get("Location"))
		}
	}
	tables := srv.store.Tables()
	if len(tables) != 3 {
		t.Fatalf("%d tables, want 3", len(tables))
	}
	for _, tb := range tables {
		hdr := tb.Header()
		switch hdr.Game {
		case "noir":
			if !strings.Contains(string(hdr.Options), `"deck":1`) && !strings.Contains(string(hdr.Options), `"deck":"physical"`) {
				t.Errorf("noir options %s: the physical deck was not kept", hdr.Options)
			}
		case "ayatsuri":
			if !strings.Contains(string(hdr.Options), `"bomb_girl":true`) || strings.Join(hdr.Seats, ",") != "Aki,Ben,Chika" {
				t.Errorf("ayatsuri %v %s: the seats or Bomb Girl were not kept", hdr.Seats, hdr.Options)
			}
		case "superrock":
			if len(hdr.Seats) != 7 {
				t.Errorf("superrock seats %v, want the seven defaults", hdr.Seats)
			}
		}
		if hdr.Addr != "192.0.2.1" || hdr.Port != 8080 {
			t.Errorf("%s: links on %s:%d", hdr.ID, hdr.Addr, hdr.Port)
		}
	}
	page = do(t, h, "GET", host, nil).Body.String()
	for _, w := range []string{"Noir: Killer vs Inspector", "Ayatsuri Satsujin Jiken", "Super Rock", "Waiting for Aki", `id="night"`} {
		if !strings.Contains(page, w) {
			t.Errorf("the host page lacks %q", w)
		}
	}
	// Join codes: one seat at a time, then the spectators' code.
	tb := tables[0]
	hdr := tb.Header()
	for seat := 0; seat <= len(hdr.Seats); seat++ {
		j := do(t, h, "GET", host+"/join/"+hdr.ID+"?seat="+string(rune('0'+seat)), nil).Body.String()
		want := "http://192.0.2.1:8080/t/" + hdr.TableToken
		if seat < len(hdr.Seats) {
			want = "http://192.0.2.1:8080/s/" + hdr.Tokens[seat]
			if !strings.Contains(j, hdr.Seats[seat]+": scan this") || !strings.Contains(j, `id="done"`) {
				t.Errorf("seat %d's join page:\n%.400s", seat, j)
			}
		}
		if !strings.Contains(j, `src="data:image/png;base64,`) || !strings.Contains(j, want) {
			t.Errorf("seat %d: no QR code for %s", seat, want)
		}
	}
	// A bad form keeps everything and says why.
	r := do(t, h, "POST", host+"/new", url.Values{"game": {"noir"}, "players": {"Aki,aki"}})
	if r.Code != http.StatusUnprocessableEntity || !strings.Contains(r.Body.String(), "same name") || len(srv.store.Tables()) != 3 {
		t.Errorf("two players called Aki: %d, %d tables", r.Code, len(srv.store.Tables()))
	}
	r = do(t, h, "POST", host+"/new", url.Values{"game": {"noir"}, "noir.deck": {"paper"}})
	if r.Code != http.StatusUnprocessableEntity || !strings.Contains(r.Body.String(), "deck must be one of") {
		t.Errorf("an unknown deck: %d", r.Code)
	}
	// The host link is a secret: a wrong one is the plain 404.
	unknown := do(t, h, "GET", "/nothing/here", nil).Body.String()
	for _, p := range []string{"/h/WRONG", "/h/WRONG/join/" + hdr.ID} {
		if r := do(t, h, "GET", p, nil); r.Code != 404 || r.Body.String() != unknown {
			t.Errorf("%s: %d", p, r.Code)
		}
	}
	if r := do(t, h, "POST", "/h/WRONG/new", url.Values{"game": {"noir"}}); r.Code != 404 || len(srv.store.Tables()) != 3 {
		t.Errorf("a wrong host link started a table")
	}
}

// playOut plays a table to its end with seeded random legal choices.
func playOut(t *testing.T, tb *Table, seed uint64) {
	t.Helper()
	r := engine.NewRand(seed)
	for i := 0; !tb.Snapshot(engine.Public).Outcome.Over; i++ {
		if i > 20000 {
			t.Fatal("the game does not end")
		}
		for s := range tb.Header().Seats {
			if cs := tb.Legal(engine.Seat(s)); len(cs) > 0 {
				mustAct(t, tb, engine.Seat(s), string(cs[r.IntN(len(cs))].Action))
				break
			}
		}
	}
}

// Rematch: the same players keep their links, Noir's sides change hands,
// the finished table stays listed; a game not over, a second rematch and
// a game that remembers the night (Super Rock) are refused with a reason.
func TestHubRematchKeepsTheLinks(t *testing.T) {
	srv, h, host := newTestHub(t)
	do(t, h, "POST", host+"/new", url.Values{"game": {"noir"}, "players": {"Aki,Ben"}})
	old := srv.store.Tables()[0]
	oh := old.Header()
	if r := do(t, h, "POST", host+"/rematch/"+oh.ID, nil); r.Code != http.StatusConflict || !strings.Contains(r.Body.String(), "not over") {
		t.Errorf("a rematch of a game in play: %d", r.Code)
	}
	playOut(t, old, 3)
	if page := do(t, h, "GET", host, nil).Body.String(); !strings.Contains(page, host+"/rematch/"+oh.ID) {
		t.Fatalf("a finished table offers no rematch")
	}
	if r := do(t, h, "POST", host+"/rematch/"+oh.ID, nil); r.Code != http.StatusSeeOther {
		t.Fatalf("rematch: %d %s", r.Code, r.Body.String())
	}
	var nt *Table
	for _, tb := range srv.store.Tables() {
		if tb.ID() != oh.ID {
			nt = tb
		}
	}
	nh := nt.Header()
	if strings.Join(nh.Seats, ",") != "Ben,Aki" || nh.Tokens[0] != oh.Tokens[1] || nh.Tokens[1] != oh.Tokens[0] || nh.TableToken != oh.TableToken {
		t.Errorf("rematch seats %v tokens %v, want Ben the Killer now, each player keeping their link", nh.Seats, nh.Tokens)
	}
	if tb, seat, ok := srv.store.BySeatToken(oh.Tokens[0]); !ok || tb != nt || seat != 1 {
		t.Errorf("Aki's link leads to %v seat %d, want the rematch, seat 2", tb, seat)
	}
	if tb, ok := srv.store.ByTableToken(oh.TableToken); !ok || tb != nt {
		t.Errorf("the TV's link does not lead to the rematch")
	}
	if r := do(t, h, "GET", "/s/"+oh.Tokens[0], nil); r.Code != 200 || !strings.Contains(r.Body.String(), "Aki — Inspector") {
		t.Errorf("Aki's phone after the rematch:\n%.500s", r.Body.String())
	}
	page := do(t, h, "GET", host, nil).Body.String()
	if !strings.Contains(page, "rematched") || strings.Contains(page, host+"/rematch/"+oh.ID) {
		t.Errorf("the host page does not show the old table as rematched")
	}
	if r := do(t, h, "POST", host+"/rematch/"+oh.ID, nil); r.Code != http.StatusConflict || len(srv.store.Tables()) != 2 {
		t.Errorf("a second rematch of the same table: %d", r.Code)
	}
	// Super Rock: the rematch remembers the night (SR-13): what each
	// player played in the game just over is in the new table's options.
	do(t, h, "POST", host+"/new", url.Values{"game": {"superrock"}})
	var sr *Table
	for _, tb := range srv.store.Tables() {
		if tb.Header().Game == "superrock" {
			sr = tb
		}
	}
	playOut(t, sr, 4)
	if r := do(t, h, "POST", host+"/rematch/"+sr.ID(), nil); r.Code != http.StatusSeeOther {
		t.Fatalf("a Super Rock rematch: %d %s", r.Code, r.Body.String())
	}
	for _, tb := range srv.store.Tables() {
		if tb.Header().Game == "superrock" && tb.ID() != sr.ID() {
			if opts := string(tb.Header().Options); !strings.Contains(opts, `"played_tonight":[[`) {
				t.Errorf("the Super Rock rematch forgot the night: %s", opts)
			}
		}
	}
}

// The host manages a running table as the GM console does: a new link for
// a seat (the old one stops at once, the new code is shown), asking to
// undo the last action, abandoning the table (its links stop, its log
// stays).
func TestHubManagesARunningTable(t *testing.T) {
	srv, h, host := newTestHub(t)
	do(t, h, "POST", host+"/new", url.Values{"game": {"noir"}, "players": {"Aki,Ben"}})
	tb := srv.store.Tables()[0]
	old := tb.Header().Tokens[1]
	r := do(t, h, "POST", host+"/table/"+tb.ID(), url.Values{"do": {"relink"}, "seat": {"1"}})
	if r.Code != http.StatusSeeOther || !strings.HasSuffix(r.Header().Get("Location"), "?seat=1") {
		t.Fatalf("relink: %d to %q", r.Code, r.Header().Get("Location"))
	}
	if nw := tb.Header().Tokens[1]; nw == old || do(t, h, "GET", "/s/"+old, nil).Code != 404 || do(t, h, "GET", "/s/"+nw, nil).Code != 200 {
		t.Errorf("after the relink the old link still works or the new one does not")
	}
	if r := do(t, h, "POST", host+"/table/"+tb.ID(), url.Values{"do": {"undo"}}); r.Code != http.StatusConflict {
		t.Errorf("undo with nothing to undo: %d, want the reason", r.Code)
	}
	mustAct(t, tb, 0, "draw")
	if r := do(t, h, "POST", host+"/table/"+tb.ID(), url.Values{"do": {"undo"}}); r.Code != http.StatusSeeOther || tb.Snapshot(engine.Public).Undo == nil {
		t.Errorf("the host's undo request: %d, request %v", r.Code, tb.Snapshot(engine.Public).Undo)
	}
	page := do(t, h, "GET", host, nil).Body.String()
	if !strings.Contains(page, "The game master asks to undo") || !strings.Contains(page, "Aki agrees") {
		t.Errorf("the host page does not show the waiting undo request with the answers")
	}
	// The host answers for the seats that wait (both saw the draw), as the
	// console's agree does.
	for _, seat := range []string{"0", "1"} {
		if r := do(t, h, "POST", host+"/table/"+tb.ID(), url.Values{"do": {"agree"}, "seat": {seat}}); r.Code != http.StatusSeeOther {
			t.Fatalf("agree for seat %s: %d %s", seat, r.Code, r.Body)
		}
	}
	if tb.Snapshot(engine.Public).Undo != nil || len(tb.Legal(0)) == 0 || tb.Legal(0)[0].Action != "draw" {
		t.Errorf("after the host agreed the draw is not undone")
	}
	if r := do(t, h, "POST", host+"/table/"+tb.ID(), url.Values{"do": {"refuse"}, "seat": {"9"}}); r.Code != http.StatusBadRequest {
		t.Errorf("an answer for no seat: %d", r.Code)
	}
	seat := tb.Header().Tokens[0]
	if r := do(t, h, "POST", host+"/table/"+tb.ID(), url.Values{"do": {"abandon"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("abandon: %d", r.Code)
	}
	if do(t, h, "GET", "/s/"+seat, nil).Code != 404 || do(t, h, "GET", "/t/"+tb.Header().TableToken, nil).Code != 404 {
		t.Errorf("an abandoned table's links still work")
	}
	if _, err := os.Stat(srv.store.LogPath(tb.ID())); err != nil {
		t.Errorf("the abandoned table's log: %v", err)
	}
	if r := do(t, h, "POST", host+"/table/"+tb.ID(), url.Values{"do": {"sing"}}); r.Code != 404 {
		t.Errorf("an action on an abandoned table: %d", r.Code)
	}
}
