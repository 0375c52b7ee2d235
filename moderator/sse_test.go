package moderator

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/noir"
	"tablemaster/moderator/patch"
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
	id, data, event string
	fields          []string // every field name seen, in order
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
			case "event":
				cur.event = value
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
				return len(msgs) >= 2 && strings.HasPrefix(msgs[len(msgs)-1].id, strconv.Itoa(tb.currentVersion())+"-")
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
					// An action: every page shows it.
					acted = true
					mover := toMove(tb)
					mustAct(t, tb, mover, string(tb.Legal(mover)[0].Action))
				}
			}
			if i := strings.IndexByte(raw.String(), '\r'); i >= 0 {
				t.Errorf("the stream holds a raw CR at byte %d: …%q…", i, raw.String()[max(0, i-40):min(raw.Len(), i+40)])
			}
			// The page as the stream builds it: the first message whole,
			// each later one a patch of the body before or the whole body.
			var body, hash string
			for k, m := range msgs {
				for _, f := range m.fields {
					if f != "id" && f != "data" && f != "event" {
						t.Errorf("message %s has a field %q: a name escaped its data line", m.id, f)
					}
				}
				v, h, ok := strings.Cut(m.id, "-")
				if _, err := strconv.Atoi(v); err != nil || !ok {
					t.Fatalf("message id %q is not version-hash", m.id)
				}
				switch {
				case m.event == "":
					// The whole body (a patch would not be smaller).
					body = m.data
					if !strings.Contains(m.data, marks[seat]) {
						t.Errorf("message %s lost the text %q of a name", m.id, marks[seat])
					}
				case m.event == "patch":
					got, err := patch.Apply(body, hash, []byte(m.data))
					if err != nil {
						t.Fatalf("message %s: %v", m.id, err)
					}
					body = strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(got)
				default:
					t.Fatalf("message %d is an event %q", k, m.event)
				}
				hash = h
			}
			// The last body is the page as it is now, with each CR, CR LF
			// and LF read as an HTML parser reads it: one LF.
			e := tb.rendered(seat, engine.EN, base)
			want := strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(string(e.html))
			last := msgs[len(msgs)-1]
			if body != want || last.id != strconv.Itoa(e.version)+"-"+e.hash {
				t.Errorf("message %s brings a page that differs from version %d's:\n%s", last.id, e.version, firstDiff(body, want))
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
		got := string(appendSSEData(nil, []byte(tt.in)))
		if got != tt.want {
			t.Errorf("appendSSEData(%q) = %q, want %q", tt.in, got, tt.want)
		}
		msgs, _ := parseSSE(got + "\n")
		want := strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(tt.in)
		if len(msgs) != 1 || msgs[0].data != want {
			t.Errorf("appendSSEData(%q) reads back as %+v, want %q", tt.in, msgs, want)
		}
	}
}

// TestPageLoadThenOnlyWhatChanged: a page's live connection does not send
// the page it just loaded again, only what changes after it, as a patch
// that rebuilds the body a fresh load would show. Real server, real socket.
func TestPageLoadThenOnlyWhatChanged(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	setup(t, tb)
	srv := startServer(t, st)
	reBody := regexp.MustCompile(`<main id="app" data-events="([^"]+)" data-v="(\d+)" data-h="([0-9a-z]+)"[^>]*>`)
	load := func(path string) (events, hash, body string) {
		t.Helper()
		_, page := getStatus(t, srv.URL+path)
		m := reBody.FindStringSubmatchIndex(page)
		if m == nil {
			t.Fatalf("%s: no #app with its events, version and hash", path)
		}
		end := strings.Index(page, "</main>")
		return page[m[2]:m[3]], page[m[6]:m[7]], page[m[1]:end]
	}
	for _, path := range []string{"/s/" + tb.Header().Tokens[noir.Inspector], "/t/" + tb.Header().TableToken} {
		events, hash, body := load(path)
		resp, err := http.Get(srv.URL + events + "?h=" + hash)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		ch := rawStream(resp.Body)
		var raw strings.Builder
		read := func(d time.Duration) []sseMessage {
			for deadline := time.After(d); ; {
				select {
				case b, ok := <-ch:
					if !ok {
						t.Fatalf("%s: stream ended", path)
					}
					raw.Write(b)
					if msgs, _ := parseSSE(raw.String()); len(msgs) > 0 {
						return msgs
					}
				case <-deadline:
					return nil
				}
			}
		}
		// The phone's own connection changes nothing it shows; the table
		// screen shows the phone online (a patch).
		msgs := read(300 * time.Millisecond)
		if strings.HasPrefix(path, "/s/") && len(msgs) > 0 {
			t.Fatalf("%s: the stream repeats the page just loaded: %q", path, raw.String())
		}
		if strings.HasPrefix(path, "/t/") {
			// The Inspector's stream above has closed: the table screen
			// may show that, as a patch.
			for _, m := range msgs {
				if m.event != "patch" {
					t.Fatalf("%s: the stream sent the whole page again (%q)", path, m.id)
				}
			}
			if len(msgs) > 0 {
				got, err := patch.Apply(body, hash, []byte(msgs[len(msgs)-1].data))
				if err != nil {
					t.Fatal(err)
				}
				_, hash, _ = strings.Cut(msgs[len(msgs)-1].id, "-")
				body = got
			}
			raw.Reset()
		}
		mover := toMove(tb)
		mustAct(t, tb, mover, string(tb.Legal(mover)[0].Action))
		msgs = read(5 * time.Second)
		if len(msgs) != 1 {
			t.Fatalf("%s: after an action the stream sent %q, want one message", path, raw.String())
		}
		got := msgs[0].data // the whole body, when a patch would not be smaller
		if msgs[0].event == "patch" {
			if got, err = patch.Apply(body, hash, []byte(msgs[0].data)); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
		}
		_, _, fresh := load(path)
		if got != fresh {
			t.Fatalf("%s: the live page differs from a fresh load:\n%s", path, firstDiff(got, fresh))
		}
		// On the table screen an action changes a few lines: the story,
		// the grid, whose turn it is.
		if strings.HasPrefix(path, "/t/") && (msgs[0].event != "patch" || len(msgs[0].data)*2 > len(fresh)) {
			t.Errorf("%s: an update of %d bytes (%q) for a body of %d", path, len(msgs[0].data), msgs[0].event, len(fresh))
		}
		t.Logf("%s: body %d bytes, the patch after an action %d bytes", path, len(fresh), len(msgs[0].data))
	}
}

// A body under patchMinBody goes whole: making its patch would cost more
// than sending it. One over it goes as a patch.
func TestSmallBodiesGoWhole(t *testing.T) {
	defer func(min int) { patchMinBody = min }(patchMinBody)
	_, tb := newTestTable(t, noir.Config{}, 42)
	setup(t, tb)
	before := tb.rendered(engine.Public, engine.EN, "/x")
	mover := toMove(tb)
	mustAct(t, tb, mover, string(tb.Legal(mover)[0].Action))
	now := tb.rendered(engine.Public, engine.EN, "/x")
	for _, tt := range []struct {
		min   int
		patch bool
	}{{len(now.html) + 1, false}, {len(now.html), true}} {
		patchMinBody = tt.min
		msg := now.appendMessage(nil, before.hash)
		if got := strings.HasPrefix(string(msg), "event: patch\n"); got != tt.patch {
			t.Errorf("a %d-byte body with patchMinBody %d: patch = %v, want %v", len(now.html), tt.min, got, tt.patch)
		}
	}
}
