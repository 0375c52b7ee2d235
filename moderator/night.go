package moderator

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"tablemaster/engine"
	"tablemaster/moderator/face"
)

// NightStartHour is the local hour at which one game night ends and the
// next begins.
//
// Super Rock's rules call the night "the set of games run from one state
// folder on one date" (SR-13), and a game night often runs past midnight: the game
// started at 23:30 and the one after it at 00:40 belong to the same
// evening, with the same people. So a night is not a calendar day but runs
// from 06:00 local time on its date to 06:00 the next day: a table created
// at 01:30 on the 3rd belongs to the night of the 2nd. A fixed hour, rather
// than "tables less than so many hours apart", answers "which night?" from
// the clock alone, the same way for every table, and lets `tablemaster night
// --date` name a night; hardly anyone starts a game night between 06:00
// and dawn. A table belongs to the night in which it was created (its log
// header's time), however long it runs.
const NightStartHour = 6

// NightSpan is one game night: from NightStartHour on Date until the same
// hour the next day, in Date's location.
type NightSpan struct {
	Date       time.Time // midnight starting the night's date
	Start, End time.Time
}

// NightOf is the night that t falls in, in t's location: before 06:00 it is
// still the previous date's night.
func NightOf(t time.Time) NightSpan {
	d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, t.Location())
	if t.Hour() < NightStartHour {
		d = d.AddDate(0, 0, -1)
	}
	return NightOn(d)
}

// NightOn is the night of a date (its year, month and day in its location).
func NightOn(date time.Time) NightSpan {
	y, m, d := date.Date()
	loc := date.Location()
	// time.Date, not Add(24h): a night with a daylight-saving change
	// still ends at 06:00.
	return NightSpan{
		Date:  time.Date(y, m, d, 0, 0, 0, 0, loc),
		Start: time.Date(y, m, d, NightStartHour, 0, 0, 0, loc),
		End:   time.Date(y, m, d+1, NightStartHour, 0, 0, 0, loc),
	}
}

// ParseNight reads a night's date, YYYY-MM-DD, in loc.
func ParseNight(s string, loc *time.Location) (NightSpan, error) {
	d, err := time.ParseInLocation("2006-01-02", strings.TrimSpace(s), loc)
	if err != nil {
		return NightSpan{}, fmt.Errorf("moderator: a night's date is written YYYY-MM-DD, not %q", s)
	}
	return NightOn(d), nil
}

// Contains reports whether t is in the night.
func (n NightSpan) Contains(t time.Time) bool { return !t.Before(n.Start) && t.Before(n.End) }

// String is the night's date, YYYY-MM-DD.
func (n NightSpan) String() string { return n.Date.Format("2006-01-02") }

// Skipped is a file of the state folder that the night could not use in
// full, and why. The file itself is only read, never changed.
type Skipped struct {
	File   string
	Reason string
	// Partial: the game was used without its last line, which was
	// half-written (a crash, or a table writing it at this moment).
	// Otherwise the whole file was left out.
	Partial bool
}

func (s Skipped) String() string {
	if s.Partial {
		return fmt.Sprintf("%s: %s (read without it)", s.File, s.Reason)
	}
	return fmt.Sprintf("%s: %s (skipped)", s.File, s.Reason)
}

