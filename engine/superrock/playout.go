package superrock

import "tablemaster/engine"

// Side is the attribute seat s plays for now (an Evil/Good character
// converted counts as Good), for tablemaster sim's count of wins by side;
// ok is false before the characters are dealt.
func (g *Game) Side(s engine.Seat) (a Attr, ok bool) {
	if s < 0 || int(s) >= len(g.char) || g.char[s] < 0 {
		return 0, false
	}
	return g.attr(s), true
}
