package noir

import (
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/enginetest"
)

// BenchmarkLegal measures the choices of the seat to move in the middle of
// a game, what every phone page and every fuzz step asks for.
func BenchmarkLegal(b *testing.B) {
	g := New(Config{}, 3)
	if err := enginetest.PlayTurns(g, engine.NewRand(3), 40, nil); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		g.Legal(g.Turn())
	}
}

// BenchmarkFuzzApply is the cost of one FuzzApply input of full length.
func BenchmarkFuzzApply(b *testing.B) {
	enginetest.BenchFuzz(b, maxFuzzSteps, func(i int, moves []byte) {
		playFuzz(b, uint64(i), uint8(i), moves)
	})
}
