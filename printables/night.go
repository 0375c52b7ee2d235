package printables

import (
	"io"
	"strconv"
	"strings"
	"time"

	"tablemaster/engine"
)

// Night is the night sheet: the results of one night's Super Rock games
// (SR-43), each game's players with their characters and grades, and every
// player's totals. It holds only what the table may see: a character is
// nil while it is secret (a game still running).
type Night struct {
	Date       time.Time // the night's date
	Start, End time.Time // when the night begins and ends
	Games      []NightGame
	Totals     []NightTotal
}

// NightGame is one table of the night.
type NightGame struct {
	Table   string
	Start   time.Time
	Over    bool        // the grades are final
	Phase   string      // where an unfinished game is: superrock.Phase's names
	Result  *engine.Msg // how a finished game ended
	Players []NightPlayer
}

// nightPhase says in a few words where an unfinished game is.
func nightPhase(phase string) string {
	switch phase {
	case "deal", "reject", "shadow", "lineup", "ambush", "order":
		return "print.night.ph.prep"
	case "veto", "override":
		return "print.night.ph.decl"
	case "confirm":
		return "print.night.ph.confirm"
	}
	return "print.night.ph.play"
}

// NightPlayer is one seat's result in a game.
type NightPlayer struct {
	Name            string
	Character, Attr *engine.Msg // nil while secret
	Dead            bool
	Grade           string // A–D, "" before the game is over
}

// NightTotal is one player's night.
type NightTotal struct {
	Name   string
	Games  int
	Wins   int
	Grades [4]int // A, B, C, D
}

// nightGrades are the result grades of SR-43, in order.
var nightGrades = [4]string{"A", "B", "C", "D"}

// FileName is where the sheet goes by default: night-2025-01-02-ja.pdf.
func (n Night) FileName(l engine.Lang, f Format) string {
	return "night-" + n.Date.Format("2006-01-02") + "-" + string(l) + "." + f.String()
}

// Doc lays the sheet out in language l.
func (n Night) Doc(l engine.Lang) Doc {
	doc := Doc{
		Title: l.S("print.night.title"),
		Subtitle: l.S("print.night.sub", "date", n.Date.Format("2006-01-02"),
			"from", n.Start.Format("15:04"), "to", n.End.Format("15:04")),
	}
	if len(n.Games) == 0 {
		doc.Blocks = append(doc.Blocks, &Para{Text: l.S("print.night.none")})
		return doc
	}
	dash := "—"
	for i, g := range n.Games {
		doc.Blocks = append(doc.Blocks, &Heading{Text: l.S("print.night.game", "n", strconv.Itoa(i+1),
			"time", g.Start.Format("15:04"), "table", g.Table)})
		result := l.S("print.night.unfinished", "phase", "@"+nightPhase(g.Phase))
		if g.Over && g.Result != nil {
			result = l.Text(*g.Result)
		}
		doc.Blocks = append(doc.Blocks, &Para{Text: result})
		t := &Table{Head: []string{l.S("print.night.player"), l.S("print.night.character"), l.S("print.night.attr"),
			l.S("print.night.state"), l.S("print.night.grade")}, Widths: []float64{3, 4, 3, 2, 1.5}}
		for _, p := range g.Players {
			char, attr := l.S("print.night.secret"), dash
			if p.Character != nil {
				char = l.Text(*p.Character)
			}
			if p.Attr != nil {
				attr = l.Text(*p.Attr)
			}
			state := l.S("print.night.alive")
			if p.Dead {
				state = l.S("print.night.dead")
			}
			grade := p.Grade
			if grade == "" {
				grade = dash
			}
			t.Rows = append(t.Rows, []string{p.Name, char, attr, state, grade})
		}
		doc.Blocks = append(doc.Blocks, t)
	}
	doc.Blocks = append(doc.Blocks, &Heading{Text: l.S("print.night.totals")})
	t := &Table{Head: []string{l.S("print.night.player"), l.S("print.night.games"), l.S("print.night.wins"), "A", "B", "C", "D"},
		Widths: []float64{4, 2, 2, 1, 1, 1, 1}}
	for _, p := range n.Totals {
		row := []string{p.Name, strconv.Itoa(p.Games), strconv.Itoa(p.Wins)}
		for _, c := range p.Grades {
			row = append(row, strconv.Itoa(c))
		}
		t.Rows = append(t.Rows, row)
	}
	doc.Blocks = append(doc.Blocks, t)
	var legend []string
	for _, g := range nightGrades {
		legend = append(legend, l.S("sr.grade."+g))
	}
	sep := " · "
	if l == engine.JA {
		sep = "・"
	}
	doc.Blocks = append(doc.Blocks, &Para{Text: l.S("print.night.legend", "grades", strings.Join(legend, sep)), Small: true})
	return doc
}

