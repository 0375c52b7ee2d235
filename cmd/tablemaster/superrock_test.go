package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"tablemaster/engine/superrock"
)

// testSuperrockRoot is a root command with only `superrock`, its runF
// given, and the persistent flags of root.go.
func testSuperrockRoot(f *Factory, runF func(*superrockOptions) error) (*cobra.Command, *globalOptions) {
	g := &globalOptions{}
	root := &cobra.Command{Use: "tablemaster", SilenceUsage: true, SilenceErrors: true}
	root.SetIn(f.In)
	root.SetOut(f.Out)
	root.SetErr(f.ErrOut)
	root.PersistentFlags().StringVar(&g.State, "state", "", "")
	root.PersistentFlags().StringVar(&g.Lang, "lang", "", "")
	root.AddCommand(newCmdSuperrock(f, g, runF))
	return root, g
}

func TestSuperrockFlags(t *testing.T) {
	defaults := superrockOptions{Board: "virtual", Dice: "virtual"}
	with := func(change func(o *superrockOptions)) superrockOptions {
		o := defaults
		change(&o)
		return o
	}
	tests := []struct {
		name    string
		args    []string
		want    superrockOptions
		wantErr string
	}{
		{name: "defaults", args: nil, want: defaults},
		{name: "players", args: []string{"--players", "Aki,Ben,Chika,Dai,Eri"},
			want: with(func(o *superrockOptions) { o.Players = []string{"Aki", "Ben", "Chika", "Dai", "Eri"} })},
		{name: "every option", args: []string{"--counts", "L=1,G=0,E=2,S=1,X=1", "--roster", "ed2.txt",
			"--board", "physical", "--dice", "physical", "--raisa-good", "--seed", "9", "--script", "p.txt", "--reveal"},
			want: with(func(o *superrockOptions) {
				o.Counts, o.Roster, o.Board, o.Dice, o.RaisaGood = "L=1,G=0,E=2,S=1,X=1", "ed2.txt", "physical", "physical", true
				o.Seed, o.SeedSet, o.Script, o.Reveal = 9, true, "p.txt", true
			})},
		// Values are checked by superrockRun (TestSuperrockRunRefuses).
		{name: "bad board is passed on", args: []string{"--board", "cardboard"},
			want: with(func(o *superrockOptions) { o.Board = "cardboard" })},
		{name: "unknown flag", args: []string{"--count", "L=1"}, wantErr: "unknown flag: --count"},
		{name: "argument", args: []string{"Aki"}, wantErr: `unknown command "Aki"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, _, _ := testFactory(t)
			var got *superrockOptions
			root, g := testSuperrockRoot(f, func(o *superrockOptions) error { got = o; return nil })
			root.SetArgs(append([]string{"superrock"}, tt.args...))
			err := root.Execute()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || got != nil {
					t.Fatalf("superrock %q: err = %v (runF called: %v), want %q", tt.args, err, got != nil, tt.wantErr)
				}
				return
			}
			if err != nil || got == nil {
				t.Fatalf("superrock %q: err = %v, runF called: %v", tt.args, err, got != nil)
			}
			if got.f != f || got.g != g {
				t.Errorf("superrock %q: options do not carry the Factory and the global options", tt.args)
			}
			o := *got
			o.f, o.g = nil, nil
			if !reflect.DeepEqual(o, tt.want) {
				t.Errorf("superrock %q:\n got %+v\nwant %+v", tt.args, o, tt.want)
			}
		})
	}
}

// TestSuperrockRunRefuses runs the real command with input the flags take
// but the game does not: the message says what to change, the exit code
// is 1 and no table is left behind.
func TestSuperrockRunRefuses(t *testing.T) {
	dir := t.TempDir()
	typo := filepath.Join(dir, "typo.txt")
	text := strings.Replace(string(superrock.Default().Text()),
		"riot       | ライオット     | Riot          | E    | 2", "riot       | ライオット     | Riot          | Q    | 2", 1)
	if err := os.WriteFile(typo, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	line := 0
	for i, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "riot ") && strings.Contains(l, "| Q ") {
			line = i + 1
		}
	}
	if line == 0 {
		t.Fatal("the roster typo was not made: data/kmc.txt changed its riot silhouette line")
	}
	five := "Aki,Ben,Chika,Dai,Eri"
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"too few", []string{"--players", "Aki,Ben,Chika,Dai"}, "Super Rock needs 5–10 players, not 4: --players Aki,Ben"},
		{"too many", []string{"--players", "A,B,C,D,E,F,G,H,I,J,K"}, "Super Rock needs 5–10 players, not 11"},
		{"five without counts", []string{"--players", five}, "table 7.1 has no row for 5 players: give the counts (--counts L=1,G=0,E=2,S=1,X=1)"},
		{"ten without counts", []string{"--players", "A,B,C,D,E,F,G,H,I,J"}, "no row for 10 players"},
		{"counts unreadable", []string{"--players", five, "--counts", "L=1,G=zero"}, "--counts: superrock: counts must read like L=1,G=0,E=2,S=1,X=1"},
		{"counts wrong sum", []string{"--players", five, "--counts", "L=1,G=0,E=2,S=1,X=2"}, "the counts L=1,G=0,E=2,S=1,X=2 draw 6 characters for 5 players"},
		{"duplicate names", []string{"--players", "Aki,Ben,Chika,Dai,aki"}, "--players: “Aki” and “aki” are the same name"},
		{"full-width duplicate", []string{"--players", "Aki,Ben,Chika,Dai,Ａｋｉ"}, "--players: “Aki” and “Ａｋｉ” are the same name"},
		{"empty name", []string{"--players", "Aki,Ben,,Dai,Eri"}, "--players: player 3 has no name"},
		{"name too long", []string{"--players", "Aki,Ben,Chika,Dai,Eri,Fumi,寿限無寿限無五劫の擦り切れ海砂利水魚"}, "--players: the name “寿限無寿限無五劫の擦り切れ海砂利水魚” is too long (18 characters, 54 bytes)"},
		{"name too long ja", []string{"--lang", "ja", "--players", "Aki,Ben,Chika,Dai,Eri,Fumi,寿限無寿限無五劫の擦り切れ海砂利水魚"}, "--players: 「寿限無寿限無五劫の擦り切れ海砂利水魚」は長すぎます（18文字、54バイト）"},
		{"invisible", []string{"--players", "Aki,Ben,Chika,Dai,Eri,Fumi,Ben\u200b"}, `--players: the name “Ben\u200b” holds an invisible character (U+200B)`},
		{"board", []string{"--board", "cardboard"}, `--board: superrock: board must be virtual or physical, not "cardboard"`},
		{"dice", []string{"--dice", "loaded"}, `--dice: superrock: dice must be virtual or physical, not "loaded"`},
		{"roster missing", []string{"--roster", filepath.Join(dir, "none.txt")}, "cannot read the roster"},
		{"roster typo", []string{"--roster", typo}, "superrock: " + typo + ":" + strconv.Itoa(line) + ": attr must be one of"},
		{"roster typo ja", []string{"--lang", "ja", "--roster", typo}, "superrock: " + typo + ":" + strconv.Itoa(line) + ": attrはG, E, S"},
		{"reveal without script", []string{"--reveal"}, "--reveal goes with --script"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, _, errOut := testFactory(t)
			state := t.TempDir()
			code := run(f, append([]string{"superrock", "--state", state}, tt.args...))
			if code == 0 || !strings.Contains(errOut.String(), tt.want) {
				t.Errorf("superrock %v: exit %d, stderr %q, want it to say %q", tt.args, code, errOut.String(), tt.want)
			}
			if logs, _ := filepath.Glob(filepath.Join(state, "tables", "*.jsonl")); len(logs) != 0 {
				t.Errorf("superrock %v: refused, but left %v", tt.args, logs)
			}
		})
	}
}

// TestSuperrockFiveWithCounts: five players play once the counts are given
// (SR-10), and the stored options keep them and the roster.
func TestSuperrockFiveWithCounts(t *testing.T) {
	f, out, errOut := testFactory(t)
	dir := t.TempDir()
	script := filepath.Join(t.TempDir(), "deal.txt")
	if err := os.WriteFile(script, []byte("Aki: deal\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code := run(f, []string{"superrock", "--players", "Aki,Ben,Chika,Dai,Eri", "--counts", "L=1,G=0,E=2,S=1,X=1",
		"--state", dir, "--script", script, "--raisa-good", "--board", "physical"})
	if code != 0 || errOut.Len() != 0 {
		t.Fatalf("exit code %d, stderr %q", code, errOut)
	}
	if !strings.Contains(out.String(), "L 1, G 0, E 2, S 1, X 1") {
		t.Errorf("the deal does not use the counts given:\n%s", out)
	}
	logs, _ := filepath.Glob(filepath.Join(dir, "tables", "*.jsonl"))
	if len(logs) != 1 {
		t.Fatalf("logs %v, want one", logs)
	}
	h := readLog(t, logs[0])[0]
	for _, want := range []string{`"counts":{"L":1,"G":0,"E":2,"S":1,"X":1}`, `"raisa_good":true`, `"board":"physical"`, `"roster":"# Super Rock`} {
		if !strings.Contains(string(h.Header.Options), want) {
			t.Errorf("stored options lack %s: %s", want, h.Header.Options)
		}
	}
}
