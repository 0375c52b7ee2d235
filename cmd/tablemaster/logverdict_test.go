package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// One reader, one verdict: `replay` and `resume` read a log with the same
// reader and replay it the same way, so a damaged log is refused by both
// with the same words, and neither changes the file. (Before, replay
// printed logs with unknown records or a relink of seat 99 that resume
// refused, and resume cut a damaged last line off.)
func TestReplayAndResumeGiveOneVerdict(t *testing.T) {
	r := runNoirScript(t, "noir_win.txt")
	if r.code != 0 || len(r.logs) != 1 {
		t.Fatalf("script: code %d, logs %q, stderr %s", r.code, r.logs, r.errOut)
	}
	whole, err := os.ReadFile(r.logs[0])
	if err != nil {
		t.Fatal(err)
	}
	// The header and the first four actions: an unfinished game.
	lines := strings.SplitAfter(string(whole), "\n")
	head := strings.Join(lines[:5], "")
	id := strings.TrimSuffix(filepath.Base(r.logs[0]), ".jsonl")
	last := strings.TrimSuffix(lines[4], "\n")

	for _, tc := range []struct{ name, log, en, ja string }{
		{"unknown record type", head + `{"t":"bet","seat":0}` + "\n", "line 6: unknown record type", "6行目"},
		{"relink of seat 99", head + `{"t":"relink","seat":99,"token":"AAAAAAAAAAAAAAAAAAAAAA"}` + "\n", "line 6: the table has no seat 99", "席99"},
		{"flipped byte in the last line", strings.Join(lines[:4], "") + strings.Replace(last, `"t"`, `"t'`, 1) + "\n", "line 5: the line is damaged", "5行目"},
		{"action the game refuses", head + `{"t":"act","seat":1,"a":"kill B9"}` + "\n", "line 6: the game refuses this action", "6行目"},
		{"another spelling of an action", head + `{"t":"act","seat":0,"a":"shift row 1 LEFT"}` + "\n", "line 6: the action is not written as tablemaster writes it", "6行目"},
		{"damage before the end", lines[0] + `{"t":"act"}` + "\n" + strings.Join(lines[1:5], ""), "line 2: an incomplete", "2行目"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "tables", id+".jsonl")
			os.MkdirAll(filepath.Dir(path), 0o700)
			if err := os.WriteFile(path, []byte(tc.log), 0o600); err != nil {
				t.Fatal(err)
			}
			for _, lang := range []struct{ flag, want string }{{"en", tc.en}, {"ja", tc.ja}} {
				replayErr := runRefused(t, "replay", "--lang", lang.flag, path)
				resumeErr := runRefused(t, "resume", "--lang", lang.flag, "--state", dir, id)
				verdict := strings.TrimSuffix(strings.TrimPrefix(replayErr, "tablemaster: "), "\n")
				if !strings.HasPrefix(verdict, path+": ") || !strings.Contains(verdict, lang.want) {
					t.Errorf("replay --lang %s: %q, want the file and %q", lang.flag, replayErr, lang.want)
				}
				if !strings.HasPrefix(resumeErr, "tablemaster: cannot resume "+id) || !strings.Contains(resumeErr, verdict) {
					t.Errorf("resume --lang %s: %q\nwant the verdict of replay: %q", lang.flag, resumeErr, verdict)
				}
				if !strings.Contains(resumeErr, "tablemaster resume --set-aside-damaged "+id+" --state "+dir) {
					t.Errorf("resume --lang %s does not say how to go on: %q", lang.flag, resumeErr)
				}
			}
			if got, _ := os.ReadFile(path); !bytes.Equal(got, []byte(tc.log)) {
				t.Errorf("the log changed:\n%s\nwant\n%s", got, tc.log)
			}
		})
	}
}

// runRefused runs a command in process and wants exit code 1; it returns
// the standard error.
func runRefused(t *testing.T, args ...string) string {
	t.Helper()
	f, out, errOut := testFactory(t)
	code := make(chan int, 1)
	go func() { code <- run(f, args) }()
	select {
	case c := <-code:
		if c != 1 {
			t.Errorf("%s = exit %d, want 1; stdout:\n%s", strings.Join(args, " "), c, out)
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("%s did not refuse the log: still running", strings.Join(args, " "))
	}
	return errOut.String()
}
