package moderator

import (
	"bufio"
	"bytes"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/noir"
	"tablemaster/moderator/patch"
)

func do(t *testing.T, h http.Handler, method, path string, form url.Values, hdr ...string) *httptest.ResponseRecorder {
	t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req := httptest.NewRequest(method, path, body)
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestUnknownAndRevokedLinksLookTheSame(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	h := NewServer(st, engine.EN).Handler()
	old := tb.Header().Tokens[0]
	if _, err := tb.Relink(0); err != nil {
		t.Fatal(err)
	}
	revoked := do(t, h, "GET", "/s/"+old, nil)
	unknown := do(t, h, "GET", "/s/AAAAAAAAAAAAAAAAAAAAAA", nil)
	other := do(t, h, "GET", "/nothing/here", nil)
	for _, r := range []*httptest.ResponseRecorder{revoked, unknown, other} {
		if r.Code != http.StatusNotFound {
			t.Fatalf("code = %d, want 404", r.Code)
		}
		if r.Body.String() != unknown.Body.String() {
			t.Fatalf("404 bodies differ: %q vs %q", r.Body.String(), unknown.Body.String())
		}
	}
	if r := do(t, h, "POST", "/s/"+old+"/act", url.Values{"a": {"draw"}, "v": {"0"}}); r.Code != 404 || r.Body.String() != unknown.Body.String() {
		t.Fatalf("revoked post = %d %q", r.Code, r.Body.String())
	}
}

func TestMalformedRequests(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	h := NewServer(st, engine.EN).Handler()
	p := "/s/" + tb.Header().Tokens[0]
	for name, form := range map[string]url.Values{
		"no action":  {"v": {"0"}},
		"no version": {"a": {"draw"}},
		"bad number": {"a": {"draw"}, "v": {"x"}},
		"negative":   {"a": {"draw"}, "v": {"-3"}},
		"too long":   {"a": {strings.Repeat("k", 100)}, "v": {"0"}},
	} {
		t.Run(name, func(t *testing.T) {
			r := do(t, h, "POST", p+"/act", form)
			if r.Code != http.StatusBadRequest || !strings.HasPrefix(r.Body.String(), "Bad request") {
				t.Fatalf("got %d %q, want 400 with a short message", r.Code, r.Body.String())
			}
		})
	}
	r := do(t, h, "POST", p+"/confirm", url.Values{"yes": {"maybe"}})
	if r.Code != http.StatusBadRequest {
		t.Fatalf("confirm maybe = %d", r.Code)
	}
	// A huge body is refused, not read.
	big := url.Values{"a": {strings.Repeat("x", 10000)}, "v": {"0"}}
	if r := do(t, h, "POST", p+"/act", big); r.Code != http.StatusBadRequest {
		t.Fatalf("huge body = %d", r.Code)
	}
	if tb.Snapshot(engine.Public).StateVer != 0 {
		t.Fatal("a malformed request changed the table")
	}
}

func TestStaleAndOutOfTurnRefreshThePage(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	h := NewServer(st, engine.EN).Handler()
	k, i := "/s/"+tb.Header().Tokens[0], "/s/"+tb.Header().Tokens[1]
	// Out of turn, plain form: redirected back with a message code.
	r := do(t, h, "POST", i+"/act", url.Values{"a": {"draw"}, "v": {"0"}})
	if r.Code != http.StatusSeeOther || !strings.HasSuffix(r.Header().Get("Location"), "?m=turn") {
		t.Fatalf("out of turn = %d %v", r.Code, r.Header())
	}
	// Fetch: 409 with the current page body and the message.
	r = do(t, h, "POST", i+"/act", url.Values{"a": {"draw"}, "v": {"0"}}, "X-Tablemaster", "fetch")
	if r.Code != http.StatusConflict || !strings.Contains(r.Body.String(), "not your turn") {
		t.Fatalf("out of turn (fetch) = %d %q", r.Code, r.Body.String())
	}
	if r := do(t, h, "POST", k+"/act", url.Values{"a": {"draw"}, "v": {"0"}}, "X-Tablemaster", "fetch"); r.Code != 200 {
		t.Fatalf("draw = %d %s", r.Code, r.Body.String())
	}
	// The same page again (v=0) is now out of date.
	r = do(t, h, "POST", k+"/act", url.Values{"a": {"kill B2"}, "v": {"0"}}, "X-Tablemaster", "fetch")
	if r.Code != http.StatusConflict || !strings.Contains(r.Body.String(), "out of date") {
		t.Fatalf("stale = %d %q", r.Code, r.Body.String())
	}
	if tb.Snapshot(engine.Public).StateVer != 1 {
		t.Fatal("a refused action changed the table")
	}
}

func TestLiveUpdatesAndCatchUp(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	srv := httptest.NewServer(NewServer(st, engine.EN).Handler())
	defer srv.Close()
	open := func() (*bufio.Reader, func()) {
		resp, err := http.Get(srv.URL + "/t/" + tb.Header().TableToken + "/events")
		if err != nil {
			t.Fatal(err)
		}
		if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
			t.Fatalf("content type %q", ct)
		}
		return bufio.NewReader(resp.Body), func() { resp.Body.Close() }
	}
	next := func(r *bufio.Reader) string {
		done := make(chan string, 1)
		go func() {
			var b strings.Builder
			for {
				line, err := r.ReadString('\n')
				if err != nil {
					done <- b.String()
					return
				}
				if line == "\n" && strings.Contains(b.String(), "data:") {
					done <- b.String()
					return
				}
				b.WriteString(line)
			}
		}()
		select {
		case s := <-done:
			return s
		case <-time.After(5 * time.Second):
			t.Fatal("no event within 5 s")
			return ""
		}
	}
	r, closeIt := open()
	if first := next(r); !strings.Contains(first, "draws an identity") {
		t.Fatalf("first event = %q", first)
	}
	mustAct(t, tb, noir.Killer, "draw")
	if ev := next(r); !strings.Contains(ev, "drew an identity card") {
		t.Fatalf("update = %q", ev)
	}
	closeIt()
	// A page that lost its connection catches up at once on reconnect.
	mustAct(t, tb, noir.Killer, "kill B2")
	r, closeIt = open()
	defer closeIt()
	if ev := next(r); !strings.Contains(ev, "killed ♠7") {
		t.Fatalf("catch-up = %q", ev)
	}
}

