package printables

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"tablemaster/engine"
)

// Paper is the sheet size a PDF is laid out for and HTML asks the printer for.
type Paper uint8

// The paper sizes.
const (
	A4 Paper = iota
	Letter
)

func (p Paper) String() string { return [...]string{"a4", "letter"}[p] }

// size is the page in millimetres, portrait.
func (p Paper) size() (w, h float64) {
	if p == Letter {
		return 215.9, 279.4
	}
	return 210, 297
}

// ParsePaper reads "a4" or "letter".
func ParsePaper(s string) (Paper, error) {
	switch strings.ToLower(s) {
	case "a4":
		return A4, nil
	case "letter", "us-letter":
		return Letter, nil
	}
	return 0, fmt.Errorf("printables: paper must be a4 or letter, not %q", s)
}

// Format is what a sheet is written as.
type Format uint8

// The formats.
const (
	PDF Format = iota
	HTML
)

func (f Format) String() string { return [...]string{"pdf", "html"}[f] }

// ParseFormat reads "pdf" or "html".
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(s) {
	case "pdf":
		return PDF, nil
	case "html":
		return HTML, nil
	}
	return 0, fmt.Errorf("printables: format must be pdf or html, not %q", s)
}

// Options are what every printable is rendered with.
type Options struct {
	Lang  engine.Lang
	Paper Paper
	// Date is written into a PDF's metadata; the zero time writes none
	// that changes from run to run.
	Date time.Time
}

// Sheet is one game's reference sheet.
type Sheet struct {
	// Name is how the sheet is asked for (`print noir`) and the start of
	// its file name (noir-ja.pdf).
	Name string
	// Build lays out the sheet's content in a language.
	Build func(l engine.Lang) Doc
}

var sheets = map[string]Sheet{}

// register adds a game's sheet; each game's file calls it from init.
func register(s Sheet) {
	if _, dup := sheets[s.Name]; dup {
		panic("printables: sheet registered twice: " + s.Name)
	}
	sheets[s.Name] = s
}

// Names lists every sheet, sorted.
func Names() []string {
	names := make([]string, 0, len(sheets))
	for n := range sheets {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Lookup finds a sheet by name.
func Lookup(name string) (Sheet, bool) {
	s, ok := sheets[strings.ToLower(name)]
	return s, ok
}

// FileName is the sheet's file name for a language and format: noir-ja.pdf.
func (s Sheet) FileName(l engine.Lang, f Format) string {
	return s.Name + "-" + string(l) + "." + f.String()
}

// PDF writes the sheet as a PDF.
func (s Sheet) PDF(w io.Writer, o Options) error { return writePDF(w, s.Build(o.Lang), o) }

// HTML writes the sheet as one self-contained HTML page.
func (s Sheet) HTML(w io.Writer, o Options) error { return writeHTML(w, s.Build(o.Lang), o) }

// Write writes the sheet in format f.
func (s Sheet) Write(w io.Writer, f Format, o Options) error {
	if f == HTML {
		return s.HTML(w, o)
	}
	return s.PDF(w, o)
}

// Doc is the content of a printable, laid out by both renderers: a title
// and blocks from top to bottom.
type Doc struct {
	Title    string
	Subtitle string
	Blocks   []Block
}

// Block is one part of a Doc: *Heading, *Para, *List, *Table, *CardGrid,
// *Pictures, *Columns or *HostNote.
type Block interface{ block() }

// Heading starts a section.
type Heading struct{ Text string }

// Para is a paragraph; Small ones are notes.
type Para struct {
	Text  string
	Small bool
}

// List is a list of lines, each with an optional bold-ish label in front.
type List struct{ Items []Item }

// Item is one line of a List.
type Item struct{ Label, Text string }

// Table is a table with a heading row. Widths are relative column widths
// (nil: equal).
type Table struct {
	Head   []string
	Rows   [][]string
	Widths []float64
}

// CardGrid is a picture of playing cards lying in a grid, with column
// letters above and row numbers at the side. Marks, when given, mark
// cells: "dead" (a kill chip) or "take" (dead, and chosen to leave the
// grid). Small ones are pictures of a rule, not a layout to copy.
type CardGrid struct {
	ColNames, RowNames []string
	Cells              [][]string
	Marks              [][]string
	Small              bool
}

// mark is the mark of cell r, c, or "".
func (g *CardGrid) mark(r, c int) string {
	if r < len(g.Marks) && c < len(g.Marks[r]) {
		return g.Marks[r][c]
	}
	return ""
}

// Pictures puts blocks side by side with words between them: a rule
// shown as before → after.
type Pictures struct {
	Items   []Block
	Between string
}

// Columns puts two lists of blocks side by side.
type Columns struct{ Left, Right []Block }

// HostNote is the one place on a sheet for the table that may speak of
// the command line: a small boxed note headed "For the host" that says
// how to start the table the sheet describes. Everything else on a sheet
// speaks to the players.
type HostNote struct{ Lines []string }

func (*Heading) block()  {}
func (*Para) block()     {}
func (*List) block()     {}
func (*Table) block()    {}
func (*CardGrid) block() {}
func (*Columns) block()  {}
func (*Pictures) block() {}
func (*HostNote) block() {}

// labelSep stands between a label and its text: "Kill: …", "殺害：…".
func labelSep(l engine.Lang) string {
	if l == engine.JA {
		return "："
	}
	return ": "
}

// sentences joins sentences as the language writes them: with a space in
// English, without one in Japanese.
func sentences(l engine.Lang, ss ...string) string {
	if l == engine.JA {
		return strings.Join(ss, "")
	}
	return strings.Join(ss, " ")
}

// span is a piece of text drawn in one colour: hearts and diamonds are red.
type span struct {
	Text string
	Red  bool
}

// suitSpans splits text so that every ♥ and ♦ (with the rank after it)
// can be drawn in red, as on the cards.
func suitSpans(s string) []span {
	var out []span
	rs := []rune(s)
	start := 0
	for i := 0; i < len(rs); i++ {
		if rs[i] != '♥' && rs[i] != '♦' {
			continue
		}
		j := i + 1
		for j < len(rs) && strings.ContainsRune("A2345678910JQK", rs[j]) {
			j++
		}
		if i > start {
			out = append(out, span{Text: string(rs[start:i])})
		}
		out = append(out, span{Text: string(rs[i:j]), Red: true})
		start, i = j, j-1
	}
	if start < len(rs) {
		out = append(out, span{Text: string(rs[start:])})
	}
	return out
}

func init() {
	engine.Register(map[string]engine.Text{
		"print.sheet":    {EN: "Reference sheet", JA: "早見表"},
		"print.footer":   {EN: "tablemaster · {sheet} · generated from the rules the game master enforces", JA: "tablemaster・{sheet}・ゲームマスターが適用するルールから生成"},
		"print.written":  {EN: "wrote {file}", JA: "{file}を書き出しました"},
		"print.join":     {EN: "Join cards", JA: "参加カード"},
		"print.join.one": {EN: "Scan with your phone's camera to open your own page.", JA: "スマホのカメラで読み取ると、あなた専用のページが開きます。"},
		"print.join.warning": {EN: "Each card is private: its code opens that player's secret page. Cut along the dashed lines and give each card face down to the player named on it.",
			JA: "カードはそれぞれ本人専用です。コードを読み取るとその人の秘密のページが開きます。点線で切り離し、名前の人に裏向きで渡してください。"},
		"print.join.table": {EN: "{game} · table {table}", JA: "{game}・テーブル {table}"},
		"print.host":       {EN: "For the host", JA: "ホスト向け"},
	})
}
