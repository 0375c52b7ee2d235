package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tablemaster/moderator"
)

// scriptRun is what one in-process run of `tablemaster noir --script` left.
type scriptRun struct {
	code        int
	out, errOut string
	logs        []string // the state folder's table logs
}

// runNoirScript plays a script of testdata at seed 3 with Aki and Ben,
// without a terminal, in a fresh state folder.
func runNoirScript(t *testing.T, script string, extra ...string) scriptRun {
	t.Helper()
	f, out, errOut := testFactory(t)
	dir := t.TempDir()
	args := append([]string{"noir", "--players", "Aki,Ben", "--seed", "3", "--state", dir,
		"--script", filepath.Join("testdata", script)}, extra...)
	code := run(f, args)
	logs, err := filepath.Glob(filepath.Join(dir, "tables", "*.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	return scriptRun{code: code, out: out.String(), errOut: errOut.String(), logs: logs}
}

// readLog reads a table log line by line; every line must be a record.
func readLog(t *testing.T, path string) []moderator.Record {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var recs []moderator.Record
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		var r moderator.Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%s line %d: %v: %q", path, n, err, sc.Bytes())
		}
		recs = append(recs, r)
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		t.Errorf("%s does not end with a newline", path)
	}
	return recs
}

// actions lists the "act" records of a log as "seat action".
func actions(recs []moderator.Record) []string {
	var out []string
	for _, r := range recs {
		if r.Type == "act" {
			out = append(out, fmt.Sprintf("%d %s", r.Seat, r.Action))
		}
	}
	return out
}

func lockedLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, "🔒") {
			out = append(out, l)
		}
	}
	return out
}

