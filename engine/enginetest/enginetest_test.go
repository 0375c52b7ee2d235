package enginetest_test

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/enginetest"
)

// toy is a two-seat game for testing the helpers: each seat holds a
// secret number and in turn says "up" or "down" to a public counter,
// which ends the game at ±3. The faults switch on the mistakes the
// helpers must catch.
type toy struct {
	secret  [2]int
	counter int
	turn    engine.Seat
	faults  faults
}

type faults struct {
	leak      bool // the public view shows seat 0's secret
	bothMove  bool // the seat not to move is offered a choice too
	acceptAll bool // Apply accepts any action at all
	badDecode bool // a choice does not decode to itself
}

func (g *toy) Seats() int        { return 2 }
func (g *toy) Turn() engine.Seat { return g.turn }

func (g *toy) Legal(s engine.Seat) []engine.Choice {
	if g.Outcome().Over || (s != g.turn && !g.faults.bothMove) || s < 0 || s > 1 {
		return nil
	}
	return []engine.Choice{{Action: "up"}, {Action: "down"}}
}

func (g *toy) Decode(_ engine.Seat, text string) (engine.Action, error) {
	text = strings.TrimSpace(text)
	if text != "up" && text != "down" {
		return "", engine.ErrNotation
	}
	if g.faults.badDecode {
		return engine.Action(strings.ToUpper(text)), nil
	}
	return engine.Action(text), nil
}

func (g *toy) Apply(s engine.Seat, a engine.Action) ([]engine.Event, error) {
	if !g.faults.acceptAll {
		if a != "up" && a != "down" {
			return nil, engine.ErrNotation
		}
		if s != g.turn || g.Outcome().Over {
			return nil, engine.ErrNotYourTurn
		}
	}
	if a == "up" {
		g.counter++
	} else {
		g.counter--
	}
	g.turn = 1 - g.turn
	return []engine.Event{{Msg: engine.M("toy.moved", "to", fmt.Sprint(g.counter))}}, nil
}

type view struct {
	Counter int `json:"counter"`
	Secret  int `json:"secret,omitempty"`
}

func (g *toy) View(s engine.Seat) any {
	if s != 0 && s != 1 {
		return g.PublicView()
	}
	return view{Counter: g.counter, Secret: g.secret[s]}
}

func (g *toy) PublicView() any {
	v := view{Counter: g.counter}
	if g.faults.leak {
		v.Secret = g.secret[0]
	}
	return v
}

func (g *toy) Outcome() engine.Outcome {
	return engine.Outcome{Over: g.counter >= 3 || g.counter <= -3}
}

// Resample redraws the secret of every seat but s.
func (g *toy) Resample(s engine.Seat, r *engine.Rand) engine.Game {
	h := *g
	for o := range 2 {
		if engine.Seat(o) != s {
			h.secret[o] = 1 + r.IntN(1000)
		}
	}
	return &h
}

func newToy(f faults) *toy { return &toy{secret: [2]int{7, 9}, faults: f} }

func TestNoLeak(t *testing.T) {
	r := engine.NewRand(1)
	g := newToy(faults{})
	if err := enginetest.NoLeak(g, r, enginetest.Seats(g), 3, nil); err != nil {
		t.Errorf("NoLeak(a sound game) = %v, want nil", err)
	}
	g = newToy(faults{leak: true})
	if err := enginetest.NoLeak(g, r, enginetest.Seats(g), 3, nil); err == nil {
		t.Errorf("NoLeak(a public view showing a secret) = nil, want an error")
	}
	checked := 0
	bad := fmt.Errorf("not a deal")
	err := enginetest.NoLeak(newToy(faults{}), r, []engine.Seat{1}, 2, func(s engine.Seat, h *toy) error {
		checked++
		return bad
	})
	if err == nil || !strings.Contains(err.Error(), bad.Error()) || checked != 1 {
		t.Errorf("NoLeak with a failing check = %v after %d checks, want its error after 1", err, checked)
	}
}

func TestPlayTurns(t *testing.T) {
	for _, tc := range []struct {
		f  faults
		ok bool
	}{
		{faults{}, true},
		{faults{bothMove: true}, false},
	} {
		g := newToy(tc.f)
		steps := 0
		err := enginetest.PlayTurns(g, engine.NewRand(3), 100, func([]engine.Event) error { steps++; return nil })
		if (err == nil) != tc.ok {
			t.Errorf("PlayTurns(%+v) = %v, want ok=%v", tc.f, err, tc.ok)
		}
		if tc.ok && (!g.Outcome().Over || steps == 0) {
			t.Errorf("PlayTurns(%+v) stopped after %d steps, the game not over", tc.f, steps)
		}
	}
	g := newToy(faults{})
	err := enginetest.PlayTurns(g, engine.NewRand(3), 100, func([]engine.Event) error { return fmt.Errorf("stop") })
	if err == nil || !strings.Contains(err.Error(), "step 0") {
		t.Errorf("PlayTurns with a failing each = %v, want its error at step 0", err)
	}
}

