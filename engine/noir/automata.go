package noir

import (
	"strconv"
	"strings"

	"tablemaster/engine"
)

// The Automata variant (rules/noir.md NA) plays on the same Grid and the
// same Game as the playing-card variant; this file holds what differs.
// The Killer holds two secret cards, an identity and a disguise, and may
// swap them or pretend to (NA-7); the table learns only that a Disguise
// was taken. Either side may Collapse the grid by one line (NA-5), which
// takes two steps at the table: the axis, then one dead suspect per line.
// The Inspector may Canvas with a hand card (NA-9) and ends the game with
// an Accuse (NA-10), also in steps: "accuse", then two "name"s.

// The kinds of action each Automata phase takes.
var (
	automataKiller    = []string{"shift", "collapse", "kill", "disguise"}
	automataInspector = []string{"shift", "collapse", "arrest", "canvas", "accuse"}
	collapseKinds     = []string{"remove", "cancel"}
	accuseKinds       = []string{"name", "cancel"}
)

// wantA is the kinds of action seat s may take in the current phase.
func (g *Game) wantA(s engine.Seat) []string {
	switch g.phase {
	case KillerIdentity, InspectorDraw:
		if g.cfg.Deck == Physical {
			return drewKinds
		}
		return drawKinds[:1]
	case RefillDraw:
		return drewKinds
	case KillerFirstKill:
		return killKinds
	case InspectorKeep:
		return keepKinds
	case CollapsePick:
		return collapseKinds
	case AccusePick:
		return accuseKinds
	case Play:
		if g.mustDispute(s) {
			return disputeKinds
		}
		if s == Killer {
			return automataKiller
		}
		return automataInspector
	}
	return nil
}

// candidatesA lists the actions worth checking for seat s (Legal keeps
// those that pass check), in the order a phone shows them.
func (g *Game) candidatesA(s engine.Seat, out []act) []act {
	addCards := func(kind string, ids []int) {
		for _, id := range ids {
			out = append(out, act{kind: kind, card: id})
		}
	}
	switch g.phase {
	case KillerIdentity, InspectorDraw, RefillDraw:
		if g.cfg.Deck == Physical {
			addCards("drew", g.unknownTo(s))
		} else {
			out = append(out, act{kind: "draw", card: -1})
		}
	case KillerFirstKill:
		addCards("kill", g.living(g.grid.Neighbours(g.killer)))
	case InspectorKeep:
		addCards("keep", g.drawn)
	case CollapsePick:
		for r := range g.grid.Rows() {
			for c := range g.grid.Cols() {
				if id := g.grid.At(r, c); g.dead[id] {
					out = append(out, act{kind: "remove", card: id})
				}
			}
		}
		out = append(out, act{kind: "cancel", card: -1})
	case AccusePick:
		// Every suspect may be named (NA-10), dead or gone from the grid.
		for r := range g.grid.Rows() {
			for c := range g.grid.Cols() {
				out = append(out, act{kind: "name", card: g.grid.At(r, c)})
			}
		}
		addCards("name", g.removedOrder)
		out = append(out, act{kind: "cancel", card: -1})
	case Play:
		if g.mustDispute(s) {
			// The seat's only move: show the card (physical.go).
			addCards("dispute", []int{g.bad.card})
			break
		}
		for i := range g.grid.numShifts() {
			out = append(out, act{kind: "shift", card: -1, shift: g.grid.nthShift(i)})
		}
		out = append(out, act{kind: "collapse", card: -1, axis: Row}, act{kind: "collapse", card: -1, axis: Col})
		if s == Killer {
			addCards("kill", g.living(g.grid.Neighbours(g.killer)))
			out = append(out, act{kind: "disguise", card: -1, swap: "swap"}, act{kind: "disguise", card: -1, swap: "pretend"})
		} else {
			addCards("arrest", g.living(append([]int{g.insp}, g.grid.Neighbours(g.insp)...)))
			addCards("canvas", g.hand)
			out = append(out, act{kind: "accuse", card: -1})
		}
	}
	return out
}