// footer is the line at the foot of every printed page.
func (n Night) footer(l engine.Lang) string {
	return l.S("print.night.footer", "sheet", l.S("print.night.title"), "date", n.Date.Format("2006-01-02"))
}

// Text writes the sheet for a terminal.
func (n Night) Text(w io.Writer, o Options) error { return writeText(w, n.Doc(o.Lang), o.Lang) }

// PDF writes the sheet as a PDF.
func (n Night) PDF(w io.Writer, o Options) error {
	return writePDFFooter(w, n.Doc(o.Lang), o, n.footer(o.Lang))
}

// HTML writes the sheet as one self-contained HTML page.
func (n Night) HTML(w io.Writer, o Options) error {
	return writeHTMLFooter(w, n.Doc(o.Lang), o, n.footer(o.Lang))
}

// Write writes the sheet in format f.
func (n Night) Write(w io.Writer, f Format, o Options) error {
	if f == HTML {
		return n.HTML(w, o)
	}
	return n.PDF(w, o)
}

func init() {
	engine.Register(map[string]engine.Text{
		"print.night.title":      {EN: "Super Rock night sheet", JA: "超人ロック 成績表"},
		"print.night.sub":        {EN: "The night of {date} ({from} to {to} the next morning)", JA: "{date}の夜（{from}〜翌{to}）"},
		"print.night.footer":     {EN: "tablemaster · {sheet} · {date} · from the tables' logs", JA: "tablemaster・{sheet}・{date}・テーブルの記録から作成"},
		"print.night.none":       {EN: "No Super Rock game was played this night.", JA: "この夜は超人ロックのゲームがありません。"},
		"print.night.game":       {EN: "Game {n} · {time} · table {table}", JA: "第{n}ゲーム・{time}・テーブル {table}"},
		"print.night.unfinished": {EN: "Not finished: {phase}.", JA: "未終了：{phase}。"},
		"print.night.ph.prep":    {EN: "in preparation", JA: "準備中"},
		"print.night.ph.play":    {EN: "in play", JA: "プレイ中"},
		"print.night.ph.decl":    {EN: "a victory declaration is waiting for its answers", JA: "勝利宣言への回答待ち"},
		"print.night.ph.confirm": {EN: "the table is confirming the characters' own win conditions", JA: "キャラクター固有の勝利条件を確認中"},
		"print.night.player":     {EN: "Player", JA: "プレイヤー"},
		"print.night.character":  {EN: "Character", JA: "キャラクター"},
		"print.night.attr":       {EN: "Attribute", JA: "属性"},
		"print.night.state":      {EN: "Alive/dead", JA: "生死"},
		"print.night.grade":      {EN: "Grade", JA: "勝敗"},
		"print.night.alive":      {EN: "alive", JA: "生存"},
		"print.night.dead":       {EN: "dead", JA: "死亡"},
		"print.night.secret":     {EN: "(secret)", JA: "（非公開）"},
		"print.night.totals":     {EN: "The night's totals", JA: "この夜の合計"},
		"print.night.games":      {EN: "Games", JA: "ゲーム数"},
		"print.night.wins":       {EN: "Wins", JA: "勝利数"},
		"print.night.legend":     {EN: "Grades (SR-43): {grades}. Games include the unfinished ones.", JA: "勝敗（SR-43）：{grades}。ゲーム数には未終了のゲームも含みます。"},
	})
}
