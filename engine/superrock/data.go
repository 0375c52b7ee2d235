package superrock

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"

	"tablemaster/engine"
)

//go:embed data/kmc.txt
var kmcText []byte

// DefaultFile is the name of the embedded data file, as errors name it.
const DefaultFile = "kmc.txt"

// Attr is a character's or a silhouette's attribute (SR-1, SR-2).
type Attr uint8

// The attributes. EvilGood (E/G) starts Evil and is drawn from the Evil pool
// (SR-11); silhouettes are only Good, Evil or Special.
const (
	Good Attr = iota
	Evil
	Special
	EvilGood
)

var attrNames = [...]string{"G", "E", "S", "E/G"}

// String is the attribute as the rulebook abbreviates it: G, E, S or E/G.
func (a Attr) String() string { return attrNames[a] }

// Key is the catalogue key of the attribute's name ("Good", "Evil", …).
func (a Attr) Key() string { return "sr.attr." + [...]string{"good", "evil", "special", "eg"}[a] }

// WinKey is the catalogue key of the attribute's win condition (chapter
// 6.3.2), shown with a character and printed on the reference sheet.
func (a Attr) WinKey() string { return "sr.win." + [...]string{"good", "evil", "special", "eg"}[a] }

func parseAttr(s string) (Attr, bool) {
	for i, n := range attrNames {
		if strings.EqualFold(s, n) {
			return Attr(i), true
		}
	}
	return 0, false
}

// LockeKind says whether a character belongs to pool L (SR-11).
type LockeKind uint8

// The Locke kinds.
const (
	NotLocke LockeKind = iota
	// IsLocke: Locke 1, 2 and 3.
	IsLocke
	// FourthLocke: Raisa, whom the rulebook treats as a fourth Locke; the
	// table option Config.RaisaGood moves such characters to pool G.
	FourthLocke
)

// Character is one character card (SR-1).
type Character struct {
	ID        string
	JA, EN    string
	Attr      Attr
	Sex       string // "M", "F" or "?"
	Married   string // "yes", "no" or "?"
	Level     int    // ESP level (Lv)
	Power     int    // ESP power (Pw)
	Endurance int    // 耐
	Will      int    // 精
	Release   bool   // 釈: can declare release
	Transform bool   // 変: can transform
	Locke     LockeKind
	// Silhouettes are the ids of the character's own silhouettes (SR-3).
	Silhouettes []string
	// NotesJA and NotesEN are the notes column of table 2.1: the
	// character's own win condition and equipment. Empty for none.
	NotesJA, NotesEN string
	// Line is where the character is defined in its data file.
	Line int

	key string
}

// NameKey is the catalogue key of the character's name.
func (c Character) NameKey() string { return c.key }

// NotesKey is the catalogue key of the character's notes, or "" if it has
// none.
func (c Character) NotesKey() string {
	if c.NotesEN == "" {
		return ""
	}
	return c.key + ".notes"
}

// Silhouette is one kind of silhouette card and how many copies the game
// has (SR-2).
type Silhouette struct {
	ID     string
	JA, EN string
	Attr   Attr // Good, Evil or Special
	Count  int
	Line   int

	key string
}

// NameKey is the catalogue key of the silhouette's name.
func (s Silhouette) NameKey() string { return s.key }

// ShortKey is the catalogue key of the silhouette's name without the
// attribute it may end with ("Ran (E)" → "Ran"), for the lines that give
// the attribute beside it: "Ran (Evil)", not "Ran (E) (Evil)". The other
// lines keep the whole name, which tells "Ran (E)" from "Ran".
func (s Silhouette) ShortKey() string {
	if _, _, ok := s.short(); ok {
		return s.key + ".short"
	}
	return s.key
}

// short is the silhouette's names without their attribute suffix, when
// both end with it.
func (s Silhouette) short() (en, ja string, ok bool) {
	en, ok1 := CutAttr(s.EN, s.Attr.String())
	ja, ok2 := CutAttr(s.JA, s.Attr.String())
	return en, ja, ok1 && ok2
}