// checkA says why an action of the Automata variant's own kinds cannot be
// taken now (check has made sure it is of a kind the phase takes).
func (g *Game) checkA(a act) error {
	switch a.kind {
	case "disguise": // NA-6: a dead disguise cannot be taken on
		if g.dead[g.disguise] {
			return illegal("noir.err.disguise_dead", "suspect", g.sname(g.disguise), "cell", g.cell(g.disguise))
		}
	case "collapse": // NA-5
		return g.collapsible(a.axis)
	case "remove":
		if !g.grid.Contains(a.card) {
			return illegal("noir.err.removed", "suspect", g.sname(a.card))
		}
		if !g.dead[a.card] {
			return illegal("noir.err.remove_alive", "suspect", g.sname(a.card), "cell", g.cell(a.card))
		}
		line := g.pickLine(a.card)
		if got := g.picks[line]; got >= 0 {
			return illegal("noir.err.line_taken", "line", lineKey(g.pickAxis), "n", lineName(g.pickAxis, line),
				"suspect", g.sname(got), "cell", g.cell(got))
		}
	case "canvas": // NA-9
		if g.deckLeft() == 0 {
			return illegal("noir.err.canvas_deck_empty")
		}
		if !contains(g.hand, a.card) {
			return illegal("noir.err.not_in_hand", "card", g.ename(a.card))
		}
	case "name": // NA-10
		if a.card < 0 || a.card >= NumSuspects {
			return illegal("noir.err.no_such_card", "text", strconv.Itoa(a.card))
		}
		if a.card == g.accused {
			return illegal("noir.err.named_twice", "suspect", g.sname(a.card))
		}
	}
	return nil
}

// collapsible says why no Collapse along axis is possible now (NA-5):
// every row (or every column) must hold a dead suspect, and a line of the
// other axis must be left afterwards.
func (g *Game) collapsible(axis Axis) error {
	lines, length := g.grid.Rows(), g.grid.Cols()
	if axis == Col {
		lines, length = g.grid.Cols(), g.grid.Rows()
	}
	if length < 2 {
		return illegal("noir.err.collapse_last", "line", lineKey(axis))
	}
	for l := range lines {
		dead := false
		for i := range length {
			r, c := l, i
			if axis == Col {
				r, c = i, l
			}
			dead = dead || g.dead[g.grid.At(r, c)]
		}
		if !dead {
			return illegal("noir.err.collapse_no_dead", "line", lineKey(axis), "n", lineName(axis, l))
		}
	}
	return nil
}

// pickLine is the line of the collapse that suspect id lies in.
func (g *Game) pickLine(id int) int {
	r, c, _ := g.grid.Find(id)
	if g.pickAxis == Row {
		return r
	}
	return c
}

func lineKey(axis Axis) string {
	if axis == Row {
		return "@noir.line.row"
	}
	return "@noir.line.col"
}

func lineName(axis Axis, i int) string {
	if axis == Row {
		return strconv.Itoa(i + 1)
	}
	return ColName(i)
}

// execA carries out an action of the Automata variant.
func (g *Game) execA(s engine.Seat, a act, ev *events) {
	switch a.kind {
	case "drew": // a physical deck (NC-4 as in the playing-card variant)
		ev.public("noir.ev.drew_physical", "role", roleKey(s))
		ev.drawn()
		ev.private(s, false, "noir.pv.entered", "card", g.ename(a.card))
		g.take(s, a.card, ev)
		g.enteredA(s, a.card, ev)
	case "dispute":
		g.dispute(ev)
	case "draw":
		if g.phase == InspectorDraw {
			g.drawVirtual(s, ev) // NA-2 as NC-6: four cards, keep one
			return
		}
		// NA-2: an identity, then a disguise.
		g.killer = g.deck[len(g.deck)-1]
		g.disguise = g.deck[len(g.deck)-2]
		g.deck = g.deck[:len(g.deck)-2]
		ev.public("noir.ev.identity_disguise_drawn")
		ev.drawn()
		ev.private(Killer, true, "noir.pv.identity_disguise", "card", g.ename(g.killer), "suspect", g.sname(g.killer),
			"cell", g.cell(g.killer), "dcard", g.ename(g.disguise), "dsuspect", g.sname(g.disguise), "dcell", g.cell(g.disguise))
		ev.table("noir.do.two_cards", "role", roleKey(Killer))
		g.phase = KillerFirstKill
	case "keep":
		g.keep(a.card, ev)
	case "kill":
		g.killA(a.card, ev)
	case "shift":
		g.shift(s, a.shift, ev)
	case "arrest": // NA-8
		g.facts.learnInspector(g.grid.around(a.card)|bit(a.card), true)
		if a.card != g.killer {
			g.facts.learnKiller(bit(a.card), false)
		}
		g.arrest(a.card, "noir.ev.arrest", ev)
	case "disguise": // NA-7: the table hears the same either way
		g.facts.disguised(g.deadMask())
		if a.swap == "swap" {
			g.killer, g.disguise = g.disguise, g.killer
		}
		ev.public("noir.ev.disguised")
		ev.table("noir.do.disguise", "role", roleKey(Killer))
		// Not a reveal: the Killer knew both cards already, so the Killer
		// may take it back as any move that showed nothing.
		if !ev.quiet {
			ev.list = append(ev.list, engine.Event{To: []engine.Seat{Killer}, Msg: engine.M("noir.pv.disguise_"+a.swap,
				"card", g.ename(g.killer), "suspect", g.sname(g.killer), "cell", g.cell(g.killer),
				"dcard", g.ename(g.disguise), "dsuspect", g.sname(g.disguise), "dcell", g.cell(g.disguise))})
		}
		g.endTurn()
	case "collapse": // NA-5, first step: which lines
		lines := g.grid.Rows()
		if a.axis == Col {
			lines = g.grid.Cols()
		}
		g.pickAxis = a.axis
		g.picks = make([]int, lines)
		for i := range g.picks {
			g.picks[i] = -1
		}
		g.phase = CollapsePick
		ev.public("noir.ev.collapse_start."+a.axis.String(), "role", roleKey(s))
	case "remove":
		g.picks[g.pickLine(a.card)] = a.card
		ev.public("noir.ev.collapse_pick", "suspect", g.sname(a.card), "cell", g.cell(a.card))
		for _, id := range g.picks {
			if id < 0 {
				return
			}
		}
		g.collapse(s, ev)
	case "cancel":
		g.phase, g.picks, g.accused = Play, nil, -1
		ev.public("noir.ev.cancel", "role", roleKey(s))
	case "canvas":
		g.canvas(a.card, ev)
	case "accuse": // NA-10, first step
		g.phase = AccusePick
		ev.public("noir.ev.accuse_start")
	case "name":
		if g.accused < 0 {
			g.accused = a.card
			ev.public("noir.ev.accuse_first", "suspect", g.sname(a.card), "cell", g.cell(a.card))
			return
		}
		first := g.accused
		ev.public("noir.ev.accuse", "a", g.sname(first), "b", g.sname(a.card))
		if (first == g.killer && a.card == g.disguise) || (first == g.disguise && a.card == g.killer) {
			g.win(Inspector, "noir.win.accused", ev)
			return
		}
		g.win(Killer, "noir.win.wrong_accusation", ev)
	}
}

