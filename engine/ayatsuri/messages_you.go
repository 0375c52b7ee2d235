package ayatsuri

import "tablemaster/engine"

// The status as the mover's own phone says it, in the second person and
// once (issue 27): "ay.you.X" is "ay.st.X" for the seat whose move it is,
// with the same arguments. The other phones and the table screen read
// "ay.st.X".
func init() {
	engine.Register(map[string]engine.Text{
		"ay.you.pick":      {EN: "Your turn: choose a role.", JA: "あなたの番：役割を選んでください。"},
		"ay.you.pass":      {EN: "Your turn: pass the rest of the roles to the left.", JA: "あなたの番：残りの役割カードを左隣へ渡してください。"},
		"ay.you.bomb_call": {EN: "Your turn: you may call out the Bomb Girl before ⓪ is called.", JA: "あなたの番：⓪を呼ぶ前に、自爆娘の殺害を宣言できます。"},
		"ay.you.reveal":    {EN: "Your turn: {mark} {role} is called — reveal yourself.", JA: "あなたの番：{mark} {role}が呼ばれました。正体を現してください。"},
		"ay.you.ability":   {EN: "Your turn: use the ability of {mark} {role}.", JA: "あなたの番：{mark} {role}の能力を使ってください。"},
		"ay.you.bomb_pass": {EN: "Your turn: hand the Bomb Girl card on.", JA: "あなたの番：自爆娘のカードを渡してください。"},
		"ay.you.toss":      {EN: "Your turn: toss a life chip and enter the side it shows.", JA: "あなたの番：ライフチップをトスし、出た面を入力してください。"},
		"ay.you.fee_pay":   {EN: "Your turn: choose a chip to pay {det}.", JA: "あなたの番：{det}さんに支払うチップを選んでください。"},
		"ay.you.fee_take":  {EN: "Your turn: you keep {chip} from {payer} — which side up?", JA: "あなたの番：{payer}さんから{chip}を受け取ります。どちらの面にしますか？"},
		"ay.you.serial":    {EN: "Your turn: nobody was killed — as the Serial Killer, name {n} to kill.", JA: "あなたの番：誰も殺害されていません。殺人鬼として{n}人を指名してください。"},
	})
}
