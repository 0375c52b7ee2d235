package noir

import "tablemaster/engine"

// The words of a Noir table on the night sheet (moderator/noir writes
// them, printables prints them).
func init() {
	engine.Register(map[string]engine.Text{
		"noir.night.side":          {EN: "Side", JA: "陣営"},
		"noir.night.identity":      {EN: "Identity", JA: "正体"},
		"noir.night.card":          {EN: "{suspect} ({card})", JA: "{suspect}（{card}）"},
		"noir.night.card_disguise": {EN: "{suspect} ({card}), disguised as {disguise}", JA: "{suspect}（{card}）、変装先は{disguise}"},
		"noir.night.secret":        {EN: "(secret)", JA: "（非公開）"},
	})
}