// nameKey is how players are matched across tables: names trimmed,
// ignoring case.
func nameKey(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

// NightMemory lists, for each of players (matched by name, trimmed and
// ignoring case), what they used earlier tonight at the tables of game in
// the state folder dir, as the game's face remembers it (face.Rememberer):
// for Super Rock, the ids of the characters they played (SR-13). It also
// returns the files it could not use in full, for the caller to warn
// about.
//
// Tonight is NightOf(now) (see NightStartHour), and only tables created at
// or before now count; an action that was undone does not count. The
// error is only for a state folder that cannot be listed, or a game whose
// face remembers nothing: a damaged or foreign file, or the log of another
// game, never makes it fail.
func NightMemory(dir, game string, players []string, now time.Time) ([][]string, []Skipped, error) {
	out := make([][]string, len(players))
	f, err := face.Lookup(game)
	if err != nil {
		return out, nil, err
	}
	r, ok := f.(face.Rememberer)
	if !ok {
		return out, nil, fmt.Errorf("moderator: %s remembers nothing from one table to the next", game)
	}
	tables, skipped, err := nightTables(dir, NightOf(now))
	if err != nil {
		return out, skipped, err
	}
	for _, nt := range tables {
		if nt.at.After(now) || nt.hdr.Game != game {
			continue
		}
		g, err := f.New(nt.hdr.Seats, nt.hdr.Options, nt.hdr.Seed)
		var used [][]string
		if err == nil {
			used, err = r.Remember(g, nt.t.steps())
		}
		if err != nil {
			skipped = append(skipped, Skipped{File: nt.file, Reason: fmt.Sprintf("table %s cannot be replayed: %v", nt.hdr.ID, err)})
			continue
		}
		for i, p := range players {
			for s, seat := range nt.hdr.Seats {
				if nameKey(seat) == nameKey(p) && s < len(used) {
					out[i] = addID(out[i], used[s]...)
				}
			}
		}
	}
	return out, skipped, nil
}

// addID appends the ids not already in list.
func addID(list []string, ids ...string) []string {
	for _, id := range ids {
		if !slices.Contains(list, id) {
			list = append(list, id)
		}
	}
	return list
}

// steps are the actions that stand in the table's story, undone ones
// left out, in order.
func (t *Table) steps() []face.Step {
	t.mu.Lock()
	defer t.mu.Unlock()
	steps := make([]face.Step, len(t.applied))
	for i, ap := range t.applied {
		steps[i] = face.Step{Seat: ap.seat, Action: ap.action}
	}
	return steps
}

// Unfinished lists the tables of the night n in the state folder dir that
// are not over, oldest first: those a host picks up again when the night's
// server starts anew.
func Unfinished(dir string, n NightSpan) ([]string, error) {
	tables, _, err := nightTables(dir, n)
	var ids []string
	for _, nt := range tables {
		if !nt.t.game.Outcome().Over {
			ids = append(ids, nt.hdr.ID)
		}
	}
	return ids, err
}

// nightTable is one table of the night, rebuilt from its log.
type nightTable struct {
	file string
	hdr  Header
	at   time.Time // when the table was created
	last time.Time // its last record
	t    *Table
}

// nightTables reads every table created in the night n from the state
// folder dir, oldest first. Logs of other nights are passed over; files
// that cannot be used are returned as skipped.
func nightTables(dir string, n NightSpan) ([]nightTable, []Skipped, error) {
	folder := filepath.Join(dir, "tables")
	entries, err := os.ReadDir(folder)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, nil // a new state folder: no table yet
	}
	if err != nil {
		return nil, nil, err
	}
	var tables []nightTable
	var skipped []Skipped
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".jsonl") {
			continue // not a table log (Store.IDs passes over them too)
		}
		path := filepath.Join(folder, e.Name())
		nt, ok, skip := readNightTable(path, n)
		if skip != nil {
			skipped = append(skipped, *skip)
		}
		if ok {
			tables = append(tables, nt)
		}
	}
	sort.SliceStable(tables, func(i, j int) bool {
		if !tables[i].at.Equal(tables[j].at) {
			return tables[i].at.Before(tables[j].at)
		}
		return tables[i].hdr.ID < tables[j].hdr.ID
	})
	return tables, skipped, nil
}

// readNightTable rebuilds one log if it is a table of the night. ok says
// whether nt is such a table; skip, when not nil, says what could not be
// used and why.
func readNightTable(path string, n NightSpan) (nt nightTable, ok bool, skip *Skipped) {
	skipped := func(format string, args ...any) (nightTable, bool, *Skipped) {
		return nightTable{}, false, &Skipped{File: path, Reason: fmt.Sprintf(format, args...)}
	}
	f, err := os.Open(path)
	if err != nil {
		return skipped("cannot read it: %v", err)
	}
	defer f.Close()
	// A state folder keeps every night's logs: the first line tells
	// whether the rest is worth reading.
	if first, err := bufio.NewReader(f).ReadBytes('\n'); err == nil {
		var rec Record
		if json.Unmarshal(first, &rec) == nil && rec.Type == "table" && rec.Header != nil && !n.Contains(rec.At) {
			return nightTable{}, false, nil // another night
		}
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return skipped("cannot read it: %v", err)
	}
	// Only read: a running table may be appending to this log, and a
	// half-written last line must stay for OpenLog to deal with.
	res, err := ReadLog(f)
	var hdr *Header
	if len(res.Records) > 0 && res.Records[0].Type == "table" {
		hdr = res.Records[0].Header
	}
	if hdr == nil {
		if err == nil {
			err = errors.New("no table header")
		}
		return skipped("not a table log: %v", err)
	}
	at := res.Records[0].At
	if !n.Contains(at) {
		return nightTable{}, false, nil // another night
	}
	if err != nil {
		return skipped("table %s: %v", hdr.ID, err)
	}
	t, err := newTable(*hdr, nil, res.Records, nil)
	if err != nil {
		return skipped("table %s cannot be replayed: %v", hdr.ID, err)
	}
	nt = nightTable{file: path, hdr: *hdr, at: at, last: res.Records[len(res.Records)-1].At, t: t}
	if res.Dropped != nil {
		skip = &Skipped{File: path, Partial: true,
			Reason: fmt.Sprintf("table %s: the last line is half-written (%d bytes)", hdr.ID, len(res.Dropped))}
	}
	return nt, true, skip
}

// NightSheet is the results of one night's tables, every game, for the
// terminal and for print. It is built from each game's public view and
// outcome only: the person reading it is usually a player, and a game
// still running shows only what is public already.
type NightSheet struct {
	Night  NightSpan
	Games  []NightGame
	Totals []NightTotal
	// Grades is the scale of the night's graded games (Super Rock's A–D,
	// SR-43), nil when none was graded; each total counts its grades.
	Grades []string
	// Notes are printed once under the sheet: what the grades mean.
	Notes []engine.Msg
}

