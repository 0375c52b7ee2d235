package printables

import (
	"strconv"

	"tablemaster/engine"
	"tablemaster/engine/outlaws"
)

func init() {
	register(Sheet{Name: "outlaws", Build: outlawsSheet})
	engine.Register(map[string]engine.Text{
		"print.ol.sub":       {EN: "Reference sheet · two players, one deck of playing cards", JA: "早見表・2人用・トランプ1組"},
		"print.ol.cards":     {EN: "The characters and their abilities", JA: "人物と能力"},
		"print.ol.cards_txt": {EN: "Red plays the hearts, Green the clubs, ace to ten; or the game's own cards, when the host chose them.", JA: "赤はハート、緑はクラブのA〜10を使います（ホストが選べば製品版のカード）。"},
		"print.ol.host": {EN: "tablemaster outlaws --players Aki,Ben (Red first); with the game's own cards, add --cards boxed.",
			JA: "tablemaster outlaws --players Aki,Ben（赤が先）。製品版のカードなら --cards boxed を付ける。"},
		"print.ol.char":    {EN: "Character", JA: "人物"},
		"print.ol.red":     {EN: "Red", JA: "赤"},
		"print.ol.green":   {EN: "Green", JA: "緑"},
		"print.ol.ability": {EN: "Ability (reveal the card)", JA: "能力（カードを公開）"},
		"print.ol.a.governor": {EN: "None. Takes Elected with more Ballots than the opponent: wins.",
			JA: "なし。相手より投票用紙が多ければ当選トークンを獲得でき、勝利。"},
		"print.ol.a.assassin": {EN: "Spend a Bullet: the card opposite is shown; the Governor: you win.",
			JA: "銃弾を1個使い、対面のカードを公開させる。知事なら勝利。"},
		"print.ol.a.sheriff": {EN: "Spend Handcuffs: the card opposite is shown; the Assassin: you win; the Thief: restrained, Handcuffs back. Guard: your Governor shot with the Sheriff beside it: you win.",
			JA: "手錠を1個使い、対面のカードを公開させる。殺し屋なら勝利、盗賊なら拘束して手錠は戻る。護衛：隣に保安官がいる知事が狙われたら勝利。"},
		"print.ol.a.scout":      {EN: "See the card opposite, alone.", JA: "対面のカードを自分だけが見る。"},
		"print.ol.a.shopkeeper": {EN: "Swap two of the three tokens in front and beside it, or the one in front with a random stock token.", JA: "前と左右の3つのトークンのうち2つを入れ替える。または前のトークンをストックのランダムな1個と入れ替える。"},
		"print.ol.a.dancer":     {EN: "The opponent's card opposite swaps with one of its neighbours, for real.", JA: "相手の対面のカードとその隣の1枚を入れ替えさせる（本当に）。"},
		"print.ol.a.journalist": {EN: "Point at an opponent's card and name it: right, it stays face up under a camera; wrong, lose a camera.", JA: "相手のカードを指して言い当てる。正解なら表向きでカメラを置く。不正解ならカメラを1つ捨てる。"},
		"print.ol.a.thief":      {EN: "Point at an opponent's card: Assassin or Sheriff? Right: take a Bullet or Handcuffs from them.", JA: "相手のカードを指して殺し屋か保安官かを言う。正解なら銃弾か手錠を1個奪う。"},
		"print.ol.a.priest":     {EN: "Release the restrained Thief on its left; cancel an arrest of the Assassin or Thief on its left.", JA: "左隣の拘束された盗賊を解放する。左隣の殺し屋・盗賊への逮捕を無効にする。"},
		"print.ol.a.mayor":      {EN: "With the card on its right: one place wider each way (Sheriff, Scout, Shopkeeper).", JA: "右隣のカードと一緒に公開し、範囲を左右に1つ広げる（保安官・スカウト・店主）。"},
		"print.ol.tokens":       {EN: "Tokens (tablemaster keeps them)", JA: "トークン（tablemasterが管理）"},
		"print.ol.token":        {EN: "Token", JA: "トークン"},
		"print.ol.count":        {EN: "Count", JA: "数"},
		"print.ol.taken_by":     {EN: "Taken by revealing", JA: "獲得できるカード"},
		"print.ol.t.bullet":     {EN: "the Assassin", JA: "殺し屋"},
		"print.ol.t.handcuffs":  {EN: "the Sheriff", JA: "保安官"},
		"print.ol.t.ballot":     {EN: "any card but the Governor", JA: "知事以外"},
		"print.ol.t.fake":       {EN: "never (cannot even be declared)", JA: "獲得できない（宣言もできない）"},
		"print.ol.t.elected":    {EN: "the Governor, with more Ballots than the opponent", JA: "相手より投票用紙が多いときの知事"},
		"print.ol.turn":         {EN: "A turn: two actions", JA: "手番：2アクション"},
		"print.ol.turn.move":    {EN: "Swap two of your street cards, or pretend to; or a Saloon move (the Governor never goes to the Saloon).", JA: "自分のメインストリート2枚を入れ替える（ふりも可）。またはサルーンとの入れ替え（知事はサルーンに置けない）。"},
		"print.ol.turn.check":   {EN: "Reveal a card, look at the token in front of it.", JA: "カードを公開し、その前のトークンを見る。"},
		"print.ol.turn.take":    {EN: "Reveal a card, declare the token in front: right and allowed, take it; the tokens slide from the stock's side and the stock refills slot 8.", JA: "カードを公開し、前のトークンを宣言。正しく条件を満たせば獲得し、トークンを詰めてストックから8番に補充。"},
		"print.ol.turn.ability": {EN: "Reveal a card and use its ability.", JA: "カードを公開して能力を使う。"},
		"print.ol.check":        {EN: "Check", JA: "確認"},
		"print.ol.move":         {EN: "Move", JA: "移動"},
		"print.ol.w.elected":    {EN: "You take Elected: you win at once.", JA: "当選トークンを獲得したら即座に勝利。"},
		"print.ol.w.shot":       {EN: "Your Assassin shoots the opposing Governor: you win at once.", JA: "殺し屋が相手の知事を射殺したら即座に勝利。"},
		"print.ol.w.arrested":   {EN: "Your Sheriff arrests the opposing Assassin (or guards your Governor): you win at once.", JA: "保安官が相手の殺し屋を逮捕したら（知事の護衛も）即座に勝利。"},
		"print.ol.take":         {EN: "Take", JA: "獲得"},
		"print.ol.ability_l":    {EN: "Ability", JA: "能力"},
		"print.ol.win":          {EN: "How the game ends", JA: "勝敗"},
		"print.ol.tie":          {EN: "Tie-break: both hold 3 Ballots and every Bullet and Handcuffs is spent: 3 Bullets, 3 Handcuffs and 2 Fake ballots are laid anew; play on until a Governor is shot or an Assassin arrested.", JA: "タイブレーク：双方が投票用紙3枚を持ち、銃弾と手錠がすべて使われたら、銃弾3・手錠3・偽造投票用紙2を並べ直し、知事の殺害か殺し屋の逮捕まで続ける。"},
		"print.ol.setup":        {EN: "Setup", JA: "準備"},
		"print.ol.setup_txt":    {EN: "Each lays 8 cards face down (slots 1–8, slot i facing slot i) and 2 face up in the Saloon, as their phone shows; each holds 1 Bullet, 1 Handcuffs and 3 cameras; tablemaster lays 8 tokens between the streets, 5 in the stock, and draws who starts.", JA: "各自スマホの表示どおりに8枚を伏せて並べ（1〜8番、i番同士が向き合う）、2枚を表向きでサルーンへ。各自銃弾1・手錠1・カメラ3。tablemasterがトークン8個を間に、5個をストックに置き、先手を決める。"},
	})
}

