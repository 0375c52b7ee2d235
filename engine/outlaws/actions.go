package outlaws

import (
	"strconv"
	"strings"

	"tablemaster/engine"
)

// Apply checks the action and carries it out. On error nothing changed.
func (g *Game) Apply(s engine.Seat, action engine.Action) ([]engine.Event, error) {
	a, err := g.decode(string(action))
	if err != nil {
		return nil, err
	}
	if err := g.check(s, a); err != nil {
		return nil, err
	}
	ev := &events{g: g}
	if g.phase == Play && a.kind != "laid" {
		// A new action: the cards the last one showed are down again,
		// and the player's cards are on the table (OL-11).
		g.shown = [2][Slots]bool{}
		g.laid[s] = true
	}
	g.exec(s, a, ev)
	ev.list = showBack(ev.list)
	return ev.list, nil
}

// showBack words a card shown and turned face down again within one
// action as one instruction for the table: "show slot 2 (♣2 Assassin),
// then turn it face down again" (OL-11).
func showBack(list []engine.Event) []engine.Event {
	out := list[:0]
	var drop []bool
	for i, e := range list {
		if !e.Table || e.Key != "ol.do.reveal" {
			continue
		}
		for j := i + 1; j < len(list); j++ {
			f := list[j]
			if f.Table && f.Key == "ol.do.face_down" && f.Args["role"] == e.Args["role"] && f.Args["slot"] == e.Args["slot"] {
				if drop == nil {
					drop = make([]bool, len(list))
				}
				drop[j] = true
				list[i].Msg = engine.M("ol.do.reveal_back", "role", e.Args["role"], "slot", e.Args["slot"], "char", e.Args["char"], "card", e.Args["card"])
				break
			}
		}
	}
	if drop == nil {
		return list
	}
	for i, e := range list {
		if !drop[i] {
			out = append(out, e)
		}
	}
	return out
}

type events struct {
	g    *Game
	list []engine.Event
	// quiet: a bot's playout, which needs no words, keeps none.
	quiet bool
}

func (e *events) public(key string, nv ...string) {
	if e.quiet {
		return
	}
	e.list = append(e.list, engine.Event{Msg: engine.M(key, nv...)})
}

// reveal is a public event that shows something hidden (principle 4).
func (e *events) reveal(key string, nv ...string) {
	if e.quiet {
		return
	}
	e.list = append(e.list, engine.Event{Msg: engine.M(key, nv...), Reveal: true})
}

// private tells seat s alone; reveal marks it as showing s a secret.
func (e *events) private(s engine.Seat, reveal bool, key string, nv ...string) {
	if e.quiet {
		return
	}
	e.list = append(e.list, engine.Event{Msg: engine.M(key, nv...), To: []engine.Seat{s}, Reveal: reveal})
}

func (e *events) table(key string, nv ...string) {
	if e.quiet {
		return
	}
	e.list = append(e.list, engine.Event{Msg: engine.M(key, nv...), Table: true})
}

// random marks the last event as drawing something random.
func (e *events) random() {
	if !e.quiet {
		e.list[len(e.list)-1].Random = true
	}
}

func roleKey(s engine.Seat) string {
	if s == Red {
		return "@ol.role.red"
	}
	return "@ol.role.green"
}

func slotArg(i int) string { return strconv.Itoa(i + 1) }

