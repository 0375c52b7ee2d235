package printables

import (
	"strconv"

	"tablemaster/engine"
	"tablemaster/engine/ayatsuri"
)

func init() {
	register(Sheet{Name: "ayatsuri", Build: ayatsuriSheet})
	engine.Register(map[string]engine.Text{
		"print.ay.sub":     {EN: "Reference sheet · {min}–{max} players", JA: "早見表・{min}～{max}人"},
		"print.ay.roles":   {EN: "Roles in calling order", JA: "役職（呼び出し順）"},
		"print.ay.called":  {EN: "The marker holder calls the roles in number order; when called, the holder reveals and uses the ability. {bomb} is in play only when the table chooses the Bomb Girl.", JA: "マーカーを持つプレイヤーが番号順に役職を呼びます。呼ばれた人は正体を現し、能力を使います。{bomb}は自爆娘を入れるときだけ使います。"},
		"print.ay.role":    {EN: "Role", JA: "役職"},
		"print.ay.ability": {EN: "Ability", JA: "能力"},
		"print.ay.draft":   {EN: "The draft: cards laid out first", JA: "ドラフト：最初に並べるカード"},
		"print.ay.players": {EN: "Players", JA: "人数"},
		"print.ay.down":    {EN: "Face down", JA: "裏向き"},
		"print.ay.up":      {EN: "Face up", JA: "表向き"},
		"print.ay.down_bg": {EN: "Face down with {bomb}", JA: "{bomb}ありの裏向き"},
		"print.ay.serial":  {EN: "Serial Killer targets", JA: "殺人鬼が殺害する人数"},
		"print.ay.targets": {EN: "Targets", JA: "人数"},
		"print.ay.serial_txt": {EN: "Only at the end of a round in which nobody was killed.",
			JA: "誰も殺害されなかったラウンドの終了時のみ。"},
		"print.ay.end":   {EN: "Round end, game end and the winner", JA: "ラウンド終了・ゲーム終了・勝者"},
		"print.ay.start": {EN: "Each player starts with {life} life chips and no kill chips.", JA: "各プレイヤーはライフチップ{life}枚、キルチップ0枚で始めます。"},
	})
}

// ayatsuriSheet is the reference sheet of Ayatsuri Satsujin Jiken, from
// engine/ayatsuri's role data (AY-3, AY-6, AY-25) and rules (AY-40 … AY-42).
func ayatsuriSheet(l engine.Lang) Doc {
	s := l.S
	bomb := ayatsuri.BombGirl.Mark() + s(ayatsuri.BombGirl.Key())

	roles := &Table{Head: []string{"", s("print.ay.role"), s("print.ay.ability")}, Widths: []float64{0.45, 1.7, 6}}
	for _, r := range ayatsuri.AllRoles {
		roles.Rows = append(roles.Rows, []string{r.Mark(), s(r.Key()), s(r.AbilityKey())})
	}

	draft := &Table{Head: []string{s("print.ay.players"), s("print.ay.down"), s("print.ay.up"), s("print.ay.down_bg", "bomb", bomb)},
		Widths: []float64{1, 1, 1, 1.6}}
	serial := &Table{Head: []string{s("print.ay.players"), s("print.ay.targets")}}
	for _, n := range ayatsuri.PlayerCounts() {
		plain, withBomb := ayatsuri.Layout(n, false), ayatsuri.Layout(n, true)
		draft.Rows = append(draft.Rows, []string{strconv.Itoa(n), strconv.Itoa(plain.FaceDown), strconv.Itoa(plain.FaceUp), strconv.Itoa(withBomb.FaceDown)})
		serial.Rows = append(serial.Rows, []string{strconv.Itoa(n), strconv.Itoa(ayatsuri.SerialKillerTargets(n))})
	}

	end := &List{Items: []Item{{Text: s("print.ay.start", "life", strconv.Itoa(ayatsuri.StartLife))}}}
	for _, k := range ayatsuri.RuleKeys {
		end.Items = append(end.Items, Item{Text: s(k)})
	}

	return Doc{
		Title:    s("ay.name"),
		Subtitle: s("print.ay.sub", "min", strconv.Itoa(ayatsuri.MinPlayers), "max", strconv.Itoa(ayatsuri.MaxPlayers)),
		Blocks: []Block{
			&Heading{s("print.ay.roles")},
			&Para{Text: s("print.ay.called", "bomb", bomb)},
			roles,
			&Columns{
				Left: []Block{&Heading{s("print.ay.draft")}, draft},
				Right: []Block{&Heading{s("print.ay.serial")}, serial,
					&Para{Small: true, Text: s("print.ay.serial_txt")}},
			},
			&Heading{s("print.ay.end")},
			end,
		},
	}
}
