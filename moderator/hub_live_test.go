package moderator

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/noir"
)

// sseEvent is one event of a stream as a browser gets it.
type sseEvent struct{ Name, ID, Data string }

// openStream opens an event stream on a real server and hands its events
// over a channel; it is closed when the test ends.
func openStream(t *testing.T, base, path string) <-chan sseEvent {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", base+path, nil)
	req.Header.Set("Accept-Language", "en")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("GET %s: %s %s", path, resp.Status, resp.Header.Get("Content-Type"))
	}
	ch := make(chan sseEvent, 64)
	go func() {
		defer resp.Body.Close()
		defer close(ch)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<22)
		var e sseEvent
		var data []string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if data != nil || e.Name != "" {
					e.Data = strings.Join(data, "\n")
					ch <- e
				}
				e, data = sseEvent{}, nil
			case strings.HasPrefix(line, "data: "):
				data = append(data, strings.TrimPrefix(line, "data: "))
			case strings.HasPrefix(line, "event: "):
				e.Name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "id: "):
				e.ID = strings.TrimPrefix(line, "id: ")
			}
		}
	}()
	return ch
}

// waitEvent waits for an event for which ok holds, failing after a few
// seconds with the last event seen.
func waitEvent(t *testing.T, ch <-chan sseEvent, what string, ok func(sseEvent) bool) sseEvent {
	t.Helper()
	timeout := time.After(5 * time.Second)
	var last sseEvent
	for {
		select {
		case e, open := <-ch:
			if !open {
				t.Fatalf("%s: the stream ended; last event:\n%.1500s", what, last.Data)
			}
			if ok(e) {
				return e
			}
			last = e
		case <-timeout:
			t.Fatalf("%s: no such event within 5 s; last event:\n%.1500s", what, last.Data)
		}
	}
}

// noEvent fails if an event comes within d.
func noEvent(t *testing.T, ch <-chan sseEvent, what string, d time.Duration) {
	t.Helper()
	select {
	case e := <-ch:
		t.Errorf("%s: got an event %q:\n%.500s", what, e.Name, e.Data)
	case <-time.After(d):
	}
}

// liveHub is a host page's server on a real listener.
func liveHub(t *testing.T) (*Server, string, string) {
	t.Helper()
	srv, h, host := newTestHub(t)
	ts := httptest.NewServer(h)
	t.Cleanup(func() {
		ts.CloseClientConnections()
		ts.Close()
	})
	return srv, ts.URL, host
}

// rowOf is a table's row in a message of the host page's stream.
func rowOf(data, id string) string {
	i := strings.Index(data, `id="`+id+`"`)
	if i < 0 {
		return ""
	}
	row := data[i:]
	if j := strings.Index(row, "</tr>"); j >= 0 {
		row = row[:j]
	}
	return row
}

