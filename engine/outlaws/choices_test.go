package outlaws

import (
	"reflect"
	"testing"

	"tablemaster/engine"
)

// TestChoicesShared: every choice Legal offers, shared between lists and
// games (choice), is the one choiceOf makes afresh for the game as it
// stands, at every step of seeded games with both kinds of cards: the
// choiceKey misses nothing a button's words depend on.
func TestChoicesShared(t *testing.T) {
	const games = 30 // with fewer, a Saloon put may never find a stale key
	checked := 0
	for seed := range uint64(games) {
		g := New(Config{Cards: Cards(seed % 2)}, 50_000+seed)
		r := engine.NewRand(seed)
		for step := 0; step < 300 && !g.outcome.Over; step++ {
			for _, s := range []engine.Seat{Red, Green} {
				got := g.Legal(s)
				var want []engine.Choice
				g.withLegal(s, func(acts []act) {
					for _, a := range acts {
						want = append(want, g.choiceOf(s, a))
					}
				})
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("seed %d step %d seat %d: Legal = %v, want %v", seed, step, s, got, want)
				}
				checked += len(got)
			}
			s, a := pick(g, r)
			if _, err := g.Apply(s, a); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, err)
			}
		}
	}
	t.Logf("%d choices checked", checked)
}