// CutAttr cuts an attribute code written after a name, "(E)" or "（E）",
// with the spaces before it; ok reports whether name ended with it.
func CutAttr(name, code string) (string, bool) {
	for _, suffix := range []string{"(" + code + ")", "（" + code + "）"} {
		if rest, ok := strings.CutSuffix(name, suffix); ok && strings.TrimSpace(rest) != "" {
			return strings.TrimRight(rest, " "), true
		}
	}
	return name, false
}

// PlanetKind is what a planet card does when it is opened (chapter 3).
type PlanetKind uint8

// The planet card kinds.
const (
	Ability PlanetKind = iota
	Ambush
	Info
	Battle
	Spaceport
	Arrest
	Trap
	RevealOther
	RevealSelf
)

var planetKindNames = [...]string{"ability", "ambush", "info", "battle", "spaceport", "arrest", "trap", "reveal-other", "reveal-self"}

func (k PlanetKind) String() string { return planetKindNames[k] }

// Key is the catalogue key of the kind's name.
func (k PlanetKind) Key() string { return "sr.kind." + k.String() }

// PlanetCard is one kind of planet card and how many the deck has.
type PlanetCard struct {
	ID     string
	JA, EN string
	Kind   PlanetKind
	Count  int
	Line   int

	key string
}

// NameKey is the catalogue key of the card's name.
func (p PlanetCard) NameKey() string { return p.key }

// BaseCard is one kind of secret base card and how many the deck has
// (chapter 4, appendix C).
type BaseCard struct {
	ID     string
	JA, EN string
	// Hub: one of the four hubs (重要拠点) the base players place (SR-25).
	Hub   bool
	Count int
	Line  int

	key string
}

// NameKey is the catalogue key of the card's name.
func (c BaseCard) NameKey() string { return c.key }

// Hubs is the number of hubs a secret base has (SR-25, SR-27).
const Hubs = 4

// Counts is one row of table 7.1: how many characters are drawn from each
// pool (SR-10, SR-11).
type Counts struct {
	L, G, E, S, X int
}

// Total is the number of characters the counts draw.
func (c Counts) Total() int { return c.L + c.G + c.E + c.S + c.X }

func (c Counts) String() string {
	return fmt.Sprintf("L=%d,G=%d,E=%d,S=%d,X=%d", c.L, c.G, c.E, c.S, c.X)
}

// ParseCounts reads counts as the --counts flag writes them:
// "L=1,G=0,E=2,S=1,X=1" (every pool named once, in any order).
func ParseCounts(s string) (Counts, error) {
	var c Counts
	seen := map[string]bool{}
	for _, part := range strings.Split(s, ",") {
		name, val, ok := strings.Cut(strings.TrimSpace(part), "=")
		name = strings.ToUpper(strings.TrimSpace(name))
		n, err := strconv.Atoi(strings.TrimSpace(val))
		if !ok || err != nil || n < 0 || seen[name] {
			return Counts{}, fmt.Errorf("superrock: counts must read like L=1,G=0,E=2,S=1,X=1, not %q", s)
		}
		seen[name] = true
		switch name {
		case "L":
			c.L = n
		case "G":
			c.G = n
		case "E":
			c.E = n
		case "S":
			c.S = n
		case "X":
			c.X = n
		default:
			return Counts{}, fmt.Errorf("superrock: counts must read like L=1,G=0,E=2,S=1,X=1, not %q", s)
		}
	}
	if len(seen) != 5 {
		return Counts{}, fmt.Errorf("superrock: counts must name L, G, E, S and X, not %q", s)
	}
	return c, nil
}

// PlayerCounts is one row of table 7.1.
type PlayerCounts struct {
	Players int
	Counts
	Line int
}

// ShadowRule is what a shadow roll allows (table 7.2, SR-14).
type ShadowRule uint8

