package main

import "tablemaster/engine"

// The command line's words for --bot (issue 28, item 4).
func init() {
	engine.Register(map[string]engine.Text{
		"cmd.bot.console": {EN: "--bot goes with phones: with --{flag} one person enters every seat's moves, so there is no seat left for tablemaster to play",
			JA: "--bot はスマホで遊ぶときのものです。--{flag} では1人が全員の手を入力するので、tablemasterがプレイする席はありません"},
	})
}
