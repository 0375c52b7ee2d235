package moderator

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"tablemaster/moderator/face"
	srface "tablemaster/moderator/superrock"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/ayatsuri"
	"tablemaster/engine/superrock"
)

func fetchPage(t *testing.T, url string) string {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept-Language", "en")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET %s: %d %v", url, resp.StatusCode, err)
	}
	return string(b)
}

// Right-to-left names are isolated in <bdi> wherever a page shows them —
// the players list, the phone's heading, the sentences of the story, the
// choice buttons — so "سارة passes 4 cards to Ben." keeps its order; a
// left-to-right name is written as it is (no bytes spent on phone pages).
func TestPagesIsolateRightToLeftNames(t *testing.T) {
	seats := []string{"سارة", "Ben", "דוד", "Dai"}
	st, err := NewStore(t.TempDir(), fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	tb, err := st.Create(NewTableSpec{Game: "ayatsuri", Seats: seats, Seed: 7, Addr: "127.0.0.1", Port: 8080,
		Options: ayatsuri.Config{Players: seats}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(NewServer(st, engine.EN).Handler())
	defer srv.Close()
	for _, a := range []struct {
		s engine.Seat
		a string
	}{{0, "pick 1"}, {0, "pass"}, {1, "pick 4"}, {1, "pass"}, {2, "pick 7"}, {2, "pass"}, {3, "pick 2"}, {0, "reveal"}} {
		mustAct(t, tb, a.s, a.a)
	}
	h := tb.Header()
	table := fetchPage(t, srv.URL+"/t/"+h.TableToken)
	cop := fetchPage(t, srv.URL+"/s/"+h.Tokens[0])
	for _, c := range []struct{ where, page, want string }{
		{"players list", table, "<b><bdi>سارة</bdi></b>"},
		{"players list", table, "<b><bdi>דוד</bdi></b>"},
		{"story", table, "<bdi>سارة</bdi> passes 4 cards to Ben."},
		{"story", table, "<bdi>דוד</bdi> passes 2 cards to Dai."},
		{"phone heading", cop, "<h1><bdi>سارة</bdi></h1>"},
		{"button", cop, "><bdi>דוד</bdi></button>"},
	} {
		if !strings.Contains(c.page, c.want) {
			t.Errorf("%s: page lacks %q", c.where, c.want)
		}
	}
	for _, name := range []string{"Ben", "Dai"} {
		if strings.Contains(table, "<bdi>"+name) || strings.Contains(cop, "<bdi>"+name) {
			t.Errorf("the left-to-right name %s is isolated: bytes for nothing", name)
		}
	}
	if !strings.Contains(cop, "<title>سارة · tablemaster</title>") {
		t.Errorf("the title (plain text, no markup) changed")
	}
}

func TestMsgHTML(t *testing.T) {
	tests := []struct {
		m    engine.Msg
		want string
	}{
		{engine.M("ay.ev.serial", "name", "Aki", "names", "Ben, Dai"), "Aki, the Serial Killer, kills Ben, Dai."},
		{engine.M("ay.ev.serial", "name", "<i>سارة</i>", "names", "Ben"), "<bdi>&lt;i&gt;سارة&lt;/i&gt;</bdi>, the Serial Killer, kills Ben."},
		{engine.M("ay.ev.serial", "name", "Aki", "names", "سارة, Ben"), "Aki, the Serial Killer, kills <bdi>سارة</bdi>, <bdi>Ben</bdi>."},
		{engine.M("ay.ev.serial", "name", "@mod.gm", "names", "1, 2"), "The game master, the Serial Killer, kills 1, 2."},
	}
	for _, tt := range tests {
		if got := string(face.MsgHTML(engine.EN, tt.m)); got != tt.want {
			t.Errorf("face.MsgHTML(%v) = %q, want %q", tt.m, got, tt.want)
		}
	}
}

// The Super Rock table screen builds its own rows (moderator/superrock):
// they isolate right-to-left names too.
func TestSuperrockPageIsolatesRightToLeftNames(t *testing.T) {
	seats := []string{"Aki", "سارة", "Chika", "Dai", "Eri", "Fumi"}
	st, err := NewStore(t.TempDir(), fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	cfg := superrock.Config{Counts: srCounts(6)}
	tb, err := st.Create(NewTableSpec{Game: "superrock", Seats: seats, Seed: 1, Addr: "127.0.0.1", Port: 8080,
		Options: srface.NewOptions(cfg, "")})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(NewServer(st, engine.EN).Handler())
	defer srv.Close()
	table := fetchPage(t, srv.URL+"/t/"+tb.Header().TableToken)
	phone := fetchPage(t, srv.URL+"/s/"+tb.Header().Tokens[1])
	for _, c := range []struct{ where, page, want string }{
		{"table rows", table, "<b><bdi>سارة</bdi></b>"},
		{"phone heading", phone, "<h1><bdi>سارة</bdi></h1>"},
	} {
		if !strings.Contains(c.page, c.want) {
			t.Errorf("%s: page lacks %q", c.where, c.want)
		}
	}
}
