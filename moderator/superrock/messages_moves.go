package superrock

import "tablemaster/engine"

// Where each ambush stands once opened (srAmbush.StateKey, SR-24).
func init() {
	engine.Register(map[string]engine.Text{
		"sr.ui.ambush.asked":    {EN: "opened, its owner decides", JA: "開いた・持ち主が判断中"},
		"sr.ui.ambush.appeared": {EN: "opened, appeared", JA: "開いた・出現"},
		"sr.ui.ambush.stayed":   {EN: "opened, did not appear", JA: "開いた・出現せず"},
		"sr.ui.ambush.no-owner": {EN: "opened, its owner is dead", JA: "開いた・持ち主は死亡"},
	})
}
