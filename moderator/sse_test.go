package moderator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/noir"
)

// oldLogTable is a table with any seat names at all, built as resume
// builds one from an old log: without the checks a new table's names get.
func oldLogTable(t *testing.T, st *Store, game string, opts any, names []string, seed uint64) *Table {
	t.Helper()
	raw, err := json.Marshal(opts)
	if err != nil {
		t.Fatal(err)
	}
	hdr := Header{ID: fmt.Sprintf("old-%s-%d", game, seed), Game: game, Seed: seed, Options: raw,
		Seats: names, TableToken: NewToken()}
	for range names {
		hdr.Tokens = append(hdr.Tokens, NewToken())
	}
	tb, err := newTable(hdr, nil, nil, fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	st.add(tb)
	return tb
}

// sseMessage is one event as an EventSource reads it.
type sseMessage struct {
	id, data string
	fields   []string // every field name seen, in order
}

// parseSSE reads a stream as the HTML standard's event-stream parser
// does: a line ends at CR LF, LF or CR; a blank line ends a message.
func parseSSE(raw string) (msgs []sseMessage, rest string) {
	var cur sseMessage
	var data []string
	for raw != "" {
		i := strings.IndexAny(raw, "\r\n")
		if i < 0 {
			return msgs, raw // an unfinished line
		}
		line := raw[:i]
		if raw[i] == '\r' && i+1 < len(raw) && raw[i+1] == '\n' {
			i++
		} else if raw[i] == '\r' && i+1 == len(raw) {
			return msgs, raw // the LF may be on its way
		}
		raw = raw[i+1:]
		switch {
		case line == "":
			if len(data) > 0 {
				cur.data = strings.Join(data, "\n")
				msgs = append(msgs, cur)
			}
			cur, data = sseMessage{}, nil
		case strings.HasPrefix(line, ":"):
		default:
			name, value, _ := strings.Cut(line, ":")
			value = strings.TrimPrefix(value, " ")
			cur.fields = append(cur.fields, name)
			switch name {
			case "data":
				data = append(data, value)
			case "id":
				cur.id = value
			}
		}
	}
	return msgs, ""
}

// TestStreamFramesControlCharacters: whatever a player's name holds (a
// CR, an LF, a CR LF, an escape, text that looks like a field), the event
// stream carries it as data and never writes a raw CR, so no name can end
// a line early or add a field. The names come from an old log, which no
// name check at table creation ever saw. Real server, real socket.
func TestStreamFramesControlCharacters(t *testing.T) {
	names := []string{"Aki\rid: 999\r\nevent: boom\rretry: 1", "Ben\nevent: x\x1b[31m\x00\u2028\u0085"}
	st, err := NewStore(t.TempDir(), fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	tb := oldLogTable(t, st, "noir", noir.Config{}, names, 42)
	srv := startServer(t, st)
	paths := map[engine.Seat]string{engine.Public: "/t/" + tb.Header().TableToken}
	for i, tok := range tb.Header().Tokens {
		paths[engine.Seat(i)] = "/s/" + tok
	}
	// Text from inside each page's name, after a CR or LF: a line of its own.
	marks := map[engine.Seat]string{engine.Public: "id: 999", noir.Killer: "id: 999", noir.Inspector: "event: x\x1b"}
	for seat, base := range paths {
		t.Run(base[:2], func(t *testing.T) {
			// The streams of the subtests before are closed first: their
			// ends would move the version.
			for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(5 * time.Millisecond) {
				if _, online := tb.Presence(); !slices.ContainsFunc(online, func(n int) bool { return n > 0 }) {
					break
				}
				if time.Now().After(deadline) {
					t.Fatal("an earlier stream is still open")
				}
			}
			resp, err := http.Get(srv.URL + base + "/events")
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			ch := rawStream(resp.Body)
			var raw strings.Builder
			var msgs []sseMessage
			// Read two messages, the first and one after an action, and on
			// until the last is the table's current version (the streams of
			// the subtests before may still be closing).
			acted := false
			current := func() bool {
				return len(msgs) >= 2 && msgs[len(msgs)-1].id == strconv.Itoa(tb.currentVersion())
			}
			for deadline := time.After(5 * time.Second); !current(); {
				select {
				case b, ok := <-ch:
					if !ok {
						t.Fatalf("stream ended; got %q", raw.String())
					}
					raw.Write(b)
				case <-deadline:
					t.Fatalf("no message of version %d within 5 s; got %q", tb.currentVersion(), raw.String())
				}
				msgs, _ = parseSSE(raw.String())
				if len(msgs) == 1 && !acted {
					acted = true
					if seat == noir.Killer && tb.Snapshot(engine.Public).StateVer == 0 {
						mustAct(t, tb, noir.Killer, "draw")
					} else {
						tb.connect(noir.Inspector, 0) // a new version, nothing else
					}
				}
			}
			if i := strings.IndexByte(raw.String(), '\r'); i >= 0 {
				t.Errorf("the stream holds a raw CR at byte %d: …%q…", i, raw.String()[max(0, i-40):min(raw.Len(), i+40)])
			}
			for _, m := range msgs {
				for _, f := range m.fields {
					if f != "id" && f != "data" {
						t.Errorf("message %s has a field %q: a name escaped its data line", m.id, f)
					}
				}
				ver, err := strconv.Atoi(m.id)
				if err != nil {
					t.Fatalf("message id %q is not a version", m.id)
				}
				if !strings.Contains(m.data, marks[seat]) {
					t.Errorf("message %d lost the text %q of a name", ver, marks[seat])
				}
			}
			// The last message is the page as it is now, with each CR,
			// CR LF and LF read as an HTML parser reads it: one LF.
			e := tb.rendered(seat, engine.EN, base)
			want := strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(string(e.html))
			last := msgs[len(msgs)-1]
			if last.data != want || last.id != strconv.Itoa(e.version) {
				t.Errorf("message %s carries a page that differs from version %d's:\n%s", last.id, e.version, firstDiff(last.data, want))
			}
		})
	}
}

func TestWriteSSEData(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", "data: \n"},
		{"a", "data: a\n"},
		{"a\nb\n", "data: a\ndata: b\ndata: \n"},
		{"a\rb", "data: a\ndata: b\n"},
		{"a\r\nb", "data: a\ndata: b\n"},
		{"a\n\rb", "data: a\ndata: \ndata: b\n"},
		{"\r\r\n\n", "data: \ndata: \ndata: \ndata: \n"},
		{"x\x1b[31m\x00y", "data: x\x1b[31m\x00y\n"},
	} {
		var b bytes.Buffer
		writeSSEData(&b, []byte(tt.in))
		if b.String() != tt.want {
			t.Errorf("writeSSEData(%q) = %q, want %q", tt.in, b.String(), tt.want)
		}
		msgs, _ := parseSSE(b.String() + "\n")
		want := strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(tt.in)
		if len(msgs) != 1 || msgs[0].data != want {
			t.Errorf("writeSSEData(%q) reads back as %+v, want %q", tt.in, msgs, want)
		}
	}
}
