package moderator

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/noir"
)

// rawStream reads a response body as it arrives, chunk by chunk, until it
// ends; the channel is closed then.
func rawStream(body io.Reader) <-chan []byte {
	ch := make(chan []byte, 64)
	go func() {
		defer close(ch)
		buf := make([]byte, 32<<10)
		for {
			n, err := body.Read(buf)
			if n > 0 {
				ch <- bytes.Clone(buf[:n])
			}
			if err != nil {
				return
			}
		}
	}()
	return ch
}

// readUntil reads chunks until the bytes read so far hold want, and (if
// want is a field) the end of its message.
func readUntil(t *testing.T, ch <-chan []byte, want string) string {
	t.Helper()
	var got bytes.Buffer
	timeout := time.After(5 * time.Second)
	for {
		if i := strings.Index(got.String(), want); i >= 0 && strings.Contains(got.String()[i:], "\n\n") {
			break
		}
		select {
		case b, ok := <-ch:
			if !ok {
				t.Fatalf("stream ended before %q; got %q", want, got.String())
			}
			got.Write(b)
		case <-timeout:
			t.Fatalf("no %q within 5 s; got %q", want, got.String())
		}
	}
	return got.String()
}

func startServer(t *testing.T, st *Store) *httptest.Server {
	t.Helper()
	srv := httptest.NewUnstartedServer(nil)
	srv.Config = NewServer(st, engine.EN).HTTPServer()
	srv.Start()
	t.Cleanup(srv.Close)
	return srv
}

func getStatus(t *testing.T, u string) (int, string) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestRelinkEndsOpenStreams: an event stream opened on Aki's link before
// "relink Aki" ends at the relink, and not one byte of Aki's later private
// lines reaches it; the table screen's stream goes on. Over a real socket,
// with the real server and its limits.
func TestRelinkEndsOpenStreams(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	srv := startServer(t, st)
	old := tb.Header().Tokens[noir.Killer]

	resp, err := http.Get(srv.URL + "/s/" + old + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	seatCh := rawStream(resp.Body)
	readUntil(t, seatCh, "data:")
	tresp, err := http.Get(srv.URL + "/t/" + tb.Header().TableToken + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer tresp.Body.Close()
	tableCh := rawStream(tresp.Body)
	readUntil(t, tableCh, "data:")

	if _, err := tb.Relink(noir.Killer); err != nil {
		t.Fatal(err)
	}
	relinked := time.Now()
	// Aki's next private line: it must reach the new link only.
	mustAct(t, tb, noir.Killer, "draw")
	after := readUntil(t, tableCh, "drew an identity card")
	if strings.Contains(after, "Your identity card") {
		t.Fatal("the table screen got the Killer's private line")
	}

	var late bytes.Buffer
	timeout := time.After(5 * time.Second)
	for ended := false; !ended; {
		select {
		case b, ok := <-seatCh:
			if !ok {
				ended = true
				break
			}
			late.Write(b)
		case <-timeout:
			t.Fatalf("the revoked link's stream is still open 5 s after the relink; it got %q", late.String())
		}
	}
	if took := time.Since(relinked); took > 2*time.Second {
		t.Errorf("the revoked stream ended %v after the relink, want at once", took)
	}
	if late.Len() > 0 {
		t.Errorf("the revoked link's stream got %d bytes after the relink: %q", late.Len(), late.String())
	}

	// And every later request on the old link is the unknown link's 404.
	code, unknown := getStatus(t, srv.URL+"/s/AAAAAAAAAAAAAAAAAAAAAA")
	if code != http.StatusNotFound {
		t.Fatalf("unknown link = %d", code)
	}
	for _, p := range []string{"/s/" + old, "/s/" + old + "/events"} {
		if code, body := getStatus(t, srv.URL+p); code != http.StatusNotFound || body != unknown {
			t.Errorf("GET %s = %d %q, want the unknown link's 404 %q", p, code, body, unknown)
		}
	}
	presp, err := http.PostForm(srv.URL+"/s/"+old+"/act", url.Values{"a": {"kill B2"}, "v": {"1"}})
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(presp.Body)
	presp.Body.Close()
	if presp.StatusCode != http.StatusNotFound || string(body) != unknown {
		t.Errorf("POST on the old link = %d %q, want the unknown link's 404", presp.StatusCode, body)
	}
	if v := tb.Snapshot(engine.Public).StateVer; v != 1 {
		t.Errorf("state version %d after a post on a revoked link, want 1", v)
	}
}

// TestRelinkDuringPost: a post whose link is revoked while its form is
// still arriving is answered "not found", like an unknown link, and does
// nothing.
func TestRelinkDuringPost(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	srv := startServer(t, st)
	old := tb.Header().Tokens[noir.Killer]
	_, unknown := getStatus(t, srv.URL+"/s/AAAAAAAAAAAAAAAAAAAAAA")

	for _, fetch := range []bool{false, true} {
		pr, pw := io.Pipe()
		req, err := http.NewRequest("POST", srv.URL+"/s/"+old+"/act", pr)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if fetch {
			req.Header.Set("X-Tablemaster", "fetch")
		}
		type result struct {
			code int
			body string
			err  error
		}
		done := make(chan result, 1)
		go func() {
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				done <- result{err: err}
				return
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			done <- result{code: resp.StatusCode, body: string(b)}
		}()
		io.WriteString(pw, "a=dr")
		// Wait until the handler holds the link and reads the form.
		for deadline := time.Now().Add(5 * time.Second); tb.watchedLinks(noir.Killer) == 0; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("the post never reached the handler")
			}
		}
		tok, err := tb.Relink(noir.Killer)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(pw, "aw&v=0")
		pw.Close()
		r := <-done
		if r.err != nil || r.code != http.StatusNotFound || r.body != unknown {
			t.Errorf("fetch=%v: post on a link revoked meanwhile = %d %q %v, want the unknown link's 404", fetch, r.code, r.body, r.err)
		}
		if v := tb.Snapshot(engine.Public).StateVer; v != 0 {
			t.Fatalf("fetch=%v: the post on a revoked link was applied (state version %d)", fetch, v)
		}
		if n := tb.watchedLinks(noir.Killer); n != 0 {
			t.Errorf("%d requests still watched after the answer", n)
		}
		old = tok
	}
}

