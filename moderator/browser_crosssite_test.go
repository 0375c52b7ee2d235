package moderator_test

import (
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/internal/browsertest"
	"tablemaster/moderator"
)

// TestBrowserCrossSitePostIsRefused: a page served from another origin
// that posts a form to a seat's /s/TOKEN/act as soon as it opens (the
// browser sends the seat's form as the player's) gets the 403 page, and
// the table is unchanged; the same post from the phone's own page acts.
// Two attackers: another site (localhost, for a table on 127.0.0.1) and
// the same host on another port (same-site, another origin).
func TestBrowserCrossSitePostIsRefused(t *testing.T) {
	testBrowserCrossSitePostIsRefused(t, browsertest.Chromium)
}

// TestBrowserCrossSitePostIsRefusedWebKit is the same in WebKit.
func TestBrowserCrossSitePostIsRefusedWebKit(t *testing.T) {
	testBrowserCrossSitePostIsRefused(t, browsertest.WebKit)
}

func testBrowserCrossSitePostIsRefused(t *testing.T, name string) {
	t.Parallel()
	browser := browsertest.Need(t, name)
	st, srv := newServer(t)
	table, err := st.Create(moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Seed: 42, Addr: "127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	game := httptestServer(t, srv)

	seat := engine.Seat(-1)
	for s := range table.Header().Seats {
		if len(table.Legal(engine.Seat(s))) > 0 {
			seat = engine.Seat(s)
			break
		}
	}
	if seat < 0 {
		t.Fatal("no seat has a move")
	}
	action := string(table.Legal(seat)[0].Action)
	target := game + "/s/" + table.Header().Tokens[seat] + "/act"
	form := fmt.Sprintf(`<!doctype html><title>a game night blog</title>
<form method="post" action="%s"><input type="hidden" name="a" value="%s"><input type="hidden" name="v" value="%d"></form>
<script>document.forms[0].submit()</script>`, html.EscapeString(target), html.EscapeString(action), table.Snapshot(seat).StateVer)
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, form)
	}))
	t.Cleanup(evil.Close)
	_, port, _ := strings.Cut(strings.TrimPrefix(evil.URL, "http://"), ":")

	state := func() string {
		b, err := os.ReadFile(st.LogPath(table.ID()))
		if err != nil {
			t.Fatal(err)
		}
		return strconv.Itoa(table.Snapshot(engine.Public).StateVer) + "\n" + string(b)
	}
	before := state()
	for _, from := range []string{"http://localhost:" + port + "/", "http://127.0.0.1:" + port + "/"} {
		tb := openPage(t, browser, "a page on "+from, from, 390, 844)
		tb.waitFor("the post is refused with the 403 page",
			`location.href.endsWith("/act") && document.body && document.body.innerText.includes(`+jsString(engine.EN.S("mod.cross.title"))+`)`)
		if st := evalIn[string](tb, `document.title + " " + document.documentElement.lang`); st != "tablemaster en" {
			t.Errorf("%s: the refusal page is %q, want tablemaster's in English", from, st)
		}
		if now := state(); now != before {
			t.Fatalf("a post from %s changed the table:\n%s\nwas\n%s", from, now, before)
		}
	}

	phone := openTab(t, browser, "the seat's phone", game+"/s/"+table.Header().Tokens[seat], 390, 844)
	phone.press(action)
	deadline := time.Now().Add(stepTimeout)
	for state() == before {
		if time.Now().After(deadline) {
			t.Fatalf("the phone's own %s did not act; the page:\n%s", action, phone.text())
		}
		time.Sleep(20 * time.Millisecond)
	}
}
