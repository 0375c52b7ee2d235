package moderator

import "tablemaster/engine"

// The words of the table screen's voice (issue 26, item 8): the Speak
// switch in its top bar (face.WriteTop), and how the voice reads the
// signs the screen writes, which a speech engine would otherwise spell
// out or skip: a role's number (Ayatsuri's ① Brutal Cop, read as a game
// master calls it) and a playing card (Noir's ♠7, Outlaws' ♥A). The
// server writes them once into the table screen's frame (layout.templ,
// #tm-say); the page's script reads them.
func init() {
	engine.Register(map[string]engine.Text{
		"mod.say.button": {EN: "🔈 Speak", JA: "🔈 読み上げ"},
		// {n} is the number in a circled digit: "① Brutal Cop" is read
		// "Number 1, Brutal Cop".
		"mod.say.no": {EN: "Number {n},", JA: "{n}番、"},
		// {r} is the card's rank, as the words below read it.
		"mod.say.spade":   {EN: "{r} of spades", JA: "スペードの{r}"},
		"mod.say.heart":   {EN: "{r} of hearts", JA: "ハートの{r}"},
		"mod.say.diamond": {EN: "{r} of diamonds", JA: "ダイヤの{r}"},
		"mod.say.club":    {EN: "{r} of clubs", JA: "クラブの{r}"},
		"mod.say.ace":     {EN: "ace", JA: "エース"},
		"mod.say.jack":    {EN: "jack", JA: "ジャック"},
		"mod.say.queen":   {EN: "queen", JA: "クイーン"},
		"mod.say.king":    {EN: "king", JA: "キング"},
	})
}