func (g *Game) exec(s engine.Seat, a act, ev *events) {
	o := 1 - s
	switch a.kind {
	case "place":
		g.placed[s] = append(g.placed[s], a.c)
		pos := len(g.placed[s])
		if pos <= Slots {
			ev.private(s, false, "ol.pv.placed", "char", a.c.Msg(), "card", g.Card(int(s), a.c), "slot", strconv.Itoa(pos))
		} else {
			ev.private(s, false, "ol.pv.placed_saloon", "char", a.c.Msg(), "card", g.Card(int(s), a.c))
		}
		if pos == 10 {
			g.arranged(s, ev)
		}
	case "deal":
		g.deal(s, ev)
	case "reset":
		g.placed[s] = nil
		ev.private(s, false, "ol.pv.reset")
	case "laid": // the real cards lie as the phone showed them
		g.laid[s] = true
		ev.private(s, false, "ol.pv.laid")
	case "move": // OL-7: both cards are picked up, one tap each …
		switch {
		case a.b < 0:
			g.phase, g.salA = MovePick, a.a
			ev.public("ol.ev.move_first", "role", roleKey(s), "slot", slotArg(a.a))
		case g.phase == MovePick:
			other := a.b
			if other == g.salA {
				other = a.a
			}
			g.phase, g.salA, g.salB = MoveHow, a.a, a.b
			ev.public("ol.ev.move_second", "role", roleKey(s), "slot", slotArg(other))
		default: // both at once (the console)
			g.phase, g.salA, g.salB = MoveHow, a.a, a.b
			ev.public("ol.ev.move_pick", "role", roleKey(s), "a", slotArg(a.a), "b", slotArg(a.b))
		}
	case "swap", "pretend": // … and laid back, swapped or not
		x, y := g.salA, g.salB
		if g.up(s, x) || g.up(s, y) {
			// A face-up card is seen to move: no pretending (Decision).
			g.know.swapped(s, x, y)
		} else {
			g.know.moved(s, x, y)
		}
		if a.kind == "swap" {
			g.street[s][x], g.street[s][y] = g.street[s][y], g.street[s][x]
		}
		g.phase = Play
		ev.public("ol.ev.move", "role", roleKey(s), "a", slotArg(x), "b", slotArg(y))
		ev.table("ol.do.move", "role", roleKey(s), "a", slotArg(x), "b", slotArg(y))
		ev.private(s, false, "ol.pv."+a.kind, "a", slotArg(x), "b", slotArg(y),
			"ca", g.street[s][x].Msg(), "cb", g.street[s][y].Msg())
		g.spend(ev)
	case "saloon":
		g.phase, g.salIdx, g.salA = SaloonPick, a.a, -1
		ev.public("ol.ev.saloon_start", "role", roleKey(s), "char", g.saloon[s][a.a].Msg())
	case "with":
		switch {
		case a.b < 0:
			g.salA = a.a
			ev.public("ol.ev.saloon_first", "role", roleKey(s), "slot", slotArg(a.a))
		case g.salA >= 0:
			other := a.b
			if other == g.salA {
				other = a.a
			}
			g.phase, g.salA, g.salB = SaloonPut, a.a, a.b
			ev.public("ol.ev.saloon_second", "role", roleKey(s), "slot", slotArg(other))
		default: // both at once (the console)
			g.phase, g.salA, g.salB = SaloonPut, a.a, a.b
			ev.public("ol.ev.saloon_with", "role", roleKey(s), "a", slotArg(a.a), "b", slotArg(a.b))
		}
	case "put": // OL-7: one of three to the Saloon, two back
		old := g.saloon[s][g.salIdx]
		three := []Char{old, g.street[s][g.salA], g.street[s][g.salB]}
		var other Char
		for _, c := range three {
			if c != a.c && c != Char(a.d) {
				other = c
			}
		}
		g.saloon[s][g.salIdx] = a.c
		g.street[s][g.salA], g.street[s][g.salB] = Char(a.d), other
		g.know.saloonMove(s, g.salA, g.salB, old, a.c)
		for _, i := range []int{g.salA, g.salB} {
			if g.up(s, i) { // a face-up card is seen where it goes
				g.know.reveal(s, i, g.street[s][i])
			}
		}
		ev.public("ol.ev.saloon", "role", roleKey(s), "old", old.Msg(), "char", a.c.Msg(),
			"a", slotArg(g.salA), "b", slotArg(g.salB))
		ev.table("ol.do.saloon", "role", roleKey(s), "char", a.c.Msg(), "card", g.Card(int(s), a.c),
			"a", slotArg(g.salA), "b", slotArg(g.salB))
		ev.private(s, false, "ol.pv.saloon", "a", slotArg(g.salA), "b", slotArg(g.salB),
			"ca", Char(a.d).Msg(), "cb", other.Msg())
		g.phase = Play
		g.spend(ev)
	case "check": // OL-8
		g.showOwn(s, a.a, ev)
		t := g.row[a.a]
		g.know.checked(int(s), a.a, t)
		ev.private(s, true, "ol.pv.token", "slot", slotArg(a.a), "token", t.Msg())
		g.notes[s] = append(g.notes[s], engine.M("ol.note.token", "turn", strconv.Itoa(g.turnNo+1), "slot", slotArg(a.a), "token", t.Msg()))
		g.faceDown(s, a.a, ev)
		g.spend(ev)
	case "take": // OL-9
		g.showOwn(s, a.a, ev)
		g.take(s, a.a, a.t, ev)
	case "shoot", "arrest": // OL-21, OL-22; the Sheriff widened by the Mayor (OL-31)
		g.showOwn(s, a.a, ev)
		tok, to := Bullet, a.a
		if a.kind == "arrest" {
			tok, to = Handcuffs, a.b
			if to != a.a {
				g.showMayor(s, a.a, ev)
			}
		}
		g.held[s][tok]--
		g.spent[tok]++
		ev.public("ol.ev."+a.kind, "role", roleKey(s), "slot", slotArg(to), "other", roleKey(o))
		p := &attack{by: s, kind: a.kind, at: a.a, slot: to}
		if g.mayReact(p) { // OL-32
			g.pend, g.phase, g.turn = p, React, o
			ev.public("ol.ev.waiting", "role", roleKey(o))
			return
		}
		g.resolve(p, ev)
	case "guard": // OL-23
		p := g.pend
		d := s
		gov := p.slot
		sh := g.find(d, Sheriff)
		g.held[d][Handcuffs]--
		g.spent[Handcuffs]++
		g.know.reveal(d, gov, Governor)
		g.know.reveal(d, sh, Sheriff)
		ev.reveal("ol.ev.guard", "role", roleKey(d), "slot", slotArg(gov), "sheriff", slotArg(sh))
		ev.table("ol.do.reveal", "role", roleKey(d), "slot", slotArg(gov), "char", Governor.Msg(), "card", g.Card(int(d), Governor))
		ev.table("ol.do.reveal", "role", roleKey(d), "slot", slotArg(sh), "char", Sheriff.Msg(), "card", g.Card(int(d), Sheriff))
		g.pend = nil
		g.win(d, "ol.win.guard", ev)
	case "cancel": // OL-30 (2)
		p := g.pend
		d := s
		pr := p.slot + 1
		g.know.reveal(d, pr, Priest)
		g.shown[d][pr] = true
		ev.reveal("ol.ev.cancel", "role", roleKey(d), "slot", slotArg(pr))
		ev.table("ol.do.reveal_back", "role", roleKey(d), "slot", slotArg(pr), "char", Priest.Msg(), "card", g.Card(int(d), Priest))
		g.pend, g.phase, g.turn = nil, Play, p.by
		g.faceDown(p.by, p.at, ev) // the Sheriff, shown to arrest
		g.spend(ev)
	case "let":
		p := g.pend
		g.pend, g.phase, g.turn = nil, Play, p.by
		ev.public("ol.ev.let", "role", roleKey(s))
		g.resolve(p, ev)
	case "scout": // OL-25, OL-31
		g.showOwn(s, a.a, ev)
		if a.b != a.a {
			g.showMayor(s, a.a, ev)
		}
		c := g.street[o][a.b]
		g.know.scouted(o, a.b, c)
		ev.public("ol.ev.scout", "role", roleKey(s), "slot", slotArg(a.b))
		ev.private(s, true, "ol.pv.scout", "slot", slotArg(a.b), "char", c.Msg(), "card", g.Card(int(o), c))
		g.notes[s] = append(g.notes[s], engine.M("ol.note.scout", "turn", strconv.Itoa(g.turnNo+1), "slot", slotArg(a.b), "char", c.Msg()))
		ev.table("ol.do.show", "role", roleKey(o), "slot", slotArg(a.b), "to", roleKey(s))
		g.faceDown(s, a.a, ev)
		g.spend(ev)
	case "shop": // OL-26, OL-31
		g.showOwn(s, a.a, ev)
		if a.b < a.a-1 || a.b > a.a+1 || (a.mode == "swap" && (a.d < a.a-1 || a.d > a.a+1)) {
			g.showMayor(s, a.a, ev)
		}
		if a.mode == "stock" {
			k := g.rng.IntN(len(g.stock))
			g.row[a.b], g.stock[k] = g.stock[k], g.row[a.b]
			g.know.unknown(a.b)
			ev.public("ol.ev.shop_stock", "role", roleKey(s), "x", slotArg(a.b))
			ev.random()
		} else {
			g.row[a.b], g.row[a.d] = g.row[a.d], g.row[a.b]
			g.know.swapTokens(a.b, a.d)
			ev.public("ol.ev.shop_swap", "role", roleKey(s), "x", slotArg(a.b), "y", slotArg(a.d))
		}
		g.faceDown(s, a.a, ev)
		g.spend(ev)
	case "dance": // OL-27
		g.showOwn(s, a.a, ev)
		g.street[o][a.a], g.street[o][a.b] = g.street[o][a.b], g.street[o][a.a]
		g.know.swapped(o, a.a, a.b)
		ev.public("ol.ev.dance", "role", roleKey(s), "other", roleKey(o), "a", slotArg(a.a), "b", slotArg(a.b))
		ev.table("ol.do.swap", "role", roleKey(o), "a", slotArg(a.a), "b", slotArg(a.b))
		g.faceDown(s, a.a, ev)
		g.spend(ev)
	case "journal", "thief": // OL-28, OL-29: the card is shown, one pointed at …
		g.showOwn(s, a.a, ev)
		g.phase, g.nameKind, g.nameAt, g.nameTo = Naming, a.kind, a.a, a.b
		ev.public("ol.ev.point_"+a.kind, "role", roleKey(s), "other", roleKey(o), "slot", slotArg(a.b))
	case "name": // … and named
		g.phase = Play
		at, to := g.nameAt, g.nameTo
		if g.nameKind == "journal" {
			g.journal(s, at, to, a.c, ev)
		} else {
			g.thief(s, at, to, a.c, ev)
		}
	case "release": // OL-30 (1)
		g.showOwn(s, a.a, ev)
		g.restrained[s][Thief] = false
		ev.public("ol.ev.release", "role", roleKey(s), "slot", slotArg(a.a-1))
		ev.table("ol.do.face_down", "role", roleKey(s), "slot", slotArg(a.a-1))
		g.faceDown(s, a.a, ev)
		g.spend(ev)
	}
}

