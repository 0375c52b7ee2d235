package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// runBin runs the real binary to its end with the console language lang
// (TABLEMASTER_LANG) and returns its exit code and stderr.
func runBin(t *testing.T, bin, lang string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "TABLEMASTER_LANG="+lang)
	cmd.Dir = t.TempDir()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	return code, stderr.String()
}

// An unknown flag names the nearest flag of that command, in the
// console's language, whether the language comes from the environment or
// from a --lang that pflag never reached.
func TestUnknownFlagSuggests(t *testing.T) {
	bin := tablemasterBin(t)
	for _, tt := range []struct {
		lang string
		args []string
		want string
	}{
		{"en", []string{"noir", "--player", "Aki,Ben"}, "unknown flag: --player (did you mean --players?)"},
		{"ja", []string{"noir", "--player", "Aki,Ben"}, "そのフラグはありません：--player（--players のことですか？）"},
		{"en", []string{"noir", "--player", "Aki,Ben", "--lang", "ja"}, "そのフラグはありません：--player（--players のことですか？）"},
		{"ja", []string{"noir", "--player=Aki,Ben", "--lang=en"}, "unknown flag: --player (did you mean --players?)"},
		{"en", []string{"print", "noir", "--formt", "html"}, "unknown flag: --formt (did you mean --format?)"},
		{"en", []string{"host", "--prot", "8080"}, "unknown flag: --prot (did you mean --port?)"},
		{"en", []string{"outlaws", "--card", "boxed"}, "unknown flag: --card (did you mean --cards?)"},
		{"en", []string{"tables", "--stat", "x"}, "unknown flag: --stat (did you mean --state?)"}, // shared by every command
		{"en", []string{"noir", "--variant", "automata", "--kils", "14"}, "unknown flag: --kils (did you mean --kills?)"},
		{"en", []string{"noir", "--xyz"}, "unknown flag: --xyz"},
		{"en", []string{"noir", "--table", "T"}, "unknown flag: --table"}, // print's, not noir's: noir has no flag near it
		{"en", []string{"noir", "--players"}, "flag needs an argument: --players"},
		{"ja", []string{"noir", "--players"}, "フラグに値がありません：--players"},
	} {
		t.Run(strings.Join(append([]string{tt.lang}, tt.args...), " "), func(t *testing.T) {
			code, stderr := runBin(t, bin, tt.lang, tt.args...)
			if want := "tablemaster: " + tt.want + "\n"; code != 1 || stderr != want {
				t.Errorf("exit %d, stderr %q; want exit 1, %q", code, stderr, want)
			}
		})
	}
}

