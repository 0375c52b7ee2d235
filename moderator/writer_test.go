package moderator

import (
	"bytes"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/noir"
	"tablemaster/engine/superrock"
	"tablemaster/moderator/face"
)

// writerCheck compares a game's pages written in Go (face.Writer) with
// what its templates write, which stay as the reference, and counts the
// states it saw so that a test can tell its games reached every part of
// the pages.
type writerCheck struct {
	t                              *testing.T
	states, undos, overs, matching int
	// match, when set, is counted on the table screen's English page
	// (matching): a part of the page the games must reach.
	match string
}

// check compares every device's page, in both languages, at step of a
// game; every 7th step first leaves an undo request waiting, every 5th
// gives the phones a flash.
func (c *writerCheck) check(tb *Table, step int, label string) {
	t := c.t
	t.Helper()
	w, ok := tb.face.(face.Writer)
	if !ok {
		t.Fatalf("%s writes no page in Go", tb.face.Name())
	}
	if step%7 == 3 {
		if n := len(tb.applied); n > 0 {
			tb.RequestUndo(tb.applied[n-1].seat)
		}
	}
	seats := []engine.Seat{engine.Public}
	for s := range tb.Header().Seats {
		seats = append(seats, engine.Seat(s))
	}
	for _, s := range seats {
		for _, l := range engine.Langs {
			flash := ""
			if step%5 == 2 && s != engine.Public {
				flash = "Out of date <b>'+'</b>"
			}
			d := buildData(tb, s, l, flash, "/s/AbC-_9")
			var got, want bytes.Buffer
			w.WriteApp(&got, d)
			if err := tb.pages.ExecuteTemplate(&want, appTemplate(tb, s), d); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Fatalf("%s step %d, seat %d, %s: the page written in Go differs from the template's:\n%s", label, step, s, l, firstDiff(got.String(), want.String()))
			}
			if s == engine.Public && l == engine.EN {
				c.undos += b2i(d.Snap.Undo != nil)
				c.overs += b2i(d.Snap.Outcome.Over)
				c.matching += b2i(c.match != "" && strings.Contains(got.String(), c.match))
			}
		}
	}
	c.states++
}

// done reports what was compared, and fails if the games missed a part.
func (c *writerCheck) done() {
	c.t.Helper()
	c.t.Logf("%d states compared, %d with an undo request, %d at a game's end, %d with %q", c.states, c.undos, c.overs, c.matching, c.match)
	if c.undos == 0 || c.overs == 0 || (c.match != "" && c.matching == 0) {
		c.t.Error("the games reached no undo request, no end or no " + c.match + ": the comparison missed parts of the pages")
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestNoirWriterMatchesTemplates: Noir's pages written in Go (face.Writer)
// are byte for byte what its templates write, at every step of seeded
// random games of both variants and both decks, for every device, in both
// languages, with and without a flash and an undo request waiting.
func TestNoirWriterMatchesTemplates(t *testing.T) {
	configs := []noir.Config{
		{},
		{Deck: noir.Physical, Layout: noir.Shuffled, Kings: true},
		{Variant: noir.Automata, Layout: noir.Shuffled},
		{Variant: noir.Automata, Deck: noir.Physical},
	}
	games := 3
	if testing.Short() {
		games = 1
	}
	c := &writerCheck{t: t}
	for i, cfg := range configs {
		for seed := uint64(1); seed <= uint64(games); seed++ {
			_, tb := newTestTable(t, cfg, seed+uint64(10*i))
			r := engine.NewRand(seed * 31)
			for step := 0; step < 400; step++ {
				c.check(tb, step, "noir")
				if tb.Snapshot(engine.Public).Outcome.Over {
					break
				}
				mover := toMove(tb)
				if mover < 0 {
					break
				}
				ch := tb.Legal(mover)
				tb.Act(mover, string(ch[r.IntN(len(ch))].Action), -1)
			}
		}
	}
	c.done()
}

// TestSuperrockWriterMatchesTemplates: the same for Super Rock, through
// the preparation and play, with both dice and both boards, five to ten
// players.
func TestSuperrockWriterMatchesTemplates(t *testing.T) {
	t.Parallel()
	games := []struct {
		n     int
		dice  superrock.Dice
		board superrock.Board
	}{
		{10, superrock.VirtualDice, superrock.VirtualBoard},
		{5, superrock.PhysicalDice, superrock.PhysicalBoard},
		{7, superrock.VirtualDice, superrock.PhysicalBoard},
		{6, superrock.PhysicalDice, superrock.VirtualBoard},
	}
	seeds, playSteps := 2, 120
	if testing.Short() {
		seeds = 1 // still to the end of some games: done asks for one
	}
	c := &writerCheck{t: t, match: `<div id="board">`}
	for i, g := range games {
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			_, tb := newSuperrockTable(t, g.n, g.dice, g.board, seed+uint64(10*i))
			r := engine.NewRand(seed * 37)
			step := 0
			srPrepareEach(t, tb, r, func(i int) {
				step = i
				c.check(tb, step, "superrock "+srPhase(tb))
			})
			step++
			for end := step + playSteps; step < end; step++ {
				c.check(tb, step, "superrock "+srPhase(tb))
				if !srStep(t, tb, r) {
					break
				}
			}
		}
	}
	c.done()
}

// TestOutlawsWriterMatchesTemplates: the same for Outlaws, from the setup
// to the end of seeded random games.
func TestOutlawsWriterMatchesTemplates(t *testing.T) {
	t.Parallel()
	games := 6
	if testing.Short() {
		games = 2
	}
	c := &writerCheck{t: t, match: `class="up`}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		_, tb := newOutlawsTable(t, seed)
		r := engine.NewRand(seed * 41)
		for step := 0; step < 600; step++ {
			c.check(tb, step, "outlaws")
			if tb.Snapshot(engine.Public).Outcome.Over {
				break
			}
			olStep(t, tb, r)
		}
	}
	c.done()
}

// TestAyatsuriWriterMatchesTemplates: the same for Ayatsuri, whole seeded
// random games of four to six players, with and without the Bomb Girl.
func TestAyatsuriWriterMatchesTemplates(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	c := &writerCheck{t: t, match: `class="ay hist"`}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		_, tb := newAyatsuriTable(t, 4+int(seed%3), seed%2 == 0, seed)
		r := engine.NewRand(seed * 43)
		for step := 0; step < 800; step++ {
			c.check(tb, step, "ayatsuri")
			if !ayStep(t, tb, r) {
				c.check(tb, step+1, "ayatsuri")
				break
			}
		}
	}
	c.done()
}
