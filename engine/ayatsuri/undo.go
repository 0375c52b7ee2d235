package ayatsuri

import (
	"strings"

	"tablemaster/engine"
)

var _ engine.Restorer = (*Game)(nil)

// Restore says how to put the real cards, chips and marker back after
// action a of seat s was undone (DESIGN.md principle 6). g is the game as
// it was before a. The action's public events are taken back from the last
// to the first: its table instructions, and the public moves of real cards
// and chips that have none (cards passed on, a role card turned face up, a
// new round laid out, a fee chip handed over before its side is chosen). A pick is told to the table without the role: only the
// picker is told which card goes back.
func (g *Game) Restore(s engine.Seat, a engine.Action, undone []engine.Event) []engine.Event {
	var out []engine.Event
	laidOut := false
	for i := len(undone) - 1; i >= 0; i-- {
		e := undone[i]
		if !e.IsPublic() || laidOut && roleCardMoves[e.Key] {
			continue
		}
		out = append(out, g.undoEvent(e)...)
		// Taking a new round back lays out the role cards of the round
		// before as the screen shows them: their earlier moves are in that.
		laidOut = laidOut || e.Key == "ay.ev.round"
	}
	if act, err := g.decode(string(a)); err == nil && act.verb == "pick" {
		out = append(out, engine.TableEvent("ay.undo.pick", "name", g.name(s)),
			engine.Event{Msg: engine.M("ay.undo.picked", roleArgs(act.role)...), To: []engine.Seat{s}})
	}
	return out
}

// roleCardMoves are the public moves of role cards, which laying out a
// whole round again already puts right.
var roleCardMoves = map[string]bool{"ay.ev.reveal": true, "ay.ev.dictator_exposed": true, "ay.ev.bomb_found": true,
	"ay.ev.passed": true, "ay.do.face_down_added": true, "ay.do.hand": true, "ay.do.bomb_back": true}

// undoEvent is what takes back one public event on the real table; nil
// when the event moved nothing there.
func (g *Game) undoEvent(e engine.Event) []engine.Event {
	arg := e.Args
	one := func(key string, nv ...string) []engine.Event { return []engine.Event{engine.TableEvent(key, nv...)} }
	switch e.Key {
	case "ay.do.face_down_added":
		return one("ay.undo.face_down_added", "name", arg["name"], "n", arg["n"])
	case "ay.do.marker":
		// g is the game before the action: the marker is where it goes back.
		return one("ay.undo.marker", "name", g.name(g.marker))
	case "ay.do.kill":
		return one("ay.undo.kill", "killer", arg["killer"], "target", arg["target"])
	case "ay.do.self_kill":
		return one("ay.undo.self_kill", "name", arg["name"])
	case "ay.do.supply_kill":
		return one("ay.undo.supply_kill", "name", arg["name"])
	case "ay.do.purge":
		return one("ay.undo.purge", "names", arg["names"])
	case "ay.do.heal":
		return one("ay.undo.heal", "name", arg["name"])
	case "ay.do.fee":
		return one("ay.undo.fee", "det", arg["det"], "chip", arg["chip"], "side", arg["side"])
	case "ay.ev.fee_paid":
		return one("ay.undo.fee_paid", "name", arg["name"], "det", arg["det"], "chip", arg["chip"])
	case "ay.do.hand":
		return one("ay.undo.hand", "name", arg["name"], "target", arg["target"])
	case "ay.do.bomb_back":
		return one("ay.undo.bomb_back", "name", arg["name"], "owner", arg["owner"])
	case "ay.do.bomb_missed_both", "ay.do.bomb_missed_life", "ay.do.bomb_missed_kill":
		return one(strings.Replace(e.Key, ".do.", ".undo.", 1), "name", arg["name"])
	case "ay.ev.passed":
		return one("ay.undo.passed", "name", arg["name"], "to", arg["to"], "n", arg["n"])
	case "ay.ev.reveal", "ay.ev.dictator_exposed":
		return one("ay.undo.reveal", "name", arg["name"])
	case "ay.ev.bomb_found":
		return one("ay.undo.reveal", "name", arg["target"])
	case "ay.ev.round":
		return one("ay.undo.round", "n", arg["n"])
	}
	if e.Table {
		return []engine.Event{engine.UndoTable(e.Msg)}
	}
	return nil
}
