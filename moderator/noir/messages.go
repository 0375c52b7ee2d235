package noir

import "tablemaster/engine"

func init() {
	engine.Register(map[string]engine.Text{
		"noir.help": {EN: `Noir actions (cells like B3 or cards like S7, ♠7, H7 are both accepted):
  draw | drew H7 | kill B3 | shift row 2 left | shift col B up | disguise
  arrest C4 | clear | clear H7 | citizen D9 | point B2 | keep D9
Automata variant: disguise swap | disguise pretend | canvas H7
  collapse rows | collapse cols, then remove B3 (one dead suspect a line) | cancel
  accuse, then name B2 and name E3 (identity and disguise, either order)`, JA: `ノワールの行動（B3のようなマス、S7・♠7・H7のようなカードのどちらでも可）：
  draw（引く） | drew H7（引いたカード） | kill B3（殺害） | shift row 2 left / shift col B up（移動） | disguise（変装）
  arrest C4（逮捕） | clear / clear H7（疑いを晴らす） | citizen D9 / point B2（市民逮捕） | keep D9（正体を選ぶ）
オートマタ版：disguise swap（入れ替える） | disguise pretend（ふり） | canvas H7（捜査）
  collapse rows / collapse cols（圧縮）のあと remove B3（各行・各列の死亡者） | cancel（やめる）
  accuse（推理）のあと name B2 と name E3（正体と変装先、順不同）`},

		"noir.ui.identity":      {EN: "Your identity:", JA: "あなたの正体："},
		"noir.ui.no_identity":   {EN: "You have no identity yet.", JA: "まだ正体はありません。"},
		"noir.ui.hand":          {EN: "Your hand:", JA: "手札："},
		"noir.ui.drawn":         {EN: "You drew:", JA: "引いたカード："},
		"noir.ui.kills":         {EN: "Killed", JA: "殺害"},
		"noir.ui.deck":          {EN: "Deck", JA: "山札"},
		"noir.ui.hand_size":     {EN: "Inspector's hand", JA: "捜査官の手札"},
		"noir.ui.citizens":      {EN: "Citizen's arrests left", JA: "市民逮捕の残り"},
		"noir.ui.turn":          {EN: "Turn", JA: "手番"},
		"noir.opt.deck":         {EN: "Evidence deck: virtual (tablemaster deals) or physical (enter the real draws)", JA: "証拠カードの山：virtual（tablemasterが配る）またはphysical（実物を引いて入力）"},
		"noir.opt.layout":       {EN: "Layout of the suspects", JA: "容疑者の並べ方"},
		"noir.opt.shift_rule":   {EN: "Shift rule (cards variant; Automata always forbids undoing the last shift)", JA: "移動の制限（トランプ版。オートマタ版は常に直前の移動を戻さない）"},
		"noir.opt.kings":        {EN: "♠K and ♥K stand in for the two Jokers", JA: "♠Kと♥Kをジョーカーの代わりに使う"},
		"noir.ui.disguise":      {EN: "Your disguise:", JA: "変装先："},
		"noir.ui.disguise_dead": {EN: "dead: no more Disguise", JA: "殺害済み：もう変装できません"},
		"noir.ui.disguised_as":  {EN: "disguised as", JA: "変装先"},
		"noir.ui.accused":       {EN: "Named first:", JA: "1人目の指名："},
		"noir.opt.variant":      {EN: "Variant: cards (playing-card rules) or automata (identity and disguise, Collapse, Canvas, Accuse)", JA: "ルール：cards（トランプ版）またはautomata（正体と変装先・圧縮・捜査・推理）"},
		"noir.opt.kills":        {EN: "Automata: dead suspects with which the Killer wins", JA: "オートマタ版：殺人鬼が勝つ殺害人数"},
		"noir.ui.removed":       {EN: "Removed:", JA: "取り除かれたカード："},
	})
}
