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
		"mod.ev.undone":           {EN: "{by} undid “{action}”.", JA: "{by}が「{action}」を取り消しました。"},
		"mod.gm":                  {EN: "The game master", JA: "ゲームマスター"},
		"mod.todo":                {EN: "On the table now:", JA: "いま場ですること："},
		"mod.online":              {EN: "connected", JA: "接続中"},
		"mod.joined":              {EN: "joined", JA: "参加済み"},
		"mod.not_joined":          {EN: "not joined yet", JA: "未参加"},
		"mod.undo.asked":          {EN: "Undo of “{action}” requested.", JA: "「{action}」の取り消しが申請されました。"},
		"mod.undo.agree":          {EN: "Agree to undo", JA: "取り消しに同意"},
		"mod.undo.refuse":         {EN: "Refuse", JA: "拒否"},
		"mod.undo.waiting":        {EN: "Waiting for the others to agree.", JA: "他のプレイヤーの同意を待っています。"},
		"mod.undo.button":         {EN: "Undo my last action", JA: "直前の操作を取り消す"},
		"mod.your_turn":           {EN: "Your turn.", JA: "あなたの番です。"},
		"mod.hold":                {EN: "Hold here to see your secrets", JA: "押している間だけ秘密を表示"},
		"mod.moves":               {EN: "Your other moves (tap to show; they give away your secrets)", JA: "その他の行動（タップで表示。秘密が分かるので注意）"},
		"mod.story":               {EN: "What happened", JA: "これまでの経過"},

		"noir.ui.identity":    {EN: "Your identity:", JA: "あなたの正体："},
		"noir.ui.no_identity": {EN: "You have no identity yet.", JA: "まだ正体はありません。"},
		"noir.ui.hand":        {EN: "Your hand:", JA: "手札："},
		"noir.ui.drawn":       {EN: "You drew:", JA: "引いたカード："},
		"noir.ui.kills":       {EN: "Killed", JA: "殺害"},
		"noir.ui.deck":        {EN: "Deck", JA: "山札"},
		"noir.ui.hand_size":   {EN: "Inspector's hand", JA: "捜査官の手札"},
		"noir.ui.citizens":    {EN: "Citizen's arrests left", JA: "市民逮捕の残り"},
		"noir.ui.turn":        {EN: "Turn", JA: "手番"},
		"noir.ui.removed":     {EN: "Removed:", JA: "取り除かれたカード："},
	})
}
