package moderator

import (
	"errors"
	"os"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"tablemaster/engine"
	"tablemaster/engine/ayatsuri"
	"tablemaster/engine/superrock"
)

// Store.Create refuses a bad name with a catalogue message in both
// languages and leaves no log behind; a good list makes a table.
func TestCreateChecksNames(t *testing.T) {
	tests := []struct {
		name    string
		players []string
		key     string // "" when the table is made
		en, ja  string // in the message
	}{
		{"plain", []string{"Aki", "Ben"}, "", "", ""},
		{"japanese", []string{"山田　太郎", "ｱｷ"}, "", "", ""},
		{"24 letters", []string{strings.Repeat("a", 24), "Ben"}, "", "", ""},
		{"16 kanji", []string{strings.Repeat("漢", 16), "Ben"}, "", "", ""},
		{"emoji", []string{"Aki🎲", "Ben"}, "", "", ""},
		{"right to left", []string{"سارة", "Ben"}, "", "", ""},
		{"empty", []string{"Aki", ""}, "mod.name.empty", "player 2 has no name", "2人目のプレイヤーの名前が空です"},
		{"spaces only", []string{" \u3000 ", "Ben"}, "mod.name.empty", "player 1 has no name", "1人目"},
		{"25 letters", []string{strings.Repeat("a", 25), "Ben"}, "mod.name.too_long", "(25 characters, 25 bytes): at most 24 characters and 48 bytes", "（25文字、25バイト）"},
		{"17 kanji", []string{strings.Repeat("漢", 17), "Ben"}, "mod.name.too_long", "(17 characters, 51 bytes)", "24文字・48バイト以内"},
		{"ESC", []string{"Aki\x1b[31m", "Ben"}, "mod.name.control", `“Aki\x1b[31m” holds a control character (U+001B)`, `「Aki\x1b[31m」には改行や端末のエスケープなどの制御文字（U+001B）`},
		{"CR", []string{"Aki\rBen", "Ben"}, "mod.name.control", `(U+000D)`, `（U+000D）`},
		{"LF", []string{"Aki\n", "Ben"}, "mod.name.control", `“Aki\n”`, `「Aki\n」`},
		{"tab", []string{"A\tki", "Ben"}, "mod.name.control", "(U+0009)", "（U+0009）"},
		{"DEL", []string{"Aki\x7f", "Ben"}, "mod.name.control", "(U+007F)", "（U+007F）"},
		{"C1 CSI", []string{"Aki\u009b31m", "Ben"}, "mod.name.control", "(U+009B)", "（U+009B）"},
		{"line separator", []string{"Aki\u2028", "Ben"}, "mod.name.control", "(U+2028)", "（U+2028）"},
		{"zero-width space", []string{"Aki\u200b", "Aki"}, "mod.name.invisible", `“Aki\u200b” holds an invisible character (U+200B)`, "見えない文字（U+200B）"},
		{"zero-width joiner", []string{"A\u200dki", "Ben"}, "mod.name.invisible", "(U+200D)", "（U+200D）"},
		{"zero-width non-joiner", []string{"A\u200cki", "Ben"}, "mod.name.invisible", "(U+200C)", "（U+200C）"},
		{"BOM", []string{"\ufeffAki", "Ben"}, "mod.name.invisible", "(U+FEFF)", "（U+FEFF）"},
		{"soft hyphen", []string{"A\u00adki", "Ben"}, "mod.name.invisible", "(U+00AD)", "（U+00AD）"},
		{"right-to-left override", []string{"Aki\u202eneB", "Ben"}, "mod.name.invisible", "(U+202E)", "（U+202E）"},
		{"right-to-left mark", []string{"Aki\u200f", "Ben"}, "mod.name.invisible", "(U+200F)", "（U+200F）"},
		{"isolate", []string{"\u2067Aki\u2069", "Ben"}, "mod.name.invisible", "(U+2067)", "（U+2067）"},
		{"variation selector", []string{"葛\ufe00", "Ben"}, "mod.name.invisible", "(U+FE00)", "（U+FE00）"},
		{"ideographic variation selector", []string{"葛\U000E0100", "Ben"}, "mod.name.invisible", "(U+E0100)", "（U+E0100）"},
		{"hangul filler", []string{"Aki\u3164", "Ben"}, "mod.name.invisible", "(U+3164)", "（U+3164）"},
		{"combining grapheme joiner", []string{"Aki\u034f", "Ben"}, "mod.name.invisible", "(U+034F)", "（U+034F）"},
		{"private use", []string{"Aki\ue000", "Ben"}, "mod.name.invisible", "(U+E000)", "（U+E000）"},
		{"bad UTF-8", []string{"Aki", "B\xffen"}, "mod.name.encoding", "player 2 is not valid UTF-8", "2人目"},
		{"at sign", []string{"@mod.gm", "Ben"}, "mod.name.at", "“@mod.gm” begins with @", "「@mod.gm」は@で始まっています"},
		{"hash", []string{"Aki", "#2"}, "mod.name.hash", "“#2” begins with #", "「#2」は#で始まっています"},
		{"comma", []string{"Sato, Aki", "Ben"}, "mod.name.comma", "“Sato, Aki” holds a comma", "「Sato, Aki」にはカンマ"},
		{"full-width comma", []string{"佐藤，明", "Ben"}, "mod.name.comma", "holds a comma", "カンマ"},
		{"same case", []string{"Aki", "aki"}, "mod.name.duplicate", "“Aki” and “aki” are the same name", "「Aki」と「aki」は同じ名前です"},
		{"full-width", []string{"Aki", "Ａｋｉ"}, "mod.name.duplicate", "“Aki” and “Ａｋｉ”", "同じ名前"},
		{"full-width lower", []string{"BEN", "ｂｅｎ"}, "mod.name.duplicate", "“BEN” and “ｂｅｎ”", "同じ名前"},
		{"half-width kana", []string{"アキ", "ｱｷ"}, "mod.name.duplicate", "“アキ” and “ｱｷ”", "同じ名前"},
		{"half-width voiced kana", []string{"ガク", "ｶﾞｸ"}, "mod.name.duplicate", "“ガク” and “ｶﾞｸ”", "同じ名前"},
		{"combining voiced mark", []string{"ぱく", "は\u309aく"}, "mod.name.duplicate", "same name", "同じ名前"},
		{"spacing", []string{"Aki Sato", "Aki\u3000\u3000Sato"}, "mod.name.duplicate", "same name", "同じ名前"},
		{"Greek case", []string{"ΣΑΣ", "σας"}, "mod.name.duplicate", "same name", "同じ名前"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			st, err := NewStore(dir, fixedClock)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			tbl, err := st.Create(NewTableSpec{Game: "noir", Seats: tt.players, Seed: 1})
			if tt.key == "" {
				if err != nil {
					t.Fatalf("Create(%q) = %v, want a table", tt.players, err)
				}
				if got := tbl.Header().Seats; strings.Join(got, "|") != strings.Join(tt.players, "|") {
					t.Errorf("Seats = %q, want the names as typed %q", got, tt.players)
				}
				return
			}
			var me *engine.MsgError
			if !errors.As(err, &me) || !errors.Is(err, ErrBadName) || me.Msg.Key != tt.key {
				t.Fatalf("Create(%q) = %v, want %s", tt.players, err, tt.key)
			}
			en, ja := engine.EN.Text(me.Msg), engine.JA.Text(me.Msg)
			if !strings.Contains(en, tt.en) {
				t.Errorf("EN = %q, want it to contain %q", en, tt.en)
			}
			if !strings.Contains(ja, tt.ja) {
				t.Errorf("JA = %q, want it to contain %q", ja, tt.ja)
			}
			for _, s := range []string{en, ja} {
				if strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || invisible(r) }) {
					t.Errorf("message %q carries the bad character itself", s)
				}
			}
			if logs, _ := os.ReadDir(dir + "/tables"); len(logs) != 0 {
				t.Errorf("a refused table left %d logs behind", len(logs))
			}
		})
	}
}

