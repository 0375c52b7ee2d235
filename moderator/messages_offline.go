package moderator

import "tablemaster/engine"

// The words of a page that has lost the laptop (issue 24, item 3): the
// banner every phone and table screen shows while its live connection is
// down, and the line a tap that could not be sent adds to it. The page's
// script shows them; the server writes them into the page in its language
// (layout.templ, the data-lost, data-unsent and data-unsure of #tm-offline).
func init() {
	engine.Register(map[string]engine.Text{
		"mod.offline.lost": {EN: "Lost the connection to the game master's laptop — reconnecting…",
			JA: "ゲームマスターのノートPCとの接続が切れました。再接続中…"},
		"mod.offline.unsent": {EN: "Not sent: the laptop could not be reached. Tap again once reconnected.",
			JA: "送信できませんでした：ノートPCにつながりません。再接続したらもう一度タップしてください。"},
		// A tap still on its way when the connection died: the laptop may
		// have taken it, and the page, caught up, will show whether it did.
		"mod.offline.unsure": {EN: "No answer from the laptop: your tap may not have gone through. Look again once reconnected.",
			JA: "ノートPCから応答がありません。タップが届いていないかもしれません。再接続したら確かめてください。"},
	})
}
