package face

import (
	"maps"

	"tablemaster/engine"
)

// Snapshot is everything a page or the console needs at one moment, taken
// under the table's lock so it is consistent. It holds only what its seat
// may see: the seat's View (or the PublicView), the seat's choices and the
// events it was told.
type Snapshot struct {
	View    any // the seat's View, or the PublicView for Public
	Choices []engine.Choice
	Feed    []FeedItem
	// Todo is what to do with the real cards now: the table instructions
	// of the last action, or after undos the instructions that put the
	// real table back, every undo since the last action in turn.
	Todo []engine.Event
	// TodoWhat names what Todo belongs to: the action's first public
	// line, or the undo notice; zero before the first action.
	TodoWhat engine.Msg
	// TodoPast are the instructions of the steps just before, newest
	// first, which the real table may not have carried out yet: a table
	// slower than its phones still reads "give the dictator marker to
	// Dai" one or two actions later (issue 27).
	TodoPast []TodoStep
	Undo     *UndoRequest
	CanUndo  bool // the seat may ask to undo the last action
	StateVer int
	Version  int
	Outcome  engine.Outcome
	Seats    []string
	// Turn marks, seat by seat, who has something to do now (public).
	Turn []bool
	// Earlier is set when Feed holds only the end of the story: a page
	// links to the whole of it.
	Earlier bool
}

// TodoStep is what one step of the game asked of the real table: an
// action's table instructions, or the instructions that put it back after
// undos.
type TodoStep struct {
	What engine.Msg // the action's first public line, or the undo notice
	Todo []engine.Event
}

// FeedItem is one line of a table's story: an event, or an undo notice.
type FeedItem struct {
	Seq    int
	Seat   engine.Seat // who acted (Public for the console)
	Event  engine.Event
	Undone bool // the action was later undone
}

// UndoRequest is an undo waiting for the seats that learned something.
// A Snapshot words What and Text for the device it is taken for.
type UndoRequest struct {
	By    engine.Seat // who asked (Public: the GM console)
	Actor engine.Seat // who took the action
	// What names the action for the device that reads it: the first event
	// of the action that device was told ("The Killer killed ♠7 (B2)."),
	// or "their last action" for a device that was told none of it, since
	// "keep ♦Q" or "drew ♥7" would tell the others a secret.
	What engine.Msg
	// Text is the whole sentence: "Aki asks to undo: The Killer killed ♠7
	// (B2)." or "The game master asks to undo Aki's last action."
	Text    engine.Msg
	Waiting []engine.Seat // seats that still have to agree
	// No tells one request from the next (the console prints each once).
	No int
}

// Page is everything a page's writer reads. It holds one Snapshot, which
// holds only what the seat may see.
type Page struct {
	Lang, Other engine.Lang
	Base        string // the link's path: "/s/TOKEN" or "/t/TOKEN"
	Seat        engine.Seat
	SeatName    string
	RoleKey     string
	Phone       bool
	Snap        Snapshot
	Flash       string
	Players     []Player
	Feed        []FeedLine // newest first
	Groups      []ChoiceGroup
	// Folded: some groups are kept folded away until the player opens
	// them (Fold).
	Folded bool
	App    HTML
	// BodyHash and BodyVersion name the app a whole page carries, so its
	// live connection starts from it.
	BodyHash    string
	BodyVersion int
}

// ChoiceGroup is choices under one heading.
type ChoiceGroup struct {
	Title   string
	Public  bool // its choices reveal nothing and depend on nothing hidden
	Fold    bool // the phone keeps it folded away (Fold)
	Choices []engine.Choice
}

// Fold marks the groups a phone keeps folded away, under "Your other
// moves (tap to show; they give away your secrets)": every group that is
// not public, on every turn, since its buttons show or act on what only
// this seat knows, and a phone lies in plain view on the table (the
// glance rule: what a page shows at rest depends only on what everyone
// may know). The only way forward is folded away too (a first kill, a
// pick from a hand, "choose your role"): the fold then opens with one
// tap, under "Your moves" (MovesKey). A choice that gives nothing away
// is marked public by its game and stays in view. Fold reports whether
// some group is folded.
func Fold(groups []ChoiceGroup, others bool) bool {
	folded := false
	for i := range groups {
		groups[i].Fold = !groups[i].Public
		folded = folded || groups[i].Fold
	}
	return folded
}

// MovesKey is the catalogue key of the fold's summary: "Your other
// moves" when the page shows another way forward (a public group, or
// elsewhere on the page: others), else "Your moves". Which one it is
// depends only on the public choices, so the summary tells nothing.
func MovesKey(groups []ChoiceGroup, others bool) string {
	for _, g := range groups {
		others = others || !g.Fold
	}
	if others {
		return "mod.moves"
	}
	return "mod.moves_all"
}

// Player is one seat as the page lists it.
type Player struct {
	Name    string
	RoleKey string
	Joined  bool
	Online  int
	Turn    bool
	Bot     bool // played by tablemaster: it has no phone
}

// FeedLine is one line of the story as a page shows it.
type FeedLine struct {
	Seq     int // the line's number in the table's story
	Text    HTML
	Private bool
	Undone  bool
	Answer  bool
}

// SameMsg reports two messages with the same key and arguments, and no
// nested sentences: the same words in any language, so a run of choices
// under one heading has it written once.
func SameMsg(a, b engine.Msg) bool {
	return a.Key == b.Key && len(a.Nested) == 0 && len(b.Nested) == 0 && maps.Equal(a.Args, b.Args)
}
