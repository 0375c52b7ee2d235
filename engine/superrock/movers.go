package superrock

import "tablemaster/engine"

// The moves a table waits for (PublicView.Move): what the movers are
// asked to do now. "sr.move.you.<move>" says it to a mover,
// "sr.move.other.<move>" to the others.
const (
	MoveDeal     = "deal"     // SR-11: anyone deals
	MoveKeep     = "keep"     // SR-13: keep or reject
	MoveShadow   = "shadow"   // SR-14: roll and pick a silhouette
	MoveLineup   = "lineup"   // SR-15: an Evil silhouette keeps it or switches
	MoveAmbush   = "ambush"   // SR-16: hide an ambush
	MoveOrder    = "order"    // SR-17: roll for the turn order
	MoveLand     = "land"     // SR-20: land on the planet
	MoveAppear   = "appear"   // SR-24: the ambush owner's decision
	MoveHubs     = "hubs"     // SR-25: place the hubs
	MoveEnter    = "enter"    // SR-26: roll to enter the secret base
	MoveBaseTurn = "baseturn" // SR-25: open a square of the secret base
	MoveAnswer   = "answer"   // SR-40: accept or veto
	MoveOverride = "override" // SR-41: override or withdraw
	MoveConfirm  = "confirm"  // SR-43: confirm the own conditions
)

// turnEnds are the board actions that end a player's turn: the next
// player in the stage's order moves (SR-17, SR-20, SR-26). An entry
// declared for real dice ends it only once the sum is entered.
var turnEnds = map[string]bool{"land": true, "enter": true, "sum": true, "enterbase": true, "enterat": true, "open": true}

// Movers says whose move it is and what the move is, from what everyone
// may know: the seats the table waits for (several in the preparation's
// simultaneous steps) and one of the Move constants; none and "" when
// the table waits for nobody in particular (a physical board's planet
// phase, where the moves happen on the real board, or the game's end).
//
// The tool does not refuse a move out of turn (the real table may agree
// otherwise); the turn follows whoever moved last.
func (g *Game) Movers() ([]engine.Seat, string) {
	n := g.Seats()
	var out []engine.Seat
	all := func(ok func(s int) bool) []engine.Seat {
		for s := 0; s < n; s++ {
			if ok(s) {
				out = append(out, engine.Seat(s))
			}
		}
		return out
	}
	switch g.phase {
	case DealPhase:
		return all(func(int) bool { return true }), MoveDeal
	case RejectPhase:
		return all(func(s int) bool { return !g.kept[s] }), MoveKeep
	case ShadowPhase:
		return all(func(s int) bool { return g.roll[s] == 0 || g.pick[s] < 0 }), MoveShadow
	case LineupPhase:
		return all(func(s int) bool { return g.toAnswer(engine.Seat(s)) }), MoveLineup
	case AmbushPhase:
		for c, o := range g.ambushOwner {
			if g.ambush[c] < 0 && (len(out) == 0 || out[0] != o) {
				out = append(out, o)
			}
		}
		return out, MoveAmbush
	case OrderPhase:
		return all(func(s int) bool { return g.orderIn[s] }), MoveOrder
	case VetoPhase:
		if d := g.decl; d != nil && d.next < len(d.order) {
			return []engine.Seat{d.order[d.next]}, MoveAnswer
		}
		return nil, ""
	case OverridePhase:
		if d := g.decl; d != nil {
			return []engine.Seat{d.by}, MoveOverride
		}
		return nil, ""
	case ConfirmPhase:
		return all(func(int) bool { return true }), MoveConfirm
	case PlayPhase:
	default:
		return nil, ""
	}
	if k := g.pendingAmbush(); k >= 0 {
		return []engine.Seat{g.ambushOwner[k]}, MoveAppear
	}
	switch g.stage {
	case PlanetStage:
		if !g.virtual() {
			return nil, ""
		}
		if s, ok := g.nextTurn(g.PlanetOrder(), func(s engine.Seat) bool { return !g.dead[s] }); ok {
			return []engine.Seat{s}, MoveLand
		}
	case HubStage:
		return g.baseSeats(), MoveHubs
	case BaseStage:
		// A turn the tool can see: an entry roll, or (virtual board) a
		// non-base player's step onto a square.
		can := func(s engine.Seat) bool {
			return !g.dead[s] && (!g.entered[s] || g.virtual() && !g.Base(s))
		}
		if s, ok := g.nextTurn(g.TurnOrder(), can); ok {
			if g.entered[s] {
				return []engine.Seat{s}, MoveBaseTurn
			}
			return []engine.Seat{s}, MoveEnter
		}
	}
	return nil, ""
}

// nextTurn is the first seat that can move and is in order (the stage's
// turns, a part of TurnOrder), going round TurnOrder from the one after
// the player who moved last (from the starter before anyone has). The
// last mover may be outside order: a base player may land too.
func (g *Game) nextTurn(order []engine.Seat, can func(engine.Seat) bool) (engine.Seat, bool) {
	all := g.TurnOrder()
	in := map[engine.Seat]bool{}
	for _, s := range order {
		in[s] = true
	}
	start := 0
	for i, s := range all {
		if s == g.lastTurn {
			start = i + 1
		}
	}
	for i := range all {
		if s := all[(start+i)%len(all)]; in[s] && can(s) {
			return s, true
		}
	}
	return -1, false
}
