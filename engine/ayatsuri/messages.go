package ayatsuri

import "tablemaster/engine"

// The role names and the quick reference follow the rulebook's own words
// (能力早見表); the English names are those of rules/ayatsuri.md.
func init() {
	engine.Register(map[string]engine.Text{
		"ay.name": {EN: "Ayatsuri Satsujin Jiken", JA: "あやつり殺人事件"},

		"ay.role.0": {EN: "Bomb Girl", JA: "自爆娘"},
		"ay.role.1": {EN: "Brutal Cop", JA: "暴力警官"},
		"ay.role.2": {EN: "Assassin", JA: "暗殺者"},
		"ay.role.3": {EN: "Crooked Detective", JA: "悪徳探偵"},
		"ay.role.4": {EN: "Serial Killer", JA: "殺人鬼"},
		"ay.role.5": {EN: "Dictator", JA: "独裁者"},
		"ay.role.6": {EN: "Back-alley Doctor", JA: "闇医者"},
		"ay.role.7": {EN: "Terrorist", JA: "テロリスト"},

		"ay.ability.0": {EN: "Hands her card to a player who has not revealed. At each reveal the card moves on; whoever reveals holding it is killed by her.",
			JA: "自身のカードを正体を現していない任意のプレイヤーに手渡す。誰かが正体を現す度にカードは移動し、持ったまま正体を現したプレイヤーを殺害する。"},
		"ay.ability.1": {EN: "Names one player as the murderer. If that player reveals as Assassin, Serial Killer or Terrorist, the Cop kills them. Cannot be targeted by the Assassin or the Terrorist.",
			JA: "殺人犯だと思われるプレイヤーを一人指名。そのプレイヤーが[暗殺者][殺人鬼][テロリスト]のいずれかであれば殺害する。自身は[暗殺者][テロリスト]の殺害対象にならない。"},
		"ay.ability.2": {EN: "Declares one role from ③ on. When that role is revealed, the Assassin kills its holder.",
			JA: "③以降の役職を一つ宣言する。その役職が公開された時にその役職を持つプレイヤーを殺害する。"},
		"ay.ability.3": {EN: "Guards one player for the round. Each kill on them is cancelled, and they pay the Detective one chip of their choice as a fee.",
			JA: "護衛するプレイヤーを一人指名する。そのプレイヤーが殺害対象となった場合、殺害をなかったことにする代わりに対象プレイヤーから報酬をもらう。報酬は任意のチップ1枚。"},
		"ay.ability.4": {EN: "At round end, if nobody was killed this round, kills as many players as the table below says (self allowed).",
			JA: "ラウンド終了時に誰も殺害されていないならば、表に従い任意のプレイヤーを殺害する（自分も可）。"},
		"ay.ability.5": {EN: "Takes the dictator marker (start player next round). When targeted by a kill: a double dies instead, and every other player loses one life chip unless at 1.",
			JA: "次ラウンドからスタートプレイヤーとなる。殺害対象となった場合、①自身のライフチップを失わない ②粛清によって全他プレイヤーがライフチップを1つ失う（ライフ1の者は失わない）。"},
		"ay.ability.6": {EN: "Names a player not killed this round, who tosses a life chip: white, they gain a life chip; black, the Doctor kills them.",
			JA: "殺害されていない任意のプレイヤーにライフチップをトスさせて、白面なら1つ回復、黒面なら殺害する。"},
		"ay.ability.7": {EN: "Draws one role card at random from every player not killed this round except the Cop (self included) and kills its holder.",
			JA: "[暴力警官]を除く殺害されていないプレイヤーの役職カード（自分を含む）からランダムに1枚選び、その役職を持つプレイヤーを殺害する。"},

		"ay.rule.kill": {EN: "A kill: the target gives one life chip to the killer, who keeps it as a kill chip. At 0 life the target stays at 0 and the killer takes a kill chip from the supply.",
			JA: "殺害：対象のライフチップ1枚が殺害者のキルチップになる。ライフ0の対象も殺害でき、殺害者はストックからキルチップを得る。"},
		"ay.rule.killed": {EN: "A player killed this round loses their turn and cannot be killed again this round.",
			JA: "殺害されたプレイヤーはそのラウンドの手番を失い、同じラウンドに再び殺害されることはない。"},
		"ay.rule.predict": {EN: "A kill aimed at a player who has not revealed is decided when they reveal. Cop and Assassin on the same reveal: only the Assassin kills.",
			JA: "正体を現していないプレイヤーへの殺害は、その正体が公開された時に判断する。暴力警官と暗殺者が重なった場合は暗殺者のみ。"},
		"ay.rule.end": {EN: "At round end the game ends if a player has 0 life or 3 or more kill chips.",
			JA: "ラウンド終了時、誰かのライフが0か、キルチップが3以上ならゲーム終了。"},
		"ay.rule.winner": {EN: "Winner: the first to take a third kill chip with life above 0; otherwise the most life + kill chips with life above 0.",
			JA: "勝者：ライフが0でなくキルチップ3枚目を最初に獲得したプレイヤー。いなければライフ＋キルチップの合計が最も多いプレイヤー（ライフ0を除く）。"},
		"ay.rule.tie": {EN: "A tie goes to a tied player who brought another player's life to 0; still tied, play another round.",
			JA: "同着なら他プレイヤーのライフを0にしたプレイヤーの勝ち。それでも決まらなければゲームを続ける。"},
	})
}
