package outlaws

import (
	"maps"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"tablemaster/engine"
)

// actBufs holds the lists check searches and Legal turns into choices,
// so that neither allocates and clears 15 KB each time (the most of an
// Apply's cost).
var actBufs = sync.Pool{New: func() any { b := make([]act, 0, 192); return &b }}

// withLegal hands f seat s's legal actions in a pooled list, which f
// must not keep.
func (g *Game) withLegal(s engine.Seat, f func(acts []act)) {
	buf := actBufs.Get().(*[]act)
	acts := g.appendLegal((*buf)[:0], s)
	f(acts)
	if cap(acts) > cap(*buf) {
		*buf = acts[:0]
	}
	actBufs.Put(buf)
}

// appendLegal appends to out (empty, with room) every action seat s may
// take now, in the order a phone shows them. Apply takes exactly these
// (principle 2).
func (g *Game) appendLegal(out []act, s engine.Seat) []act {
	if g.phase == Over || s < 0 || s > 1 {
		return nil
	}
	o := 1 - s
	switch g.phase {
	case Setup:
		if len(g.placed[s]) == 10 {
			if !g.laid[s] {
				out = append(out, act{kind: "laid"})
			}
			return out
		}
		for _, c := range g.placeable(s) {
			out = append(out, act{kind: "place", c: c})
		}
		out = append(out, act{kind: "deal"})
		if len(g.placed[s]) > 0 {
			out = append(out, act{kind: "reset"})
		}
		return out
	case React:
		if s != g.turn {
			return nil
		}
		if g.canGuard() {
			out = append(out, act{kind: "guard"})
		}
		if g.canCancel() {
			out = append(out, act{kind: "cancel"})
		}
		return append(out, act{kind: "let"})
	}
	if s != g.turn {
		return nil
	}
	free := func(i int) bool { return !g.restrained[s][g.street[s][i]] }
	target := func(i int) bool { return i >= 0 && i < Slots && !g.restrained[o][g.street[o][i]] }
	switch g.phase {
	case SaloonPick, MovePick: // the first card, then the second (OL-7)
		kind := "with"
		if g.phase == MovePick {
			kind = "move"
		}
		return g.appendPicks(out, s, kind, g.salA)
	case MoveHow:
		out = append(out, act{kind: "swap"})
		if !g.up(s, g.salA) && !g.up(s, g.salB) {
			out = append(out, act{kind: "pretend"})
		}
		return out
	case Naming:
		if g.nameKind == "thief" {
			return append(out, act{kind: "name", c: Assassin}, act{kind: "name", c: Sheriff})
		}
		for _, x := range g.nameable(o) {
			out = append(out, act{kind: "name", c: x})
		}
		return out
	case SaloonPut:
		three := [3]Char{g.saloon[s][g.salIdx], g.street[s][g.salA], g.street[s][g.salB]}
		for _, k := range three {
			if k == Governor {
				continue
			}
			for _, d := range three {
				if d != k {
					out = append(out, act{kind: "put", c: k, d: int(d)})
				}
			}
		}
		return out
	}
	// Play.
	if !g.laid[s] {
		out = append(out, act{kind: "laid"})
	}
	out = g.appendPicks(out, s, "move", -1)
	for i := range 2 {
		out = append(out, act{kind: "saloon", a: i})
	}
	m := len(out) // the actions with a slot's card follow, to be sorted
	for i, c := range g.street[s] {
		if !free(i) {
			continue
		}
		if g.row[i] != None {
			out = append(out, act{kind: "check", a: i})
			for _, t := range g.declarable(s, c) {
				out = append(out, act{kind: "take", a: i, t: t})
			}
		}
		mayor := i > 0 && g.street[s][i-1] == Mayor && free(i-1) // OL-31
		switch c {
		case Assassin: // OL-21
			if g.held[s][Bullet] > 0 && target(i) {
				out = append(out, act{kind: "shoot", a: i})
			}
		case Sheriff: // OL-22, OL-31
			if g.held[s][Handcuffs] > 0 {
				for _, j := range []int{i - 1, i, i + 1} {
					if (j == i || mayor) && target(j) {
						out = append(out, act{kind: "arrest", a: i, b: j})
					}
				}
			}
		case Scout: // OL-25, OL-31
			for _, j := range []int{i - 1, i, i + 1} {
				if (j == i || mayor) && target(j) {
					out = append(out, act{kind: "scout", a: i, b: j})
				}
			}
		case Shopkeeper: // OL-26, OL-31
			lo, hi := i-1, i+1
			if mayor {
				lo, hi = i-2, i+2
			}
			lo, hi = max(lo, 0), min(hi, Slots-1)
			for x := lo; x <= hi; x++ {
				for y := x + 1; y <= hi; y++ {
					if g.row[x] != None && g.row[y] != None {
						out = append(out, act{kind: "shop", a: i, b: x, d: y, mode: "swap"})
					}
				}
			}
			if len(g.stock) > 0 && g.row[i] != None {
				out = append(out, act{kind: "shop", a: i, b: i, mode: "stock"})
			}
		case Dancer: // OL-27
			if target(i) {
				for _, j := range []int{i - 1, i + 1} {
					if target(j) {
						out = append(out, act{kind: "dance", a: i, b: j})
					}
				}
			}
		case Journalist: // OL-28
			if g.cameras[s] > 0 {
				for j := range Slots {
					if target(j) && !g.camera[o][g.street[o][j]] {
						out = append(out, act{kind: "journal", a: i, b: j})
					}
				}
			}
		case Thief: // OL-29
			for j := range Slots {
				if target(j) {
					out = append(out, act{kind: "thief", a: i, b: j})
				}
			}
		case Priest: // OL-30 (1)
			if i > 0 && g.street[s][i-1] == Thief && g.restrained[s][Thief] {
				out = append(out, act{kind: "release", a: i})
			}
		}
	}
	// A phone shows one heading a kind: keep each kind together, in the
	// order of kindOrder. Those before m are in order already, and before
	// the rest in it; the rest are sorted stably by counting, from a copy
	// behind the list (no second list).
	n := len(out)
	var at [len(kindOrder) + 1]int // then: where the next of each kind goes
	for _, a := range out[m:n] {
		if r := kindRank[kindCode(a.kind)]; r >= 0 {
			at[r+1]++
		}
	}
	for r := 1; r < len(at); r++ {
		at[r] += at[r-1]
	}
	out = append(out, out[m:n]...)
	for _, a := range out[n:] {
		if r := kindRank[kindCode(a.kind)]; r >= 0 {
			out[m+at[r]] = a
			at[r]++
		}
	}
	return out[:m+at[len(kindOrder)]]
}

