// Package engine holds the rule types every game shares: seats, actions,
// events, the seeded random source, the message catalogue and the Game
// contract that each game package (engine/noir, …) fulfils.
//
// A game is pure: it never touches files, the network or the clock. It is
// rebuilt exactly from its configuration, its seed and the list of actions
// applied to it, which is what makes the moderator's event log, undo and
// replays possible.
//
// Typical use, for any game g:
//
//	for _, c := range g.Legal(seat) {
//		fmt.Println(c.Action) // offer these, and only these, to the seat
//	}
//	events, err := g.Apply(seat, "kill ♠7")
//	if err != nil {
//		// nothing changed; err says why, in words a player can act on
//	}
//	for _, e := range events {
//		// e.To == nil: everyone may see it; otherwise only those seats
//	}
package engine
