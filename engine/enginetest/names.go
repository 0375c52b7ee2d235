package enginetest

import (
	"strings"

	"tablemaster/engine"
)

// Plain is a message argument as a test compares it: a list of names made
// by engine.Names reads "Aki, Chika" (as the English sentence writes it),
// anything else as it is.
func Plain(v string) string {
	if list, ok := engine.NameList(v); ok {
		return strings.Join(list, ", ")
	}
	return v
}

// PlainArgs is a copy of the events with every argument made Plain.
func PlainArgs(evs []engine.Event) []engine.Event {
	out := make([]engine.Event, len(evs))
	for i, e := range evs {
		out[i] = e
		if len(e.Args) == 0 {
			continue
		}
		out[i].Args = make(map[string]string, len(e.Args))
		for k, v := range e.Args {
			out[i].Args[k] = Plain(v)
		}
	}
	return out
}
