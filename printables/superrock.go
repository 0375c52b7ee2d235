package printables

import (
	"strconv"

	"tablemaster/engine"
	"tablemaster/engine/superrock"
)

func init() {
	register(Sheet{Name: "superrock", Build: superrockSheet})
	engine.Register(map[string]engine.Text{
		"print.sr.sub":        {EN: "Reference sheet · the KMC rulebook's data", JA: "早見表・KMCルールブックのデータ"},
		"print.sr.t71":        {EN: "Table 7.1: characters drawn from each pool", JA: "表7.1：各プールから引くキャラクター数"},
		"print.sr.t71_txt":    {EN: "L Lockes, G Good, E Evil (with E/G), S Special, X at random from the G, E and S cards not drawn.", JA: "L ロック、G Good、E Evil（E/G含む）、S Special、X 残りのG・E・Sからランダム。"},
		"print.sr.players":    {EN: "Players", JA: "人数"},
		"print.sr.t72":        {EN: "Table 7.2: the shadow roll", JA: "表7.2：影振り"},
		"print.sr.die":        {EN: "Die", JA: "出目"},
		"print.sr.may_pick":   {EN: "May pick", JA: "選べるシルエット"},
		"print.sr.t73":        {EN: "Table 7.3: planet cards per base player", JA: "表7.3：基地プレイヤー1人あたりの惑星カード"},
		"print.sr.nonbase":    {EN: "Non-base players", JA: "基地以外の人数"},
		"print.sr.cards":      {EN: "Cards", JA: "枚数"},
		"print.sr.or_more":    {EN: "{n} or more", JA: "{n}以上"},
		"print.sr.characters": {EN: "Characters", JA: "キャラクター"},
		"print.sr.char_txt":   {EN: "Lv ESP level · Pw ESP power · End endurance · Will willpower · Rel can declare release · Tr can transform.", JA: "Lv ESPレベル・Pw ESPパワー・耐 耐久力・精 精神力・釈 釈放宣言可・変 変身可。"},
		"print.sr.name":       {EN: "Name", JA: "名前"},
		"print.sr.attr":       {EN: "Attr.", JA: "属性"},
		"print.sr.sex":        {EN: "Sex", JA: "性別"},
		"print.sr.end":        {EN: "End", JA: "耐"},
		"print.sr.will":       {EN: "Will", JA: "精"},
		"print.sr.release":    {EN: "Rel", JA: "釈"},
		"print.sr.transform":  {EN: "Tr", JA: "変"},
		"print.sr.notes":      {EN: "Notes", JA: "備考"},
		"print.sr.sils":       {EN: "Silhouettes", JA: "シルエット"},
		"print.sr.count":      {EN: "Copies", JA: "枚数"},
		"print.sr.total":      {EN: "In all: {good} Good, {evil} Evil, {special} Special.", JA: "合計：Good {good}枚、Evil {evil}枚、Special {special}枚。"},
		"print.sr.win":        {EN: "Who wins, by attribute", JA: "属性ごとの勝利条件"},
		"print.sr.declare":    {EN: "Victory declaration and veto", JA: "勝利宣言と拒否"},
		"print.sr.ends":       {EN: "How the game ends", JA: "ゲームの終了"},
		"print.sr.grades":     {EN: "Result grades", JA: "成績"},
		"print.sr.end_declared": {EN: "A victory declaration stands (nobody vetoes, or the veto is overridden): the game is over.",
			JA: "勝利宣言が確定した（誰も拒否しない、または拒否が覆された）。ゲーム終了です。"},
	})
}