// journal is OL-28 once the character is named.
func (g *Game) journal(s engine.Seat, at, to int, c Char, ev *events) {
	o := 1 - s
	g.cameras[s]--
	if g.street[o][to] == c {
		g.camera[o][c] = true
		g.know.reveal(o, to, c)
		ev.reveal("ol.ev.journal_right", "role", roleKey(s), "other", roleKey(o), "slot", slotArg(to), "char", c.Msg())
		ev.table("ol.do.camera", "role", roleKey(o), "slot", slotArg(to), "char", c.Msg(), "card", g.Card(int(o), c))
	} else {
		g.know.not(o, to, c)
		ev.reveal("ol.ev.journal_wrong", "role", roleKey(s), "other", roleKey(o), "slot", slotArg(to), "char", c.Msg())
	}
	g.faceDown(s, at, ev)
	g.spend(ev)
}

// thief is OL-29 once Assassin or Sheriff is named.
func (g *Game) thief(s engine.Seat, at, to int, c Char, ev *events) {
	o := 1 - s
	tok := Bullet
	if c == Sheriff {
		tok = Handcuffs
	}
	switch {
	case g.street[o][to] != c:
		g.know.not(o, to, c)
		ev.reveal("ol.ev.thief_wrong", "role", roleKey(s), "other", roleKey(o), "slot", slotArg(to), "char", c.Msg())
	case g.held[o][tok] == 0:
		g.know.is(o, to, c)
		ev.reveal("ol.ev.thief_none", "role", roleKey(s), "other", roleKey(o), "slot", slotArg(to), "char", c.Msg(), "token", tok.Msg())
	default:
		g.know.is(o, to, c)
		g.held[o][tok]--
		g.held[s][tok]++
		ev.reveal("ol.ev.thief_right", "role", roleKey(s), "other", roleKey(o), "slot", slotArg(to), "char", c.Msg(), "token", tok.Msg())
	}
	g.faceDown(s, at, ev)
	g.spend(ev)
}

