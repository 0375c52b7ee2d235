package moderator

import (
	"fmt"
	"net"
)

// A "port" record says the table is served on another port from then on,
// and, when it names one, at another address: resume or host was told to
// move (--port), or the laptop's LAN address changed. Its links carry the
// new place, so a later resume and `print links` must use it too.

// movePort applies a "port" record to the header.
func (h *Header) movePort(r Record) error {
	if r.Port < 1 || r.Port > 65535 {
		return fmt.Errorf("port %d is not a TCP port", r.Port)
	}
	if r.Addr != "" && !validHost(r.Addr) {
		return fmt.Errorf("%.40q is not an address", r.Addr)
	}
	h.Port = r.Port
	if r.Addr != "" {
		h.Addr = r.Addr
	}
	return nil
}

// validHost reports whether s may stand in a link as its host: an IP
// address or a host name, nothing that would change the link's shape.
func validHost(s string) bool {
	if net.ParseIP(s) != nil {
		return true
	}
	if len(s) > 253 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.') {
			return false
		}
	}
	return s != ""
}

// SetPort records that the table is now served on port: its links change
// (the seats' tokens do not), and the log says so before they are shown.
// The same port again writes nothing.
func (t *Table) SetPort(port int) error {
	return t.SetPlace("", port)
}

// SetPlace records that the table is now reached at addr (empty: the same
// address as before) and port. Its links change (the seats' tokens do not),
// and the log says so before they are shown. The same place again writes
// nothing.
func (t *Table) SetPlace(addr string, port int) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if addr == t.hdr.Addr {
		addr = ""
	}
	r := Record{Type: "port", Port: port, Addr: addr}
	h := t.hdr
	if err := h.movePort(r); err != nil {
		return err
	}
	if port == t.hdr.Port && addr == "" {
		return nil
	}
	if err := t.appendLocked(r); err != nil {
		return err
	}
	t.hdr.Port = h.Port
	t.hdr.Addr = h.Addr
	return nil
}
