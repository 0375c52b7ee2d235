//go:build unix

package moderator

import (
	"io"
	"net"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/noir"
)

// TestStreamDropsAReaderThatStopsReading: an event stream whose reader
// no longer reads (a phone gone out of range without closing) is dropped
// once a message has waited Limits.Write to leave, rather than holding its
// handler forever.
func TestStreamDropsAReaderThatStopsReading(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	lim := testLimits
	lim.Write = 300 * time.Millisecond
	// Small socket buffers on both ends, so the server's writes block
	// soon even though a live update is only what changed.
	srv := NewServer(st, engine.EN)
	srv.Limits, srv.Logf = lim, t.Logf
	hs := httptest.NewUnstartedServer(nil)
	hs.Config = srv.HTTPServer()
	hs.Listener = smallSendBuffer{hs.Listener}
	hs.Start()
	t.Cleanup(hs.Close)
	addr := strings.TrimPrefix(hs.URL, "http://")
	d := net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		return c.Control(func(fd uintptr) { syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
	}}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	// The table screen's stream: its page shows who is online, so each
	// change of presence below changes what it is sent.
	io.WriteString(c, "GET /t/"+tb.Header().TableToken+"/events HTTP/1.1\r\nHost: x\r\n\r\n")
	streams := func() int {
		tb.mu.Lock()
		defer tb.mu.Unlock()
		return len(tb.subs)
	}
	for deadline := time.Now().Add(5 * time.Second); ; {
		if streams() == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the stream never opened")
		}
		time.Sleep(time.Millisecond)
	}
	// New versions, each a change to send, until the stream is dropped.
	start := time.Now()
	for i := 0; ; i++ {
		if streams() == 0 {
			break
		}
		if time.Since(start) > 10*time.Second {
			t.Fatal("the stream of a reader that reads nothing is still open after 10 s")
		}
		tb.connect(noir.Inspector, 1-2*(i%2)) // online, then not
		time.Sleep(200 * time.Microsecond)
	}
	t.Logf("dropped after %v", time.Since(start).Round(time.Millisecond))
}

// smallSendBuffer gives every accepted connection a 4 KB send buffer.
type smallSendBuffer struct{ net.Listener }

func (l smallSendBuffer) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		tc.SetWriteBuffer(4096)
	}
	return c, err
}
