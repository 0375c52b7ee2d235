package superrock

import (
	"errors"
	"strings"
	"testing"

	"tablemaster/engine"
)

// SR-1, SR-2, SR-3, SR-4 and tables 7.1–7.3: the embedded KMC data holds what the
// rulebook says.
func TestSR1to4DefaultData(t *testing.T) {
	d := Default()
	if len(d.Characters) != 27 {
		t.Errorf("SR-1: %d characters, want 27", len(d.Characters))
	}
	tot := d.SilhouetteTotals()
	if tot[Good] != 35 || tot[Evil] != 13 || tot[Special] != 12 {
		t.Errorf("SR-2: silhouettes G %d E %d S %d, want 35 13 12", tot[Good], tot[Evil], tot[Special])
	}
	if n := d.PlanetDeckSize(); n != 81 {
		t.Errorf("planet deck of %d cards, want 81 (appendix C)", n)
	}
	// SR-25: the secret base deck, 60 cards with the four hubs first.
	base := 0
	for _, c := range d.BaseCards {
		base += c.Count
	}
	var hubs []string
	for _, i := range d.HubCards() {
		hubs = append(hubs, engine.JA.S(d.BaseCards[i].NameKey()))
	}
	if base != 60 || strings.Join(hubs, " ") != "指令室 研究室 コンピュータ・ルーム エネルギー・ルーム" {
		t.Errorf("SR-25: %d secret base cards, hubs %v; want 60 (appendix C) and the four hubs", base, hubs)
	}
	l, g, e, s := d.Pools(false)
	if len(l) != 4 || len(g) != 8 || len(e) != 8 || len(s) != 7 {
		t.Errorf("SR-11 pools L %v G %v E %v S %v, want 4 8 8 7", l, g, e, s)
	}
	if l, g, _, _ := d.Pools(true); len(l) != 3 || len(g) != 9 {
		t.Errorf("SR-11 with Raisa in G: L %v G %v", l, g)
	}
	for _, tc := range []struct {
		players int
		want    Counts
	}{{6, Counts{1, 0, 2, 2, 1}}, {7, Counts{1, 0, 3, 2, 1}}, {8, Counts{1, 1, 3, 2, 1}}, {9, Counts{1, 1, 3, 2, 2}}} {
		if c, ok := d.CountsFor(tc.players); !ok || c != tc.want {
			t.Errorf("SR-10 table 7.1 CountsFor(%d) = %v, %v, want %v", tc.players, c, ok, tc.want)
		}
	}
	for _, n := range []int{5, 10} {
		if _, ok := d.CountsFor(n); ok {
			t.Errorf("SR-10: CountsFor(%d) found a row; the rulebook has none", n)
		}
	}
	if want := [6]ShadowRule{AllowOwn, AllowAny, AllowAny, AllowAny, AllowAny, AllowEvil}; d.Shadow != want {
		t.Errorf("SR-14 table 7.2 = %v, want %v", d.Shadow, want)
	}
	for nb, want := range map[int]int{1: 6, 2: 6, 3: 6, 4: 4, 5: 3, 6: 3, 9: 3} {
		if got := d.PlanetCardsFor(nb); got != want {
			t.Errorf("SR-18 table 7.3 PlanetCardsFor(%d) = %d, want %d", nb, got, want)
		}
	}
	// SR-3: own silhouettes.
	for id, want := range map[string]string{"locke2": "locke", "raisa": "teo", "rag": "rag1 rag2", "rema": "rema1 rema2",
		"ran-g": "ran-g", "ran-eg": "ran-e", "grunberg-e": "grunberg-e", "grunberg-s": "grunberg-s",
		"stroheim-e": "stroheim-e", "stroheim-s": "stroheim-s", "wong": "wong", "leon": "leon"} {
		c, ok := d.Character(id)
		if !ok || strings.Join(c.Silhouettes, " ") != want {
			t.Errorf("SR-3: %s's silhouettes = %v, want %s", id, c.Silhouettes, want)
		}
	}
	hij, _ := d.Character("hijiri")
	if hij.Attr != Special || hij.Level != 0 || hij.Endurance != 7 || hij.Will != 7 || !hij.Release || !hij.Transform || hij.Married != "yes" {
		t.Errorf("SR-1: Yuki Hijiri = %+v", hij)
	}
	for _, c := range d.Characters {
		for _, k := range []string{c.NameKey(), c.NotesKey(), c.Attr.Key(), c.Attr.WinKey()} {
			if k != "" && !engine.Has(k) {
				t.Errorf("%s: catalogue key %s missing", c.ID, k)
			}
		}
	}
	if got := engine.JA.S(mustChar(t, d, "wong").NameKey()); got != "Dr.ウォン" {
		t.Errorf("JA name of wong = %q", got)
	}
}

func mustChar(t *testing.T, d *Data, id string) Character {
	t.Helper()
	c, ok := d.Character(id)
	if !ok {
		t.Fatalf("no character %s", id)
	}
	return c
}

