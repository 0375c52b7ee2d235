package superrock

import "tablemaster/engine"

// SR-15: the line-up waits for each Evil silhouette that may still
// switch to keep it or switch; the rulebook leaves to the table whether
// there are too many (sr.ph.lineup says so).
func init() {
	engine.Register(map[string]engine.Text{
		"sr.g.keep.lineup":       {EN: "Your Evil silhouette", JA: "あなたのEvilシルエット"},
		"sr.c.keep.lineup":       {EN: "Keep my silhouette", JA: "このシルエットのままにする"},
		"sr.ev.kept_silhouette":  {EN: "{player} keeps {silhouette}.", JA: "{player}さんは{silhouette}のままにします。"},
		"sr.err.keep_not_evil":   {EN: "only an Evil silhouette answers whether it stays: a non-Evil silhouette has nothing to confirm (SR-15)", JA: "そのままにするか答えるのはEvilのシルエットの人だけです。Evil以外のシルエットは確認することがありません（SR-15）"},
		"sr.err.kept_silhouette": {EN: "you have said you keep your silhouette: the line-up waits for the other Evil silhouettes (SR-15)", JA: "シルエットをそのままにすると答えています。顔ぶれはほかのEvilシルエットの人の答えを待っています（SR-15）"},
	})
}
