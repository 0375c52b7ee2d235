package outlaws

import "tablemaster/engine"

func init() {
	engine.Register(map[string]engine.Text{
		"outlaws.name":          {EN: engine.EN.Raw("ol.name"), JA: engine.JA.Raw("ol.name")},
		"ol.ui.stock":           {EN: "stock {n}", JA: "ストック{n}"},
		"ol.ui.cameras":         {EN: "Cameras", JA: "カメラ"},
		"ol.ui.camera_mark":     {EN: "camera", JA: "カメラ"},
		"ol.ui.restrained_mark": {EN: "restrained", JA: "拘束"},
		"ol.ui.shown_mark":      {EN: "shown", JA: "公開中"},
		"ol.ui.tokens":          {EN: "face down", JA: "伏せ"},
		"ol.ui.tokens_tiebreak": {EN: "tie-break", JA: "タイブレーク"},
		"ol.ui.not_token":       {EN: "not {token}", JA: "{token}でない"},
		"ol.ui.lay":             {EN: "Lay your street: slots 1–8 face down (tap to show)", JA: "メインストリートを並べる：1〜8番を伏せて（タップで表示）"},
		"ol.ui.lay_saloon":      {EN: "Saloon, face up:", JA: "サルーン（表向き）："},
		"ol.ui.fold_place":      {EN: "Lay by hand, card by card (tap to show)", JA: "自分で1枚ずつ並べる（タップで表示）"},
		"ol.ui.fold_put":        {EN: "Lay the three cards back (tap to show)", JA: "3枚を戻す（タップで表示）"},
		"ol.ui.arranging":       {EN: "arranging on the phone", JA: "スマホで配置中"},
		"ol.ui.arranged":        {EN: "arranged", JA: "配置済み"},
		"ol.ui.mine":            {EN: "Your street:", JA: "あなたのメインストリート："},
		"ol.ui.placed_so_far":   {EN: "Laid so far:", JA: "ここまでの配置："},
		"ol.ui.nothing_yet":     {EN: "No card laid yet.", JA: "まだカードを置いていません。"},
		"ol.ui.threat":          {EN: "The attack is aimed at your", JA: "狙われているのはあなたの"},
		"ol.opt.cards":          {EN: "Cards: playing (♥ and ♣ A–10) or boxed (the game's own)", JA: "カード：playing（トランプの♥と♣のA〜10）またはboxed（製品版）"},
		"ol.night.faction":      {EN: "Faction", JA: "派閥"},
		"ol.night.ballots":      {EN: "Ballots", JA: "投票用紙"},
		"ol.night.count":        {EN: "{n}", JA: "{n}"},
	})
}
