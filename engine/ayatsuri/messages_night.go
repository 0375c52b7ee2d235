package ayatsuri

import "tablemaster/engine"

// The words of an Ayatsuri table on the night sheet (moderator/ayatsuri
// writes them, printables prints them).
func init() {
	engine.Register(map[string]engine.Text{
		"ay.night.life":  {EN: "Life", JA: "ライフ"},
		"ay.night.kills": {EN: "Kills", JA: "キル"},
		"ay.night.count": {EN: "{n}", JA: "{n}"},
	})
}