// TestConfirmUndoOverHTTP: the seats agree to an undo from their phones'
// forms (the console asked to undo the Killer's draw).
func TestConfirmUndoOverHTTP(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	h := NewServer(st, engine.EN).Handler()
	mustAct(t, tb, noir.Killer, "draw")
	if done, err := tb.RequestUndo(engine.Public); done || err != nil {
		t.Fatalf("RequestUndo(console) = %v, %v; want a request waiting for the Killer", done, err)
	}
	waiting := tb.Snapshot(engine.Public).Undo.Waiting
	for i, s := range waiting {
		r := do(t, h, "POST", "/s/"+tb.Header().Tokens[s]+"/confirm", url.Values{"yes": {"1"}})
		want := "/s/" + tb.Header().Tokens[s]
		if i == len(waiting)-1 {
			want += "?m=undone"
		}
		if r.Code != http.StatusSeeOther || r.Header().Get("Location") != want {
			t.Fatalf("seat %d: confirm yes=1 = %d to %q, want a redirect to %q", s, r.Code, r.Header().Get("Location"), want)
		}
	}
	if v := tb.Snapshot(engine.Public).StateVer; v != 2 {
		t.Errorf("state version %d after the draw and its undo, want 2", v)
	}
}

// TestLinkLookupDoesNotWaitForOtherTables: a table holds its lock while
// its log is synced to disk, and finding a link's table must not wait
// for it. A post to one table used to wait for every other table's
// fsync; here table B's lock is held while table A's seat posts.
func TestLinkLookupDoesNotWaitForOtherTables(t *testing.T) {
	st, err := NewStore(t.TempDir(), fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var tables [2]*Table
	for i := range tables {
		if tables[i], err = st.Create(NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Seed: uint64(i + 1)}); err != nil {
			t.Fatal(err)
		}
	}
	a, b := tables[0], tables[1]
	h := NewServer(st, engine.EN).Handler()
	b.mu.Lock() // as during its fsync
	done := make(chan int, 1)
	go func() {
		form := url.Values{"a": {"draw"}, "v": {"0"}}
		req := httptest.NewRequest("POST", "/s/"+a.Header().Tokens[0]+"/act", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Tablemaster", "fetch")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		done <- rec.Code
	}()
	select {
	case code := <-done:
		b.mu.Unlock()
		if code != http.StatusOK {
			t.Fatalf("post to table A = %d, want 200", code)
		}
	case <-time.After(10 * time.Second):
		b.mu.Unlock()
		t.Fatal("a post to table A waited for table B's lock")
	}
	// A relinked seat is found by its new link only, also when its old
	// link was found (and indexed) before.
	old := a.Header().Tokens[1]
	if got, s, ok := st.BySeatToken(old); !ok || got != a || s != 1 {
		t.Fatalf("BySeatToken(link) = %v, %v, %v; want table A, seat 1", got, s, ok)
	}
	tok, err := a.Relink(1)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 { // the second time through the index
		if _, _, ok := st.BySeatToken(old); ok {
			t.Error("the old link still finds the table")
		}
		if got, s, ok := st.BySeatToken(tok); !ok || got != a || s != 1 {
			t.Errorf("BySeatToken(new link) = %v, %v, %v; want table A, seat 1", got, s, ok)
		}
	}
}