// The host page's stream (issue 24 item 4): a new table, a table's turn,
// a pending undo request and the Rematch button reach the open host page
// as they happen, each message holding only the live parts (never the
// new-table form, which the host may be filling in); a page that holds
// the current parts is sent nothing.
func TestHubLiveStream(t *testing.T) {
	srv, base, host := liveHub(t)
	unknown := do(t, srv.Handler(), "GET", "/nothing/here", nil).Body.String()
	for _, p := range []string{"/h/WRONG/events", "/h/WRONG/join/x/events?seat=0"} {
		if r := do(t, srv.Handler(), "GET", p, nil); r.Code != 404 || r.Body.String() != unknown {
			t.Errorf("%s: %d, want the plain 404", p, r.Code)
		}
	}
	ev := openStream(t, base, host+"/events")
	first := waitEvent(t, ev, "the first message", func(e sseEvent) bool { return e.Name == "" })
	if !strings.Contains(first.Data, "No table yet") || strings.Contains(first.Data, `id="new"`) {
		t.Errorf("the first message:\n%s", first.Data)
	}
	for _, id := range []string{`id="trouble"`, `id="live"`, `id="night"`} {
		if !strings.Contains(first.Data, id) {
			t.Errorf("the message lacks the part %s", id)
		}
	}

	// A table started elsewhere (another tab) appears.
	if r := do(t, srv.Handler(), "POST", host+"/new", url.Values{"game": {"noir"}, "players": {"Aki,Ben"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("new: %d", r.Code)
	}
	tb := srv.store.Tables()[0]
	waitEvent(t, ev, "the new table", func(e sseEvent) bool {
		return strings.Contains(rowOf(e.Data, tb.ID()), "Waiting for Aki")
	})

	// The phones act until it is Ben's turn: the row says so.
	for i := 0; toMove(tb) == noir.Killer; i++ {
		if i > 10 {
			t.Fatal("Aki's turn does not end")
		}
		s := toMove(tb)
		mustAct(t, tb, s, string(tb.Legal(s)[0].Action))
	}
	want := hubRow(tb, engine.EN, host).Status
	if want != "Waiting for Ben" {
		t.Fatalf("status %q after Aki's turn", want)
	}
	waitEvent(t, ev, "the turn after Aki's draw", func(e sseEvent) bool {
		return strings.Contains(rowOf(e.Data, tb.ID()), want)
	})

	// An undo request waits for the seats: it shows with the answers.
	if _, err := tb.RequestUndo(engine.Public); err != nil {
		t.Fatal(err)
	}
	e := waitEvent(t, ev, "the undo request", func(e sseEvent) bool {
		return strings.Contains(rowOf(e.Data, tb.ID()), "The game master asks to undo")
	})
	waiting := tb.Snapshot(engine.Public).Undo.Waiting
	for _, s := range waiting {
		if row := rowOf(e.Data, tb.ID()); !strings.Contains(row, tb.SeatName(s)+" agrees") {
			t.Errorf("the undo request without %s's answer:\n%s", tb.SeatName(s), row)
		}
	}
	// A page that holds these parts, reconnecting, is sent nothing.
	again := openStream(t, base, host+"/events?h="+url.QueryEscape(e.ID))
	noEvent(t, again, "a page that is current", 300*time.Millisecond)
	for _, s := range waiting {
		if _, err := tb.ConfirmUndo(s, true); err != nil {
			t.Fatal(err)
		}
	}
	waitEvent(t, ev, "the undo done", func(e sseEvent) bool {
		row := rowOf(e.Data, tb.ID())
		return strings.Contains(row, "Waiting for Aki") && !strings.Contains(row, "asks to undo")
	})
	waitEvent(t, again, "the undo done, on the other page", func(e sseEvent) bool {
		return strings.Contains(rowOf(e.Data, tb.ID()), "Waiting for Aki")
	})

	// The game ends: the Rematch button appears.
	rematch := host + "/rematch/" + tb.ID()
	if strings.Contains(e.Data, rematch) {
		t.Fatalf("a rematch is offered before the end")
	}
	playOut(t, tb, 3)
	waitEvent(t, ev, "the Rematch button", func(e sseEvent) bool { return strings.Contains(e.Data, `action="`+rematch+`"`) })
}

// The join codes move on by themselves when the seat's phone opens its
// link, and only then: '✓ joined' is the mark of a real open of the
// current link, which a relink clears (issue 24 item 4).
func TestHubJoinMovesOnWhenThePhoneOpens(t *testing.T) {
	srv, base, host := liveHub(t)
	h := srv.Handler()
	do(t, h, "POST", host+"/new", url.Values{"game": {"noir"}, "players": {"Aki,Ben"}})
	tb := srv.store.Tables()[0]
	hdr := tb.Header()
	join := host + "/join/" + hdr.ID + "?seat=0"
	page := do(t, h, "GET", join, nil).Body.String()
	for _, w := range []string{"Aki: scan this with your phone. It moves on by itself when the phone opens; or press Done below.",
		`data-events="` + host + "/join/" + hdr.ID + `/events?seat=0"`, `data-next="` + host + "/join/" + hdr.ID + `?seat=1"`, `id="tm-offline"`} {
		if !strings.Contains(page, strings.ReplaceAll(w, "&", "&amp;")) && !strings.Contains(page, w) {
			t.Errorf("the join page lacks %q:\n%.1500s", w, page)
		}
	}
	if strings.Contains(page, `id="joined"`) {
		t.Errorf("Aki shows as joined before any phone opened the link")
	}
	ev := openStream(t, base, host+"/join/"+hdr.ID+"/events?seat=0")
	// The TV and Ben's phone open theirs: Aki's page does not move.
	do(t, h, "GET", "/t/"+hdr.TableToken, nil)
	do(t, h, "GET", "/s/"+hdr.Tokens[1], nil)
	noEvent(t, ev, "others joined", 300*time.Millisecond)
	if r := do(t, h, "GET", "/s/"+hdr.Tokens[0], nil); r.Code != 200 {
		t.Fatalf("Aki's phone: %d", r.Code)
	}
	waitEvent(t, ev, "Aki's phone opened", func(e sseEvent) bool { return e.Name == "joined" })
	if page := do(t, h, "GET", join, nil).Body.String(); !strings.Contains(page, `id="joined"`) || strings.Contains(page, "data-events") {
		t.Errorf("after Aki's phone opened, the join page shows no ✓ or still waits")
	}

	// Aki's phone is lost: a new link, whose page waits for a real open.
	r := do(t, h, "POST", host+"/table/"+hdr.ID, url.Values{"do": {"relink"}, "seat": {"0"}})
	loc := r.Header().Get("Location")
	if r.Code != http.StatusSeeOther || !strings.Contains(loc, "/relinked/") {
		t.Fatalf("relink: %d to %q", r.Code, loc)
	}
	page = do(t, h, "GET", loc, nil).Body.String()
	if strings.Contains(page, `id="joined"`) || !strings.Contains(page, `data-next="`+host+`"`) || !strings.Contains(page, "goes back to the host page by itself") {
		t.Errorf("the relinked seat's page:\n%.1500s", page)
	}
	if joined, _ := tb.Presence(); joined[0] {
		t.Errorf("the relinked seat still counts as joined")
	}
	ev = openStream(t, base, host+"/join/"+hdr.ID+"/events?seat=0")
	if r := do(t, h, "GET", "/s/"+hdr.Tokens[0], nil); r.Code != 404 {
		t.Errorf("the old link: %d", r.Code)
	}
	noEvent(t, ev, "the old link tried", 300*time.Millisecond)
	do(t, h, "GET", "/s/"+tb.Header().Tokens[0], nil)
	waitEvent(t, ev, "the new link opened", func(e sseEvent) bool { return e.Name == "joined" })
}

// A failed save in host mode (issue 24 item 5) goes to the terminal once
// per failure, with its cause, and shows on the host page until the table
// saves again; every refused try in between is not said again.
func TestHubFailedSaveBanner(t *testing.T) {
	srv, base, host := liveHub(t)
	logs := &syncBuf{}
	srv.Logf = func(format string, args ...any) { fmt.Fprintf(logs, format+"\n", args...) }
	do(t, srv.Handler(), "POST", host+"/new", url.Values{"game": {"noir"}, "players": {"Aki,Ben"}})
	tb := srv.store.Tables()[0]
	ev := openStream(t, base, host+"/events")
	waitEvent(t, ev, "the first message", func(e sseEvent) bool { return strings.Contains(e.Data, tb.ID()) })
	spaceIsBack := diskFull(t, tb)
	for range 3 {
		if _, err := tb.Act(noir.Killer, "draw", -1); err == nil {
			t.Fatal("an action was saved on a full disk")
		}
	}
	e := waitEvent(t, ev, "the banner", func(e sseEvent) bool { return strings.Contains(e.Data, "NOT SAVED at table "+tb.ID()) })
	if !strings.Contains(e.Data, "disk is full") || strings.Contains(e.Data, tb.log.path) {
		t.Errorf("the banner:\n%s", e.Data)
	}
	page := do(t, srv.Handler(), "GET", host, nil).Body.String()
	if !strings.Contains(page, "NOT SAVED at table "+tb.ID()) {
		t.Errorf("a reload of the host page lost the banner")
	}
	deadline := time.Now().Add(3 * time.Second)
	for !strings.Contains(logs.String(), "NOT SAVED") && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond) // the later failures, were they said
	if n := strings.Count(logs.String(), "NOT SAVED"); n != 1 || !strings.Contains(logs.String(), "table "+tb.ID()) ||
		!strings.Contains(logs.String(), "no space left on device") {
		t.Errorf("the terminal got %d NOT SAVED lines, want 1 naming the table and the cause:\n%s", n, logs)
	}
	spaceIsBack()
	mustAct(t, tb, noir.Killer, "draw")
	waitEvent(t, ev, "the banner gone", func(e sseEvent) bool {
		return !strings.Contains(e.Data, "NOT SAVED") && strings.Contains(e.Data, `id="trouble"`)
	})
	if page := do(t, srv.Handler(), "GET", host, nil).Body.String(); strings.Contains(page, "NOT SAVED") {
		t.Errorf("the banner stays after a save")
	}
	if !strings.Contains(logs.String(), "saved again") {
		t.Errorf("the terminal was not told the table saves again:\n%s", logs)
	}
	// A new failure is a new episode: said again.
	spaceIsBack = diskFull(t, tb)
	defer spaceIsBack()
	if s := toMove(tb); s == engine.Public {
		t.Fatal("nobody to move")
	} else if _, err := tb.Act(s, string(tb.Legal(s)[0].Action), -1); err == nil {
		t.Fatal("an action was saved on a full disk")
	}
	waitEvent(t, ev, "the banner again", func(e sseEvent) bool { return strings.Contains(e.Data, "NOT SAVED at table") })
	deadline = time.Now().Add(3 * time.Second)
	for strings.Count(logs.String(), "NOT SAVED") < 2 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := strings.Count(logs.String(), "NOT SAVED"); n != 2 {
		t.Errorf("a second episode: %d NOT SAVED lines, want 2:\n%s", n, logs)
	}
}

// The night sheet is about games played (issue 24 item 8): a table with
// no action stands listed as such and counts in nobody's totals; an action
// taken back does not make a table played.
func TestNightTotalsSkipUnplayedTables(t *testing.T) {
	dir := t.TempDir()
	st, err := NewStore(dir, fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	played, _ := st.Create(NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: 1})
	mustAct(t, played, noir.Killer, "draw")
	idle, _ := st.Create(NewTableSpec{Game: "noir", Seats: []string{"Aki", "Chika"}, Options: noir.Config{}, Seed: 2})
	undone, _ := st.Create(NewTableSpec{Game: "noir", Seats: []string{"Aki", "Dai"}, Options: noir.Config{}, Seed: 3})
	mustAct(t, undone, noir.Killer, "draw")
	if _, err := undone.RequestUndo(noir.Killer); err != nil {
		t.Fatal(err)
	}
	undone.ConfirmUndo(noir.Inspector, true)
	sheet, skipped, err := Night(dir, NightOf(fixedClock()))
	if err != nil || len(skipped) > 0 {
		t.Fatalf("Night: %v %v", err, skipped)
	}
	if len(sheet.Games) != 3 {
		t.Fatalf("%d games on the sheet, want the 3 tables listed", len(sheet.Games))
	}
	for _, g := range sheet.Games {
		unplayed := g.Table == idle.ID() || (g.Table == undone.ID() && len(undone.steps()) == 0)
		if g.Played == unplayed || (unplayed && g.Status.Key != "mod.night.unplayed") {
			t.Errorf("table %s: Played %v, status %q", g.Table, g.Played, g.Status.Key)
		}
	}
	games := map[string]int{}
	for _, tot := range sheet.Totals {
		games[tot.Name] = tot.Games
	}
	want := map[string]int{"Aki": 1, "Ben": 1}
	if len(undone.steps()) > 0 {
		want["Aki"], want["Dai"] = 2, 1
	}
	for name, n := range want {
		if games[name] != n {
			t.Errorf("%s: %d games, want %d (totals %v)", name, games[name], n, games)
		}
	}
	if _, ok := games["Chika"]; ok {
		t.Errorf("Chika, who only sat at an unplayed table, is in the totals: %v", games)
	}
	srv := NewServer(st, engine.JA)
	srv.Hub = &Hub{Token: "H", Now: fixedClock, Seed: func() uint64 { return 1 }}
	page := do(t, srv.Handler(), "GET", "/h/H", nil, "Accept-Language", "ja").Body.String()
	if !strings.Contains(page, "まだ誰もプレイしていないので合計に数えません") {
		t.Errorf("the host page's night sheet does not say the table is unplayed")
	}
}

// Every list names the variant (issue 24 item 8): the host page, List
// (for `tablemaster tables`) and the night sheet, in English and Japanese.
func TestHubListsNameTheVariant(t *testing.T) {
	srv, h, host := newTestHub(t)
	for _, v := range []string{"cards", "automata"} {
		if r := do(t, h, "POST", host+"/new", url.Values{"game": {"noir"}, "players": {"Aki,Ben"}, "noir.variant": {v}}); r.Code != http.StatusSeeOther {
			t.Fatalf("new %s: %d %s", v, r.Code, r.Body)
		}
	}
	for _, c := range []struct {
		lang  string
		cards string
		auto  string
	}{{"en", "Noir: Killer vs Inspector", "Noir (Automata)"}, {"ja", "ノワール：殺人鬼vs捜査官", "ノワール（オートマタ版）"}} {
		page := do(t, h, "GET", host, nil, "Accept-Language", c.lang).Body.String()
		live := page[strings.Index(page, `id="live"`):strings.Index(page, `id="new"`)]
		if !strings.Contains(live, "<td>"+c.auto+"</td>") || !strings.Contains(live, "<td>"+c.cards+"</td>") {
			t.Errorf("%s: the host page's tables do not tell the variants apart:\n%s", c.lang, live)
		}
		night := page[strings.Index(page, `id="night"`):]
		if !strings.Contains(night, c.auto) || !strings.Contains(night, c.cards) {
			t.Errorf("%s: the night sheet does not tell the variants apart", c.lang)
		}
	}
	list, _, err := List(srv.store.Dir())
	if err != nil || len(list) != 2 {
		t.Fatalf("List: %v, %d tables", err, len(list))
	}
	var names []string
	for _, ti := range list {
		names = append(names, engine.EN.Text(ti.Name))
	}
	if strings.Join(names, "|") != "Noir: Killer vs Inspector|Noir (Automata)" && strings.Join(names, "|") != "Noir (Automata)|Noir: Killer vs Inspector" {
		t.Errorf("List names %v", names)
	}
}

// The host page puts away a table nobody played, as `tables drop` does:
// its log goes to the archive and it leaves the page and the night; a
// played table is refused with the reason.
func TestHubPutsAwayAnUnplayedTable(t *testing.T) {
	srv, base, host := liveHub(t)
	h := srv.Handler()
	do(t, h, "POST", host+"/new", url.Values{"game": {"noir"}, "players": {"Aki,Ben"}})
	played := srv.store.Tables()[0]
	mustAct(t, played, noir.Killer, "draw")
	do(t, h, "POST", host+"/new", url.Values{"game": {"noir"}, "players": {"Chika,Dai"}})
	var idle *Table
	for _, tb := range srv.store.Tables() {
		if tb != played {
			idle = tb
		}
	}
	page := do(t, h, "GET", host, nil).Body.String()
	if !strings.Contains(rowOf(page, idle.ID()), `value="putaway"`) || strings.Contains(rowOf(page, played.ID()), `value="putaway"`) {
		t.Errorf("put away is offered on the wrong tables:\n%s\n%s", rowOf(page, idle.ID()), rowOf(page, played.ID()))
	}
	ev := openStream(t, base, host+"/events")
	waitEvent(t, ev, "the first message", func(e sseEvent) bool { return strings.Contains(e.Data, idle.ID()) })
	if r := do(t, h, "POST", host+"/table/"+played.ID(), url.Values{"do": {"putaway"}}); r.Code != http.StatusConflict || !strings.Contains(r.Body.String(), "has been played") {
		t.Errorf("putting away a played table: %d", r.Code)
	}
	if r := do(t, h, "POST", host+"/table/"+idle.ID(), url.Values{"do": {"putaway"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("put away: %d %s", r.Code, r.Body)
	}
	if _, err := os.Stat(filepath.Join(srv.store.Dir(), "archive", idle.ID()+".jsonl")); err != nil {
		t.Errorf("the log is not in the archive: %v", err)
	}
	if do(t, h, "GET", "/s/"+idle.Header().Tokens[0], nil).Code != 404 {
		t.Errorf("the put-away table's link still works")
	}
	waitEvent(t, ev, "the table gone", func(e sseEvent) bool {
		return !strings.Contains(e.Data, idle.ID()) && strings.Contains(e.Data, played.ID())
	})
	if sheet, _, _ := Night(srv.store.Dir(), NightOf(fixedClock())); len(sheet.Games) != 1 {
		t.Errorf("the night still has %d games", len(sheet.Games))
	}
}

// The host page's stream lives past the server's read and write limits
// (a request has Limits.Read to arrive, an answer Limits.Write to leave):
// served as `tablemaster host` serves it, an open page still gets the
// changes long after both.
func TestHubStreamOutlivesTheLimits(t *testing.T) {
	srv, _, host := newTestHub(t)
	srv.Limits.Read, srv.Limits.Write, srv.Limits.ReadHeader = 200*time.Millisecond, 200*time.Millisecond, 200*time.Millisecond
	hs := srv.HTTPServer()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	ev := openStream(t, "http://"+ln.Addr().String(), host+"/events")
	waitEvent(t, ev, "the first message", func(e sseEvent) bool { return strings.Contains(e.Data, "No table yet") })
	time.Sleep(700 * time.Millisecond)
	if _, err := srv.store.Create(NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	waitEvent(t, ev, "the new table, on the same stream", func(e sseEvent) bool { return strings.Contains(e.Data, "Waiting for Aki") })
}

// TestHubStreamPings: an idle host page stream is pinged as a table
// stream is (an event the page's script sees, with the interval), so the
// host page notices a laptop gone from the Wi-Fi without a word.
func TestHubStreamPings(t *testing.T) {
	srv, _, host := newTestHub(t)
	srv.Keepalive = 50 * time.Millisecond
	hs := srv.HTTPServer()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	ev := openStream(t, "http://"+ln.Addr().String(), host+"/events")
	waitEvent(t, ev, "a ping with its interval", func(e sseEvent) bool { return e.Name == "ping" && e.Data == "50" })
}
