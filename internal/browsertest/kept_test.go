package browsertest

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// TestKeptPageIsNew: a closed page's tab (Chromium) or MiniBrowser
// (WebKit) is kept and serves the next Open, which knows nothing of the
// last page: no cookie (127.0.0.1's, which every port shares), no local or
// session storage, no finger down, no script of the last page's to run
// first, and the size asked for. A closed page answers nothing more.
func TestKeptPageIsNew(t *testing.T) {
	for _, name := range Names {
		t.Run(name, func(t *testing.T) { testKeptPageIsNew(t, name) })
	}
}

// kept is how many closed pages b keeps, and what serves p.
func kept(b Browser) int {
	switch b := b.(type) {
	case *chromium:
		b.mu.Lock()
		defer b.mu.Unlock()
		return len(b.idle)
	case *webkit:
		b.mu.Lock()
		defer b.mu.Unlock()
		return len(b.idle)
	}
	return -1
}

func underneath(p Page) any {
	switch p := p.(type) {
	case *chromiumPage:
		return p.ctx
	case *webkitPage:
		return p.wkProc
	}
	return nil
}

func testKeptPageIsNew(t *testing.T, name string) {
	b := Need(t, name)
	if l, ok := b.(*lent); ok {
		b = l.Browser
	}
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
	idle := kept(b)
	must := func(what string, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %s: %v", name, what, err)
		}
	}

	p, err := b.Open(ctx, 390, 844)
	must("open", err)
	first := underneath(p)
	if pre, ok := p.(Preparer); ok {
		must("a script first", pre.BeforeScripts(`window.stub = true`))
	}
	must("navigate", p.Navigate(srv.URL))
	must("store", p.Eval(`(localStorage.setItem("tm-say", "1"), sessionStorage.setItem("s", "1"), document.cookie = "more=1; path=/", true)`, nil))
	must("finger down", p.Pointer("#x", true))
	must("close", p.Close())
	if err := p.Eval(`1`, nil); err == nil {
		t.Errorf("%s: a closed page still answers", name)
	}
	if kept(b) != idle+1 {
		t.Fatalf("%s: %d pages kept after a page closed, want %d", name, kept(b), idle+1)
	}

	q, err := b.Open(ctx, 1280, 800)
	must("open again", err)
	if underneath(q) != first {
		t.Fatalf("%s: the next page did not reuse the kept one", name)
	}
	// The other server is on 127.0.0.1 too: its page would see the
	// first's cookies.
	must("navigate", q.Navigate(other.URL))
	var state struct {
		Cookie string
		W, H   int
		Stub   bool
	}
	must("read", q.Eval(`({Cookie: document.cookie, W: innerWidth, H: innerHeight, Stub: !!window.stub})`, &state))
	if state.Cookie != "" || state.W != 1280 || state.H != 800 || state.Stub {
		t.Errorf("%s: the kept page, opened anew at 1280×800, has cookies %q, size %d×%d, the last page's script run: %v", name, state.Cookie, state.W, state.H, state.Stub)
	}
	// Back at the first origin: its storage is gone.
	must("navigate", q.Navigate(srv.URL))
	var stored []any
	must("read storage", q.Eval(`[localStorage.getItem("tm-say"), sessionStorage.getItem("s")]`, &stored))
	if stored[0] != nil || stored[1] != nil {
		t.Errorf("%s: the first page's storage is still there: %v", name, stored)
	}
	must("close", q.Close())
	// WebKit cannot clear an origin the page has left: a page that went to
	// two is ended, not kept.
	want := idle + 1
	if name == WebKit {
		want = idle
	}
	if kept(b) != want {
		t.Errorf("%s: %d pages kept after a page that went to two origins closed, want %d", name, kept(b), want)
	}
}
