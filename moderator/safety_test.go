package moderator

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/noir"
)

// answer is what a reader gets back: status, every header but Date, body.
func answer(r *httptest.ResponseRecorder) string {
	var b bytes.Buffer
	b.WriteString(r.Result().Status + "\n")
	h := r.Header().Clone()
	h.Del("Date")
	h.Write(&b)
	b.WriteString("\n")
	b.Write(r.Body.Bytes())
	return b.String()
}

// TestDeadLinksLookTheSame: a link that never existed, a relinked seat's
// and an abandoned table's (its seats' and its screen's) get the same
// phone-sized page, byte for byte, for the same reader: in English and in
// Japanese, by Accept-Language, by the language cookie or by ?lang=.
func TestDeadLinksLookTheSame(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	gone, err := st.Create(NewTableSpec{Game: "noir", Seats: []string{"Chika", "Dai"}, Seed: 7, Addr: "127.0.0.1", Port: 8080})
	if err != nil {
		t.Fatal(err)
	}
	h := NewServer(st, engine.EN).Handler()
	relinked := tb.Header().Tokens[0]
	if _, err := tb.Relink(0); err != nil {
		t.Fatal(err)
	}
	abandonedSeat, abandonedScreen := gone.Header().Tokens[1], gone.Header().TableToken
	// Seen alive first, so the server's index knows them.
	if r := do(t, h, "GET", "/s/"+abandonedSeat, nil); r.Code != 200 {
		t.Fatalf("the table's seat before it was abandoned: %d", r.Code)
	}
	st.Abandon(gone)

	links := map[string]string{
		"never existed":          "/s/AAAAAAAAAAAAAAAAAAAAAA",
		"relinked seat":          "/s/" + relinked,
		"abandoned table's seat": "/s/" + abandonedSeat,
		"abandoned table screen": "/t/" + abandonedScreen,
	}
	readers := []struct {
		name  string
		query string
		hdr   []string
		want  []string // in the page
	}{
		{"default", "", nil, []string{`lang="en"`, "This link doesn&#39;t work any more.", "Ask the game master for a new code."}},
		{"english", "", []string{"Accept-Language", "en-GB,en;q=0.9"}, []string{`lang="en"`, "Ask the game master for a new code.", `href="?lang=ja"`}},
		{"japanese", "", []string{"Accept-Language", "ja-JP,ja;q=0.9,en;q=0.5"}, []string{`lang="ja"`, "このリンクはもう使えません。", "ゲームマスターに新しいコードをもらってください。", `href="?lang=en"`}},
		{"cookie", "", []string{"Cookie", "lang=ja", "Accept-Language", "en"}, []string{`lang="ja"`, "このリンクはもう使えません。"}},
		{"query", "?lang=ja", []string{"Accept-Language", "en"}, []string{`lang="ja"`, "このリンクはもう使えません。"}},
	}
	for _, rd := range readers {
		t.Run(rd.name, func(t *testing.T) {
			var first, firstName string
			for name, path := range links {
				for _, p := range []string{path, path + "/rules", path + "/story"} {
					r := do(t, h, "GET", p+rd.query, nil, rd.hdr...)
					got := answer(r)
					if first == "" {
						first, firstName = got, name
						if r.Code != http.StatusNotFound || r.Header().Get("Content-Type") != "text/html; charset=utf-8" {
							t.Fatalf("GET %s = %d %q, want a 404 page", p, r.Code, r.Header().Get("Content-Type"))
						}
						body := r.Body.String()
						for _, w := range append(rd.want, `<meta name="viewport" content="width=device-width,initial-scale=1">`, "background:#14161a") {
							if !strings.Contains(body, w) {
								t.Errorf("the dead link's page lacks %q:\n%s", w, body)
							}
						}
						for _, bad := range []string{"src=", "http:", "https:", "//"} {
							if strings.Contains(body, bad) {
								t.Errorf("the dead link's page holds %q (an asset from elsewhere?):\n%s", bad, body)
							}
						}
						if c := r.Header().Values("Set-Cookie"); len(c) != 0 {
							t.Errorf("the dead link's page sets a cookie: %q", c)
						}
						continue
					}
					if got != first {
						t.Errorf("%s (%s) answers\n%s\nbut %s answers\n%s", name, p, got, firstName, first)
					}
				}
			}
			// Posts to a dead link: one answer too, whatever the link was.
			var post string
			for name, path := range links {
				if strings.HasPrefix(path, "/t/") {
					continue
				}
				got := answer(do(t, h, "POST", path+"/act"+rd.query, url.Values{"a": {"draw"}, "v": {"0"}}, rd.hdr...))
				if post == "" {
					post = got
				} else if got != post {
					t.Errorf("a post to the %s link answers\n%s\nwant\n%s", name, got, post)
				}
			}
		})
	}
	// The live links still work.
	if r := do(t, h, "GET", "/s/"+tb.Header().Tokens[0], nil); r.Code != 200 {
		t.Errorf("the new link: %d", r.Code)
	}
}