func TestNearestFlag(t *testing.T) {
	f, _, _ := testFactory(t)
	root := newRootCmd(f)
	noir, _, err := root.Find([]string{"noir"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ typed, want string }{
		{"player", "players"}, {"PLAYERS", "players"}, {"seeds", "seed"}, {"varient", "variant"},
		{"play", "players"}, {"pas", "pass"}, {"prot", "port"}, {"sede", "seed"}, {"rooster", "roster"}, {"stat", "state"},
		{"x", ""}, {"xyz", ""}, {"colour", ""}, {"table", ""},
	} {
		if got := nearestFlag(noir, tt.typed); got != tt.want {
			t.Errorf("nearestFlag(noir, %q) = %q, want %q", tt.typed, got, tt.want)
		}
	}
}

// print noir --variant automata is print noir-automata, byte for byte;
// a variant nobody has is refused, naming the ones there are.
func TestPrintVariant(t *testing.T) {
	dir := t.TempDir()
	f, out, errOut := testFactory(t)
	if code := run(f, []string{"print", "noir", "--variant", "automata", "-o", dir + "/"}); code != 0 {
		t.Fatalf("print noir --variant automata: exit %d: %s", code, errOut)
	}
	if !strings.Contains(out.String(), "noir-automata-en.pdf") {
		t.Errorf("out = %q, want noir-automata-en.pdf written", out)
	}
	byVariant, err := os.ReadFile(filepath.Join(dir, "noir-automata-en.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	f, _, errOut = testFactory(t)
	if code := run(f, []string{"print", "noir-automata", "-o", filepath.Join(dir, "by-name.pdf")}); code != 0 {
		t.Fatalf("print noir-automata: exit %d: %s", code, errOut)
	}
	byName, _ := os.ReadFile(filepath.Join(dir, "by-name.pdf"))
	if !bytes.Equal(byVariant, byName) || !bytes.HasPrefix(byName, []byte("%PDF-")) {
		t.Errorf("print noir --variant automata (%d bytes) differs from print noir-automata (%d bytes)", len(byVariant), len(byName))
	}
	for _, tt := range []struct {
		args []string
		file string // written, or "" for a refusal
		want string
	}{
		{[]string{"print", "noir", "--variant", "cards", "--format", "html"}, "noir-en.html", ""},
		{[]string{"print", "NOIR", "--variant", "Automata", "--format", "html"}, "noir-automata-en.html", ""},
		{[]string{"print", "noir-automata", "--variant", "cards", "--format", "html"}, "noir-en.html", ""},
		{[]string{"print", "noir", "--variant", "boxed"}, "", "--variant: noir has no variant boxed: automata, cards"},
		{[]string{"print", "outlaws", "--variant", "automata"}, "", "--variant: the outlaws sheet has no variants (sheets with variants: noir)"},
		{[]string{"print", "all", "--variant", "automata"}, "", "--variant goes with one game's sheet (noir)"},
		{[]string{"print", "noir", "--variant", "boxed", "--lang", "ja"}, "", "--variant：noir に boxed という版はありません：automata, cards"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			dir := t.TempDir()
			f, _, errOut := testFactory(t)
			code := run(f, append(tt.args, "-o", dir+"/"))
			if tt.file == "" {
				if code != 1 || !strings.Contains(errOut.String(), tt.want) {
					t.Errorf("exit %d, stderr %q; want exit 1 and %q", code, errOut, tt.want)
				}
				return
			}
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if _, err := os.Stat(filepath.Join(dir, tt.file)); err != nil {
				t.Errorf("%v", err)
			}
		})
	}
}

// print --help and night --help say that --lang is the language of what
// they write; every other command's help keeps the console's.
func TestPrintHelpSaysWhatLangDoes(t *testing.T) {
	for _, tt := range []struct {
		args      []string
		want, not string
	}{
		{[]string{"print", "--help"}, "--lang string      language of the sheets and join cards written", "language of the console"},
		{[]string{"print", "--help", "--lang", "ja"}, "--lang string      書き出す早見表・参加カードの言語", "コンソールの言語"},
		{[]string{"night", "--help"}, "language of the night sheet", "language of the console"},
		{[]string{"night", "--help", "--lang", "ja"}, "成績表の言語", "コンソールの言語"},
		{[]string{"noir", "--help"}, "language of the console", "language of the sheets"},
		{[]string{"noir", "--help", "--lang", "ja"}, "コンソールの言語", "早見表"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			f, out, errOut := testFactory(t)
			if code := run(f, tt.args); code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if !strings.Contains(out.String(), tt.want) || strings.Contains(out.String(), tt.not) {
				t.Errorf("help says:\n%s\nwant %q, not %q", out, tt.want, tt.not)
			}
		})
	}
}

// A second host on the same state folder is refused, naming the one
// running as it was typed, "tablemaster host …", even when that one runs
// from go run's build cache; in the console's language.
func TestSecondHostNamesTheCommandAsTyped(t *testing.T) {
	bin := tablemasterBin(t)
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	// Where go run puts the program it runs.
	cache := filepath.Join(t.TempDir(), "go-build3141592653", "b001", "exe")
	if err := os.MkdirAll(cache, 0o755); err != nil {
		t.Fatal(err)
	}
	fromCache := filepath.Join(cache, "tablemaster")
	if err := os.WriteFile(fromCache, data, 0o755); err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(t.TempDir(), "my night")
	cmd := exec.Command(fromCache, "host", "--state", state, "--port", "0")
	cmd.Env = append(os.Environ(), "TABLEMASTER_LANG=en")
	c := &child{t: t, name: "host from the build cache", cmd: cmd, out: &lineBuffer{}, errOut: &syncBuffer{}, done: make(chan struct{})}
	cmd.Stdout, cmd.Stderr = c.out, c.errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { c.err = cmd.Wait(); close(c.done) }()
	t.Cleanup(func() {
		select {
		case <-c.done:
		default:
			cmd.Process.Kill()
			<-c.done
		}
	})
	if err := waitFor(20*time.Second, func() bool { return strings.Contains(strings.Join(c.out.Lines(), "\n"), "/h/") }); err != nil {
		t.Fatalf("the host printed no host link: %v\n%s\n%s", err, strings.Join(c.out.Lines(), "\n"), c.errOut)
	}
	typed := ": tablemaster host --state '" + state + "' --port 0"
	for _, tt := range []struct{ lang, want string }{
		{"en", "tablemaster: another tablemaster is serving the tables of " + state + " (pid "},
		{"ja", "tablemaster: 別のtablemasterが" + state + "のテーブルを動かしています（pid "},
	} {
		code, stderr := runBin(t, bin, tt.lang, "host", "--state", state, "--port", "0")
		if code != 1 || !strings.HasPrefix(stderr, tt.want) || !strings.Contains(stderr, typed) || strings.Contains(stderr, "go-build") {
			t.Errorf("second host (%s): exit %d, stderr %q; want exit 1, %q … %q, no build-cache path", tt.lang, code, stderr, tt.want, typed)
		}
	}
	c.stop()
}
