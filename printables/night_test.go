package printables

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"codeberg.org/go-pdf/fpdf"

	"tablemaster/engine"
	_ "tablemaster/engine/noir" // its catalogue: the Noir game's words
	"tablemaster/engine/superrock"
)

// testNight is a night of three games: a Super Rock game over, with
// grades (SR-43), a Noir game over, won by the Inspector, and a Super Rock
// game still running, where only an exposed character is public. The
// words are those the games' faces give (moderator/superrock,
// moderator/noir).
func testNight(t *testing.T) Night {
	t.Helper()
	d := superrock.Default()
	char := func(id string) (*engine.Msg, engine.Msg) {
		for _, c := range d.Characters {
			if c.ID == id {
				name := engine.M(c.NameKey())
				return &name, engine.M(c.Attr.Key())
			}
		}
		t.Fatalf("no character %s", id)
		return nil, engine.Msg{}
	}
	player := func(name, id string, dead bool, grade string) NightPlayer {
		p := NightPlayer{Name: name, Grade: grade, Won: grade == "A" || grade == "B"}
		attr := engine.M("sr.night.none")
		if id != "" {
			p.Role, attr = char(id)
		}
		state := engine.M("sr.night.alive")
		if dead {
			state = engine.M("sr.night.dead")
		}
		p.Columns = []engine.Msg{attr, state}
		return p
	}
	sr := func(g NightGame) NightGame {
		g.Game, g.RoleHead, g.Graded = engine.M("sr.name"), engine.M("sr.night.character"), true
		g.Columns = []engine.Msg{engine.M("sr.night.attr"), engine.M("sr.night.state")}
		return g
	}
	side := func(key string) *engine.Msg { m := engine.M(key); return &m }
	zone := time.FixedZone("JST", 9*3600)
	hubs := engine.M("sr.end.hubs")
	arrested := engine.M("noir.win.arrested")
	day := time.Date(2025, 1, 2, 0, 0, 0, 0, zone)
	legend := engine.M("sr.night.legend")
	for _, g := range []string{"a", "b", "c", "d"} {
		legend = legend.With(g, engine.M("sr.grade."+strings.ToUpper(g)))
	}
	return Night{
		Date: day, Start: day.Add(6 * time.Hour), End: day.Add(30 * time.Hour),
		Games: []NightGame{
			sr(NightGame{Table: "20250102-2015-a1b2c3", Start: day.Add(20*time.Hour + 15*time.Minute), Over: true,
				Result: &hubs,
				Players: []NightPlayer{
					player("Aki", "locke1", false, "A"), player("Ben", "nagato", true, "D"),
					player("Chika", "raisa", true, "B"), player("Dai", "elmi", false, "C"),
					player("Eri", "rag", false, "A"), player("Fumi", "amazona", false, "C"),
				}}),
			{Table: "20250102-2250-0a0b0c", Game: engine.M("noir.name"), Start: day.Add(22*time.Hour + 50*time.Minute),
				Over: true, Result: &arrested, RoleHead: engine.M("noir.night.side"),
				Columns: []engine.Msg{engine.M("noir.night.identity")},
				Players: []NightPlayer{
					{Name: "Ben", Role: side("noir.role.killer"), Columns: []engine.Msg{engine.M("noir.night.card", "suspect", "Dora", "card", "♠7")}},
					{Name: "Fumi", Role: side("noir.role.inspector"), Won: true, Columns: []engine.Msg{engine.M("noir.night.card", "suspect", "Ivy", "card", "♥Q")}},
				}},
			sr(NightGame{Table: "20250103-0040-d4e5f6", Start: day.Add(24*time.Hour + 40*time.Minute),
				Status: engine.M("sr.night.ph.play"),
				Players: []NightPlayer{
					player("Aki", "", false, ""), player("ベン", "", true, ""), player("Chika", "jessica", false, ""),
					player("Dai", "", false, ""), player("Eri", "", false, ""),
				}}),
		},
		Grades: []string{"A", "B", "C", "D"},
		Totals: []NightTotal{
			{Name: "Aki", Games: 2, Wins: 1, Grades: []int{1, 0, 0, 0}},
			{Name: "Eri", Games: 2, Wins: 1, Grades: []int{1, 0, 0, 0}},
			{Name: "Fumi", Games: 2, Wins: 1, Grades: []int{0, 0, 1, 0}},
			{Name: "Chika", Games: 2, Wins: 1, Grades: []int{0, 1, 0, 0}},
			{Name: "Dai", Games: 2, Grades: []int{0, 0, 1, 0}},
			{Name: "Ben", Games: 2, Grades: []int{0, 0, 0, 1}},
			{Name: "ベン", Games: 1, Grades: []int{0, 0, 0, 0}},
		},
		Notes: []engine.Msg{legend},
	}
}

