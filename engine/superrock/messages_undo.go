package superrock

import "tablemaster/engine"

// What to do with the real cards and pins when an action is undone
// (undo.go).
func init() {
	engine.Register(map[string]engine.Text{
		"sr.undo.silhouettes":      {EN: "Everyone puts their silhouette card back on the stack.", JA: "各自、シルエットカードを山に戻します。"},
		"sr.undo.silhouettes_back": {EN: "Everyone takes the silhouette card the table screen shows beside their name again and lays it face up.", JA: "各自、テーブル画面で名前の横に表示されたシルエットカードをもう一度取り、表にして置きます。"},
		"sr.undo.switch":           {EN: "{player}: put {to} back and lay {from} face up again.", JA: "{player}さん：{to}を戻し、{from}をもう一度表にして置きます。"},
		"sr.undo.look_away":        {EN: "Everyone but the base players ({players}) turns away while {player} takes an ambush card back.", JA: "{player}さんが待ち伏せカードを戻す間、基地プレイヤー（{players}）以外は後ろを向きます。"},
		"sr.undo.ambush_swap":      {EN: "{player}: take ambush card {card} back from planet {planet}, square {square}, and put a planet card from the planet deck there face down again.", JA: "{player}さん：惑星{planet}の{square}番から待ち伏せカード{card}を回収し、惑星カードの山から1枚を伏せて置き直します。"},
		"sr.undo.planet_cards":     {EN: "{players}: put the planet cards you drew back on the planet deck, unseen, and shuffle it.", JA: "{players}：引いた惑星カードを見せずに山へ戻し、シャッフルします。"},
		"sr.undo.planet_end":       {EN: "The planet phase goes on: turn the board back to the planet side and put the pins and planet cards back where they were.", JA: "惑星編を続けます。ゲーム盤を惑星編の面に戻し、コマと惑星カードを元の位置に戻します。"},
		"sr.undo.hubs_physical":    {EN: "Gather the secret base cards again; the base players ({players}) take any hub card they swapped in back.", JA: "秘密基地カードを回収します。基地プレイヤー（{players}）は入れ換えた重要拠点カードを手元に戻します。"},
		"sr.undo.pin_off":          {EN: "{player}: take your pin off the secret base again.", JA: "{player}さん：秘密基地からコマを取り除きます。"},
		"sr.undo.appear_back":      {EN: "{player}: put your pin back on ambush {card}'s square; the henchmen of this battle are gone.", JA: "{player}さん：ピンを待ち伏せ{card}のマスへ戻します。この戦闘の手下もいなくなります。"},
		"sr.undo.appear":           {EN: "{player}: take your pin off the ambush square again; the henchmen are gone.", JA: "{player}さん：待ち伏せのマスからピンを取り除きます。手下もいなくなります。"},
		"sr.undo.final":            {EN: "Everyone turns their character card face down again.", JA: "全員、キャラクターカードを伏せ直します。"},
		"sr.undo.sprung":           {EN: "Turn ambush card {card} face down again.", JA: "待ち伏せカード{card}を伏せ直します。"},
		"sr.undo.info":             {EN: "The entry of {player}'s information card was taken back: if the card was really taken, enter it again.", JA: "{player}さんの情報入手の入力を取り消しました。実際に引いていれば、もう一度入力してください。"},
	})
}
