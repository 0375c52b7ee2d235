package superrock

import (
	"errors"
	"sync"

	"tablemaster/engine"
)

// why is what check builds for a refusal: with it, the reason in words
// (Apply tells the player); without, only errRefused, and no string and
// no map made (Legal and Playout keep the actions that pass, and most
// candidates do not).
type why bool

// errRefused is every refusal made without its words.
var errRefused = errors.New("superrock: refused")

// no is a refusal: the message key with its arguments when w asks for
// the words, errRefused otherwise.
func (w why) no(key string, nv ...string) error {
	if !w {
		return errRefused
	}
	return illegal(key, nv...)
}

// at is the argument naming the catalogue entry prefix+key ("@" and the
// key), or "" when no words are wanted: the string is joined only when
// a refusal will say it.
func (w why) at(prefix, key string) string {
	if !w {
		return ""
	}
	return "@" + prefix + key
}

// verb is verbKey(kind) when words are wanted.
func (w why) verb(kind string) string {
	if !w {
		return ""
	}
	return verbKey(kind)
}

// square is SquareName(sq) when words are wanted.
func (w why) square(sq int) string {
	if !w {
		return ""
	}
	return SquareName(sq)
}

// choice is a's button as choiceOf makes it, made once for each
// choiceKey and then shared: a Choice is only ever read (nothing changes
// its Msgs' Args), so every list of choices, in every game, may share
// them, and Legal, asked for every seat's view at every step, makes no
// map and no string per choice. The keys are few: the actions of a
// table, per phase, per roster and names. A server that runs table after
// table with new names or rosters would add keys for ever: past
// maxSharedChoices the cache starts again (what it held is made again
// when asked for).
func (g *Game) choice(a act) engine.Choice {
	k := g.choiceKey(a)
	shared.RLock()
	c, ok := shared.choices[k]
	shared.RUnlock()
	if !ok {
		c = g.choiceOf(a)
		shared.Lock()
		if len(shared.choices) >= maxSharedChoices {
			clear(shared.choices)
		}
		shared.choices[k] = c
		shared.Unlock()
	}
	return c
}

// maxSharedChoices bounds the shared choices: a seven-player game on the
// virtual board makes about 240.
const maxSharedChoices = 1 << 14

var shared = struct {
	sync.RWMutex
	choices map[choiceKey]engine.Choice
}{choices: map[choiceKey]engine.Choice{}}

// choiceKey is everything choiceOf reads: the action, the phase, the
// data (silhouettes, cards, hubs), and per kind of action the little of
// the game its words name. (TestLegalSameAsChecked compares every shared
// choice with one made afresh.)
type choiceKey struct {
	a     act
	phase Phase
	data  *Data
	left  int    // pick, switch: the silhouette's copies left
	name  string // the player the action names
}

func (g *Game) choiceKey(a act) choiceKey {
	k := choiceKey{a: a, phase: g.phase, data: g.data}
	switch a.kind {
	case "pick", "switch":
		k.left = g.left[a.n]
	case "identity", "telepathy", "convert", "converted", "dies", "revives", "own", "party", "info":
		k.name = g.name(engine.Seat(a.n))
	}
	return k
}
