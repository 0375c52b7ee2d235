package printables

import (
	"strconv"

	"tablemaster/engine"
	"tablemaster/engine/noir"
)

func init() {
	register(Sheet{Name: "noir", Build: noirSheet})
	// Only what the engine's catalogue does not say already: headings and
	// each action in one line. Numbers come from the engine's constants.
	engine.Register(map[string]engine.Text{
		"print.noir.sub":       {EN: "Reference sheet · the playing-card variant", JA: "早見表・トランプ版"},
		"print.noir.cards":     {EN: "Which card is which suspect", JA: "どのカードがどの容疑者か"},
		"print.noir.cards_txt": {EN: "The suspects lie on the grid; the evidence card of the same rank names the same suspect.", JA: "容疑者のカードを場に並べます。同じ数字の証拠カードが同じ容疑者を指します。"},
		"print.noir.suspect":   {EN: "Suspect", JA: "容疑者"},
		"print.noir.evidence":  {EN: "Evidence", JA: "証拠"},
		"print.noir.kings":     {EN: "With the kings option, {suspect} and {evidence} stand in for the two Jokers.", JA: "キングを使う場合は{suspect}と{evidence}が2枚のジョーカーの代わりです。"},
		"print.noir.layout":    {EN: "The ordered layout", JA: "順番どおりの並べ方"},
		"print.noir.layout_txt": {EN: "Row by row, left to right. Cells: column, then row (B3).",
			JA: "行ごとに左から右へ。マスは列と行で呼びます：B3。"},
		"print.noir.first":   {EN: "First round", JA: "最初のラウンド"},
		"print.noir.actions": {EN: "{role}: one action per turn", JA: "{role}：手番ごとに1つ行動"},
		"print.noir.turns":   {EN: "After the first round the Killer moves first, then turns alternate.", JA: "最初のラウンドの後は殺人鬼から交互に手番を行います。"},
		"print.noir.a.shift": {EN: "Shift a row or column by one; the card pushed off re-enters at the other end. No position may repeat.",
			JA: "行か列を1つずらし、はみ出たカードを反対側の端へ。以前と同じ局面に戻す移動はできません。"},
		"print.noir.a.kill": {EN: "A living neighbour of your identity (never yourself). Killing the Inspector's identity wins.",
			JA: "正体の周囲にいる生きている1人を殺害（正体自身は不可）。捜査官の正体を殺害すれば勝利。"},
		"print.noir.a.disguise": {EN: "Draw a card: if its suspect is alive, it is your new identity and your old one is shown innocent.",
			JA: "山札から1枚引く。その容疑者が生きていれば新しい正体となり、元の正体は無罪として公開されます。"},
		"print.noir.a.arrest": {EN: "Point at your identity or a living neighbour of it: the Killer wins you the game; otherwise \"no\".",
			JA: "自分の正体かその周囲の生きている1人を指さす。殺人鬼なら勝利、違えば「違います」。"},
		"print.noir.a.clear": {EN: "Draw, then lay a hand card on its suspect: tablemaster says if the Killer is among its neighbours.",
			JA: "1枚引き、手札の1枚をその容疑者の上に置く。その周囲に殺人鬼がいるかをtablemasterが答えます。"},
		"print.noir.a.citizen": {EN: "{n} per game: lay a hand card on its suspect, then point at one of its living neighbours.",
			JA: "1ゲーム{n}回まで。手札の1枚をその容疑者の上に置き、その周囲の生きている1人を指さす。"},
		"print.noir.win":   {EN: "How the game ends", JA: "勝敗"},
		"print.noir.notes": {EN: "Good to know", JA: "覚えておくこと"},
		"print.noir.n.removed": {EN: "After every kill and every shift, a row or column whose suspects are all dead leaves the grid; close the gap.",
			JA: "殺害と移動のたびに、全員が殺害された行・列は場から取り除き、すき間を詰めます。"},
		"print.noir.n.innocent": {EN: "When the Killer kills an innocent suspect, tablemaster says whether the Inspector is among its neighbours.",
			JA: "無罪の容疑者を殺害したときは、その周囲に捜査官がいるかをtablemasterが答えます。"},
		"print.noir.n.truth": {EN: "tablemaster answers every question from the grid as it lies. The game ends at once on a win.",
			JA: "質問にはtablemasterが場の状態から答えます。勝敗が決まったらすぐに終了します。"},
		"print.noir.move":    {EN: "Move", JA: "移動"},
		"print.noir.citizen": {EN: "Citizen's arrest", JA: "市民逮捕"},
	})
}

