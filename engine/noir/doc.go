// Package noir implements the rules of Noir: Killer vs Inspector, the
// variant played with one ordinary deck of playing cards (rules/noir.md,
// NG and NC). The grid part (Grid, Shift) is shared with the Automata
// variant.
//
// Seat 0 is the Killer, seat 1 the Inspector. Actions are written in a
// small notation that is also the GM console's:
//
//	draw                  draw (virtual deck: the identity, the four cards)
//	drew ♥7               the card drawn from a physical deck
//	kill ♠7 | kill B3     kill a neighbour of the identity
//	shift row 2 left      shift a row (left/right) or a column (up/down)
//	disguise              draw a card to disguise
//	arrest ♣9             arrest the own identity or a living neighbour
//	clear | clear ♦9      draw, then choose the card that clears a suspect
//	citizen ♦9 | point B2 citizen's arrest: show a card, then point
//	keep ♦9               keep one of the four setup cards as identity
//
// Example:
//
//	g := noir.New(noir.Config{}, 42)
//	g.Apply(noir.Killer, "draw")
//	for _, c := range g.Legal(noir.Killer) {
//		fmt.Println(c.Action) // kill ♠2, kill ♠7, …
//	}
package noir
