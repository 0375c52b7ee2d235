package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/outlaws"
	"tablemaster/moderator"
)

// runOutlawsScript runs `tablemaster outlaws` on a script in testdata.
func runOutlawsScript(t *testing.T, script string, extra ...string) scriptRun {
	t.Helper()
	f, out, errOut := testFactory(t)
	dir := t.TempDir()
	args := append([]string{"outlaws", "--players", "Aki,Ben", "--seed", "5", "--state", dir,
		"--script", filepath.Join("testdata", script)}, extra...)
	code := run(f, args)
	logs, _ := filepath.Glob(filepath.Join(dir, "tables", "*.jsonl"))
	return scriptRun{code: code, out: out.String(), errOut: errOut.String(), logs: logs}
}

// The worked game of docs/outlaws.md: setup by hand and dealt, a
// pretended Move, Checks, Takes with the slide and refill, a Scout, a
// Dancer, and the Assassin's shot stopped by the Sheriff's guard (OL-23).
func TestScriptOutlaws(t *testing.T) {
	r := runOutlawsScript(t, "outlaws_guard.txt", "--reveal")
	if r.code != 0 || r.errOut != "" {
		t.Fatalf("exit code %d, stderr %q", r.code, r.errOut)
	}
	golden(t, "outlaws_guard.golden", []byte(r.out))
	for _, want := range []string{"Green moved the cards in slots 1 and 2.", "🔒 [Ben] You pretended", "Waiting for Green.",
		"a new token from the stock goes to slot 8", "Green's Sheriff stopped the shot and arrested the Assassin. Green wins."} {
		if !strings.Contains(r.out, want) {
			t.Errorf("the transcript lacks %q", want)
		}
	}
	pub := runOutlawsScript(t, "outlaws_guard.txt")
	for _, secret := range []string{"pretended", "You swapped", "The token at slot", "Slot 3 of the opponent"} {
		if strings.Contains(pub.out, secret) {
			t.Errorf("the public transcript contains %q", secret)
		}
	}
	code, out, errOut := replayOf(t, r.logs[0])
	if code != 0 || errOut != "" || !strings.Contains(out, "Green wins.") {
		t.Errorf("replay: %d %q", code, errOut)
	}
}

// --react-timeout: an attack left unanswered goes on once the time is up
// (OL-32); an answered one is not touched.
func TestOutlawsReactTimeout(t *testing.T) {
	st, err := moderator.NewStore(t.TempDir(), time.Now)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	tb, err := st.Create(moderator.NewTableSpec{Game: "outlaws", Seats: []string{"Aki", "Ben"}, Options: outlaws.Config{}, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	file, err := os.Open(filepath.Join("testdata", "outlaws_guard.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	cmds, err := moderator.ParseScript(file)
	if err != nil {
		t.Fatal(err)
	}
	stop := reactTimeout(tb, 50*time.Millisecond)
	defer stop()
	seats := map[string]engine.Seat{"Aki": 0, "Ben": 1}
	for _, c := range cmds {
		if c.Verb != "act" {
			continue
		}
		if c.Arg == "guard" {
			break // Ben does not answer
		}
		if _, err := tb.Act(seats[c.Seat], c.Arg, -1); err != nil {
			t.Fatalf("%s: %v", c.Arg, err)
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for !tb.Snapshot(engine.Public).Outcome.Over && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	o := tb.Snapshot(engine.Public).Outcome
	if !o.Over || o.Winners[0] != 0 || o.Reason.Key != "ol.win.shot" {
		t.Fatalf("after the timeout: %+v, want the shot to go on and Aki to win", o)
	}
}