// showOwn reveals seat s's card in slot i to everyone (OL-8, OL-9, OL-11).
func (g *Game) showOwn(s engine.Seat, i int, ev *events) {
	c := g.street[s][i]
	g.know.reveal(s, i, c)
	g.shown[s][i] = true
	ev.reveal("ol.ev.reveal", "role", roleKey(s), "slot", slotArg(i), "char", c.Msg(), "card", g.Card(int(s), c))
	if !g.up(s, i) {
		ev.table("ol.do.reveal", "role", roleKey(s), "slot", slotArg(i), "char", c.Msg(), "card", g.Card(int(s), c))
	}
}

// showMayor reveals the Mayor left of slot i, whose widening is used (OL-31).
func (g *Game) showMayor(s engine.Seat, i int, ev *events) {
	g.know.reveal(s, i-1, Mayor)
	g.shown[s][i-1] = true
	ev.reveal("ol.ev.mayor", "role", roleKey(s), "slot", slotArg(i-1))
	if !g.up(s, i-1) {
		ev.table("ol.do.reveal_back", "role", roleKey(s), "slot", slotArg(i-1), "char", Mayor.Msg(), "card", g.Card(int(s), Mayor))
	}
}

// faceDown turns s's card in slot i back after its action (OL-11).
func (g *Game) faceDown(s engine.Seat, i int, ev *events) {
	if !g.up(s, i) && g.phase != Over {
		ev.table("ol.do.face_down", "role", roleKey(s), "slot", slotArg(i))
	}
}

