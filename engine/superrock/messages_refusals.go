package superrock

import "tablemaster/engine"

// Refusals that say their real reason instead of "it is not your turn":
// each depends only on what the seat itself knows or what is public.
func init() {
	engine.Register(map[string]engine.Text{
		"sr.err.already_kept": {EN: "you have already kept your character (SR-13)",
			JA: "すでにキャラクターを確定しています（SR-13）"},
		"sr.err.reject_after_keep": {EN: "you have kept your character: it is too late to reject it (SR-13)",
			JA: "キャラクターを確定したので、もう拒否はできません（SR-13）"},
		"sr.err.shadow_rolled": {EN: "you have already rolled your shadow die (SR-14)",
			JA: "影振りはすでに済んでいます（SR-14）"},
		"sr.err.already_picked": {EN: "you have already picked your silhouette (SR-14)",
			JA: "シルエットはすでに選んでいます（SR-14）"},
		"sr.err.order_base": {EN: "base players do not roll for the turn order (SR-17)",
			JA: "基地プレイヤーは順番決めのダイスを振りません（SR-17）"},
		"sr.err.order_not_rolling": {EN: "you are not rolling for the turn order now: you have rolled, and only the players tied for the highest roll again (SR-17)",
			JA: "今は順番決めのダイスを振る番ではありません。振り直すのは最高の目で並んだプレイヤーだけです（SR-17）"},
		"sr.err.ambush_base_only": {EN: "only the base players hide the ambushes (SR-16)",
			JA: "待ち伏せを仕掛けるのは基地プレイヤーだけです（SR-16）"},
		"sr.err.no_ambush_open": {EN: "no ambush has been opened: there is nothing to answer (SR-24)",
			JA: "開かれた待ち伏せはありません（SR-24）"},
		"sr.err.not_ambush_owner": {EN: "ambush {card} is {owner}'s: only its owner decides whether to appear (SR-24)",
			JA: "待ち伏せ{card}は{owner}さんのものです。登場するかどうかは持ち主が決めます（SR-24）"},
		"sr.err.hub_base_only": {EN: "only the base players place the hubs (SR-25)",
			JA: "重要拠点を配置するのは基地プレイヤーだけです（SR-25）"},
		"sr.err.answered": {EN: "you have already answered this victory declaration (SR-40)",
			JA: "この勝利宣言にはすでに返答しています（SR-40）"},
		"sr.err.answer_wait": {EN: "{player} answers first: the answers go in turn, left from the declarer (SR-40)",
			JA: "先に{player}さんが返答します。返答は宣言者の左隣から順番です（SR-40）"},
		"sr.err.own_declaration": {EN: "you declared victory: the other players answer it (SR-40)",
			JA: "勝利宣言をしたのはあなたです。返答するのは他のプレイヤーです（SR-40）"},
		"sr.err.answer_dead": {EN: "{player} is dead: dead players do not answer a victory declaration (SR-40)",
			JA: "{player}さんは死亡しています。死亡したプレイヤーは勝利宣言に返答しません（SR-40）"},
		"sr.err.veto_exposed": {EN: "you exposed your own identity: you can no longer veto (SR-32)",
			JA: "自分の正体が露顕しているので、もう拒否はできません（SR-32）"},
		"sr.err.answer_exposed": {EN: "you exposed your own identity: you no longer answer victory declarations (SR-32)",
			JA: "自分の正体が露顕しているので、勝利宣言には返答しません（SR-32）"},
		"sr.err.answer_seen": {EN: "{player} has seen your character: only the players whose character the declarer has not seen answer (SR-40)",
			JA: "{player}さんはあなたのキャラクターを見ています。返答するのは、宣言者がキャラクターを見ていないプレイヤーだけです（SR-40）"},
		"sr.err.not_declarer": {EN: "only {player}, who declared victory, overrides the veto or withdraws (SR-41)",
			JA: "拒否を無効化するか取り下げるのは、勝利宣言をした{player}さんだけです（SR-41）"},
	})
}
