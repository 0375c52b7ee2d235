package moderator

import (
	"errors"
	"os"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/noir"
)

// setup plays the opening of seed 42: Killer ♠Q at B3 kills ♠7, the
// Inspector draws four and keeps one.
func setup(t *testing.T, tb *Table) {
	t.Helper()
	mustAct(t, tb, noir.Killer, "draw")
	mustAct(t, tb, noir.Killer, "kill B2")
	mustAct(t, tb, noir.Inspector, "draw")
	mustAct(t, tb, noir.Inspector, string(tb.Legal(noir.Inspector)[0].Action))
}

func TestUndoFreeShiftByActor(t *testing.T) {
	_, tb := newTestTable(t, noir.Config{}, 42)
	setup(t, tb)
	before := tb.Snapshot(engine.Public).View
	mustAct(t, tb, noir.Killer, "shift row 1 left")
	if _, err := tb.RequestUndo(noir.Inspector); !errors.Is(err, ErrNotActor) {
		t.Fatalf("RequestUndo(Inspector) = %v, want ErrNotActor", err)
	}
	done, err := tb.RequestUndo(noir.Killer)
	if err != nil || !done {
		t.Fatalf("RequestUndo(Killer) = %v, %v; want done", done, err)
	}
	if after := tb.Snapshot(engine.Public).View; !sameJSON(before, after) {
		t.Fatalf("undo did not restore the position")
	}
	if tb.Snapshot(engine.Public).Undo != nil {
		t.Fatal("a free undo left a request behind")
	}
}

func TestUndoConsoleShift(t *testing.T) {
	_, tb := newTestTable(t, noir.Config{}, 42)
	setup(t, tb)
	mustAct(t, tb, noir.Killer, "shift col A up")
	done, err := tb.RequestUndo(engine.Public)
	if err != nil || !done {
		t.Fatalf("console undo of a shift = %v, %v; want done at once", done, err)
	}
}

func TestUndoAfterDrawNeedsConsent(t *testing.T) {
	_, tb := newTestTable(t, noir.Config{}, 42)
	setup(t, tb)
	mustAct(t, tb, noir.Killer, "disguise") // draws a card: random
	done, err := tb.RequestUndo(noir.Killer)
	if err != nil || done {
		t.Fatalf("RequestUndo after a draw = %v, %v; want a waiting request", done, err)
	}
	u := tb.Snapshot(noir.Inspector).Undo
	if u == nil || len(u.Waiting) != 1 || u.Waiting[0] != noir.Inspector {
		t.Fatalf("waiting = %+v, want the Inspector", u)
	}
	if _, err := tb.ConfirmUndo(noir.Killer, true); !errors.Is(err, ErrNoRequest) {
		t.Fatalf("the requester confirming = %v, want ErrNoRequest", err)
	}
	// A refusal cancels.
	if done, err := tb.ConfirmUndo(noir.Inspector, false); err != nil || done {
		t.Fatalf("refuse = %v, %v", done, err)
	}
	if tb.Snapshot(engine.Public).Undo != nil {
		t.Fatal("refused request still waiting")
	}
	// Ask again and agree.
	tb.RequestUndo(noir.Killer)
	if done, err := tb.ConfirmUndo(noir.Inspector, true); err != nil || !done {
		t.Fatalf("agree = %v, %v; want done", done, err)
	}
	if got := tb.Legal(noir.Killer); len(got) == 0 {
		t.Fatal("after the undo it should be the Killer's turn again")
	}
}

func TestUndoLogKeepsBoth(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	setup(t, tb)
	mustAct(t, tb, noir.Killer, "shift row 1 left")
	tb.RequestUndo(noir.Killer)
	mustAct(t, tb, noir.Killer, "shift row 1 right")
	id := tb.ID()
	tb.Close()
	f, err := os.Open(st.LogPath(id))
	if err != nil {
		t.Fatal(err)
	}
	res, err := ReadLog(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, r := range res.Records {
		kinds = append(kinds, r.Type)
	}
	want := "table act act act act act undo act"
	if got := join(kinds); got != want {
		t.Fatalf("log records = %q, want %q", got, want)
	}
	// Reloading gives the same state.
	st2, _ := NewStore(st.Dir(), fixedClock)
	tb2, _, err := st2.Open(id)
	if err != nil {
		t.Fatal(err)
	}
	defer tb2.Close()
	for _, s := range []engine.Seat{engine.Public, noir.Killer, noir.Inspector} {
		if !sameJSON(tb.Snapshot(s).View, tb2.Snapshot(s).View) {
			t.Errorf("seat %d: reloaded view differs", s)
		}
	}
}

func TestStaleAndConcurrentActions(t *testing.T) {
	_, tb := newTestTable(t, noir.Config{}, 42)
	setup(t, tb)
	v := tb.Snapshot(noir.Killer).StateVer
	results := make(chan error, 2)
	for _, a := range []string{"shift row 1 left", "shift row 2 left"} {
		go func(a string) {
			_, err := tb.Act(noir.Killer, a, v)
			results <- err
		}(a)
	}
	var ok, stale int
	for range 2 {
		switch err := <-results; {
		case err == nil:
			ok++
		case errors.Is(err, ErrStale):
			stale++
		default:
			t.Fatalf("unexpected %v", err)
		}
	}
	if ok != 1 || stale != 1 {
		t.Fatalf("ok=%d stale=%d, want exactly one winner", ok, stale)
	}
}

func TestRelinkRevokesOldLink(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	old := tb.Header().Tokens[1]
	nw, err := tb.Relink(1)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, ok := st.BySeatToken(old); ok {
		t.Fatal("old link still works")
	}
	if _, s, ok := st.BySeatToken(nw); !ok || s != 1 {
		t.Fatal("new link does not work")
	}
}

func join(xs []string) string {
	out := ""
	for i, x := range xs {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out
}

// An undo notice and request must not name a private action: "keep ♦Q"
// would tell the Killer the Inspector's identity.
func TestUndoNeverNamesAPrivateAction(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	h := NewServer(st, engine.EN).Handler()
	mustAct(t, tb, noir.Killer, "draw")
	mustAct(t, tb, noir.Killer, "kill B2")
	mustAct(t, tb, noir.Inspector, "draw")
	keep := string(tb.Legal(noir.Inspector)[0].Action) // "keep ♥A"
	mustAct(t, tb, noir.Inspector, keep)
	if done, err := tb.RequestUndo(noir.Inspector); err != nil || !done {
		t.Fatalf("RequestUndo = %v, %v", done, err)
	}
	card := strings.TrimPrefix(keep, "keep ")
	for _, p := range []string{"/s/" + tb.Header().Tokens[0], "/t/" + tb.Header().TableToken} {
		if body := do(t, h, "GET", p, nil).Body.String(); strings.Contains(body, card) {
			t.Fatalf("%s shows the undone %q", p, keep)
		}
	}
}
