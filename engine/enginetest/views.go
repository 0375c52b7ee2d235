package enginetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"tablemaster/engine"
)

// SeatJSON is what seat s is shown, serialised: its View, or the
// PublicView for engine.Public. It panics if a view cannot be marshalled,
// which no device could then be sent either.
func SeatJSON(g engine.Game, s engine.Seat) string {
	return mustJSON(SeatView(g, s))
}

// SeatView is what seat s is shown, before it is serialised: its View, or
// the PublicView for engine.Public.
func SeatView(g engine.Game, s engine.Seat) any {
	if s == engine.Public {
		return g.PublicView()
	}
	return g.View(s)
}

func mustJSON(v any) string {
	j, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(j)
}

// SameJSON reports whether a and b serialise to the same bytes, and if
// not returns both serialisations. Most views compared in a long property
// run are equal, so it first compares the values themselves
// (reflect.DeepEqual, which neither allocates a buffer nor sorts map
// keys): values deeply equal have the same JSON, since encoding/json
// writes only what it reaches from the value. Only values that differ
// (in any field, also one JSON leaves out) are serialised, and then the
// bytes decide, exactly as comparing SeatJSON would.
func SameJSON(a, b any) (same bool, ja, jb string) {
	if reflect.DeepEqual(a, b) {
		return true, "", ""
	}
	ja, jb = mustJSON(a), mustJSON(b)
	return ja == jb, ja, jb
}

// Seats lists engine.Public (the table screen) and then every seat of g:
// everyone a view is made for.
func Seats(g engine.Game) []engine.Seat {
	out := make([]engine.Seat, 0, g.Seats()+1)
	out = append(out, engine.Public)
	for s := range g.Seats() {
		out = append(out, engine.Seat(s))
	}
	return out
}

// Actions lists the actions of the choices.
func Actions(cs []engine.Choice) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = string(c.Action)
	}
	return out
}

// WithPrefix keeps the actions of the choices that start with prefix.
func WithPrefix(cs []engine.Choice, prefix string) []string {
	var out []string
	for _, c := range cs {
		if strings.HasPrefix(string(c.Action), prefix) {
			out = append(out, string(c.Action))
		}
	}
	return out
}

// MsgKey is the catalogue key of a refusal (an *engine.MsgError), or "".
func MsgKey(err error) string {
	var me *engine.MsgError
	if errors.As(err, &me) {
		return me.Msg.Key
	}
	return ""
}

// Refuse applies action a for seat s, which must fail with kind, without
// events, and leave snapshot's answer unchanged (snapshot serialises
// everything any device could be shown, and the state behind it). It
// returns the refusal.
func Refuse(t testing.TB, g engine.Game, s engine.Seat, a string, kind error, snapshot func() string) error {
	t.Helper()
	before := snapshot()
	ev, err := g.Apply(s, engine.Action(a))
	if !errors.Is(err, kind) {
		t.Fatalf("Apply(%d, %q) = %v, %v, want %v", s, a, ev, err, kind)
	}
	if ev != nil {
		t.Errorf("Apply(%d, %q) = %v, %v, want no events with the error", s, a, ev, err)
	}
	if after := snapshot(); after != before {
		t.Errorf("Apply(%d, %q) = %v changed the game:\nbefore %s\nafter  %s", s, a, err, before, after)
	}
	return err
}

// DecodesLegal checks that every choice Legal offers seat s decodes to
// itself: what a phone's button sends is what a person may type.
func DecodesLegal(g engine.Game, s engine.Seat) error {
	return DecodesChoices(g, s, g.Legal(s))
}

// DecodesChoices is DecodesLegal for choices cs, which the caller got
// from Legal(s) already.
func DecodesChoices(g engine.Game, s engine.Seat, cs []engine.Choice) error {
	for _, c := range cs {
		a, err := g.Decode(s, string(c.Action))
		if err != nil || a != c.Action {
			return fmt.Errorf("Decode(%d, %q) = %q, %v, want %q", s, c.Action, a, err, c.Action)
		}
	}
	return nil
}

// OnlyTurn checks, for a game in which one seat acts at a time, that no
// seat but turn is offered anything.
func OnlyTurn(g engine.Game, turn engine.Seat) error {
	for s := range g.Seats() {
		if o := engine.Seat(s); o != turn {
			if cs := g.Legal(o); len(cs) != 0 {
				return fmt.Errorf("seat %d, not to move, is offered %v", o, Actions(cs))
			}
		}
	}
	return nil
}

// OverOffersNothing checks that a game that is over offers no seat
// anything.
func OverOffersNothing(g engine.Game) error {
	if !g.Outcome().Over {
		return nil
	}
	for s := range g.Seats() {
		if cs := g.Legal(engine.Seat(s)); len(cs) != 0 {
			return fmt.Errorf("game over, but seat %d is offered %v", s, Actions(cs))
		}
	}
	return nil
}

// JSONLines serialises each value as JSON on a line of its own: the
// snapshot a refusal must leave unchanged is built of it. It panics if a
// value cannot be marshalled.
func JSONLines(vs ...any) string {
	var b strings.Builder
	for _, v := range vs {
		j, err := json.Marshal(v)
		if err != nil {
			panic(err)
		}
		b.Write(j)
		b.WriteByte('\n')
	}
	return b.String()
}

// Told checks whom an event is told: one whose key starts with
// privatePrefix (a private line, such as "noir.pv.") goes to exactly one
// seat, any other to everyone. It reports whether e is private.
func Told(e engine.Event, privatePrefix string) (private bool, err error) {
	if strings.HasPrefix(e.Key, privatePrefix) {
		if len(e.To) != 1 {
			return true, fmt.Errorf("private event %s told to %v", e.Key, e.To)
		}
		return true, nil
	}
	if !e.IsPublic() {
		return false, fmt.Errorf("event %s is neither public nor private (to %v)", e.Key, e.To)
	}
	return false, nil
}
