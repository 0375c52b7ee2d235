//go:build unix

package moderator

import (
	"io"
	"net"
	"syscall"
	"testing"
	"time"

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
	_, addr := limitedServer(t, st, lim)
	// A small receive buffer, so the server's writes block soon.
	d := net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		return c.Control(func(fd uintptr) { syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
	}}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	io.WriteString(c, "GET /s/"+tb.Header().Tokens[noir.Killer]+"/events HTTP/1.1\r\nHost: x\r\n\r\n")
	for deadline := time.Now().Add(5 * time.Second); ; {
		if _, online := tb.Presence(); online[noir.Killer] == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the stream never opened")
		}
		time.Sleep(time.Millisecond)
	}
	// New versions, each a whole page to send, until the stream is dropped.
	start := time.Now()
	for {
		if _, online := tb.Presence(); online[noir.Killer] == 0 {
			break
		}
		if time.Since(start) > 10*time.Second {
			t.Fatal("the stream of a reader that reads nothing is still open after 10 s")
		}
		tb.connect(noir.Inspector, 0)
		time.Sleep(200 * time.Microsecond)
	}
	t.Logf("dropped after %v", time.Since(start).Round(time.Millisecond))
}