// take is OL-9 once the card is shown.
func (g *Game) take(s engine.Seat, i int, t Token, ev *events) {
	if g.row[i] != t {
		g.know.notToken(i, t)
		// Only declarations whose condition holds are offered (OL-9), so
		// "not taken" means the token is another.
		ev.public("ol.ev.not_taken", "role", roleKey(s), "token", t.Msg(), "slot", slotArg(i))
		g.faceDown(s, i, ev)
		g.spend(ev)
		return
	}
	g.held[s][t]++
	g.row[i] = None
	ev.reveal("ol.ev.taken", "role", roleKey(s), "token", t.Msg(), "slot", slotArg(i))
	if t == Elected { // OL-40
		g.win(s, "ol.win.elected", ev)
		return
	}
	g.slide(i, ev)
	g.faceDown(s, i, ev)
	g.spend(ev)
}

// slide is OL-10: the tokens between the empty place and the stock move
// one place away from the stock, and the place next to it takes the top
// stock token (none once the stock is empty).
func (g *Game) slide(i int, ev *events) {
	copy(g.row[i:], g.row[i+1:])
	g.know.slide(i)
	g.row[Slots-1] = None
	if n := len(g.stock); n > 0 {
		g.row[Slots-1] = g.stock[n-1]
		g.stock = g.stock[:n-1]
		ev.public("ol.ev.slide", "slot", slotArg(i), "left", strconv.Itoa(len(g.stock)))
		ev.random()
		return
	}
	ev.public("ol.ev.slide_empty", "slot", slotArg(i))
}

// resolve carries out an Assassin's or a Sheriff's attack (OL-21, OL-22).
func (g *Game) resolve(p *attack, ev *events) {
	s, d := p.by, 1-p.by
	c := g.street[d][p.slot]
	g.know.reveal(d, p.slot, c)
	g.shown[d][p.slot] = true
	ev.reveal("ol.ev.target", "role", roleKey(d), "slot", slotArg(p.slot), "char", c.Msg(), "card", g.Card(int(d), c))
	if !g.up(d, p.slot) {
		ev.table("ol.do.reveal", "role", roleKey(d), "slot", slotArg(p.slot), "char", c.Msg(), "card", g.Card(int(d), c))
	}
	switch {
	case p.kind == "shoot" && c == Governor:
		g.win(s, "ol.win.shot", ev)
		return
	case p.kind == "arrest" && c == Assassin:
		g.win(s, "ol.win.arrested", ev)
		return
	case p.kind == "arrest" && c == Thief:
		g.restrained[d][Thief] = true
		g.held[s][Handcuffs]++
		g.spent[Handcuffs]--
		ev.public("ol.ev.restrained", "role", roleKey(d), "slot", slotArg(p.slot))
	default:
		ev.public("ol.ev.failed_"+p.kind, "role", roleKey(s))
		if !g.up(d, p.slot) {
			ev.table("ol.do.face_down", "role", roleKey(d), "slot", slotArg(p.slot))
		}
	}
	g.faceDown(s, p.at, ev)
	g.spend(ev)
}

