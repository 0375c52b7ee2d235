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
	Seats    []string
	Created  time.Time
	Last     time.Time // its last record: the last action, undo or relink
	Actions  int       // actions that stand
	Over     bool
	Result   engine.Msg    // how it ended, once over
	Turn     []engine.Seat // whose turn it is, while not over
}

// List reads every table of the state folder dir, oldest first, with the
// files it could not use.
func List(dir string) ([]TableInfo, []Skipped, error) {
	always := NightSpan{End: time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)}
	tables, skipped, err := nightTables(dir, always)
	var out []TableInfo
	for _, nt := range tables {
		snap := nt.t.Snapshot(engine.Public)
		info := TableInfo{ID: nt.hdr.ID, Game: nt.hdr.Game, Seats: nt.hdr.Seats, Created: nt.at, Last: nt.last,
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
