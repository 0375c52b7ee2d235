package moderator

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/noir"
)

// damagedLog writes a finished-looking log of a few actions and returns
// its store, table id and bytes.
func damagedLog(t *testing.T) (*Store, string, []byte) {
	t.Helper()
	st, tb := newTestTable(t, noir.Config{}, 42)
	setup(t, tb)
	mustAct(t, tb, noir.Killer, "shift row 1 left")
	tb.Close()
	data, err := os.ReadFile(st.LogPath(tb.ID()))
	if err != nil {
		t.Fatal(err)
	}
	return st, tb.ID(), data
}

// lastLine is where the log's last complete line starts.
func lastLine(data []byte) int {
	return bytes.LastIndexByte(data[:len(data)-1], '\n') + 1
}

// A complete last line (it ends in its newline, so it was written whole)
// with one byte changed is damage, not a write cut short: it is kept on
// disk, named by its line number, and the log is not resumed until a
// person decides. Before, it was "dropped as half-written" and cut off.
func TestDamagedCompleteLastLineIsKept(t *testing.T) {
	st, id, good := damagedLog(t)
	path := st.LogPath(id)
	start := lastLine(good)
	line := string(good[start : len(good)-1])
	for _, tc := range []struct {
		name string
		bad  func(line string) string
	}{
		{"a brace flipped", func(l string) string { return "[" + l[1:] }},
		{"a byte that is not text", func(l string) string { return l[:10] + "\xff" + l[11:] }},
		{"a key flipped", func(l string) string { return strings.Replace(l, `"a":`, `"b":`, 1) }},
		{"the type flipped", func(l string) string { return strings.Replace(l, `"t":"act"`, `"t":"acu"`, 1) }},
		{"the seat flipped", func(l string) string { return strings.Replace(l, `"t":"act"`, `"t":"act","seat":9`, 1) }},
		{"the action flipped", func(l string) string { return strings.Replace(l, "left", "lefT", 1) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := append(append([]byte(nil), good[:start]...), tc.bad(line)+"\n"...)
			if err := os.WriteFile(path, bad, 0o600); err != nil {
				t.Fatal(err)
			}
			st2, _ := NewStore(st.Dir(), fixedClock)
			_, res, err := st2.Open(id)
			var le *LineError
			if !errors.As(err, &le) || !errors.Is(err, ErrCorrupt) || le.Line != 6 || le.Offset != int64(start) || le.Path != path {
				t.Fatalf("Open = %v (%#v), want a *LineError for line 6 of %s", err, le, path)
			}
			if !strings.Contains(err.Error(), path+": corrupt log: line 6: ") || !strings.HasPrefix(le.Text(engine.JA), path+": 6行目：") {
				t.Errorf("error %q names neither the file nor the line", err)
			}
			if res.Dropped != nil {
				t.Errorf("Dropped = %q: a complete line is never half-written", res.Dropped)
			}
			if got, _ := os.ReadFile(path); !bytes.Equal(got, bad) {
				t.Fatalf("the log changed on disk:\n%q\nwant\n%q", got, bad)
			}
			// Replay gives the same verdict.
			var out bytes.Buffer
			if rerr := Replay(&out, path, engine.EN); rerr == nil || rerr.Error() != err.Error() {
				t.Errorf("Replay = %v\nwant the same verdict as resume: %v", rerr, err)
			}

			// A person chose to go on without it: the line is copied
			// aside, byte for byte, and the table resumes before it.
			aside, err := SetAside(le)
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := os.ReadFile(aside); !bytes.Equal(got, bad[start:]) {
				t.Errorf("set aside %q, want %q", got, bad[start:])
			}
			if got, _ := os.ReadFile(path); !bytes.Equal(got, good[:start]) {
				t.Errorf("the log after setting aside:\n%q\nwant\n%q", got, good[:start])
			}
			tb, res, err := st2.Open(id)
			if err != nil || len(res.Records) != 5 {
				t.Fatalf("Open after setting aside = %v, %d records; want the header and 4 actions", err, len(res.Records))
			}
			tb.Close()
			if _, err := SetAside(le); err == nil {
				t.Error("setting aside twice overwrote the first copy")
			}
			os.Remove(aside)
		})
	}
}

