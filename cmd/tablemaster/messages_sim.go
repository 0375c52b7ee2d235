package main

import "tablemaster/engine"

// The words of tablemaster sim (issue 28): its table and its progress.
func init() {
	engine.Register(map[string]engine.Text{
		"cmd.sim.head": {EN: "{game}: {games} games · bots {bots} · budget {budget} · seed {seed}",
			JA: "{game}：{games}ゲーム・ボット {bots}・予算 {budget}・シード {seed}"},
		"cmd.sim.col.side":     {EN: "side", JA: "陣営"},
		"cmd.sim.col.bot":      {EN: "bot", JA: "ボット"},
		"cmd.sim.col.side_bot": {EN: "side · bot", JA: "陣営・ボット"},
		"cmd.sim.col.wins":     {EN: "wins", JA: "勝ち"},
		"cmd.sim.col.games":    {EN: "games", JA: "ゲーム"},
		"cmd.sim.col.rate":     {EN: "win rate", JA: "勝率"},
		"cmd.sim.col.interval": {EN: "95% interval", JA: "95%区間"},
		"cmd.sim.side.none":    {EN: "no side", JA: "陣営なし"},
		"cmd.sim.draws": {EN: "draws {draws} · capped {capped} (stopped after {cap} actions)",
			JA: "引き分け {draws}・打ち切り {capped}（{cap}手で打ち切り）"},
		"cmd.sim.length": {EN: "actions a game: {avg} on average, {max} at most",
			JA: "1ゲームの手数：平均 {avg}、最長 {max}"},
		"cmd.sim.speed": {EN: "{seconds} s · {rate} decisions a second · {jobs} jobs",
			JA: "{seconds}秒・毎秒 {rate} 手の判断・並列 {jobs}"},
		"cmd.sim.progress": {EN: "{done}/{games} games", JA: "{done}/{games}ゲーム"},
	})
}