// killA is NA-6.
func (g *Game) killA(id int, ev *events) {
	cell := g.cell(id)
	// Everyone now knows the identity lies next to the killed suspect.
	g.facts.learnKiller(g.grid.around(id), true)
	g.dead[id] = true
	g.kills++
	ev.public("noir.ev.kill", "suspect", g.sname(id), "cell", cell)
	ev.table("noir.do.kill", "suspect", g.sname(id), "cell", cell)
	if id == g.insp {
		g.win(Killer, "noir.win.killed_inspector", ev)
		return
	}
	if g.innocent[id] {
		yes := g.grid.Adjacent(g.insp, id)
		g.facts.learnInspector(g.grid.around(id), yes)
		g.answer(id, g.insp, "noir.ev.ask_inspector", ev)
		// The evidence card on it is discarded.
		g.innocent[id] = false
		g.discarded = append(g.discarded, id)
		ev.table("noir.do.take_off", "card", g.ename(id), "suspect", g.sname(id), "cell", cell)
	}
	if n := g.cfg.KillsToWin(); g.kills >= n {
		g.win(Killer, "noir.win.kills", ev, "n", strconv.Itoa(n))
		return
	}
	if g.phase == KillerFirstKill {
		g.phase = InspectorDraw
		if g.cfg.Deck == Physical {
			ev.table("noir.do.draw_four", "role", roleKey(Inspector))
		}
	}
	g.endTurn()
}

// enteredA carries on once a card drawn from a physical deck is entered.
func (g *Game) enteredA(s engine.Seat, card int, ev *events) {
	switch g.phase {
	case KillerIdentity: // NA-2: the identity, then the disguise
		if g.killer < 0 {
			g.killer = card
			return
		}
		g.disguise = card
		ev.private(Killer, false, "noir.pv.identity_disguise", "card", g.ename(g.killer), "suspect", g.sname(g.killer),
			"cell", g.cell(g.killer), "dcard", g.ename(g.disguise), "dsuspect", g.sname(g.disguise), "dcell", g.cell(g.disguise))
		ev.table("noir.do.two_cards_physical", "role", roleKey(Killer))
		g.phase = KillerFirstKill
	case InspectorDraw:
		g.afterDraw(s, card, ev)
	case RefillDraw:
		if g.removed[card] {
			// Decision (NA-9): shown, discarded, and another drawn.
			g.discarded = append(g.discarded, card)
			ev.reveal("noir.ev.drawn_gone", "card", g.ename(card), "suspect", g.sname(card))
			ev.table("noir.do.discard", "card", g.ename(card))
		} else {
			g.hand = append(g.hand, card)
			g.refill--
		}
		if g.refill == 0 || g.deckLeft() == 0 {
			g.phase, g.turn, g.refill = Play, g.resume, 0
		}
	}
}

