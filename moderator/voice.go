package moderator

import (
	"encoding/json"

	"tablemaster/engine"
)

// sayWords is how the table screen's voice reads the signs its page
// writes, in l, as the JSON its script reads (layout.templ, #tm-say): "#"
// is a circled number's words with {n}, each suit the words of a card with
// {r}, each rank letter its word. Written into the page's frame once, it
// costs the live updates nothing.
func sayWords(l engine.Lang) string {
	w := map[string]string{
		"#": l.Raw("mod.say.no"),
		"♠": l.Raw("mod.say.spade"),
		"♥": l.Raw("mod.say.heart"),
		"♦": l.Raw("mod.say.diamond"),
		"♣": l.Raw("mod.say.club"),
		"A": l.Raw("mod.say.ace"),
		"J": l.Raw("mod.say.jack"),
		"Q": l.Raw("mod.say.queen"),
		"K": l.Raw("mod.say.king"),
	}
	b, err := json.Marshal(w)
	if err != nil {
		panic(err) // a map of strings always marshals
	}
	return string(b)
}
