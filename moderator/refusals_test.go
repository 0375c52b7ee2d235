package moderator

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/ayatsuri"
	"tablemaster/engine/superrock"
)

// postAct posts an action from a seat's page as its script does, over a
// real socket, and returns the status and the page body it gets back.
func postAct(t *testing.T, srv *httptest.Server, tb *Table, s engine.Seat, action, lang string) (int, string) {
	t.Helper()
	form := url.Values{"a": {action}, "v": {strconv.Itoa(tb.Snapshot(s).StateVer)}}
	req, err := http.NewRequest("POST", srv.URL+"/s/"+tb.Header().Tokens[s]+"/act", strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Tablemaster", "fetch")
	req.Header.Set("Accept-Language", lang)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

// A phone's refusal names its real reason in the reader's language, not
// "it is not your turn": a veto after exposing one's identity (SR-32), a
// veto by a player the declarer has seen (SR-40), a declaration by a
// player killed this round (AY-16).
func TestPhoneRefusalsNameTheirReason(t *testing.T) {
	t.Run("SR-32 SR-40", func(t *testing.T) {
		st, tb := newSuperrockTable(t, 7, superrock.VirtualDice, superrock.PhysicalBoard, 3)
		srPrepare(t, tb, engine.NewRand(3))
		srv := httptest.NewServer(NewServer(st, engine.EN).Handler())
		defer srv.Close()
		for _, a := range []struct {
			s engine.Seat
			a string
		}{{1, "expose"}, {0, "identity Dai"}, {0, "declare"}} {
			if _, err := tb.Act(a.s, a.a, -1); err != nil {
				t.Fatalf("Act(%d, %s) = %v", a.s, a.a, err)
			}
		}
		for _, c := range []struct {
			s        engine.Seat
			lang     string
			want     string
			notTheme string
		}{
			{1, "en", "you exposed your own identity: you can no longer veto (SR-32)", "It is not your turn"},
			{1, "ja", "自分の正体が露顕しているので、もう拒否はできません（SR-32）", "あなたの手番ではありません"},
			{3, "en", "Aki has seen your character: only the players whose character the declarer has not seen answer (SR-40)", "It is not your turn"},
			{3, "ja", "Akiさんはあなたのキャラクターを見ています。返答するのは、宣言者がキャラクターを見ていないプレイヤーだけです（SR-40）", "あなたの手番ではありません"},
		} {
			code, body := postAct(t, srv, tb, c.s, "veto", c.lang)
			if code != http.StatusConflict || !strings.Contains(body, c.want) || strings.Contains(body, c.notTheme) {
				t.Errorf("seat %d vetoes (%s) = %d, want 409 with %q:\n%s", c.s, c.lang, code, c.want, body)
			}
		}
	})
	t.Run("AY-16", func(t *testing.T) {
		// Seeded games until someone is killed this round and loses the turn.
		for seed := uint64(1); seed < 40; seed++ {
			st, tb := newAyatsuriTable(t, 5, false, seed)
			r := engine.NewRand(seed)
			var killed engine.Seat = engine.Public
			for step := 0; step < 200 && killed == engine.Public && ayStep(t, tb, r); step++ {
				g := tb.game.(*ayatsuri.Game)
				for s := range tb.Header().Seats {
					if g.Killed(engine.Seat(s)) && len(tb.Legal(engine.Seat(s))) == 0 {
						killed = engine.Seat(s)
					}
				}
			}
			if killed == engine.Public {
				continue
			}
			srv := httptest.NewServer(NewServer(st, engine.EN).Handler())
			defer srv.Close()
			for lang, want := range map[string]string{
				"en": "you were killed this round: you lose your turn, and with it your role&#39;s ability, until the next round (AY-16)",
				"ja": "このラウンドで殺害されたので、次のラウンドまで手番を失い、役割の能力も使えません（AY-16）",
			} {
				code, body := postAct(t, srv, tb, killed, "declare 5", lang)
				if code != http.StatusConflict || !strings.Contains(body, want) {
					t.Errorf("seed %d: the killed seat declares (%s) = %d, want 409 with %q:\n%s", seed, lang, code, want, body)
				}
			}
			return
		}
		t.Fatal("no seeded game killed anyone")
	})
}