// kindOrder is the order in which a phone lists the actions of a turn.
var kindOrder = [...]string{"laid", "move", "saloon", "check", "take", "shoot", "arrest", "scout", "shop", "dance", "journal", "thief", "release"}

// kindRank is each kind's place in kindOrder, by kindCode (-1: not there).
var kindRank = func() (out [25]int) {
	for i := range out {
		out[i] = -1
	}
	for r, k := range kindOrder {
		out[kindCode(k)] = r
	}
	return out
}()

// appendPicks appends the cards seat s may tap for a Move or a Saloon
// move (kind): with first < 0 the first card ("move 3"), else the second
// with it ("move 3 5", the pair in order). A restrained card cannot move.
func (g *Game) appendPicks(out []act, s engine.Seat, kind string, first int) []act {
	free := 0
	for i := range Slots {
		if !g.restrained[s][g.street[s][i]] {
			free++
		}
	}
	if free < 2 {
		return out
	}
	for i := range Slots {
		if i == first || g.restrained[s][g.street[s][i]] {
			continue
		}
		switch {
		case first < 0:
			out = append(out, act{kind: kind, a: i, b: -1})
		case i < first:
			out = append(out, act{kind: kind, a: i, b: first})
		default:
			out = append(out, act{kind: kind, a: first, b: i})
		}
	}
	return out
}

