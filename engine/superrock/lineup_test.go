package superrock

import (
	"testing"

	"tablemaster/engine"
)

// lineupTable is a 7-player game (physical dice, seed 4) played through
// the shadow roll with the given picks, in seat order; it records every
// action so that an undo can be checked as the moderator makes it: the
// game rebuilt from its seed without the last action.
type lineupTable struct {
	g   *Game
	log []struct {
		s engine.Seat
		a string
	}
}

func newLineup(t *testing.T, picks ...string) *lineupTable {
	t.Helper()
	lt := &lineupTable{g: newGame(t, physical7(), 4)}
	lt.do(t, 0, "deal")
	for s := range lt.g.Seats() {
		lt.do(t, engine.Seat(s), "keep")
	}
	for s, id := range picks {
		lt.do(t, engine.Seat(s), "rolled 2")
		lt.do(t, engine.Seat(s), "pick "+id)
	}
	return lt
}

func (lt *lineupTable) do(t *testing.T, s engine.Seat, a string) []engine.Event {
	t.Helper()
	lt.log = append(lt.log, struct {
		s engine.Seat
		a string
	}{s, a})
	return apply(t, lt.g, s, a)
}

// undo replaces the game by one rebuilt without the last action.
func (lt *lineupTable) undo(t *testing.T) {
	t.Helper()
	lt.log = lt.log[:len(lt.log)-1]
	g := newGame(t, physical7(), 4)
	for _, x := range lt.log {
		apply(t, g, x.s, x.a)
	}
	lt.g = g
}

// SR-15: with one Evil silhouette nobody may switch: the line-up is
// final at the reveal, and nobody is asked anything.
func TestSR15LineupOneEvil(t *testing.T) {
	lt := newLineup(t, "adel", "riot", "soi", "tres", "elmi", "flora")
	evs := lt.do(t, 6, "rolled 2")
	evs = append(evs, lt.do(t, 6, "pick wong")...)
	g := lt.g
	if g.phase != AmbushPhase || len(find(evs, "sr.ev.lineup")) != 0 || len(find(evs, "sr.ev.base")) != 1 {
		t.Fatalf("SR-15: one Evil: phase %v, events %v", g.phase, evs)
	}
	for s := range g.Seats() {
		c := g.Legal(engine.Seat(s))
		if got := append(withPrefix(c, "keep"), withPrefix(c, "switch")...); len(got) != 0 {
			t.Errorf("SR-15: one Evil: seat %d is asked %v", s, got)
		}
	}
	moversAre(t, g, "SR-15 one Evil: the ambush follows", MoveAmbush, 1)
	if k := refuse(t, g, 1, "keep", engine.ErrIllegal); k != "sr.err.wrong_action" {
		t.Errorf("SR-15: keep after the line-up = %s", k)
	}
}

// SR-15: with three Evil silhouettes (Aki, Chika, Dai) each of them
// answers, keep or switch; the others have nothing to answer, and the
// line-up is final with the last answer.
func TestSR15LineupEachEvilAnswers(t *testing.T) {
	lt := newLineup(t, "riot", "adel", "riot", "nagato", "elmi", "flora", "wong")
	g := lt.g
	if g.phase != LineupPhase {
		t.Fatalf("SR-15: three Evil: phase %v", g.phase)
	}
	moversAre(t, g, "SR-15 after the reveal", MoveLineup, 0, 2, 3)
	for s := range g.Seats() {
		c := g.Legal(engine.Seat(s))
		evil := s == 0 || s == 2 || s == 3
		keep := withPrefix(c, "keep")
		if evil != (len(keep) == 1) || evil != (len(withPrefix(c, "switch")) > 0) {
			t.Errorf("SR-15: seat %d (Evil %v) is offered %v", s, evil, actions(c))
		}
		if evil && (c[0].Action != "keep" || !c[0].Public || c[0].Label.Key != "sr.c.keep.lineup") {
			t.Errorf("SR-15: seat %d: first choice %+v, want a public keep", s, c[0])
		}
	}
	if k := refuse(t, g, 1, "keep", engine.ErrIllegal); k != "sr.err.keep_not_evil" {
		t.Errorf("SR-15: keep by a Good silhouette = %s", k)
	}
	if k := refuse(t, g, 5, "confirm", engine.ErrNotation); k != "sr.err.notation" {
		t.Errorf("SR-15: a one-tap confirm = %s", k)
	}

	evs := lt.do(t, 0, "keep")
	if e := find(evs, "sr.ev.kept_silhouette"); len(e) != 1 || !e[0].IsPublic() || e[0].Reveal || e[0].Random || e[0].Args["player"] != "Aki" {
		t.Errorf("SR-15: keep events %+v", evs)
	}
	if g.phase != LineupPhase || !pub(g).Players[0].KeepsSilhouette {
		t.Fatalf("SR-15: after Aki kept: phase %v, view %+v", g.phase, pub(g).Players[0])
	}
	moversAre(t, g, "SR-15 after Aki kept", MoveLineup, 2, 3)
	if c := g.Legal(0); len(c) != 0 {
		t.Errorf("SR-15: Aki, who kept, is still offered %v", actions(c))
	}
	for _, a := range []string{"keep", "switch locke"} {
		if k := refuse(t, g, 0, a, engine.ErrIllegal); k != "sr.err.kept_silhouette" {
			t.Errorf("SR-15: %s after keeping = %s", a, k)
		}
	}

	// A switch is an answer; Aki's keep stands after it.
	lt.do(t, 3, "switch locke")
	moversAre(t, g, "SR-15 after Dai switched", MoveLineup, 2)
	if g.phase != LineupPhase || len(g.Legal(3)) != 0 {
		t.Fatalf("SR-15: after Dai switched: phase %v, Dai offered %v", g.phase, actions(g.Legal(3)))
	}
	evs = lt.do(t, 2, "keep")
	if g.phase != AmbushPhase {
		t.Fatalf("SR-15: after the last answer: phase %v", g.phase)
	}
	if e := find(evs, "sr.ev.base"); len(e) != 1 || e[0].Args["players"] != "Aki, Chika" {
		t.Errorf("SR-15: the last answer's events %+v, want the base players Aki, Chika", evs)
	}
	if pub(g).Players[0].KeepsSilhouette {
		t.Errorf("SR-15: the line-up's answers still show in the ambush phase")
	}
}