// Every single flipped bit of the last complete line: the log is either
// refused with that line's number or read as written, and the file is
// never changed. (A flip inside a token or a time still reads: the log
// has no checksum.)
func TestEveryFlipOfTheLastLineKeepsTheFile(t *testing.T) {
	st, id, good := damagedLog(t)
	path := st.LogPath(id)
	start := lastLine(good)
	refused := 0
	for i := start; i < len(good)-1; i++ {
		for _, bit := range []byte{0x01, 0x20, 0x80} {
			bad := append([]byte(nil), good...)
			bad[i] ^= bit
			if bad[i] == '\n' {
				continue // that splits the line: two lines, not one flipped byte
			}
			if err := os.WriteFile(path, bad, 0o600); err != nil {
				t.Fatal(err)
			}
			st2, _ := NewStore(st.Dir(), fixedClock)
			tb, res, err := st2.Open(id)
			var le *LineError
			switch {
			case err == nil:
				tb.Close()
				if len(res.Records) != 6 || res.Dropped != nil {
					t.Errorf("byte %d ^ %#x: read %d records, dropped %q", i-start, bit, len(res.Records), res.Dropped)
				}
			case errors.As(err, &le) && le.Line == 6:
				refused++
			default:
				t.Errorf("byte %d ^ %#x: Open = %v, want line 6 named", i-start, bit, err)
			}
			if got, _ := os.ReadFile(path); !bytes.Equal(got, bad) {
				t.Fatalf("byte %d ^ %#x: the log changed on disk", i-start, bit)
			}
		}
	}
	if refused == 0 {
		t.Fatal("no flip was refused")
	}
	t.Logf("%d flips refused", refused)
}

// Only the bytes after the last newline may be cut: they were never
// acknowledged. The rest of the file stays byte for byte.
func TestHalfWrittenTailIsTheOnlyThingCut(t *testing.T) {
	st, id, good := damagedLog(t)
	path := st.LogPath(id)
	for _, tail := range []string{`{"t":"act","seat":1,"a":"shi`, `{"t":"act","seat":1,"a":"shift row 1 left"}`, "\x00\x00\x00"} {
		if err := os.WriteFile(path, append(append([]byte(nil), good...), tail...), 0o600); err != nil {
			t.Fatal(err)
		}
		st2, _ := NewStore(st.Dir(), fixedClock)
		tb, res, err := st2.Open(id)
		if err != nil || string(res.Dropped) != tail || res.DroppedAt != int64(len(good)) {
			t.Fatalf("tail %q: Open = %v, dropped %q at %d", tail, err, res.Dropped, res.DroppedAt)
		}
		tb.Close()
		if got, _ := os.ReadFile(path); !bytes.Equal(got, good) {
			t.Fatalf("tail %q: the log after Open:\n%q\nwant\n%q", tail, got, good)
		}
	}
}

