package main

import "tablemaster/engine"

// The command line's words for --bot (issue 28, item 4).
func init() {
	engine.Register(map[string]engine.Text{
		"help.flag.bot": {EN: "a player tablemaster plays itself (repeatable): no phone, it moves after a short pause",
			JA: "tablemaster自身がプレイするプレイヤー（繰り返し指定可）：スマホなしで、少し間をおいて手を打ちます"},
		"cmd.bot.console": {EN: "--bot goes with phones: with --{flag} one person enters every seat's moves, so there is no seat left for tablemaster to play",
			JA: "--bot はスマホで遊ぶときのものです。--{flag} では1人が全員の手を入力するので、tablemasterがプレイする席はありません"},
	})
}