// SR-15: a switch that leaves one Evil silhouette makes the line-up final
// at once, even if that player has not answered: nobody may switch any
// more.
func TestSR15LineupLastEvilFinal(t *testing.T) {
	lt := newLineup(t, "riot", "adel", "riot", "nagato", "elmi", "flora", "wong")
	lt.do(t, 0, "switch locke")
	moversAre(t, lt.g, "SR-15 after Aki switched", MoveLineup, 2, 3)
	evs := lt.do(t, 2, "switch locke")
	if lt.g.phase != AmbushPhase || len(find(evs, "sr.ev.base")) != 1 || !lt.g.Base(3) {
		t.Errorf("SR-15: one Evil left: phase %v, events %v", lt.g.phase, evs)
	}
}

// SR-15, DESIGN.md principle 4: an answer reveals nothing and draws
// nothing, so its player may take it back alone; the game rebuilt
// without it asks that player again, and the real table has nothing to
// put back. The same holds for the last answer, which made the line-up
// final.
func TestSR15LineupUndoAnswer(t *testing.T) {
	lt := newLineup(t, "riot", "adel", "riot", "nagato", "elmi", "flora", "wong")
	before := snapshot(lt.g)
	prev := lt.g.Clone()
	evs := lt.do(t, 2, "keep")
	for _, e := range evs {
		if e.Reveal || e.Random || e.Table {
			t.Errorf("SR-15: the keep's event %v reveals, draws or moves a card", e.Msg)
		}
	}
	if r := prev.Restore(2, "keep", evs); len(r) != 0 {
		t.Errorf("SR-15: undoing a keep gives words %v, want none", r)
	}
	lt.undo(t)
	if got := snapshot(lt.g); got != before {
		t.Errorf("SR-15: after the undo the game differs:\n%s\nwant\n%s", got, before)
	}
	moversAre(t, lt.g, "SR-15 after the undo", MoveLineup, 0, 2, 3)
	if len(withPrefix(lt.g.Legal(2), "switch")) == 0 {
		t.Errorf("SR-15: after the undo Chika may not switch: %v", actions(lt.g.Legal(2)))
	}

	lt.do(t, 2, "keep")
	lt.do(t, 0, "keep")
	prev = lt.g.Clone()
	evs = lt.do(t, 3, "keep")
	if lt.g.phase != AmbushPhase {
		t.Fatalf("SR-15: after the last keep: phase %v", lt.g.phase)
	}
	for _, e := range evs {
		if e.Reveal || e.Random {
			t.Errorf("SR-15: the last keep's event %v reveals or draws", e.Msg)
		}
	}
	for _, e := range prev.Restore(3, "keep", evs) {
		t.Errorf("SR-15: undoing the last keep gives words %v, want none (the look-away moved nothing)", e.Msg)
	}
	lt.undo(t)
	if lt.g.phase != LineupPhase {
		t.Fatalf("SR-15: after undoing the last keep: phase %v", lt.g.phase)
	}
	moversAre(t, lt.g, "SR-15 after undoing the last keep", MoveLineup, 3)
	if !pub(lt.g).Players[0].KeepsSilhouette || !pub(lt.g).Players[2].KeepsSilhouette {
		t.Errorf("SR-15: the undo lost the other keeps")
	}
}

// SR-15: Resample leaves the line-up's answers alone (they are public)
// and keeps the game's state consistent.
func TestSR15LineupResample(t *testing.T) {
	lt := newLineup(t, "riot", "adel", "riot", "nagato", "elmi", "flora", "wong")
	lt.do(t, 0, "keep")
	r := engine.NewRand(9)
	for s := engine.Seat(-1); s < 7; s++ {
		h := lt.g.Resample(s, r).(*Game)
		if err := stateOK(h); err != nil {
			t.Fatalf("Resample(%d): %v", s, err)
		}
		got, _ := h.Movers()
		if want, _ := lt.g.Movers(); len(got) != len(want) || !h.keptSil[0] {
			t.Errorf("Resample(%d): movers %v, want %v", s, got, want)
		}
	}
}
