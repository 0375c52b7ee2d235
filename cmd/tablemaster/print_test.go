package main

import (
	"bytes"
	"html"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"tablemaster/engine"
	"tablemaster/moderator"
	"tablemaster/printables"
)

// printRoot is a root command with only print, its runF replaced.
func printRoot(f *Factory, runF func(*printOptions) error) *cobra.Command {
	g := &globalOptions{}
	root := &cobra.Command{Use: "tablemaster", SilenceUsage: true, SilenceErrors: true}
	root.SetOut(f.Out)
	root.SetErr(f.ErrOut)
	root.PersistentFlags().StringVar(&g.State, "state", "", "")
	root.PersistentFlags().StringVar(&g.Lang, "lang", "", "")
	root.AddCommand(newCmdPrint(f, g, runF))
	return root
}

func TestPrintFlags(t *testing.T) {
	defaults := printOptions{Paper: "a4", Format: "pdf"}
	with := func(change func(o *printOptions)) printOptions {
		o := defaults
		change(&o)
		return o
	}
	tests := []struct {
		name    string
		args    []string
		want    printOptions
		wantErr string
	}{
		{name: "a sheet", args: []string{"noir"}, want: with(func(o *printOptions) { o.What = "noir" })},
		{name: "upper case", args: []string{"NOIR"}, want: with(func(o *printOptions) { o.What = "noir" })},
		{name: "all as html in a folder", args: []string{"all", "--format", "html", "-o", "sheets/"},
			want: with(func(o *printOptions) { o.What, o.Format, o.Out = "all", "html", "sheets/" })},
		{name: "links", args: []string{"links", "--table", "T1", "--paper", "letter", "--output", "cards.pdf"},
			want: with(func(o *printOptions) { o.What, o.Table, o.Paper, o.Out = "links", "T1", "letter", "cards.pdf" })},
		{name: "nothing to print", args: nil, wantErr: "accepts 1 arg(s), received 0"},
		{name: "two things", args: []string{"noir", "ayatsuri"}, wantErr: "accepts 1 arg(s), received 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, _, _ := testFactory(t)
			var got *printOptions
			root := printRoot(f, func(o *printOptions) error { got = o; return nil })
			root.SetArgs(append([]string{"print"}, tt.args...))
			err := root.Execute()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || got != nil {
					t.Fatalf("print %q: err = %v, want %q", tt.args, err, tt.wantErr)
				}
				return
			}
			if err != nil || got == nil {
				t.Fatalf("print %q: err = %v, runF called: %v", tt.args, err, got != nil)
			}
			g := *got
			g.f, g.g = nil, nil
			if !reflect.DeepEqual(g, tt.want) {
				t.Errorf("print %q: options %+v, want %+v", tt.args, g, tt.want)
			}
		})
	}
}

func TestPrintSheets(t *testing.T) {
	dir := t.TempDir()
	f, out, errOut := testFactory(t)
	if code := run(f, []string{"print", "noir", "--lang", "ja", "-o", dir}); code != 0 {
		t.Fatalf("print noir: exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(filepath.Join(dir, "noir-ja.pdf"))
	if err != nil || !strings.HasPrefix(string(data), "%PDF-") {
		t.Fatalf("noir-ja.pdf: %v, starts %.8q", err, data)
	}
	if !strings.Contains(out.String(), "noir-ja.pdfを書き出しました") {
		t.Errorf("out = %q, want the file named in Japanese", out)
	}

	sheets := filepath.Join(dir, "sheets")
	f, _, errOut = testFactory(t)
	if code := run(f, []string{"print", "all", "--format", "html", "--paper", "letter", "-o", sheets}); code != 0 {
		t.Fatalf("print all: exit %d: %s", code, errOut)
	}
	for _, name := range printables.Names() {
		data, err := os.ReadFile(filepath.Join(sheets, name+"-en.html"))
		if err != nil || !strings.Contains(string(data), "size: letter") {
			t.Errorf("%s-en.html: %v, or not for letter paper", name, err)
		}
	}

	file := filepath.Join(dir, "mine.html")
	f, _, errOut = testFactory(t)
	if code := run(f, []string{"print", "ayatsuri", "--format", "html", "-o", file}); code != 0 {
		t.Fatalf("print ayatsuri -o FILE: exit %d: %s", code, errOut)
	}
	if _, err := os.Stat(file); err != nil {
		t.Errorf("-o FILE: %v", err)
	}
}

func TestPrintRefuses(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"print", "chess"}, `no sheet "chess": print ` + strings.Join(printables.Names(), ", ") + `, all or links`},
		{[]string{"print", "noir", "--paper", "legal"}, "--paper: printables: paper must be a4 or letter"},
		{[]string{"print", "noir", "--format", "png"}, "--format: printables: format must be pdf or html"},
		{[]string{"print", "noir", "--table", "T"}, "--table goes with links"},
		{[]string{"print", "noir", "--lang", "fr"}, "--lang must be en or ja"},
	} {
		f, _, errOut := testFactory(t)
		if code := run(f, tt.args); code != 1 || !strings.Contains(errOut.String(), tt.want) {
			t.Errorf("%q: exit %d, %q; want 1 and %q", tt.args, code, errOut, tt.want)
		}
	}
}