// Parse of the embedded text gives the same keys as Default, and a copy
// under another name parses too.
func TestParseDefaultText(t *testing.T) {
	d, err := Parse("copy.txt", kmcText)
	if err != nil {
		t.Fatal(err)
	}
	if d.Characters[0].NameKey() != Default().Characters[0].NameKey() {
		t.Errorf("Parse(kmc text) keys %s, want %s", d.Characters[0].NameKey(), Default().Characters[0].NameKey())
	}
	// An edited file gets keys of its own, and both stay registered.
	edited := strings.Replace(string(kmcText), "| Locke 1      |", "| Locke One    |", 1)
	e, err := Parse("edited.txt", []byte(edited))
	if err != nil {
		t.Fatal(err)
	}
	if got := engine.EN.S(e.Characters[0].NameKey()); got != "Locke One" {
		t.Errorf("edited roster name = %q", got)
	}
	if got := engine.EN.S(Default().Characters[0].NameKey()); got != "Locke 1" {
		t.Errorf("default roster name = %q after loading another", got)
	}
	if _, err := Parse("edited.txt", []byte(edited)); err != nil {
		t.Errorf("parsing the same file twice: %v", err)
	}
}

// SR-4: the loader checks a data file and names the file and line of the
// first problem.
func TestSR4ParseErrors(t *testing.T) {
	src := string(kmcText)
	for _, tc := range []struct {
		name     string
		old, new string // replace old (first occurrence) with new
		line     string // the error is on the line holding this, after the edit
		key      string
	}{
		{"unknown section", "[shadow]", "[shadows]", "[shadows]", "sr.data.unknown_section"},
		{"missing section", "[shadow]\ndie | allows\n1   | own\n2   | any\n3   | any\n4   | any\n5   | any\n6   | evil\n", "", "", "sr.data.missing_section"},
		{"duplicate section", "[players]", "[silhouettes]", "", "sr.data.dup_section"},
		{"unknown column", "players | L |", "players | Q |", "players | Q |", "sr.data.unknown_column"},
		{"missing column", "die | allows", "die", "", "sr.data.missing_column"},
		{"field count", "6       | 1 | 0 | 2 | 2 | 1", "6       | 1 | 0 | 2 | 2", "6       | 1 | 0 | 2 | 2", "sr.data.field_count"},
		{"bad attribute", "| Riot         | E    |", "| Riot         | Q    |", "| Riot ", "sr.data.bad_value"},
		{"evil-good silhouette", "| Amazona       | E    |", "| Amazona       | E/G  |", "| Amazona       |", "sr.data.bad_value"},
		{"bad number", "| Nagato       | E    | M   | no      | 5  | 40 |", "| Nagato       | E    | M   | no      | five | 40 |", "| Nagato  ", "sr.data.bad_number"},
		{"zero endurance", "| Octavius     | E    | M   | no      | 4  | 10 | 2 ", "| Octavius     | E    | M   | no      | 4  | 10 | 0 ", "| Octavius     | E ", "sr.data.bad_number"},
		{"bad yes/no", "| 6  | 50 | 6   | 8    |         | ○ ", "| 6  | 50 | 6   | 8    |         | maybe ", "Locke 1 ", "sr.data.bad_bool"},
		{"duplicate id", "nagato     | ナガト", "riot       | ナガト", "| ナガト", "sr.data.dup_id"},
		{"duplicate name", "| Nagato       |", "| Riot         |", "| ナガト", "sr.data.dup_name"},
		{"bad id", "nagato     | ナガト", "Nagato!    | ナガト", "| ナガト", "sr.data.bad_id"},
		{"unknown silhouette", "| rag1 rag2   |", "| rag1 rag3   |", "rag1 rag3", "sr.data.no_such_silhouette"},
		{"empty name", "| ニア           | Nia          |", "|                | Nia          |", "| Nia          |", "sr.data.empty"},
		{"notes in one language", "| サイコポッド | Psycho-pod.", "| サイコポッド | ", "| サイコポッド |", "sr.data.notes_language"},
		{"silhouette count zero", "riot       | ライオット     | Riot          | E    | 2", "riot       | ライオット     | Riot          | E    | 0", "| Riot          | E    | 0", "sr.data.bad_number"},
		{"counts do not add up", "7       | 1 | 0 | 3 | 2 | 1", "7       | 1 | 0 | 3 | 2 | 2", "7       | 1 | 0 | 3 | 2 | 2", "sr.data.counts_sum"},
		{"pool too small", "9       | 1 | 1 | 3 | 2 | 2", "9       | 5 | 0 | 2 | 1 | 1", "9       | 5", "sr.data.pool_small"},
		{"die twice", "3   | any", "2   | any", "", "sr.data.dup_id"},
		{"die seven", "3   | any", "7   | any", "7   | any", "sr.data.bad_die"},
		{"bad shadow rule", "5   | any", "5   | good", "5   | good", "sr.data.bad_value"},
		{"table 7.3 gap", "4        | 4", "6        | 4", "6        | 4", "sr.data.base_rows"},
		{"table 7.3 open end", "5+       | 3", "5        | 3", "5        | 3", "sr.data.base_rows"},
		{"one ambush", "ambush-b        | 待ち伏せB                | Ambush B                    | ambush ", "ambush-b        | 待ち伏せB                | Ambush B                    | battle ", "", "sr.data.ambushes"},
		{"locke not good", "| Locke 2      | G ", "| Locke 2      | S ", "| Locke 2 ", "sr.data.locke_not_good"},
		{"row before a section", "# Characters (chapter 2", "stray\n# Characters (chapter 2", "stray", "sr.data.no_section"},
		{"bad base card kind", "corridor    | 通路                          | Corridor                     | room ", "corridor    | 通路                          | Corridor                     | hall ", "| Corridor ", "sr.data.bad_value"},
		{"hub twice", "lab         | 研究室                        | Laboratory                   | hub  | 1", "lab         | 研究室                        | Laboratory                   | hub  | 2", "| Laboratory ", "sr.data.hub_count"},
		{"three hubs", "energy      | エネルギー・ルーム            | Energy room                  | hub ", "energy      | エネルギー・ルーム            | Energy room                  | room ", "[base-cards]", "sr.data.hubs"},
		{"base deck too small", "corridor    | 通路                          | Corridor                     | room | 10\nteleport    | ランダムテレポート            | Random teleport              | room | 8\ntrap        | トラップ                      | Trap                         | room | 3\nbarracks    | 兵員室                        | Barracks                     | room | 3\nabsorber    | エネルギー吸収体              | Energy absorber              | room | 3\n", "", "[base-cards]", "sr.data.base_deck_small"},
		{"duplicate base card", "ek          | E.K. ", "nova        | E.K. ", "| ノヴァ ", "sr.data.dup_id"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(src, tc.old) {
				t.Fatalf("test edit %q not found in kmc.txt", tc.old)
			}
			text := strings.Replace(src, tc.old, tc.new, 1)
			_, err := Parse("mine.txt", []byte(text))
			var de *DataError
			if !errors.As(err, &de) {
				t.Fatalf("Parse = %v, want a *DataError", err)
			}
			if de.Msg.Key != tc.key {
				t.Errorf("Parse = %v (%s), want %s", err, de.Msg.Key, tc.key)
			}
			if de.File != "mine.txt" || !strings.HasPrefix(err.Error(), "superrock: mine.txt:") {
				t.Errorf("Parse = %q, want it to name mine.txt", err)
			}
			if tc.line != "" {
				want := 0
				for i, l := range strings.Split(text, "\n") {
					if strings.Contains(l, tc.line) {
						want = i + 1
						break
					}
				}
				if de.Line != want {
					t.Errorf("Parse = %q: line %d, want %d", err, de.Line, want)
				}
			}
			if strings.Contains(err.Error(), "⟨") || strings.Contains(err.Error(), "{") {
				t.Errorf("Parse = %q: an unrendered message", err)
			}
		})
	}
}

