package noir

import (
	"strconv"

	"tablemaster/engine"
)

// A physical deck (NC-4) lets each seat enter the card it drew. The engine
// knows whether a card is still in the deck or lies hidden with the other
// seat, but the seat entering it does not, and must not learn it from the
// answer (principles 1 and 2): refusing the Killer's identity card as "not
// in the deck" would name the Killer. So an entry is refused only when the
// entering seat itself knows the card is out (its own cards, the cards on
// the table), and every other entry is accepted in exactly the same way.
//
// An entry that names a card the other seat holds cannot be a real draw. It
// stands as entered (the seat's hand, the public deck count and every event
// the seat and the table see are those of a true draw), the other seat is
// told privately, and on its next turn its only move is to show that card
// (dispute): the impossible entry then ends the game, lost by the seat that
// made it (Decision). A probe thus tells its maker nothing before the game
// is over, and an honest slip can still be undone (with the agreement of
// the other seat, as any draw) before the other seat's turn comes.

// badEntry is an entry that named a card the other seat holds hidden.
type badEntry struct {
	by   engine.Seat // the seat that entered it
	card int         // the card entered
	turn int         // the turn in which it was entered
}

// deckLeft is how many cards the real deck holds: what everyone sees.
func (g *Game) deckLeft() int { return len(g.deck) - g.lost }

// mustDispute reports whether seat s, to move now, holds the card another
// entry named, so that showing it is its only move.
func (g *Game) mustDispute(s engine.Seat) bool {
	return g.bad != nil && g.phase == Play && g.turn == s && g.bad.by != s && !g.outcome.Over
}

// hiddenOf lists the evidence cards seat s holds that the other seat cannot
// see: the Killer's identity (and disguise); the Inspector's identity,
// hand and the four setup cards.
func (g *Game) hiddenOf(s engine.Seat) []int {
	var out []int
	if s == Killer {
		if g.killer >= 0 {
			out = append(out, g.killer)
		}
		if g.disguise >= 0 {
			out = append(out, g.disguise)
		}
		return out
	}
	out = append(out, g.hand...)
	out = append(out, g.drawn...)
	if g.insp >= 0 {
		out = append(out, g.insp)
	}
	return out
}

// unknownTo lists, sorted, the evidence cards seat s cannot know to be out
// of the deck: the deck and whatever the other seat holds hidden, less the
// cards s holds itself and the ones shown on the table. With a physical
// deck a seat is offered all of these when it enters a draw, so the list
// of choices never tells it the other seat's cards; the list is the same
// whether or not the other seat's cards were drawn from the deck.
func (g *Game) unknownTo(s engine.Seat) []int {
	var in [NumSuspects]bool
	for _, id := range g.deck {
		in[id] = true
	}
	for _, id := range g.hiddenOf(1 - s) {
		in[id] = true
	}
	for _, id := range g.hiddenOf(s) {
		in[id] = false
	}
	for _, id := range g.discarded {
		in[id] = false
	}
	var out []int
	for id, ok := range in {
		if ok && !g.innocent[id] {
			out = append(out, id)
		}
	}
	return out
}

// mayDraw reports whether card is among unknownTo(s), without building
// the list (check asks it for every card Legal offers).
func (g *Game) mayDraw(s engine.Seat, card int) bool {
	if card < 0 || card >= NumSuspects || g.innocent[card] || contains(g.discarded, card) || contains(g.hiddenOf(s), card) {
		return false
	}
	return contains(g.deck, card) || contains(g.hiddenOf(1-s), card)
}

// take removes an entered card from the deck. A card that is not there
// lies hidden with the other seat: the entry stands (see the top of this
// file), the real deck still loses one card, and only the other seat is
// told.
func (g *Game) take(s engine.Seat, card int, ev *events) {
	if contains(g.deck, card) {
		g.deck = remove(g.deck, card)
		return
	}
	g.lost++
	if g.bad == nil {
		// A second impossible entry before the first is shown (the Automata
		// Inspector may enter both of the Killer's cards among four) stands
		// too; the first one, shown, ends the game.
		g.bad = &badEntry{by: s, card: card, turn: g.turnNo + 1}
	}
	victim := 1 - s
	ev.private(victim, false, "noir.pv.bad_entry."+roleName(victim), "card", g.ename(card), "role", roleKey(s))
}

// dispute shows the card a bad entry named and ends the game: the seat that
// entered it loses (Decision, rules/noir.md NC-4).
func (g *Game) dispute(ev *events) {
	victim := 1 - g.bad.by
	card := g.ename(g.bad.card)
	ev.reveal("noir.ev.bad_entry."+roleName(victim), "card", card, "turn", strconv.Itoa(g.bad.turn))
	ev.table("noir.do.show_card", "role", roleKey(victim), "card", card)
	g.win(victim, "noir.win.bad_entry."+roleName(victim), ev)
}

// roleName is "killer" or "inspector", for building catalogue keys.
func roleName(s engine.Seat) string {
	if s == Killer {
		return "killer"
	}
	return "inspector"
}

// settle changes the game so that a bad entry hidden from s becomes a
// real draw: the entering seat keeps the card it entered (its own view
// shows it), and the other seat holds a card from the deck instead.
// Resample starts from it, so that the states it draws are all ones where
// the entry was real, and s must not be able to tell them from the true
// one. Nothing changes when no deck card fits (the Killer's identity must
// be alive: if every deck card is dead, the Inspector knew that the card
// could only be the Killer's).
func (g *Game) settle(s engine.Seat) {
	b := g.bad
	if b == nil || g.outcome.Over || s == 1-b.by || g.lost > 1 {
		return
	}
	identity := g.killer == b.card
	if b.by == Killer {
		identity = g.insp == b.card
	}
	pick := -1
	for _, id := range g.deck {
		if !identity || !g.dead[id] {
			pick = id
			break
		}
	}
	if pick < 0 {
		return
	}
	switch {
	case b.by == Inspector && g.disguise == b.card:
		g.disguise = pick
	case b.by == Inspector:
		g.killer = pick
	case g.insp == b.card:
		g.insp = pick
	default:
		for i, id := range g.hand {
			if id == b.card {
				g.hand[i] = pick
			}
		}
	}
	g.deck = remove(g.deck, pick)
	g.lost--
	g.bad = nil
}
