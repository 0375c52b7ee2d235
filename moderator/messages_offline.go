package moderator

import "tablemaster/engine"

// The words of a page that has lost the laptop (issue 24, item 3): the
// banner every phone and table screen shows while its live connection is
// down, and the line a tap that could not be sent adds to it. The page's
// script shows them; the server writes them into the page in its language
// (layout.tmpl, data-lost and data-unsent of #tm-offline).
func init() {
	engine.Register(map[string]engine.Text{
		"mod.offline.lost": {EN: "Lost the connection to the game master's laptop — reconnecting…",
			JA: "ゲームマスターのノートPCとの接続が切れました。再接続中…"},
		"mod.offline.unsent": {EN: "Not sent: the laptop could not be reached. Tap again once reconnected.",
			JA: "送信できませんでした：ノートPCにつながりません。再接続したらもう一度タップしてください。"},
	})
}