func TestParseCounts(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Counts
		ok   bool
	}{
		{"L=1,G=0,E=2,S=1,X=1", Counts{1, 0, 2, 1, 1}, true},
		{"x=2, s=3, e=3, g=1, l=1", Counts{1, 1, 3, 3, 2}, true},
		{"L=1,G=0,E=2,S=1", Counts{}, false},
		{"L=1,G=0,E=2,S=1,X=1,L=2", Counts{}, false},
		{"L=1,G=0,E=2,S=1,Y=1", Counts{}, false},
		{"L=-1,G=0,E=2,S=1,X=1", Counts{}, false},
		{"", Counts{}, false},
	} {
		got, err := ParseCounts(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseCounts(%q) = %v, %v, want %v ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
		if tc.ok {
			if back, err := ParseCounts(got.String()); err != nil || back != got {
				t.Errorf("ParseCounts(%q) = %v, %v: String does not read back", got.String(), back, err)
			}
		}
	}
}

// The reference-sheet keys exist and read without arguments, except the
// declared end, which names the declarer.
func TestReferenceKeys(t *testing.T) {
	var keys []string
	keys = append(keys, DeclarationSteps...)
	keys = append(keys, OverrideKeys...)
	keys = append(keys, EndKeys[1:]...)
	for _, g := range Grades {
		keys = append(keys, GradeKey(g))
	}
	for _, a := range []Attr{Good, Evil, Special, EvilGood} {
		keys = append(keys, a.Key(), a.WinKey())
	}
	for _, r := range Default().Shadow {
		keys = append(keys, r.Key())
	}
	for _, c := range Default().PlanetCards {
		keys = append(keys, c.Kind.Key(), c.NameKey())
	}
	for _, k := range keys {
		for _, l := range engine.Langs {
			if s := l.S(k); strings.ContainsAny(s, "{⟨") {
				t.Errorf("%s in %s = %q", k, l, s)
			}
		}
	}
	if s := engine.JA.S(EndKeys[0], "player", "Aki"); strings.ContainsAny(s, "{⟨") {
		t.Errorf("%s = %q", EndKeys[0], s)
	}
}
