package moderator

import "tablemaster/engine"

// The words of the event log: a record that could not be saved (a full
// disk) and a log line that cannot be used.
func init() {
	engine.Register(map[string]engine.Text{
		"mod.err.not_saved_full": {
			EN: "The game master's laptop could not save this: its disk is full. Nothing was done; try again once there is space.",
			JA: "ゲームマスターのノートPCに保存できませんでした（ディスクがいっぱいです）。何も行われていません。空きができたらもう一度試してください。"},
		"mod.err.not_saved": {
			EN: "The game master's laptop could not save this. Nothing was done; try again in a moment.",
			JA: "ゲームマスターのノートPCに保存できませんでした。何も行われていません。少ししてからもう一度試してください。"},
		"mod.trouble.full": {
			EN: "‼ NOT SAVED: the disk is full, so {what} was refused and nothing was done. Free some space on this laptop; play goes on once there is room. ({cause})",
			JA: "‼ 保存できません：ディスクがいっぱいのため、{what}を受け付けませんでした（何も行われていません）。このノートPCの空き容量を増やしてください。空きができれば続けられます。（{cause}）"},
		"mod.trouble.other": {
			EN: "‼ NOT SAVED: the log could not be written, so {what} was refused and nothing was done. ({cause})",
			JA: "‼ 保存できません：ログを書き込めなかったため、{what}を受け付けませんでした（何も行われていません）。（{cause}）"},
		"mod.trouble.act":    {EN: "an action", JA: "操作"},
		"mod.trouble.undo":   {EN: "an undo", JA: "取り消し"},
		"mod.trouble.relink": {EN: "a new link", JA: "新しいリンクの発行"},

		"mod.log.line":          {EN: "line {line}: {why}", JA: "{line}行目：{why}"},
		"mod.log.no_header":     {EN: "the first line is not a table header", JA: "1行目が卓のヘッダーではありません"},
		"mod.log.empty":         {EN: "no table header: the log holds no complete line", JA: "卓のヘッダーがありません（完全な行がひとつもありません）"},
		"mod.log.bad_header":    {EN: "the table header is incomplete (id, game, players and their links)", JA: "卓のヘッダーが不完全です（ID・ゲーム・プレイヤー・リンク）"},
		"mod.log.bad_bytes":     {EN: "the line is damaged (bytes that are not text)", JA: "行が壊れています（文字ではないバイトがあります）"},
		"mod.log.bad_json":      {EN: "the line is damaged (not a record tablemaster writes)", JA: "行が壊れています（tablemasterが書く記録ではありません）"},
		"mod.log.second_header": {EN: "a second table header", JA: "2つ目の卓ヘッダーがあります"},
		"mod.log.unknown_type":  {EN: "unknown record type {type}", JA: "不明な記録の種類です：{type}"},
		"mod.log.no_seat":       {EN: "the table has no seat {seat}", JA: "この卓に席{seat}はありません"},
		"mod.log.bad_record":    {EN: "an incomplete “{type}” record", JA: "不完全な「{type}」の記録です"},
		"mod.log.not_canonical": {EN: "the action is not written as tablemaster writes it", JA: "操作がtablemasterの書き方で書かれていません"},
		"mod.log.refused":       {EN: "the game refuses this action", JA: "ゲームがこの操作を受け付けません"},
		"mod.log.undo_refused":  {EN: "the game cannot undo here", JA: "ここでは取り消しができません"},
		"mod.log.resume_refused": {
			EN: "{id}: {err}. Nothing was changed. The log holds every secret of the game: have that line looked at by someone who is not playing, or after the game. To resume from the lines before it, run “{cmd}”: that line and everything after it are copied into a file beside the log, not deleted.",
			JA: "{id}：{err}。この卓は再開できません。何も変更していません。ログにはゲームの秘密がすべて書かれているので、その行はプレイしていない人か、ゲームの後で確認してください。その手前までで再開するには「{cmd}」を実行してください。その行から後はログの隣のファイルに移され、削除はされません。"},
		"mod.log.set_aside": {
			EN: "{id}: line {line} and everything after it were set aside in {file} (nothing deleted); the table resumes from the lines before.",
			JA: "{id}：{line}行目から後を{file}に移しました（削除はしていません）。その手前までで卓を再開します。"},
	})
}
