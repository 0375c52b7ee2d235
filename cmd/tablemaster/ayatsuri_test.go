package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// runAyatsuriScript plays a script of testdata with Aki, Ben, Chika and Dai
// at a seed, without a terminal, in a fresh state folder.
func runAyatsuriScript(t *testing.T, script, seed string, extra ...string) scriptRun {
	t.Helper()
	f, out, errOut := testFactory(t)
	dir := t.TempDir()
	args := append([]string{"ayatsuri", "--players", "Aki,Ben,Chika,Dai", "--seed", seed, "--state", dir,
		"--script", filepath.Join("testdata", script)}, extra...)
	code := run(f, args)
	logs, err := filepath.Glob(filepath.Join(dir, "tables", "*.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	return scriptRun{code: code, out: out.String(), errOut: errOut.String(), logs: logs}
}

// TestAyatsuriScriptRound plays the round of docs/ayatsuri.md: the secret draft, a
// pending Cop prediction and a pending Assassin kill on the same reveal
// (AY-22), the Detective's guard and fee (AY-24), and the Serial Killer at
// round end (AY-25).
func TestAyatsuriScriptRound(t *testing.T) {
	r := runAyatsuriScript(t, "ayatsuri_round.txt", "5", "--reveal")
	if r.code != 0 || r.errOut != "" {
		t.Fatalf("exit code %d, stderr %q", r.code, r.errOut)
	}
	golden(t, "ayatsuri_round.golden", []byte(r.out))
	for _, want := range []string{
		"Aki (Assassin) would kill Chika, but Ben guards them: cancelled; Chika pays Ben a fee.",
		"Chika gives a life chip to Ben, who keeps it black (kill) up.",
		"Chika, the Serial Killer, kills Aki, Dai.",
		"Round 2 begins; Aki holds the dictator marker.",
	} {
		if !strings.Contains(r.out, want) {
			t.Errorf("the transcript lacks %q", want)
		}
	}
	if strings.Contains(r.out, "Chika (Brutal Cop) kills") || strings.Contains(r.out, "Dai (Brutal Cop)") {
		t.Errorf("the Cop's kill happened beside the Assassin's (AY-22)")
	}
	// Without --reveal nothing private is printed.
	r = runAyatsuriScript(t, "ayatsuri_round.txt", "5")
	if locked := lockedLines(r.out); len(locked) != 0 || strings.Contains(r.out, "handed") {
		t.Errorf("without --reveal the console printed private lines: %q", locked)
	}
}

// TestAyatsuriScriptBombGirlGame plays a whole seeded game with the Bomb
// Girl to its winner.
func TestAyatsuriScriptBombGirlGame(t *testing.T) {
	r := runAyatsuriScript(t, "ayatsuri_bomb.txt", "4", "--reveal", "--bomb-girl")
	if r.code != 0 || r.errOut != "" {
		t.Fatalf("exit code %d, stderr %q", r.code, r.errOut)
	}
	golden(t, "ayatsuri_bomb.golden", []byte(r.out))
	if !strings.Contains(r.out, " wins") {
		t.Errorf("the game has no winner")
	}
}

func TestAyatsuriFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--players", "Aki,Ben"}, "3 to 6 players, not 2"},
		{[]string{"--players", "Aki,Ben,Chika,Dai,Eri,Fumi,Gen"}, "3 to 6 players, not 7"},
		{[]string{"--players", "Aki,Ben,aki"}, "--players: “Aki” and “aki” are the same name"},
		{[]string{"--lang", "ja", "--players", "Aki,Ben,ｂｅｎ"}, "--players: 「Ben」と「ｂｅｎ」は同じ名前です"},
		{[]string{"--start", "Zed"}, "--start \"Zed\" is not one of the players"},
		{[]string{"--toss", "dice"}, "--toss: unknown toss"},
		{[]string{"--reveal"}, "--reveal goes with --script"},
	} {
		f, _, errOut := testFactory(t)
		code := run(f, append([]string{"ayatsuri", "--state", t.TempDir()}, tc.args...))
		if code == 0 || !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("ayatsuri %v: exit %d, stderr %q, want it to say %q", tc.args, code, errOut.String(), tc.want)
		}
	}
}
