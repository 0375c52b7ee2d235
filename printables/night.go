package printables

import (
	"io"
	"strconv"
	"time"

	"tablemaster/engine"
)

// Night is the night sheet: the results of one night's tables, every
// game, each with its players, their sides, roles or characters once
// public and who won, and every player's totals. It holds only what the
// table may see: a role is nil while it is secret (a game still running).
type Night struct {
	Date       time.Time // the night's date
	Start, End time.Time // when the night begins and ends
	Games      []NightGame
	Totals     []NightTotal
	// Grades is the scale of the night's graded games (Super Rock's A–D,
	// SR-43); the totals count each grade. Nil when none was graded.
	Grades []string
	Notes  []engine.Msg // printed once under the sheet
}

// NightGame is one table of the night.
type NightGame struct {
	Table string
	Game  engine.Msg // the game's name
	Start time.Time
	Over  bool
	// Status says where an unfinished game is (the zero Msg: in play);
	// Result how a finished game ended.
	Status engine.Msg
	Result *engine.Msg
	// RoleHead heads the role column (the zero Msg: none), Columns the
	// game's own columns.
	RoleHead engine.Msg
	Columns  []engine.Msg
	Graded   bool // results are grades, not won or lost
	Players  []NightPlayer
}

// NightPlayer is one seat's result in a game.
type NightPlayer struct {
	Name    string
	Role    *engine.Msg // nil while secret
	Columns []engine.Msg
	Won     bool
	Grade   string // a graded game's grade, "" before the game is over
}

// NightTotal is one player's night.
type NightTotal struct {
	Name   string
	Games  int
	Wins   int
	Grades []int // how many of each of the sheet's Grades
}

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
			"game", l.Text(g.Game), "time", g.Start.Format("15:04"), "table", g.Table)})
		status := l.S("print.night.in_play")
		if g.Status.Key != "" {
			status = l.Text(g.Status)
		}
		result := l.S("print.night.unfinished", "phase", status)
		if g.Over && g.Result != nil {
			result = l.Text(*g.Result)
		}
		doc.Blocks = append(doc.Blocks, &Para{Text: result})
		t := &Table{Head: []string{l.S("print.night.player")}, Widths: []float64{3}}
		if g.RoleHead.Key != "" {
			t.Head, t.Widths = append(t.Head, l.Text(g.RoleHead)), append(t.Widths, 4)
		}
		for _, c := range g.Columns {
			t.Head, t.Widths = append(t.Head, l.Text(c)), append(t.Widths, 2.5)
		}
		resultHead := "print.night.result"
		if g.Graded {
			resultHead = "print.night.grade"
		}
		t.Head, t.Widths = append(t.Head, l.S(resultHead)), append(t.Widths, 1.5)
		for _, p := range g.Players {
			row := []string{p.Name}
			if g.RoleHead.Key != "" {
				role := l.S("print.night.secret")
				if p.Role != nil {
					role = l.Text(*p.Role)
				}
				row = append(row, role)
			}
			for k := range g.Columns {
				cell := dash
				if k < len(p.Columns) {
					cell = l.Text(p.Columns[k])
				}
				row = append(row, cell)
			}
			res := dash
			switch {
			case g.Graded && p.Grade != "":
				res = p.Grade
			case g.Graded || !g.Over:
			case p.Won:
				res = l.S("print.night.won")
			default:
				res = l.S("print.night.lost")
			}
			t.Rows = append(t.Rows, append(row, res))
		}
		doc.Blocks = append(doc.Blocks, t)
	}
	doc.Blocks = append(doc.Blocks, &Heading{Text: l.S("print.night.totals")})
	t := &Table{Head: []string{l.S("print.night.player"), l.S("print.night.games"), l.S("print.night.wins")},
		Widths: []float64{4, 2, 2}}
	for _, g := range n.Grades {
		t.Head, t.Widths = append(t.Head, g), append(t.Widths, 1)
	}
	for _, p := range n.Totals {
		row := []string{p.Name, strconv.Itoa(p.Games), strconv.Itoa(p.Wins)}
		for _, c := range p.Grades {
			row = append(row, strconv.Itoa(c))
		}
		t.Rows = append(t.Rows, row)
	}
	doc.Blocks = append(doc.Blocks, t)
	doc.Blocks = append(doc.Blocks, &Para{Text: l.S("print.night.legend"), Small: true})
	for _, note := range n.Notes {
		doc.Blocks = append(doc.Blocks, &Para{Text: l.Text(note), Small: true})
	}
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
		"print.night.title":      {EN: "Game night sheet", JA: "ゲームナイト成績表"},
		"print.night.sub":        {EN: "The night of {date} ({from} to {to} the next morning)", JA: "{date}の夜（{from}〜翌{to}）"},
		"print.night.footer":     {EN: "tablemaster · {sheet} · {date} · from the tables' logs", JA: "tablemaster・{sheet}・{date}・テーブルの記録から作成"},
		"print.night.none":       {EN: "No game was played this night.", JA: "この夜はゲームがありません。"},
		"print.night.game":       {EN: "Game {n} · {game} · {time} · table {table}", JA: "第{n}ゲーム・{game}・{time}・テーブル {table}"},
		"print.night.unfinished": {EN: "Not finished: {phase}.", JA: "未終了：{phase}。"},
		"print.night.in_play":    {EN: "in play", JA: "プレイ中"},
		"print.night.player":     {EN: "Player", JA: "プレイヤー"},
		"print.night.result":     {EN: "Result", JA: "結果"},
		"print.night.grade":      {EN: "Grade", JA: "勝敗"},
		"print.night.won":        {EN: "won", JA: "勝利"},
		"print.night.lost":       {EN: "lost", JA: "敗北"},
		"print.night.secret":     {EN: "(secret)", JA: "（非公開）"},
		"print.night.totals":     {EN: "The night's totals", JA: "この夜の合計"},
		"print.night.games":      {EN: "Games", JA: "ゲーム数"},
		"print.night.wins":       {EN: "Wins", JA: "勝利数"},
		"print.night.legend":     {EN: "Games include the unfinished ones; wins count the finished games won.", JA: "ゲーム数には未終了のゲームも含みます。勝利数は終了したゲームの勝利です。"},
	})
}
