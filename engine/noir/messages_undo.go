package noir

import "tablemaster/engine"

// What to do with the real cards when an action is undone (undo.go).
func init() {
	engine.Register(map[string]engine.Text{
		"noir.undo.shift":             {EN: "Slide {line} {n} back one place {dir}; the card pushed off the end goes to the other end.", JA: "{n}{line}を{dir}へ1つずらして戻し、はみ出たカードを反対側の端へ。"},
		"noir.undo.remove_row":        {EN: "Put {cards} back, in this order from left to right, as row {n}; the rows from there on move down one.", JA: "{cards}をこの順に左から並べて{n}行目に戻し、そこから下の行を1つずつ下げる。"},
		"noir.undo.remove_col":        {EN: "Put {cards} back, in this order from top to bottom, as column {n}; the columns from there on move right one.", JA: "{cards}をこの順に上から並べて{n}列に戻し、そこから右の列を1つずつ右へ。"},
		"noir.undo.remove":            {EN: "Put {cards} back into the grid where they lay before they left; once this undo is done the table screen shows every card in its place.", JA: "{cards}を取り除く前の位置に戻す。この取り消しが済めば、テーブル画面にすべてのカードの位置が表示されます。"},
		"noir.undo.kill":              {EN: "Take the kill chip off {suspect} ({cell}).", JA: "{suspect}（{cell}）のチップを取り除く。"},
		"noir.undo.innocent_virtual":  {EN: "Take {card} (or the coin) off {suspect} ({cell}).", JA: "{suspect}（{cell}）の上の{card}（またはコイン）を取る。"},
		"noir.undo.innocent_physical": {EN: "Pick {card} up from {suspect} ({cell}); it goes back to the player who laid it.", JA: "{suspect}（{cell}）の上の{card}を取り、置いたプレイヤーに戻す。"},
		"noir.undo.discard":           {EN: "Take {card} back from the removed pile; it goes back to the player who showed it.", JA: "取り除かれたカードの山から{card}を取り、見せたプレイヤーに戻す。"},
		"noir.undo.draw_one":          {EN: "{role}: if you drew a card for this, put it back on the deck unseen.", JA: "{role}：このために1枚引いていたら、見せずに山札へ戻してください。"},
		"noir.undo.draw_four":         {EN: "{role}: put the cards you drew for this back on the deck unseen.", JA: "{role}：このために引いたカードを、見せずに山札へ戻してください。"},
		"noir.undo.drew":              {EN: "{role}: the card you entered was taken back. Keep the card you drew, unseen, and enter it again on your phone.", JA: "{role}：入力したカードが取り消されました。引いたカードは見せずに持ったまま、スマホでもう一度入力してください。"},
		"noir.undo.drew_card":         {EN: "You had entered {card}; enter the card you really hold.", JA: "入力したのは{card}でした。実際に持っているカードを入力してください。"},
		"noir.undo.keep":              {EN: "{role}: your choice was taken back. Hold all four drawn cards again and choose one again.", JA: "{role}：選択が取り消されました。引いた4枚をすべて持ち直し、もう一度1枚選んでください。"},
	})
}
