package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runSuperrockScript plays a script of testdata with seven players at a
// seed, without a terminal, in the state folder dir.
func runSuperrockScript(t *testing.T, dir, script, seed string, extra ...string) scriptRun {
	t.Helper()
	f, out, errOut := testFactory(t)
	args := append([]string{"superrock", "--players", "Aki,Ben,Chika,Dai,Eri,Fumi,Gen", "--seed", seed,
		"--state", dir, "--script", filepath.Join("testdata", script)}, extra...)
	code := run(f, args)
	logs, err := filepath.Glob(filepath.Join(dir, "tables", "*.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	return scriptRun{code: code, out: out.String(), errOut: errOut.String(), logs: logs}
}

// tonight is a state folder holding one earlier Super Rock table of the
// test clock's night (superrock_earlier.txt, seed 3: the characters are
// dealt and kept, so they count as played; Ben's is E-Stroheim).
func tonight(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if r := runSuperrockScript(t, dir, "superrock_earlier.txt", "3", "--reveal"); r.code != 0 ||
		!strings.Contains(r.out, "[Ben] Your character is E-Stroheim") {
		t.Fatalf("the earlier table: exit code %d, stderr %q\n%s", r.code, r.errOut, r.out)
	}
	return dir
}

// TestSuperrockScriptPrep plays the preparation of docs/superrock.md (SR-10 … SR-18)
// with virtual dice to the start of the planet phase: the deal, Ben's
// reject of a character he played earlier tonight and the new deal
// (SR-13), a shadow roll with no Evil silhouette done again (SR-15), a
// switch away from Evil, each other Evil silhouette keeping it (the
// line-up final with the last answer), the two ambushes (SR-16),
// the turn-order roll (SR-17) and the base players' planet cards (SR-18).
func TestSuperrockScriptPrep(t *testing.T) {
	r := runSuperrockScript(t, tonight(t), "superrock_prep.txt", "66", "--reveal")
	if r.code != 0 || r.errOut != "" {
		t.Fatalf("exit code %d, stderr %q\n%s", r.code, r.errOut, r.out)
	}
	golden(t, "superrock_prep.golden", []byte(r.out))
	for _, want := range []string{
		"🔒 [Ben] Your character is E-Stroheim (Evil). You played it earlier tonight: you may reject it, once this game.",
		"Ben rejects: a character they played earlier tonight. Everyone gets a new character.",
		"Characters dealt (deal 2)",
		"No Evil silhouette: everyone does the shadow roll again.",
		"Ben switches from Amazona to Flora.",
		"Chika keeps Grunberg (E).",
		"The base players: Chika, Eri, Fumi.",
		"🔒 [Chika, Eri, Fumi] Chika hid ambush A on planet 3, square 4.",
		"Ben starts. Planet phase turns: Ben, Dai, Gen, Aki.",
		"The preparation is complete.",
	} {
		if !strings.Contains(r.out, want) {
			t.Errorf("the transcript lacks %q", want)
		}
	}
	// Without --reveal nothing private is printed: no character, roll,
	// pick, ambush or planet card.
	r = runSuperrockScript(t, tonight(t), "superrock_prep.txt", "66")
	if r.code != 0 {
		t.Fatalf("without --reveal: exit code %d, stderr %q", r.code, r.errOut)
	}
	if locked := lockedLines(r.out); len(locked) != 0 {
		t.Errorf("without --reveal the console printed private lines: %q", locked)
	}
	for _, secret := range []string{"E-Stroheim", "Your shadow roll", "planet 3, square 4", "Planet card dealt"} {
		if strings.Contains(r.out, secret) {
			t.Errorf("without --reveal the console printed %q", secret)
		}
	}
	// SR-13: in a state folder with no earlier table, Ben played nothing
	// tonight and cannot reject.
	r = runSuperrockScript(t, t.TempDir(), "superrock_prep.txt", "66")
	if r.code == 0 || !strings.Contains(r.errOut, "line 6: you may reject only a character you played earlier tonight") {
		t.Errorf("a reject with no earlier table: exit code %d, stderr %q", r.code, r.errOut)
	}
}

// TestSuperrockScriptPhysicalDice plays a preparation with real dice: each
// shadow roll and turn-order roll is entered, privately (SR-14) or openly
// (SR-17).
func TestSuperrockScriptPhysicalDice(t *testing.T) {
	r := runSuperrockScript(t, t.TempDir(), "superrock_physical.txt", "3", "--reveal", "--dice", "physical", "--board", "physical")
	if r.code != 0 || r.errOut != "" {
		t.Fatalf("exit code %d, stderr %q\n%s", r.code, r.errOut, r.out)
	}
	golden(t, "superrock_physical.golden", []byte(r.out))
	for _, want := range []string{
		"🔒 [Dai] Your shadow roll: 6.",
		"The preparation is complete.",
	} {
		if !strings.Contains(r.out, want) {
			t.Errorf("the transcript lacks %q", want)
		}
	}
}

// TestSuperrockDamagedNight: a log of tonight that cannot be read costs
// only its own characters (SR-13). The table starts, the others still
// count, and the console says which file was left out.
func TestSuperrockDamagedNight(t *testing.T) {
	dir := tonight(t)
	broken := filepath.Join(dir, "tables", "20250102-0000-broken.jsonl")
	if err := os.WriteFile(broken, []byte("not a log\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := runSuperrockScript(t, dir, "superrock_prep.txt", "66")
	if r.code != 0 {
		t.Fatalf("exit code %d, stderr %q", r.code, r.errOut)
	}
	if !strings.Contains(r.errOut, "tablemaster: tonight's characters played: ") || !strings.Contains(r.errOut, "20250102-0000-broken.jsonl") {
		t.Errorf("stderr %q, want a warning naming the damaged log", r.errOut)
	}
	if !strings.Contains(r.out, "Ben rejects") {
		t.Errorf("Ben could not reject: the earlier table no longer counted")
	}
}

// TestSuperrockScriptBoard plays the worked script of docs/screens.md on
// the virtual board: the ambushes hidden on squares (SR-16), the
// turn-order roll and the first landings (SR-20), up to Aki's turn to
// land again; take.sh photographs that moment.
func TestSuperrockScriptBoard(t *testing.T) {
	r := runSuperrockScript(t, t.TempDir(), "superrock_board.txt", "1", "--reveal", "--dice", "virtual", "--board", "virtual")
	if r.code != 0 || r.errOut != "" {
		t.Fatalf("exit code %d, stderr %q\n%s", r.code, r.errOut, r.out)
	}
	for _, want := range []string{
		"Gen draws the planet card on 5-4",
		"Aki's move: landing.",
	} {
		if !strings.Contains(r.out, want) {
			t.Errorf("the transcript lacks %q", want)
		}
	}
}
