package superrock

import "tablemaster/engine"

// The words of a Super Rock table on the night sheet (moderator/superrock
// writes them, printables prints them).
func init() {
	engine.Register(map[string]engine.Text{
		"sr.night.character":  {EN: "Character", JA: "キャラクター"},
		"sr.night.attr":       {EN: "Attribute", JA: "属性"},
		"sr.night.state":      {EN: "Alive/dead", JA: "生死"},
		"sr.night.alive":      {EN: "alive", JA: "生存"},
		"sr.night.dead":       {EN: "dead", JA: "死亡"},
		"sr.night.none":       {EN: "—", JA: "—"},
		"sr.night.ph.prep":    {EN: "in preparation", JA: "準備中"},
		"sr.night.ph.play":    {EN: "in play", JA: "プレイ中"},
		"sr.night.ph.decl":    {EN: "a victory declaration is waiting for its answers", JA: "勝利宣言への回答待ち"},
		"sr.night.ph.confirm": {EN: "the table is confirming the characters' own win conditions", JA: "キャラクター固有の勝利条件を確認中"},
		"sr.night.legend":     {EN: "Super Rock grades (SR-43): {a} · {b} · {c} · {d}.", JA: "超人ロックの勝敗（SR-43）：{a}・{b}・{c}・{d}。"},
	})
}
