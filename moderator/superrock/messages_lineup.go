package superrock

import "tablemaster/engine"

// SR-15: the players' table marks an Evil silhouette that has answered
// "keep" in the line-up.
func init() {
	engine.Register(map[string]engine.Text{
		"sr.ui.keeps_silhouette": {EN: "keeps it", JA: "このまま"},
	})
}
