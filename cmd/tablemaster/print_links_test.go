package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/moderator"
)

// Join cards follow the table: a table whose links a rematch took over is
// refused, naming the table that holds them now (the newest of a chain of
// rematches), in English and Japanese; without --table the cards of the
// one table whose links are current are printed, with its own relinks.
func TestPrintLinksFollowTheRematch(t *testing.T) {
	state, dir := t.TempDir(), t.TempDir()
	now := time.Date(2026, 11, 21, 19, 0, 0, 0, time.UTC)
	st, err := moderator.NewStore(state, func() time.Time { return now })
	if err != nil {
		t.Fatal(err)
	}
	first, err := st.Create(moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Seed: 1, Addr: "192.168.1.5", Port: 8080})
	if err != nil {
		t.Fatal(err)
	}
	rematch := func(old *moderator.Table) *moderator.Table {
		t.Helper()
		now = now.Add(20 * time.Minute)
		h := old.Header()
		tb, err := st.Rematch(old, moderator.NewTableSpec{Game: "noir", Seats: []string{h.Seats[1], h.Seats[0]}, Seed: 2,
			Addr: h.Addr, Port: h.Port}, []int{1, 0})
		if err != nil {
			t.Fatal(err)
		}
		return tb
	}
	second := rematch(first)
	third := rematch(second)
	fresh, err := third.Relink(0)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()

	for _, old := range []*moderator.Table{first, second} {
		for _, lang := range []engine.Lang{engine.EN, engine.JA} {
			f, _, errOut := testFactory(t)
			code := run(f, []string{"--state", state, "--lang", string(lang), "print", "links", "--table", old.ID(), "-o", dir})
			want := lang.S("cmd.print.taken_over", "table", old.ID(), "new", third.ID())
			if code != 1 || !strings.Contains(errOut.String(), want) {
				t.Errorf("print links --table %s (%s): exit %d, %q; want 1 and %q", old.ID(), lang, code, errOut, want)
			}
		}
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("a refused print wrote %d files", len(files))
	}

	for _, args := range [][]string{nil, {"--table", third.ID()}} {
		f, _, errOut := testFactory(t)
		if code := run(f, append([]string{"--state", state, "print", "links", "--format", "html", "-o", dir}, args...)); code != 0 {
			t.Fatalf("print links %q: exit %d, %s", args, code, errOut)
		}
		page, err := os.ReadFile(filepath.Join(dir, "join-"+third.ID()+"-en.html"))
		if err != nil {
			t.Fatal(err)
		}
		h := third.Header()
		for _, want := range []string{"/s/" + fresh, "/s/" + h.Tokens[1], "Aki", "Ben"} {
			if !strings.Contains(string(page), want) {
				t.Errorf("print links %q: the cards lack %q", args, want)
			}
		}
		if old := first.Header().Tokens[0]; strings.Contains(string(page), old) {
			t.Errorf("print links %q: the cards carry the link the relink revoked", args)
		}
	}
}

// print links never builds its output path from inside a log: a log
// edited by hand whose header says its table is "../../x" writes its cards
// in the folder asked for, under a name of the log's file, whether the
// table is named by its file or by its header, from print links and from
// the console's print.
func TestPrintLinksPathIsNotFromTheLog(t *testing.T) {
	root := t.TempDir()
	state, dir := filepath.Join(root, "state"), filepath.Join(root, "a", "b", "out")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	st, err := moderator.NewStore(state, nil)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	hdr := moderator.Header{ID: "../../x", Game: "noir", Seats: []string{"Aki", "Ben"}, Tokens: []string{"tokA", "tokB"},
		TableToken: "tokT", Options: []byte(`{}`), Addr: "192.168.1.5", Port: 8080}
	log, err := moderator.CreateLog(filepath.Join(state, "tables", "edited.jsonl"), hdr, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	log.Close()
	for _, args := range [][]string{{"-o", dir}, {"-o", dir + "/", "--table", "edited"}, {"-o", dir, "--table", "../../x"}} {
		f, out, errOut := testFactory(t)
		if code := run(f, append([]string{"--state", state, "print", "links", "--format", "html"}, args...)); code != 0 {
			t.Fatalf("print links %q: exit %d, %s", args, code, errOut)
		}
		want := filepath.Join(dir, "join-edited-en.html")
		if b, err := os.ReadFile(want); err != nil || !strings.Contains(string(b), "/s/tokA") {
			t.Errorf("print links %q: %s: %v (out %q)", args, want, err, out)
		}
	}
	// Nothing anywhere but the folder asked for.
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Dir(p) != dir && !strings.HasPrefix(p, state+string(filepath.Separator)) {
			t.Errorf("a file outside the output folder: %s", p)
		}
		return nil
	})
	if got := joinFileName("../../x", engine.JA, 0); strings.ContainsAny(got, `/\`) {
		t.Errorf("joinFileName(../../x) = %q", got)
	}
}
