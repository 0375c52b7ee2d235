package noir

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"tablemaster/engine"
)

// seen is what seat s can observe after an action: its own view, the
// public view, the events it is told, and the seats that must agree to undo
// the action (the moderator shows who it waits for). Principle 1: it must
// not depend on anything hidden from s.
func seen(g *Game, s engine.Seat, evs []engine.Event, err error) string {
	var told []engine.Event
	learners := map[engine.Seat]bool{}
	for _, e := range evs {
		if e.Sees(s) {
			told = append(told, e)
		}
		if e.Reveal || e.Random {
			for _, t := range []engine.Seat{Killer, Inspector} {
				learners[t] = learners[t] || e.Sees(t)
			}
		}
	}
	j, _ := json.Marshal([]any{seatJSON(g, s), seatJSON(g, engine.Public), told, learners, fmt.Sprint(err)})
	return string(j)
}

// NC-4 (physical deck), NC-6, NC-13, NC-8: whatever card a seat enters as
// drawn, what it sees afterwards is the same whether that card lay in the
// deck or is the other seat's hidden card. The test enters every offered
// card in the real game and in games where everything hidden from the seat
// was redrawn (engine.Resampler), so the Killer's identity is the entered
// card in some and not in others; every byte the seat sees must agree.
// On the old engine, entering the Killer's identity card was refused ("not
// in the deck") and every other card accepted, so probing named the Killer.
func TestNC4EntryTellsNothing(t *testing.T) {
	entries := map[engine.Seat]int{}
	bad := map[engine.Seat]int{}
	for seed := uint64(0); seed < 12; seed++ {
		cfg := Config{Deck: Physical, Layout: Layout(seed % 2), Kings: seed%3 == 0, ShiftRule: ShiftRule(seed % 2)}
		g := New(cfg, seed)
		r := engine.NewRand(seed + 77)
		for step := 0; step < 400 && !g.outcome.Over; step++ {
			s := g.Turn()
			ch := g.Legal(s)
			if g.phase != KillerIdentity && len(withPrefix(ch, "drew ")) > 0 {
				alts := []*Game{g}
				for k := 0; k < 6; k++ {
					alts = append(alts, g.Resample(s, r).(*Game))
				}
				for _, a := range withPrefix(ch, "drew ") {
					var want string
					for i, h := range alts {
						h = h.Clone()
						if i > 0 && !reflect.DeepEqual(actions(h.Legal(s)), actions(ch)) {
							t.Fatalf("seed %d: Legal(%d) differs after Resample", seed, s)
						}
						wasBad := !contains(h.deck, id(t, strings.TrimPrefix(a, "drew "), cfg.Kings))
						evs, err := h.Apply(s, engine.Action(a))
						if err != nil {
							t.Fatalf("seed %d: Apply(%v) = %v, want nil: every offered card is accepted", seed, a, err)
						}
						got := seen(h, s, evs, err)
						if i == 0 {
							want = got
							entries[s]++
							if wasBad {
								bad[s]++
							}
						} else if got != want {
							t.Fatalf("seed %d: after Apply(%v), seat %d sees something that depends on the other seat's cards:\n%s\n%s",
								seed, a, s, want, got)
						}
					}
				}
			}
			// Move on with a mostly honest choice, so that games get long.
			c := ch[r.IntN(len(ch))]
			if c.Group.Key == "noir.g.drew" {
				for _, try := range ch {
					if try.Group.Key == "noir.g.drew" && r.IntN(3) == 0 &&
						contains(g.deck, id(t, strings.TrimPrefix(string(try.Action), "drew "), cfg.Kings)) {
						c = try
						break
					}
				}
			}
			if _, err := g.Apply(s, c.Action); err != nil {
				t.Fatalf("seed %d: Apply(%v) = %v", seed, c.Action, err)
			}
		}
	}
	for _, s := range []engine.Seat{Killer, Inspector} {
		if bad[s] == 0 {
			t.Errorf("seat %d entered %d cards, none of them the other seat's: the test checked nothing", s, entries[s])
		}
		t.Logf("seat %d: %d entries checked, %d of them naming the other seat's card", s, entries[s], bad[s])
	}
}