// The shadow rules.
const (
	// AllowOwn: the player's own silhouette; any when every copy is taken.
	AllowOwn ShadowRule = iota
	// AllowAny: any silhouette with a copy left.
	AllowAny
	// AllowEvil: an Evil silhouette with a copy left.
	AllowEvil
)

var shadowNames = [...]string{"own", "any", "evil"}

func (r ShadowRule) String() string { return shadowNames[r] }

// Key is the catalogue key of the rule as table 7.2 words it.
func (r ShadowRule) Key() string { return "sr.allow." + r.String() }

// BaseCards is one row of table 7.3: the planet cards each base player is
// dealt when there are NonBase non-base players (or more, with OrMore).
type BaseCards struct {
	NonBase int
	OrMore  bool
	Cards   int
	Line    int
}

// Data is everything the rulebook gives as facts (SR-1 … SR-4 and tables
// 7.1–7.3), read from a data file and checked. It is never changed after
// Parse; getters return copies.
type Data struct {
	// File is the name the data was read from.
	File            string
	Characters      []Character
	Silhouettes     []Silhouette
	PlanetCards     []PlanetCard
	Players         []PlayerCounts // table 7.1
	Shadow          [6]ShadowRule  // table 7.2, die face 1 at index 0
	BasePlanetCards []BaseCards    // table 7.3
	// BaseCards is the secret base deck (chapter 4), the Hubs hubs first
	// in the order the base players place them.
	BaseCards []BaseCard

	text   []byte
	prefix string
}

// Text is the data file as it was read, so a log can keep the roster a
// table was played with.
func (d *Data) Text() []byte { return append([]byte(nil), d.text...) }

// Character finds a character by id.
func (d *Data) Character(id string) (Character, bool) {
	for _, c := range d.Characters {
		if c.ID == id {
			return c, true
		}
	}
	return Character{}, false
}

// Silhouette finds a silhouette by id.
func (d *Data) Silhouette(id string) (Silhouette, bool) {
	for _, s := range d.Silhouettes {
		if s.ID == id {
			return s, true
		}
	}
	return Silhouette{}, false
}

// CountsFor is table 7.1's row for a number of players; ok is false when
// the table has none (5 or 10 players: the counts must be given).
func (d *Data) CountsFor(players int) (Counts, bool) {
	for _, p := range d.Players {
		if p.Players == players {
			return p.Counts, true
		}
	}
	return Counts{}, false
}

// PlanetCardsFor is table 7.3: how many planet cards each base player is
// dealt when nonBase players are not base players.
func (d *Data) PlanetCardsFor(nonBase int) int {
	best := 0
	for _, b := range d.BasePlanetCards {
		if b.NonBase == nonBase || (b.OrMore && nonBase >= b.NonBase) {
			best = b.Cards
		}
	}
	return best
}

// SilhouetteTotals counts the silhouette cards of each attribute.
func (d *Data) SilhouetteTotals() map[Attr]int {
	out := map[Attr]int{}
	for _, s := range d.Silhouettes {
		out[s.Attr] += s.Count
	}
	return out
}

// PlanetDeckSize is the number of planet cards, ambushes included.
func (d *Data) PlanetDeckSize() int {
	n := 0
	for _, p := range d.PlanetCards {
		n += p.Count
	}
	return n
}

// HubCards lists the indexes into BaseCards of the hubs, in the order
// they are placed (SR-25).
func (d *Data) HubCards() []int {
	var out []int
	for i, c := range d.BaseCards {
		if c.Hub {
			out = append(out, i)
		}
	}
	return out
}

// Pools lists the character ids of pools L, G, E and S (SR-11). With
// raisaGood the fourth Locke is in G.
func (d *Data) Pools(raisaGood bool) (l, g, e, s []string) {
	for _, c := range d.Characters {
		switch {
		case c.Locke == IsLocke, c.Locke == FourthLocke && !raisaGood:
			l = append(l, c.ID)
		case c.Attr == Good:
			g = append(g, c.ID)
		case c.Attr == Evil, c.Attr == EvilGood:
			e = append(e, c.ID)
		default:
			s = append(s, c.ID)
		}
	}
	return
}

