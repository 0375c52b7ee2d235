package moderator_test

import (
	"net"
	"net/http"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/noir"
	"tablemaster/internal/browsertest"
	"tablemaster/moderator"
)

// The host page follows the night live (issue 24 item 4), in a real
// browser: a table started elsewhere appears, a phone's moves change its
// row, all without a reload and without touching what the host is typing
// in the new-table form. When the laptop's server goes away the page
// says so (#tm-offline, role=status) instead of reloading onto a dead
// server, and when it is back the banner goes and updates flow again.
func TestBrowserHostPageLive(t *testing.T) { testBrowserHostPageLive(t, browsertest.Chromium) }

// TestBrowserHostPageLiveWebKit is the same in WebKit, iPhones' engine.
func TestBrowserHostPageLiveWebKit(t *testing.T) { testBrowserHostPageLive(t, browsertest.WebKit) }

func testBrowserHostPageLive(t *testing.T, name string) {
	t.Parallel()
	browser := browsertest.Need(t, name)
	st, srv := newServer(t)
	srv.Hub = &moderator.Hub{Token: "HOST", Now: time.Now, Seed: func() uint64 { return 1 }}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	serveOn := func(ln net.Listener) *http.Server {
		hs := &http.Server{Handler: srv.Handler()}
		go hs.Serve(ln)
		t.Cleanup(func() { hs.Close() })
		return hs
	}
	hs := serveOn(ln)
	base := "http://" + addr
	srv.Hub.BaseURL = base
	host := openPage(t, browser, "host", base+"/h/HOST", 1280, 900)
	host.waitFor("the host page's live connection", `document.getElementById("tm-offline").hidden && !!document.getElementById("live")`)
	evalIn[bool](host, `(document.getElementById("players").value = "Eri, Fumi", true)`)
	loaded := evalIn[float64](host, `window.__loaded = Date.now() + Math.random()`)

	// A table started elsewhere (the console, another tab) appears.
	tb, err := st.Create(moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	row := `document.getElementById(` + jsString(tb.ID()) + `)`
	status := `((` + row + ` || {}).querySelector && ` + row + `.querySelector(".status").textContent)`
	host.waitFor("the new table's row", status+` === "Waiting for Aki"`)

	// Aki plays from the phone until it is Ben's turn.
	aki := openTab(t, browser, "Aki's phone", base+"/s/"+tb.Header().Tokens[0], 390, 844)
	for i := 0; len(tb.Legal(noir.Killer)) > 0; i++ {
		if i > 10 {
			t.Fatal("Aki's turn does not end")
		}
		ver := tb.Snapshot(engine.Public).StateVer
		aki.press(string(tb.Legal(noir.Killer)[0].Action))
		for deadline := time.Now().Add(5 * time.Second); tb.Snapshot(engine.Public).StateVer == ver; {
			if time.Now().After(deadline) {
				t.Fatalf("Aki's tap %d did not act", i+1)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	host.waitFor("the row follows Aki's moves", status+` === "Waiting for Ben"`)
	if now := evalIn[float64](host, `window.__loaded || 0`); now != loaded {
		t.Fatalf("the host page was loaded again, want it updated live")
	}
	if v := evalIn[string](host, `document.getElementById("players").value`); v != "Eri, Fumi" {
		t.Errorf("the new-table form lost what the host typed: %q", v)
	}

	// The laptop's server goes away: the banner, no reload.
	hs.Close()
	host.waitFor("the offline banner", `!document.getElementById("tm-offline").hidden && document.getElementById("tm-offline").getAttribute("role") === "status"`)
	if txt := evalIn[string](host, `document.getElementById("tm-offline").textContent`); txt != "Lost the connection to the game master's laptop — reconnecting…" {
		t.Errorf("the banner says %q", txt)
	}
	time.Sleep(1500 * time.Millisecond) // a few tries onto the dead server
	// Back on the same address: the banner goes, and updates flow again.
	ln, err = net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("listen again on %s: %v", addr, err)
	}
	serveOn(ln)
	host.waitFor("the banner gone", `document.getElementById("tm-offline").hidden`)
	// Ben plays (at the console) until it is Aki's turn again.
	for i := 0; len(tb.Legal(noir.Inspector)) > 0; i++ {
		if i > 10 {
			t.Fatal("Ben's turn does not end")
		}
		if _, err := tb.Act(noir.Inspector, string(tb.Legal(noir.Inspector)[0].Action), -1); err != nil {
			t.Fatal(err)
		}
	}
	host.waitFor("the row follows Ben's moves after the reconnection", status+` === "Waiting for Aki"`)
	if now := evalIn[float64](host, `window.__loaded || 0`); now != loaded {
		t.Fatalf("the host page was loaded again across the outage")
	}
	if v := evalIn[string](host, `document.getElementById("players").value`); v != "Eri, Fumi" {
		t.Errorf("the new-table form lost what the host typed across the outage: %q", v)
	}

	// The join codes: Ben's page moves on to the spectators' code by
	// itself when Ben's phone opens the link.
	host.navigate(base + "/h/HOST/join/" + tb.ID() + "?seat=1")
	host.waitFor("Ben's code, waiting", `!!document.querySelector(".qr img") && !document.getElementById("joined") && location.search === "?seat=1"`)
	openTab(t, browser, "Ben's phone", base+"/s/"+tb.Header().Tokens[1], 390, 844)
	host.waitFor("the spectators' code, by itself", `location.search === "?seat=2" && !!document.getElementById("screen")`)
}
