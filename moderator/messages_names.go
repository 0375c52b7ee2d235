package moderator

import "tablemaster/engine"

// The refusals of a player's name (CheckNames).
func init() {
	engine.Register(map[string]engine.Text{
		"mod.name.empty": {EN: "player {n} has no name: give every player a name",
			JA: "{n}人目のプレイヤーの名前が空です。全員に名前を付けてください"},
		"mod.name.encoding": {EN: "the name of player {n} is not valid UTF-8 text",
			JA: "{n}人目のプレイヤーの名前が正しいUTF-8の文字列ではありません"},
		"mod.name.control": {EN: "the name “{name}” holds a control character ({code}), such as a line break or a terminal escape: type the name without it",
			JA: "「{name}」には改行や端末のエスケープなどの制御文字（{code}）が含まれています。それを除いて入力してください"},
		"mod.name.invisible": {EN: "the name “{name}” holds an invisible character ({code}), which would let two names look the same: type the name without it",
			JA: "「{name}」には見えない文字（{code}）が含まれています。同じに見える別の名前ができてしまうので、それを除いて入力してください"},
		"mod.name.too_long": {EN: "the name “{name}” is too long ({runes} {runes|character|characters}, {bytes} {bytes|byte|bytes}): at most {max} {max|character|characters} and {max_bytes} {max_bytes|byte|bytes} (a kanji or kana takes 3)",
			JA: "「{name}」は長すぎます（{runes}文字、{bytes}バイト）。{max}文字・{max_bytes}バイト以内にしてください（漢字・かなは1文字3バイト）"},
		"mod.name.at": {EN: "the name “@{rest}” begins with @, which marks a word of the message catalogue: begin it with another character",
			JA: "「@{rest}」は@で始まっています（メッセージの中で特別な意味を持つ文字です）。別の文字で始めてください"},
		"mod.name.hash": {EN: "the name “{name}” begins with #, which starts a comment in a script: begin it with another character",
			JA: "「{name}」は#で始まっています（スクリプトではコメントの印です）。別の文字で始めてください"},
		"mod.name.comma": {EN: "the name “{name}” holds a comma, which separates the names in every list of players: type it without one",
			JA: "「{name}」にはカンマが含まれています。プレイヤーの一覧では名前をカンマで区切るので、カンマなしで入力してください"},
		"mod.name.duplicate": {EN: "“{name}” and “{other}” are the same name (full-width and half-width letters, upper and lower case count as the same): give each player their own name",
			JA: "「{name}」と「{other}」は同じ名前です（全角と半角、大文字と小文字は区別しません）。それぞれ別の名前にしてください"},
	})
}
