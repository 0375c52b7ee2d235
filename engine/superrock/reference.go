package superrock

import "tablemaster/engine"

// Reference-sheet text that is not in the data file: the victory
// declaration and its vetoes (chapter 11.1), the ends (6.4) and the result
// grades (6.4), as catalogue keys in the order a sheet prints them.

// DeclarationSteps are the steps of a victory declaration (SR-40, SR-41).
// After "sr.rule.override" a sheet lists OverrideKeys.
var DeclarationSteps = []string{"sr.rule.declare", "sr.rule.answer", "sr.rule.veto", "sr.rule.override", "sr.rule.transform"}

// OverrideKeys are the four characters that may override a veto (SR-41).
var OverrideKeys = []string{"sr.override.elmi", "sr.override.wong", "sr.override.stroheim", "sr.override.leon"}

// EndKeys are the ways a game ends (SR-42).
var EndKeys = []string{"sr.end.declared", "sr.end.alone", "sr.end.all-dead", "sr.end.hubs", "sr.end.nova", "sr.end.king"}

// Grades are the result grades (SR-43), best first.
var Grades = []string{"A", "B", "C", "D"}

// GradeKey is the catalogue key of a grade ("A" → "A — alive and won").
func GradeKey(grade string) string { return "sr.grade." + grade }

func init() {
	engine.Register(map[string]engine.Text{
		"sr.rule.declare": {EN: "A living, awake player may declare victory at the start of their turn, even without meeting their win condition.",
			JA: "生きていて起きている状態のプレイヤーは、自分のターンの開始時に勝利宣言を行うことができる（勝利条件を満たしていなくてもよい）。"},
		"sr.rule.answer": {EN: "Going left from the declarer, every living player whose character card the declarer has not seen answers “accept” or “veto”. A player whose own identity was exposed cannot veto.",
			JA: "勝利宣言者の左隣から左回りに、宣言者に正体（キャラクターカード）を見られていない生きているプレイヤーが「承認」か「拒否」を宣言する。自分の正体が露顕した人は拒否できない。"},
		"sr.rule.veto": {EN: "The first veto cancels the declaration unless it is overridden, and play goes on; players further left need not answer. If nobody vetoes, the declaration stands and the game ends.",
			JA: "拒否が出され、それが無効化されなければ勝利宣言は取り消され、ゲームは続行する。拒否した人より左の人は返答しなくてよい。誰も拒否しなければ勝利宣言は確定し、ゲームは終了する。"},
		"sr.rule.override": {EN: "The declarer overrides a veto by revealing their character card if they are:",
			JA: "勝利宣言者が次のいずれかであれば、キャラクターカードを公開して拒否を無効にできる："},
		"sr.rule.transform": {EN: "If someone transforms before the game ends, the declaration and every answer are cancelled; the turn starts again.",
			JA: "勝利宣言からゲーム終了までに誰かが変身した場合は、宣言と承認・拒否はすべて取り消され、ターンの開始時点からやり直す。"},
	})
}