// bothAtOnce reports a Move, or a Saloon move's two street cards, named
// in one go ("move 3 5"), as the console and scripts write it: the two
// taps a phone makes, each legal in turn.
func (g *Game) bothAtOnce(s engine.Seat, a act) bool {
	if s != g.turn || a.b < 0 || a.a == a.b || g.restrained[s][g.street[s][a.a]] || g.restrained[s][g.street[s][a.b]] {
		return false
	}
	return a.kind == "move" && g.phase == Play || a.kind == "with" && g.phase == SaloonPick && g.salA < 0
}

// placeable is what seat s may lay next at setup (OL-4): any card left,
// but never the Governor in the Saloon, and so the Governor when only
// one street slot is left for it.
func (g *Game) placeable(s engine.Seat) []Char {
	n := len(g.placed[s])
	var used [NumChars]bool
	for _, c := range g.placed[s] {
		used[c] = true
	}
	var out []Char
	for c := Char(0); c < NumChars; c++ {
		switch {
		case used[c]:
		case n >= Slots && c == Governor:
		case n == Slots-1 && !used[Governor] && c != Governor:
		default:
			out = append(out, c)
		}
	}
	return out
}

// declarable is the tokens a revealed c may be declared for (OL-9): only
// those whose condition holds (principle 2); never a Fake ballot.
func (g *Game) declarable(s engine.Seat, c Char) []Token {
	var out []Token
	switch c {
	case Governor:
		if g.held[s][Ballot] > g.held[1-s][Ballot] {
			out = append(out, Elected)
		}
		return out
	case Assassin:
		out = append(out, Bullet)
	case Sheriff:
		out = append(out, Handcuffs)
	}
	return append(out, Ballot)
}

// nameable is the characters a Journalist may name for seat o's street:
// all but those in o's Saloon, which everyone sees.
func (g *Game) nameable(o engine.Seat) []Char {
	var out []Char
	for c := Char(0); c < NumChars; c++ {
		if c != g.saloon[o][0] && c != g.saloon[o][1] {
			out = append(out, c)
		}
	}
	return out
}

// canGuard is OL-23 for the defender of the pending attack.
func (g *Game) canGuard() bool {
	p := g.pend
	if p == nil || p.kind != "shoot" {
		return false
	}
	d := 1 - p.by
	if g.held[d][Handcuffs] == 0 || g.street[d][p.slot] != Governor {
		return false
	}
	for _, j := range []int{p.slot - 1, p.slot + 1} {
		if j >= 0 && j < Slots && g.street[d][j] == Sheriff && !g.restrained[d][Sheriff] {
			return true
		}
	}
	return false
}

// canCancel is OL-30 (2) for the defender of the pending arrest: the
// target is the Assassin or the Thief immediately left of the Priest.
func (g *Game) canCancel() bool {
	p := g.pend
	if p == nil || p.kind != "arrest" {
		return false
	}
	d := 1 - p.by
	c := g.street[d][p.slot]
	return (c == Assassin || c == Thief) && p.slot+1 < Slots && g.street[d][p.slot+1] == Priest
}

// mayReact says whether the defender is asked at all. It depends only on
// what everyone sees (OL-32, principle 1): asked whenever a reaction could
// be possible for all the attacker knows, so that being asked, or how
// long the answer takes, tells the attacker nothing.
func (g *Game) mayReact(p *attack) bool {
	d := 1 - p.by
	switch p.kind {
	case "shoot":
		return g.held[d][Handcuffs] > 0
	case "arrest":
		return g.saloon[d][0] != Priest && g.saloon[d][1] != Priest
	}
	return false
}

// Legal lists every action seat s may take now.
func (g *Game) Legal(s engine.Seat) []engine.Choice {
	var out []engine.Choice
	g.withLegal(s, func(acts []act) {
		if len(acts) == 0 {
			return
		}
		out = make([]engine.Choice, len(acts))
		for i, a := range acts {
			out[i] = g.choice(s, a)
		}
	})
	return out
}

