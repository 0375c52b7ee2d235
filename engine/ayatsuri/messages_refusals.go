package ayatsuri

import "tablemaster/engine"

// Refusals that name their real reason, and the actions they name, in
// words of each language (never the notation's English verb).
func init() {
	engine.Register(map[string]engine.Text{
		"ay.err.not_now":     {EN: "{action} is not possible now", JA: "今は{action}はできません"},
		"ay.err.not_offered": {EN: "that is not one of your choices now ({action})", JA: "それは今の選択肢にありません（{action}）"},
		"ay.err.killed": {EN: "you were killed this round: you lose your turn, and with it your role's ability, until the next round (AY-16)",
			JA: "このラウンドで殺害されたので、次のラウンドまで手番を失い、役割の能力も使えません（AY-16）"},
		"ay.err.over": {EN: "the game is over", JA: "ゲームは終了しています"},

		"ay.verb.pick":    {EN: "choosing a role", JA: "役割を選ぶこと"},
		"ay.verb.pass":    {EN: "passing the cards on", JA: "カードを渡すこと"},
		"ay.verb.bomb":    {EN: "calling out the Bomb Girl", JA: "自爆娘の宣言"},
		"ay.verb.reveal":  {EN: "revealing your role", JA: "役割の公開"},
		"ay.verb.hand":    {EN: "handing your card to a player", JA: "カードを手渡すこと"},
		"ay.verb.keep":    {EN: "keeping your card", JA: "カードを渡さないこと"},
		"ay.verb.give":    {EN: "handing the Bomb Girl card on", JA: "自爆娘のカードを渡すこと"},
		"ay.verb.accuse":  {EN: "naming the murderer", JA: "殺人犯の指名"},
		"ay.verb.declare": {EN: "declaring a role", JA: "役割の宣言"},
		"ay.verb.guard":   {EN: "guarding a player", JA: "護衛"},
		"ay.verb.treat":   {EN: "treating a player", JA: "闇治療"},
		"ay.verb.toss":    {EN: "entering the side the chip fell on", JA: "チップの出た面の入力"},
		"ay.verb.draw":    {EN: "drawing a role card", JA: "役割カードを引くこと"},
		"ay.verb.pay":     {EN: "paying the fee", JA: "報酬の支払い"},
		"ay.verb.take":    {EN: "keeping the fee", JA: "報酬の受け取り"},
		"ay.verb.target":  {EN: "naming a player to kill", JA: "殺害するプレイヤーの指名"},
	})
}
