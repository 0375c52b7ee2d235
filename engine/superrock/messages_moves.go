package superrock

import "tablemaster/engine"

// Whose move it is (movers.go): "sr.move.you.*" on a mover's phone,
// "sr.move.other.*" on the others' when one player moves (several are
// listed as "Waiting for:"); and the dealt cards SR-23 plays by itself.
func init() {
	engine.Register(map[string]engine.Text{
		"sr.move.you.deal":       {EN: "Your move: deal the characters.", JA: "あなたの番：キャラクターを配ってください。"},
		"sr.move.you.keep":       {EN: "Your move: keep your character or reject it.", JA: "あなたの番：キャラクターを確定するか拒否してください。"},
		"sr.move.you.shadow":     {EN: "Your move: roll and pick a silhouette.", JA: "あなたの番：影振りをしてシルエットを選んでください。"},
		"sr.move.you.lineup":     {EN: "Your move: keep your Evil silhouette or switch to a non-Evil one.", JA: "あなたの番：Evilのシルエットをそのままにするか、Evil以外に変えるかを選んでください。"},
		"sr.move.you.ambush":     {EN: "Your move: hide your ambush.", JA: "あなたの番：待ち伏せを仕掛けてください。"},
		"sr.move.you.order":      {EN: "Your move: roll one die for the turn order.", JA: "あなたの番：順番決めの1個振りをしてください。"},
		"sr.move.you.land":       {EN: "Your move: land on the planet.", JA: "あなたの番：着陸するマスを選んでください。"},
		"sr.move.you.appear":     {EN: "Your decision: appear or not.", JA: "あなたの判断：出るか出ないかを選んでください。"},
		"sr.move.you.hubs":       {EN: "Your move: place the hubs.", JA: "あなたの番：重要拠点を仕掛けてください。"},
		"sr.move.you.enter":      {EN: "Your move: enter the secret base.", JA: "あなたの番：秘密基地に入ってください。"},
		"sr.move.you.baseturn":   {EN: "Your move: open a square of the secret base.", JA: "あなたの番：秘密基地のマスを開いてください。"},
		"sr.move.you.answer":     {EN: "Your decision: accept or veto.", JA: "あなたの判断：承認か拒否かを選んでください。"},
		"sr.move.you.override":   {EN: "Your decision: override the veto or withdraw.", JA: "あなたの判断：拒否を無効化するか取り下げるかを選んでください。"},
		"sr.move.you.confirm":    {EN: "Your move: confirm the own win conditions.", JA: "あなたの番：固有の勝利条件を確認してください。"},
		"sr.move.other.lineup":   {EN: "{player}'s move: keep the Evil silhouette or switch.", JA: "{player}さんの番：Evilのシルエットをそのままにするか変えるか"},
		"sr.move.other.land":     {EN: "{player}'s move: landing.", JA: "{player}さんの番：着陸"},
		"sr.move.other.appear":   {EN: "{player}'s decision: appear or not.", JA: "{player}さんの判断：出るかどうか"},
		"sr.move.other.enter":    {EN: "{player}'s move: entering the secret base.", JA: "{player}さんの番：秘密基地への侵入"},
		"sr.move.other.baseturn": {EN: "{player}'s move: in the secret base.", JA: "{player}さんの番：秘密基地内"},
		"sr.move.other.answer":   {EN: "{player}'s decision: accept or veto.", JA: "{player}さんの判断：承認か拒否か"},
		"sr.move.other.override": {EN: "{player}'s decision: override or withdraw.", JA: "{player}さんの判断：無効化か取り下げか"},
		// The simultaneous steps, when one player is left to move.
		"sr.move.other.keep":   {EN: "{player}'s move: keep or reject the character.", JA: "{player}さんの番：キャラクターの確定か拒否"},
		"sr.move.other.shadow": {EN: "{player}'s move: the shadow roll.", JA: "{player}さんの番：影振り"},
		"sr.move.other.ambush": {EN: "{player}'s move: hiding an ambush.", JA: "{player}さんの番：待ち伏せを仕掛ける"},
		"sr.move.other.order":  {EN: "{player}'s move: the turn-order roll.", JA: "{player}さんの番：順番決めの1個振り"},
		"sr.move.other.hubs":   {EN: "{player}'s move: placing the hubs.", JA: "{player}さんの番：重要拠点を仕掛ける"},

		"sr.ev.dealt_identity":         {EN: "At the end of the planet phase, {player}'s dealt card {card} is played.", JA: "惑星編の終了により、{player}さんに配られた「{card}」が使われます。"},
		"sr.ev.dealt_identity_revived": {EN: "{player} is alive again after the planet phase, so the dealt card {card} is played.", JA: "惑星編の後に{player}さんが生き返ったため、配られた「{card}」が使われます。"},
	})
}
