package moderator

import (
	"bufio"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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
	// links indexes the seats' links found by BySeatToken, each checked
	// against its table's links when used.
	links map[string]*Table
	// retired are tables whose links moved to a rematch: still listed,
	// never found by a link.
	retired map[string]bool
	// changes wakes the host pages when the list changes (hub_stream.go).
	changes signal
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

// LogPath is where the log of table id lives: tables/ID.jsonl, or, when
// there is no such file, the one log whose header says it is table id (a
// log renamed by hand is found by what it holds, not taken for a table
// another tablemaster holds).
func (st *Store) LogPath(id string) string {
	p := st.namedPath(id)
	if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
		return p
	}
	if found := st.logsOf(id); len(found) == 1 {
		return found[0]
	}
	return p
}

// namedPath is the file a table's log is given when it is created.
func (st *Store) namedPath(id string) string {
	return filepath.Join(st.dir, "tables", id+".jsonl")
}

// logsOf lists the logs of the state folder whose header says they are
// table id, reading only each log's first line.
func (st *Store) logsOf(id string) []string {
	folder := filepath.Join(st.dir, "tables")
	entries, err := os.ReadDir(folder)
	if err != nil {
		return nil
	}
	var found []string
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".jsonl") {
			continue
		}
		path := filepath.Join(folder, e.Name())
		if hid, ok := headerID(path); ok && hid == id {
			found = append(found, path)
		}
	}
	return found
}

// headerID is the table id a log's first line gives, if it reads as a
// header.
func headerID(path string) (string, bool) {
	f, err := os.Open(path)
	if err != nil {
		return "", false
	}
	defer f.Close()
	line, err := bufio.NewReaderSize(io.LimitReader(f, 1<<20), 64<<10).ReadBytes('\n')
	if err != nil {
		return "", false
	}
	var rec struct {
		Table *struct {
			ID string `json:"id"`
		} `json:"table"`
	}
	if json.Unmarshal(line, &rec) != nil || rec.Table == nil || rec.Table.ID == "" {
		return "", false
	}
	return rec.Table.ID, true
}

// MisplacedError is a table's log found under a name that is not its
// table's: a file renamed, or copied, by hand. A table is known by the id
// its log holds; the file is not opened under another name, which would
// give one table two names (and two files appending to one game).
type MisplacedError struct {
	Path string // the file
	Name string // the id it was opened as (its file name)
	ID   string // the id its header holds
}

func (e *MisplacedError) Error() string { return e.Text(engine.EN) }

// Text says what is wrong, and what to do, in language l.
func (e *MisplacedError) Text(l engine.Lang) string {
	return l.S("mod.log.misplaced", "file", e.Path, "name", e.Name, "id", e.ID)
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
	// SeatTokens and TableToken, when set, are the links the table takes
	// over from another (a rematch: the phones and the TV follow); empty,
	// new ones are made.
	SeatTokens []string
	TableToken string
	// Bots are the seats, by number, that tablemaster plays itself
	// (botseat.go); none has a phone.
	Bots []int
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
	bots, err := checkBots(f, opts, spec.Seats, spec.Bots)
	if err != nil {
		return nil, err
	}
	now := st.clock()
	hdr := Header{ID: newTableID(now), Game: spec.Game, Seed: spec.Seed, Options: opts,
		Seats: spec.Seats, TableToken: spec.TableToken, Addr: spec.Addr, Port: spec.Port, Lang: string(spec.Lang), Bots: bots}
	if hdr.TableToken == "" {
		hdr.TableToken = NewToken()
	}
	if len(spec.SeatTokens) == len(spec.Seats) {
		hdr.Tokens = append([]string(nil), spec.SeatTokens...)
	} else {
		for range spec.Seats {
			hdr.Tokens = append(hdr.Tokens, NewToken())
		}
	}
	// Build first so bad options never leave a log behind.
	if _, err := newTable(hdr, nil, nil, st.clock); err != nil {
		return nil, err
	}
	log, err := CreateLog(st.namedPath(hdr.ID), hdr, now)
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
	st.changes.notify()
}

// Open loads a table from its log, reporting a dropped half-written line.
// A log with a damaged or impossible line is not opened: the error is a
// *LineError (with the file's path) and the file is left as it is.
//
// A log whose header names another table than id is not opened: the error
// is a *MisplacedError naming both.
func (st *Store) Open(id string) (*Table, LoadResult, error) {
	return st.openFile(st.LogPath(id), id)
}

