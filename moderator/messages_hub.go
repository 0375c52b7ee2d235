package moderator

import "tablemaster/engine"

// The words `tablemaster host` prints at the terminal.
func init() {
	engine.Register(map[string]engine.Text{
		"cmd.host.link": {EN: "Host page (keep this link to yourself): {url}", JA: "ホスト画面（このリンクは他の人に見せないでください）：{url}"},
		"cmd.host.held": {EN: "table {table} is being served by another tablemaster: left to it", JA: "テーブル{table}は別のtablemasterが動かしています。そちらに任せます"},
		"cmd.headless": {EN: "no terminal (the input or the output is not one): running without the console. The table is played on the phones; Ctrl-C or SIGTERM stops it, and it can be resumed.",
			JA: "端末がありません（入力か出力が端末ではありません）。コンソールなしで動かします。テーブルはスマホで遊びます。Ctrl-CかSIGTERMで止まり、あとで再開できます。"},
		"cmd.tables.none":        {EN: "No table in {dir} yet.", JA: "{dir}にはまだテーブルがありません。"},
		"cmd.tables.times":       {EN: "started {start} · last played {last}", JA: "開始 {start}・最後のプレイ {last}"},
		"cmd.tables.waiting":     {EN: "in play, waiting for {players} ({n} {n|action|actions})", JA: "プレイ中：{players}の番（{n}手）"},
		"cmd.tables.not_started": {EN: "not started: nobody has played yet", JA: "未開始：まだ誰もプレイしていません"},
		"cmd.tables.held":        {EN: "table {table} is being served by a running tablemaster: stop it first", JA: "テーブル{table}は実行中のtablemasterが動かしています。先に止めてください"},
		"cmd.tables.dropped":     {EN: "table {table} moved to {path} (move it back to bring it back)", JA: "テーブル{table}を{path}へ移しました（戻せば元に戻ります）"},
		"cmd.resume.unplayed": {EN: "left out {table} ({game}: {players}): never played. tablemaster resume {table} brings it back; tablemaster tables drop {table} puts it away.",
			JA: "{table}（{game}：{players}）は一度も遊ばれていないので再開しません。tablemaster resume {table} で再開、tablemaster tables drop {table} で片付けます。"},
		"cmd.host.stop": {EN: "Open it on this laptop or scan it with your phone. Ctrl-C stops the night; every table is saved as it is played.",
			JA: "このノートPCで開くか、スマホで読み取ります。Ctrl-Cで終了します。テーブルはプレイのたびに保存されています。"},
	})
}
