package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/moderator"
)

// The names of an old log, written before names were checked: an escape
// that would clear the screen and set the window title, a carriage
// return that would overwrite the line, a bidi override, a C1 CSI.
var oldNames = []string{"Aki\x1b[2J\x1b]0;pwned\a", "Ben\rXX", "Chika\u202e", "Dai\u009b31m"}

// oldLog writes an Ayatsuri log with a few actions whose header then gets
// oldNames, as a log from before the name check (or edited by hand) has.
func oldLog(t *testing.T) string {
	t.Helper()
	st, err := moderator.NewStore(t.TempDir(), func() time.Time { return fixedNow })
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := st.Create(moderator.NewTableSpec{Game: "ayatsuri", Seats: []string{"Aki", "Ben", "Chika", "Dai"}, Seed: 3,
		Options: map[string]any{}, Lang: engine.EN})
	if err != nil {
		t.Fatal(err)
	}
	for step := 0; step < 6; step++ {
		for s := range 4 {
			if ch := tbl.Legal(engine.Seat(s)); len(ch) > 0 {
				if _, err := tbl.Act(engine.Seat(s), string(ch[0].Action), -1); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
	}
	path := st.LogPath(tbl.ID())
	st.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	first, rest, _ := bytes.Cut(b, []byte("\n"))
	var rec map[string]any
	if err := json.Unmarshal(first, &rec); err != nil {
		t.Fatal(err)
	}
	rec["table"].(map[string]any)["seats"] = oldNames
	first, err = json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "old.jsonl")
	if err := os.WriteFile(out, append(append(first, '\n'), rest...), 0o600); err != nil {
		t.Fatal(err)
	}
	return out
}

// rawControl finds a control character other than a line feed or tab, or
// a bidi control, in terminal output.
func rawControl(s string) (rune, bool) {
	for _, r := range s {
		if (r < 0x20 && r != '\n' && r != '\t') || (r >= 0x7f && r < 0xa0) || r == '\u202e' {
			return r, true
		}
	}
	return 0, false
}

// A name from an old log never reaches the terminal as an escape
// sequence: replay prints every name (header, actions, events, each
// seat's screen) through the terminal filter, in-process and in the real
// binary.
func TestReplayOldNamesTerminalSafe(t *testing.T) {
	path := oldLog(t)
	f, out, errOut := testFactory(t)
	if code := run(f, []string{"replay", path}); code != 0 {
		t.Fatalf("replay: exit %d, stderr %q", code, errOut.String())
	}
	check := func(where, got string) {
		t.Helper()
		if r, bad := rawControl(got); bad {
			t.Errorf("%s: output holds %U raw:\n%q", where, r, got)
		}
		for _, want := range []string{`Aki\x1b[2J\x1b]0;pwned\a`, `Ben\rXX`, `Chika\u202e`, `Dai\u009b31m`} {
			if !strings.Contains(got, want) {
				t.Errorf("%s: output lacks the visible %s:\n%s", where, want, got)
			}
		}
	}
	check("in-process", out.String())

	cmd := exec.Command(tablemasterBin(t), "replay", path)
	cmd.Env = append(os.Environ(), "TABLEMASTER_LANG=ja")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("tablemaster replay: %v, stderr %q", err, stderr.String())
	}
	check("binary", stdout.String())
}

func TestTerminalSafe(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Aki", "Aki"},
		{"山田　太郎 🎲\n\tok", "山田　太郎 🎲\n\tok"},
		{"A\x1b[31mB", `A\x1b[31mB`},
		{"A\rB\bC\x7f", `A\rB\bC\x7f`},
		{"A\u009bB", `A\u009bB`},
		{"A\u202eB\u2066C", `A\u202eB\u2066C`},
		{"A\u2028B", `A\u2028B`},
		{"A\xffB", `A\xffB`},
	}
	for _, tt := range tests {
		if got := moderator.TerminalSafe(tt.in); got != tt.want {
			t.Errorf("TerminalSafe(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
