package moderator

import "tablemaster/engine"

// Words of the commands about where they serve: a port still busy, and
// links that changed since the last run.
func init() {
	engine.Register(map[string]engine.Text{
		"cmd.place.someone": {EN: "another program", JA: "別のプログラム"},
		"cmd.place.busy": {
			EN: "Port {port}, where this state folder's tables were served, is in use by {who} (waited {wait}). Stop it and start again; or move on purpose with --port N (0 picks a free one), and then every phone and the TV must scan their codes again.",
			JA: "このフォルダーのテーブルを配信していたポート{port}は、{who}が使用中です（{wait}待ちました）。それを止めてからもう一度起動してください。あえて移る場合は --port N（0なら空いているポート）を指定してください。その場合、すべてのスマホとTVでコードを読み直す必要があります。",
		},
		"cmd.place.busy_asked": {
			EN: "Port {port} is in use by {who}. Stop it, or give another --port (0 picks a free one).",
			JA: "ポート{port}は{who}が使用中です。それを止めるか、別の --port を指定してください（0なら空いているポート）。",
		},
		"cmd.place.no_addr": {
			EN: "Cannot listen on {addr}: this laptop has no such address. --addr names one of the laptop's own addresses (or leave it out to listen on all of them).",
			JA: "{addr}で待ち受けできません。このノートPCにそのアドレスはありません。--addr にはこのPC自身のアドレスを指定してください（省略するとすべてのアドレスで待ち受けます）。",
		},
		"cmd.place.moved": {
			EN: "‼ Served on port {new}, no longer on {old}: every link has changed. Every phone and the TV must scan their codes again (the join codes are on the host page, or type links).",
			JA: "‼ ポート{old}ではなく{new}で配信します。すべてのリンクが変わりました。すべてのスマホとTVでコードを読み直してください（参加コードはホスト画面、またはlinksコマンドで表示できます）。",
		},
		"mod.hub.links_changed": {
			EN: "Every link changed since the last run ({old} → {new}): every phone and the TV must scan their codes again. Open Join codes on each table in play.",
			JA: "前回からすべてのリンクが変わりました（{old} → {new}）。すべてのスマホとTVでコードを読み直してください。プレイ中の各テーブルの「参加用コード」を開いてください。",
		},
		"cmd.place.readdressed": {
			EN: "‼ This laptop's address changed since the last run ({old} → {new}): every link has changed. Every phone and the TV must scan their codes again (the join codes are on the host page, or type links).",
			JA: "‼ 前回からこのノートPCのアドレスが変わりました（{old} → {new}）。すべてのリンクが変わりました。すべてのスマホとTVでコードを読み直してください（参加コードはホスト画面、またはlinksコマンドで表示できます）。",
		},
	})
}

// What host says once Ctrl-C or SIGTERM stopped it.
func init() {
	engine.Register(map[string]engine.Text{
		"cmd.host.stopped": {
			EN: "Stopped. Everything is saved. Tables still open ({n}):",
			JA: "停止しました。すべて保存されています。続きのあるテーブル（{n}卓）：",
		},
		"cmd.host.go_on": {
			EN: "To go on, on the same links: {command}",
			JA: "同じリンクのまま続けるには：{command}",
		},
		"cmd.host.stopped_none": {
			EN: "Stopped. Everything is saved; no table is still in play. To host again, on the same links: {command}",
			JA: "停止しました。すべて保存されています。プレイ中のテーブルはありません。同じリンクでもう一度ホストするには：{command}",
		},
	})
}
