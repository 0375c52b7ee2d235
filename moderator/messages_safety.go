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
