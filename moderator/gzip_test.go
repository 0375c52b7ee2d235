package moderator

import (
	"bufio"
	"compress/gzip"
	"context"
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

func TestAcceptsGzip(t *testing.T) {
	tests := []struct {
		header []string
		want   bool
	}{
		{nil, false},
		{[]string{""}, false},
		{[]string{"gzip"}, true},
		{[]string{"gzip, deflate, br"}, true},
		{[]string{"br", "GZIP;q=0.5"}, true},
		{[]string{"deflate, br"}, false},
		{[]string{"gzip;q=0"}, false},
		{[]string{"gzip; q=0.0, br"}, false},
		{[]string{"x-gzip"}, false},
		{[]string{"*"}, false},
	}
	for _, tt := range tests {
		if got := acceptsGzip(tt.header); got != tt.want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", tt.header, got, tt.want)
		}
	}
}

// TestGzipPages checks the middleware alone, with handlers that stand for
// the server's kinds of answer.
func TestGzipPages(t *testing.T) {
	body := strings.Repeat("<p>the same words again and again</p>\n", 100)
	page := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Length", "999") // a wrong length must not survive compression
		io.WriteString(w, body)
	}
	sniffed := func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "<!doctype html>"+body) }
	missing := func(w http.ResponseWriter, r *http.Request) { http.Error(w, body, http.StatusNotFound) }
	encoded := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "br")
		io.WriteString(w, body)
	}
	stream := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, body)
	}
	tests := []struct {
		name     string
		method   string
		path     string
		accept   string
		handler  http.HandlerFunc
		wantGzip bool
		wantType string
	}{
		{"page", "GET", "/s/x", "gzip, deflate", page, true, "text/html; charset=utf-8"},
		{"no accept-encoding", "GET", "/s/x", "", page, false, "text/html; charset=utf-8"},
		{"gzip refused", "GET", "/s/x", "gzip;q=0", page, false, "text/html; charset=utf-8"},
		{"post", "POST", "/s/x/act", "gzip", page, false, "text/html; charset=utf-8"},
		{"events", "GET", "/s/x/events", "gzip", page, false, "text/html; charset=utf-8"},
		{"table events", "GET", "/t/x/events", "gzip", page, false, "text/html; charset=utf-8"},
		{"sniffed type", "GET", "/", "gzip", sniffed, true, "text/html; charset=utf-8"},
		{"not found", "GET", "/nope", "gzip", missing, false, "text/plain; charset=utf-8"},
		{"already encoded", "GET", "/x", "gzip", encoded, false, ""},
		{"stream type", "GET", "/x/stream", "gzip", stream, false, "text/event-stream"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(tt.method, tt.path, nil)
			if tt.accept != "" {
				req.Header.Set("Accept-Encoding", tt.accept)
			}
			rec := httptest.NewRecorder()
			gzipPages(tt.handler).ServeHTTP(rec, req)
			res := rec.Result()
			got := rec.Body.Bytes()
			if enc := res.Header.Get("Content-Encoding"); (enc == "gzip") != tt.wantGzip {
				t.Fatalf("%s %s: Content-Encoding = %q, want gzip: %v", tt.method, tt.path, enc, tt.wantGzip)
			}
			if ct := res.Header.Get("Content-Type"); tt.wantType != "" && ct != tt.wantType {
				t.Errorf("%s %s: Content-Type = %q, want %q", tt.method, tt.path, ct, tt.wantType)
			}
			if !tt.wantGzip {
				if !strings.Contains(string(got), "the same words") {
					t.Errorf("%s %s: body = %.60q, want it unchanged", tt.method, tt.path, got)
				}
				return
			}
			if cl := res.Header.Get("Content-Length"); cl != "" {
				t.Errorf("%s %s: Content-Length = %q survived compression", tt.method, tt.path, cl)
			}
			if v := res.Header.Values("Vary"); len(v) != 1 || v[0] != "Accept-Encoding" {
				t.Errorf("%s %s: Vary = %q, want Accept-Encoding", tt.method, tt.path, v)
			}
			zr, err := gzip.NewReader(strings.NewReader(string(got)))
			if err != nil {
				t.Fatalf("%s %s: gzip.NewReader = %v", tt.method, tt.path, err)
			}
			plain, err := io.ReadAll(zr)
			if err != nil {
				t.Fatalf("%s %s: reading the gzip body: %v", tt.method, tt.path, err)
			}
			if !strings.HasSuffix(string(plain), body) {
				t.Errorf("%s %s: body decompresses to %.60q…, want the page", tt.method, tt.path, plain)
			}
			if len(got) >= len(plain) {
				t.Errorf("%s %s: %d bytes compressed from %d", tt.method, tt.path, len(got), len(plain))
			}
		})
	}
}