func TestNameKey(t *testing.T) {
	tests := []struct{ a, b string }{
		{"Aki", "AKI"},
		{"Aki", "Ａｋｉ"},
		{"R2-D2", "Ｒ２－Ｄ２"},
		{"アキ", "ｱｷ"},
		{"ガギグゲゴ", "ｶﾞｷﾞｸﾞｹﾞｺﾞ"},
		{"パピプペポ", "ﾊﾟﾋﾟﾌﾟﾍﾟﾎﾟ"},
		{"ヴ", "ｳﾞ"},
		{"ダヂヅデド", "タ\u3099チ\u3099ツ\u3099テ\u3099ト\u3099"},
		{"ばびぶべぼ", "は\u3099ひ\u3099ふ\u3099へ\u3099ほ\u3099"},
		{"山田 太郎", " 山田\u3000 太郎 "},
		{"ÄSOP", "äsop"},
	}
	for _, tt := range tests {
		if ka, kb := NameKey(tt.a), NameKey(tt.b); ka != kb {
			t.Errorf("NameKey(%q) = %q, NameKey(%q) = %q, want equal", tt.a, ka, tt.b, kb)
		}
	}
	for _, pair := range [][2]string{{"Aki", "Ami"}, {"カキ", "ガキ"}, {"ハ", "バ"}, {"バ", "パ"}, {"Aki Sato", "AkiSato"}} {
		if NameKey(pair[0]) == NameKey(pair[1]) {
			t.Errorf("NameKey(%q) = NameKey(%q), want different", pair[0], pair[1])
		}
	}
}