// check says why a decoded action cannot be taken now, or nil.
func (g *Game) check(s engine.Seat, a act) error {
	if g.phase == Over {
		return illegal("ol.err.over")
	}
	if g.phase != Setup && s != g.turn || g.phase == Setup && (s < 0 || s > 1 || g.laid[s]) {
		return engine.Errorf(engine.ErrNotYourTurn, "outlaws", engine.M("err.not_your_turn"))
	}
	if g.bothAtOnce(s, a) {
		return nil
	}
	var ok bool
	g.withLegal(s, func(acts []act) { ok = slices.Contains(acts, a) })
	if ok {
		return nil
	}
	return g.why(s, a)
}

// why explains a refusal in the player's terms.
func (g *Game) why(s engine.Seat, a act) error {
	slot := strconv.Itoa(a.a + 1)
	if g.phase == MoveHow && a.kind == "pretend" {
		return illegal("ol.err.pretend_up")
	}
	if g.phase != Play && g.phase != Setup {
		return illegal("ol.err.wrong_phase", "phase", "@ol.now."+g.phase.String())
	}
	switch a.kind {
	case "place", "deal", "reset", "laid":
		if g.phase != Setup {
			return illegal("ol.err.wrong_phase", "phase", "@ol.now."+g.phase.String())
		}
		if len(g.placed[s]) == 10 {
			return illegal("ol.err.arranged")
		}
		if a.kind == "place" && len(g.placed[s]) >= Slots && a.c == Governor {
			return illegal("ol.err.governor_saloon")
		}
		return illegal("ol.err.placed", "char", a.c.Msg())
	}
	if g.phase == Setup {
		return illegal("ol.err.wrong_phase", "phase", "@ol.now.setup")
	}
	if a.kind != "saloon" && a.kind != "move" && g.restrained[s][g.street[s][a.a]] {
		return illegal("ol.err.restrained", "slot", slot)
	}
	c := g.street[s][a.a]
	switch a.kind {
	case "move":
		if a.a == a.b {
			return illegal("ol.err.same_slot")
		}
		return illegal("ol.err.restrained_move")
	case "check", "take":
		if g.row[a.a] == None {
			return illegal("ol.err.no_token", "slot", slot)
		}
		if a.t == Fake {
			return illegal("ol.err.fake")
		}
		return illegal("ol.err.condition", "char", c.Msg(), "token", a.t.Msg())
	case "shoot":
		if c != Assassin {
			return illegal("ol.err.not_char", "slot", slot, "char", Assassin.Msg())
		}
		if g.held[s][Bullet] == 0 {
			return illegal("ol.err.no_held", "token", Bullet.Msg())
		}
	case "arrest":
		if c != Sheriff {
			return illegal("ol.err.not_char", "slot", slot, "char", Sheriff.Msg())
		}
		if g.held[s][Handcuffs] == 0 {
			return illegal("ol.err.no_held", "token", Handcuffs.Msg())
		}
	case "journal":
		if c != Journalist {
			return illegal("ol.err.not_char", "slot", slot, "char", Journalist.Msg())
		}
		if g.cameras[s] == 0 {
			return illegal("ol.err.no_camera")
		}
	case "scout", "shop", "dance", "thief", "release":
		want := map[string]Char{"scout": Scout, "shop": Shopkeeper, "dance": Dancer, "thief": Thief, "release": Priest}[a.kind]
		if c != want {
			return illegal("ol.err.not_char", "slot", slot, "char", want.Msg())
		}
	}
	return illegal("ol.err.not_offered")
}