func TestStep(t *testing.T) {
	g := newToy(faults{})
	r := engine.NewRand(5)
	for i := 0; ; i++ {
		_, ok, err := enginetest.Step(g, r)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		if i > 1000 {
			t.Fatalf("Step never ran out of choices")
		}
	}
	if !g.Outcome().Over {
		t.Errorf("Step stopped before the game was over")
	}
}

func TestProbe(t *testing.T) {
	never := func(engine.Seat, string) bool { return false }
	if err := enginetest.Probe(newToy(faults{}), []engine.Seat{0, 1, 0}, []string{"sideways", "up", "\x00"}, never); err != nil {
		t.Errorf("Probe(a sound game) = %v, want nil", err)
	}
	if err := enginetest.Probe(newToy(faults{acceptAll: true}), []engine.Seat{0}, []string{"sideways"}, never); err == nil {
		t.Errorf("Probe(a game accepting anything) = nil, want an error")
	}
}

func TestChoiceChecks(t *testing.T) {
	g := newToy(faults{})
	if err := enginetest.DecodesLegal(g, 0); err != nil {
		t.Errorf("DecodesLegal = %v", err)
	}
	if err := enginetest.DecodesLegal(newToy(faults{badDecode: true}), 0); err == nil {
		t.Errorf("DecodesLegal(a choice decoding to another) = nil, want an error")
	}
	if err := enginetest.OnlyTurn(newToy(faults{bothMove: true}), 0); err == nil {
		t.Errorf("OnlyTurn(both seats offered choices) = nil, want an error")
	}
	g.counter = 3
	if err := enginetest.OverOffersNothing(g); err != nil {
		t.Errorf("OverOffersNothing = %v", err)
	}
	g.faults.bothMove = true
	g.counter = 0
	if err := enginetest.OverOffersNothing(g); err != nil {
		t.Errorf("OverOffersNothing(a game not over) = %v, want nil", err)
	}
}

func TestRefuseAndViews(t *testing.T) {
	g := newToy(faults{})
	snap := func() string { return enginetest.JSONLines(g.PublicView(), g.View(0), g.View(1)) }
	if err := enginetest.Refuse(t, g, 1, "up", engine.ErrNotYourTurn, snap); err == nil {
		t.Errorf("Refuse returned no error")
	}
	if got, want := enginetest.SeatJSON(g, engine.Public), `{"counter":0}`; got != want {
		t.Errorf("SeatJSON(Public) = %s, want %s", got, want)
	}
	if got := enginetest.Seats(g); fmt.Sprint(got) != "[-1 0 1]" {
		t.Errorf("Seats = %v, want [-1 0 1]", got)
	}
	cs := []engine.Choice{{Action: "kill A1"}, {Action: "arrest B2"}, {Action: "kill C3"}}
	if got := fmt.Sprint(enginetest.WithPrefix(cs, "kill ")); got != "[kill A1 kill C3]" {
		t.Errorf("WithPrefix = %s", got)
	}
	if got := enginetest.MsgKey(engine.ErrIllegal); got != "" {
		t.Errorf("MsgKey(a plain error) = %q, want none", got)
	}
}

func TestTold(t *testing.T) {
	for _, tc := range []struct {
		e       engine.Event
		private bool
		ok      bool
	}{
		{engine.Event{Msg: engine.M("g.ev.x")}, false, true},
		{engine.Event{Msg: engine.M("g.pv.x"), To: []engine.Seat{1}}, true, true},
		{engine.Event{Msg: engine.M("g.pv.x")}, true, false},
		{engine.Event{Msg: engine.M("g.pv.x"), To: []engine.Seat{0, 1}}, true, false},
		{engine.Event{Msg: engine.M("g.ev.x"), To: []engine.Seat{0}}, false, false},
	} {
		private, err := enginetest.Told(tc.e, "g.pv.")
		if private != tc.private || (err == nil) != tc.ok {
			t.Errorf("Told(%+v) = %v, %v; want %v, ok=%v", tc.e, private, err, tc.private, tc.ok)
		}
	}
}

func TestConfigJSON(t *testing.T) {
	type config struct {
		Deck string `json:"deck"`
	}
	enginetest.ConfigJSON(t, `{"deck":"physical"}`, config{Deck: "physical"}, true)
	enginetest.ConfigJSON(t, `{"deck":1}`, config{}, false)
}

