package noir

import "tablemaster/engine"

// The actions as words, for the refusal that names one (noir.err.wrong_action):
// "今はkillできません" mixed the notation's English verb into Japanese.
func init() {
	engine.Register(map[string]engine.Text{
		"noir.verb.draw":     {EN: "drawing a card", JA: "カードを引くこと"},
		"noir.verb.drew":     {EN: "entering a drawn card", JA: "引いたカードの入力"},
		"noir.verb.keep":     {EN: "choosing your identity", JA: "正体の選択"},
		"noir.verb.kill":     {EN: "a kill", JA: "殺害"},
		"noir.verb.shift":    {EN: "a shift", JA: "移動（行または列をずらすこと）"},
		"noir.verb.disguise": {EN: "a disguise", JA: "変装"},
		"noir.verb.arrest":   {EN: "an arrest", JA: "逮捕"},
		"noir.verb.clear":    {EN: "clearing a suspect", JA: "疑いを晴らすこと"},
		"noir.verb.citizen":  {EN: "a citizen's arrest", JA: "市民逮捕"},
		"noir.verb.point":    {EN: "pointing at a suspect", JA: "容疑者を指さすこと"},
		"noir.verb.dispute":  {EN: "showing a card that was entered as drawn", JA: "引いたと入力されたカードを見せること"},
	})
}
