package moderator

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// The host page's new-table form marks seats "played by tablemaster": the
// table keeps them, the join codes pass them over, and a name that is no
// player, or a table that cannot seat a bot, is refused saying why.
func TestHubBotSeats(t *testing.T) {
	srv, h, host := newTestHub(t)
	if page := do(t, h, "GET", host, nil).Body.String(); !strings.Contains(page, `name="bots"`) || !strings.Contains(page, "Played by tablemaster") {
		t.Fatal("the new-table form has no field for the seats tablemaster plays")
	}
	r := do(t, h, "POST", host+"/new", url.Values{"game": {"noir"}, "players": {"Aki,Ben"}, "bots": {" ben "}})
	if r.Code != http.StatusSeeOther {
		t.Fatalf("a noir table with Ben played by tablemaster: %d\n%s", r.Code, r.Body)
	}
	tables := srv.store.Tables()
	if len(tables) != 1 || !tables[0].IsBot(1) || tables[0].IsBot(0) {
		t.Fatalf("the table's bot seats: %v, want Ben's (1)", tables[0].Header().Bots)
	}
	hdr := tables[0].Header()
	// Ben's code is never shown: after Aki's comes the spectators'.
	if j := do(t, h, "GET", host+"/join/"+hdr.ID+"?seat=1", nil).Body.String(); strings.Contains(j, hdr.Tokens[1]) || !strings.Contains(j, "/t/"+hdr.TableToken) {
		t.Errorf("the join page for Ben shows his link or not the spectators' code:\n%.400s", j)
	}
	for _, tt := range []struct {
		form url.Values
		want string
	}{
		{url.Values{"game": {"noir"}, "players": {"Aki,Ben"}, "bots": {"Bne"}}, "tablemaster cannot play Bne: no player is called that; did you mean Ben?"},
		{url.Values{"game": {"noir"}, "players": {"Aki,Ben"}, "bots": {"Ben"}, "noir.deck": {"physical"}}, "for a seat tablemaster plays, use the virtual deck"},
		{url.Values{"game": {"superrock"}, "bots": {"Ben"}}, "cannot play a seat"},
	} {
		r := do(t, h, "POST", host+"/new", tt.form)
		if r.Code != http.StatusUnprocessableEntity || !strings.Contains(r.Body.String(), tt.want) {
			t.Errorf("%v: %d, want 422 saying %q", tt.form, r.Code, tt.want)
		}
		if strings.Contains(r.Body.String(), "--bot") {
			t.Errorf("%v: the host page speaks of the command line's --bot:\n%s", tt.form, r.Body)
		}
	}
	if n := len(srv.store.Tables()); n != 1 {
		t.Errorf("%d tables after the refusals, want 1", n)
	}
}
