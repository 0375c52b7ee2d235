package superrock

import "tablemaster/engine"

// The actions as words, for the refusals that name one ("rolled is not
// possible now" read as English in the Japanese text): every kind of act
// has one, in each language.
func init() {
	engine.Register(map[string]engine.Text{
		"sr.verb.deal":         {EN: "dealing the characters", JA: "キャラクターの配布"},
		"sr.verb.keep":         {EN: "keeping your character or silhouette", JA: "キャラクターまたはシルエットの確定"},
		"sr.verb.reject":       {EN: "rejecting your character", JA: "キャラクターの拒否"},
		"sr.verb.roll":         {EN: "rolling the die", JA: "ダイスを振ること"},
		"sr.verb.rolled":       {EN: "entering a die roll", JA: "ダイスの目の入力"},
		"sr.verb.pick":         {EN: "picking a silhouette", JA: "シルエットの選択"},
		"sr.verb.switch":       {EN: "switching a silhouette", JA: "シルエットの変更"},
		"sr.verb.ambush":       {EN: "hiding an ambush", JA: "待ち伏せを仕掛けること"},
		"sr.verb.identity":     {EN: "looking at someone's identity", JA: "他人の正体判明"},
		"sr.verb.telepathy":    {EN: "contact telepathy", JA: "接触テレパス"},
		"sr.verb.convert":      {EN: "a conversion check", JA: "改心チェック"},
		"sr.verb.converted":    {EN: "entering a successful conversion check", JA: "改心チェック成功の入力"},
		"sr.verb.dies":         {EN: "entering a death", JA: "死亡の入力"},
		"sr.verb.revives":      {EN: "entering a return to life", JA: "生き返りの入力"},
		"sr.verb.expose":       {EN: "exposing your own identity", JA: "自分の正体露顕"},
		"sr.verb.disintegrate": {EN: "a disintegration", JA: "分解消去"},
		"sr.verb.transform":    {EN: "a transformation", JA: "変身"},
		"sr.verb.declare":      {EN: "declaring victory", JA: "勝利宣言"},
		"sr.verb.accept":       {EN: "accepting a victory declaration", JA: "勝利宣言の承認"},
		"sr.verb.veto":         {EN: "vetoing a victory declaration", JA: "勝利宣言の拒否"},
		"sr.verb.override":     {EN: "overriding a veto", JA: "拒否の無効化"},
		"sr.verb.withdraw":     {EN: "withdrawing a victory declaration", JA: "勝利宣言の取り下げ"},
		"sr.verb.end":          {EN: "ending the game", JA: "ゲームの終了"},
		"sr.verb.own":          {EN: "confirming a character's own win condition", JA: "固有の勝利条件の確認"},
		"sr.verb.land":         {EN: "landing on a square", JA: "マスに止まること"},
		"sr.verb.use":          {EN: "using an ability card", JA: "能力カードの使用"},
		"sr.verb.party":        {EN: "forming a party", JA: "パーティーを組むこと"},
		"sr.verb.leave":        {EN: "leaving a party", JA: "パーティーを抜けること"},
		"sr.verb.appear":       {EN: "appearing from an ambush", JA: "待ち伏せからの登場"},
		"sr.verb.stay":         {EN: "staying in hiding", JA: "待ち伏せから出ないこと"},
		"sr.verb.info":         {EN: "entering an information card", JA: "情報入手の入力"},
		"sr.verb.sprung":       {EN: "entering an opened ambush card", JA: "開いた待ち伏せカードの入力"},
		"sr.verb.hub":          {EN: "placing a hub", JA: "重要拠点の配置"},
		"sr.verb.enter":        {EN: "entering the secret base", JA: "秘密基地に入ること"},
		"sr.verb.sum":          {EN: "entering the entry roll", JA: "入るチェックの入力"},
		"sr.verb.open":         {EN: "opening a square", JA: "マスを開くこと"},
		"sr.verb.destroy":      {EN: "destroying a hub", JA: "重要拠点の破壊"},
		"sr.verb.endplanet":    {EN: "ending the planet phase", JA: "惑星編の終了"},
		"sr.verb.enterbase":    {EN: "entering the secret base", JA: "秘密基地に入ること"},
		"sr.verb.enterat":      {EN: "entering the secret base at a square", JA: "ダイスで決まったマスから秘密基地に入ること"},
	})
}

// verbKey is the catalogue argument naming the kind of action a.
func verbKey(kind string) string { return "@sr.verb." + kind }
