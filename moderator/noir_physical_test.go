package moderator

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/noir"
)

// NC-4 with a physical deck: Ben (the Inspector) enters Aki's identity card
// ♥7 as drawn. Over the real table: the entry is accepted, Ben's phone and
// the table screen are byte for byte what they would be had ♥7 been in the
// deck, Aki's phone alone says so and offers to show the card; undo (with
// Aki's agreement, as for every draw) puts it right, and a resumed table
// holds the same dispute.
func TestNoirPhysicalBadEntry(t *testing.T) {
	cfg := noir.Config{Deck: noir.Physical}
	page := func(tb *Table, s engine.Seat) string {
		var b bytes.Buffer
		if err := renderPage(&b, tb, s, engine.EN, "", "/x"); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	// Two tables alike but for Aki's identity: ♥7 (the entry is bad) or ♥8.
	_, bad := newTestTable(t, cfg, 1)
	_, good := newTestTable(t, cfg, 1)
	for _, p := range []struct {
		tb       *Table
		identity string
	}{{bad, "♥7"}, {good, "♥8"}} {
		mustAct(t, p.tb, noir.Killer, "drew "+p.identity)
		mustAct(t, p.tb, noir.Killer, "kill ♠3")
		mustAct(t, p.tb, noir.Inspector, "drew ♥7")
	}
	for _, s := range []engine.Seat{noir.Inspector, engine.Public} {
		// The pages name the tables' tokens and the seats' links; those
		// differ between two tables and are no secret of the game.
		strip := func(tb *Table, p string) string {
			h := tb.Header()
			for _, tok := range append([]string{h.TableToken, h.ID}, h.Tokens...) {
				p = strings.ReplaceAll(p, tok, "TOKEN")
			}
			return p
		}
		if a, b := strip(bad, page(bad, s)), strip(good, page(good, s)); a != b {
			t.Errorf("seat %d's page tells a bad entry from a true one:\n%s", s, firstDiff(a, b))
		}
	}
	if p := page(bad, noir.Killer); !strings.Contains(p, "♥7 is your identity card") {
		t.Errorf("the Killer's page does not say that ♥7 was entered by mistake")
	}
	// Undo: Ben asks, Aki agrees, Ben enters the card he really drew.
	done, err := bad.RequestUndo(noir.Inspector)
	if err != nil || done {
		t.Fatalf("RequestUndo = %v, %v, want a request waiting for Aki", done, err)
	}
	if done, err := bad.ConfirmUndo(noir.Killer, true); err != nil || !done {
		t.Fatalf("ConfirmUndo = %v, %v, want the undo done", done, err)
	}
	for _, a := range []string{"drew ♥9", "drew ♦Q", "drew ♦9", "drew ♦10", "keep ♦Q"} {
		mustAct(t, bad, noir.Inspector, a)
	}
	if got := bad.Legal(noir.Killer); len(got) < 2 {
		t.Errorf("Legal(Killer) = %v after the undo, want the normal choices", got)
	}
	// Resume: a table whose log holds a bad entry comes back with the
	// dispute as the Killer's one move.
	for _, a := range []string{"drew ♦Q", "drew ♦9", "drew ♦10", "keep ♦Q"} {
		mustAct(t, good, noir.Inspector, a)
	}
	st3, third := newTestTable(t, cfg, 1)
	for _, a := range []struct {
		s engine.Seat
		a string
	}{{noir.Killer, "drew ♥7"}, {noir.Killer, "kill ♠3"}, {noir.Inspector, "drew ♥7"}, {noir.Inspector, "drew ♦Q"},
		{noir.Inspector, "drew ♦9"}, {noir.Inspector, "drew ♦10"}, {noir.Inspector, "keep ♦Q"}} {
		mustAct(t, third, a.s, a.a)
	}
	id := third.ID()
	dir := st3.Dir()
	third.Close()
	st2, err := NewStore(dir, fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	defer st2.Close()
	tb2, _, err := st2.Open(id)
	if err != nil {
		t.Fatal(err)
	}
	var acts []string
	for _, c := range tb2.Legal(noir.Killer) {
		acts = append(acts, string(c.Action))
	}
	if !reflect.DeepEqual(acts, []string{"dispute ♥7"}) {
		t.Fatalf("resumed Legal(Killer) = %v, want [dispute ♥7]", acts)
	}
	mustAct(t, tb2, noir.Killer, "dispute ♥7")
	if o := tb2.Snapshot(engine.Public).Outcome; !o.Over || o.Winners[0] != noir.Killer {
		t.Errorf("Outcome = %+v, want the Killer winning", o)
	}
	if p := page(tb2, engine.Public); !strings.Contains(p, "The Killer shows ♥7") {
		t.Errorf("the table screen does not show the dispute")
	}
}
