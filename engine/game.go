package engine

import "errors"

// Seat is a player's place at the table, counted from 0.
type Seat int

// Public stands for "no seat": the table screen and the GM console.
const Public Seat = -1

// Action is one move written in its game's notation, such as "kill ♠7" or
// "shift row 2 left". Every game decodes its own notation; the canonical
// form (what Legal offers) is what the moderator writes to its log.
type Action string

// Msg is a sentence from the message catalogue: a key and its named
// arguments. An argument whose value starts with "@" is itself a catalogue
// key and is translated too, so "@dir.left" reads "left" or "左".
type Msg struct {
	Key  string            `json:"key"`
	Args map[string]string `json:"args,omitempty"`
	// Nested are arguments that are whole sentences of their own, rendered
	// in the reader's language with their own arguments: "{by} took back:
	// {what}" quotes the undone action's own event.
	Nested map[string]Msg `json:"nested,omitempty"`
}

// With returns a copy of m whose argument name is the sentence sub.
func (m Msg) With(name string, sub Msg) Msg {
	out := Msg{Key: m.Key, Args: m.Args, Nested: make(map[string]Msg, len(m.Nested)+1)}
	for k, v := range m.Nested {
		out.Nested[k] = v
	}
	out.Nested[name] = sub
	return out
}

// M builds a Msg from a key and name/value pairs.
func M(key string, nameValues ...string) Msg {
	m := Msg{Key: key}
	if len(nameValues) > 0 {
		m.Args = make(map[string]string, len(nameValues)/2)
		for i := 0; i+1 < len(nameValues); i += 2 {
			m.Args[nameValues[i]] = nameValues[i+1]
		}
	}
	return m
}

// Choice is one legal action offered to a seat, with the words for its button.
type Choice struct {
	Action Action `json:"action"`
	// Group gathers related choices under one heading on a phone.
	Group Msg `json:"group"`
	Label Msg `json:"label"`
	// Public is true when choosing it reveals nothing and depends on nothing
	// hidden, so it may also be entered at the GM console.
	Public bool `json:"public,omitempty"`
	// Confirm asks for a second tap before the choice is taken: one that
	// is not taken back lightly ("Ben died", the game's end, an accusation
	// that loses when wrong). The button then says "Tap again to confirm".
	Confirm bool `json:"confirm,omitempty"`
}

// Event is something that happened, told to the seats that may know it.
type Event struct {
	Msg
	// To lists the seats that are told; nil means everyone (public).
	To []Seat `json:"to,omitempty"`
	// Reveal marks an event that made something hidden known to To.
	Reveal bool `json:"reveal,omitempty"`
	// Random marks an event that drew something random (a card, a die).
	Random bool `json:"random,omitempty"`
	// Table marks an instruction for the physical cards ("put a chip on ♣9").
	Table bool `json:"table,omitempty"`
}

// IsPublic reports whether every seat may see the event.
func (e Event) IsPublic() bool { return e.To == nil }

// Sees reports whether seat s is told about the event.
func (e Event) Sees(s Seat) bool {
	if e.To == nil {
		return true
	}
	for _, t := range e.To {
		if t == s {
			return true
		}
	}
	return false
}

// Outcome says whether the game is over and who won.
type Outcome struct {
	Over    bool   `json:"over"`
	Winners []Seat `json:"winners,omitempty"`
	Reason  Msg    `json:"reason"`
}

// Game is the contract every game fulfils. Views are the only things the
// moderator ever sends to a device, so a View must hold exactly what its
// seat may know and PublicView exactly what everyone may know.
type Game interface {
	// Seats is the number of players.
	Seats() int
	// Legal lists every action the seat may take now; empty when it is not
	// that seat's turn. A choice not listed here is refused by Apply. The
	// list is the caller's: a new one each call, which the game does not
	// keep (the moderator keeps it for the state's pages).
	Legal(s Seat) []Choice
	// Decode turns the notation a person typed ("kill B3", "kill S7") into
	// the canonical action, or explains why it cannot.
	Decode(s Seat, text string) (Action, error)
	// Apply checks the action and carries it out. On error nothing changed.
	Apply(s Seat, a Action) ([]Event, error)
	// View is what seat s may see, ready to be serialised.
	View(s Seat) any
	// PublicView is what everyone may see.
	PublicView() any
	// Outcome tells whether the game is over and who won.
	Outcome() Outcome
}

// ChoiceViewer is implemented by games whose View holds the seat's
// choices: ViewWithChoices(s, Legal(s)) is View(s), without computing
// Legal again when the caller has it (the moderator keeps it per state).
type ChoiceViewer interface {
	ViewWithChoices(s Seat, choices []Choice) any
}

// Resampler is implemented by games that can redraw everything hidden from
// a seat, consistently with what that seat can see. Two games that differ
// only in what is hidden from s must give s byte-identical views: the
// no-leak tests rely on it, and a bot could use it to guess.
type Resampler interface {
	Resample(s Seat, r *Rand) Game
}

// Restorer is implemented by games that can say how to put the real cards
// back when an action is undone (DESIGN.md principle 6: the physical table
// stays the truth). Restore is called on the game as it stands after the
// undo, that is as it was before the action, with the undone action, its
// seat and the events it produced. It returns the instructions in the order
// the table carries them out:
//   - public events (To nil, Table set), which may depend only on what every
//     seat saw of the action: its public events and its kind, never a
//     hidden card ("put the card you drew back on the deck");
//   - optionally events told only to the seats that saw the hidden part
//     ("put ♥7 back on the deck").
//
// An empty result means nothing on the real table changes. A game without
// Restorer gets the moderator's general instruction instead.
type Restorer interface {
	Restore(s Seat, a Action, undone []Event) []Event
}

// ErrIllegal is wrapped by every refusal of an action that the rules forbid.
var ErrIllegal = errors.New("illegal action")

// ErrNotYourTurn is wrapped when a seat acts while it has nothing to do.
var ErrNotYourTurn = errors.New("not your turn")

// ErrNotation is wrapped when an action cannot be read at all.
var ErrNotation = errors.New("unreadable action")
