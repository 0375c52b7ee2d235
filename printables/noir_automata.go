package printables

import (
	"strconv"

	"tablemaster/engine"
	"tablemaster/engine/noir"
)

func init() {
	register(Sheet{Name: "noir-automata", Build: noirAutomataSheet})
	engine.Register(map[string]engine.Text{
		"print.noira.sub": {EN: "Reference sheet · the Automata variant (identity and disguise)", JA: "早見表・オートマタ版（正体と変装先）"},
		"print.noira.roster": {EN: "A boxed edition's 25 named suspects can stand in for the playing cards: its evidence cards carry the same names.",
			JA: "トランプの代わりに製品版の名前つき容疑者25人も使えます。証拠カードにも同じ名前が書かれています。"},
		"print.noira.host.start": {EN: "tablemaster noir --variant automata --players Aki,Ben (the Killer first).",
			JA: "tablemaster noir --variant automata --players Aki,Ben（殺人鬼が先）。"},
		"print.noira.host.roster": {EN: "A boxed edition's suspects: --roster FILE, their 25 names one a line in layout order.",
			JA: "製品版の容疑者：--roster ファイル（25人の名前を並べる順に1行に1人）"},
		"print.noira.host.kills": {EN: "Another edition's count of the dead: --kills 14 or --kills 16 (default {n}).",
			JA: "他の版の殺害人数：--kills 14 または --kills 16（既定 {n}）"},
		"print.noira.first.killer": {EN: "The Killer draws an identity, then a disguise (both secret), and kills a neighbour of the identity.",
			JA: "殺人鬼は正体、次に変装先を引き（どちらも秘密）、正体の周囲の1人を殺害します。"},
		"print.noira.a.shift": {EN: "Shift a row or column by one; the card pushed off re-enters at the other end. Not the reverse of the opponent's shift just before.",
			JA: "行か列を1つずらし、はみ出たカードを反対側の端へ。相手が直前にずらした行・列を逆向きに戻すことはできません。"},
		"print.noira.a.collapse": {EN: "When every row (or every column) holds a dead suspect: take one dead suspect from each and close the gaps; the grid loses exactly one column (or row).",
			JA: "すべての行（または列）に死亡者がいるとき：各行（各列）から死亡者を1人ずつ取り除いて詰める。列（行）がちょうど1つ減ります。"},
		"print.noira.a.kill": {EN: "A living neighbour of your identity. The Inspector's identity, or {n} dead suspects, wins.",
			JA: "正体の周囲の生きている1人を殺害。捜査官の正体を殺害するか、{n}人殺害すれば勝利。"},
		"print.noira.a.disguise": {EN: "Pick up identity and disguise and put them back, swapped or not: the table only learns that you disguised. Not once the disguise is dead.",
			JA: "正体と変装先を手に取り、入れ替えて（または入れ替えずに）戻す。相手には変装したことしかわかりません。変装先が死亡したら不可。"},
		"print.noira.a.arrest": {EN: "Your identity or a living neighbour of it: the Killer's identity wins; otherwise \"no\".",
			JA: "自分の正体かその周囲の生きている1人を逮捕。殺人鬼の正体なら勝利、違えば「違います」。"},
		"print.noira.a.canvas": {EN: "Lay a hand card on its suspect: tablemaster says if the Killer is among its neighbours. The card stays on the living, leaves the dead. Draw back to 3. Not with an empty deck.",
			JA: "手札の1枚をその容疑者の上に置き、その周囲に殺人鬼がいるかをtablemasterが答えます。生存者なら置いたまま、死亡者なら捨てる。手札を3枚まで引く。山札が切れたら不可。"},
		"print.noira.a.accuse": {EN: "Name two suspects, dead or gone too: right if they are the Killer's identity and disguise, in either order. Right wins, wrong loses.",
			JA: "容疑者2人を指名（死亡・取り除き済みも可）。殺人鬼の正体と変装先なら（順不同）勝利、外れたら負け。"},
		"print.noira.collapse": {EN: "Collapse, row by row", JA: "圧縮（各行から1人ずつ）"},
		"print.noira.collapse_txt": {EN: "Grey: dead; red border: the one chosen in each row. They leave and each row closes up: 3×4 becomes 3×3. Then the Inspector discards the hand cards of suspects who left and draws as many.",
			JA: "灰色は死亡、赤枠は各行で選んだ1人。取り除いて各行を詰めると3×4が3×3に。その後、捜査官は取り除かれた容疑者の手札を捨て、同じ枚数を引きます。"},
		"print.noira.n.innocent": {EN: "Killing an innocent suspect: tablemaster says whether the Inspector is among its neighbours; its evidence card is discarded.",
			JA: "無罪の容疑者を殺害したとき：その周囲に捜査官がいるかをtablemasterが答え、証拠カードは捨てられます。"},
		"print.noira.n.nowrap": {EN: "Neighbours are the up to 8 cards around; the grid does not wrap (a corner has 3). No line leaves the grid by itself.",
			JA: "周囲は最大8枚。端はつながりません（角は3枚）。行・列がひとりでに取り除かれることはありません。"},
		"print.noira.n.kills": {EN: "Dead suspects taken away by a Collapse still count. Other editions win at 14 or 16, when the host sets the table so.",
			JA: "圧縮で取り除かれた死亡者も数に入ります。他の版では14人・16人（ホストが設定）。"},
		"print.noira.collapse_name": {EN: "Collapse", JA: "圧縮"},
		"print.noira.both":          {EN: "Either side, on their turn (one action per turn)", JA: "どちらの手番でも（手番ごとに1つ行動）"},
		"print.noira.canvas":        {EN: "Canvas", JA: "捜査"},
		"print.noira.accuse":        {EN: "Accuse", JA: "推理"},
	})
}

