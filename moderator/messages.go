package moderator

import "tablemaster/engine"

// The moderator's own words: pages, console, errors. Game words live with
// each game in engine/<game>/messages.go.
func init() {
	engine.Register(map[string]engine.Text{
		"mod.home":                {EN: "tablemaster is running. Scan your seat's QR code to open your page.", JA: "tablemasterが動いています。自分の席のQRコードを読み取ってページを開いてください。"},
		"mod.flash.stale":         {EN: "That page was out of date; here is the current state. Nothing was done.", JA: "ページが古くなっていました。最新の状態を表示します（操作は行われていません）。"},
		"mod.flash.turn":          {EN: "It is not your turn; here is the current state.", JA: "あなたの手番ではありません。最新の状態を表示します。"},
		"mod.flash.undo_asked":    {EN: "Undo requested: waiting for the other players to agree.", JA: "取り消しを申請しました。他のプレイヤーの同意を待っています。"},
		"mod.flash.undone":        {EN: "Undone.", JA: "取り消しました。"},
		"mod.flash.norequest":     {EN: "No undo request is waiting.", JA: "同意待ちの取り消しはありません。"},
		"mod.flash.illegal":       {EN: "That is not possible now.", JA: "今はそれはできません。"},
		"mod.err.nothing_to_undo": {EN: "There is nothing to undo.", JA: "取り消せる操作がありません。"},
		"mod.err.not_actor":       {EN: "Only the player who acted can undo it.", JA: "取り消せるのは操作したプレイヤーだけです。"},
		"mod.gm":                  {EN: "The game master", JA: "ゲームマスター"},
		"mod.todo":                {EN: "On the table now:", JA: "いま場ですること："},
		"mod.online":              {EN: "connected", JA: "接続中"},
		"mod.joined":              {EN: "joined", JA: "参加済み"},
		"mod.not_joined":          {EN: "not joined yet", JA: "未参加"},
		"mod.undo.last":           {EN: "their last action", JA: "直前の操作"},
		"mod.undo.agree":          {EN: "Agree to undo", JA: "取り消しに同意"},
		"mod.undo.refuse":         {EN: "Refuse", JA: "拒否"},
		"mod.undo.waiting":        {EN: "Waiting for the others to agree.", JA: "他のプレイヤーの同意を待っています。"},
		"mod.undo.button":         {EN: "Undo my last action", JA: "直前の操作を取り消す"},
		"mod.your_turn":           {EN: "Your turn.", JA: "あなたの番です。"},
		"mod.hold":                {EN: "Hold here to see your secrets", JA: "押している間だけ秘密を表示"},
		"mod.moves":               {EN: "Your other moves (tap to show; they give away your secrets)", JA: "その他の行動（タップで表示。秘密が分かるので注意）"},
		"mod.hub.title":           {EN: "Game night", JA: "ゲームナイト"},
		"mod.hub.tables":          {EN: "Tables", JA: "テーブル"},
		"mod.hub.no_tables":       {EN: "No table yet: start one below.", JA: "まだテーブルがありません。下で始めます。"},
		"mod.hub.game":            {EN: "Game", JA: "ゲーム"},
		"mod.hub.players":         {EN: "Players", JA: "プレイヤー"},
		"mod.hub.player":          {EN: "Player", JA: "プレイヤー"},
		"mod.hub.status":          {EN: "Now", JA: "状況"},
		"mod.hub.turn":            {EN: "Waiting for {players}", JA: "{players}の番"},
		"mod.hub.screen":          {EN: "Table screen (TV)", JA: "テーブル画面（TV）"},
		"mod.hub.join":            {EN: "Join codes", JA: "参加用コード"},
		"mod.hub.new":             {EN: "Start a table", JA: "テーブルを始める"},
		"mod.hub.players_hint":    {EN: "Players in seat order, separated by commas (empty: the defaults)", JA: "プレイヤー（席順、カンマ区切り。空欄なら既定）"},
		"mod.hub.default_players": {EN: "default players:", JA: "既定のプレイヤー："},
		"mod.hub.create":          {EN: "Start the table", JA: "テーブルを始める"},
		"mod.hub.not_created":     {EN: "The table was not started: {why}", JA: "テーブルを始められませんでした：{why}"},
		"mod.hub.no_options":      {EN: "{game} tables cannot be started from the host page", JA: "{game}はホスト画面から始められません"},
		"mod.hub.spectators":      {EN: "Spectators: scan to watch the table screen", JA: "観戦：読み取るとテーブル画面を見られます"},
		"mod.hub.done":            {EN: "Done → next", JA: "完了 → 次へ"},
		"mod.hub.back":            {EN: "Back to the host page", JA: "ホスト画面へ戻る"},
		"mod.hub.night":           {EN: "Tonight", JA: "今夜の成績"},
		"mod.hub.night_none":      {EN: "No table tonight yet.", JA: "今夜はまだテーブルがありません。"},
		"mod.hub.in_play":         {EN: "In play.", JA: "プレイ中。"},
		"mod.hub.totals":          {EN: "Totals", JA: "合計"},
		"mod.hub.games":           {EN: "Games", JA: "ゲーム数"},
		"mod.hub.wins":            {EN: "Wins", JA: "勝利数"},
		"mod.hub.rematch":         {EN: "Rematch", JA: "再戦"},
		"mod.hub.moved":           {EN: "rematched: the players' links moved to the new table", JA: "再戦済み：参加リンクは新しいテーブルへ移りました"},
		"mod.hub.not_over":        {EN: "the game is not over yet", JA: "まだゲームが終わっていません"},
		"mod.hub.no_rematch":      {EN: "this game remembers the night (SR-13): start the next table from the form below", JA: "このゲームは今夜の記録を使います（SR-13）。下のフォームから次のテーブルを始めてください"},
		"mod.hub.manage":          {EN: "Manage", JA: "管理"},
		"mod.hub.relink":          {EN: "New link for {player}", JA: "{player}さんの新しいリンク"},
		"mod.hub.undo":            {EN: "Ask to undo the last action", JA: "直前の操作の取り消しを求める"},
		"mod.hub.agree_for":       {EN: "{player} agrees", JA: "{player}：同意"},
		"mod.hub.refuse_for":      {EN: "{player} refuses", JA: "{player}：拒否"},
		"mod.hub.abandon":         {EN: "Abandon the table", JA: "テーブルを放棄"},
		"mod.rules":               {EN: "Rules", JA: "ルール"},
		"mod.game_over":           {EN: "The game is over.", JA: "ゲーム終了です。"},
		"mod.confirm":             {EN: "Tap again to confirm:", JA: "もう一度タップで確定："},
		"mod.story":               {EN: "What happened", JA: "これまでの経過"},
		"mod.story_all":           {EN: "The whole story", JA: "これまでの経過をすべて見る"},

		"mod.con.no_seat":     {EN: "no player called “{name}” (players: {seats})", JA: "「{name}」という名前のプレイヤーはいません（プレイヤー：{seats}）"},
		"mod.con.table_url":   {EN: "Table screen (open it on the laptop or a TV):", JA: "テーブル画面（ノートPCやテレビで開いてください）："},
		"mod.con.show_qr":     {EN: "Only {seat} looks now. Press Enter to show their QR code.", JA: "{seat}さんだけが見てください。Enterで QRコードを表示します。"},
		"mod.con.seat_link":   {EN: "Link of {seat} (private):", JA: "{seat}さんのリンク（秘密）："},
		"mod.con.next_qr":     {EN: "Scanned? Press Enter to hide it and show the code of {seat}.", JA: "読み取りましたか？Enterで隠して{seat}さんのコードを表示します。"},
		"mod.con.hide_qr":     {EN: "Scanned? Press Enter to hide it.", JA: "読み取りましたか？Enterで隠します。"},
		"mod.con.relinked":    {EN: "New link for {seat}; the old one no longer works.", JA: "{seat}さんに新しいリンクを発行しました。古いリンクは使えません。"},
		"mod.con.answer_who":  {EN: "say who answers, as in “Ben: agree”", JA: "誰が答えるか書いてください（例：「Ben: agree」）"},
		"mod.con.on_phone":    {EN: "{seat} does this on their own phone: it would show a secret here", JA: "{seat}さんは自分のスマホで操作してください（ここでは秘密が見えてしまいます）"},
		"mod.con.print_later": {EN: "printing join cards comes with the printables", JA: "参加カードの印刷は印刷機能で提供されます"},
		"mod.con.unknown":     {EN: "unknown command “{text}”; type help", JA: "「{text}」は不明なコマンドです。helpと入力してください"},
		"mod.con.nobody":      {EN: "nobody is to move", JA: "手番のプレイヤーがいません"},
		"mod.con.script_line": {EN: "line {line}: {err}", JA: "{line}行目：{err}"},
		"mod.con.ready":       {EN: "Type a command (help lists them).", JA: "コマンドを入力してください（helpで一覧）。"},
		"mod.con.pass_to":     {EN: "Pass the laptop to {seat}, then press Enter.", JA: "ノートPCを{seat}さんに渡して、Enterを押してください。"},
		"mod.con.pass_keys":   {EN: "Enter opens the private screen of {seat}; or type status, help or quit.", JA: "Enterで{seat}さんの画面を開きます。status・help・quitも入力できます。"},
		"mod.con.pass_screen": {EN: "Table screen (for a TV; it shows no secret): {url}", JA: "テーブル画面（TV用。秘密は表示されません）：{url}"},
		"mod.con.hide":        {EN: "Press Enter to hide your screen.", JA: "Enterで画面を隠します。"},
		"mod.con.private":     {EN: "— {seat}: your private screen —", JA: "— {seat}さん専用の画面 —"},
		"mod.con.back":        {EN: "(nothing now: hide my screen)", JA: "（何もしない：画面を隠す）"},
		"mod.con.choose":      {EN: "Your move", JA: "あなたの行動"},
		"mod.con.help": {EN: `Commands (one per line; also the language of --script files):
  status              the board and whose turn it is
  links               the table screen link, then each seat's QR code
  relink NAME         a new link for NAME (lost phone); the old one stops working
  shift row 2 left    a public action for whoever is to move (shifts)
  NAME: ACTION        an action as a seat (scripts and pass-and-play only)
  undo                undo the last action (the players who learned something agree on their phones)
  NAME: undo | NAME: agree | NAME: refuse   the same, as a seat (scripts)
  print [html] [letter]   join cards for this table (PDF or HTML, A4 or Letter)
  help | quit
  # starts a comment`, JA: `コマンド（1行に1つ。--scriptファイルも同じ書き方）：
  status              盤面と手番
  links               テーブル画面のリンクと各席のQRコード
  relink 名前         その人に新しいリンクを発行（古いリンクは無効）
  shift row 2 left    手番の人の公開行動（移動）
  名前: 行動          席として行動（スクリプトとパス＆プレイのみ）
  undo                直前の操作を取り消す（何かを知った人がスマホで同意）
  名前: undo / 名前: agree / 名前: refuse   同上、席として（スクリプト）
  print [html] [letter]   この卓の参加カードを印刷（PDFかHTML、A4かLetter）
  help / quit
  # 以降はコメント`},
	})
}
