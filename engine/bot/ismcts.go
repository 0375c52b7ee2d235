package bot

import (
	"math"
	"time"

	"tablemaster/engine"
)

// Budget is how much an ISMCTS decision may cost.
type Budget struct {
	// Iterations per decision (default 1000). Each is one determinization,
	// one descent of the tree, one playout.
	Iterations int
	// Time, when not zero, also ends a decision once it has passed. A
	// decision ended by time is not deterministic: tests and sim runs with
	// a seed use Iterations only.
	Time time.Duration
	// PlayoutCap is the most actions a playout plays before the game is
	// scored as it stands (Result; default 1000).
	PlayoutCap int
	// Explore is UCB1's exploration constant (default 0.7).
	Explore float64
}

func (b Budget) normal() Budget {
	if b.Iterations <= 0 {
		b.Iterations = 1000
	}
	if b.PlayoutCap <= 0 {
		b.PlayoutCap = 1000
	}
	if b.Explore <= 0 {
		b.Explore = 0.7
	}
	return b
}

// ISMCTS is single-observer Information Set Monte Carlo Tree Search: one
// tree over the deciding seat's information set. Each iteration draws a
// determinization with Resample(seat), descends the tree choosing by UCB1
// among the children legal in that determinization (availability counts
// in place of the parent's visits), adds one node, plays out at random
// (or by the game's Playouter) and backpropagates each seat's result to
// the nodes of the actions that seat chose. The other seats' moves are
// nodes of the same tree, chosen for their own seat's result.
type ISMCTS struct {
	budget Budget
	r      *engine.Rand
	// Iterations counts the iterations of every decision so far.
	Iterations int
}

// NewISMCTS returns an ISMCTS bot with the budget, drawing from seed: the
// same seed and the same games give the same choices.
func NewISMCTS(b Budget, seed uint64) *ISMCTS {
	return &ISMCTS{budget: b.normal(), r: engine.NewRand(seed)}
}

type key struct {
	seat   engine.Seat
	action engine.Action
}

type node struct {
	seat     engine.Seat // who chose the action that leads here
	action   engine.Action
	parent   *node
	children map[key]*node
	visits   int
	avail    int
	reward   float64 // the sum of seat's results through this node
}

func (n *node) child(k key) *node {
	if c := n.children[k]; c != nil {
		return c
	}
	if n.children == nil {
		n.children = make(map[key]*node)
	}
	c := &node{seat: k.seat, action: k.action, parent: n}
	n.children[k] = c
	return c
}

// Choose searches from seat s's information set and returns the legal
// action whose node was visited most.
func (b *ISMCTS) Choose(g Game, s engine.Seat) engine.Action {
	legal := g.Legal(s)
	if len(legal) == 1 {
		return legal[0].Action
	}
	root := &node{seat: -1}
	deadline := time.Time{}
	if b.budget.Time > 0 {
		deadline = time.Now().Add(b.budget.Time)
	}
	var cand []*node
	rootActs := make([]engine.Action, len(legal))
	for i, c := range legal {
		rootActs[i] = c.Action
	}
	var buf []engine.Action
	for it := 0; it < b.budget.Iterations; it++ {
		if !deadline.IsZero() && it%16 == 15 && time.Now().After(deadline) {
			break
		}
		b.Iterations++
		d := g.Resample(s, b.r)
		n := root
		seat, cs := s, rootActs
		for {
			// Availability: every child legal in this determinization.
			cand = cand[:0]
			var untried []key
			for _, a := range cs {
				k := key{seat, a}
				if ch := n.children[k]; ch != nil {
					ch.avail++
					cand = append(cand, ch)
				} else {
					untried = append(untried, k)
				}
			}
			var next *node
			expanded := len(untried) > 0
			if expanded {
				next = n.child(untried[b.r.IntN(len(untried))])
				next.avail++
			} else {
				next = b.ucb(cand)
			}
			if _, err := d.Apply(next.seat, next.action); err != nil {
				panic("bot: a legal choice was refused: " + err.Error())
			}
			n = next
			if expanded || d.Outcome().Over {
				break
			}
			var ok bool
			if seat, buf, ok = nextActions(d, buf); !ok {
				break
			}
			cs = buf
		}
		if !d.Outcome().Over {
			RandomPlayout(d, b.r, b.budget.PlayoutCap)
		}
		res := Result(d)
		for ; n != root; n = n.parent {
			n.visits++
			if int(n.seat) < len(res) {
				n.reward += res[n.seat]
			}
		}
		root.visits++
	}
	// The most visited; among as many visits, the best mean result. A
	// budget below the number of choices visits most of them once, and
	// taking the first of those would always take the first choice Legal
	// lists (in Outlaws, a Move: games between two bots never ended).
	best, most, mean := legal[0].Action, -1, 0.0
	for _, c := range legal {
		ch := root.children[key{s, c.Action}]
		if ch == nil || ch.visits == 0 {
			continue
		}
		m := ch.reward / float64(ch.visits)
		if ch.visits > most || ch.visits == most && m > mean {
			best, most, mean = c.Action, ch.visits, m
		}
	}
	return best
}

// ucb picks the child with the highest UCB1 score, its exploration term
// counted from how often it was available rather than from the parent's
// visits (the paper's availability counts).
func (b *ISMCTS) ucb(cand []*node) *node {
	var best *node
	score := math.Inf(-1)
	for _, c := range cand {
		v := c.reward/float64(c.visits) + b.budget.Explore*math.Sqrt(math.Log(float64(c.avail))/float64(c.visits))
		if v > score {
			best, score = c, v
		}
	}
	return best
}
