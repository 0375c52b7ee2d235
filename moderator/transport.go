package moderator

import (
	"tablemaster/engine"
)

// The transport's limits on a posted action derive from what the table
// offers, so that nothing a phone is offered is ever refused before the
// game sees it (DESIGN.md principle 2): a Japanese name of 25 characters
// is 75 bytes, more than a fixed 64-byte limit allowed.
const (
	// minActionBound is the bound when the seat is offered nothing longer.
	minActionBound = 64
	// actionSlack is what an action holds beside one player's name: a
	// verb, a card, a square ("accuse ", "identity ", "own … won").
	actionSlack = 64
	// formSlack is a form's room beside its action: the version and the
	// field names, with room to spare for what a browser adds.
	formSlack = 4096
)

// offers is seat s's choices and the state version they belong to, read
// together.
func (t *Table) offers(s engine.Seat) ([]engine.Choice, int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.legalLocked(s), t.stateVer
}

// actionBound is the longest action a seat's post may carry: the longest
// it is offered now, and at least what any action naming one of the
// table's players needs (an action names at most one player), so that an
// action offered on a page that has since gone out of date still reaches
// the game, which answers "out of date".
func actionBound(t *Table, choices []engine.Choice) int {
	n := minActionBound
	for _, name := range t.hdr.Seats {
		n = max(n, len(name)+actionSlack)
	}
	for _, c := range choices {
		n = max(n, len(c.Action))
	}
	return n
}

// formLimit is the largest form body read for an action of at most bound
// bytes: URL-encoding writes a byte as at most three ("%E3").
func formLimit(bound int) int64 {
	return int64(formSlack + 3*bound)
}

// tooLong tells junk from an action: an action longer than bound is
// refused by the transport only when it is not offered and the post is
// for the current state. A post from an out-of-date page goes on to the
// game, which answers "out of date" whatever the action.
func tooLong(action string, bound int, offered bool, ver, cur int) bool {
	return len(action) > bound && !offered && ver == cur
}
