package moderator

import "tablemaster/engine"

// The words of a seat tablemaster plays (issue 28, item 4; botseat.go).
func init() {
	engine.Register(map[string]engine.Text{
		"mod.hub.bots_hint": {EN: "Played by tablemaster (names, comma-separated; empty: nobody)", JA: "tablemasterがプレイする人（名前をカンマ区切りで。空欄なら誰も）"},
		"mod.bot.played":    {EN: "played by tablemaster", JA: "tablemasterがプレイ"},
		"mod.bot.no_seat": {EN: "tablemaster cannot play {name}: no player is called that (players: {seats})",
			JA: "tablemasterは{name}をプレイできません。その名前のプレイヤーはいません（プレイヤー：{seats}）"},
		"mod.bot.no_seat_near": {EN: "tablemaster cannot play {name}: no player is called that; did you mean {near}? (players: {seats})",
			JA: "tablemasterは{name}をプレイできません。その名前のプレイヤーはいません。{near} のことですか？（プレイヤー：{seats}）"},
		"mod.bot.no_seat_n": {EN: "no seat {n} for tablemaster to play", JA: "tablemasterがプレイする{n}番の席はありません"},
		"mod.bot.all": {EN: "tablemaster cannot play every seat: someone must play (bots against bots: tablemaster sim)",
			JA: "tablemasterが全員分をプレイすることはできません。誰かがプレイしてください（ボット同士なら tablemaster sim）"},
		"mod.bot.game":   {EN: "tablemaster cannot play a seat of {game} yet", JA: "tablemasterはまだ{game}の席をプレイできません"},
		"mod.bot.relink": {EN: "{seat} is played by tablemaster: there is no phone to link", JA: "{seat}はtablemasterがプレイしています。つなぐスマホはありません"},
		"mod.bot.link":   {EN: "{seat}: played by tablemaster (no phone)", JA: "{seat}：tablemasterがプレイ（スマホなし）"},
	})
}