// OpenFile loads a table from a log file anywhere.
func (st *Store) OpenFile(path string) (*Table, LoadResult, error) {
	return st.openFile(path, "")
}

// openFile loads a table from a log file, which must hold table want
// unless want is "".
func (st *Store) openFile(path, want string) (*Table, LoadResult, error) {
	if want != "" {
		if hid, ok := headerID(path); ok && hid != want {
			return nil, LoadResult{}, &MisplacedError{Path: path, Name: want, ID: hid}
		}
	}
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
// compared in constant time, so timing says nothing about near misses. A
// link found once is found again through an index (links), checked
// against the table's links as they are now: with 100 tables, looking
// through all 200 links took 3% of the server's time. A link that left
// its table (relinked, or moved to a rematch) is looked for again.
func (st *Store) BySeatToken(tok string) (*Table, engine.Seat, bool) {
	st.mu.RLock()
	t, s, ok := st.indexedLocked(tok)
	indexed := ok
	if !ok {
		t, s, ok = st.scanLocked(tok)
	}
	st.mu.RUnlock()
	if ok && !indexed {
		st.mu.Lock()
		if st.links == nil {
			st.links = map[string]*Table{}
		}
		st.links[tok] = t
		st.mu.Unlock()
	}
	return t, s, ok
}

// indexedLocked is BySeatToken through the index.
func (st *Store) indexedLocked(tok string) (*Table, engine.Seat, bool) {
	t := st.links[tok]
	if t == nil || st.retired[t.ID()] {
		return nil, engine.Public, false
	}
	for i, k := range t.linkTokens() {
		if subtle.ConstantTimeCompare([]byte(k), []byte(tok)) == 1 {
			return t, engine.Seat(i), true
		}
	}
	return nil, engine.Public, false
}

// scanLocked is BySeatToken through every table's links.
func (st *Store) scanLocked(tok string) (*Table, engine.Seat, bool) {
	var found *Table
	seat := engine.Public
	for _, t := range st.tables {
		if st.retired[t.ID()] {
			continue
		}
		// Without the table's lock, which a table holds while it syncs
		// its log: a post to one table must not wait for another's disk.
		for i, k := range t.linkTokens() {
			if subtle.ConstantTimeCompare([]byte(k), []byte(tok)) == 1 {
				found, seat = t, engine.Seat(i)
			}
		}
	}
	return found, seat, found != nil
}

// ByTableToken finds a table by its table-screen token.
func (st *Store) ByTableToken(tok string) (*Table, bool) {
	st.mu.RLock()
	defer st.mu.RUnlock()
	for _, t := range st.tables {
		if !st.retired[t.ID()] && subtle.ConstantTimeCompare([]byte(t.hdr.TableToken), []byte(tok)) == 1 {
			return t, true
		}
	}
	return nil, false
}

// Rematch starts a new table for the players of a finished one, which
// takes over its links: the phones and the table screen move to the new
// game by themselves (their live connections to the old one are cut, and
// they come back to the same links). The old table stays listed, its log
// untouched. spec's links are set here.
func (st *Store) Rematch(old *Table, spec NewTableSpec, seatOf []int) (*Table, error) {
	h := old.Header()
	spec.TableToken = h.TableToken
	spec.SeatTokens = make([]string, len(spec.Seats))
	for i, from := range seatOf {
		spec.SeatTokens[i] = h.Tokens[from]
	}
	st.mu.Lock()
	if st.retired[h.ID] {
		st.mu.Unlock()
		return nil, fmt.Errorf("table %s was already rematched", h.ID)
	}
	if st.retired == nil {
		st.retired = map[string]bool{}
	}
	st.retired[h.ID] = true
	st.mu.Unlock()
	t, err := st.Create(spec)
	if err != nil {
		st.mu.Lock()
		delete(st.retired, h.ID)
		st.mu.Unlock()
		return nil, err
	}
	old.moveOut()
	return t, nil
}

// Abandon stops serving a table: its links stop at once, as after a
// rematch; it stays listed, and its log is left as it is (resume brings
// it back).
func (st *Store) Abandon(t *Table) {
	st.mu.Lock()
	if st.retired == nil {
		st.retired = map[string]bool{}
	}
	st.retired[t.ID()] = true
	st.mu.Unlock()
	t.moveOut()
	st.changes.notify()
}

// Retired reports whether a table's links moved to a rematch.
func (st *Store) Retired(id string) bool {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.retired[id]
}

// Close closes every table's log.
func (st *Store) Close() {
	for _, t := range st.Tables() {
		t.Close()
	}
}