// outlawsSheet is the reference sheet of Outlaws (OL-1 … OL-41), from
// engine/outlaws's characters, cards, token counts and catalogue.
func outlawsSheet(l engine.Lang) Doc {
	s := l.S
	g := outlaws.New(outlaws.Config{}, 0)
	chars := &Table{Head: []string{s("print.ol.char"), s("print.ol.red"), s("print.ol.green"), s("print.ol.ability")}, Widths: []float64{2.2, 0.9, 0.9, 8}}
	for c := outlaws.Char(0); c < outlaws.NumChars; c++ {
		chars.Rows = append(chars.Rows, []string{s("ol.char." + c.Key()), g.Card(0, c), g.Card(1, c), s("print.ol.a." + c.Key())})
	}
	tokens := &Table{Head: []string{s("print.ol.token"), s("print.ol.count"), s("print.ol.taken_by")}, Widths: []float64{2.5, 1, 6}}
	for t := outlaws.Token(0); t < outlaws.NumTokens; t++ {
		tokens.Rows = append(tokens.Rows, []string{s("ol.token." + t.Key()), strconv.Itoa(outlaws.TokenCount[t]), s("print.ol.t." + t.Key())})
	}
	item := func(label, text string) Item { return Item{Label: s(label), Text: text} }
	return Doc{
		Title:    s("ol.name"),
		Subtitle: s("print.ol.sub"),
		Blocks: []Block{
			&Heading{s("print.ol.cards")},
			&Para{Small: true, Text: s("print.ol.cards_txt")},
			chars,
			&Heading{s("print.ol.setup")},
			&Para{Small: true, Text: s("print.ol.setup_txt")},
			&Heading{s("print.ol.turn")},
			&List{Items: []Item{
				item("print.ol.move", s("print.ol.turn.move")),
				item("print.ol.check", s("print.ol.turn.check")),
				item("print.ol.take", s("print.ol.turn.take")),
				item("print.ol.ability_l", s("print.ol.turn.ability")),
			}},
			&Heading{s("print.ol.tokens")},
			tokens,
			&Heading{s("print.ol.win")},
			&List{Items: []Item{
				{Text: s("print.ol.w.elected")},
				{Text: s("print.ol.w.shot")},
				{Text: s("print.ol.w.arrested")},
				{Text: s("print.ol.tie")},
			}},
			&HostNote{Lines: []string{s("print.ol.host")}},
		},
	}
}
