package noir

import (
	"strconv"
	"strings"

	"tablemaster/engine"
)

var _ engine.Restorer = (*Game)(nil)

// Restore says how to put the real cards back after action a of seat s was
// undone (DESIGN.md principle 6). g is the game as it was before a. The
// table instructions of a are taken back from the last to the first; the
// public words name only what the table saw (a line, a chip, a card laid
// face up), never a card in a hand or the deck.
func (g *Game) Restore(s engine.Seat, a engine.Action, undone []engine.Event) []engine.Event {
	act, err := g.decode(string(a))
	if err != nil {
		return nil
	}
	lines := g.removedLines(act)
	out := engine.RestoreOrder(undone, func(e engine.Event) []engine.Event {
		return g.undoInstruction(e, lines)
	})
	if g.cfg.Deck != Physical {
		return out
	}
	switch act.kind {
	case "drew":
		// The card is in the player's hand: only its entry is taken back.
		out = append(out, engine.TableEvent("noir.undo.drew", "role", roleKey(s)))
		out = append(out, engine.Event{Msg: engine.M("noir.undo.drew_card", "card", g.ename(act.card)), To: []engine.Seat{s}})
	case "keep":
		out = append(out, engine.TableEvent("noir.undo.keep", "role", roleKey(s)))
	}
	return out
}

// removedLines says which lines a shift or kill made leave the grid (NC-15),
// as the grid was just before they left; nil when none did.
func (g *Game) removedLines(a act) *removal {
	if (a.kind != "shift" && a.kind != "kill") || g.cfg.Variant == Automata {
		return nil
	}
	grid := g.grid.Clone()
	dead := g.dead
	if a.kind == "shift" {
		if !grid.Valid(a.shift) {
			return nil
		}
		grid.Apply(a.shift)
	} else if a.card >= 0 && a.card < NumSuspects {
		dead[a.card] = true
	}
	gone, rows, cols := grid.RemoveFull(func(id int) bool { return dead[id] })
	if len(gone) == 0 {
		return nil
	}
	return &removal{cards: g.names(gone, g.sname), rows: rows, cols: cols}
}

type removal struct {
	cards      string
	rows, cols []int
}

var reverseDir = map[string]string{
	"@noir.dir.left": "@noir.dir.right", "@noir.dir.right": "@noir.dir.left",
	"@noir.dir.up": "@noir.dir.down", "@noir.dir.down": "@noir.dir.up",
}

// undoInstruction is the instruction that takes back one table instruction.
func (g *Game) undoInstruction(e engine.Event, lines *removal) []engine.Event {
	arg := e.Args
	switch e.Key {
	case "noir.do.shift":
		return []engine.Event{engine.TableEvent("noir.undo.shift", "line", arg["line"], "n", arg["n"], "dir", reverseDir[arg["dir"]])}
	case "noir.do.remove":
		if lines != nil && lines.cards == arg["cards"] && len(lines.rows)+len(lines.cols) == 1 {
			if len(lines.rows) == 1 {
				return []engine.Event{engine.TableEvent("noir.undo.remove_row", "cards", arg["cards"], "n", strconv.Itoa(lines.rows[0]+1))}
			}
			return []engine.Event{engine.TableEvent("noir.undo.remove_col", "cards", arg["cards"], "n", ColName(lines.cols[0]))}
		}
		return []engine.Event{engine.TableEvent("noir.undo.remove", "cards", arg["cards"])}
	case "noir.do.kill":
		return []engine.Event{engine.TableEvent("noir.undo.kill", "suspect", arg["suspect"], "cell", arg["cell"])}
	case "noir.do.innocent_virtual", "noir.do.innocent_physical":
		return []engine.Event{engine.TableEvent(strings.Replace(e.Key, ".do.", ".undo.", 1),
			"card", arg["card"], "suspect", arg["suspect"], "cell", arg["cell"])}
	case "noir.do.discard":
		return []engine.Event{engine.TableEvent("noir.undo.discard", "card", arg["card"])}
	case "noir.do.draw_one":
		return []engine.Event{engine.TableEvent("noir.undo.draw_one", "role", arg["role"])}
	case "noir.do.two_cards", "noir.do.two_cards_physical", "noir.do.disguise":
		return []engine.Event{engine.TableEvent(strings.Replace(e.Key, ".do.", ".undo.", 1), "role", arg["role"])}
	case "noir.do.collapse.row", "noir.do.collapse.col":
		return []engine.Event{engine.TableEvent("noir.undo.collapse", "cards", arg["cards"])}
	case "noir.do.hand_gone":
		return []engine.Event{engine.TableEvent("noir.undo.hand_gone", "cards", arg["cards"])}
	case "noir.do.take_off":
		return []engine.Event{engine.TableEvent("noir.undo.take_off", "card", arg["card"], "suspect", arg["suspect"], "cell", arg["cell"])}
	case "noir.do.canvas_dead":
		return []engine.Event{engine.TableEvent("noir.undo.canvas_dead", "card", arg["card"])}
	case "noir.do.draw_n":
		return []engine.Event{engine.TableEvent("noir.undo.draw_n", "role", arg["role"])}
	case "noir.do.draw_four":
		return []engine.Event{engine.TableEvent("noir.undo.draw_four", "role", arg["role"])}
	}
	return []engine.Event{engine.UndoTable(e.Msg)}
}
