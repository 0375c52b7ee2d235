package moderator

import "tablemaster/engine"

// The words `tablemaster host` prints at the terminal.
func init() {
	engine.Register(map[string]engine.Text{
		"cmd.host.link": {EN: "Host page (keep this link to yourself): {url}", JA: "ホスト画面（このリンクは他の人に見せないでください）：{url}"},
		"cmd.host.held": {EN: "table {table} is being served by another tablemaster: left to it", JA: "テーブル{table}は別のtablemasterが動かしています。そちらに任せます"},
		"cmd.headless": {EN: "no terminal (the input or the output is not one): running without the console. The table is played on the phones; Ctrl-C or SIGTERM stops it, and it can be resumed.",
			JA: "端末がありません（入力か出力が端末ではありません）。コンソールなしで動かします。テーブルはスマホで遊びます。Ctrl-CかSIGTERMで止まり、あとで再開できます。"},
		"cmd.host.stop": {EN: "Open it on this laptop or scan it with your phone. Ctrl-C stops the night; every table is saved as it is played.",
			JA: "このノートPCで開くか、スマホで読み取ります。Ctrl-Cで終了します。テーブルはプレイのたびに保存されています。"},
	})
}
