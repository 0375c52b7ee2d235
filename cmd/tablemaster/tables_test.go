package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablemaster/engine/noir"
	"tablemaster/moderator"
)

// `tables` lists the state folder's tables with their game, players and
// state; `tables drop ID` moves a log to the archive (never deletes), and
// refuses a table a tablemaster is serving, an unknown id or a path.
func TestTablesListAndDrop(t *testing.T) {
	dir := t.TempDir()
	st, err := moderator.NewStore(dir, func() time.Time { return fixedNow })
	if err != nil {
		t.Fatal(err)
	}
	played, err := st.Create(moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := played.Act(noir.Killer, "draw", -1); err != nil {
		t.Fatal(err)
	}
	idle, err := st.Create(moderator.NewTableSpec{Game: "noir", Seats: []string{"Chika", "Dai"}, Options: noir.Config{}, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	st.Close()

	f, out, errOut := testFactory(t)
	if code := run(f, []string{"tables", "--state", dir}); code != 0 {
		t.Fatalf("tables: exit %d: %s", code, errOut)
	}
	s := out.String()
	for _, w := range []string{played.ID() + "  Noir: Killer vs Inspector  Aki, Ben", "in play, waiting for Aki (1 action)",
		idle.ID() + "  Noir: Killer vs Inspector  Chika, Dai", "not started"} {
		if !strings.Contains(s, w) {
			t.Errorf("tables lacks %q:\n%s", w, s)
		}
	}

	release, err := holdLog(st.LogPath(played.ID()))
	if err != nil {
		t.Fatal(err)
	}
	f, _, errOut = testFactory(t)
	if code := run(f, []string{"tables", "drop", played.ID(), "--state", dir}); code == 0 || !strings.Contains(errOut.String(), "being served") {
		t.Errorf("dropping a served table: exit %d, %q", code, errOut)
	}
	release()
	for _, bad := range []string{"20990101-0000-000000", "../tables/" + idle.ID()} {
		f, _, errOut = testFactory(t)
		if code := run(f, []string{"tables", "drop", bad, "--state", dir}); code == 0 || errOut.Len() == 0 {
			t.Errorf("drop %q: exit %d, stderr %q: want a refusal that says why", bad, code, errOut)
		}
	}
	f, out, _ = testFactory(t)
	if code := run(f, []string{"tables", "drop", played.ID(), "--state", dir}); code != 0 || !strings.Contains(out.String(), "archive") {
		t.Fatalf("drop: exit %d: %s", code, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "archive", played.ID()+".jsonl")); err != nil {
		t.Errorf("the dropped log is not in the archive: %v", err)
	}
	f, out, _ = testFactory(t)
	run(f, []string{"tables", "--state", dir, "--lang", "ja"})
	if strings.Contains(out.String(), played.ID()) || !strings.Contains(out.String(), "未開始") {
		t.Errorf("after the drop:\n%s", out)
	}

}

// resume without a table id brings back the tables in play and names,
// without bringing it back, one that was started and never played.
func TestResumeLeavesOutNeverPlayed(t *testing.T) {
	dir := t.TempDir()
	st, err := moderator.NewStore(dir, func() time.Time { return fixedNow })
	if err != nil {
		t.Fatal(err)
	}
	played, _ := st.Create(moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: 1})
	if _, err := played.Act(noir.Killer, "draw", -1); err != nil {
		t.Fatal(err)
	}
	idle, _ := st.Create(moderator.NewTableSpec{Game: "noir", Seats: []string{"Chika", "Dai"}, Options: noir.Config{}, Seed: 2})
	st.Close()
	f, out, errOut := testFactory(t)
	sig := make(chan os.Signal, 1)
	sig <- os.Interrupt // stop as soon as it serves
	f.SignalNotify = func() (<-chan os.Signal, func()) { return sig, func() {} }
	if code := run(f, []string{"resume", "--state", dir}); code != 0 {
		t.Fatalf("resume: exit %d: %s", code, errOut)
	}
	if !strings.Contains(out.String(), "resumed "+played.ID()) || strings.Contains(out.String(), "resumed "+idle.ID()) {
		t.Errorf("resume brought back:\n%s", out)
	}
	if !strings.Contains(errOut.String(), "left out "+idle.ID()+" (noir: Chika, Dai): never played") {
		t.Errorf("resume does not name the never-played table:\n%s", errOut)
	}
}

// `tables drop ""` is refused with the reason, never taken for a list;
// the list names Noir's variant, as every list does (issue 24 items 8, 9).
func TestTablesDropEmptyAndVariant(t *testing.T) {
	dir := t.TempDir()
	st, err := moderator.NewStore(dir, func() time.Time { return fixedNow })
	if err != nil {
		t.Fatal(err)
	}
	auto, err := st.Create(moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{Variant: noir.Automata}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	cards, err := st.Create(moderator.NewTableSpec{Game: "noir", Seats: []string{"Chika", "Dai"}, Options: noir.Config{}, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	for _, c := range []struct{ lang, auto, cards, empty string }{
		{"en", "Noir (Automata)", "Noir: Killer vs Inspector", "tables drop needs a table id"},
		{"ja", "ノワール（オートマタ版）", "ノワール：殺人鬼vs捜査官", "テーブルIDが必要です"},
	} {
		f, out, errOut := testFactory(t)
		if code := run(f, []string{"tables", "--state", dir, "--lang", c.lang}); code != 0 {
			t.Fatalf("tables: exit %d: %s", code, errOut)
		}
		for _, w := range []string{auto.ID() + "  " + c.auto + "  Aki, Ben", cards.ID() + "  " + c.cards + "  Chika, Dai"} {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%s: tables lacks %q:\n%s", c.lang, w, out)
			}
		}
		for _, id := range []string{"", "  "} {
			f, out, errOut = testFactory(t)
			code := run(f, []string{"tables", "drop", id, "--state", dir, "--lang", c.lang})
			if code == 0 || !strings.Contains(errOut.String(), c.empty) || strings.Contains(out.String(), auto.ID()) {
				t.Errorf("%s: tables drop %q: exit %d, stdout %q, stderr %q: want a refusal that says why", c.lang, id, code, out, errOut)
			}
		}
	}
}