// choice is a's button for seat s, as choiceOf makes it, made once for
// each choiceKey and then shared: a Choice is only ever read (nothing
// changes its Msgs' Args), so every list of choices, in every game, may
// share them, and Legal, asked for each view, makes no map and no string
// per choice. The keys are few (a kind, slots, characters, tokens):
// some thousands at most. They are packed in a number (choiceKey), so
// that a lookup hashes one word, and read without a lock (choiceCache).
func (g *Game) choice(s engine.Seat, a act) engine.Choice {
	k, ok := g.choiceKey(s, a)
	if !ok { // never in a game the rules make; made afresh, still right
		return g.choiceOf(s, a)
	}
	if ch, ok := (*shared.read.Load())[k]; ok {
		return ch
	}
	return shared.miss(k, func() engine.Choice { return g.choiceOf(s, a) })
}

// choiceCache is a map read without a lock: read is never changed once
// published; a key it lacks is looked up, and added, in dirty under mu,
// which is published as the next read once the misses since the last
// outnumber a quarter of it (so that copying it costs little in all).
type choiceCache struct {
	read   atomic.Pointer[map[uint64]engine.Choice]
	mu     sync.Mutex
	dirty  map[uint64]engine.Choice
	misses int
}

var shared = func() *choiceCache {
	c := &choiceCache{dirty: map[uint64]engine.Choice{}}
	c.read.Store(&map[uint64]engine.Choice{})
	return c
}()

// miss finds k in dirty, or adds mk()'s choice there.
func (c *choiceCache) miss(k uint64, mk func() engine.Choice) engine.Choice {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch, ok := c.dirty[k]
	if !ok {
		ch = mk()
		c.dirty[k] = ch
	}
	if c.misses++; c.misses > len(*c.read.Load())/4+16 {
		next := maps.Clone(c.dirty)
		c.read.Store(&next)
		c.misses = 0
	}
	return ch
}

// choiceKey is everything choiceOf reads, packed in a number: the action,
// the seat, and per kind of action the little of the game its words name
// (ctx). ok is false when a field does not fit its bits, which no action
// Legal lists does. (TestChoicesShared compares every shared choice with
// one made afresh.)
func (g *Game) choiceKey(s engine.Seat, a act) (k uint64, ok bool) {
	var ctx [2]int
	nameKind := ""
	switch a.kind {
	case "place":
		ctx = [2]int{int(g.cfg.Cards), len(g.placed[s])}
	case "move", "with":
		if a.b >= 0 {
			ctx[0] = g.salA
		}
	case "swap", "pretend":
		ctx = [2]int{g.salA, g.salB}
	case "name":
		ctx[0], nameKind = g.nameTo, g.nameKind
	case "saloon":
		ctx[0] = int(g.saloon[s][a.a])
	case "put":
		ctx[0] = g.salA
	case "check", "take":
		ctx[0] = int(g.street[s][a.a])
	}
	kind, mode, named := kindCode(a.kind), modeCode(a.mode), kindCode(nameKind)
	ok = kind > 0 && mode >= 0 && (nameKind == "" || named > 0) && s >= 0 && s <= 1
	// Each field plus one (-1 is "none") in 6 bits.
	for _, v := range [...]int{a.a, a.b, a.d, int(a.c), ctx[0], ctx[1]} {
		ok = ok && v >= -1 && v < 63
		k = k<<6 | uint64(v+1)&63
	}
	k = k<<8 | uint64(a.t)
	k = k<<5 | uint64(kind)
	k = k<<5 | uint64(named)
	k = k<<2 | uint64(mode)
	return k<<1 | uint64(s&1), ok
}

// kindCode numbers the kinds of action from 1 (0: none of them).
func kindCode(kind string) int {
	switch kind {
	case "place":
		return 1
	case "deal":
		return 2
	case "reset":
		return 3
	case "laid":
		return 4
	case "guard":
		return 5
	case "cancel":
		return 6
	case "let":
		return 7
	case "with":
		return 8
	case "move":
		return 9
	case "swap":
		return 10
	case "pretend":
		return 11
	case "name":
		return 12
	case "put":
		return 13
	case "saloon":
		return 14
	case "check":
		return 15
	case "take":
		return 16
	case "shoot":
		return 17
	case "arrest":
		return 18
	case "scout":
		return 19
	case "shop":
		return 20
	case "dance":
		return 21
	case "journal":
		return 22
	case "thief":
		return 23
	case "release":
		return 24
	}
	return 0
}