// checkCounts says why counts cannot be drawn from the pools, as a
// catalogue message, or returns ok.
func (d *Data) checkCounts(c Counts, raisaGood bool) (engine.Msg, bool) {
	l, g, e, s := d.Pools(raisaGood)
	for _, p := range []struct {
		name string
		want int
		have []string
	}{{"L", c.L, l}, {"G", c.G, g}, {"E", c.E, e}, {"S", c.S, s}} {
		if p.want > len(p.have) {
			return engine.M("sr.data.pool_small", "pool", p.name, "want", strconv.Itoa(p.want), "have", strconv.Itoa(len(p.have))), false
		}
	}
	left := len(g) - c.G + len(e) - c.E + len(s) - c.S
	if c.X > left {
		return engine.M("sr.data.pool_small", "pool", "X", "want", strconv.Itoa(c.X), "have", strconv.Itoa(left)), false
	}
	return engine.Msg{}, true
}

// DataError is a problem in a data file, naming the file and the line.
type DataError struct {
	File string
	Line int // 0 when the problem is the file as a whole
	Msg  engine.Msg
}

func (e *DataError) Error() string { return e.Text(engine.EN) }

// Text is the problem in language l, after the file and the line.
func (e *DataError) Text(l engine.Lang) string {
	if e.Line == 0 {
		return fmt.Sprintf("superrock: %s: %s", e.File, l.Text(e.Msg))
	}
	return fmt.Sprintf("superrock: %s:%d: %s", e.File, e.Line, l.Text(e.Msg))
}

var (
	defaultOnce sync.Once
	defaultData *Data
)

// Default is the data of the KMC rulebook, embedded in the program.
func Default() *Data {
	defaultOnce.Do(func() {
		d, err := parse(DefaultFile, kmcText, "sr.kmc")
		if err != nil {
			panic(err) // a test parses it; the embedded file is fixed at build time
		}
		defaultData = d
	})
	return defaultData
}

var registerMu sync.Mutex

// Parse reads and checks a data file in the format of data/kmc.txt (the
// --roster FILE of a table). Every problem is a *DataError naming the
// file and line. The names and notes it holds are added to the message
// catalogue under keys of their own, so tables with different rosters can
// run side by side.
func Parse(file string, text []byte) (*Data, error) {
	sum := sha256.Sum256(text)
	prefix := "sr.r" + hex.EncodeToString(sum[:4])
	if string(text) == string(kmcText) {
		prefix = "sr.kmc"
	}
	return parse(file, text, prefix)
}

// columns lists each section's columns, in the order the default file
// writes them; a file may order them differently.
var columns = map[string][]string{
	"characters": {"id", "ja", "en", "attr", "sex", "married", "lv", "pw", "end", "will",
		"release", "transform", "locke", "silhouettes", "notes_ja", "notes_en"},
	"silhouettes":       {"id", "ja", "en", "attr", "count"},
	"planet-cards":      {"id", "ja", "en", "kind", "count"},
	"players":           {"players", "L", "G", "E", "S", "X"},
	"shadow":            {"die", "allows"},
	"base-planet-cards": {"non-base", "cards"},
	"base-cards":        {"id", "ja", "en", "kind", "count"},
}

var sectionOrder = []string{"characters", "silhouettes", "planet-cards", "players", "shadow", "base-planet-cards", "base-cards"}

// row is one data line with its fields by column name.
type row struct {
	line   int
	fields map[string]string
}

