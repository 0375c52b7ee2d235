package moderator

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	srface "tablemaster/moderator/superrock"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/ayatsuri"
	"tablemaster/engine/noir"
	"tablemaster/engine/superrock"
)

// nightZone is the tables' local time: a night is local (NightStartHour).
var nightZone = time.FixedZone("JST", 9*3600)

// nightAt is a local time on January 2025.
func nightAt(day, hour, min int) time.Time {
	return time.Date(2025, 1, day, hour, min, 0, 0, nightZone)
}

// nightClock is a clock the test moves by hand.
type nightClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *nightClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *nightClock) set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

// nightStore is a state folder whose clock the test sets.
func nightStore(t *testing.T) (*Store, *nightClock) {
	t.Helper()
	clock := &nightClock{t: nightAt(2, 19, 0)}
	st, err := NewStore(t.TempDir(), clock.now)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	return st, clock
}

var nightSeats = []string{"Aki", "Ben", "Chika", "Dai", "Eri", "Fumi", "Gen"}

// srTable starts a Super Rock table at the clock's time.
func srTable(t *testing.T, st *Store, seats []string, cfg superrock.Config, seed uint64) *Table {
	t.Helper()
	cfg.Players = seats
	tb, err := st.Create(NewTableSpec{Game: "superrock", Seats: seats, Seed: seed, Addr: "127.0.0.1", Port: 8080,
		Options: srface.NewOptions(cfg, "")})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func nightPublic(tb *Table) superrock.PublicView {
	return tb.Snapshot(engine.Public).View.(superrock.PublicView)
}

// nightChars is the character id each seat holds now ("" before the deal).
func nightChars(tb *Table) []string {
	var out []string
	for s := range tb.Header().Seats {
		v := tb.Snapshot(engine.Seat(s)).View.(superrock.View)
		id := ""
		if v.Character != nil {
			id = v.Character.ID
		}
		out = append(out, id)
	}
	return out
}

// nightPrepare plays the preparation with seeded random legal choices until
// play starts: everyone keeps, except that the seats in reject reject
// their first deal when they may. It returns the characters rejected.
func nightPrepare(t *testing.T, tb *Table, seed uint64, reject ...engine.Seat) map[engine.Seat]string {
	t.Helper()
	r := engine.NewRand(seed)
	rejected := map[engine.Seat]string{}
	for i := 0; nightPublic(tb).Phase != "play"; i++ {
		if i > 1000 {
			t.Fatalf("the preparation does not end: phase %s", nightPublic(tb).Phase)
		}
		for s := range tb.Header().Seats {
			seat := engine.Seat(s)
			cs := tb.Legal(seat)
			if len(cs) == 0 {
				continue
			}
			var pick string
			var some []string
			for _, c := range cs {
				a := string(c.Action)
				switch {
				case a == "reject" && slices.Contains(reject, seat) && rejected[seat] == "":
					rejected[seat] = nightChars(tb)[s]
					pick = a
				case a == "keep" && pick == "":
					pick = a
				case a != "reject" && !strings.HasPrefix(a, "switch"):
					some = append(some, a)
				}
			}
			if pick == "" {
				pick = some[r.IntN(len(some))]
			}
			if _, err := tb.Act(seat, pick, -1); err != nil {
				t.Fatalf("%s: %s: %v", nightSeats[s], pick, err)
			}
			break
		}
	}
	return rejected
}

// nightAct plays actions as seat s.
func nightAct(t *testing.T, tb *Table, s engine.Seat, actions ...string) {
	t.Helper()
	for _, a := range actions {
		if _, err := tb.Act(s, a, -1); err != nil {
			t.Fatalf("Act(%d, %q) = %v", s, a, err)
		}
	}
}

// nightFinish ends a game in play: the hubs fall (SR-42) and the table says
// every own condition asked for was met, or not for the names in lost.
func nightFinish(t *testing.T, tb *Table, lost ...string) {
	t.Helper()
	nightAct(t, tb, 0, "end nova")
	for i := 0; nightPublic(tb).Phase == "confirm"; i++ {
		if i > 20 {
			t.Fatal("the confirmations do not end")
		}
		c := tb.Legal(0)[0] // "own NAME won" for the first player asked
		name := strings.TrimSuffix(strings.TrimPrefix(string(c.Action), "own "), " won")
		verdict := " won"
		if slices.Contains(lost, name) {
			verdict = " lost"
		}
		nightAct(t, tb, 0, "own "+name+verdict)
	}
	if !nightPublic(tb).Over {
		t.Fatalf("the game is not over: phase %s", nightPublic(tb).Phase)
	}
}

func nightPlayed(t *testing.T, dir string, players []string, now time.Time) ([][]string, []Skipped) {
	t.Helper()
	got, skipped, err := NightMemory(dir, "superrock", players, now)
	if err != nil {
		t.Fatalf("NightMemory = %v", err)
	}
	return got, skipped
}

func TestNightOfSR13StartsAtSix(t *testing.T) {
	for _, tt := range []struct {
		t    time.Time
		want string
	}{
		{nightAt(2, 6, 0), "2025-01-02"},
		{nightAt(2, 19, 0), "2025-01-02"},
		{nightAt(2, 23, 59), "2025-01-02"},
		{nightAt(3, 0, 40), "2025-01-02"}, // past midnight: still the same night
		{nightAt(3, 5, 59), "2025-01-02"},
		{nightAt(3, 6, 0), "2025-01-03"},
		{nightAt(1, 5, 30), "2024-12-31"},
	} {
		n := NightOf(tt.t)
		if n.String() != tt.want || !n.Contains(tt.t) {
			t.Errorf("NightOf(%v) = %v (%v – %v), want %s containing it", tt.t, n, n.Start, n.End, tt.want)
		}
	}
	n, err := ParseNight("2025-01-02", nightZone)
	if err != nil || !n.Start.Equal(nightAt(2, 6, 0)) || !n.End.Equal(nightAt(3, 6, 0)) {
		t.Errorf("ParseNight(2025-01-02) = %v – %v, %v", n.Start, n.End, err)
	}
	if _, err := ParseNight("2/1/2025", nightZone); err == nil {
		t.Errorf("ParseNight(2/1/2025) = nil error, want one")
	}
}

// SR-13: what each player played in two games tonight, names matched
// trimmed and ignoring case; the character each kept counts.
func TestPlayedTonightSR13TwoGames(t *testing.T) {
	st, clock := nightStore(t)
	g1 := srTable(t, st, nightSeats, superrock.Config{}, 1)
	nightPrepare(t, g1, 1)
	c1 := nightChars(g1)
	nightFinish(t, g1)

	clock.set(nightAt(2, 21, 30))
	seats2 := []string{" aki", "BEN", "Hana", "Ichi", "Jun", "Chika ", "Kei"}
	g2 := srTable(t, st, seats2, superrock.Config{}, 2)
	nightPrepare(t, g2, 2)
	c2 := nightChars(g2) // g2 is still running: its log is read as it is written

	got, skipped := nightPlayed(t, st.Dir(), []string{"AKI", "ben", "Chika", "Dai", "Zoe", "hana"}, nightAt(2, 23, 0))
	want := [][]string{
		addID([]string{c1[0]}, c2[0]),
		addID([]string{c1[1]}, c2[1]),
		addID([]string{c1[2]}, c2[5]),
		{c1[3]},
		nil,
		{c2[2]},
	}
	if !reflect.DeepEqual(got, want) || skipped != nil {
		t.Errorf("PlayedTonight = %v, %v, want %v, none skipped", got, skipped, want)
	}
	// Before the second table was created, only the first counts.
	got, _ = nightPlayed(t, st.Dir(), []string{"Aki"}, nightAt(2, 21, 0))
	if !reflect.DeepEqual(got, [][]string{{c1[0]}}) {
		t.Errorf("PlayedTonight at 21:00 = %v, want %v", got, [][]string{{c1[0]}})
	}
}

// SR-13: a rejected deal does not count: only the character kept after the
// new deal is played.
func TestPlayedTonightSR13RejectedDealDoesNotCount(t *testing.T) {
	st, _ := nightStore(t)
	var all []string
	for _, c := range superrock.Default().Characters {
		all = append(all, c.ID)
	}
	// Aki "played every character earlier": the reject applies to any.
	tb := srTable(t, st, nightSeats, superrock.Config{PlayedTonight: [][]string{all}}, 3)
	rejected := nightPrepare(t, tb, 3, 0)
	kept := nightChars(tb)
	if rejected[0] == "" || nightPublic(tb).Deals != 2 {
		t.Fatalf("Aki did not reject: rejected %v, %d deals", rejected, nightPublic(tb).Deals)
	}
	if rejected[0] == kept[0] {
		t.Fatalf("seed 3 deals Aki %s twice; pick another seed", kept[0])
	}
	got, _ := nightPlayed(t, st.Dir(), nightSeats, nightAt(2, 23, 0))
	for s := range nightSeats {
		if !reflect.DeepEqual(got[s], []string{kept[s]}) {
			t.Errorf("PlayedTonight[%s] = %v, want %v (the rejected deal gave Aki %s)", nightSeats[s], got[s], kept[s], rejected[0])
		}
	}
}

// SR-13 with SR-34: a character received by transformation was played
// too; a transformation that was undone was not.
func TestPlayedTonightSR13Transformation(t *testing.T) {
	st, _ := nightStore(t)
	tb := srTable(t, st, nightSeats, superrock.Config{}, 4)
	nightPrepare(t, tb, 4)
	before := nightChars(tb)
	nightAct(t, tb, 1, "transform")
	after := nightChars(tb)
	// Chika transforms, then undoes it: the draw was public, so everyone
	// agrees (DESIGN.md principle 4)…
	nightAct(t, tb, 2, "transform")
	undone := nightChars(tb)[2]
	if done, err := tb.RequestUndo(2); done || err != nil {
		t.Fatalf("RequestUndo(Chika) = %v, %v, want a request", done, err)
	}
	for _, s := range tb.Snapshot(engine.Public).Undo.Waiting {
		if _, err := tb.ConfirmUndo(s, true); err != nil {
			t.Fatalf("ConfirmUndo(%d) = %v", s, err)
		}
	}
	if nightChars(tb)[2] != before[2] {
		t.Fatalf("the undo left Chika with %s, want %s", nightChars(tb)[2], before[2])
	}
	// …and Ben transforms a second time.
	nightAct(t, tb, 1, "transform")
	again := nightChars(tb)
	if before[1] == after[1] || after[1] == again[1] || nightChars(tb)[2] != before[2] {
		t.Fatalf("characters %v → %v → %v", before, after, again)
	}
	got, _ := nightPlayed(t, st.Dir(), nightSeats, nightAt(2, 23, 0))
	if want := []string{before[1], after[1], again[1]}; !reflect.DeepEqual(got[1], want) {
		t.Errorf("PlayedTonight[Ben] = %v, want %v", got[1], want)
	}
	if want := []string{before[2]}; !reflect.DeepEqual(got[2], want) {
		t.Errorf("PlayedTonight[Chika] = %v, want %v: the undone transformation to %s does not count", got[2], want, undone)
	}
}

// SR-13: the night runs from 06:00 to 06:00 local time in one state
// folder. Games of the night before, of the next night, or of another
// state folder do not count; a game at 01:30 belongs to the night before.
func TestPlayedTonightSR13NightAndFolder(t *testing.T) {
	st, clock := nightStore(t)
	game := func(when time.Time, seed uint64) []string {
		clock.set(when)
		tb := srTable(t, st, nightSeats, superrock.Config{}, seed)
		nightPrepare(t, tb, seed)
		return nightChars(tb)
	}
	early := game(nightAt(2, 5, 30), 5)     // the night of the 1st
	evening := game(nightAt(2, 20, 0), 6)   // the night of the 2nd
	lateNight := game(nightAt(3, 1, 30), 7) // still the night of the 2nd
	next := game(nightAt(3, 19, 0), 8)      // the night of the 3rd

	other, err := NewStore(t.TempDir(), func() time.Time { return nightAt(2, 21, 0) })
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	nightPrepare(t, srTable(t, other, nightSeats, superrock.Config{}, 9), 9)

	got, _ := nightPlayed(t, st.Dir(), []string{"Aki"}, nightAt(3, 2, 0))
	if want := addID([]string{evening[0]}, lateNight[0]); !reflect.DeepEqual(got[0], want) {
		t.Errorf("PlayedTonight at 02:00 on the 3rd = %v, want %v (not %s of the night before)", got[0], want, early[0])
	}
	got, _ = nightPlayed(t, st.Dir(), []string{"Aki"}, nightAt(2, 12, 0))
	if got[0] != nil {
		t.Errorf("PlayedTonight at noon on the 2nd = %v, want none (the 05:30 game was the night of the 1st)", got[0])
	}
	got, _ = nightPlayed(t, st.Dir(), []string{"Aki"}, nightAt(3, 23, 0))
	if want := []string{next[0]}; !reflect.DeepEqual(got[0], want) {
		t.Errorf("PlayedTonight on the 3rd = %v, want %v", got[0], want)
	}
	got, _ = nightPlayed(t, other.Dir(), []string{"Aki"}, nightAt(2, 23, 0))
	if len(got[0]) != 1 {
		t.Errorf("PlayedTonight in the other folder = %v, want its one game", got[0])
	}
}

// SR-13: a half-written last line, a damaged or foreign file, and logs of
// other games never make it fail; each problem is reported, the other
// games' logs are passed over quietly, and no file is changed.
func TestPlayedTonightSR13DamagedAndForeignFiles(t *testing.T) {
	st, clock := nightStore(t)
	good := srTable(t, st, nightSeats, superrock.Config{}, 10)
	nightPrepare(t, good, 10)
	want := nightChars(good)

	// A table cut short by a crash in the middle of a line.
	clock.set(nightAt(2, 20, 0))
	cut := srTable(t, st, nightSeats, superrock.Config{}, 11)
	nightPrepare(t, cut, 11)
	wantCut := nightChars(cut)
	cutPath := st.LogPath(cut.ID())
	nightAppend(t, cutPath, `{"t":"act","at":"2025-01-02T10:00:00Z","seat":1,"a":"transf`)

	// A log damaged in the middle: the moderator refuses it too.
	log, err := os.ReadFile(st.LogPath(good.ID()))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(log), "\n")
	broken := strings.Join(lines[:2], "") + "{garbage\n" + strings.Join(lines[2:], "")
	nightWrite(t, filepath.Join(st.Dir(), "tables", "broken.jsonl"), broken)
	nightWrite(t, filepath.Join(st.Dir(), "tables", "notes.jsonl"), "Aki owes Ben a drink\n")
	nightWrite(t, filepath.Join(st.Dir(), "tables", "empty.jsonl"), "")
	nightWrite(t, filepath.Join(st.Dir(), "tables", "README.txt"), "not a log\n")

	// Noir and Ayatsuri tables of tonight, with an Aki.
	if _, err := st.Create(NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	ay, err := st.Create(NewTableSpec{Game: "ayatsuri", Seats: ayPlayers[:4], Seed: 1, Options: ayatsuri.Config{Players: ayPlayers[:4]}})
	if err != nil {
		t.Fatal(err)
	}
	r := engine.NewRand(1)
	for i := 0; i < 10 && ayStep(t, ay, r); i++ {
	}

	files := nightFiles(t, filepath.Join(st.Dir(), "tables"))
	got, skipped := nightPlayed(t, st.Dir(), []string{"aki", "Ben"}, nightAt(2, 23, 0))
	if w := [][]string{addID([]string{want[0]}, wantCut[0]), addID([]string{want[1]}, wantCut[1])}; !reflect.DeepEqual(got, w) {
		t.Errorf("PlayedTonight = %v, want %v", got, w)
	}
	reasons := map[string]Skipped{}
	for _, s := range skipped {
		reasons[filepath.Base(s.File)] = s
	}
	for name, want := range map[string]string{
		filepath.Base(cutPath): "half-written",
		"broken.jsonl":         "corrupt log: line 3",
		"notes.jsonl":          "not a table log",
		"empty.jsonl":          "not a table log",
	} {
		s, ok := reasons[name]
		if !ok || !strings.Contains(s.String(), want) {
			t.Errorf("skipped %s: %q, want a reason with %q", name, s, want)
		}
		if s.Partial != (want == "half-written") {
			t.Errorf("skipped %s: Partial = %v", name, s.Partial)
		}
	}
	if len(skipped) != 4 {
		t.Errorf("skipped %v, want only the four damaged files (not the noir and ayatsuri logs)", skipped)
	}
	if after := nightFiles(t, filepath.Join(st.Dir(), "tables")); !reflect.DeepEqual(after, files) {
		t.Errorf("reading the night changed the files")
	}
	if _, _, err := NightMemory(filepath.Join(t.TempDir(), "new"), "superrock", []string{"Aki"}, nightAt(2, 23, 0)); err != nil {
		t.Errorf("a state folder without tables: %v, want no error", err)
	}
}

// SR-43 on the night sheet: per game the players' characters, alive or
// dead and grades; an unfinished game shows only public characters; per
// player the games, wins and grades.
func TestNightSheetSR43GradesAndTotals(t *testing.T) {
	st, clock := nightStore(t)
	g1 := srTable(t, st, nightSeats, superrock.Config{}, 12)
	nightPrepare(t, g1, 12)
	nightAct(t, g1, 0, "dies Ben")
	nightFinish(t, g1, "Chika")

	clock.set(nightAt(3, 0, 15))
	seats2 := []string{"aki", "Ben", "Chika", "Dai", "Eri", "Fumi", "Hana"}
	g2 := srTable(t, st, seats2, superrock.Config{}, 13)
	nightPrepare(t, g2, 13)
	nightAct(t, g2, 0, "dies Aki")
	nightFinish(t, g2)

	clock.set(nightAt(3, 2, 0))
	g3 := srTable(t, st, nightSeats, superrock.Config{}, 14)
	nightPrepare(t, g3, 14)
	nightAct(t, g3, 3, "expose")

	sheet, skipped, err := Night(st.Dir(), NightOf(nightAt(3, 3, 0)))
	if err != nil || skipped != nil {
		t.Fatalf("Night = %v, %v", skipped, err)
	}
	if len(sheet.Games) != 3 {
		t.Fatalf("%d games, want 3", len(sheet.Games))
	}
	want := map[string]*NightTotal{}
	for i, tb := range []*Table{g1, g2, g3} {
		pv := nightPublic(tb)
		g := sheet.Games[i]
		if g.Table != tb.ID() || g.Over != pv.Over || len(g.Players) != len(pv.Players) {
			t.Fatalf("game %d: %s over %v with %d players, want %s over %v", i+1, g.Table, g.Over, len(g.Players), tb.ID(), pv.Over)
		}
		for s, p := range g.Players {
			v := tb.Snapshot(engine.Seat(s)).View.(superrock.View)
			dead := len(p.Columns) == 2 && p.Columns[1].Key == "sr.night.dead"
			if p.Name != pv.Players[s].Name || dead != pv.Players[s].Dead || p.Grade != v.Players[s].Grade {
				t.Errorf("game %d, %s: %+v, want dead %v grade %q", i+1, p.Name, p, pv.Players[s].Dead, v.Players[s].Grade)
			}
			public := pv.Players[s].Character != nil
			if public != (p.Role != nil) || public != (p.Columns[0].Key != "sr.night.none") {
				t.Errorf("game %d, %s: character shown %v, want %v (public)", i+1, p.Name, p.Role != nil, public)
			}
			if p.Role != nil && (p.Role.Key != v.Character.Name.Key || p.Columns[0].Key != v.Character.AttrName.Key) {
				t.Errorf("game %d, %s: character %v %v, want %v %v", i+1, p.Name, p.Role, p.Columns[0], v.Character.Name, v.Character.AttrName)
			}
			k := strings.ToLower(p.Name)
			if want[k] == nil {
				want[k] = &NightTotal{Name: p.Name, Grades: make([]int, 4)}
			}
			want[k].Games++
			if p.Grade != "" {
				want[k].Grades[strings.Index("ABCD", p.Grade)]++
				if p.Grade <= "B" {
					want[k].Wins++
				}
			}
			if p.Won != (p.Grade != "" && p.Grade <= "B") {
				t.Errorf("game %d, %s: won %v with grade %q", i+1, p.Name, p.Won, p.Grade)
			}
		}
	}
	for i, g := range sheet.Games {
		if over := i < 2; g.Over != over || (g.Result != nil) != over || g.Result != nil && g.Result.Key != "sr.end.nova" {
			t.Errorf("game %d: over %v, result %v, want over %v", i+1, g.Over, g.Result, over)
		}
	}
	if p := sheet.Games[2].Status; p.Key != "sr.night.ph.play" {
		t.Errorf("game 3: status %v, want in play", p)
	}
	// In the running game only Dai's exposed character is public.
	for _, p := range sheet.Games[2].Players {
		if (p.Role != nil) != (p.Name == "Dai") || p.Grade != "" {
			t.Errorf("unfinished game, %s: %+v", p.Name, p)
		}
	}
	if g := sheet.Games[0]; g.Players[1].Grade != "B" && g.Players[1].Grade != "D" || g.Players[2].Grade == "A" || g.Players[2].Grade == "B" {
		t.Errorf("game 1: Ben (dead) %s, Chika (own condition not met) %s", g.Players[1].Grade, g.Players[2].Grade)
	}
	if len(sheet.Totals) != 8 {
		t.Errorf("%d totals, want 8 players", len(sheet.Totals))
	}
	for i, tot := range sheet.Totals {
		w := want[strings.ToLower(tot.Name)]
		if w == nil || !reflect.DeepEqual(tot, *w) {
			t.Errorf("total %+v, want %+v", tot, w)
		}
		if i > 0 && tot.Wins > sheet.Totals[i-1].Wins {
			t.Errorf("totals not sorted by wins: %+v after %+v", tot, sheet.Totals[i-1])
		}
	}
	if tot := want["aki"]; tot.Name != "Aki" || tot.Games != 3 {
		t.Errorf("Aki's total %+v, want 3 games under the first spelling", tot)
	}
	// The next night has none of these.
	next, _, err := Night(st.Dir(), NightOf(nightAt(3, 12, 0)))
	if err != nil || len(next.Games) != 0 || len(next.Totals) != 0 {
		t.Errorf("Night of the 3rd = %+v, %v, want no game", next, err)
	}
}

func nightAppend(t *testing.T, path, text string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

func nightWrite(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

// nightFiles is every file of a folder, by name.
func nightFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = string(b)
	}
	return out
}
