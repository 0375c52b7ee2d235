package moderator

import (
	"bytes"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/noir"
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