// TestTokenPagesAreNotCached: the rules sheet, under an address holding a
// seat's or the table's token, is kept in no cache.
func TestTokenPagesAreNotCached(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	srv := NewServer(st, engine.EN)
	srv.Sheet = func(w io.Writer, game string, l engine.Lang) error {
		_, err := fmt.Fprintf(w, "<h1>%s sheet in %s</h1>", game, l)
		return err
	}
	h := srv.Handler()
	for _, p := range []string{"/s/" + tb.Header().Tokens[0], "/t/" + tb.Header().TableToken} {
		for _, q := range []string{"/rules", "/rules?lang=ja", "/story", ""} {
			r := do(t, h, "GET", p+q, nil)
			if r.Code != 200 && r.Code != http.StatusSeeOther {
				t.Fatalf("GET %s%s = %d", p, q, r.Code)
			}
			if cc := r.Header().Values("Cache-Control"); len(cc) != 1 || cc[0] != "no-store" {
				t.Errorf("GET %s%s: Cache-Control %q, want no-store", p, q, cc)
			}
		}
	}
}

// tableState is what a refused post must leave as it was: the table's
// version and its log, byte for byte.
func tableState(t *testing.T, st *Store, tb *Table) string {
	t.Helper()
	b, err := os.ReadFile(st.LogPath(tb.ID()))
	if err != nil {
		t.Fatal(err)
	}
	snap := tb.Snapshot(engine.Public)
	return fmt.Sprintf("state %d, version %d\n%s", snap.StateVer, snap.Version, b)
}

