package moderator

import "tablemaster/engine"

// The words of the live host page (hub_stream.go): its join codes that
// move on by themselves, its banners for a lost connection and a failed
// save, putting an unplayed table away, and the night's unplayed tables.
func init() {
	engine.Register(map[string]engine.Text{
		"mod.hub.scan_live": {
			EN: "{player}: scan this with your phone. It moves on by itself when the phone opens; or press Done below.",
			JA: "{player}さん：スマホでこのコードを読み取ってください。スマホで開くと自動で次へ進みます。この画面の下の「完了」を押しても進みます。"},
		"mod.hub.scan_relink": {
			EN: "{player}: scan your new code with your phone. This goes back to the host page by itself when the phone opens; or press Done below.",
			JA: "{player}さん：新しいコードをスマホで読み取ってください。スマホで開くと自動でホスト画面へ戻ります。この画面の下の「完了」を押しても戻ります。"},
		"mod.hub.done_back": {EN: "Done → host page", JA: "完了 → ホスト画面へ"},
		"mod.hub.offline": {
			EN: "Lost the connection to the game master's laptop — reconnecting…",
			JA: "ゲームマスターのノートPCとの接続が切れました。再接続しています…"},
		"mod.hub.abandoned": {EN: "abandoned: its links no longer work", JA: "放棄済み：リンクはもう使えません"},
		"mod.hub.put_away":  {EN: "Put away (never played)", JA: "片付ける（未プレイ）"},
		"mod.hub.played": {
			EN: "this table has been played: only a table nobody played can be put away",
			JA: "このテーブルはプレイ済みです。片付けられるのは誰もプレイしていないテーブルだけです"},
		"mod.hub.unsaved_full": {
			EN: "‼ NOT SAVED at table {table} ({game}): the laptop's disk is full, so {what} was refused and nothing was done. Free some space on this laptop; this warning goes away once a save works again.",
			JA: "‼ 保存できません：テーブル{table}（{game}）。ノートPCのディスクがいっぱいのため、{what}を受け付けませんでした（何も行われていません）。空き容量を増やしてください。次に保存できればこの表示は消えます。"},
		"mod.hub.unsaved": {
			EN: "‼ NOT SAVED at table {table} ({game}): the log could not be written, so {what} was refused and nothing was done. This warning goes away once a save works again.",
			JA: "‼ 保存できません：テーブル{table}（{game}）。ログを書き込めなかったため、{what}を受け付けませんでした（何も行われていません）。次に保存できればこの表示は消えます。"},
		"mod.hub.trouble_log": {EN: "table {table}: {trouble}", JA: "テーブル{table}：{trouble}"},
		"mod.hub.saved_again": {EN: "table {table}: saved again; nothing was lost.", JA: "テーブル{table}：再び保存できました。失われたものはありません。"},
		"mod.night.unplayed": {
			EN: "nobody has played it yet, so it is not in the totals",
			JA: "まだ誰もプレイしていないので合計に数えません"},
		"cmd.tables.drop_empty": {
			EN: "tables drop needs a table id: tablemaster tables lists them",
			JA: "tables drop にはテーブルIDが必要です。tablemaster tables で一覧できます"},
	})
}
