package superrock

import (
	"strings"

	"tablemaster/engine"
)

var _ engine.Restorer = (*Game)(nil)

// Restore says how to put the real cards and pins back after action a of
// seat s was undone (DESIGN.md principle 6). g is the game as it was
// before a. The action's instructions and public events are taken back
// from the last to the first. Instructions that only told people what to
// roll or wait for moved nothing and need nothing; the secret swap of an
// ambush card is taken back by the base players alone, while the others
// look away, as it was made.
func (g *Game) Restore(s engine.Seat, a engine.Action, undone []engine.Event) []engine.Event {
	var out []engine.Event
	for i := len(undone) - 1; i >= 0; i-- {
		e := undone[i]
		switch {
		case e.IsPublic():
			out = append(out, g.undoEvent(e)...)
		case e.Table && e.Key == "sr.do.ambush_swap":
			// Told to the base players only: they swap back, unseen.
			out = append(out, engine.TableEvent("sr.undo.look_away", "players", g.names(g.baseSeats()), "player", e.Args["player"]),
				engine.Event{Msg: engine.M("sr.undo.ambush_swap", "player", e.Args["player"], "card", e.Args["card"],
					"planet", e.Args["planet"], "square", e.Args["square"]), To: append([]engine.Seat(nil), e.To...)},
				engine.TableEvent("sr.do.look_again"))
		}
	}
	return out
}

// nothingToUndo are the instructions that moved no card, pin or chip:
// they said what to roll, to wait for, or to leave in the box.
var nothingToUndo = map[string]bool{
	"sr.do.reject": true, "sr.do.deal": true, "sr.do.shadow_virtual": true, "sr.do.shadow_physical": true,
	"sr.do.ambush_physical": true, "sr.do.ambush_virtual": true, "sr.do.look_again": true,
	"sr.do.order_virtual": true, "sr.do.order_physical": true, "sr.do.planet_cards_virtual": true,
	"sr.do.planet_virtual": true, "sr.do.planet_physical": true, "sr.do.identity_cards_physical": true,
	"sr.do.hubs_virtual": true, "sr.do.base_start": true, "sr.do.reveal_other": true, "sr.do.ambush_wait": true,
	// A secret base square is opened on the phones (virtual board only);
	// these say what the card there allows.
	"sr.do.open_hub": true, "sr.do.open_nova": true, "sr.do.open_king": true,
}

// undoEvent is what takes back one public event on the real table; nil
// when it moved nothing there.
func (g *Game) undoEvent(e engine.Event) []engine.Event {
	arg := e.Args
	one := func(key string, nv ...string) []engine.Event { return []engine.Event{engine.TableEvent(key, nv...)} }
	switch e.Key {
	case "sr.do.silhouettes":
		return one("sr.undo.silhouettes")
	case "sr.do.silhouettes_back":
		return one("sr.undo.silhouettes_back")
	case "sr.do.switch":
		return one("sr.undo.switch", "player", arg["player"], "from", arg["from"], "to", arg["to"])
	case "sr.do.planet_cards_physical":
		return one("sr.undo.planet_cards", "players", arg["players"])
	case "sr.do.planet_over_info", "sr.do.planet_end_virtual", "sr.do.planet_end_physical":
		return one("sr.undo.planet_end")
	case "sr.do.hubs_physical":
		return one("sr.undo.hubs_physical", "players", arg["players"])
	case "sr.do.entered", "sr.do.base_entry":
		return one("sr.undo.pin_off", "player", arg["player"])
	case "sr.do.appear":
		// A player who had appeared from their other ambush before moved
		// their pin from there: it goes back there, not off the board.
		for k, st := range g.ambushState {
			if st == ambushAppeared && g.name(g.ambushOwner[k]) == arg["player"] {
				return one("sr.undo.appear_back", "player", arg["player"], "card", AmbushNames[k])
			}
		}
		return one("sr.undo.appear", "player", arg["player"])
	case "sr.do.final":
		return one("sr.undo.final")
	case "sr.ev.sprung":
		return one("sr.undo.sprung", "card", arg["card"])
	case "sr.ev.info":
		if g.cfg.Board == PhysicalBoard {
			return one("sr.undo.info", "player", arg["player"])
		}
	}
	if e.Table && !nothingToUndo[e.Key] {
		if strings.HasPrefix(e.Key, "sr.do.") {
			// A chart or a card to follow (sr.do.planet.*, sr.do.open_room):
			// what the table did for it is taken back.
			return []engine.Event{engine.UndoTable(e.Msg)}
		}
	}
	return nil
}
