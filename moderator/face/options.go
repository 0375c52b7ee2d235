package face

import (
	"encoding/json"
	"fmt"
	"slices"

	"tablemaster/engine"
)

// Option is one of a game's table options as the host page offers it when
// a table is created from the browser: the same choices as the game's
// command-line flags.
type Option struct {
	Name  string     // the flag's name: "deck"
	Label engine.Msg // what the host reads: "Evidence deck"
	// Values are the words it may take, the default first.
	Values []string
}

// Configurer is implemented by a face whose tables can be created from
// the host page. Configure turns the seats and the chosen values (every
// Option by name; a missing one takes its default) into the options the
// table stores, as the game's command does with its flags. remembered is
// what the night remembers of each seat, for a face that is also a
// Rememberer (Super Rock's SR-13), else nil.
type Configurer interface {
	Options() []Option
	Configure(seats []string, values map[string]string, remembered [][]string) (any, error)
}

// Rematcher is implemented by a face whose game needs more than the old
// table's options for a rematch: Super Rock deals no one a character they
// played earlier that night (SR-13), so the rematch's options take the
// night's memory as it is now. Options are the old table's stored ones.
type Rematcher interface {
	Rematch(options json.RawMessage, seats []string, remembered [][]string) (any, error)
}

// Values are the chosen values of every option in opts, each its default
// where values has none; an unknown option or value is an error that
// names it and what it may be.
func Values(opts []Option, values map[string]string) (map[string]string, error) {
	out := make(map[string]string, len(opts))
	for _, o := range opts {
		v := values[o.Name]
		switch {
		case v == "":
			v = o.Values[0]
		case !slices.Contains(o.Values, v):
			return nil, fmt.Errorf("%s must be one of %v, not %q", o.Name, o.Values, v)
		}
		out[o.Name] = v
	}
	for name := range values {
		if _, ok := out[name]; !ok {
			return nil, fmt.Errorf("no option %q", name)
		}
	}
	return out, nil
}

// Sheeter is implemented by faces whose tables use a reference sheet
// named otherwise than the game, by their stored options: a table of
// Noir's Automata variant links to "noir-automata".
type Sheeter interface {
	Sheet(options json.RawMessage) string
}