func TestMovesAndTruncate(t *testing.T) {
	a, b := enginetest.Moves(4, 10, 5), enginetest.Moves(4, 10, 5)
	if string(a) != string(b) || len(a) < 10 || len(a) >= 15 {
		t.Errorf("Moves(4, 10, 5) = %v then %v, want the same 10 to 14 bytes", a, b)
	}
	if got := enginetest.Truncate(a, 3); len(got) != 3 {
		t.Errorf("Truncate to 3 = %v", got)
	}
	if got := enginetest.Truncate(a, 100); len(got) != len(a) {
		t.Errorf("Truncate to 100 = %v", got)
	}
}

func TestWeighted(t *testing.T) {
	cs := []engine.Choice{{Action: "a"}, {Action: "b"}, {Action: "c"}}
	r := engine.NewRand(1)
	got := map[engine.Action]int{}
	for range 3000 {
		got[enginetest.Weighted(cs, r, func(c engine.Choice) int {
			return map[engine.Action]int{"a": 1, "b": 0, "c": 2}[c.Action]
		}).Action]++
	}
	if got["b"] != 0 || got["a"] < 800 || got["a"] > 1200 || got["c"] < 1800 || got["c"] > 2200 {
		t.Errorf("Weighted 1:0:2 over 3000 picks = %v, want about 1000, 0, 2000", got)
	}
	if c := enginetest.Weighted(cs, r, func(engine.Choice) int { return 0 }); c.Action != "c" {
		t.Errorf("Weighted with every weight 0 = %v, want the last", c.Action)
	}
}

// TestSameJSON: SameJSON answers exactly what comparing the JSON does,
// both when the values are deeply equal and when they differ only where
// JSON does not look (an unexported field, an omitted one).
func TestSameJSON(t *testing.T) {
	type inner struct {
		Args map[string]string `json:"args,omitempty"`
	}
	type row struct { // compared in place, as an element of a slice
		N      int8    `json:"n"`
		S      string  `json:"s"`
		F      float32 `json:"f"`
		U      uint16  `json:"u"`
		secret bool
		L      []int `json:"l"`
	}
	type v struct {
		Rows   []row    `json:"rows,omitempty"`
		A      int      `json:"a"`
		L      []string `json:"l"`
		Hidden int      `json:"-"`
		secret int
		In     *inner          `json:"in,omitempty"`
		F      float64         `json:"f"`
		Any    any             `json:"any,omitempty"`
		Ch     []engine.Choice `json:"ch,omitempty"`
		N      map[int]string  `json:"n,omitempty"`
		B      [2]bool         `json:"b"`
	}
	choices := func(slot string) []engine.Choice {
		return []engine.Choice{{Action: "a", Group: engine.M("g")}, {Action: "b", Label: engine.M("l", "slot", slot, "x", "y")}}
	}
	shared := &inner{Args: map[string]string{"k": "1"}}
	for _, c := range []struct {
		name string
		a, b v
	}{
		{"equal", v{A: 1, L: []string{"x"}, In: &inner{Args: map[string]string{"k": "1", "j": "2"}}},
			v{A: 1, L: []string{"x"}, In: &inner{Args: map[string]string{"j": "2", "k": "1"}}}},
		{"field", v{A: 1}, v{A: 2}},
		{"nil and empty slice", v{L: nil}, v{L: []string{}}},
		{"map value", v{In: &inner{Args: map[string]string{"k": "1"}}}, v{In: &inner{Args: map[string]string{"k": "2"}}}},
		{"unexported only", v{A: 1, secret: 1}, v{A: 1, secret: 2}},
		{"json:- only", v{A: 1, Hidden: 1}, v{A: 1, Hidden: 2}},
		{"omitted empty map", v{In: &inner{}}, v{In: &inner{Args: map[string]string{}}}},
		{"one pointer", v{In: shared}, v{In: shared}},
		{"0 and -0", v{F: 0}, v{F: math.Copysign(0, -1)}},
		{"int and int64 held", v{Any: 1}, v{Any: int64(1)}},
		{"int and string held", v{Any: 1}, v{Any: "1"}},
		{"nil and nil pointer held", v{Any: nil}, v{Any: (*inner)(nil)}},
		{"choices equal", v{Ch: choices("1")}, v{Ch: choices("1")}},
		{"a choice's label argument", v{Ch: choices("1")}, v{Ch: choices("2")}},
		{"a choice's label key", v{Ch: choices("1")}, v{Ch: append(choices("1")[:1], engine.Choice{Action: "b", Label: engine.M("m", "slot", "1", "x", "y")})}},
		{"a choice's confirm", v{Ch: choices("1")}, v{Ch: append(choices("1")[:1], engine.Choice{Action: "b", Label: engine.M("l", "slot", "1", "x", "y"), Confirm: true})}},
		{"other map keys", v{In: &inner{Args: map[string]string{"k": "1"}}}, v{In: &inner{Args: map[string]string{"j": "1"}}}},
		{"other map keys, empty values", v{In: &inner{Args: map[string]string{"k": ""}}}, v{In: &inner{Args: map[string]string{"j": ""}}}},
		{"int keys", v{N: map[int]string{1: "a", 2: "b"}}, v{N: map[int]string{2: "b", 1: "a"}}},
		{"int keys differ", v{N: map[int]string{1: "a"}}, v{N: map[int]string{3: "a"}}},
		{"array", v{B: [2]bool{true, false}}, v{B: [2]bool{false, true}}},
		{"rows equal", v{Rows: []row{{N: 1, S: "a", F: 1.5, U: 7, L: []int{1}}}}, v{Rows: []row{{N: 1, S: "a", F: 1.5, U: 7, L: []int{1}}}}},
		{"a row's int8", v{Rows: []row{{N: 1}}}, v{Rows: []row{{N: 2}}}},
		{"a row's string", v{Rows: []row{{S: "a"}}}, v{Rows: []row{{S: "b"}}}},
		{"a row's 0 and -0", v{Rows: []row{{F: 0}}}, v{Rows: []row{{F: float32(math.Copysign(0, -1))}}}},
		{"a row's uint16", v{Rows: []row{{U: 1}}}, v{Rows: []row{{U: 256}}}},
		{"a row's unexported only", v{Rows: []row{{N: 1, secret: true}}}, v{Rows: []row{{N: 1}}}},
		{"a row's list", v{Rows: []row{{L: []int{1}}}}, v{Rows: []row{{L: []int{2}}}}},
	} {
		want := enginetest.JSONLines(c.a) == enginetest.JSONLines(c.b)
		same, ja, jb := enginetest.SameJSON(c.a, c.b)
		if same != want {
			t.Errorf("%s: SameJSON = %v (%s, %s), want %v", c.name, same, ja, jb, want)
		}
		if !same && (ja != strings.TrimSuffix(enginetest.JSONLines(c.a), "\n") || jb != strings.TrimSuffix(enginetest.JSONLines(c.b), "\n")) {
			t.Errorf("%s: SameJSON gave %s and %s, want the values' JSON", c.name, ja, jb)
		}
	}
}

