package moderator

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"tablemaster/engine"
)

// readerLang is the reader's language as pageLang picks it (?lang=, the
// cookie, Accept-Language, the server's), without setting the cookie: the
// answers of this file depend on the request alone, never on what the
// link was.
func (s *Server) readerLang(r *http.Request) engine.Lang {
	if r == nil {
		return s.lang
	}
	if l, ok := engine.ParseLang(r.URL.Query().Get("lang")); ok {
		return l
	}
	if c, err := r.Cookie("lang"); err == nil {
		if l, ok := engine.ParseLang(c.Value); ok {
			return l
		}
	}
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		if l, ok := engine.ParseLang(strings.SplitN(part, ";", 2)[0]); ok {
			return l
		}
	}
	return s.lang
}

// shortPage writes a small phone-sized page of its own (the dead link's,
// the refused post's): a title and a line in the reader's language, in
// the style of the other pages, with no asset from anywhere, and when
// other is set a link to the same address in that language (the page is
// shortPageHTML, hub.templ). Every header
// a handler may have set on the way is dropped, so the answer is the same
// bytes for the same request whatever happened before.
func shortPage(w http.ResponseWriter, r *http.Request, status int, l engine.Lang, title, body string, other engine.Lang) {
	// Rendered first: the answer says its length.
	var b bytes.Buffer
	ctx := context.Background()
	if r != nil {
		ctx = r.Context()
	}
	shortPageHTML(l, title, body, other).Render(ctx, &b) // a bytes.Buffer does not fail
	hd := w.Header()
	for _, k := range []string{"Set-Cookie", "Content-Encoding", "X-Tablemaster-Version", "X-Tablemaster-Body", "Location"} {
		hd.Del(k)
	}
	hd.Set("Content-Type", "text/html; charset=utf-8")
	hd.Set("Content-Length", strconv.Itoa(b.Len()))
	hd.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

// deadLinkPage is the answer to every link that does not work: one that
// never existed, a relinked seat's, an abandoned or rematched table's. It
// depends on the reader's language only, so it tells nobody which it was.
func (s *Server) deadLinkPage(w http.ResponseWriter, r *http.Request) {
	l := s.readerLang(r)
	other := engine.JA
	if l == engine.JA {
		other = engine.EN
	}
	// The other language, on the same address: the link does not say
	// more for it.
	shortPage(w, r, http.StatusNotFound, l, l.S("mod.dead.title"), l.S("mod.dead.body"), other)
}

// sameOrigin refuses every request that may change something (anything
// but GET, HEAD and OPTIONS) when a browser says it comes from another
// site: Sec-Fetch-Site other than same-origin or none (an address typed
// in), or an Origin that is not this server's as the request reached it
// ("null" passes only when the browser says same-origin: a browser set
// to hide referrers may hide the origin of our own pages' form posts).
// A request with neither (curl, an old browser) goes through: the links'
// secret tokens stay the first defence, this one the second, against a
// page elsewhere that posts a form with a token it learnt.
func (s *Server) sameOrigin(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			h.ServeHTTP(w, r)
			return
		}
		if crossSite(r) {
			l := s.readerLang(r)
			w.Header().Set("Connection", "close") // the refused body is not read
			shortPage(w, r, http.StatusForbidden, l, l.S("mod.cross.title"), l.S("mod.cross.body"), "")
			return
		}
		h.ServeHTTP(w, r)
	})
}

// crossSite reports a request a browser says comes from another site.
func crossSite(r *http.Request) bool {
	site := r.Header.Get("Sec-Fetch-Site")
	switch site {
	case "", "same-origin", "none":
	default: // cross-site, same-site (another port or subdomain), or unknown
		return true
	}
	origins := r.Header.Values("Origin")
	if len(origins) == 0 {
		return false
	}
	if len(origins) > 1 {
		return true
	}
	if origins[0] == "null" && site == "same-origin" {
		// A form posted by our own page, from a browser set to hide
		// referrers (a no-referrer policy does the same), and the
		// browser itself, not the page, says it is the same. Without
		// that word, "null" may be any sandboxed or local page.
		return false
	}
	u, err := url.Parse(origins[0])
	if err != nil || u.Host == "" || u.Path != "" || u.User != nil {
		return true // "null" (a sandboxed or file page) among them
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return u.Scheme != scheme || !strings.EqualFold(u.Host, r.Host)
}
