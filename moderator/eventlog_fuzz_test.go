package moderator

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"tablemaster/engine/enginetest"
	"tablemaster/engine/noir"
)

// The fuzzer shrinks new inputs for a bounded number of runs (Go's 60 s
// default stalled FuzzReadLog and FuzzNames for up to 9 s at a time).
func init() { enginetest.BoundMinimizing() }

// FuzzReadLog is `resume` on arbitrary bytes: reading never panics, a log
// that is accepted reads the same once written again, nothing before a
// half-written tail depends on the tail, a refusal names a line that
// starts where it says, and OpenLog changes nothing in the file but
// cutting a tail without its newline.
func FuzzReadLog(f *testing.F) {
	// Seeds: real logs of a short game, whole and damaged.
	st, err := NewStore(f.TempDir(), fixedClock)
	if err != nil {
		f.Fatal(err)
	}
	tb, err := st.Create(NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: 42})
	if err != nil {
		f.Fatal(err)
	}
	for _, a := range []string{"draw", "kill B2"} {
		if _, err := tb.Act(noir.Killer, a, -1); err != nil {
			f.Fatal(err)
		}
	}
	tb.Relink(noir.Inspector)
	tb.Close()
	real, err := os.ReadFile(st.LogPath(tb.ID()))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(real)
	f.Add(real[:len(real)-7])
	f.Add(append(append([]byte(nil), real...), `{"t":"undo","seat":-1}`+"\n"...))
	f.Add(append(append([]byte(nil), real...), `{"t":"relink","seat":99,"token":"x"}`+"\n"...))
	f.Add([]byte(`{"t":"table","table":{"id":"x","game":"noir","seats":["a","b"],"tokens":["1","2"]}}` + "\n" + `{"t":"act","a":"draw"}` + "\n" + `{"t":"act","se`))
	f.Add([]byte{})

	// A file system in memory where there is one: cutting a tail syncs
	// the file, and a disk's sync would cost milliseconds a run.
	dir, err := os.MkdirTemp("/dev/shm", "fuzzreadlog-")
	if err != nil {
		dir = f.TempDir()
	} else {
		f.Cleanup(func() { os.RemoveAll(dir) })
	}
	path := filepath.Join(dir, "t.jsonl")
	f.Fuzz(func(t *testing.T, data []byte) {
		res, rerr := readLog(data)
		tail := bytes.LastIndexByte(data, '\n') + 1
		if rerr == nil && (res.Dropped != nil) != (tail < len(data)) || (res.Dropped != nil && (res.DroppedAt != int64(tail) || !bytes.Equal(res.Dropped, data[tail:]))) {
			t.Fatalf("tail: dropped %q at %d, want %q at %d", res.Dropped, res.DroppedAt, data[tail:], tail)
		}
		if err := rerr; err != nil {
			var le *LineError
			if !errors.As(err, &le) || le.Line < 1 || le.Offset < 0 || le.Offset > int64(len(data)) ||
				(le.Offset > 0 && data[le.Offset-1] != '\n') || (le.Offset > 0 && le.Offset >= int64(tail)) {
				t.Fatalf("refusal %v (%#v) names no line of the file", err, le)
			}
		} else {
			if res.Size != int64(tail) {
				t.Fatalf("Size = %d, want %d", res.Size, tail)
			}
			// Nothing before the tail depends on it.
			whole, err := readLog(data[:tail])
			if err != nil || whole.Dropped != nil || !sameRecords(whole.Records, res.Records) {
				t.Fatalf("without its tail the log reads otherwise: %v", err)
			}
			// Written again, it reads the same.
			var again []byte
			for _, r := range res.Records {
				b, err := json.Marshal(r)
				if err != nil {
					t.Fatalf("an accepted record cannot be written again: %v", err)
				}
				again = append(append(again, b...), '\n')
			}
			res2, err := readLog(again)
			if err != nil || !sameRecords(res.Records, res2.Records) {
				t.Fatalf("written again, the log reads otherwise: %v\n%s", err, again)
			}
			// Replaying it (resume's second half) refuses or builds a
			// table; it never panics.
			if tb, err := newTable(*res.Records[0].Header, nil, res.Records, fixedClock); err == nil {
				tb.Snapshot(-1)
			}
		}

		// OpenLog on a real file changes nothing but a newline-less tail.
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		l, _, oerr := OpenLog(path)
		if oerr == nil {
			l.Close()
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want := data
		if oerr == nil {
			want = data[:tail]
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("OpenLog (%v) left %q, want %q", oerr, got, want)
		}
		if (oerr == nil) != (rerr == nil) {
			t.Fatalf("OpenLog = %v but ReadLog = %v", oerr, rerr)
		}
	})
}

func sameRecords(a, b []Record) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return bytes.Equal(ja, jb)
}