// noirAutomataSheet is the reference sheet of Noir's Automata variant
// (NA-1 … NA-11), from engine/noir's names, layout, constants, catalogue
// and its own Collapse.
func noirAutomataSheet(l engine.Lang) Doc {
	s := l.S
	nc := noirSheet(l) // the card ↔ suspect table and the layout are NA-1's too
	cols := nc.Blocks[0].(*Columns)
	kills := strconv.Itoa(noir.AutomataKills)
	cols.Left = append(cols.Left, &Para{Small: true, Text: s("print.noira.roster")},
		&Heading{s("print.noir.win")},
		&List{Items: []Item{
			{Text: s("noir.win.killed_inspector")},
			{Text: s("noir.win.kills", "n", kills)},
			{Text: s("noir.win.arrested")},
			{Text: s("noir.win.accused")},
			{Text: s("noir.win.wrong_accusation")},
		}})
	for _, b := range cols.Right {
		if g, ok := b.(*CardGrid); ok {
			g.Small = true // the layout is NC-2's; the room goes to the Collapse
		}
	}
	before, after := collapsePicture()
	cols.Right = append(cols.Right, &Heading{s("print.noira.collapse")},
		&Pictures{Items: []Block{before, after}, Between: "→"},
		&Para{Small: true, Text: s("print.noira.collapse_txt")},
		&Heading{s("print.noir.first")},
		&List{Items: []Item{
			{Text: s("print.noira.first.killer")},
			{Text: sentences(l, s("noir.ph.inspector-draw"), s("noir.ph.inspector-keep"))},
			{Text: s("print.noir.turns")},
		}})
	item := func(label, text string) Item { return Item{Label: s(label), Text: text} }
	return Doc{
		Title:    s("noir.automata.name"),
		Subtitle: s("print.noira.sub"),
		Blocks: []Block{
			cols,
			&Heading{s("print.noira.both")},
			&List{Items: []Item{
				item("print.noir.move", s("print.noira.a.shift")),
				item("print.noira.collapse_name", s("print.noira.a.collapse")),
			}},
			&Heading{s("print.noir.actions", "role", "@noir.role.killer")},
			&List{Items: []Item{
				item("noir.g.kill", s("print.noira.a.kill", "n", kills)),
				item("noir.g.disguise", s("print.noira.a.disguise")),
			}},
			&Heading{s("print.noir.actions", "role", "@noir.role.inspector")},
			&List{Items: []Item{
				item("noir.g.arrest", s("print.noira.a.arrest")),
				item("print.noira.canvas", s("print.noira.a.canvas")),
				item("print.noira.accuse", s("print.noira.a.accuse")),
			}},
			&Heading{s("print.noir.notes")},
			&List{Items: []Item{
				{Text: s("print.noira.n.innocent")},
				{Text: s("print.noira.n.nowrap")},
				{Text: s("print.noira.n.kills")},
				{Text: s("print.noir.n.truth")},
			}},
			&HostNote{Lines: []string{s("print.noira.host.start"), s("print.noira.host.roster"), s("print.noira.host.kills", "n", kills)}},
		},
	}
}

// collapsePicture is a small grid before and after a Collapse of its
// rows, made by the engine's own Grid.Collapse (NA-5, NG-4).
func collapsePicture() (before, after *CardGrid) {
	// 3 rows of 4: suspects ♠A–♠4, ♠6–♠9, ♠J–♣A (ids as NC-1 numbers them).
	ids := []int{0, 1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 13}
	dead := map[int]bool{1: true, 3: true, 5: true, 12: true, 13: true}
	take := []int{3, 5, 12} // one dead suspect from each row
	g := noir.NewGrid(3, 4, ids)
	picture := func(g noir.Grid, marks bool) *CardGrid {
		cg := &CardGrid{Small: true}
		for c := range g.Cols() {
			cg.ColNames = append(cg.ColNames, noir.ColName(c))
		}
		for r := range g.Rows() {
			cg.RowNames = append(cg.RowNames, strconv.Itoa(r+1))
			var row, mrow []string
			for c := range g.Cols() {
				id := g.At(r, c)
				row = append(row, noir.SuspectName(id, false))
				m := ""
				if dead[id] {
					m = "dead"
				}
				if marks && (id == take[0] || id == take[1] || id == take[2]) {
					m = "take"
				}
				mrow = append(mrow, m)
			}
			cg.Cells = append(cg.Cells, row)
			cg.Marks = append(cg.Marks, mrow)
		}
		return cg
	}
	before = picture(g, true)
	g.Collapse(noir.Row, take)
	return before, picture(g, false)
}
