package moderator_test

import (
	"strings"
	"testing"

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
	t.Parallel()
	g := startGame(t, Chromium, moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: 7})
	table := g.table
	if _, err := table.Act(noir.Killer, "draw", -1); err != nil {
		t.Fatal(err)
	}
	identity := table.Snapshot(noir.Killer).View.(noir.View).Identity.Evidence
	phone := g.openPhone("Killer's old phone", table.Header().Tokens[noir.Killer])
	if html := phone.state().HTML; !strings.Contains(html, identity) {
		t.Fatalf("the Killer's page does not hold the identity %s before the relink", identity)
	}

	tok, err := table.Relink(noir.Killer)
	if err != nil {
		t.Fatal(err)
	}
	phone.waitFor("the old page gives way to the unknown link's answer",
		`!document.getElementById("app") && document.body && document.body.innerText.includes("This link doesn't work any more.")`)
	if html := phone.state().HTML; strings.Contains(html, identity) {
		t.Errorf("the old page still holds the identity %s after the relink:\n%s", identity, html)
	}

	fresh := g.openPhone("Killer's new phone", tok)
	if html := fresh.state().HTML; !strings.Contains(html, identity) {
		t.Errorf("the new link's page does not hold the identity %s", identity)
	}
}
