package moderator

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/noir"
)

// TestRenamedLogIsFoundByItsHeader: a log renamed by hand is found by the
// id its header holds; opened by its file name it is reported as
// misplaced, naming both, in English and Japanese; a folder with two logs
// of one table finds neither by a guess.
func TestRenamedLogIsFoundByItsHeader(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	mustAct(t, tb, toMove(tb), "draw")
	id := tb.ID()
	tb.Close()
	dir := filepath.Join(st.Dir(), "tables")
	renamed := filepath.Join(dir, "tonight.jsonl")
	if err := os.Rename(filepath.Join(dir, id+".jsonl"), renamed); err != nil {
		t.Fatal(err)
	}

	st2, err := NewStore(st.Dir(), fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st2.Close)
	if p := st2.LogPath(id); p != renamed {
		t.Errorf("LogPath(%s) = %s, want the renamed log %s", id, p, renamed)
	}
	got, _, err := st2.Open(id)
	if err != nil {
		t.Fatalf("Open(%s) = %v, want the renamed log opened", id, err)
	}
	if got.ID() != id || got.Snapshot(engine.Public).StateVer != 1 {
		t.Errorf("the renamed log opened as %s at state %d", got.ID(), got.Snapshot(engine.Public).StateVer)
	}
	got.Close()

	_, _, err = st2.Open("tonight")
	var me *MisplacedError
	if !errors.As(err, &me) {
		t.Fatalf("Open(tonight) = %v, want a *MisplacedError", err)
	}
	for _, l := range []engine.Lang{engine.EN, engine.JA} {
		if s := me.Text(l); !strings.Contains(s, renamed) || !strings.Contains(s, id+".jsonl") || !strings.Contains(s, "tonight") {
			t.Errorf("the misplaced log in %s: %q, want both names", l, s)
		}
	}
	if st2.Table("tonight") != nil || len(st2.Tables()) != 1 {
		t.Errorf("a misplaced log was registered")
	}

	// Two logs say they are the same table: neither is picked.
	b, err := os.ReadFile(renamed)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "copy.jsonl"), b, 0o600); err != nil {
		t.Fatal(err)
	}
	if p := st2.LogPath(id); p != filepath.Join(dir, id+".jsonl") {
		t.Errorf("with two logs of %s, LogPath = %s, want the name it would have", id, p)
	}
}
