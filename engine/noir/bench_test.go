package noir

import (
	"testing"

	"tablemaster/engine"
)

// BenchmarkLegal measures the choices of the seat to move in the middle of
// a game, what every phone page and every fuzz step asks for.
func BenchmarkLegal(b *testing.B) {
	g := New(Config{}, 3)
	r := engine.NewRand(3)
	for i := 0; i < 40 && !g.Outcome().Over; i++ {
		ch := g.Legal(g.Turn())
		if _, err := g.Apply(g.Turn(), ch[r.IntN(len(ch))].Action); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		g.Legal(g.Turn())
	}
}

// BenchmarkFuzzApply is the cost of one FuzzApply input of full length.
func BenchmarkFuzzApply(b *testing.B) {
	r := engine.NewRand(1)
	moves := make([]byte, maxFuzzSteps)
	for i := 0; b.Loop(); i++ {
		for j := range moves {
			moves[j] = byte(r.IntN(256))
		}
		playFuzz(b, uint64(i), uint8(i), moves)
	}
}
