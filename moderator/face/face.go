package face

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"

	"tablemaster/engine"
)

// Face is how one game looks at the table. A face fulfils it and
// registers itself with Register; the core finds it by the game's name,
// which is written in every table's log.
type Face interface {
	// Name is the game's name in commands and logs: "noir".
	Name() string
	// Seats are the default seat names and the bounds on their number.
	Seats() Seats
	// New builds the game from a table header's seats (players in seat
	// order) and stored options.
	New(seats []string, options json.RawMessage, seed uint64) (engine.Game, error)
	// Role is the catalogue key of a seat's public role ("noir.role.killer"),
	// or "" for every seat of a game whose roles are secret.
	Role(s engine.Seat) string
	// WriteApp writes the part of a page that live updates replace: a
	// seat's page (d.Phone) or the table screen, from the snapshot in d,
	// which holds only what that device may see. It is written in Go, in
	// one place (see the package doc); the Write... parts are what every
	// page shares, and WriteByDevice picks the device's writer.
	WriteApp(b *bytes.Buffer, d *Page)
	// Text writes the terminal view of a snapshot: the table screen's
	// public information, or one seat's private screen (pass-and-play).
	Text(b *strings.Builder, snap *Snapshot, l engine.Lang)
	// Night is what a table contributes to the night sheet, read from
	// the game's public view only (it is printed for everyone).
	Night(g engine.Game) Night
}

// WriteByDevice is a WriteApp for a game whose pages read its engine's
// views: phone writes a seat's page from its View (V), table the table
// screen from the PublicView (P).
func WriteByDevice[V, P any](b *bytes.Buffer, d *Page, phone func(*bytes.Buffer, *Page, *V), table func(*bytes.Buffer, *Page, *P)) {
	if d.Phone {
		v, _ := d.Snap.View.(V)
		phone(b, d, &v)
		return
	}
	v, _ := d.Snap.View.(P)
	table(b, d, &v)
}

// Seats are the seat names used when none are given, and how many seats
// a table of the game may have.
type Seats struct {
	Default  []string
	Min, Max int
}

var (
	mu    sync.RWMutex
	faces = map[string]Face{}
)

// Register makes a face available by its name. It panics if the name is
// taken, as database/sql.Register does: two packages claiming one game is
// a mistake in the program, not in its input.
func Register(f Face) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := faces[f.Name()]; dup {
		panic("face: Register called twice for " + f.Name())
	}
	faces[f.Name()] = f
}

// Lookup returns the face of the game called name.
func Lookup(name string) (Face, error) {
	mu.RLock()
	f, ok := faces[name]
	mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("unknown game %q (known: %v)", name, Names())
	}
	return f, nil
}

// Names lists the registered games, sorted.
func Names() []string {
	mu.RLock()
	defer mu.RUnlock()
	names := make([]string, 0, len(faces))
	for n := range faces {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// BotSeater is a face whose game tablemaster can play a seat of (issue
// 28): its engine redraws what a seat cannot see (engine.Resampler), and
// the face says which tables a bot cannot sit at. A face without it
// seats no bot.
type BotSeater interface {
	// BotSeat returns nil when tablemaster can play seat s at a table of
	// these options, else why not: an *engine.MsgError a person can act
	// on. A bot sees no real card, so a table whose hidden things are
	// real (a real deck, real dice) cannot seat one.
	BotSeat(options json.RawMessage, s engine.Seat) error
}