// superrockSheet is the reference sheet of the Super Rock card game, from
// engine/superrock's data (tables 7.1–7.3, the roster, the silhouettes)
// and its win conditions.
func superrockSheet(l engine.Lang) Doc {
	s := l.S
	d := superrock.Default()
	yes := func(b bool) string {
		if b {
			return "○"
		}
		return ""
	}

	t71 := &Table{Head: []string{s("print.sr.players"), "L", "G", "E", "S", "X"}}
	for _, p := range d.Players {
		t71.Rows = append(t71.Rows, []string{strconv.Itoa(p.Players), strconv.Itoa(p.L), strconv.Itoa(p.G), strconv.Itoa(p.E), strconv.Itoa(p.S), strconv.Itoa(p.X)})
	}
	t72 := &Table{Head: []string{s("print.sr.die"), s("print.sr.may_pick")}, Widths: []float64{1, 4}}
	for face, r := range d.Shadow {
		t72.Rows = append(t72.Rows, []string{strconv.Itoa(face + 1), s(r.Key())})
	}
	t73 := &Table{Head: []string{s("print.sr.nonbase"), s("print.sr.cards")}}
	for _, b := range d.BasePlanetCards {
		n := strconv.Itoa(b.NonBase)
		if b.OrMore {
			n = s("print.sr.or_more", "n", n)
		}
		t73.Rows = append(t73.Rows, []string{n, strconv.Itoa(b.Cards)})
	}

	chars := &Table{Head: []string{s("print.sr.name"), s("print.sr.attr"), s("print.sr.sex"), "Lv", "Pw", s("print.sr.end"), s("print.sr.will"),
		s("print.sr.release"), s("print.sr.transform"), s("print.sr.notes")},
		Widths: []float64{2.6, 1.1, 0.9, 0.7, 0.7, 0.7, 0.8, 0.7, 0.7, 5.5}}
	for _, c := range d.Characters {
		notes := ""
		if k := c.NotesKey(); k != "" {
			notes = s(k)
		}
		chars.Rows = append(chars.Rows, []string{s(c.NameKey()), c.Attr.String(), c.Sex, strconv.Itoa(c.Level), strconv.Itoa(c.Power),
			strconv.Itoa(c.Endurance), strconv.Itoa(c.Will), yes(c.Release), yes(c.Transform), notes})
	}
	// The silhouettes, a long list, in two halves side by side.
	var sils [2]*Table
	half := (len(d.Silhouettes) + 1) / 2
	for i, si := range d.Silhouettes {
		t := &sils[i/half]
		if *t == nil {
			*t = &Table{Head: []string{s("print.sr.sils"), s("print.sr.attr"), s("print.sr.count")}, Widths: []float64{3, 1, 1}}
		}
		(*t).Rows = append((*t).Rows, []string{s(si.NameKey()), si.Attr.String(), strconv.Itoa(si.Count)})
	}
	totals := d.SilhouetteTotals()

	win := &List{}
	for _, a := range []superrock.Attr{superrock.Good, superrock.Evil, superrock.Special, superrock.EvilGood} {
		win.Items = append(win.Items, Item{Label: a.String(), Text: s(a.WinKey())})
	}

	declare := &List{}
	for i, k := range superrock.DeclarationSteps {
		declare.Items = append(declare.Items, Item{Label: strconv.Itoa(i + 1), Text: s(k)})
		if k == "sr.rule.override" {
			for _, o := range superrock.OverrideKeys {
				declare.Items = append(declare.Items, Item{Text: "— " + s(o)})
			}
		}
	}
	ends := &List{}
	for _, k := range superrock.EndKeys {
		// In play the sentence names the declarer; on paper it says when a
		// declaration stands.
		if k == "sr.end.declared" {
			k = "print.sr.end_declared"
		}
		ends.Items = append(ends.Items, Item{Text: s(k)})
	}
	grades := &List{}
	for _, g := range superrock.Grades {
		grades.Items = append(grades.Items, Item{Text: s(superrock.GradeKey(g))})
	}

	return Doc{
		Title:    s("sr.name"),
		Subtitle: s("print.sr.sub"),
		Blocks: []Block{
			&Columns{
				Left: []Block{&Heading{s("print.sr.t71")}, t71, &Para{Small: true, Text: s("print.sr.t71_txt")},
					&Heading{s("print.sr.t73")}, t73},
				Right: []Block{&Heading{s("print.sr.t72")}, t72},
			},
			&Heading{s("print.sr.win")},
			win,
			&Heading{s("print.sr.declare")},
			declare,
			&Heading{s("print.sr.ends")},
			ends,
			&Heading{s("print.sr.grades")},
			grades,
			&Heading{s("print.sr.sils")},
			&Columns{Left: []Block{sils[0]}, Right: []Block{sils[1],
				&Para{Small: true, Text: s("print.sr.total", "good", strconv.Itoa(totals[superrock.Good]),
					"evil", strconv.Itoa(totals[superrock.Evil]), "special", strconv.Itoa(totals[superrock.Special]))}}},
			&Heading{s("print.sr.characters")},
			&Para{Small: true, Text: s("print.sr.char_txt")},
			chars,
		},
	}
}