// noirSheet is the reference sheet of Noir's playing-card variant (NC-1 …
// NC-17), from engine/noir's card names, layout, constants and catalogue.
func noirSheet(l engine.Lang) Doc {
	s := l.S
	// NC-1: ♠n ↔ ♥n, ♣n ↔ ♦n, Joker ↔ Joker.
	const half = (noir.NumSuspects - 1) / 2
	joker := noir.NumSuspects - 1
	pairs := &Table{Head: []string{s("print.noir.suspect"), s("print.noir.evidence"), s("print.noir.suspect"), s("print.noir.evidence")}}
	for id := 0; id < half; id++ {
		pairs.Rows = append(pairs.Rows, []string{
			noir.SuspectName(id, false), noir.EvidenceName(id, false),
			noir.SuspectName(id+half, false), noir.EvidenceName(id+half, false)})
	}
	pairs.Rows = append(pairs.Rows, []string{noir.SuspectName(joker, false), noir.EvidenceName(joker, false), "", ""})

	// NC-2: the ordered layout, as the engine lays it.
	g := noir.New(noir.Config{Layout: noir.Ordered}, 0).Grid()
	grid := &CardGrid{}
	for c := 0; c < g.Cols(); c++ {
		grid.ColNames = append(grid.ColNames, noir.ColName(c))
	}
	for r := 0; r < g.Rows(); r++ {
		grid.RowNames = append(grid.RowNames, strconv.Itoa(r+1))
		var row []string
		for c := 0; c < g.Cols(); c++ {
			row = append(row, noir.SuspectName(g.At(r, c), false))
		}
		grid.Cells = append(grid.Cells, row)
	}

	item := func(label, text string) Item { return Item{Label: s(label), Text: text} }
	return Doc{
		Title:    s("noir.name"),
		Subtitle: s("print.noir.sub"),
		Blocks: []Block{
			&Columns{
				Left: []Block{
					&Heading{s("print.noir.cards")},
					&Para{Small: true, Text: s("print.noir.cards_txt")},
					pairs,
					&Para{Small: true, Text: s("print.noir.kings", "suspect", noir.SuspectName(joker, true), "evidence", noir.EvidenceName(joker, true))},
				},
				Right: []Block{
					&Heading{s("print.noir.layout")},
					grid,
					&Para{Small: true, Text: s("print.noir.layout_txt")},
				},
			},
			&Heading{s("print.noir.first")},
			&List{Items: []Item{
				{Text: sentences(l, s("noir.ph.killer-identity"), s("noir.ph.killer-first-kill"))},
				{Text: sentences(l, s("noir.ph.inspector-draw"), s("noir.ph.inspector-keep"))},
				{Text: s("print.noir.turns")},
			}},
			&Heading{s("print.noir.actions", "role", "@noir.role.killer")},
			&List{Items: []Item{
				item("print.noir.move", s("print.noir.a.shift")),
				item("noir.g.kill", s("print.noir.a.kill")),
				item("noir.g.disguise", s("print.noir.a.disguise")),
			}},
			&Heading{s("print.noir.actions", "role", "@noir.role.inspector")},
			&List{Items: []Item{
				item("print.noir.move", s("print.noir.a.shift")),
				item("noir.g.arrest", s("print.noir.a.arrest")),
				item("noir.g.clear", s("print.noir.a.clear")),
				item("print.noir.citizen", s("print.noir.a.citizen", "n", strconv.Itoa(noir.CitizensArrests))),
			}},
			&Heading{s("print.noir.win")},
			&List{Items: []Item{
				{Text: s("noir.win.killed_inspector")},
				{Text: s("noir.win.sixteen")},
				{Text: s("noir.win.arrested")},
			}},
			&Heading{s("print.noir.notes")},
			&List{Items: []Item{
				{Text: s("print.noir.n.removed")},
				{Text: s("print.noir.n.innocent")},
				{Text: s("print.noir.n.truth")},
			}},
		},
	}
}
