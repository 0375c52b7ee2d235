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

// sim's refusals.
func init() {
	engine.Register(map[string]engine.Text{
		"cmd.sim.err.table_flag":    {EN: "--{flag} serves a table: tablemaster sim plays on the laptop alone", JA: "--{flag} は卓を開くためのものです：tablemaster sim はこのパソコンだけで打ちます"},
		"cmd.sim.err.at_least_one":  {EN: "--{flag} must be at least 1, not {n}", JA: "--{flag} は1以上にしてください（{n} ではなく）"},
		"cmd.sim.err.deck":          {EN: "--deck physical waits for real draws: tablemaster sim plays --deck virtual", JA: "--deck physical は実物の山札を待ちます：tablemaster sim は --deck virtual で打ちます"},
		"cmd.sim.err.react_timeout": {EN: "--react-timeout serves a table: bots answer at once", JA: "--react-timeout は卓のためのものです：ボットはすぐに答えます"},
		"cmd.sim.err.toss":          {EN: "--toss chips waits for real chips: tablemaster sim plays --toss engine", JA: "--toss chips は実物のチップを待ちます：tablemaster sim は --toss engine で打ちます"},
		"cmd.sim.err.physical":      {EN: "--dice physical and --board physical wait for real dice and cards: tablemaster sim plays them virtual", JA: "--dice physical と --board physical は実物のダイスとカードを待ちます：tablemaster sim は仮想で打ちます"},
		"cmd.sim.err.no_bots":       {EN: "--bots names at least one bot: random or ismcts", JA: "--bots にはボットを1つ以上指定してください：random か ismcts"},
		"cmd.sim.err.random_budget": {EN: "--bots {bot}: random has no budget", JA: "--bots {bot}：random に予算はありません"},
		"cmd.sim.err.budget":        {EN: "--bots {bot}: the budget after ismcts: is a number of iterations, at least 1", JA: "--bots {bot}：ismcts: のあとの予算は反復回数で、1以上です"},
		"cmd.sim.err.no_such_bot":   {EN: "--bots: no bot \"{bot}\" (bots: random, ismcts, ismcts:BUDGET)", JA: "--bots：「{bot}」というボットはありません（ボット：random、ismcts、ismcts:予算）"},
	})
}
