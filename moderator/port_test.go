package moderator

import (
	"os"
	"strings"
	"testing"

	"tablemaster/engine/noir"
)

// TestSetPortIsLogged moves a table to another port, as resume does when
// its own is taken: the move is in the log, so reopening the table and
// reading its links without opening it (print links) both give the new
// port, with the same tokens.
func TestSetPortIsLogged(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	before := tb.Header()
	if err := tb.SetPort(9123); err != nil {
		t.Fatalf("SetPort(9123) = %v", err)
	}
	if err := tb.SetPort(9123); err != nil {
		t.Fatalf("SetPort(9123) again = %v", err)
	}
	if err := tb.SetPort(70000); err == nil {
		t.Errorf("SetPort(70000) = nil, want an error")
	}
	if _, err := tb.Relink(1); err != nil {
		t.Fatal(err)
	}
	want := tb.Header()
	if want.Port != 9123 || want.Tokens[0] != before.Tokens[0] || want.TableToken != before.TableToken {
		t.Fatalf("header after SetPort = %+v, want port 9123 and the same tokens as %+v", want, before)
	}
	tb.Close()

	path := st.LogPath(tb.ID())
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), `"t":"port"`); n != 1 {
		t.Errorf("the log holds %d port records, want 1 (the same port again writes nothing):\n%s", n, data)
	}
	res, err := ReadLog(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	if h, err := res.CurrentHeader(); err != nil || !sameJSON(h, want) {
		t.Errorf("CurrentHeader() = %+v, %v, want %+v", h, err, want)
	}
	st2, err := NewStore(st.Dir(), fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	defer st2.Close()
	t2, _, err := st2.Open(tb.ID())
	if err != nil {
		t.Fatalf("Open after a port move = %v", err)
	}
	if h := t2.Header(); !sameJSON(h, want) {
		t.Errorf("reopened header = %+v, want %+v", h, want)
	}

	// A port record that is not a port is refused by the reader, with its
	// line, as every other damaged record is.
	bad := string(data) + `{"t":"port","at":"2026-11-21T19:00:00Z","port":-1}` + "\n"
	if _, err := ReadLog(strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "line 4") {
		t.Errorf("ReadLog with port -1 = %v, want an error naming line 4", err)
	}
}
