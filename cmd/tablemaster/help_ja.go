package main

import (
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"regexp"

	"tablemaster/engine"
)

// The English of these entries is what the commands say in their own
// definitions (cobra's Short and flag usage), which English help shows.

// localizeHelp puts the commands' one-line descriptions and their flags'
// explanations in language l (the catalogue's "help.<command>" and
// "help.<command>.<flag>", or "help.flag.<flag>" for the flags every
// command shares) before cobra prints a help text. A long description
// without a translation gives way to the short one.
func localizeHelp(root *cobra.Command, l engine.Lang) {
	if l == engine.EN {
		return
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		name := c.Name()
		if c == root {
			name = "root"
		}
		if k := "help." + name; engine.Has(k) {
			c.Short = l.S(k)
			if k := "help." + name + ".long"; engine.Has(k) {
				c.Long = l.S(k)
			} else {
				c.Long = ""
			}
		}
		each := func(f *pflag.Flag) {
			for _, k := range []string{"help." + name + "." + f.Name, "help.flag." + f.Name} {
				if engine.Has(k) {
					f.Usage = l.S(k)
					return
				}
			}
		}
		c.Flags().VisitAll(each)
		c.PersistentFlags().VisitAll(each)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	// The headings cobra writes, and pflag's "(default …)", in Japanese.
	cobra.AddTemplateFunc("jaDefaults", func(s string) string { return defaultJA.ReplaceAllString(s, "（既定 $1）") })
	root.SetUsageTemplate(usageJA)
}

// defaultJA finds pflag's "(default …)".
var defaultJA = regexp.MustCompile(`\(default ([^)]*)\)`)

// usageJA is cobra's usage template (v1.10) with its headings in Japanese.
const usageJA = `使い方:{{if .Runnable}}
  {{.UseLine}}{{end}}{{if .HasAvailableSubCommands}}
  {{.CommandPath}} [コマンド]{{end}}{{if gt (len .Aliases) 0}}

別名:
  {{.NameAndAliases}}{{end}}{{if .HasExample}}

例:
{{.Example}}{{end}}{{if .HasAvailableSubCommands}}{{$cmds := .Commands}}

コマンド:{{range $cmds}}{{if (or .IsAvailableCommand (eq .Name "help"))}}
  {{rpad .Name .NamePadding }} {{.Short}}{{end}}{{end}}{{end}}{{if .HasAvailableLocalFlags}}

フラグ:
{{.LocalFlags.FlagUsages | trimTrailingWhitespaces | jaDefaults}}{{end}}{{if .HasAvailableInheritedFlags}}

全体のフラグ:
{{.InheritedFlags.FlagUsages | trimTrailingWhitespaces | jaDefaults}}{{end}}{{if .HasAvailableSubCommands}}

コマンドの詳しい説明は "{{.CommandPath}} [コマンド] --help" で表示されます。{{end}}
`

func init() {
	engine.Register(map[string]engine.Text{
		"help.root":                     {EN: "A game master for card games played with real cards", JA: "実物のカードで遊ぶカードゲームのゲームマスター"},
		"help.flag.state":               {EN: "state folder (default $XDG_STATE_HOME/tablemaster)", JA: "状態フォルダ（既定 $XDG_STATE_HOME/tablemaster）"},
		"help.flag.lang":                {EN: "language of the console: en or ja (default from the environment)", JA: "コンソールの言語：en または ja（既定は環境から）"},
		"help.flag.addr":                {EN: addrUsage, JA: "このアドレスだけで待ち受け、リンクにもこのアドレスを使う（既定：すべてのインターフェースで待ち受け、リンクにはLANで見つけたアドレス）"},
		"help.flag.port":                {EN: portUsage, JA: "待ち受けるポート（既定：この状態フォルダが前回使ったポート。開いている画面はそのまま続く。初回は空いているポート）。0なら空いているポート"},
		"help.resume.port":              {EN: resumePortUsage, JA: "再開するテーブルをすべて、元のポートではなくこのポートで配信（0なら空いているポート）。リンクが変わり、改めて表示される。--port がなければ各テーブルは元のポートに戻る"},
		"help.flag.seed":                {EN: "seed of the deal (default: from the clock)", JA: "配りのシード（既定：時刻から）"},
		"help.flag.pass":                {EN: "no phones: pass the laptop round", JA: "スマホなし：ノートPCを回して遊ぶ"},
		"help.flag.script":              {EN: "run the console commands in FILE, then stop", JA: "FILEのコンソールコマンドを実行して終了"},
		"help.flag.reveal":              {EN: "with --script: also print what each seat was told privately", JA: "--scriptと一緒に：各席に個別に伝えた内容も表示"},
		"help.flag.players":             {EN: "players in seat order, separated by commas", JA: "プレイヤー（席順、カンマ区切り）"},
		"help.flag.paper":               {EN: "paper size: a4 or letter", JA: "用紙サイズ：a4 または letter"},
		"help.flag.format":              {EN: "output format: pdf, html (one self-contained page) and so on", JA: "出力形式：pdf・html（1ページで完結）など"},
		"help.flag.help":                {EN: "help for this command", JA: "このヘルプを表示"},
		"help.noir":                     {EN: "Noir: Killer vs Inspector, with one deck of playing cards", JA: "ノワール：殺人鬼vs捜査官（トランプ1組で遊ぶ）"},
		"help.noir.players":             {EN: "the two players, Killer first (default Killer,Inspector)", JA: "2人のプレイヤー、殺人鬼が先（既定 Killer,Inspector）"},
		"help.noir.variant":             {EN: "cards (one deck of playing cards) or automata (identity and disguise, Collapse, Canvas, Accuse)", JA: "cards（トランプ版）または automata（正体と変装先・圧縮・捜査・推理）"},
		"help.noir.roster":              {EN: "automata: a file naming the 25 suspects of a boxed edition, one a line in layout order", JA: "オートマタ版：製品版の容疑者25人の名前のファイル（1行に1人、並べる順）"},
		"help.noir.kills":               {EN: "automata: the dead suspects with which the Killer wins", JA: "オートマタ版：殺人鬼が勝つ殺害人数"},
		"help.outlaws":                  {EN: "Outlaws: Last Man Standing, two players", JA: "アウトロー：ラストマンスタンディング（2人用）"},
		"help.outlaws.players":          {EN: "the two players, Red first (default Red,Green)", JA: "2人のプレイヤー、赤が先（既定 Red,Green）"},
		"help.outlaws.cards":            {EN: "playing (♥ and ♣ A–10 of one deck) or boxed (the game's own cards)", JA: "playing（トランプ1組の♥と♣のA〜10）または boxed（製品版のカード）"},
		"help.outlaws.react-timeout":    {EN: "how long a defender may think about a reaction before it is let go (default: wait)", JA: "防御側が反応を考える制限時間。過ぎると反応なしで進む（既定：待つ）"},
		"help.noir.deck":                {EN: "virtual (tablemaster deals the evidence cards) or physical (enter real draws)", JA: "virtual（証拠カードをtablemasterが配る）または physical（実物を引いて入力）"},
		"help.noir.layout":              {EN: "ordered or shuffled layout of the suspects", JA: "容疑者の並べ方：ordered または shuffled"},
		"help.noir.kings":               {EN: "♠K and ♥K stand in for the two Jokers", JA: "♠Kと♥Kを2枚のジョーカーの代わりに使う"},
		"help.noir.shift-rule":          {EN: "no-repeat (no earlier position again) or no-undo (no undoing the last shift)", JA: "no-repeat（以前の配置に戻さない）または no-undo（直前の移動を戻さない）"},
		"help.ayatsuri":                 {EN: "Ayatsuri Satsujin Jiken (あやつり殺人事件), 3 to 6 players", JA: "あやつり殺人事件（3〜6人）"},
		"help.ayatsuri.players":         {EN: "3 to 6 players, clockwise (default Aki,Ben,Chika,Dai)", JA: "3〜6人のプレイヤー、時計回り（既定 Aki,Ben,Chika,Dai）"},
		"help.ayatsuri.start":           {EN: "the player holding the dictator marker first (default: the first listed)", JA: "最初に独裁者マーカーを持つプレイヤー（既定：最初の人）"},
		"help.ayatsuri.bomb-girl":       {EN: "play with the promo card Bomb Girl (自爆娘)", JA: "プロモカード「自爆娘」を入れる"},
		"help.ayatsuri.toss":            {EN: "the Doctor's toss: engine (tablemaster draws it) or chips (the patient tosses a real chip)", JA: "闇医者のトス：engine（tablemasterが決める）または chips（実物のチップを投げる）"},
		"help.superrock":                {EN: "Super Rock (超人ロック) card game, 6 to 9 players (5 or 10 with --counts)", JA: "超人ロック カードゲーム（6〜9人、--countsで5人・10人）"},
		"help.superrock.players":        {EN: "5 to 10 players in seat order (default Aki,Ben,Chika,Dai,Eri,Fumi,Gen)", JA: "5〜10人のプレイヤー、席順（既定 Aki,Ben,Chika,Dai,Eri,Fumi,Gen）"},
		"help.superrock.counts":         {EN: "characters drawn per pool, as L=1,G=0,E=2,S=1,X=1 (default: table 7.1; needed for 5 and 10 players)", JA: "各プールから引くキャラクター数（例 L=1,G=0,E=2,S=1,X=1；既定は表7.1、5人・10人では必須）"},
		"help.superrock.roster":         {EN: "another edition's characters, silhouettes and tables, in the format of engine/superrock/data/kmc.txt", JA: "別の版のキャラクター・シルエット・表（engine/superrock/data/kmc.txt と同じ形式）"},
		"help.superrock.board":          {EN: "virtual (tablemaster holds the planet deck) or physical (the real planet cards lie on the board)", JA: "virtual（惑星カードはtablemasterが持つ）または physical（実物を盤に置く）"},
		"help.superrock.dice":           {EN: "virtual (tablemaster rolls) or physical (players roll real dice and enter them)", JA: "virtual（tablemasterが振る）または physical（実物のダイスを振って入力）"},
		"help.superrock.raisa-good":     {EN: "count Raisa among the Goods (pool G) instead of as a fourth Locke", JA: "ライザを4人目のロックではなくGood（プールG）として数える"},
		"help.host":                     {EN: "Run a game night from a browser: the host page starts tables of every game", JA: "ブラウザからゲームナイトを運営：ホスト画面で全ゲームのテーブルを始める"},
		"help.tables":                   {EN: "List the state folder's tables, or move one out of the way", JA: "状態フォルダのテーブルを一覧、または1つをアーカイブへ移す"},
		"help.resume":                   {EN: "Restart the unfinished tables (or TABLE) from their logs, with the same links", JA: "未終了のテーブル（またはTABLE）を記録から再開（同じリンクで）"},
		"help.replay":                   {EN: "Print a whole game from its log, every secret revealed", JA: "ゲームを記録から最後まで表示（秘密もすべて公開）"},
		"help.print":                    {EN: "Write a game's reference sheet, or a table's join cards, as PDF or HTML", JA: "ゲームの早見表、または卓の参加カードをPDFかHTMLで書き出す"},
		"help.print.table":              {EN: "with links: the table (default: the only saved one)", JA: "linksと一緒に：対象のテーブル（既定：保存されている唯一のもの）"},
		"help.sim":                      {EN: "Play many games between bots and count who wins", JA: "ボット同士で何ゲームも打たせ、誰が勝つかを数える"},
		"help.night":                    {EN: "The night sheet: every table of the night, who won, Super Rock's grades and the totals", JA: "今夜の成績表：その夜の全テーブル、勝者、超人ロックの勝敗と合計"},
		"help.night.date":               {EN: "the night's date, YYYY-MM-DD (default: tonight)", JA: "夜の日付 YYYY-MM-DD（既定：今夜）"},
		"help.night.output":             {EN: "file to write (default: the terminal for text, night-DATE-LANG.pdf|html otherwise)", JA: "書き出すファイル（既定：textは端末、それ以外は night-日付-言語.pdf|html）"},
		"help.print.output":             {EN: "file to write, or a folder (default: the current folder)", JA: "書き出すファイルかフォルダ（既定：現在のフォルダ）"},
		"help.resume.set-aside-damaged": {EN: "resume a log with a damaged line from the lines before it (they are copied aside first, not deleted)", JA: "壊れた行のある記録を、その前の行までで再開（壊れた行以降は削除せず別ファイルへ写す）"},
		"help.help":                     {EN: "Help about any command", JA: "コマンドのヘルプ"},
		"help.completion":               {EN: "Generate the autocompletion script for the specified shell", JA: "シェル補完のスクリプトを生成"},
	})
}
