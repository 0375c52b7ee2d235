package ayatsuri

import "tablemaster/engine"

// What to do with the real cards and chips when an action is undone
// (undo.go).
func init() {
	engine.Register(map[string]engine.Text{
		"ay.undo.face_down_added":  {EN: "{name} gives the face-down {n|card|cards} back; lay them face down on the table again.", JA: "{name}さんは裏向きのカードを戻し、もう一度裏向きで場に置きます。"},
		"ay.undo.marker":           {EN: "Give the dictator marker back to {name}.", JA: "独裁者マーカーを{name}さんの前へ戻します。"},
		"ay.undo.kill":             {EN: "{killer} gives that kill chip back to {target}, who turns it white side up as a life chip again.", JA: "{killer}さんはそのキルチップを{target}さんへ返し、{target}さんは白面にしてライフチップに戻します。"},
		"ay.undo.self_kill":        {EN: "{name} turns one kill chip back to its white side.", JA: "{name}さんはキルチップ1枚を白面に戻します。"},
		"ay.undo.supply_kill":      {EN: "{name} puts one kill chip back in the supply.", JA: "{name}さんはキルチップを1枚ストックへ戻します。"},
		"ay.undo.purge":            {EN: "{names}: each take one life chip back from the supply.", JA: "{names}：ストックからライフチップを1枚ずつ取り戻します。"},
		"ay.undo.heal":             {EN: "{name} puts one life chip back in the supply.", JA: "{name}さんはライフチップを1枚ストックへ戻します。"},
		"ay.undo.fee":              {EN: "{det} picks up again the fee ({chip}) laid {side} up: its side is chosen anew.", JA: "{det}さんは{side}を上にして置いた報酬（{chip}）を手に戻します。面を選び直します。"},
		"ay.undo.fee_paid":         {EN: "{det} gives {chip} back to {name}.", JA: "{det}さんは{chip}を{name}さんへ返します。"},
		"ay.undo.hand":             {EN: "Pass the Bomb Girl card back from {target} to {name}.", JA: "自爆娘のカードを{target}さんから{name}さんへ戻します。"},
		"ay.undo.bomb_back":        {EN: "The Bomb Girl card goes from {owner} back to {name}.", JA: "自爆娘のカードを{owner}さんから{name}さんへ戻します。"},
		"ay.undo.bomb_missed_both": {EN: "{name} takes one life chip and one kill chip back from the supply.", JA: "{name}さんはストックからライフチップとキルチップを1枚ずつ取り戻します。"},
		"ay.undo.bomb_missed_life": {EN: "{name} takes one life chip back from the supply.", JA: "{name}さんはストックからライフチップを1枚取り戻します。"},
		"ay.undo.bomb_missed_kill": {EN: "{name} takes one kill chip back from the supply.", JA: "{name}さんはストックからキルチップを1枚取り戻します。"},
		"ay.undo.passed":           {EN: "{to} gives the {n} {n|card|cards} back to {name}, unseen.", JA: "{to}さんは{n}枚のカードを見せずに{name}さんへ返します。"},
		"ay.undo.reveal":           {EN: "{name} turns their role card face down again.", JA: "{name}さんは役割カードを裏向きに戻します。"},
		"ay.undo.round":            {EN: "Round {n} is taken back: gather its role cards and lay out the round before as the table screen shows it.", JA: "第{n}ラウンドを取り消します。そのラウンドの役割カードを回収し、前のラウンドをテーブル画面の通りに並べ直します。"},
		"ay.undo.pick":             {EN: "{name}: put the role card you chose back into the cards you hold.", JA: "{name}さん：選んだ役割カードを手元のカードに戻してください。"},
		"ay.undo.picked":           {EN: "Put {mark} {role} back with the other cards; choose again.", JA: "{mark} {role}を他のカードに戻し、もう一度選んでください。"},
	})
}
