package moderator

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"tablemaster/engine"
)

// TableInfo is one table of a state folder as `tablemaster tables` lists
// it: public facts only.
type TableInfo struct {
	ID, Game string
	// Name is the game's name as the night sheet gives it, with its
	// variant: "Noir (Automata)".
	Name    engine.Msg
	Seats   []string
	Created time.Time
	Last    time.Time // its last record: the last action, undo or relink
	Actions int       // actions that stand
	Over    bool
	Result  engine.Msg    // how it ended, once over
	Turn    []engine.Seat // whose turn it is, while not over
}

// List reads every table of the state folder dir, oldest first, with the
// files it could not use.
func List(dir string) ([]TableInfo, []Skipped, error) {
	always := NightSpan{End: time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)}
	tables, skipped, err := nightTables(dir, always)
	var out []TableInfo
	for _, nt := range tables {
		snap := nt.t.Snapshot(engine.Public)
		info := TableInfo{ID: nt.hdr.ID, Game: nt.hdr.Game, Name: nt.t.gameName(), Seats: nt.hdr.Seats, Created: nt.at, Last: nt.last,
			Actions: len(nt.t.steps()), Over: snap.Outcome.Over, Result: snap.Outcome.Reason}
		for i, on := range snap.Turn {
			if on {
				info.Turn = append(info.Turn, engine.Seat(i))
			}
		}
		out = append(out, info)
	}
	return out, skipped, err
}

// Archive moves a table's log into the state folder's archive folder: the
// table leaves the lists (tables, night, resume) but nothing is deleted;
// moving the file back brings it back. A table a tablemaster is serving
// holds its log: the caller checks that first.
func Archive(dir, id string) (string, error) {
	if id == "" || filepath.Base(id) != id || strings.HasPrefix(id, ".") {
		return "", fmt.Errorf("%q is not a table id", id)
	}
	from := filepath.Join(dir, "tables", id+".jsonl")
	if _, err := os.Stat(from); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return "", fmt.Errorf("no table %s in %s", id, dir)
		}
		return "", err
	}
	archive := filepath.Join(dir, "archive")
	if err := os.MkdirAll(archive, 0o700); err != nil {
		return "", err
	}
	to := filepath.Join(archive, id+".jsonl")
	if _, err := os.Stat(to); err == nil {
		return "", fmt.Errorf("%s is already in the archive", to)
	}
	return to, os.Rename(from, to)
}

// gameName is the table's game as every list names it, variant and all
// ("Noir (Automata)"): the name the game's face gives the night sheet,
// read from the public view only.
func (t *Table) gameName() engine.Msg {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.face.Night(t.game).Name
}

// GameName is the table's game in language l as every list names it,
// variant and all: "Noir (Automata)".
func (t *Table) GameName(l engine.Lang) string { return l.Text(t.gameName()) }

// putAway puts a table nobody played out of the way, as `tablemaster
// tables drop` does: its links stop, it leaves the lists and the night,
// and its log moves to the archive (moving it back brings it back). A
// table with an action that stands is refused: it is a game of the night.
func (st *Store) putAway(t *Table) (string, error) {
	if len(t.steps()) > 0 {
		return "", engine.Errorf(engine.ErrIllegal, "moderator", engine.M("mod.hub.played"))
	}
	st.Abandon(t)
	t.Close()
	to, err := Archive(st.dir, t.ID())
	if err != nil {
		return "", err
	}
	st.mu.Lock()
	delete(st.tables, t.ID())
	st.mu.Unlock()
	st.changes.notify()
	return to, nil
}
