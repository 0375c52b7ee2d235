package moderator_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/noir"
	"tablemaster/moderator"
)

// TestBrowserRelinkClearsTheOldPage opens the Killer's phone in headless
// Chromium and re-issues the Killer's link (a lost phone). The page that
// is already open must stop showing the seat's secrets by itself: its
// event stream is cut, the reconnect finds the link gone, and the page
// turns into the unknown link's answer (DESIGN.md principle 1). The new
// link opens the seat's page.
func TestBrowserRelinkClearsTheOldPage(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test is skipped in -short mode")
	}
	exe := browserPath()
	if exe == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("TestBrowserRelinkClearsTheOldPage: no Chromium found; CI must run the browser tests: apt-get install chromium")
		}
		t.Skip("no Chromium found (apt-get install chromium); skipping the browser test")
	}
	st, err := moderator.NewStore(t.TempDir(), time.Now)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	table, err := st.Create(moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := table.Act(noir.Killer, "draw", -1); err != nil {
		t.Fatal(err)
	}
	identity := table.Snapshot(noir.Killer).View.(noir.View).Identity.Evidence
	srv := moderator.NewServer(st, engine.EN)
	srv.Logf = t.Logf
	ts := httptestServer(t, srv)
	old := table.Header().Tokens[noir.Killer]

	browser := startBrowser(t, exe)
	phone := openTab(t, browser, "Killer's old phone", ts+"/s/"+old, 390, 844, 2)
	if html := phone.state().HTML; !strings.Contains(html, identity) {
		t.Fatalf("the Killer's page does not hold the identity %s before the relink", identity)
	}

	tok, err := table.Relink(noir.Killer)
	if err != nil {
		t.Fatal(err)
	}
	phone.waitFor("the old page gives way to the unknown link's answer",
		`!document.getElementById("app") && document.body && document.body.innerText.includes("Not found")`)
	if html := phone.state().HTML; strings.Contains(html, identity) {
		t.Errorf("the old page still holds the identity %s after the relink:\n%s", identity, html)
	}

	fresh := openTab(t, browser, "Killer's new phone", ts+"/s/"+tok, 390, 844, 2)
	if html := fresh.state().HTML; !strings.Contains(html, identity) {
		t.Errorf("the new link's page does not hold the identity %s", identity)
	}
}
