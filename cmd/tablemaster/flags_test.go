package main

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// testRoot is newRootCmd with a runF for every command, so the flags are
// read exactly as on the command line but nothing runs. It binds the same
// persistent flags as root.go.
func testRoot(f *Factory, noirF func(*noirOptions) error, resumeF func(*resumeOptions) error,
	replayF func(*replayOptions) error) (*cobra.Command, *globalOptions) {
	g := &globalOptions{}
	root := &cobra.Command{Use: "tablemaster", SilenceUsage: true, SilenceErrors: true}
	root.SetIn(f.In)
	root.SetOut(f.Out)
	root.SetErr(f.ErrOut)
	root.PersistentFlags().StringVar(&g.State, "state", "", "")
	root.PersistentFlags().StringVar(&g.Lang, "lang", "", "")
	root.AddCommand(newCmdNoir(f, g, noirF), newCmdResume(f, g, resumeF), newCmdReplay(f, g, replayF))
	return root, g
}

var errNotCalled = errors.New("runF was not called")

func TestNoirFlags(t *testing.T) {
	defaults := noirOptions{Variant: "cards", Kills: 10, Deck: "virtual", Layout: "ordered", ShiftRule: "no-repeat"}
	with := func(change func(o *noirOptions)) noirOptions {
		o := defaults
		change(&o)
		return o
	}
	tests := []struct {
		name    string
		args    []string
		want    noirOptions
		wantG   globalOptions
		wantErr string
	}{
		// No --players: the default names are chosen in noirRun, in the
		// console's language; no --seed: the seed comes from the Factory.
		{name: "defaults", args: []string{"noir"}, want: defaults},
		{name: "players", args: []string{"noir", "--players", "Aki,Ben"},
			want: with(func(o *noirOptions) { o.Players = []string{"Aki", "Ben"} })},
		{name: "players repeated", args: []string{"noir", "--players", "Aki", "--players", "Ben"},
			want: with(func(o *noirOptions) { o.Players = []string{"Aki", "Ben"} })},
		// Spaces are trimmed by noirRun, not by the flag.
		{name: "players with spaces", args: []string{"noir", "--players", "Aki, Ben Lee"},
			want: with(func(o *noirOptions) { o.Players = []string{"Aki", " Ben Lee"} })},
		{name: "players quoted comma", args: []string{"noir", "--players", `"Smith, Jo",Ben`},
			want: with(func(o *noirOptions) { o.Players = []string{"Smith, Jo", "Ben"} })},
		{name: "seed", args: []string{"noir", "--seed", "42"},
			want: with(func(o *noirOptions) { o.Seed, o.SeedSet = 42, true })},
		// --seed 0 is a seed like any other, not "no seed".
		{name: "seed zero", args: []string{"noir", "--seed", "0"},
			want: with(func(o *noirOptions) { o.SeedSet = true })},
		{name: "seed max", args: []string{"noir", "--seed", "18446744073709551615"},
			want: with(func(o *noirOptions) { o.Seed, o.SeedSet = 18446744073709551615, true })},
		{name: "seed negative", args: []string{"noir", "--seed", "-1"}, wantErr: `invalid argument "-1" for "--seed"`},
		{name: "seed not a number", args: []string{"noir", "--seed", "abc"}, wantErr: `invalid argument "abc" for "--seed"`},
		{name: "addr and port", args: []string{"noir", "--addr", "127.0.0.1", "--port", "8080"},
			want: with(func(o *noirOptions) { o.Addr, o.Port = "127.0.0.1", portFlag{N: 8080, Given: true} })},
		{name: "port zero", args: []string{"noir", "--port", "0"},
			want: with(func(o *noirOptions) { o.Port = portFlag{N: 0, Given: true} })},
		{name: "port too big", args: []string{"noir", "--port", "70000"}, wantErr: `invalid argument "70000" for "--port"`},
		{name: "port not a number", args: []string{"noir", "--port", "http"}, wantErr: `invalid argument "http" for "--port"`},
		{name: "every option", args: []string{"noir", "--deck", "physical", "--layout", "shuffled", "--kings",
			"--shift-rule", "no-undo", "--pass"},
			want: with(func(o *noirOptions) {
				o.Deck, o.Layout, o.Kings, o.ShiftRule, o.Pass = "physical", "shuffled", true, "no-undo", true
			})},
		{name: "automata", args: []string{"noir", "--variant", "automata", "--roster", "r.txt", "--kills", "14"},
			want: with(func(o *noirOptions) { o.Variant, o.Roster, o.Kills = "automata", "r.txt", 14 })},
		{name: "kills not a number", args: []string{"noir", "--kills", "ten"}, wantErr: `invalid argument "ten" for "--kills"`},
		{name: "script and reveal", args: []string{"noir", "--script", "game.txt", "--reveal"},
			want: with(func(o *noirOptions) { o.Script, o.Reveal = "game.txt", true })},
		// Values are checked by noirRun (TestNoirRunRefuses), not the flags.
		{name: "bad deck is passed on", args: []string{"noir", "--deck", "paper"},
			want: with(func(o *noirOptions) { o.Deck = "paper" })},
		{name: "global flags", args: []string{"noir", "--state", "/tmp/night", "--lang", "ja"},
			want: defaults, wantG: globalOptions{State: "/tmp/night", Lang: "ja"}},
		{name: "global flags before the command", args: []string{"--state=/tmp/night", "noir"},
			want: defaults, wantG: globalOptions{State: "/tmp/night"}},
		{name: "unknown flag", args: []string{"noir", "--dek", "virtual"}, wantErr: "unknown flag: --dek"},
		{name: "argument", args: []string{"noir", "Aki"}, wantErr: `unknown command "Aki"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, _, _ := testFactory(t)
			var got *noirOptions
			root, g := testRoot(f, func(o *noirOptions) error { got = o; return nil }, nil, nil)
			root.SetArgs(tt.args)
			err := root.Execute()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("noir %q: err = %v, want %q", tt.args, err, tt.wantErr)
				}
				if got != nil {
					t.Errorf("noir %q: runF called despite the error", tt.args)
				}
				return
			}
			if err != nil {
				t.Fatalf("noir %q: err = %v", tt.args, err)
			}
			if got == nil {
				t.Fatalf("noir %q: %v", tt.args, errNotCalled)
			}
			if got.f != f || got.g != g {
				t.Errorf("noir %q: options do not carry the Factory and the global options", tt.args)
			}
			o := *got
			o.f, o.g, o.changed = nil, nil, nil
			if !reflect.DeepEqual(o, tt.want) {
				t.Errorf("noir %q:\n got %+v\nwant %+v", tt.args, o, tt.want)
			}
			if *g != tt.wantG {
				t.Errorf("noir %q: global options %+v, want %+v", tt.args, *g, tt.wantG)
			}
		})
	}
}

func TestResumeArgs(t *testing.T) {
	tests := []struct {
		name      string
		args      []string
		wantTable string
		wantState string
		wantPort  int
		wantSet   bool // --port given
		wantErr   string
	}{
		{name: "every unfinished table", args: nil},
		{name: "port", args: []string{"--port", "8080"}, wantPort: 8080, wantSet: true},
		{name: "port 0", args: []string{"t1", "--port", "0"}, wantTable: "t1", wantSet: true},
		{name: "port not a number", args: []string{"--port", "http"}, wantErr: "invalid argument"},
		{name: "one table", args: []string{"20250102-0304-abcdef"}, wantTable: "20250102-0304-abcdef"},
		{name: "state", args: []string{"--state", "/tmp/night", "t1"}, wantTable: "t1", wantState: "/tmp/night"},
		{name: "two tables", args: []string{"t1", "t2"}, wantErr: "accepts at most 1 arg(s), received 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, _, _ := testFactory(t)
			var got *resumeOptions
			root, g := testRoot(f, nil, func(o *resumeOptions) error { got = o; return nil }, nil)
			root.SetArgs(append([]string{"resume"}, tt.args...))
			err := root.Execute()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || got != nil {
					t.Fatalf("resume %q: err = %v (runF called: %v), want %q", tt.args, err, got != nil, tt.wantErr)
				}
				return
			}
			if err != nil || got == nil {
				t.Fatalf("resume %q: err = %v, runF called: %v", tt.args, err, got != nil)
			}
			if got.Port.N != tt.wantPort || got.Port.Given != tt.wantSet {
				t.Errorf("resume %q: Port %d (given: %v), want %d (%v)", tt.args, got.Port.N, got.Port.Given, tt.wantPort, tt.wantSet)
			}
			if got.Table != tt.wantTable || g.State != tt.wantState || got.g != g || got.f != f {
				t.Errorf("resume %q: Table %q, state %q; want %q, %q", tt.args, got.Table, g.State, tt.wantTable, tt.wantState)
			}
		})
	}
}

func TestReplayArgs(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		wantLog string
		wantErr string
	}{
		{name: "no log", args: nil, wantErr: "accepts 1 arg(s), received 0"},
		{name: "one log", args: []string{"night/tables/t1.jsonl"}, wantLog: "night/tables/t1.jsonl"},
		{name: "two logs", args: []string{"a.jsonl", "b.jsonl"}, wantErr: "accepts 1 arg(s), received 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, _, _ := testFactory(t)
			var got *replayOptions
			root, _ := testRoot(f, nil, nil, func(o *replayOptions) error { got = o; return nil })
			root.SetArgs(append([]string{"replay"}, tt.args...))
			err := root.Execute()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || got != nil {
					t.Fatalf("replay %q: err = %v (runF called: %v), want %q", tt.args, err, got != nil, tt.wantErr)
				}
				return
			}
			if err != nil || got == nil {
				t.Fatalf("replay %q: err = %v, runF called: %v", tt.args, err, got != nil)
			}
			if got.Log != tt.wantLog {
				t.Errorf("replay %q: Log = %q, want %q", tt.args, got.Log, tt.wantLog)
			}
		})
	}
}

// TestNoirRunRefuses runs the real command: values the flags accept but
// the game does not are refused with a message naming the choices, exit
// code 1, and nothing is left in the state folder.
func TestNoirRunRefuses(t *testing.T) {
	script := filepath.Join("testdata", "noir_win.txt")
	tests := []struct {
		name string
		args []string
		want []string // all in the message
	}{
		{name: "deck", args: []string{"--deck", "paper"}, want: []string{"deck", "virtual or physical", `"paper"`}},
		{name: "layout", args: []string{"--layout", "spiral"}, want: []string{"layout", "ordered or shuffled", `"spiral"`}},
		{name: "shift rule", args: []string{"--shift-rule", "anything"}, want: []string{"shift rule", "no-repeat or no-undo", `"anything"`}},
		{name: "lang", args: []string{"--lang", "fr"}, want: []string{"--lang", "en or ja", `"fr"`}},
		{name: "reveal without script", args: []string{"--reveal"}, want: []string{"--reveal", "--script"}},
		{name: "one player", args: []string{"--players", "Aki"}, want: []string{"two players", "not 1"}},
		{name: "three players", args: []string{"--players", "Aki,Ben,Cho"}, want: []string{"two players", "not 3"}},
		{name: "same name twice", args: []string{"--players", "Aki,aki", "--script", script}, want: []string{"--players: “Aki” and “aki” are the same name"}},
		{name: "empty name", args: []string{"--players", "Aki, ", "--script", script}, want: []string{"--players: player 2 has no name"}},
		{name: "comma in a quoted name", args: []string{"--players", `"Sato, Aki",Ben`, "--script", script}, want: []string{"--players: the name “Sato, Aki” holds a comma"}},
		{name: "escape in a name", args: []string{"--players", "Aki\x1b[2J,Ben", "--script", script}, want: []string{`--players: the name “Aki\x1b[2J” holds a control character (U+001B)`}},
		{name: "missing script", args: []string{"--script", "testdata/no-such-script.txt"}, want: []string{"cannot read the script", "no-such-script.txt"}},
		{name: "kings not a bool", args: []string{"--kings=maybe"}, want: []string{`invalid argument "maybe"`}},
		{name: "variant", args: []string{"--variant", "chess"}, want: []string{"--variant", "cards or automata", `"chess"`}},
		{name: "kills without automata", args: []string{"--kills", "12"}, want: []string{"--kills goes with --variant automata"}},
		{name: "roster without automata", args: []string{"--roster", "../../docs/roster-example.txt"}, want: []string{"--roster goes with --variant automata"}},
		{name: "kills too many", args: []string{"--variant", "automata", "--kills", "30"}, want: []string{"kills must be between 1 and 24, not 30"}},
		{name: "automata shift rule", args: []string{"--variant", "automata", "--shift-rule", "no-repeat"}, want: []string{"--shift-rule", "NA-4"}},
		{name: "roster missing", args: []string{"--variant", "automata", "--roster", "testdata/no-such-roster.txt"}, want: []string{"--roster", "no-such-roster.txt"}},
		{name: "roster twice", args: []string{"--variant", "automata", "--roster", "testdata/roster_twice.txt"},
			want: []string{"testdata/roster_twice.txt: roster line 12: \"Malone\" is already the name on line 5"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, out, errOut := testFactory(t)
			dir := t.TempDir()
			args := append([]string{"noir", "--state", dir}, tt.args...)
			if code := run(f, args); code != 1 {
				t.Errorf("run(%q) = %d, want 1", args, code)
			}
			msg := errOut.String()
			if !strings.HasPrefix(msg, "tablemaster: ") || strings.Count(msg, "\n") != 1 {
				t.Errorf("run(%q) stderr = %q, want one line starting \"tablemaster: \"", args, msg)
			}
			for _, w := range tt.want {
				if !strings.Contains(msg, w) {
					t.Errorf("run(%q) stderr = %q, want it to contain %q", args, msg, w)
				}
			}
			if out.Len() != 0 {
				t.Errorf("run(%q) printed %q, want nothing", args, out)
			}
			if logs, _ := filepath.Glob(filepath.Join(dir, "tables", "*.jsonl")); len(logs) != 0 {
				t.Errorf("run(%q) left logs behind: %q", args, logs)
			}
		})
	}
}

func TestResumeNothingToResume(t *testing.T) {
	f, out, errOut := testFactory(t)
	dir := t.TempDir()
	if code := run(f, []string{"resume", "--state", dir}); code != 1 {
		t.Errorf("resume in an empty folder = %d, want 1", code)
	}
	if want := "no unfinished table in " + dir; !strings.Contains(errOut.String(), want) {
		t.Errorf("stderr = %q, want %q", errOut, want)
	}
	if out.Len() != 0 {
		t.Errorf("stdout = %q, want nothing", out)
	}
	if code := run(f, []string{"resume", "--state", dir, "no-such-table"}); code != 1 {
		t.Errorf("resume no-such-table = %d, want 1", code)
	}
	if want := "cannot resume no-such-table"; !strings.Contains(errOut.String(), want) {
		t.Errorf("stderr = %q, want %q", errOut, want)
	}
}

func TestReplayMissingLog(t *testing.T) {
	f, _, errOut := testFactory(t)
	path := filepath.Join(t.TempDir(), "nothing.jsonl")
	if code := run(f, []string{"replay", path}); code != 1 {
		t.Errorf("replay of a missing log = %d, want 1", code)
	}
	if !strings.Contains(errOut.String(), "nothing.jsonl") {
		t.Errorf("stderr = %q, want the file named", errOut)
	}
	empty := filepath.Join(t.TempDir(), "empty.jsonl")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	errOut.Reset()
	if code := run(f, []string{"replay", empty}); code != 1 {
		t.Errorf("replay of an empty log = %d, want 1", code)
	}
	if !strings.Contains(errOut.String(), "no table header") {
		t.Errorf("stderr = %q, want \"no table header\"", errOut)
	}
}
