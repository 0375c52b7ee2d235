package noir

import "tablemaster/engine"

// The sentences of a physical deck's entries (physical.go), in English and
// Japanese.
func init() {
	engine.Register(map[string]engine.Text{
		"noir.pv.entered": {
			EN: "You entered {card}. Check that it is the card you really drew; if not, ask to undo now: an entry that names a card the other player holds loses the game.",
			JA: "{card}と入力しました。実際に引いたカードか確かめてください。違っていたら今すぐ取り消しを頼んでください。相手が持っているカードを入力すると負けになります。",
		},
		"noir.pv.bad_entry.killer": {
			EN: "The {role} entered {card} as drawn, but {card} is your identity card: no real draw can be. Nobody else is told. On your turn you show it, and the impossible entry ends the game in your favour.",
			JA: "{role}が{card}を引いたと入力しましたが、{card}はあなたの正体のカードです。実際に引けるはずがありません。ほかの人には知らされていません。あなたの手番でこのカードを見せると、ありえない入力によりゲームが終わり、あなたの勝ちになります。",
		},
		"noir.pv.bad_entry.inspector": {
			EN: "The {role} entered {card} as drawn, but {card} is one of your cards: no real draw can be. Nobody else is told. On your turn you show it, and the impossible entry ends the game in your favour.",
			JA: "{role}が{card}を引いたと入力しましたが、{card}はあなたのカードです。実際に引けるはずがありません。ほかの人には知らされていません。あなたの手番でこのカードを見せると、ありえない入力によりゲームが終わり、あなたの勝ちになります。",
		},
		"noir.g.dispute": {EN: "An impossible entry", JA: "ありえない入力"},
		"noir.c.dispute.killer": {
			EN: "Show {card}, your identity card: it was entered as drawn",
			JA: "正体のカード{card}を見せる（引いたと入力されたカード）",
		},
		"noir.c.dispute.inspector": {
			EN: "Show {card}, your card: it was entered as drawn",
			JA: "自分のカード{card}を見せる（引いたと入力されたカード）",
		},
		"noir.ev.bad_entry.killer": {
			EN: "The Killer shows {card}, their identity card. The Inspector entered {card} as drawn in turn {turn}, which no real draw can be.",
			JA: "殺人鬼が正体のカード{card}を見せました。捜査官は{turn}手目に{card}を引いたと入力しましたが、実際に引けるはずのないカードです。",
		},
		"noir.ev.bad_entry.inspector": {
			EN: "The Inspector shows {card}, one of their cards. The Killer entered {card} as drawn in turn {turn}, which no real draw can be.",
			JA: "捜査官が自分のカード{card}を見せました。殺人鬼は{turn}手目に{card}を引いたと入力しましたが、実際に引けるはずのないカードです。",
		},
		"noir.do.show_card": {
			EN: "{role}: turn {card} face up so that everyone can check it.",
			JA: "{role}：{card}を表にして全員に見せてください。",
		},
		"noir.win.bad_entry.killer": {
			EN: "The Inspector entered a card the Killer holds. An impossible entry ends the game: the Killer wins.",
			JA: "捜査官が殺人鬼の持つカードを入力しました。ありえない入力のためゲームは終わり、殺人鬼の勝利です。",
		},
		"noir.win.bad_entry.inspector": {
			EN: "The Killer entered a card the Inspector holds. An impossible entry ends the game: the Inspector wins.",
			JA: "殺人鬼が捜査官の持つカードを入力しました。ありえない入力のためゲームは終わり、捜査官の勝利です。",
		},
		"noir.err.dispute_first": {
			EN: "first show {card}: the other player entered it as drawn, and it is yours",
			JA: "先に{card}を見せてください。相手が引いたと入力したのはあなたのカードです",
		},
		"noir.err.dispute_card": {
			EN: "the card that was entered by mistake is {card}",
			JA: "誤って入力されたカードは{card}です",
		},
	})
}
