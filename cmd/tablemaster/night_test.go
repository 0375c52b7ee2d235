package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"tablemaster/engine"
	"tablemaster/engine/ayatsuri"
	"tablemaster/engine/noir"
	"tablemaster/engine/superrock"
	"tablemaster/moderator"
	srface "tablemaster/moderator/superrock"
)

func nightRoot(f *Factory, runF func(*nightOptions) error) *cobra.Command {
	g := &globalOptions{}
	root := &cobra.Command{Use: "tablemaster", SilenceUsage: true, SilenceErrors: true}
	root.SetOut(f.Out)
	root.SetErr(f.ErrOut)
	root.PersistentFlags().StringVar(&g.State, "state", "", "")
	root.PersistentFlags().StringVar(&g.Lang, "lang", "", "")
	root.AddCommand(newCmdNight(f, g, runF))
	return root
}

func TestNightFlags(t *testing.T) {
	defaults := nightOptions{Format: "text", Paper: "a4"}
	with := func(change func(o *nightOptions)) nightOptions {
		o := defaults
		change(&o)
		return o
	}
	for _, tt := range []struct {
		name    string
		args    []string
		want    nightOptions
		wantErr string
	}{
		{name: "tonight", args: nil, want: defaults},
		{name: "a date", args: []string{"--date", "2025-01-02"}, want: with(func(o *nightOptions) { o.Date = "2025-01-02" })},
		{name: "pdf to a file", args: []string{"--format", "pdf", "-o", "night.pdf", "--paper", "letter"},
			want: with(func(o *nightOptions) { o.Format, o.Out, o.Paper = "pdf", "night.pdf", "letter" })},
		{name: "no argument", args: []string{"superrock"}, wantErr: `unknown command "superrock"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f, _, _ := testFactory(t)
			var got *nightOptions
			root := nightRoot(f, func(o *nightOptions) error { got = o; return nil })
			root.SetArgs(append([]string{"night"}, tt.args...))
			err := root.Execute()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || got != nil {
					t.Fatalf("night %q: err = %v, want %q", tt.args, err, tt.wantErr)
				}
				return
			}
			if err != nil || got == nil {
				t.Fatalf("night %q: err = %v, runF called: %v", tt.args, err, got != nil)
			}
			g := *got
			g.f, g.g = nil, nil
			if !reflect.DeepEqual(g, tt.want) {
				t.Errorf("night %q: options %+v, want %+v", tt.args, g, tt.want)
			}
		})
	}
}

// nightZone is the local time of the night tests.
var nightZone = time.FixedZone("JST", 9*3600)

func nightTime(day, hour, min int) time.Time {
	return time.Date(2025, 1, day, hour, min, 0, 0, nightZone)
}

// nightFolder is a state folder with a night of every game: a Super Rock
// game over with grades, a Noir and an Ayatsuri game played to their end,
// a Noir table not played, a Super Rock game past midnight still running
// (one character exposed), a game of the night before and a damaged file.
func nightFolder(t *testing.T) string {
	t.Helper()
	var mu sync.Mutex
	now := nightTime(1, 21, 0)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	set := func(t time.Time) { mu.Lock(); now = t; mu.Unlock() }
	dir := t.TempDir()
	st, err := moderator.NewStore(dir, clock)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	players := []string{"Aki", "Ben", "Chika", "Dai", "Eri", "Fumi", "Gen"}
	game := func(seats []string, seed uint64) *moderator.Table {
		tb, err := st.Create(moderator.NewTableSpec{Game: "superrock", Seats: seats, Seed: seed,
			Options: srface.NewOptions(superrock.Config{Players: seats}, "")})
		if err != nil {
			t.Fatal(err)
		}
		nightPrepare(t, tb, seed)
		return tb
	}
	nightAct(t, game(players, 21), 0, "end nova") // the night of the 1st: not on the sheet

	set(nightTime(2, 20, 15))
	g1 := game(players, 22)
	nightAct(t, g1, 0, "dies Ben", "dies Fumi", "end nova")
	for i := 0; len(g1.Legal(0)) > 0; i++ {
		if i > 20 {
			t.Fatal("the confirmations do not end")
		}
		verdict := " won"
		a := string(g1.Legal(0)[0].Action)
		if strings.HasPrefix(a, "own Chika") {
			verdict = " lost"
		}
		nightAct(t, g1, 0, strings.TrimSuffix(a, " won")+verdict)
	}

	set(nightTime(2, 22, 30))
	nr, err := st.Create(moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	playOut(t, nr, 1)
	set(nightTime(2, 23, 10))
	ay, err := st.Create(moderator.NewTableSpec{Game: "ayatsuri", Seats: []string{"Gen", "Fumi", "Chika", "Ben"},
		Options: ayatsuri.Config{Players: []string{"Gen", "Fumi", "Chika", "Ben"}}, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	playOut(t, ay, 2)
	set(nightTime(2, 23, 50))
	if _, err := st.Create(moderator.NewTableSpec{Game: "noir", Seats: []string{"Dai", "Eri"}, Options: noir.Config{}, Seed: 3}); err != nil {
		t.Fatal(err)
	}

	set(nightTime(3, 0, 40))
	g2 := game([]string{"aki", "Ben", "Chika", "Dai", "Eri", "Hana"}, 23)
	nightAct(t, g2, 3, "expose")
	nightAct(t, g2, 0, "dies Eri")

	if err := os.WriteFile(filepath.Join(dir, "tables", "notes.jsonl"), []byte("Aki owes Ben a drink\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return dir
}

// playOut plays a table to its end with seeded random legal choices.
func playOut(t *testing.T, tb *moderator.Table, seed uint64) {
	t.Helper()
	r := engine.NewRand(seed)
	for i := 0; !tb.Snapshot(engine.Public).Outcome.Over; i++ {
		if i > 5000 {
			t.Fatal("the game does not end")
		}
		for s := range tb.Header().Seats {
			if cs := tb.Legal(engine.Seat(s)); len(cs) > 0 {
				nightAct(t, tb, engine.Seat(s), string(cs[r.IntN(len(cs))].Action))
				break
			}
		}
	}
}

// nightPrepare plays a Super Rock preparation with seeded random choices,
// every deal kept, until play starts.
func nightPrepare(t *testing.T, tb *moderator.Table, seed uint64) {
	t.Helper()
	r := engine.NewRand(seed)
	seats := tb.Header().Seats
	for i := 0; tb.Snapshot(engine.Public).View.(superrock.PublicView).Phase != "play"; i++ {
		if i > 1000 {
			t.Fatal("the preparation does not end")
		}
		for s := range seats {
			cs := tb.Legal(engine.Seat(s))
			var some []string
			keep := false
			for _, c := range cs {
				a := string(c.Action)
				keep = keep || a == "keep"
				if a != "reject" && !strings.HasPrefix(a, "switch") {
					some = append(some, a)
				}
			}
			if len(some) == 0 {
				continue
			}
			pick := some[r.IntN(len(some))]
			if keep {
				pick = "keep"
			}
			nightAct(t, tb, engine.Seat(s), pick)
			break
		}
	}
}

func nightAct(t *testing.T, tb *moderator.Table, s engine.Seat, actions ...string) {
	t.Helper()
	for _, a := range actions {
		if _, err := tb.Act(s, a, -1); err != nil {
			t.Fatalf("Act(%d, %q) = %v", s, a, err)
		}
	}
}

// tableIDs end in random digits: the goldens read XXXXXX.
var tableIDs = regexp.MustCompile(`(\d{8}-\d{4})-[0-9a-f]{6}`)

// SR-13, SR-43: `tablemaster night` prints tonight's games and totals from
// the state folder, in English and Japanese; a game past midnight belongs
// to the night, the night before's does not; a damaged file is a warning.
func TestNightSR13SR43Golden(t *testing.T) {
	dir := nightFolder(t)
	for _, lang := range []string{"en", "ja"} {
		t.Run(lang, func(t *testing.T) {
			f, out, errOut := testFactory(t)
			f.Now = func() time.Time { return nightTime(3, 2, 0) }
			if code := run(f, []string{"night", "--state", dir, "--lang", lang}); code != 0 {
				t.Fatalf("night: exit %d: %s", code, errOut)
			}
			golden(t, "night_"+lang+".golden", []byte(tableIDs.ReplaceAllString(out.String(), "$1-XXXXXX")))
			if w := "warning: " + filepath.Join(dir, "tables", "notes.jsonl") + ": not a table log"; !strings.Contains(errOut.String(), w) {
				t.Errorf("stderr = %q, want %q", errOut, w)
			}
		})
	}
}

// --date names another night: the night of the 1st has one game.
func TestNightSR43Date(t *testing.T) {
	dir := nightFolder(t)
	f, out, errOut := testFactory(t)
	f.Now = func() time.Time { return nightTime(3, 2, 0) }
	if code := run(f, []string{"night", "--state", dir, "--date", "2025-01-01"}); code != 0 {
		t.Fatalf("night: exit %d: %s", code, errOut)
	}
	if s := out.String(); !strings.Contains(s, "The night of 2025-01-01") || !strings.Contains(s, "Game 1 · Super Rock · 21:00") || strings.Contains(s, "Game 2") {
		t.Errorf("night --date 2025-01-01:\n%s", s)
	}
	f, out, _ = testFactory(t)
	if code := run(f, []string{"night", "--state", t.TempDir()}); code != 0 || !strings.Contains(out.String(), "No game was played") {
		t.Errorf("night in an empty folder: exit %d:\n%s", code, out)
	}
}

// The night sheet printed: PDF (pdftotext finds the players, grades and
// totals) and HTML, written where -o says.
func TestNightSR43PDFAndHTML(t *testing.T) {
	dir := nightFolder(t)
	outDir := t.TempDir()
	f, out, errOut := testFactory(t)
	f.Now = func() time.Time { return nightTime(3, 2, 0) }
	pdf := filepath.Join(outDir, "night.pdf")
	if code := run(f, []string{"night", "--state", dir, "--format", "pdf", "-o", pdf, "--lang", "ja"}); code != 0 {
		t.Fatalf("night --format pdf: exit %d: %s", code, errOut)
	}
	if !strings.Contains(out.String(), pdf) {
		t.Errorf("stdout = %q, want it to name %s", out, pdf)
	}
	if code := run(f, []string{"night", "--state", dir, "--format", "html", "-o", outDir}); code != 0 {
		t.Fatalf("night --format html: exit %d: %s", code, errOut)
	}
	page, err := os.ReadFile(filepath.Join(outDir, "night-2025-01-02-en.html"))
	if err != nil || !strings.Contains(string(page), "<td>Hana</td>") || !strings.Contains(string(page), "The night&#39;s totals") {
		t.Errorf("night-2025-01-02-en.html: %v\n%s", err, page)
	}
	if code := run(f, []string{"night", "--state", dir, "--format", "doc"}); code == 0 || !strings.Contains(errOut.String(), "--format must be text, pdf or html") {
		t.Errorf("night --format doc: exit %d, stderr %q", code, errOut)
	}
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no pdftotext found; CI must check the PDFs: apt-get install poppler-utils")
		}
		t.Skip("no pdftotext found (apt-get install poppler-utils)")
	}
	text, err := exec.Command(pdftotext, "-enc", "UTF-8", pdf, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(strings.Fields(string(text)), "")
	for _, w := range []string{"ゲームナイト成績表", "2025-01-02の夜", "第1ゲーム・超人ロック・20:15", "第5ゲーム・超人ロック・00:40", "ノワール", "未終了", "（非公開）", "Hana", "この夜の合計", "A級勝利"} {
		if !strings.Contains(got, w) {
			t.Errorf("pdftotext does not find %q in:\n%s", w, text)
		}
	}
}