func TestPagesGolden(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	h := NewServer(st, engine.EN).Handler()
	setup(t, tb)
	mustAct(t, tb, noir.Killer, "shift row 1 left")
	for _, l := range []string{"en", "ja"} {
		// In this order: the table screen shows who has joined.
		for _, np := range [][2]string{
			{"killer", "/s/" + tb.Header().Tokens[0]}, {"inspector", "/s/" + tb.Header().Tokens[1]}, {"table", "/t/" + tb.Header().TableToken},
		} {
			name, p := np[0], np[1]
			r := do(t, h, "GET", p, nil, "Accept-Language", l)
			if r.Code != 200 {
				t.Fatalf("%s: %d", p, r.Code)
			}
			// Tokens are random per run: replace them before comparing.
			body := r.Body.String()
			for i, tok := range tb.Header().Tokens {
				body = strings.ReplaceAll(body, tok, "SEAT"+string(rune('0'+i)))
			}
			body = strings.ReplaceAll(body, tb.Header().TableToken, "TABLE")
			golden(t, "pages/noir-"+name+"-"+l+".html", []byte(body))
		}
	}
}

// TestNoLeakOverHTTP plays seeded random games and, at every step, renders
// every page and live update of every device twice: once from the real
// game, once from a game in which everything hidden from that device was
// redrawn (engine.Resampler). The bytes must be identical, so no response
// depends on a secret the device may not know, not even in its size. The
// live updates compared are what the stream sends: the patch from the
// body the device held at the step before, and the whole body.
func TestNoLeakOverHTTP(t *testing.T) {
	t.Parallel()
	games := 12
	if testing.Short() {
		games = 3
	}
	patches := patchesCompared.Load()
	defer func() {
		if patchesCompared.Load() == patches {
			t.Error("no live patch was compared: the live updates were not checked")
		}
	}()
	for seed := uint64(1); seed <= uint64(games); seed++ {
		cfg := noir.Config{}
		if seed%3 == 0 {
			cfg = noir.Config{Deck: noir.Physical, Layout: noir.Shuffled, ShiftRule: noir.NoUndo}
		}
		_, tb := newTestTable(t, cfg, seed)
		r := engine.NewRand(seed * 7919)
		for step := 0; step < 80 && !tb.Snapshot(engine.Public).Outcome.Over; step++ {
			for _, s := range []engine.Seat{engine.Public, noir.Killer, noir.Inspector} {
				checkIndistinguishable(t, tb, s, r, seed, step)
			}
			s := toMove(tb)
			ch := tb.Legal(s)
			pick := ch[r.IntN(len(ch))]
			if _, err := tb.Act(s, string(pick.Action), -1); err != nil && !strings.HasPrefix(string(pick.Action), "drew") {
				t.Fatalf("seed %d step %d: %v", seed, step, err)
			}
		}
	}
}

