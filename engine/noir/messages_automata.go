package noir

import "tablemaster/engine"

// The words of the Automata variant (rules/noir.md NA). The Japanese
// follows the translated rulebook's terms: 変装先 (disguise), 圧縮
// (Collapse), 捜査 (Canvas), 推理 (Accuse), 殺人鬼 (the Killer, in the
// playing-card variant too).
func init() {
	engine.Register(map[string]engine.Text{
		"noir.automata.name": {EN: "Noir (Automata)", JA: "ノワール（オートマタ版）"},

		"noir.ph.collapse-pick":            {EN: "The {role} is collapsing the grid: one dead suspect from each line.", JA: "{role}が圧縮中：各行（各列）から死亡した容疑者を1人ずつ選びます。"},
		"noir.ph.collapse-pick.killer":     {EN: "The Killer is collapsing the grid.", JA: "殺人鬼が圧縮中です。"},
		"noir.ph.collapse-pick.inspector":  {EN: "The Inspector is collapsing the grid.", JA: "捜査官が圧縮中です。"},
		"noir.ph.killer-identity-disguise": {EN: "The Killer draws an identity and a disguise.", JA: "殺人鬼が正体と変装先を引きます。"},
		"noir.ph.refill-draw":              {EN: "The Inspector draws back up to the hand.", JA: "捜査官が手札を引き直します。"},
		"noir.g.drew_identity":             {EN: "Which card did you draw for your identity?", JA: "正体として引いたカードはどれですか？"},
		"noir.g.drew_disguise":             {EN: "Which card did you draw for your disguise?", JA: "変装先として引いたカードはどれですか？"},
		"noir.do.draw_n":                   {EN: "{role}: draw {n} from the deck and enter each on your phone.", JA: "{role}：山札から{n}枚引き、1枚ずつスマホに入力してください。"},
		"noir.undo.draw_n":                 {EN: "{role}: put the cards you drew for this back on the deck unseen.", JA: "{role}：このために引いたカードを、見せずに山札へ戻してください。"},
		"noir.ph.accuse-pick":              {EN: "The Inspector accuses: naming the Killer's identity and disguise.", JA: "捜査官が推理中：殺人鬼の正体と変装先を指名します。"},

		"noir.g.collapse":    {EN: "Collapse (one dead suspect from each line leaves)", JA: "圧縮（各行・各列から死亡者を1人ずつ取り除く）"},
		"noir.g.remove":      {EN: "Collapse: tap one dead suspect in each line", JA: "圧縮：各列（各行）の死亡者を1人ずつタップ"},
		"noir.g.cancel":      {EN: "Change your mind", JA: "やめる"},
		"noir.g.canvas":      {EN: "Canvas: lay a hand card", JA: "捜査：手札を1枚置く"},
		"noir.g.accuse":      {EN: "Accuse (a wrong accusation loses the game)", JA: "推理（外れたら負け）"},
		"noir.g.name":        {EN: "Accuse: name the first of the two suspects", JA: "推理：1人目の容疑者を指名"},
		"noir.g.name_second": {EN: "Accuse: name the second suspect, with {suspect}. If the two are not the Killer's identity and disguise, you lose.", JA: "推理：{suspect}と組にする2人目を指名。殺人鬼の正体と変装先でなければ負けです。"},

		"noir.c.disguise_swap":            {EN: "Swap identity and disguise", JA: "正体と変装先を入れ替える"},
		"noir.c.disguise_pretend":         {EN: "Pretend to swap (keep your identity)", JA: "入れ替えるふりをする（正体はそのまま）"},
		"noir.c.collapse.row":             {EN: "Collapse the rows: one from each row (the grid loses a column)", JA: "各行から1人ずつ（列が1つ減る）"},
		"noir.c.collapse.col":             {EN: "Collapse the columns: one from each column (the grid loses a row)", JA: "各列から1人ずつ（行が1つ減る）"},
		"noir.c.cancel.collapse-pick":     {EN: "Do not collapse after all", JA: "圧縮をやめる"},
		"noir.c.cancel.accuse-pick":       {EN: "Do not accuse after all", JA: "推理をやめる"},
		"noir.c.suspect_gone":             {EN: "{suspect} (left the grid)", JA: "{suspect}（取り除き済み）"},
		"noir.c.accuse":                   {EN: "Accuse: name the identity and the disguise", JA: "推理する：正体と変装先を指名"},
		"noir.ev.identity_disguise_drawn": {EN: "The Killer drew an identity and a disguise.", JA: "殺人鬼が正体と変装先を引きました。"},
		"noir.pv.identity_disguise": {
			EN: "Your identity card is {card}: you are {suspect} ({cell}). Your disguise card is {dcard}: {dsuspect} ({dcell}).",
			JA: "正体のカードは{card}：あなたは{suspect}（{cell}）です。変装先のカードは{dcard}：{dsuspect}（{dcell}）。"},
		"noir.do.two_cards": {
			EN: "{role}: lay two cards face down in front of you, your identity on the left and your disguise on the right (with the deck on the phones, any two spare cards stand in for them).",
			JA: "{role}：2枚のカードを伏せて前に置く。左が正体、右が変装先（山札をスマホで扱う場合は、余りのカード2枚で代用）。"},
		"noir.do.two_cards_physical": {
			EN: "{role}: lay the two cards you drew face down in front of you, your identity on the left and your disguise on the right.",
			JA: "{role}：引いた2枚を伏せて前に置く。左が正体、右が変装先。"},
		"noir.undo.two_cards_physical": {EN: "{role}: pick up your two face-down cards again.", JA: "{role}：伏せた2枚を手に取り直す。"},
		"noir.ev.disguised":            {EN: "The Killer disguised.", JA: "殺人鬼が変装しました。"},
		"noir.do.disguise": {
			EN: "{role}: pick up both face-down cards and lay them back down in either order, out of the Inspector's sight; your phone says which is now your identity (left).",
			JA: "{role}：伏せた2枚を両方手に取り、捜査官に見えないように好きな順で置き直す。どちらが正体（左）かはスマホに表示されます。"},
		"noir.pv.disguise_swap": {
			EN: "You swapped: your identity is now {card}, {suspect} ({cell}); your disguise is {dcard}, {dsuspect} ({dcell}). Lay {card} on the left.",
			JA: "入れ替えました：正体は{card}の{suspect}（{cell}）、変装先は{dcard}の{dsuspect}（{dcell}）。{card}を左に置いてください。"},
		"noir.pv.disguise_pretend": {
			EN: "You pretended: your identity is still {card}, {suspect} ({cell}); your disguise is {dcard}, {dsuspect} ({dcell}). Lay {card} on the left again.",
			JA: "入れ替えるふりをしました：正体は{card}の{suspect}（{cell}）のまま、変装先は{dcard}の{dsuspect}（{dcell}）。{card}を再び左に置いてください。"},

		"noir.ev.collapse_start.row": {EN: "The {role} collapses the rows: one dead suspect from each row will leave.", JA: "{role}が圧縮します：各行から死亡した容疑者を1人ずつ取り除きます。"},
		"noir.ev.collapse_start.col": {EN: "The {role} collapses the columns: one dead suspect from each column will leave.", JA: "{role}が圧縮します：各列から死亡した容疑者を1人ずつ取り除きます。"},
		"noir.ev.collapse_pick":      {EN: "Chosen to leave: {suspect} ({cell}).", JA: "取り除く容疑者：{suspect}（{cell}）"},
		"noir.ev.cancel":             {EN: "The {role} changed their mind.", JA: "{role}は取りやめました。"},
		"noir.ev.collapsed":          {EN: "The {role} collapsed the grid: {cards} left it. The grid is now {size}.", JA: "{role}が圧縮しました：{cards}が取り除かれ、場は{size}になりました。"},
		"noir.do.collapse.row": {
			EN: "Take {cards} away. In each row close the gap: slide the cards right of it one place left. The grid is now {size} (rows × columns).",
			JA: "{cards}を取り除く。各行のすき間は、右側のカードを1つずつ左へずらして詰める。場は{size}（行×列）になります。"},
		"noir.do.collapse.col": {
			EN: "Take {cards} away. In each column close the gap: slide the cards below it one place up. The grid is now {size} (rows × columns).",
			JA: "{cards}を取り除く。各列のすき間は、下側のカードを1つずつ上へずらして詰める。場は{size}（行×列）になります。"},
		"noir.ev.hand_gone": {EN: "The Inspector discards {cards} from the hand: their suspects left the grid.", JA: "捜査官は手札から{cards}を捨てます（場から取り除かれた容疑者）。"},
		"noir.do.hand_gone": {EN: "Inspector: put {cards} face up on the removed pile.", JA: "捜査官：{cards}を表にして取り除かれたカードの山へ。"},

		"noir.ev.canvas":      {EN: "The Inspector canvasses with {card}: {suspect} ({cell}) is innocent.", JA: "捜査官が{card}で捜査：{suspect}（{cell}）は無罪です。"},
		"noir.ev.canvas_dead": {EN: "The Inspector canvasses with {card} on {suspect} ({cell}), who is dead: the card is discarded.", JA: "捜査官が{card}で捜査：{suspect}（{cell}）は死亡しているので、カードは捨てられます。"},
		"noir.do.canvas_dead": {EN: "Show {card} on {suspect} ({cell}), then put it on the removed pile.", JA: "{card}を{suspect}（{cell}）の上で見せてから、取り除かれたカードの山へ。"},

		"noir.ev.inspector_draws": {EN: "The Inspector draws {n}.", JA: "捜査官が{n}枚引きます。"},
		"noir.ev.deck_out":        {EN: "The deck is empty: the Inspector draws nothing.", JA: "山札がないので、捜査官は引きません。"},
		"noir.ev.drawn_gone":      {EN: "{card} was drawn, but {suspect} has left the grid: it is discarded and another drawn.", JA: "{card}を引きましたが、{suspect}は場から取り除かれているので捨て、もう1枚引きます。"},
		"noir.pv.drew_cards":      {EN: "You drew {cards}. Your hand: {hand}.", JA: "{cards}を引きました。手札：{hand}"},

		"noir.ev.accuse_start":      {EN: "The Inspector is about to accuse.", JA: "捜査官が推理を始めます。"},
		"noir.ev.accuse_first":      {EN: "The Inspector names {suspect} ({cell}) first.", JA: "捜査官は1人目に{suspect}（{cell}）を指名しました。"},
		"noir.ev.accuse":            {EN: "The Inspector accuses {a} and {b}: the Killer's identity and disguise.", JA: "捜査官の推理：殺人鬼の正体と変装先は{a}と{b}。"},
		"noir.win.accused":          {EN: "The Inspector named the Killer's identity and disguise. The Inspector wins.", JA: "捜査官が殺人鬼の正体と変装先を言い当てました。捜査官の勝利です。"},
		"noir.win.wrong_accusation": {EN: "The accusation was wrong. The Killer wins.", JA: "推理が外れました。殺人鬼の勝利です。"},
		"noir.win.kills":            {EN: "{n} {n|suspect is|suspects are} dead. The Killer wins.", JA: "{n}人が殺害されました。殺人鬼の勝利です。"},
		"noir.ev.reveal_disguise":   {EN: "The Killer was {killer}, disguised as {disguise}; the Inspector was {inspector}.", JA: "殺人鬼は{killer}（変装先は{disguise}）、捜査官は{inspector}でした。"},
		"noir.do.take_off":          {EN: "Take {card} off {suspect} ({cell}) and put it on the removed pile.", JA: "{suspect}（{cell}）の上の{card}を取り除かれたカードの山へ。"},

		"noir.err.disguise_dead":     {EN: "your disguise {suspect} ({cell}) is dead: no more Disguise", JA: "変装先の{suspect}（{cell}）は殺害されているため、もう変装できません"},
		"noir.err.remove_alive":      {EN: "{suspect} ({cell}) is alive: a Collapse takes only dead suspects", JA: "{suspect}（{cell}）は生きています。圧縮で取り除けるのは死亡した容疑者だけです"},
		"noir.err.line_taken":        {EN: "{line} {n} already gives {suspect} ({cell}); choose in another {line}", JA: "{n}{line}からは{suspect}（{cell}）を選び済みです。別の{line}から選んでください"},
		"noir.err.canvas_deck_empty": {EN: "the deck is empty: no more Canvas", JA: "山札がないので、捜査はできません"},
		"noir.err.named_twice":       {EN: "{suspect} is already named: name another suspect", JA: "{suspect}は指名済みです。別の容疑者を指名してください"},
		"noir.err.collapse_last":     {EN: "only one {line} is left: a Collapse would empty the grid", JA: "残り1{line}なので、圧縮すると場がなくなります"},
		"noir.err.collapse_no_dead":  {EN: "{line} {n} has no dead suspect, so this Collapse is not possible", JA: "{n}{line}に死亡した容疑者がいないため、この圧縮はできません"},

		"noir.verb.collapse": {EN: "a Collapse", JA: "圧縮"},
		"noir.verb.remove":   {EN: "choosing a suspect for a Collapse", JA: "圧縮する容疑者の選択"},
		"noir.verb.canvas":   {EN: "a Canvas", JA: "捜査"},
		"noir.verb.accuse":   {EN: "an accusation", JA: "推理"},
		"noir.verb.name":     {EN: "naming a suspect for an accusation", JA: "推理の指名"},
		"noir.verb.cancel":   {EN: "changing your mind", JA: "取りやめ"},

		"noir.undo.two_cards": {EN: "{role}: take back the two face-down cards.", JA: "{role}：伏せた2枚を手元に戻す。"},
		"noir.undo.disguise":  {EN: "{role}: lay your two face-down cards back as they lay before the Disguise; your phone shows your identity.", JA: "{role}：伏せた2枚を変装の前の並びに戻す。正体はスマホに表示されます。"},
		"noir.undo.collapse": {
			EN: "Put {cards} back where they lay, opening the gaps again. The table screen shows every card in its place.",
			JA: "{cards}を元の位置に戻し、すき間を開け直す。すべてのカードの位置はテーブル画面に表示されます。"},
		"noir.undo.hand_gone":   {EN: "Inspector: take {cards} back into your hand from the removed pile.", JA: "捜査官：取り除かれたカードの山から{cards}を手札に戻す。"},
		"noir.undo.take_off":    {EN: "Put {card} back on {suspect} ({cell}).", JA: "{card}を{suspect}（{cell}）の上に戻す。"},
		"noir.undo.canvas_dead": {EN: "Take {card} back from the removed pile into the Inspector's hand.", JA: "取り除かれたカードの山から{card}を捜査官の手札に戻す。"},
	})
}