func parse(file string, text []byte, prefix string) (*Data, error) {
	fail := func(line int, key string, nv ...string) error {
		return &DataError{File: file, Line: line, Msg: engine.M(key, nv...)}
	}
	sections := map[string][]row{}
	sectionLine := map[string]int{}
	var cur string
	var header []string
	for i, raw := range strings.Split(string(text), "\n") {
		n := i + 1
		s := strings.TrimSpace(strings.TrimSuffix(raw, "\r"))
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
			cur = strings.TrimSpace(s[1 : len(s)-1])
			if _, ok := columns[cur]; !ok {
				return nil, fail(n, "sr.data.unknown_section", "section", cur, "sections", strings.Join(sectionOrder, ", "))
			}
			if _, dup := sectionLine[cur]; dup {
				return nil, fail(n, "sr.data.dup_section", "section", cur, "line", strconv.Itoa(sectionLine[cur]))
			}
			sectionLine[cur] = n
			sections[cur] = nil
			header = nil
			continue
		}
		if cur == "" {
			return nil, fail(n, "sr.data.no_section")
		}
		fields := strings.Split(s, "|")
		for j := range fields {
			fields[j] = strings.TrimSpace(fields[j])
		}
		if header == nil {
			want := columns[cur]
			have := map[string]bool{}
			for _, f := range fields {
				ok := false
				for _, w := range want {
					ok = ok || w == f
				}
				if !ok {
					return nil, fail(n, "sr.data.unknown_column", "column", f, "section", cur, "columns", strings.Join(want, " | "))
				}
				if have[f] {
					return nil, fail(n, "sr.data.dup_column", "column", f)
				}
				have[f] = true
			}
			for _, w := range want {
				if !have[w] {
					return nil, fail(n, "sr.data.missing_column", "column", w, "section", cur)
				}
			}
			header = fields
			continue
		}
		if len(fields) != len(header) {
			return nil, fail(n, "sr.data.field_count", "have", strconv.Itoa(len(fields)), "want", strconv.Itoa(len(header)))
		}
		r := row{line: n, fields: map[string]string{}}
		for j, h := range header {
			r.fields[h] = fields[j]
		}
		sections[cur] = append(sections[cur], r)
	}
	for _, sec := range sectionOrder {
		if _, ok := sectionLine[sec]; !ok {
			return nil, fail(0, "sr.data.missing_section", "section", sec)
		}
		if len(sections[sec]) == 0 {
			return nil, fail(sectionLine[sec], "sr.data.empty_section", "section", sec)
		}
	}
	d := &Data{File: file, text: append([]byte(nil), text...), prefix: prefix}
	p := &rowParser{fail: fail}
	if err := d.readSilhouettes(p, sections["silhouettes"]); err != nil {
		return nil, err
	}
	if err := d.readCharacters(p, sections["characters"]); err != nil {
		return nil, err
	}
	if err := d.readPlanetCards(p, sections["planet-cards"], sectionLine["planet-cards"]); err != nil {
		return nil, err
	}
	if err := d.readPlayers(p, sections["players"]); err != nil {
		return nil, err
	}
	if err := d.readShadow(p, sections["shadow"], sectionLine["shadow"]); err != nil {
		return nil, err
	}
	if err := d.readBaseCards(p, sections["base-planet-cards"]); err != nil {
		return nil, err
	}
	if err := d.readBaseDeck(p, sections["base-cards"], sectionLine["base-cards"]); err != nil {
		return nil, err
	}
	d.register()
	return d, nil
}

// rowParser reads typed fields and remembers the first problem.
type rowParser struct {
	fail func(line int, key string, nv ...string) error
	err  error
}

func (p *rowParser) int(r row, col string, min int) int {
	v := r.fields[col]
	n, err := strconv.Atoi(v)
	if err != nil || n < min {
		p.set(p.fail(r.line, "sr.data.bad_number", "column", col, "value", v, "min", strconv.Itoa(min)))
	}
	return n
}

func (p *rowParser) bool(r row, col string) bool {
	switch strings.ToLower(r.fields[col]) {
	case "○", "yes", "y", "true":
		return true
	case "", "×", "-", "no", "n", "false":
		return false
	}
	p.set(p.fail(r.line, "sr.data.bad_bool", "column", col, "value", r.fields[col]))
	return false
}

func (p *rowParser) text(r row, col string) string {
	v := r.fields[col]
	if v == "" {
		p.set(p.fail(r.line, "sr.data.empty", "column", col))
	}
	return v
}