// NC-4, NC-6: the Inspector enters the Killer's identity card among the
// four at setup. The entry stands; only the Killer is told, and on the
// Killer's turn showing the card is the Killer's one move, which ends the
// game: the Inspector made an impossible entry (Decision).
func TestNC4PhysicalBadEntryByInspector(t *testing.T) {
	g := New(physical, 1)
	play(t, g, "drew ♥7", "kill ♠3")
	evs := play(t, g, "drew ♥7")
	if e, ok := find(evs, "noir.pv.bad_entry.killer"); !ok || !reflect.DeepEqual(e.To, []engine.Seat{Killer}) ||
		e.Args["card"] != "♥7" {
		t.Errorf("Apply(drew ♥7) = %v, want noir.pv.bad_entry.killer told to the Killer only", evs)
	}
	if pub(g).Deck != 23 {
		t.Errorf("deck %d after two entries, want 23", pub(g).Deck)
	}
	if got := withPrefix(g.Legal(Inspector), "drew ♥7"); len(got) != 0 {
		t.Errorf("Legal(Inspector) = %v after entering ♥7, want ♥7 no longer offered", got)
	}
	play(t, g, "drew ♦Q", "drew ♦9", "drew ♦10", "keep ♦Q")
	if got := actions(g.Legal(Killer)); !reflect.DeepEqual(got, []string{"dispute ♥7"}) {
		t.Fatalf("Legal(Killer) = %v, want [dispute ♥7]", got)
	}
	if err := refuse(t, g, Killer, "shift row 1 left", engine.ErrIllegal); msgKey(err) != "noir.err.dispute_first" {
		t.Errorf("Apply(shift) = %v, want noir.err.dispute_first", err)
	}
	evs = play(t, g, "dispute ♥7")
	e, ok := find(evs, "noir.ev.bad_entry.killer")
	if !ok || !e.IsPublic() || e.Args["card"] != "♥7" || e.Args["turn"] != "2" {
		t.Errorf("Apply(dispute ♥7) = %v, want a public noir.ev.bad_entry.killer naming ♥7 and turn 2", evs)
	}
	if _, ok := find(evs, "noir.do.show_card"); !ok {
		t.Errorf("Apply(dispute ♥7) = %v, want the table told to turn the card face up", evs)
	}
	o := g.Outcome()
	if !o.Over || !reflect.DeepEqual(o.Winners, []engine.Seat{Killer}) || o.Reason.Key != "noir.win.bad_entry.killer" {
		t.Errorf("Outcome = %+v, want the Killer winning by noir.win.bad_entry.killer", o)
	}
	if _, ok := find(evs, "noir.ev.reveal"); !ok { // NC-17
		t.Errorf("Apply(dispute ♥7) = %v, want both identities revealed", evs)
	}
	if err := invariants(g); err != nil {
		t.Error(err)
	}
}

// NC-4, NC-13: the same during a Clear: the Inspector may still choose
// the card, the Killer's turn then holds only the dispute.
func TestNC13PhysicalBadEntryWhileClearing(t *testing.T) {
	g := standard(t, physical)
	play(t, g, "kill ♠2", "clear", "drew ♥7", "clear ♥7")
	if got := actions(g.Legal(Killer)); !reflect.DeepEqual(got, []string{"dispute ♥7"}) {
		t.Fatalf("Legal(Killer) = %v, want [dispute ♥7]", got)
	}
	if err := invariants(g); err != nil {
		t.Fatal(err)
	}
	play(t, g, "dispute ♥7")
	if o := g.Outcome(); !o.Over || o.Winners[0] != Killer {
		t.Errorf("Outcome = %+v, want the Killer winning", o)
	}
}

