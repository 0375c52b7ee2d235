package browsertest

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// TestWebKitKeptPageIsNew: a closed WebKit page's MiniBrowser is kept and
// serves the next Open, which knows nothing of the last page: no cookie
// (127.0.0.1's, which every port shares), no local or session storage, no
// finger down, and the size asked for. A page that went to a second
// origin is not kept.
func TestWebKitKeptPageIsNew(t *testing.T) {
	b := Need(t, WebKit)
	if l, ok := b.(*lent); ok {
		b = l.Browser
	}
	w := b.(*webkit)
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		http.SetCookie(rw, &http.Cookie{Name: "lang", Value: "ja", Path: "/", MaxAge: 3600})
		io.WriteString(rw, `<!doctype html><title>a</title><div id="x">x</div>`)
	}))
	defer srv.Close()
	other := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		io.WriteString(rw, `<!doctype html><title>b</title>`)
	}))
	defer other.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	kept := func() int {
		w.mu.Lock()
		defer w.mu.Unlock()
		return len(w.idle)
	}
	idle := kept()

	p, err := w.Open(ctx, 390, 844)
	if err != nil {
		t.Fatal(err)
	}
	first := p.(*webkitPage).wkProc
	must := func(what string, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	must("navigate", p.Navigate(srv.URL))
	must("store", p.Eval(`(localStorage.setItem("tm-say", "1"), sessionStorage.setItem("s", "1"), document.cookie = "more=1; path=/", true)`, nil))
	must("finger down", p.Pointer("#x", true))
	must("close", p.Close())
	if err := p.Eval(`1`, nil); err == nil {
		t.Error("a closed page still answers")
	}
	if kept() != idle+1 {
		t.Fatalf("%d MiniBrowsers kept after a page closed, want %d", kept(), idle+1)
	}

	q, err := w.Open(ctx, 1280, 800)
	if err != nil {
		t.Fatal(err)
	}
	if q.(*webkitPage).wkProc != first {
		t.Fatal("the next page did not reuse the kept MiniBrowser")
	}
	// The other server is on 127.0.0.1 too: its page would see the
	// first's cookies.
	must("navigate", q.Navigate(other.URL))
	var state struct {
		Cookie  string
		W, H    int
		Session string
	}
	must("read", q.Eval(`({Cookie: document.cookie, W: innerWidth, H: innerHeight})`, &state))
	if state.Cookie != "" || state.W != 1280 || state.H != 800 {
		t.Errorf("the kept page, opened anew at 1280×800, has cookies %q and size %d×%d", state.Cookie, state.W, state.H)
	}
	// Back at the first origin: its storage is gone. (The page has been to
	// two origins now: it is not kept.)
	must("navigate", q.Navigate(srv.URL))
	var stored []any
	must("read storage", q.Eval(`[localStorage.getItem("tm-say"), sessionStorage.getItem("s")]`, &stored))
	if stored[0] != nil || stored[1] != nil {
		t.Errorf("the first page's storage is still there: %v", stored)
	}
	must("close", q.Close())
	if kept() != idle {
		t.Errorf("a page that went to two origins was kept (%d kept, want %d)", kept(), idle)
	}
}