// patchesCompared counts the live patches checkIndistinguishable compared.
var patchesCompared atomic.Int64

func checkIndistinguishable(t *testing.T, tb *Table, s engine.Seat, r *engine.Rand, seed uint64, step int) {
	t.Helper()
	checkIndistinguishableAt(t, tb, s, "/x", r, seed, step)
}

// checkIndistinguishableAt is checkIndistinguishable for the page at base:
// a test that also fetches that page from the handler calls it first, so
// the handler then serves the body rendered here (one rendering per step,
// not two) and the body before is the one the handler sent at the step
// before.
func checkIndistinguishableAt(t *testing.T, tb *Table, s engine.Seat, base string, r *engine.Rand, seed uint64, step int) {
	t.Helper()
	// The body this device was sent at the step before (if it was
	// checked then): the live update now is a patch from it.
	key := streamKey{s, engine.EN, base}
	tb.cacheMu.Lock()
	prev := tb.streamCache[key]
	tb.cacheMu.Unlock()
	if prev != nil && prev.want >= tb.currentVersion() {
		// The body is current already (the caller rendered it): handed to
		// the redrawn tables it would be theirs too, and nothing of them
		// would be rendered. The device holds no body before.
		prev = nil
	}
	var real bytes.Buffer
	if err := renderPage(&real, tb, s, engine.EN, "", base); err != nil {
		t.Fatal(err)
	}
	realLive := liveMessages(tb, key, prev)
	var prevTree *patch.Body
	if prev != nil {
		<-prev.ready
		// The body before read as nodes once for the real table and the
		// redrawn ones: Parse is a pure function of the bytes, which are
		// the same.
		prevTree = prev.parsed()
	}
	for k := 0; k < 3; k++ {
		alt := tb.withResampledGame(s, r)
		if prev != nil {
			// The other game's table had sent the same body before.
			done := make(chan struct{})
			close(done)
			alt.streamCache = map[streamKey]*streamEntry{key: {want: prev.want, version: prev.version, html: prev.html, hash: prev.hash, ready: done, tree: prevTree}}
		}
		var other bytes.Buffer
		if err := renderPage(&other, alt, s, engine.EN, "", base); err != nil {
			t.Fatal(err)
		}
		if real.String() != other.String() {
			t.Fatalf("seed %d step %d: seat %d's page depends on something hidden from it:\n%s", seed, step, s, firstDiff(real.String(), other.String()))
		}
		if strings.HasPrefix(realLive, "event: patch") {
			patchesCompared.Add(1)
		}
		if altLive := liveMessages(alt, key, prev); altLive != realLive {
			t.Fatalf("seed %d step %d: seat %d's live update depends on something hidden from it:\n%s", seed, step, s, firstDiff(realLive, altLive))
		}
	}
}

// liveMessages is what a table's event stream sends a page of key now: to
// a page that holds the body prev (a patch, when prev is the body before),
// and to one that holds nothing (the whole body).
func liveMessages(tb *Table, key streamKey, prev *streamEntry) string {
	e := tb.rendered(key.seat, key.lang, key.base)
	out := string(e.appendMessage(nil, ""))
	if prev != nil {
		out = string(e.appendMessage(nil, prev.hash)) + "\n---\n" + out
	}
	return out
}