// NC-4, NC-8: the Killer can no more probe the Inspector's cards with a
// disguise draw: entering the Inspector's identity or a hand card is
// accepted like any draw, and the Inspector's next move shows it.
func TestNC8PhysicalBadEntryByKiller(t *testing.T) {
	for _, tc := range []struct{ card, suspect string }{{"♦Q", "♣Q"}, {"♦9", "♣9"}} {
		t.Run(tc.card, func(t *testing.T) {
			g := standard(t, physical)
			evs := play(t, g, "disguise", "drew "+tc.card)
			if _, ok := find(evs, "noir.ev.disguise_ok"); !ok {
				t.Errorf("Apply(drew %s) = %v, want the disguise to succeed as for any living suspect", tc.card, evs)
			}
			if e, ok := find(evs, "noir.pv.bad_entry.inspector"); !ok || !reflect.DeepEqual(e.To, []engine.Seat{Inspector}) {
				t.Errorf("Apply(drew %s) = %v, want noir.pv.bad_entry.inspector told to the Inspector only", tc.card, evs)
			}
			if id := view(g, Killer).Identity; id == nil || id.Suspect != tc.suspect {
				t.Errorf("Killer's identity = %+v, want %s as entered", id, tc.suspect)
			}
			if got := actions(g.Legal(Inspector)); !reflect.DeepEqual(got, []string{"dispute " + tc.card}) {
				t.Fatalf("Legal(Inspector) = %v, want [dispute %s]", got, tc.card)
			}
			if err := invariants(g); err != nil {
				t.Fatal(err)
			}
			r := engine.NewRand(3)
			if err := noLeak(g, r, 20); err != nil {
				t.Fatal(err)
			}
			play(t, g, "dispute "+tc.card)
			if o := g.Outcome(); !o.Over || o.Winners[0] != Inspector || o.Reason.Key != "noir.win.bad_entry.inspector" {
				t.Errorf("Outcome = %+v, want the Inspector winning by noir.win.bad_entry.inspector", o)
			}
		})
	}
}

// NC-4: a card the seat itself knows to be out of the deck (its own, or
// one lying on the table) is neither offered nor accepted; that refusal
// tells it nothing it did not know.
func TestNC4OwnCardsRefused(t *testing.T) {
	g := standard(t, physical)
	play(t, g, "kill ♠2", "clear")
	for _, a := range []string{"drew ♦9", "drew ♦Q"} {
		if contains2(actions(g.Legal(Inspector)), a) {
			t.Errorf("Legal(Inspector) offers %s, the Inspector's own card", a)
		}
		if err := refuse(t, g, Inspector, a, engine.ErrIllegal); msgKey(err) != "noir.err.not_in_deck" {
			t.Errorf("Apply(%s) = %v, want noir.err.not_in_deck", a, err)
		}
	}
}

// Replaying the same actions gives the same game, bad entry and dispute
// included (principle 5; the moderator's undo and resume replay this way).
func TestPhysicalBadEntryReplays(t *testing.T) {
	acts := []string{"drew ♥7", "kill ♠3", "drew ♥7", "drew ♦Q", "drew ♦9", "drew ♦10", "keep ♦Q"}
	g1, g2 := New(physical, 1), New(physical, 1)
	play(t, g1, acts...)
	play(t, g2, acts...)
	if snapshot(g1) != snapshot(g2) {
		t.Errorf("two replays differ")
	}
	// Undo is a replay of all but the last actions: before the bad entry
	// the Killer has normal choices again.
	g3 := New(physical, 1)
	play(t, g3, acts[:2]...)
	play(t, g3, "drew ♥8", "drew ♦Q", "drew ♦9", "drew ♦10", "keep ♦Q")
	if got := withPrefix(g3.Legal(Killer), "dispute"); len(got) != 0 {
		t.Errorf("Legal(Killer) = %v after a true entry, want no dispute", got)
	}
}

// NC-4: "dispute X" typed when no dispute is owed is refused with words
// from the catalogue in every language, not a missing key.
func TestNC4DisputeNotOwedReadsWhole(t *testing.T) {
	g := New(Config{Deck: Physical}, 1)
	_, err := g.Apply(Killer, "dispute ♣5")
	var me *engine.MsgError
	if !errors.As(err, &me) {
		t.Fatalf("Apply(dispute ♣5) = %v, want a catalogue refusal", err)
	}
	for _, l := range engine.Langs {
		if s := l.Text(me.Msg); strings.Contains(s, "⟨") {
			t.Errorf("%s: the refusal reads %q", l, s)
		}
	}
}
