package moderator

import "tablemaster/engine"

// The server's answers to a dead link and to a post from another site.
func init() {
	engine.Register(map[string]engine.Text{
		"mod.dead.title": {EN: "This link doesn't work any more.", JA: "このリンクはもう使えません。"},
		"mod.dead.body":  {EN: "Ask the game master for a new code.", JA: "ゲームマスターに新しいコードをもらってください。"},
		"mod.dead.other": {EN: "日本語", JA: "English"},
		"mod.cross.title": {EN: "Refused: this came from another website.",
			JA: "受け付けませんでした：別のウェブサイトから送られた操作です。"},
		"mod.cross.body": {EN: "A page that is not this game's tried to act in your name. Nothing was changed. To play, open your own link again (scan your code) and tap there.",
			JA: "このゲーム以外のページが、あなたの代わりに操作しようとしました。何も変わっていません。遊ぶには、自分のリンクを開き直して（コードを読み取って）、そこから操作してください。"},
	})
}

// A log found under a name that is not its table's.
func init() {
	engine.Register(map[string]engine.Text{
		"mod.log.misplaced": {EN: "{file} holds table {id}, not {name}: rename it {id}.jsonl (its table is known by the id it holds)",
			JA: "{file}の中身はテーブル{id}で、{name}ではありません。{id}.jsonl という名前に戻してください（テーブルは中に書かれたIDで見分けます）"},
	})
}

// `tablemaster print links` of a table a rematch took the links of.
func init() {
	engine.Register(map[string]engine.Text{
		"cmd.print.taken_over": {EN: "table {table} is over: its rematch, table {new}, took its links, so its join cards no longer work. The cards in use: tablemaster print links --table {new}",
			JA: "テーブル{table}は終わっています。再戦のテーブル{new}がリンクを引き継いだので、その参加カードはもう使えません。使える参加カード：tablemaster print links --table {new}"},
	})
}