// NightGame is one table of the night.
type NightGame struct {
	Table string
	Game  engine.Msg // the game's name
	Start time.Time  // when the table was created, in the night's location
	Over  bool
	// Status says where an unfinished game is (the zero Msg: in play);
	// Result how a finished one ended.
	Status engine.Msg
	Result *engine.Msg
	// RoleHead heads the players' Role column (the zero Msg: none),
	// Columns the game's own further columns.
	RoleHead engine.Msg
	Columns  []engine.Msg
	Graded   bool // the players' results are grades, not won or lost
	// Played: an action stands at the table. A table nobody played
	// (started, then left or rematched at once) is listed, says so, and
	// counts in nobody's totals.
	Played  bool
	Players []NightPlayer
}

// NightPlayer is one seat's result in a game.
type NightPlayer struct {
	Name string
	// Role is the seat's side, role or character, nil while secret.
	Role    *engine.Msg
	Columns []engine.Msg
	Won     bool   // the game is over and the seat won
	Grade   string // a graded game's result once it is over (SR-43)
}

// NightTotal is one player's night: players are matched across tables by
// name, trimmed and ignoring case; Name is the first spelling.
type NightTotal struct {
	Name   string
	Games  int   // tables sat at and played, finished or not
	Wins   int   // finished games won (graded: a winning grade)
	Grades []int // how many of each of the sheet's Grades
}

// Night builds the night sheet of the night n from every table of the
// state folder dir, with the files it could not use in full.
func Night(dir string, n NightSpan) (NightSheet, []Skipped, error) {
	sheet := NightSheet{Night: n}
	tables, skipped, err := nightTables(dir, n)
	if err != nil {
		return sheet, skipped, err
	}
	type total struct {
		NightTotal
		grades map[string]int
	}
	totals := map[string]*total{}
	var order []string
	noted := map[string]bool{}
	for _, nt := range tables {
		ng := nightGame(nt, n)
		sheet.Games = append(sheet.Games, ng)
		if !ng.Played {
			continue // a table nobody played is no game: not in the totals
		}
		night := nt.t.face.Night(nt.t.game)
		if night.Grades != nil && sheet.Grades == nil {
			sheet.Grades = night.Grades
		}
		if night.Note.Key != "" && !noted[nt.hdr.Game] {
			noted[nt.hdr.Game] = true
			sheet.Notes = append(sheet.Notes, night.Note)
		}
		for _, p := range ng.Players {
			k := nameKey(p.Name)
			tot := totals[k]
			if tot == nil {
				tot = &total{NightTotal: NightTotal{Name: strings.TrimSpace(p.Name)}, grades: map[string]int{}}
				totals[k] = tot
				order = append(order, k)
			}
			tot.Games++
			if p.Won {
				tot.Wins++
			}
			if p.Grade != "" {
				tot.grades[p.Grade]++
			}
		}
	}
	for _, k := range order {
		tot := totals[k].NightTotal
		for _, g := range sheet.Grades {
			tot.Grades = append(tot.Grades, totals[k].grades[g])
		}
		sheet.Totals = append(sheet.Totals, tot)
	}
	// Most wins first, then the more of each grade, best first; ties
	// keep the order in which the players first sat down tonight.
	sort.SliceStable(sheet.Totals, func(i, j int) bool {
		a, b := sheet.Totals[i], sheet.Totals[j]
		if a.Wins != b.Wins {
			return a.Wins > b.Wins
		}
		for k := range max(len(sheet.Grades)-1, 0) {
			if a.Grades[k] != b.Grades[k] {
				return a.Grades[k] > b.Grades[k]
			}
		}
		return false
	})
	return sheet, skipped, nil
}

// nightGame is the sheet's line of one table: what the core knows of
// every game (players, outcome) and what the game's face adds.
func nightGame(nt nightTable, n NightSpan) NightGame {
	t := nt.t
	out := t.game.Outcome()
	night := t.face.Night(t.game)
	ng := NightGame{Table: nt.hdr.ID, Game: night.Name, Start: nt.at.In(n.Date.Location()), Over: out.Over,
		Status: night.Status, RoleHead: night.RoleHead, Columns: night.Columns, Graded: night.Grades != nil}
	if out.Over {
		reason := out.Reason
		ng.Result = &reason
	}
	ng.Played = len(t.steps()) > 0
	if !ng.Played && !out.Over {
		ng.Status = engine.M("mod.night.unplayed")
	}
	for s, name := range nt.hdr.Seats {
		p := NightPlayer{Name: name}
		if s < len(night.Seats) {
			ns := night.Seats[s]
			p.Role, p.Columns, p.Grade = ns.Role, ns.Columns, ns.Grade
		}
		if !out.Over {
			p.Grade = ""
		} else if ng.Graded {
			i := slices.Index(night.Grades, p.Grade)
			p.Won = i >= 0 && i < night.Wins
		} else {
			p.Won = slices.Contains(out.Winners, engine.Seat(s))
		}
		ng.Players = append(ng.Players, p)
	}
	return ng
}