// TestGzipServer runs the server's Handler, which compresses with
// gzipPages, over a network connection: pages arrive compressed, posts and
// event streams do not, and the first event still arrives at once.
func TestGzipServer(t *testing.T) {
	st, tb := perfTable(t, noir.Config{}, 7)
	srv := httptest.NewServer(NewServer(st, engine.EN).Handler())
	defer srv.Close()
	h := tb.Header()
	// A transport that leaves Accept-Encoding to the test, so the answer
	// is seen as it travelled.
	client := &http.Client{
		Transport:     &http.Transport{DisableCompression: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	defer client.CloseIdleConnections()
	do := func(method, path string, form url.Values) *http.Response {
		t.Helper()
		var body io.Reader
		if form != nil {
			body = strings.NewReader(form.Encode())
		}
		req, err := http.NewRequest(method, srv.URL+path, body)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Accept-Encoding", "gzip")
		if form != nil {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("X-Tablemaster", "fetch")
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	for _, path := range []string{"/s/" + h.Tokens[0], "/s/" + h.Tokens[1], "/t/" + h.TableToken, "/"} {
		resp := do("GET", path, nil)
		if enc := resp.Header.Get("Content-Encoding"); resp.StatusCode != 200 || enc != "gzip" {
			t.Fatalf("GET %s = %d, Content-Encoding %q; want 200, gzip", path, resp.StatusCode, enc)
		}
		if v := resp.Header.Values("Vary"); len(v) != 1 || v[0] != "Accept-Encoding" {
			t.Errorf("GET %s: Vary = %q, want Accept-Encoding once", path, v)
		}
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		b, err := io.ReadAll(zr)
		resp.Body.Close()
		if err != nil || !strings.Contains(string(b), "tablemaster") {
			t.Fatalf("GET %s: body %.80q, %v", path, b, err)
		}
	}
	resp := do("POST", "/s/"+h.Tokens[0]+"/act", url.Values{"a": {"draw"}, "v": {"0"}})
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if enc := resp.Header.Get("Content-Encoding"); resp.StatusCode != 200 || enc != "" || !strings.Contains(string(b), "Your identity") {
		t.Fatalf("POST act = %d, Content-Encoding %q, body %.80q; want 200, plain, the page", resp.StatusCode, enc, b)
	}
	resp = do("GET", "/s/unknown", nil)
	resp.Body.Close()
	if enc := resp.Header.Get("Content-Encoding"); resp.StatusCode != 404 || enc != "" {
		t.Fatalf("GET unknown link = %d, Content-Encoding %q; want 404, plain", resp.StatusCode, enc)
	}

	for _, path := range []string{"/s/" + h.Tokens[0] + "/events", "/t/" + h.TableToken + "/events"} {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		req, err := http.NewRequestWithContext(ctx, "GET", srv.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Accept-Encoding", "gzip")
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		if enc := resp.Header.Get("Content-Encoding"); enc != "" {
			t.Errorf("GET %s: Content-Encoding %q, want a plain stream", path, enc)
		}
		// The stream stays open: the first message must arrive without it
		// ending, which a buffering compressor would prevent.
		r := bufio.NewReader(resp.Body)
		found := false
		for !found {
			line, err := r.ReadString('\n')
			if err != nil {
				t.Fatalf("GET %s: %v before the first message", path, err)
			}
			found = strings.HasPrefix(line, "id: ")
		}
		cancel()
		resp.Body.Close()
	}
}
