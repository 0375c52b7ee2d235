package engine

import "math/rand/v2"

// Rand is the seeded random source of a game. It is PCG (a fixed,
// documented algorithm) and every draw below is computed here rather than
// by math/rand helpers, so a seed gives the same game in every Go release:
// logs replay exactly and a bug report only needs the seed and the actions.
type Rand struct {
	pcg *rand.PCG
}

// NewRand returns the source for a seed.
func NewRand(seed uint64) *Rand {
	return &Rand{pcg: rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)}
}

// Clone returns an independent copy in the same state.
func (r *Rand) Clone() *Rand {
	c := *r.pcg
	return &Rand{pcg: &c}
}

// IntN returns a uniform number in [0, n). It panics if n <= 0.
func (r *Rand) IntN(n int) int {
	if n <= 0 {
		panic("engine: IntN of a non-positive number")
	}
	// Rejection sampling keeps the draw unbiased.
	bound := uint64(n)
	limit := ^uint64(0) - (^uint64(0) % bound)
	for {
		v := r.pcg.Uint64()
		if v < limit {
			return int(v % bound)
		}
	}
}

// Shuffle permutes n elements with the Fisher–Yates algorithm.
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.IntN(i+1))
	}
}
