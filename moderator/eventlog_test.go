package moderator

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tablemaster/engine/noir"
)

func TestLogIsUserOnlyAndSynced(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 1)
	fi, err := os.Stat(st.LogPath(tb.ID()))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("log mode = %v, want 0600", fi.Mode().Perm())
	}
	di, _ := os.Stat(filepath.Dir(st.LogPath(tb.ID())))
	if di.Mode().Perm() != 0o700 {
		t.Fatalf("state folder mode = %v, want 0700", di.Mode().Perm())
	}
}

func TestHalfWrittenLastLineIsDropped(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	setup(t, tb)
	want := tb.Snapshot(noir.Killer).View
	id := tb.ID()
	tb.Close()
	path := st.LogPath(id)
	f, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString(`{"t":"act","seat":0,"a":"shift ro`)
	f.Close()
	st2, _ := NewStore(st.Dir(), fixedClock)
	tb2, res, err := st2.Open(id)
	if err != nil {
		t.Fatalf("Open = %v", err)
	}
	if !strings.HasPrefix(string(res.Dropped), `{"t":"act"`) {
		t.Fatalf("Dropped = %q", res.Dropped)
	}
	if !sameJSON(want, tb2.Snapshot(noir.Killer).View) {
		t.Fatal("state after dropping the half line differs")
	}
	// The file was cut back to whole lines, and appending continues cleanly.
	mustAct(t, tb2, noir.Killer, "shift row 1 left")
	tb2.Close()
	st3, _ := NewStore(st.Dir(), fixedClock)
	tb3, res, err := st3.Open(id)
	if err != nil || res.Dropped != nil {
		t.Fatalf("reopen = %v, dropped %q", err, res.Dropped)
	}
	tb3.Close()
}

func TestCorruptMiddleLineIsAnError(t *testing.T) {
	log := `{"t":"table","table":{"id":"x","game":"noir","seats":["a","b"],"tokens":["1","2"]}}
garbage
{"t":"act","seat":0,"a":"draw"}
`
	_, err := ReadLog(strings.NewReader(log))
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "line 2") {
		t.Fatalf("ReadLog = %v, want ErrCorrupt naming line 2", err)
	}
}

func TestLastLineWithoutNewlineIsDropped(t *testing.T) {
	log := `{"t":"table","table":{"id":"x","game":"noir","seats":["a","b"],"tokens":["1","2"]}}
{"t":"act","seat":0,"a":"draw"}`
	res, err := ReadLog(strings.NewReader(log))
	if err != nil || len(res.Records) != 1 || res.Dropped == nil {
		t.Fatalf("ReadLog = %v, %d records, dropped %q", err, len(res.Records), res.Dropped)
	}
}
