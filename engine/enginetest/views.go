package enginetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"sync"
	"testing"
	"unsafe"

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
// run are equal, so it first compares the values themselves (sameValue,
// which neither allocates a buffer nor sorts map keys): values equal
// there have the same JSON, since encoding/json writes only what it
// reaches from the value. Only values that differ (in any field, also one
// JSON leaves out), or that sameValue does not walk, are serialised, and
// then the bytes decide, exactly as comparing SeatJSON would.
func SameJSON(a, b any) (same bool, ja, jb string) {
	if va, vb := reflect.ValueOf(a), reflect.ValueOf(b); va.IsValid() && vb.IsValid() && va.Type() == vb.Type() && sameValue(va, vb, 0) {
		return true, "", ""
	}
	ja, jb = mustJSON(a), mustJSON(b)
	return ja == jb, ja, jb
}

// sameValue reports whether a and b are the same value, field by field,
// element by element, entry by entry: a stricter equality than
// reflect.DeepEqual (a float compares by its bits, so 0 and -0 differ,
// as their JSON does), and cheaper, as it keeps no record of the
// pointers it followed. It is exact where it answers true; where it would
// need more (a func, a channel, a complex number, a map reached through
// an unexported field or keyed by anything but strings and integers, a
// chain deeper than 100, which a cycle makes) it answers false and leaves
// the bytes to decide. a and b are of one type.
func sameValue(a, b reflect.Value, depth int) bool {
	if depth > 100 {
		return false
	}
	switch a.Kind() {
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return math.Float64bits(a.Float()) == math.Float64bits(b.Float())
	case reflect.String:
		return a.String() == b.String()
	case reflect.Struct:
		if a.CanAddr() && b.CanAddr() { // an element of a slice or an array, reached through a pointer
			return sameStruct(planOf(a.Type()), a, b, depth)
		}
		for i := range a.NumField() {
			if !sameValue(a.Field(i), b.Field(i), depth+1) {
				return false
			}
		}
		return true
	case reflect.Array:
		if a.Type().Elem().Kind() == reflect.Struct && a.CanAddr() && b.CanAddr() {
			return sameStructs(a, b, depth+1)
		}
		for i := range a.Len() {
			if !sameValue(a.Index(i), b.Index(i), depth+1) {
				return false
			}
		}
		return true
	case reflect.Slice:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		if a.UnsafePointer() == b.UnsafePointer() {
			return true
		}
		if a.CanInterface() && b.CanInterface() {
			switch a.Type() { // what every view is mostly made of
			case choicesType:
				return sameChoices(a.Interface().([]engine.Choice), b.Interface().([]engine.Choice), depth+1)
			case msgsType:
				return sameMsgs(a.Interface().([]engine.Msg), b.Interface().([]engine.Msg), depth+1)
			}
		}
		if a.Type().Elem().Kind() == reflect.Struct {
			return sameStructs(a, b, depth+1)
		}
		for i := range a.Len() {
			if !sameValue(a.Index(i), b.Index(i), depth+1) {
				return false
			}
		}
		return true
	case reflect.Pointer:
		if a.UnsafePointer() == b.UnsafePointer() {
			return true
		}
		if a.IsNil() || b.IsNil() {
			return false
		}
		return sameValue(a.Elem(), b.Elem(), depth+1)
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return a.Elem().Type() == b.Elem().Type() && sameValue(a.Elem(), b.Elem(), depth+1)
	case reflect.Map:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		if a.UnsafePointer() == b.UnsafePointer() {
			return true
		}
		if !a.CanInterface() || !b.CanInterface() {
			return false
		}
		switch a.Type().Key().Kind() { // keys JSON writes as they are
		case reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		default:
			return false
		}
		if ma, ok := a.Interface().(map[string]string); ok { // a message's arguments
			mb := b.Interface().(map[string]string)
			for k, va := range ma {
				if vb, ok := mb[k]; !ok || va != vb {
					return false
				}
			}
			return true
		}
		for it := a.MapRange(); it.Next(); {
			vb := b.MapIndex(it.Key())
			if !vb.IsValid() || !sameValue(it.Value(), vb, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// sameStruct is sameValue for structs a and b in memory: the fields of a
// fixed size (booleans, numbers) and the strings are compared where they
// lie, without a reflect.Value each (planOf), the others by sameValue. A
// number compares by its bytes, which is by its bits, as sameValue does.
func sameStruct(p *structPlan, a, b reflect.Value, depth int) bool {
	if depth > 100 {
		return false
	}
	pa, pb := unsafe.Pointer(a.UnsafeAddr()), unsafe.Pointer(b.UnsafeAddr())
	for _, f := range p.flat {
		x, y := unsafe.Add(pa, f.off), unsafe.Add(pb, f.off)
		switch f.size {
		case 0: // a string
			if *(*string)(x) != *(*string)(y) {
				return false
			}
		case 1:
			if *(*uint8)(x) != *(*uint8)(y) {
				return false
			}
		case 2:
			if *(*uint16)(x) != *(*uint16)(y) {
				return false
			}
		case 4:
			if *(*uint32)(x) != *(*uint32)(y) {
				return false
			}
		case 8:
			if *(*uint64)(x) != *(*uint64)(y) {
				return false
			}
		}
	}
	for _, i := range p.rest {
		if !sameValue(a.Field(i), b.Field(i), depth+1) {
			return false
		}
	}
	return true
}

// sameStructs is sameStruct for every element of slices or arrays a and
// b of one length, in memory, their elements structs of one plan.
func sameStructs(a, b reflect.Value, depth int) bool {
	p := planOf(a.Type().Elem())
	for i := range a.Len() {
		if !sameStruct(p, a.Index(i), b.Index(i), depth) {
			return false
		}
	}
	return true
}

// structPlan splits a struct type's fields: flat, those sameStruct
// compares in place (offset, and size, 0 for a string), and rest, the
// indexes of the others.
type structPlan struct {
	flat []struct{ off, size uintptr }
	rest []int
}

var plans sync.Map // reflect.Type → *structPlan

func planOf(t reflect.Type) *structPlan {
	if p, ok := plans.Load(t); ok {
		return p.(*structPlan)
	}
	p := &structPlan{}
	for i := range t.NumField() {
		f := t.Field(i)
		switch f.Type.Kind() {
		case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
			reflect.Float32, reflect.Float64:
			if sz := f.Type.Size(); sz == 1 || sz == 2 || sz == 4 || sz == 8 {
				p.flat = append(p.flat, struct{ off, size uintptr }{f.Offset, sz})
				continue
			}
		case reflect.String:
			p.flat = append(p.flat, struct{ off, size uintptr }{f.Offset, 0})
			continue
		}
		p.rest = append(p.rest, i)
	}
	plans.Store(t, p)
	return p
}

var (
	choicesType = reflect.TypeFor[[]engine.Choice]()
	msgsType    = reflect.TypeFor[[]engine.Msg]()
)

// sameChoices is sameValue for lists of choices, written out: a phone's
// choices are most of what its view holds. (TestSameJSON fails when
// engine.Choice or engine.Msg gains a field these do not compare.)
func sameChoices(a, b []engine.Choice, depth int) bool {
	if (a == nil) != (b == nil) || len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.Action != y.Action || x.Public != y.Public || x.Confirm != y.Confirm ||
			!sameMsg(&x.Group, &y.Group, depth) || !sameMsg(&x.Label, &y.Label, depth) {
			return false
		}
	}
	return true
}

func sameMsgs(a, b []engine.Msg, depth int) bool {
	if (a == nil) != (b == nil) || len(a) != len(b) {
		return false
	}
	for i := range a {
		if !sameMsg(&a[i], &b[i], depth) {
			return false
		}
	}
	return true
}

func sameMsg(a, b *engine.Msg, depth int) bool {
	if a.Key != b.Key || (a.Args == nil) != (b.Args == nil) || len(a.Args) != len(b.Args) ||
		(a.Nested == nil) != (b.Nested == nil) || len(a.Nested) != len(b.Nested) || depth > 100 {
		return false
	}
	if reflect.ValueOf(a.Args).UnsafePointer() != reflect.ValueOf(b.Args).UnsafePointer() { // not one shared map
		for k, va := range a.Args {
			if vb, ok := b.Args[k]; !ok || va != vb {
				return false
			}
		}
	}
	for k, va := range a.Nested {
		if vb, ok := b.Nested[k]; !ok || !sameMsg(&va, &vb, depth+1) {
			return false
		}
	}
	return true
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
