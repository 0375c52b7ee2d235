package moderator

import "fmt"

// A "port" record says the table is served on another port from then on:
// `resume` found its own port taken. Its links carry the new port, so a
// later resume and `print links` must use it too.

// movePort applies a "port" record to the header.
func (h *Header) movePort(r Record) error {
	if r.Port < 1 || r.Port > 65535 {
		return fmt.Errorf("port %d is not a TCP port", r.Port)
	}
	h.Port = r.Port
	return nil
}

// SetPort records that the table is now served on port: its links change
// (the seats' tokens do not), and the log says so before they are shown.
// The same port again writes nothing.
func (t *Table) SetPort(port int) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	r := Record{Type: "port", Port: port}
	h := t.hdr
	if err := h.movePort(r); err != nil {
		return err
	}
	if port == t.hdr.Port {
		return nil
	}
	if err := t.appendLocked(r); err != nil {
		return err
	}
	t.hdr.Port = port
	return nil
}
