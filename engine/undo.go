package engine

// UndoTable is the public instruction that reverses a table instruction a
// game has no particular words for: "Undo on the real table: Put a kill
// chip on ♠7 (B2)." Games use it for instructions added after their
// Restore was written, so an undo never leaves the real cards unmentioned.
func UndoTable(instruction Msg) Event {
	return Event{Msg: M("undo.table").With("instruction", instruction), Table: true}
}

// TableEvent is a public instruction for the physical cards.
func TableEvent(key string, nameValues ...string) Event {
	return Event{Msg: M(key, nameValues...), Table: true}
}

// RestoreOrder walks the public table instructions of an undone action from
// the last to the first, the order in which the real table takes them
// back, and collects what undo returns for each (nothing, one event or
// several).
func RestoreOrder(undone []Event, undo func(Event) []Event) []Event {
	var out []Event
	for i := len(undone) - 1; i >= 0; i-- {
		if e := undone[i]; e.Table && e.IsPublic() {
			out = append(out, undo(e)...)
		}
	}
	return out
}

func init() {
	Register(map[string]Text{
		"undo.table": {EN: "Undo on the real table: {instruction}", JA: "実物の場で元に戻してください：{instruction}"},
	})
}
