package face

import "tablemaster/engine"

// Night is what one table shows on the night sheet, beside what the core
// knows of every table (its players, whether it is over, the winners and
// the reason). It is read from the game's public view only: the sheet is
// printed for everyone, and a game still running shows only what is
// public already.
type Night struct {
	// Name is the game's name in the catalogue ("noir.name").
	Name engine.Msg
	// Status says where an unfinished game is ("in preparation"); the
	// zero Msg reads "in play".
	Status engine.Msg
	// RoleHead names what each seat's Role is ("Side", "Character"); the
	// zero Msg: the sheet has no such column.
	RoleHead engine.Msg
	// Columns head the game's own further columns (Super Rock's attribute
	// and alive or dead); each seat has a cell under each.
	Columns []engine.Msg
	Seats   []NightSeat
	// Grades is the game's scale of results, best first (Super Rock's
	// A–D, SR-43), of which the first Wins count as wins; nil for a game
	// that is simply won or lost (engine.Outcome's winners).
	Grades []string
	Wins   int
	// Note is a line printed once under the sheet when the night has a
	// game of this kind (what the grades mean); the zero Msg: none.
	Note engine.Msg
}

// NightSeat is one seat's line in a game of the night.
type NightSeat struct {
	// Role is the seat's side, role or character; nil while secret.
	Role    *engine.Msg
	Columns []engine.Msg
	// Grade is the seat's result on the Grades scale once the game is
	// over, "" before that.
	Grade string
}

// Step is one action that stands in a table's story (undone ones left
// out), in the order it was taken.
type Step struct {
	Seat   engine.Seat
	Action engine.Action
}

// Rememberer is implemented by a face whose game carries something from
// one table of the night to the next: Super Rock deals no one a character
// they played earlier that night (SR-13). Remember replays a table's
// steps on a new game and returns, per seat, the ids of what that seat
// used.
type Rememberer interface {
	Remember(g engine.Game, steps []Step) ([][]string, error)
}