// SR-43: the night sheet as text, for the terminal, in both languages.
func TestNightSheetSR43TextGolden(t *testing.T) {
	n := testNight(t)
	for _, l := range engine.Langs {
		var b bytes.Buffer
		if err := n.Text(&b, Options{Lang: l}); err != nil {
			t.Fatal(err)
		}
		golden(t, "night-"+string(l)+".txt", b.Bytes())
		if strings.Contains(b.String(), "⟨") {
			t.Errorf("%s: a word is missing from the catalogue:\n%s", l, b.String())
		}
	}
}

// SR-43: the night sheet as one self-contained HTML page.
func TestNightSheetSR43HTMLGolden(t *testing.T) {
	n := testNight(t)
	for _, l := range engine.Langs {
		var b bytes.Buffer
		if err := n.Write(&b, HTML, Options{Lang: l, Paper: A4}); err != nil {
			t.Fatal(err)
		}
		golden(t, n.FileName(l, HTML), b.Bytes())
		selfContained(t, b.String())
	}
}

// SR-43: pdftotext finds every word of the night sheet, on one page inside
// the printable area, with the grades, a secret character and the totals.
func TestNightSheetSR43PDFText(t *testing.T) {
	pdftotext := poppler(t, "pdftotext")
	n := testNight(t)
	dir := t.TempDir()
	for _, l := range engine.Langs {
		for _, p := range papers {
			path := filepath.Join(dir, "night-"+string(l)+"-"+p.String()+".pdf")
			var b bytes.Buffer
			if err := n.Write(&b, PDF, Options{Lang: l, Paper: p}); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			got := squash(string(run(t, pdftotext, "-raw", "-enc", "UTF-8", path, "-")))
			want := append(texts(n.Doc(l)), n.footer(l))
			if l == engine.EN {
				want = append(want, "Locke 1", "Nagato", "(secret)", "All four hubs are destroyed", "Not finished", "20:15", "00:40")
			} else {
				want = append(want, "ロック1", "ナガト", "（非公開）", "未終了", "ベン")
			}
			for _, w := range want {
				if !strings.Contains(got, squash(w)) {
					t.Errorf("%s: pdftotext does not find %q", filepath.Base(path), w)
				}
			}
			checkInside(t, run(t, pdftotext, "-bbox", path, "-"), 1)
		}
	}
}

// Every character of the night sheet is in the embedded font.
func TestNightSheetGlyphs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "font.ttf")
	if err := os.WriteFile(path, ipaex, 0o644); err != nil {
		t.Fatal(err)
	}
	font, err := fpdf.TtfParse(path)
	if err != nil {
		t.Fatal(err)
	}
	n := testNight(t)
	n.Games = nil
	for _, l := range engine.Langs {
		all := append(texts(testNight(t).Doc(l)), texts(n.Doc(l))...)
		all = append(all, n.footer(l))
		for _, s := range all {
			for _, r := range s {
				if _, ok := font.Chars[uint16(r)]; r != ' ' && (!ok || r > 0xffff) {
					t.Errorf("%s: IPAex Gothic has no glyph for %q in %q", l, r, s)
				}
			}
		}
	}
}

// A night with no game says so.
func TestNightSheetEmpty(t *testing.T) {
	n := testNight(t)
	n.Games, n.Totals = nil, nil
	var b bytes.Buffer
	if err := n.Text(&b, Options{Lang: engine.EN}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "No game was played this night.") {
		t.Errorf("empty night:\n%s", b.String())
	}
	if got := n.FileName(engine.JA, PDF); got != "night-2025-01-02-ja.pdf" {
		t.Errorf("FileName = %s, want night-2025-01-02-ja.pdf", got)
	}
}

// Terminal columns line up with Japanese names, which take two columns.
func TestTextWidth(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want int
	}{{"Aki", 3}, {"ベン", 4}, {"ロック1", 7}, {"（非公開）", 10}, {"ｱｷ", 2}, {"Locke 1", 7}} {
		if got := textWidth(tt.s); got != tt.want {
			t.Errorf("textWidth(%q) = %d, want %d", tt.s, got, tt.want)
		}
	}
}
