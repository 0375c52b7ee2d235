package moderator

import "tablemaster/engine"

// The words of undo: who asks, who refused, what was taken back, and what
// to do with the real cards (DESIGN.md principles 4 and 6). {by}, {actor}
// and {seat} are a player's name or "The game master"; {what} is the
// undone action's own event, as the reader was told it.
func init() {
	engine.Register(map[string]engine.Text{
		"mod.ev.took_back":        {EN: "{by} took back: {what}", JA: "{by}が取り消しました：{what}"},
		"mod.ev.took_back_own":    {EN: "{by} took back their last action.", JA: "{by}が直前の操作を取り消しました。"},
		"mod.ev.took_back_other":  {EN: "{by} took back {actor}'s last action.", JA: "{by}が{actor}の直前の操作を取り消しました。"},
		"mod.undo.asks":           {EN: "{by} asks to undo: {what}", JA: "{by}が取り消しを申請しています：{what}"},
		"mod.undo.asks_own":       {EN: "{by} asks to undo their last action.", JA: "{by}が直前の操作の取り消しを申請しています。"},
		"mod.undo.asks_other":     {EN: "{by} asks to undo {actor}'s last action.", JA: "{by}が{actor}の直前の操作の取り消しを申請しています。"},
		"mod.ev.undo_refused":     {EN: "{seat} refused to undo {actor}'s last action.", JA: "{seat}が{actor}の直前の操作の取り消しを拒否しました。"},
		"mod.ev.undo_refused_own": {EN: "{seat} refused to undo their own last action.", JA: "{seat}が自分の直前の操作の取り消しを拒否しました。"},
		"mod.restore.nothing":     {EN: "Nothing to change on the real table.", JA: "実物の場で変えるものはありません。"},
		"mod.restore.screen":      {EN: "Put the real cards back as the table screen shows them.", JA: "実物のカードをテーブル画面の通りに戻してください。"},
		"mod.con.undo_wait":       {EN: "Waiting for {seats} to agree, each on their own phone.", JA: "{seats}さんのスマホでの同意を待っています。"},
		"mod.con.undo_agree":      {EN: "Agree to undo?", JA: "取り消しに同意しますか？"},
	})
}
