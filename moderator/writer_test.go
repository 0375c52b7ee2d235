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
	steps, undos, overs := 0, 0, 0
	for i, cfg := range configs {
		for seed := uint64(1); seed <= uint64(games); seed++ {
			_, tb := newTestTable(t, cfg, seed+uint64(10*i))
			w, ok := tb.face.(face.Writer)
			if !ok {
				t.Fatal("Noir's face writes no page in Go")
			}
			r := engine.NewRand(seed * 31)
			for step := 0; step < 400; step++ {
				if step%7 == 3 {
					// An undo request waiting on the other seat.
					if n := len(tb.applied); n > 0 {
						tb.RequestUndo(tb.applied[n-1].seat)
					}
				}
				for _, s := range []engine.Seat{engine.Public, noir.Killer, noir.Inspector} {
					for _, l := range engine.Langs {
						flash := ""
						if step%5 == 2 && s != engine.Public {
							flash = "Out of date <b>'+'</b>"
						}
						d := buildData(tb, s, l, flash, "/s/AbC-_9")
						if s == engine.Public && l == engine.EN {
							if d.Snap.Undo != nil {
								undos++
							}
							if d.Snap.Outcome.Over {
								overs++
							}
						}
						var got, want bytes.Buffer
						w.WriteApp(&got, d)
						if err := tb.pages.ExecuteTemplate(&want, appTemplate(tb, s), d); err != nil {
							t.Fatal(err)
						}
						if got.String() != want.String() {
							t.Fatalf("config %d seed %d step %d, seat %d, %s: the page written in Go differs from the template's:\n%s", i, seed, step, s, l, firstDiff(got.String(), want.String()))
						}
					}
				}
				steps++
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
	t.Logf("%d states compared, %d with an undo request, %d at a game's end", steps, undos, overs)
	if undos == 0 || overs == 0 {
		t.Error("the games reached no undo request or no end: the comparison missed parts of the pages")
	}
}

// TestSuperrockWriterMatchesTemplates: Super Rock's pages written in Go
// (face.Writer) are byte for byte what its templates write, at every step
// of seeded random games, through the preparation and play, with both
// dice and both boards, five to ten players, for every device, in both
// languages, with and without a flash and an undo request waiting.
func TestSuperrockWriterMatchesTemplates(t *testing.T) {
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
		seeds, playSteps = 1, 40
	}
	states, undos, overs, boards := 0, 0, 0, 0
	for i, g := range games {
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			_, tb := newSuperrockTable(t, g.n, g.dice, g.board, seed+uint64(10*i))
			w, ok := tb.face.(face.Writer)
			if !ok {
				t.Fatal("Super Rock's face writes no page in Go")
			}
			r := engine.NewRand(seed * 37)
			compare := func(step int) {
				if step%7 == 3 {
					if n := len(tb.applied); n > 0 {
						tb.RequestUndo(tb.applied[n-1].seat)
					}
				}
				seats := []engine.Seat{engine.Public}
				for s := range g.n {
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
							t.Fatalf("game %d seed %d step %d (%s), seat %d, %s: the page written in Go differs from the template's:\n%s",
								i, seed, step, srPhase(tb), s, l, firstDiff(got.String(), want.String()))
						}
						if s == engine.Public && l == engine.EN {
							undos += b2i(d.Snap.Undo != nil)
							overs += b2i(d.Snap.Outcome.Over)
							boards += b2i(strings.Contains(got.String(), `<div id="board">`))
						}
					}
				}
				states++
			}
			step := 0
			for ; step < 500 && srPhase(tb) != "play"; step++ {
				compare(step)
				s, c, ok := srMove(tb, r)
				if !ok {
					t.Fatal("nobody can move during the preparation")
				}
				if srPhase(tb) == "lineup" {
					// As srPrepare: switch away extra Evil silhouettes, then confirm.
					c = engine.Choice{Action: "confirm"}
					for seat := 0; seat < g.n && srEvils(tb) > 2 && c.Action == "confirm"; seat++ {
						for _, x := range tb.Legal(engine.Seat(seat)) {
							if strings.HasPrefix(string(x.Action), "switch ") {
								s, c = engine.Seat(seat), x
								break
							}
						}
					}
				}
				if _, err := tb.Act(s, string(c.Action), -1); err != nil {
					t.Fatalf("Act(%d, %q) = %v", s, c.Action, err)
				}
			}
			for end := step + playSteps; step < end; step++ {
				compare(step)
				if !srStep(t, tb, r) {
					break
				}
			}
		}
	}
	t.Logf("%d states compared, %d with an undo request, %d at a game's end, %d with a board", states, undos, overs, boards)
	if undos == 0 || overs == 0 || boards == 0 {
		t.Error("the games reached no undo request, no end or no board: the comparison missed parts of the pages")
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