// TestCrossSitePostsAreRefused: a post that a browser says comes from
// another site (Sec-Fetch-Site, or an Origin that is not this server's)
// gets a 403 page that explains, in the reader's language, on every post
// route (seat, host page), and changes nothing; the same post from the
// page itself, from a typed address or from a client that says nothing
// (curl) goes through.
func TestCrossSitePostsAreRefused(t *testing.T) {
	srv, h, host := newTestHub(t)
	st := srv.store
	r := do(t, h, "POST", host+"/new", url.Values{"game": {"noir"}, "players": {"Aki, Ben"}})
	if r.Code != http.StatusSeeOther || len(st.Tables()) != 1 {
		t.Fatalf("a table from the host page: %d", r.Code)
	}
	tb := st.Tables()[0]
	seat := "/s/" + tb.Header().Tokens[toMove(tb)]
	posts := []struct {
		path string
		form url.Values
	}{
		{seat + "/act", url.Values{"a": {"draw"}, "v": {"0"}}},
		{seat + "/undo", url.Values{}},
		{seat + "/confirm", url.Values{"yes": {"1"}}},
		{host + "/new", url.Values{"game": {"noir"}, "players": {"Eri, Fumi"}}},
		{host + "/table/" + tb.ID(), url.Values{"do": {"abandon"}}},
		{host + "/table/" + tb.ID(), url.Values{"do": {"relink"}, "seat": {"0"}}},
		{host + "/rematch/" + tb.ID(), url.Values{}},
	}
	// httptest's requests reach example.com.
	refused := []struct {
		name string
		hdr  []string
	}{
		{"cross-site", []string{"Sec-Fetch-Site", "cross-site"}},
		{"cross-site, own origin claimed", []string{"Sec-Fetch-Site", "cross-site", "Origin", "http://example.com"}},
		{"same-site", []string{"Sec-Fetch-Site", "same-site"}},
		{"other origin", []string{"Origin", "http://evil.example"}},
		{"other origin, same-origin claimed", []string{"Origin", "http://evil.example", "Sec-Fetch-Site", "same-origin"}},
		{"other port", []string{"Origin", "http://example.com:8081"}},
		{"other scheme", []string{"Origin", "https://example.com"}},
		{"null origin", []string{"Origin", "null"}},
		{"null origin, cross-site", []string{"Origin", "null", "Sec-Fetch-Site", "cross-site"}},
		{"null origin, typed address", []string{"Origin", "null", "Sec-Fetch-Site", "none"}},
		{"garbage origin", []string{"Origin", "::"}},
	}
	before := tableState(t, st, tb)
	for _, c := range refused {
		for _, p := range posts {
			for _, lang := range []engine.Lang{engine.EN, engine.JA} {
				r := do(t, h, "POST", p.path, p.form, append([]string{"Accept-Language", string(lang)}, c.hdr...)...)
				body := r.Body.String()
				if r.Code != http.StatusForbidden || r.Header().Get("Content-Type") != "text/html; charset=utf-8" ||
					!strings.Contains(body, inHTML(lang, "mod.cross.title")) || !strings.Contains(body, inHTML(lang, "mod.cross.body")) ||
					!strings.Contains(body, `name="viewport"`) || len(r.Header().Values("Set-Cookie")) != 0 {
					t.Errorf("%s: POST %s (%s) = %d %q\n%s\nwant the 403 page in %s", c.name, p.path, lang, r.Code, r.Header().Get("Content-Type"), body, lang)
				}
			}
		}
		if now := tableState(t, st, tb); now != before || len(st.Tables()) != 1 || st.Retired(tb.ID()) {
			t.Fatalf("%s: a refused post changed the table (%d tables, retired %v):\n%s\nwas\n%s", c.name, len(st.Tables()), st.Retired(tb.ID()), now, before)
		}
	}

	// Gets are never refused, wherever they come from: a link is opened
	// from a QR code's app, a chat, another page.
	if r := do(t, h, "GET", seat, nil, "Sec-Fetch-Site", "cross-site", "Origin", "http://evil.example"); r.Code != 200 {
		t.Errorf("GET the seat's page from another site = %d, want 200", r.Code)
	}
	allowed := []struct {
		name string
		hdr  []string
	}{
		{"same origin", []string{"Origin", "http://example.com", "Sec-Fetch-Site", "same-origin"}},
		{"same origin, host in capitals", []string{"Origin", "http://EXAMPLE.com"}},
		{"typed address", []string{"Sec-Fetch-Site", "none"}},
		// A browser set to hide referrers (or a no-referrer policy)
		// hides the origin of our own pages' form posts; the browser
		// still says where they come from.
		{"own form, origin hidden", []string{"Origin", "null", "Sec-Fetch-Site", "same-origin"}},
		{"curl", nil},
	}
	for i, c := range allowed {
		before := tb.Snapshot(engine.Public).StateVer
		s := toMove(tb)
		tok := "/s/" + tb.Header().Tokens[s]
		legal := tb.Legal(s)
		if len(legal) == 0 {
			t.Fatalf("%s: seat %d has nothing to do", c.name, s)
		}
		form := url.Values{"a": {string(legal[0].Action)}, "v": {strconv.Itoa(tb.Snapshot(s).StateVer)}}
		r := do(t, h, "POST", tok+"/act", form, c.hdr...)
		if r.Code != http.StatusSeeOther || tb.Snapshot(engine.Public).StateVer != before+1 {
			t.Errorf("%d %s: POST act = %d %s (state %d → %d), want it applied", i, c.name, r.Code, r.Body, before, tb.Snapshot(engine.Public).StateVer)
		}
	}
}

// inHTML is a catalogue text as a page writes it.
func inHTML(l engine.Lang, key string) string { return html.EscapeString(l.S(key)) }