// Join cards of a saved table carry each seat's current link: a relinked
// seat's new one, never the revoked one. The file is readable by its owner only.
func TestPrintLinks(t *testing.T) {
	state, dir := t.TempDir(), t.TempDir()
	st, err := moderator.NewStore(state, nil)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := st.Create(moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Seed: 1, Addr: "192.168.1.5", Port: 8080, Lang: engine.EN})
	if err != nil {
		t.Fatal(err)
	}
	old := tb.Header().Tokens
	fresh, err := tb.Relink(1)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()

	f, out, errOut := testFactory(t)
	if code := run(f, []string{"--state", state, "print", "links", "--format", "html", "-o", dir + "/"}); code != 0 {
		t.Fatalf("print links: exit %d: %s", code, errOut)
	}
	path := filepath.Join(dir, "join-"+tb.ID()+"-en.html")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (out: %s)", err, out)
	}
	page := string(data)
	for _, want := range []string{"http://192.168.1.5:8080/s/" + old[0], "http://192.168.1.5:8080/s/" + fresh, "Aki (Killer)", "Ben (Inspector)"} {
		if !strings.Contains(page, want) {
			t.Errorf("the join cards lack %q", want)
		}
	}
	if strings.Contains(page, old[1]) {
		t.Errorf("the join cards carry Ben's revoked link")
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("join cards mode = %v, %v; want 0600 (they hold secret links)", fi.Mode().Perm(), err)
	}

	// A second table: which one must be said.
	st, _ = moderator.NewStore(state, nil)
	if _, err := st.Create(moderator.NewTableSpec{Game: "noir", Seats: []string{"Cy", "Di"}, Seed: 2, Addr: "10.0.0.2", Port: 9000}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	f, _, errOut = testFactory(t)
	if code := run(f, []string{"--state", state, "print", "links", "-o", dir}); code != 1 || !strings.Contains(errOut.String(), "name one with --table") {
		t.Errorf("two tables, no --table: exit %d, %q", code, errOut)
	}
	f, _, errOut = testFactory(t)
	if code := run(f, []string{"--state", state, "print", "links", "--table", tb.ID(), "-o", dir}); code != 0 {
		t.Errorf("--table %s: exit %d, %q", tb.ID(), code, errOut)
	}
	f, _, errOut = testFactory(t)
	if code := run(f, []string{"--state", state, "print", "links", "--table", "nope", "-o", dir}); code != 1 || !strings.Contains(errOut.String(), "no table nope") {
		t.Errorf("--table nope: exit %d, %q", code, errOut)
	}
}

// The GM console's print command writes its table's join cards.
func TestConsolePrint(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	script := filepath.Join(dir, "game.txt")
	if err := os.WriteFile(script, []byte("print html letter\nprint\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, out, errOut := testFactory(t)
	if code := run(f, []string{"--state", filepath.Join(dir, "state"), "noir", "--players", "Aki,Ben", "--script", script}); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	htmls, _ := filepath.Glob(filepath.Join(dir, "join-*-en.html"))
	pdfs, _ := filepath.Glob(filepath.Join(dir, "join-*-en.pdf"))
	if len(htmls) != 1 || len(pdfs) != 1 {
		t.Fatalf("files %v %v, want one HTML and one PDF of join cards; out:\n%s", htmls, pdfs, out)
	}
	page, _ := os.ReadFile(htmls[0])
	if !strings.Contains(string(page), "size: letter") || !strings.Contains(string(page), "/s/") {
		t.Errorf("the console's join cards are not for letter paper or hold no link")
	}
	if !strings.Contains(out.String(), "wrote "+filepath.Base(htmls[0])) {
		t.Errorf("out does not say which file was written:\n%s", out)
	}
	f, _, errOut = testFactory(t)
	os.WriteFile(script, []byte("print png\n"), 0o644)
	if code := run(f, []string{"--state", filepath.Join(dir, "state"), "noir", "--script", script}); code != 1 || !strings.Contains(errOut.String(), `print takes pdf, html, a4 or letter, not "png"`) {
		t.Errorf("print png: exit %d, %q", code, errOut)
	}
}

// The server's rules page is the game's printed sheet, in the page's
// language (Server.Sheet).
func TestRulesSheetForThePhones(t *testing.T) {
	f, _, _ := testFactory(t)
	var b bytes.Buffer
	if err := rulesSheet(f)(&b, "noir", engine.JA); err != nil {
		t.Fatal(err)
	}
	sh, _ := printables.Lookup("noir")
	if !strings.Contains(b.String(), "<html") || !strings.Contains(b.String(), html.EscapeString(sh.Build(engine.JA).Title)) {
		t.Errorf("the rules page is not the Japanese Noir sheet:\n%.300s", b.String())
	}
	if err := rulesSheet(f)(&b, "chess", engine.EN); err == nil {
		t.Error("a game without a sheet gives no error")
	}
}