func (p *rowParser) id(r row, seen map[string]int) string {
	v := r.fields["id"]
	ok := v != ""
	for _, c := range v {
		ok = ok && (c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-')
	}
	if !ok {
		p.set(p.fail(r.line, "sr.data.bad_id", "value", v))
		return v
	}
	if l, dup := seen[v]; dup {
		p.set(p.fail(r.line, "sr.data.dup_id", "value", v, "line", strconv.Itoa(l)))
	}
	seen[v] = r.line
	return v
}

func (p *rowParser) unique(r row, col string, seen map[string]int) {
	v := strings.ToLower(r.fields[col])
	if l, dup := seen[v]; dup && v != "" {
		p.set(p.fail(r.line, "sr.data.dup_name", "column", col, "value", r.fields[col], "line", strconv.Itoa(l)))
	}
	seen[v] = r.line
}

func (p *rowParser) oneOf(r row, col string, allowed ...string) string {
	v := r.fields[col]
	for _, a := range allowed {
		if v == a {
			return v
		}
	}
	p.set(p.fail(r.line, "sr.data.bad_value", "column", col, "value", v, "allowed", strings.Join(allowed, ", ")))
	return v
}

func (p *rowParser) set(err error) {
	if p.err == nil {
		p.err = err
	}
}

func (d *Data) readSilhouettes(p *rowParser, rows []row) error {
	ids, ja, en := map[string]int{}, map[string]int{}, map[string]int{}
	for _, r := range rows {
		s := Silhouette{ID: p.id(r, ids), JA: p.text(r, "ja"), EN: p.text(r, "en"), Count: p.int(r, "count", 1), Line: r.line}
		p.unique(r, "ja", ja)
		p.unique(r, "en", en)
		a, ok := parseAttr(r.fields["attr"])
		if !ok || a == EvilGood {
			p.set(p.fail(r.line, "sr.data.bad_value", "column", "attr", "value", r.fields["attr"], "allowed", "G, E, S"))
		}
		s.Attr = a
		s.key = d.prefix + ".sil." + s.ID
		if p.err != nil {
			return p.err
		}
		d.Silhouettes = append(d.Silhouettes, s)
	}
	// SR-15 needs a Good and an Evil silhouette to be possible at all.
	totals := d.SilhouetteTotals()
	for _, a := range []Attr{Good, Evil} {
		if totals[a] == 0 {
			return p.fail(rows[0].line-1, "sr.data.no_silhouette", "attr", "@"+a.Key())
		}
	}
	return nil
}

func (d *Data) readCharacters(p *rowParser, rows []row) error {
	ids, ja, en := map[string]int{}, map[string]int{}, map[string]int{}
	for _, r := range rows {
		c := Character{ID: p.id(r, ids), JA: p.text(r, "ja"), EN: p.text(r, "en"), Line: r.line,
			Sex: p.oneOf(r, "sex", "M", "F", "?"), Married: p.oneOf(r, "married", "yes", "no", "?"),
			Level: p.int(r, "lv", 0), Power: p.int(r, "pw", 0), Endurance: p.int(r, "end", 1), Will: p.int(r, "will", 0),
			Release: p.bool(r, "release"), Transform: p.bool(r, "transform"),
			NotesJA: r.fields["notes_ja"], NotesEN: r.fields["notes_en"]}
		p.unique(r, "ja", ja)
		p.unique(r, "en", en)
		a, ok := parseAttr(r.fields["attr"])
		if !ok {
			p.set(p.fail(r.line, "sr.data.bad_value", "column", "attr", "value", r.fields["attr"], "allowed", "G, E, S, E/G"))
		}
		c.Attr = a
		switch p.oneOf(r, "locke", "", "yes", "fourth") {
		case "yes":
			c.Locke = IsLocke
		case "fourth":
			c.Locke = FourthLocke
		}
		if c.Locke != NotLocke && a != Good {
			p.set(p.fail(r.line, "sr.data.locke_not_good"))
		}
		if (c.NotesJA == "") != (c.NotesEN == "") {
			p.set(p.fail(r.line, "sr.data.notes_language"))
		}
		c.Silhouettes = strings.Fields(r.fields["silhouettes"])
		if len(c.Silhouettes) == 0 {
			p.set(p.fail(r.line, "sr.data.empty", "column", "silhouettes"))
		}
		for _, sid := range c.Silhouettes {
			if _, ok := d.Silhouette(sid); !ok {
				p.set(p.fail(r.line, "sr.data.no_such_silhouette", "value", sid))
			}
		}
		c.key = d.prefix + ".char." + c.ID
		if p.err != nil {
			return p.err
		}
		d.Characters = append(d.Characters, c)
	}
	return nil
}

func (d *Data) readPlanetCards(p *rowParser, rows []row, secLine int) error {
	ids, ja, en := map[string]int{}, map[string]int{}, map[string]int{}
	for _, r := range rows {
		c := PlanetCard{ID: p.id(r, ids), JA: p.text(r, "ja"), EN: p.text(r, "en"), Count: p.int(r, "count", 1), Line: r.line}
		p.unique(r, "ja", ja)
		p.unique(r, "en", en)
		kind := p.oneOf(r, "kind", planetKindNames[:]...)
		for i, k := range planetKindNames {
			if k == kind {
				c.Kind = PlanetKind(i)
			}
		}
		c.key = d.prefix + ".planet." + c.ID
		if p.err != nil {
			return p.err
		}
		d.PlanetCards = append(d.PlanetCards, c)
	}
	// SR-16: exactly the two ambush cards A and B, one copy each.
	var ambushes []PlanetCard
	for _, c := range d.PlanetCards {
		if c.Kind == Ambush {
			ambushes = append(ambushes, c)
		}
	}
	if len(ambushes) != 2 || ambushes[0].Count != 1 || ambushes[1].Count != 1 {
		return p.fail(secLine, "sr.data.ambushes")
	}
	if n := d.PlanetDeckSize() - 2; n < BoardSquares {
		return p.fail(secLine, "sr.data.planet_deck_small", "have", strconv.Itoa(n), "want", strconv.Itoa(BoardSquares))
	}
	return nil
}

func (d *Data) readPlayers(p *rowParser, rows []row) error {
	seen := map[int]int{}
	for _, r := range rows {
		pc := PlayerCounts{Players: p.int(r, "players", MinPlayers), Line: r.line,
			Counts: Counts{L: p.int(r, "L", 0), G: p.int(r, "G", 0), E: p.int(r, "E", 0), S: p.int(r, "S", 0), X: p.int(r, "X", 0)}}
		if p.err != nil {
			return p.err
		}
		if pc.Players > MaxPlayers {
			return p.fail(r.line, "sr.data.bad_number", "column", "players", "value", r.fields["players"], "min", strconv.Itoa(MinPlayers))
		}
		if l, dup := seen[pc.Players]; dup {
			return p.fail(r.line, "sr.data.dup_id", "value", r.fields["players"], "line", strconv.Itoa(l))
		}
		seen[pc.Players] = r.line
		if pc.Total() != pc.Players {
			return p.fail(r.line, "sr.data.counts_sum", "sum", strconv.Itoa(pc.Total()), "players", strconv.Itoa(pc.Players))
		}
		if m, ok := d.checkCounts(pc.Counts, false); !ok {
			return &DataError{File: d.File, Line: r.line, Msg: m}
		}
		d.Players = append(d.Players, pc)
	}
	sort.Slice(d.Players, func(i, j int) bool { return d.Players[i].Players < d.Players[j].Players })
	return nil
}

func (d *Data) readShadow(p *rowParser, rows []row, secLine int) error {
	var seen [6]int
	for _, r := range rows {
		die := p.int(r, "die", 1)
		rule := p.oneOf(r, "allows", shadowNames[:]...)
		if p.err != nil {
			return p.err
		}
		if die > 6 {
			return p.fail(r.line, "sr.data.bad_die", "value", r.fields["die"])
		}
		if seen[die-1] != 0 {
			return p.fail(r.line, "sr.data.dup_id", "value", r.fields["die"], "line", strconv.Itoa(seen[die-1]))
		}
		seen[die-1] = r.line
		for i, n := range shadowNames {
			if n == rule {
				d.Shadow[die-1] = ShadowRule(i)
			}
		}
	}
	for i, l := range seen {
		if l == 0 {
			return p.fail(secLine, "sr.data.die_missing", "die", strconv.Itoa(i+1))
		}
	}
	return nil
}

func (d *Data) readBaseCards(p *rowParser, rows []row) error {
	for i, r := range rows {
		v := r.fields["non-base"]
		b := BaseCards{OrMore: strings.HasSuffix(v, "+"), Line: r.line}
		r.fields["non-base"] = strings.TrimSuffix(v, "+")
		b.NonBase = p.int(r, "non-base", 1)
		b.Cards = p.int(r, "cards", 0)
		if p.err != nil {
			return p.err
		}
		// Rows run 1, 2, 3, … and only the last one ends in +, so every
		// number of non-base players has exactly one row.
		if b.NonBase != i+1 || b.OrMore != (i == len(rows)-1) {
			return p.fail(r.line, "sr.data.base_rows")
		}
		d.BasePlanetCards = append(d.BasePlanetCards, b)
	}
	return nil
}

// readBaseDeck reads the secret base deck (SR-25): the four hubs, one
// copy each, and enough other cards to fill the 6×6 board.
func (d *Data) readBaseDeck(p *rowParser, rows []row, secLine int) error {
	ids, ja, en := map[string]int{}, map[string]int{}, map[string]int{}
	for _, r := range rows {
		c := BaseCard{ID: p.id(r, ids), JA: p.text(r, "ja"), EN: p.text(r, "en"), Count: p.int(r, "count", 1), Line: r.line,
			Hub: p.oneOf(r, "kind", "hub", "room") == "hub"}
		p.unique(r, "ja", ja)
		p.unique(r, "en", en)
		if c.Hub && c.Count != 1 && p.err == nil {
			p.set(p.fail(r.line, "sr.data.hub_count", "value", r.fields["count"]))
		}
		c.key = d.prefix + ".base." + c.ID
		if p.err != nil {
			return p.err
		}
		d.BaseCards = append(d.BaseCards, c)
	}
	rooms := 0
	for _, c := range d.BaseCards {
		if !c.Hub {
			rooms += c.Count
		}
	}
	if n := len(d.HubCards()); n != Hubs {
		return p.fail(secLine, "sr.data.hubs", "n", strconv.Itoa(n), "want", strconv.Itoa(Hubs))
	}
	if rooms < BaseSquares {
		return p.fail(secLine, "sr.data.base_deck_small", "have", strconv.Itoa(rooms), "want", strconv.Itoa(BaseSquares))
	}
	return nil
}

// register adds the data's names and notes to the catalogue once.
func (d *Data) register() {
	registerMu.Lock()
	defer registerMu.Unlock()
	if engine.Has(d.prefix + ".loaded") {
		return
	}
	m := map[string]engine.Text{d.prefix + ".loaded": {EN: d.File, JA: d.File}}
	for _, c := range d.Characters {
		m[c.key] = engine.Text{EN: c.EN, JA: c.JA}
		if c.NotesEN != "" {
			m[c.key+".notes"] = engine.Text{EN: c.NotesEN, JA: c.NotesJA}
		}
	}
	for _, s := range d.Silhouettes {
		m[s.key] = engine.Text{EN: s.EN, JA: s.JA}
		if en, ja, ok := s.short(); ok {
			m[s.key+".short"] = engine.Text{EN: en, JA: ja}
		}
	}
	for _, c := range d.PlanetCards {
		m[c.key] = engine.Text{EN: c.EN, JA: c.JA}
	}
	for _, c := range d.BaseCards {
		m[c.key] = engine.Text{EN: c.EN, JA: c.JA}
	}
	engine.Register(m)
}