func TestScriptWholeGame(t *testing.T) {
	r := runNoirScript(t, "noir_win.txt", "--reveal")
	if r.code != 0 || r.errOut != "" {
		t.Fatalf("exit code %d, stderr %q; want 0 and nothing", r.code, r.errOut)
	}
	golden(t, "noir_win.golden", []byte(r.out))
	if !strings.HasSuffix(r.out, "The Inspector arrested the Killer. The Inspector wins.\n  Aki (Killer)  Ben (Inspector)\n") {
		t.Errorf("the transcript does not end with the Inspector's win")
	}
	// --reveal: every seat's private news is printed, marked with the seat.
	locked := lockedLines(r.out)
	if len(locked) != 6 || !strings.HasPrefix(strings.TrimSpace(locked[0]), "🔒 [Aki] Your identity card is") ||
		!strings.HasPrefix(strings.TrimSpace(locked[2]), "🔒 [Ben] You are ") {
		t.Errorf("private lines = %q, want 6, starting with Aki's identity", locked)
	}

	if len(r.logs) != 1 {
		t.Fatalf("logs = %q, want one", r.logs)
	}
	if fi, err := os.Stat(r.logs[0]); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("log mode = %v (%v), want -rw------- (it holds every secret)", fi.Mode(), err)
	}
	recs := readLog(t, r.logs[0])
	h := recs[0].Header
	if recs[0].Type != "table" || h == nil || h.Seed != 3 || strings.Join(h.Seats, ",") != "Aki,Ben" || h.Game != "noir" {
		t.Fatalf("header = %+v, want noir, seed 3, Aki and Ben", recs[0])
	}
	if want := "20250102-0304-"; !strings.HasPrefix(h.ID, want) || filepath.Base(r.logs[0]) != h.ID+".jsonl" {
		t.Errorf("table id %q (log %s), want it from the Factory's clock: %s…", h.ID, r.logs[0], want)
	}
	// Every action of the script is in the log, in canonical notation, and
	// so is the undo (the log keeps both the action and its undo).
	file, err := os.Open(filepath.Join("testdata", "noir_win.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	cmds, err := moderator.ParseScript(file)
	if err != nil {
		t.Fatal(err)
	}
	nAct, nUndo := 0, 0
	for _, c := range cmds {
		switch c.Verb {
		case "act":
			nAct++
		case "undo":
			nUndo++
		}
	}
	got := actions(recs)
	if len(got) != nAct || got[1] != "0 kill ♠9" || got[4] != "0 kill ♠4" || got[len(got)-1] != "1 arrest ♣4" {
		t.Errorf("logged actions = %q, want the script's %d, with ♠9, ♠4 and ♣4 spelled canonically", got, nAct)
	}
	undos := 0
	for _, rec := range recs {
		if rec.Type == "undo" {
			undos++
			if rec.Seat != 0 {
				t.Errorf("undo record %+v, want Aki's (seat 0)", rec)
			}
		}
	}
	if undos != nUndo || len(recs) != 1+nAct+nUndo {
		t.Errorf("log has %d records with %d undos, want 1+%d+%d", len(recs), undos, nAct, nUndo)
	}
}

// Without --reveal the console is the public one: no private line at all.
func TestScriptWithoutReveal(t *testing.T) {
	r := runNoirScript(t, "noir_win.txt")
	if r.code != 0 {
		t.Fatalf("exit code %d, stderr %q", r.code, r.errOut)
	}
	if l := lockedLines(r.out); len(l) != 0 {
		t.Errorf("private lines printed without --reveal: %q", l)
	}
	for _, secret := range []string{"Your identity", "You drew", "You are", "Your new identity"} {
		if strings.Contains(r.out, secret) {
			t.Errorf("the public transcript contains %q", secret)
		}
	}
	if !strings.Contains(r.out, "The Inspector wins.") {
		t.Errorf("the public transcript does not say who won")
	}
}

// A line the game cannot take stops the script there: exit code 1, the
// error names the line, and the lines before it stand (they are logged).
func TestScriptTypo(t *testing.T) {
	r := runNoirScript(t, "noir_typo.txt")
	if r.code != 1 {
		t.Errorf("exit code %d, want 1", r.code)
	}
	if !strings.HasPrefix(r.errOut, "tablemaster: line 3: ") || !strings.Contains(r.errOut, "drow") {
		t.Errorf("stderr = %q, want \"tablemaster: line 3: …drow…\"", r.errOut)
	}
	if !strings.Contains(r.out, "> Ben: drow\n") || strings.Contains(r.out, "> Ben: draw") {
		t.Errorf("transcript = %q, want it to stop at line 3", r.out)
	}
	if len(r.logs) != 1 {
		t.Fatalf("logs = %q, want one", r.logs)
	}
	recs := readLog(t, r.logs[0])
	if got, want := strings.Join(actions(recs), "|"), "0 draw|0 kill ♠9"; got != want || len(recs) != 3 {
		t.Errorf("log = %d records, actions %q; want the header and %q", len(recs), got, want)
	}
}

// A line that cannot even be read stops the run before anything starts:
// no table, no log.
func TestScriptParseError(t *testing.T) {
	r := runNoirScript(t, "noir_parse_error.txt")
	if r.code != 1 {
		t.Errorf("exit code %d, want 1", r.code)
	}
	if want := "tablemaster: " + filepath.Join("testdata", "noir_parse_error.txt") + ": line 3: "; !strings.HasPrefix(r.errOut, want) {
		t.Errorf("stderr = %q, want it to start %q", r.errOut, want)
	}
	if r.out != "" || len(r.logs) != 0 {
		t.Errorf("stdout %q, logs %q; want nothing run", r.out, r.logs)
	}
}

// replayOf runs `tablemaster replay LOG` in-process.
func replayOf(t *testing.T, path string) (code int, out, errOut string) {
	t.Helper()
	f, o, e := testFactory(t)
	code = run(f, []string{"replay", path})
	return code, o.String(), e.String()
}

func TestReplay(t *testing.T) {
	r := runNoirScript(t, "noir_win.txt", "--reveal")
	if r.code != 0 || len(r.logs) != 1 {
		t.Fatalf("script: exit code %d, logs %q, stderr %q", r.code, r.logs, r.errOut)
	}
	path := r.logs[0]
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := replayOf(t, path)
	if code != 0 || errOut != "" {
		t.Fatalf("replay: exit code %d, stderr %q", code, errOut)
	}
	// The table id holds random letters; everything else is the seed's.
	id := strings.TrimSuffix(filepath.Base(path), ".jsonl")
	golden(t, "noir_win_replay.golden", []byte(strings.ReplaceAll(out, id, "TABLE-ID")))

	// Every private event, as the --reveal run printed it.
	if got, want := lockedLines(out), lockedLines(r.out); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("replay private lines:\n%s\nwant, as the --reveal run:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The final state: public, then each seat's own, secrets revealed.
	for _, want := range []string{
		"The Inspector arrested the Killer. The Inspector wins.",
		"— Aki —", "Your identity: ♦4 → ♣4 (B4)",
		"— Ben —", "Your identity: ♦2 → ♣2 (A4)", "Your hand: ♥Q Joker",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("replay does not show %q", want)
		}
	}
	after, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(before, after) {
		t.Errorf("replay changed the log (%v)", err)
	}

	// A half-written last line is reported and ignored; the file stays as it is.
	cut := filepath.Join(t.TempDir(), "cut.jsonl")
	const half = `{"t":"act","seat":0,"a":"kil`
	damaged := append(append([]byte(nil), before...), half...)
	if err := os.WriteFile(cut, damaged, 0o600); err != nil {
		t.Fatal(err)
	}
	code, out2, errOut := replayOf(t, cut)
	if code != 0 || errOut != "" {
		t.Fatalf("replay of a cut log: exit code %d, stderr %q", code, errOut)
	}
	notice := fmt.Sprintf("(the last line was cut short by a crash and is ignored: %d bytes)\n", len(half))
	if !strings.Contains(out2, notice) {
		t.Errorf("replay of a cut log does not report the cut line:\n%s", out2)
	}
	if strings.Replace(out2, notice, "", 1) != out {
		t.Errorf("replay of a cut log differs from the whole log's beyond the notice")
	}
	if after, _ := os.ReadFile(cut); !bytes.Equal(after, damaged) {
		t.Errorf("replay cut the file; it must only read it")
	}

	// A table's id, as resume names it, stands for its log in the state
	// folder; an id with no log there is named in the error.
	f, o, e := testFactory(t)
	state := filepath.Dir(filepath.Dir(path))
	if code := run(f, []string{"replay", "--state", state, id}); code != 0 || o.String() != out {
		t.Errorf("replay %s --state %s: exit code %d, stderr %q; want the log's replay", id, state, code, e.String())
	}
	f, _, e = testFactory(t)
	if code := run(f, []string{"replay", "--state", state, "20990101-0000-abcdef"}); code != 1 || !strings.Contains(e.String(), "20990101-0000-abcdef") {
		t.Errorf("replay of an unknown id: exit code %d, stderr %q; want 1 and the id named", code, e.String())
	}
}