// Records ReadLog refuses, whatever their place: resume and replay read
// logs with it, so they agree.
func TestReadLogChecksEveryRecord(t *testing.T) {
	const hdr = `{"t":"table","table":{"id":"x","game":"noir","seats":["a","b"],"tokens":["1","2"]}}` + "\n"
	for _, tc := range []struct {
		name, log string
		line      int
		why       string
	}{
		{"unknown type", hdr + `{"t":"bet","seat":0}` + "\n", 2, "mod.log.unknown_type"},
		{"relink of seat 99", hdr + `{"t":"relink","seat":99,"token":"x"}` + "\n", 2, "mod.log.no_seat"},
		{"act of seat -1", hdr + `{"t":"act","seat":-1,"a":"draw"}` + "\n", 2, "mod.log.no_seat"},
		{"undo of seat 2", hdr + `{"t":"undo","seat":2}` + "\n", 2, "mod.log.no_seat"},
		{"act without action", hdr + `{"t":"act","seat":1}` + "\n", 2, "mod.log.bad_record"},
		{"relink without token", hdr + `{"t":"relink","seat":1}` + "\n", 2, "mod.log.bad_record"},
		{"second header", hdr + hdr, 2, "mod.log.second_header"},
		{"unknown field", hdr + `{"t":"act","sea":1,"a":"draw"}` + "\n", 2, "mod.log.bad_json"},
		{"two records on a line", hdr + `{"t":"undo"}{"t":"undo"}` + "\n", 2, "mod.log.bad_json"},
		{"not text", hdr + "{\"t\":\"act\",\"a\":\"dr\xffw\"}\n", 2, "mod.log.bad_bytes"},
		{"no header", `{"t":"act","a":"draw"}` + "\n", 1, "mod.log.no_header"},
		{"header without links", `{"t":"table","table":{"id":"x","game":"noir","seats":["a","b"],"tokens":["1"]}}` + "\n", 1, "mod.log.bad_header"},
		{"empty", "", 1, "mod.log.empty"},
		{"only a half line", `{"t":"table","tab`, 1, "mod.log.empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadLog(strings.NewReader(tc.log))
			var le *LineError
			if !errors.As(err, &le) || le.Line != tc.line || le.Why.Key != tc.why {
				t.Fatalf("ReadLog = %v, want line %d: %s", err, tc.line, tc.why)
			}
			for _, l := range engine.Langs {
				if txt := le.Text(l); strings.Contains(txt, "⟨") || !strings.Contains(txt, fmt.Sprint(tc.line)) {
					t.Errorf("%s text %q", l, txt)
				}
			}
		})
	}
}

// A log line the game refuses is reported by line and kind only: the
// game's own words could name a hidden card ("♠7 is not next to ♦Q, your
// identity"), and resume and replay print the verdict at the laptop, where
// a player usually sits (DESIGN.md principle 1).
func TestRefusedLineNamesNoSecret(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	mustAct(t, tb, noir.Killer, "draw")
	identity := tb.Snapshot(noir.Killer).View.(noir.View).Identity
	path := st.LogPath(tb.ID())
	tb.Close()
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// A kill the game refuses with words that name the Killer's card.
	found := false
	for id := range noir.NumSuspects {
		g := noir.New(noir.Config{}, 42)
		if _, err := g.Apply(noir.Killer, "draw"); err != nil {
			t.Fatal(err)
		}
		a := "kill " + noir.SuspectName(id, false)
		_, err := g.Apply(noir.Killer, engine.Action(a))
		var me *engine.MsgError
		if !errors.As(err, &me) || !strings.Contains(engine.EN.Text(me.Msg), identity.Suspect) {
			continue
		}
		found = true
		line := fmt.Sprintf(`{"t":"act","at":"2026-11-24T10:00:00Z","a":%q}`+"\n", a)
		if err := os.WriteFile(path, append(append([]byte(nil), good...), line...), 0o600); err != nil {
			t.Fatal(err)
		}
		_, _, err = st.Open(tb.ID())
		var le *LineError
		if !errors.As(err, &le) {
			t.Fatalf("Open with a refused %q = %v, want a *LineError", a, err)
		}
		for _, l := range engine.Langs {
			if s := le.Text(l) + le.Error(); strings.Contains(s, identity.Suspect) || strings.Contains(s, identity.Evidence) {
				t.Errorf("%s: the verdict on a refused %q names the Killer's card: %s", l, a, s)
			}
		}
		break
	}
	if !found {
		t.Fatal("no refused kill names the Killer's card: the test cannot check anything")
	}
}
