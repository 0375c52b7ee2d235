package main

import "tablemaster/engine"

// The command line's own sentences (issue 26, item 9): flag errors in the
// console's language, and print's --variant and --lang.
func init() {
	engine.Register(map[string]engine.Text{
		"cmd.flag.unknown":      {EN: "unknown flag: --{flag}", JA: "そのフラグはありません：--{flag}"},
		"cmd.flag.unknown_near": {EN: "unknown flag: --{flag} (did you mean --{near}?)", JA: "そのフラグはありません：--{flag}（--{near} のことですか？）"},
		"cmd.flag.unknown_short": {EN: "unknown shorthand flag: '{flag}' in -{group}",
			JA: "その短いフラグはありません：-{group} の「{flag}」"},
		"cmd.flag.needs_value": {EN: "flag needs an argument: --{flag}", JA: "フラグに値がありません：--{flag}"},
		"cmd.flag.bad":         {EN: "{err}", JA: "フラグの指定が正しくありません：{err}"},

		"help.print.lang": {EN: printLangUsage,
			JA: "書き出す早見表・参加カードの言語：en または ja（コンソールの表示もこの言語。既定は環境から）"},
		"help.night.lang": {EN: nightLangUsage,
			JA: "成績表の言語：en または ja（コンソールの表示もこの言語。既定は環境から）"},
		"help.print.variant": {EN: printVariantUsage,
			JA: "ゲームの版の早見表：noir なら cards（トランプ版）または automata（print noir-automata と同じ）"},
		"cmd.print.variant_none": {EN: "--variant: the {sheet} sheet has no variants (sheets with variants: {sheets})",
			JA: "--variant：{sheet} の早見表には版がありません（版のある早見表：{sheets}）"},
		"cmd.print.variant_one": {EN: "--variant goes with one game's sheet ({sheets}), as in tablemaster print noir --variant automata",
			JA: "--variant はゲーム1つの早見表（{sheets}）と使います。例：tablemaster print noir --variant automata"},
		"cmd.print.variant_unknown": {EN: "--variant: {sheet} has no variant {variant}: {variants}",
			JA: "--variant：{sheet} に {variant} という版はありません：{variants}"},
		"cmd.state.busy": {EN: "another tablemaster is serving the tables of {dir} ({who}): stop it first, or start tables from its host page; --state names another folder",
			JA: "別のtablemasterが{dir}のテーブルを動かしています（{who}）。先にそれを止めるか、そのホスト画面からテーブルを始めてください。--stateで別のフォルダも指定できます"},
	})
}