// TestSameJSONEveryField: choices and messages, which SameJSON compares
// field by field as written out, differ whenever any one field of
// engine.Choice or engine.Msg does (as their JSON does): a field added to
// either and left out of the comparison fails here.
func TestSameJSONEveryField(t *testing.T) {
	type view struct {
		Choices []engine.Choice `json:"choices"`
		Notes   []engine.Msg    `json:"notes"`
	}
	base := func() view {
		return view{Choices: []engine.Choice{{Action: "a", Group: engine.M("g"), Label: engine.M("l", "k", "v")}},
			Notes: []engine.Msg{engine.M("n", "k", "v").With("w", engine.M("w"))}}
	}
	// change sets a field to a value it has not in base.
	change := func(f reflect.Value) {
		switch f.Kind() {
		case reflect.String:
			f.SetString(f.String() + "x")
		case reflect.Bool:
			f.SetBool(!f.Bool())
		case reflect.Map:
			m := reflect.MakeMap(f.Type())
			for it := f.MapRange(); it.Next(); {
				m.SetMapIndex(it.Key(), it.Value())
			}
			m.SetMapIndex(reflect.ValueOf("x"), reflect.Zero(f.Type().Elem()))
			f.Set(m)
		default:
			t.Fatalf("a field of kind %s: teach SameJSON's sameChoices and sameMsg, then this test", f.Kind())
		}
	}
	check := func(what string, b view) {
		t.Helper()
		a := base()
		if same, _, _ := enginetest.SameJSON(a, b); same {
			t.Errorf("SameJSON = true for views differing in %s", what)
		}
	}
	msgType := reflect.TypeFor[engine.Msg]()
	for i := range reflect.TypeFor[engine.Choice]().NumField() {
		b := base()
		f := reflect.ValueOf(&b.Choices[0]).Elem().Field(i)
		if f.Type() == msgType {
			for j := range msgType.NumField() {
				b := base()
				change(reflect.ValueOf(&b.Choices[0]).Elem().Field(i).Field(j))
				check(fmt.Sprintf("choice %s %s", f.Type().Name(), msgType.Field(j).Name), b)
			}
			continue
		}
		change(f)
		check("choice "+reflect.TypeFor[engine.Choice]().Field(i).Name, b)
	}
	for j := range msgType.NumField() {
		b := base()
		change(reflect.ValueOf(&b.Notes[0]).Elem().Field(j))
		check("note "+msgType.Field(j).Name, b)
	}
	b := base()
	b.Notes[0].Nested["w"] = engine.M("w", "k", "v")
	check("a nested message's argument", b)
	if same, _, _ := enginetest.SameJSON(base(), base()); !same {
		t.Errorf("SameJSON = false for equal views")
	}
}