// modeCode numbers a shop's modes (-1: none of them).
func modeCode(mode string) int {
	switch mode {
	case "":
		return 0
	case "swap":
		return 1
	case "stock":
		return 2
	}
	return -1
}

// choiceOf makes a's button for seat s: the action, its heading and label.
func (g *Game) choiceOf(s engine.Seat, a act) engine.Choice {
	ch := engine.Choice{Action: engine.Action(a.String(g)), Group: engine.M("ol.g." + a.kind)}
	n := func(i int) string { return strconv.Itoa(i + 1) }
	switch a.kind {
	case "place":
		ch.Label = engine.M("ol.c.char", "char", a.c.Msg(), "card", g.Card(int(s), a.c))
		pos := len(g.placed[s])
		if pos < Slots {
			ch.Group = engine.M("ol.g.place", "slot", n(pos))
		} else {
			ch.Group = engine.M("ol.g.place_saloon")
		}
	case "move", "with": // a card tapped on the street: named by its slot
		ch.Public = true
		ch.Label = engine.M("ol.c.pick", "slot", n(a.a))
		if a.b >= 0 {
			other := a.b
			if other == g.salA {
				other = a.a
			}
			ch.Label = engine.M("ol.c.pick", "slot", n(other))
			ch.Group = engine.M("ol.g."+a.kind+"_second", "slot", n(g.salA))
		}
	case "swap", "pretend": // slots only: the phone lies in plain view
		ch.Group = engine.M("ol.g.swap")
		ch.Label = engine.M("ol.c."+a.kind, "a", n(g.salA), "b", n(g.salB))
	case "laid":
		ch.Label = engine.M("ol.c.laid")
	case "name":
		ch.Label = engine.M("ol.c.char_name", "char", a.c.Msg())
		ch.Group = engine.M("ol.g.name_"+g.nameKind, "slot", n(g.nameTo))
	case "saloon":
		ch.Label = engine.M("ol.c.saloon", "char", g.saloon[s][a.a].Msg())
		ch.Public = true
	case "put":
		ch.Label = engine.M("ol.c.put", "saloon", a.c.Msg(), "char", Char(a.d).Msg(), "a", n(g.salA))
	case "check":
		ch.Label = engine.M("ol.c.slot", "slot", n(a.a), "char", g.street[s][a.a].Msg())
	case "take":
		ch.Label = engine.M("ol.c.take", "slot", n(a.a), "char", g.street[s][a.a].Msg(), "token", a.t.Msg())
	case "shoot", "arrest", "release":
		ch.Label = engine.M("ol.c."+a.kind, "slot", n(a.a))
		ch.Confirm = a.kind != "release"
		if a.kind == "arrest" && a.b != a.a {
			ch.Label = engine.M("ol.c.arrest_mayor", "slot", n(a.b))
		}
	case "scout":
		ch.Label = engine.M("ol.c.scout", "slot", n(a.b))
		if a.b != a.a {
			ch.Label = engine.M("ol.c.scout_mayor", "slot", n(a.b))
		}
	case "shop":
		ch.Label = engine.M("ol.c.shop_swap", "x", n(a.b), "y", n(a.d))
		if a.mode == "stock" {
			ch.Label = engine.M("ol.c.shop_stock", "x", n(a.b))
		}
	case "dance":
		ch.Label = engine.M("ol.c.dance", "a", n(a.a), "b", n(a.b))
	case "journal", "thief":
		ch.Label = engine.M("ol.c.target", "slot", n(a.b))
	case "deal", "reset", "guard", "cancel", "let":
		ch.Label = engine.M("ol.c." + a.kind)
	}
	return ch
}

// appendActs is appendLegal for a bot's playout (bot.Playouter): sorted
// tells whether the list is in a phone's order, which it always is here.
func (g *Game) appendActs(out []act, s engine.Seat) (acts []act, sorted bool) {
	return g.appendLegal(out, s), true
}