// Names at the limit (16 kanji, 48 bytes) keep every action a phone is
// offered within the 64 bytes of the form field seatAct reads: the
// longest, "converted <name>", is the name plus 10 bytes.
func TestLongestNamesFitTheActionField(t *testing.T) {
	names := make([]string, 10)
	for i := range names {
		names[i] = strings.Repeat("漢", MaxNameBytes/3-1) + string(rune('一'+i))
	}
	if err := CheckNames(names); err != nil {
		t.Fatalf("CheckNames(names at the limit) = %v", err)
	}
	games := map[string]func(seed uint64) engine.Game{
		"superrock": func(seed uint64) engine.Game {
			g, err := superrock.New(superrock.Config{Players: names[:7], Board: superrock.Board(seed % 2)}, seed)
			if err != nil {
				t.Fatal(err)
			}
			return g
		},
		"ayatsuri": func(seed uint64) engine.Game {
			g, err := ayatsuri.New(ayatsuri.Config{Players: names[:6], BombGirl: seed%2 == 0}, seed)
			if err != nil {
				t.Fatal(err)
			}
			return g
		},
	}
	for name, newGame := range games {
		longest := ""
		for seed := uint64(1); seed <= 4; seed++ {
			g := newGame(seed)
			r := engine.NewRand(seed)
			for step := 0; step < 400 && !g.Outcome().Over; step++ {
				var movers []engine.Seat
				for s := 0; s < g.Seats(); s++ {
					for _, c := range g.Legal(engine.Seat(s)) {
						if len(c.Action) > len(longest) {
							longest = string(c.Action)
						}
					}
					if len(g.Legal(engine.Seat(s))) > 0 {
						movers = append(movers, engine.Seat(s))
					}
				}
				if len(movers) == 0 {
					break
				}
				s := movers[r.IntN(len(movers))]
				ch := g.Legal(s)
				if _, err := g.Apply(s, ch[r.IntN(len(ch))].Action); err != nil {
					t.Fatal(err)
				}
			}
		}
		if len(longest) > 64 {
			t.Errorf("%s offers %q, %d bytes: more than the 64 a phone may post", name, longest, len(longest))
		}
		t.Logf("%s: longest action offered %q (%d bytes)", name, longest, len(longest))
	}
}

// FuzzNames: whatever a name holds, CheckNames answers without panicking;
// a name it accepts holds no control or invisible character and fits the
// limits; NameKey is stable (folding a key again changes nothing); and
// TerminalSafe leaves nothing a terminal would act on.
func FuzzNames(f *testing.F) {
	for _, s := range []string{"Aki", "Ａｋｉ", "ｶﾞｸ", "Aki\x1b[31m", "A\u200bki", "سارة", "\xff", "ΣΑΣ", " 山田\u3000太郎 ", "@x", "#1"} {
		f.Add(s, "aki")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if len(a) > MaxNameBytes+16 || len(b) > MaxNameBytes+16 {
			// Far too long whatever it holds: only the length rule speaks.
			// Keeping such inputs out keeps the minimiser quick, which
			// otherwise stalls the run for seconds on a long string.
			if CheckNames([]string{a, b}) == nil {
				t.Fatalf("CheckNames accepted a %d- and a %d-byte name", len(a), len(b))
			}
			return
		}
		err := CheckNames([]string{a, b})
		if err == nil {
			for _, n := range []string{a, b} {
				if !utf8.ValidString(n) || len(n) > MaxNameBytes || utf8.RuneCountInString(n) > MaxNameRunes ||
					strings.ContainsFunc(n, func(r rune) bool { return unicode.IsControl(r) || invisible(r) }) {
					t.Fatalf("CheckNames accepted %q", n)
				}
			}
			if NameKey(a) == NameKey(b) {
				t.Fatalf("CheckNames accepted %q and %q with the same key %q", a, b, NameKey(a))
			}
		} else if !errors.Is(err, ErrBadName) {
			t.Fatalf("CheckNames = %v, want ErrBadName", err)
		}
		if k := NameKey(a); NameKey(k) != k {
			t.Fatalf("NameKey(%q) = %q, but NameKey of that is %q", a, k, NameKey(k))
		}
		if s := TerminalSafe(a); !utf8.ValidString(s) || strings.ContainsFunc(s, terminalUnsafe) {
			t.Fatalf("TerminalSafe(%q) = %q", a, s)
		}
	})
}
