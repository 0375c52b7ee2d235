package superrock

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"tablemaster/engine"
)

// TestLegalSameAsChecked: Legal, which checks candidates without the
// words of their refusals and shares each button between lists and games,
// offers exactly what the plain way gives — the candidates check (Apply's
// path, with words) lets through, each with the choice choiceOf makes
// afresh for the game as it stands — for every seat at every step of
// seeded games through the preparation and both boards, in every option.
// And every action, candidate or not, is refused without words exactly
// when it is refused with them (ok and check agree), the wordless refusal
// being errRefused.
func TestLegalSameAsChecked(t *testing.T) {
	uni := fuzzUniverse
	steps, choices, refused := 0, 0, 0
	for _, n := range []int{5, 8} {
		for ci, cfg := range configs(n) {
			if ci%2 == 1 {
				// The same seats under other names: a button that names
				// a player must not be shared across names.
				slices.Reverse(cfg.Players)
			}
			for seed := uint64(0); seed < 1; seed++ {
				boardGame(t, cfg, 300+seed, 300, func(g *Game, _ []engine.Event) {
					steps++
					for s := engine.Seat(-1); int(s) < g.Seats(); s++ {
						var want []engine.Choice
						for _, a := range g.candidates(s) {
							if g.check(s, a) == nil {
								want = append(want, g.choiceOf(a))
							}
						}
						got := g.Legal(s)
						if !reflect.DeepEqual(got, want) {
							t.Fatalf("%d players config %d seed %d step %d seat %d: Legal = %v, want %v", n, ci, seed, steps, s, got, want)
						}
						choices += len(got)
						if s < 0 || steps%4 != 0 {
							continue
						}
						for _, text := range uni {
							a, err := g.decode(s, text)
							if err != nil {
								continue
							}
							why, no := g.check(s, a), g.refusal(s, a, false)
							if (why == nil) != (no == nil) || no != nil && !errors.Is(no, errRefused) {
								t.Fatalf("%d players config %d seed %d seat %d %q: check = %v, without words %v", n, ci, seed, s, text, why, no)
							}
							if no != nil {
								refused++
							}
						}
					}
				})
			}
		}
	}
	if choices == 0 || refused == 0 {
		t.Fatalf("nothing compared: %d choices, %d refusals", choices, refused)
	}
	t.Logf("%d steps, %d choices, %d refusals compared", steps, choices, refused)
}