func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-120)
	return "real: …" + a[lo:min(len(a), i+120)] + "\nalt:  …" + b[lo:min(len(b), i+120)]
}

// The game's reference sheet is one tap away on every device, in the
// page's language, from the server itself (no internet at the table); a
// revoked or unknown link gets the same 404 as any other.
func TestRulesSheetOnEveryDevice(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	srv := NewServer(st, engine.EN)
	h := srv.Handler()
	seat := "/s/" + tb.Header().Tokens[0]
	if r := do(t, h, "GET", seat+"/rules", nil); r.Code != http.StatusNotFound {
		t.Fatalf("without a sheet: %d, want 404", r.Code)
	}
	srv.Sheet = func(w io.Writer, game string, l engine.Lang) error {
		_, err := fmt.Fprintf(w, "<h1>%s sheet in %s</h1>", game, l)
		return err
	}
	h = srv.Handler()
	page := do(t, h, "GET", seat, nil).Body.String()
	if !strings.Contains(page, `href="`+seat+`/rules"`) {
		t.Errorf("the phone page has no link to the rules")
	}
	for _, tt := range []struct{ path, lang, want string }{
		{seat + "/rules", "ja", "<h1>noir sheet in ja</h1>"},
		{"/t/" + tb.Header().TableToken + "/rules", "en", "<h1>noir sheet in en</h1>"},
	} {
		r := do(t, h, "GET", tt.path+"?lang="+tt.lang, nil)
		if r.Code != 200 || r.Body.String() != tt.want || !strings.HasPrefix(r.Header().Get("Content-Type"), "text/html") {
			t.Errorf("%s: %d %q", tt.path, r.Code, r.Body.String())
		}
	}
	old := tb.Header().Tokens[0]
	if _, err := tb.Relink(0); err != nil {
		t.Fatal(err)
	}
	unknown := do(t, h, "GET", "/s/AAAAAAAAAAAAAAAAAAAAAA/rules", nil)
	if r := do(t, h, "GET", "/s/"+old+"/rules", nil); r.Code != 404 || r.Body.String() != unknown.Body.String() {
		t.Errorf("a revoked link's rules: %d", r.Code)
	}
}

// A phone without the page script (a plain form post) is told the real
// reason of a refusal too, in its page's language, once.
func TestPlainPostRefusalSaysWhy(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	h := NewServer(st, engine.EN).Handler()
	mustAct(t, tb, noir.Killer, "draw")
	seat := "/s/" + tb.Header().Tokens[noir.Killer]
	offered := map[engine.Action]bool{}
	for _, c := range tb.Legal(noir.Killer) {
		offered[c.Action] = true
	}
	var far string // a cell the Killer may not kill: not next to the identity
	for _, c := range []string{"A1", "E5", "A5", "E1", "C3"} {
		if a, err := tb.Decode(noir.Killer, "kill "+c); err == nil && !offered[a] {
			far = c
			break
		}
	}
	if far == "" {
		t.Fatal("no cell the Killer may not kill")
	}
	a, _ := tb.Decode(noir.Killer, "kill "+far)
	r := do(t, h, "POST", seat+"/act", url.Values{"a": {string(a)}, "v": {strconv.Itoa(tb.Snapshot(noir.Killer).StateVer)}})
	if r.Code != http.StatusSeeOther || r.Header().Get("Location") != seat+"?m=why" {
		t.Fatalf("plain post = %d to %q, want a redirect to the page with m=why", r.Code, r.Header().Get("Location"))
	}
	page := do(t, h, "GET", seat+"?m=why", nil, "Accept-Language", "ja").Body.String()
	_, err := tb.Act(noir.Killer, string(a), tb.Snapshot(noir.Killer).StateVer)
	if why := html.EscapeString(errText(engine.JA, err)); err == nil || !strings.Contains(page, why) {
		t.Errorf("the page after a refused plain post does not say why (%q):\n%s", why, page)
	}
	again := do(t, h, "GET", seat+"?m=why", nil).Body.String()
	if !strings.Contains(again, engine.EN.S("mod.flash.illegal")) {
		t.Errorf("a reload does not fall back to the plain refusal")
	}
}
