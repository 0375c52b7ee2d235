package moderator

import (
	"compress/gzip"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// gzipPages compresses the answers to GET requests whose Accept-Encoding
// includes gzip: a phone page shrinks about threefold, which is what a phone
// on a crowded Wi-Fi waits for. Event streams (paths ending in /events) are
// left alone, since a compressor holds bytes back until it is flushed and
// every message must reach the page at once; so is any answer that is not a
// 200 or that the handler already encoded. Posts are not compressed: their
// fetch replies are small and must not wait on a compressor.
func gzipPages(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet || strings.HasSuffix(r.URL.Path, "/events") {
			h.ServeHTTP(w, r)
			return
		}
		w.Header().Add("Vary", "Accept-Encoding")
		if !acceptsGzip(r.Header.Values("Accept-Encoding")) {
			h.ServeHTTP(w, r)
			return
		}
		gw := &gzipWriter{ResponseWriter: w}
		defer gw.close()
		h.ServeHTTP(gw, r)
	})
}

// acceptsGzip reads Accept-Encoding headers: true when gzip is listed
// without q=0.
func acceptsGzip(values []string) bool {
	for _, v := range values {
		for _, part := range strings.Split(v, ",") {
			name, params, _ := strings.Cut(part, ";")
			if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
				continue
			}
			q := 1.0
			for _, p := range strings.Split(params, ";") {
				k, val, ok := strings.Cut(p, "=")
				if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
					if f, err := strconv.ParseFloat(strings.TrimSpace(val), 64); err == nil {
						q = f
					}
				}
			}
			if q > 0 {
				return true
			}
		}
	}
	return false
}

// gzipWriters keeps compressors between requests: each holds a few hundred
// kilobytes of tables that are costly to allocate per page.
var gzipWriters = sync.Pool{New: func() any { return gzip.NewWriter(io.Discard) }}

// gzipWriter compresses a response body once its status is known to be 200.
type gzipWriter struct {
	http.ResponseWriter
	gz      *gzip.Writer // nil while the body goes out as it is
	decided bool         // the header was written
}

func (g *gzipWriter) WriteHeader(code int) {
	if g.decided {
		g.ResponseWriter.WriteHeader(code) // net/http reports the superfluous call
		return
	}
	g.decided = true
	hd := g.Header()
	if code == http.StatusOK && hd.Get("Content-Encoding") == "" &&
		!strings.HasPrefix(hd.Get("Content-Type"), "text/event-stream") {
		hd.Set("Content-Encoding", "gzip")
		hd.Del("Content-Length")
		g.gz = gzipWriters.Get().(*gzip.Writer)
		g.gz.Reset(g.ResponseWriter)
	}
	g.ResponseWriter.WriteHeader(code)
}

func (g *gzipWriter) Write(p []byte) (int, error) {
	if !g.decided {
		// net/http would sniff the compressed bytes; sniff the plain ones.
		if g.Header().Get("Content-Type") == "" {
			g.Header().Set("Content-Type", http.DetectContentType(p))
		}
		g.WriteHeader(http.StatusOK)
	}
	if g.gz != nil {
		return g.gz.Write(p)
	}
	return g.ResponseWriter.Write(p)
}

// Flush sends what was compressed so far.
func (g *gzipWriter) Flush() {
	if !g.decided {
		g.WriteHeader(http.StatusOK)
	}
	if g.gz != nil {
		g.gz.Flush()
	}
	http.NewResponseController(g.ResponseWriter).Flush()
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (g *gzipWriter) Unwrap() http.ResponseWriter { return g.ResponseWriter }

// close ends the compressed stream and returns the compressor to the pool.
func (g *gzipWriter) close() {
	if g.gz == nil {
		return
	}
	g.gz.Close()
	g.gz.Reset(io.Discard) // drop the reference to the connection
	gzipWriters.Put(g.gz)
	g.gz = nil
}