// refillAfter ends the turn of an action after which the Inspector draws
// n cards (NA-5, NA-9): from a virtual deck at once, from a physical one
// by entering each on the phone before the next seat moves.
func (g *Game) refillAfter(n int, ev *events) {
	if g.cfg.Deck != Physical {
		g.drawUp(n, ev)
		g.endTurn()
		return
	}
	g.endTurn()
	if n = min(n, g.deckLeft()); n <= 0 {
		if g.deckLeft() == 0 {
			ev.public("noir.ev.deck_out")
		}
		return
	}
	g.phase, g.refill, g.resume, g.turn = RefillDraw, n, g.turn, Inspector
	ev.table("noir.do.draw_n", "role", roleKey(Inspector), "n", strconv.Itoa(n))
}

// canvas is NA-9.
func (g *Game) canvas(id int, ev *events) {
	g.hand = remove(g.hand, id)
	yes := g.grid.Adjacent(g.killer, id)
	g.facts.learnKiller(g.grid.around(id), yes)
	if g.dead[id] {
		g.discarded = append(g.discarded, id)
		ev.reveal("noir.ev.canvas_dead", "card", g.ename(id), "suspect", g.sname(id), "cell", g.cell(id))
	} else {
		g.innocent[id] = true
		ev.reveal("noir.ev.canvas", "card", g.ename(id), "suspect", g.sname(id), "cell", g.cell(id))
	}
	g.answer(id, g.killer, "noir.ev.ask_killer", ev)
	if g.dead[id] {
		ev.table("noir.do.canvas_dead", "card", g.ename(id), "suspect", g.sname(id), "cell", g.cell(id))
	} else {
		g.layEvidence(id, ev)
	}
	g.refillAfter(3-len(g.hand), ev)
}

// collapse is NA-5 once a dead suspect is chosen in every line.
func (g *Game) collapse(s engine.Seat, ev *events) {
	taken := g.picks
	var where []string
	for _, id := range taken {
		where = append(where, g.sname(id)+" ("+g.cell(id)+")")
	}
	g.grid.Collapse(g.pickAxis, taken)
	for _, id := range taken {
		g.removed[id] = true
		g.removedOrder = append(g.removedOrder, id)
	}
	size := strconv.Itoa(g.grid.Rows()) + "×" + strconv.Itoa(g.grid.Cols())
	ev.public("noir.ev.collapsed", "role", roleKey(s), "cards", strings.Join(where, ", "), "size", size)
	ev.table("noir.do.collapse."+g.pickAxis.String(), "cards", strings.Join(where, ", "), "size", size)
	g.phase, g.picks = Play, nil
	g.lastShift = nil // the line numbers a last shift named may now mean others
	// The Inspector's cards whose suspects left are discarded, and as many
	// drawn.
	var gone []int
	for _, id := range g.hand {
		if g.removed[id] {
			gone = append(gone, id)
		}
	}
	if len(gone) > 0 {
		for _, id := range gone {
			g.hand = remove(g.hand, id)
		}
		g.discarded = append(g.discarded, gone...)
		cards := g.names(gone, g.ename)
		ev.reveal("noir.ev.hand_gone", "cards", cards)
		ev.table("noir.do.hand_gone", "cards", cards)
	}
	g.refillAfter(len(gone), ev)
}

// drawUp gives the Inspector n cards from the deck, fewer if it runs out.
// A card whose suspect has already left the grid could never be laid
// (Decision, NA-9): it is shown, discarded, and another drawn in its
// place, so that no hand card ever names a removed suspect.
func (g *Game) drawUp(n int, ev *events) {
	if n <= 0 {
		return
	}
	var got, shown []int
	for len(got) < n && len(g.deck) > 0 {
		top := g.deck[len(g.deck)-1]
		g.deck = g.deck[:len(g.deck)-1]
		if g.removed[top] {
			shown = append(shown, top)
			continue
		}
		got = append(got, top)
	}
	g.hand = append(g.hand, got...)
	g.discarded = append(g.discarded, shown...)
	if len(got)+len(shown) == 0 {
		ev.public("noir.ev.deck_out")
		return
	}
	ev.public("noir.ev.inspector_draws", "n", strconv.Itoa(len(got)))
	ev.drawn()
	for _, id := range shown {
		ev.reveal("noir.ev.drawn_gone", "card", g.ename(id), "suspect", g.sname(id))
		ev.drawn()
		ev.table("noir.do.discard", "card", g.ename(id))
	}
	if len(got) > 0 {
		ev.private(Inspector, true, "noir.pv.drew_cards", "cards", g.names(got, g.ename),
			"hand", g.names(g.hand, g.ename))
	}
}

// deadMask is the set of dead suspects.
func (g *Game) deadMask() uint32 {
	var m uint32
	for id, d := range g.dead {
		if d {
			m |= bit(id)
		}
	}
	return m
}

func bit(id int) uint32 { return 1 << uint(id) }

// around is the set of id's neighbours as the grid lies now (NG-2).
func (g Grid) around(id int) uint32 {
	var m uint32
	for _, n := range g.Neighbours(id) {
		m |= bit(n)
	}
	return m
}
