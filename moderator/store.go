package moderator

import (
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"tablemaster/moderator/face"
	"time"

	"tablemaster/engine"
)

// StateDir is where tables are kept: $XDG_STATE_HOME/tablemaster, or
// ~/.local/state/tablemaster.
func StateDir() (string, error) {
	if d := os.Getenv("XDG_STATE_HOME"); d != "" {
		return filepath.Join(d, "tablemaster"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no state folder: set XDG_STATE_HOME or use --state DIR: %w", err)
	}
	return filepath.Join(home, ".local", "state", "tablemaster"), nil
}

// Store holds the tables of one state folder (one night).
type Store struct {
	dir   string
	clock func() time.Time

	mu     sync.RWMutex
	tables map[string]*Table
}

// NewStore opens a state folder, creating it (user-only) if needed.
func NewStore(dir string, clock func() time.Time) (*Store, error) {
	tables := filepath.Join(dir, "tables")
	if err := os.MkdirAll(tables, 0o700); err != nil {
		return nil, err
	}
	// The logs hold every secret and every link: user only.
	if err := os.Chmod(tables, 0o700); err != nil {
		return nil, err
	}
	if clock == nil {
		clock = time.Now
	}
	return &Store{dir: dir, clock: clock, tables: map[string]*Table{}}, nil
}

// Dir is the state folder.
func (st *Store) Dir() string { return st.dir }

// LogPath is where a table's log lives.
func (st *Store) LogPath(id string) string {
	return filepath.Join(st.dir, "tables", id+".jsonl")
}

// NewTableSpec is what starting a table needs.
type NewTableSpec struct {
	Game    string
	Seats   []string
	Options any
	Seed    uint64
	Addr    string
	Port    int
	Lang    engine.Lang
}

// Create starts a new table and writes its log header.
func (st *Store) Create(spec NewTableSpec) (*Table, error) {
	f, err := face.Lookup(spec.Game)
	if err != nil {
		return nil, err
	}
	if n, seats := len(spec.Seats), f.Seats(); n < seats.Min || n > seats.Max {
		return nil, fmt.Errorf("%s needs %d–%d players, not %d", spec.Game, seats.Min, seats.Max, n)
	}
	if err := CheckNames(spec.Seats); err != nil {
		return nil, err
	}
	opts, err := json.Marshal(spec.Options)
	if err != nil {
		return nil, err
	}
	now := st.clock()
	hdr := Header{ID: newTableID(now), Game: spec.Game, Seed: spec.Seed, Options: opts,
		Seats: spec.Seats, TableToken: NewToken(), Addr: spec.Addr, Port: spec.Port, Lang: string(spec.Lang)}
	for range spec.Seats {
		hdr.Tokens = append(hdr.Tokens, NewToken())
	}
	// Build first so bad options never leave a log behind.
	if _, err := newTable(hdr, nil, nil, st.clock); err != nil {
		return nil, err
	}
	log, err := CreateLog(st.LogPath(hdr.ID), hdr, now)
	if err != nil {
		return nil, err
	}
	t, err := newTable(hdr, log, nil, st.clock)
	if err != nil {
		log.Close()
		return nil, err
	}
	st.add(t)
	return t, nil
}

// Add registers a table built elsewhere (tests, the load program).
func (st *Store) add(t *Table) {
	st.mu.Lock()
	st.tables[t.ID()] = t
	st.mu.Unlock()
}

// Open loads a table from its log, reporting a dropped half-written line.
// A log with a damaged or impossible line is not opened: the error is a
// *LineError (with the file's path) and the file is left as it is.
func (st *Store) Open(id string) (*Table, LoadResult, error) {
	return st.OpenFile(st.LogPath(id))
}

// OpenFile loads a table from a log file anywhere.
func (st *Store) OpenFile(path string) (*Table, LoadResult, error) {
	log, res, err := OpenLog(path)
	if err != nil {
		return nil, res, err
	}
	t, err := newTable(*res.Records[0].Header, log, res.Records, st.clock)
	if err != nil {
		log.Close()
		return nil, res, inFile(path, err)
	}
	st.add(t)
	return t, res, nil
}

// IDs lists the tables in the state folder, oldest first.
func (st *Store) IDs() ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(st.dir, "tables"))
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".jsonl") {
			ids = append(ids, strings.TrimSuffix(e.Name(), ".jsonl"))
		}
	}
	sort.Strings(ids)
	return ids, nil
}

// Table finds a loaded table by id.
func (st *Store) Table(id string) *Table {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.tables[id]
}

// Tables lists the loaded tables.
func (st *Store) Tables() []*Table {
	st.mu.RLock()
	defer st.mu.RUnlock()
	out := make([]*Table, 0, len(st.tables))
	for _, t := range st.tables {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID() < out[j].ID() })
	return out
}

// BySeatToken finds the table and seat a link belongs to. Every token is
// compared in constant time, so timing says nothing about near misses.
func (st *Store) BySeatToken(tok string) (*Table, engine.Seat, bool) {
	st.mu.RLock()
	defer st.mu.RUnlock()
	var found *Table
	seat := engine.Public
	for _, t := range st.tables {
		t.mu.Lock()
		for i, k := range t.hdr.Tokens {
			if subtle.ConstantTimeCompare([]byte(k), []byte(tok)) == 1 {
				found, seat = t, engine.Seat(i)
			}
		}
		t.mu.Unlock()
	}
	return found, seat, found != nil
}

// ByTableToken finds a table by its table-screen token.
func (st *Store) ByTableToken(tok string) (*Table, bool) {
	st.mu.RLock()
	defer st.mu.RUnlock()
	for _, t := range st.tables {
		if subtle.ConstantTimeCompare([]byte(t.hdr.TableToken), []byte(tok)) == 1 {
			return t, true
		}
	}
	return nil, false
}

// Close closes every table's log.
func (st *Store) Close() {
	for _, t := range st.Tables() {
		t.Close()
	}
}