// spend ends one action: the turn passes after two (OL-7); the tie-break
// is laid when its moment comes (OL-41).
func (g *Game) spend(ev *events) {
	if g.phase == Over {
		return
	}
	g.tieBreak(ev)
	g.actions--
	if g.actions > 0 {
		return
	}
	g.turn, g.actions = 1-g.turn, ActionsPerTurn
	g.turnNo++
	ev.public("ol.ev.turn", "role", roleKey(g.turn))
}

// tieBreak is OL-41.
func (g *Game) tieBreak(ev *events) {
	if g.tiebreak || g.held[0][Ballot] != 3 || g.held[1][Ballot] != 3 || g.spent[Bullet] != 3 || g.spent[Handcuffs] != 3 {
		return
	}
	g.tiebreak = true
	for i, t := range g.row {
		if t != None {
			g.out[t]++
			g.row[i] = None
		}
	}
	for _, t := range g.stock {
		g.out[t]++
	}
	g.stock = nil
	lay := []Token{Bullet, Bullet, Bullet, Handcuffs, Handcuffs, Handcuffs, Fake, Fake}
	g.spent[Bullet], g.spent[Handcuffs] = 0, 0
	g.out[Fake] -= 2
	g.rng.Shuffle(len(lay), func(i, j int) { lay[i], lay[j] = lay[j], lay[i] })
	copy(g.row[:], lay)
	g.know.relaid()
	ev.public("ol.ev.tiebreak")
	ev.random()
}

func (g *Game) win(s engine.Seat, reason string, ev *events) {
	g.phase = Over
	g.pend = nil
	g.outcome = engine.Outcome{Over: true, Winners: []engine.Seat{s}, Reason: engine.M(reason, "role", roleKey(s))}
	ev.public(reason, "role", roleKey(s))
}

// arranged ends seat s's setup (OL-4); once both are done the tokens are
// laid and the start player drawn (OL-5, OL-6).
func (g *Game) arranged(s engine.Seat, ev *events) {
	copy(g.street[s][:], g.placed[s][:Slots])
	copy(g.saloon[s][:], g.placed[s][Slots:])
	g.know.arranged(s, g.street[s])
	var list []string
	for i, c := range g.street[s] {
		list = append(list, slotArg(i)+" "+g.Card(int(s), c))
	}
	ev.private(s, false, "ol.pv.arranged", "street", strings.Join(list, ", "), "a", g.saloon[s][0].Msg(), "b", g.saloon[s][1].Msg())
	ev.public("ol.ev.arranged", "role", roleKey(s), "a", g.saloon[s][0].Msg(), "b", g.saloon[s][1].Msg())
	ev.table("ol.do.arrange", "role", roleKey(s), "a", g.Card(int(s), g.saloon[s][0]), "b", g.Card(int(s), g.saloon[s][1]))
	if len(g.placed[1-s]) < 10 {
		return
	}
	for i := range g.row {
		g.row[i] = g.stock[len(g.stock)-1]
		g.stock = g.stock[:len(g.stock)-1]
	}
	g.turn = engine.Seat(g.rng.IntN(2))
	g.actions = ActionsPerTurn
	g.phase = Play
	ev.public("ol.ev.start", "role", roleKey(g.turn))
	ev.random()
}

// deal arranges the rest of seat s's cards at random ("deal for me").
func (g *Game) deal(s engine.Seat, ev *events) {
	var used [NumChars]bool
	for _, c := range g.placed[s] {
		used[c] = true
	}
	var rest []Char
	for c := Char(0); c < NumChars; c++ {
		if !used[c] {
			rest = append(rest, c)
		}
	}
	g.rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	// The Governor goes to the street: swap it with a card dealt there.
	start := len(g.placed[s])
	for k, c := range rest {
		if c == Governor && start+k >= Slots {
			j := g.rng.IntN(Slots - start)
			rest[k], rest[j] = rest[j], rest[k]
		}
	}
	g.placed[s] = append(g.placed[s], rest...)
	ev.private(s, false, "ol.pv.dealt")
	ev.random()
	g.arranged(s, ev)
}
