package moderator

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/superrock"
)

// NightStartHour is the local hour at which one game night ends and the
// next begins.
//
// The rules call the night "the set of games run from one state folder on
// one date" (SR-13), and a game night often runs past midnight: the game
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

// PlayedTonight lists, for each of players (matched by name, trimmed and
// ignoring case), the ids of the Super Rock characters they played earlier
// tonight in the tables of the state folder dir (SR-13). Files that could
// not be read are left out; PlayedTonightSkipped says which.
func PlayedTonight(dir string, players []string, now time.Time) ([][]string, error) {
	played, _, err := PlayedTonightSkipped(dir, players, now)
	return played, err
}

// PlayedTonightSkipped is PlayedTonight that also returns the files it
// could not use in full, for the caller to warn about.
//
// Tonight is NightOf(now) (see NightStartHour), and only tables created at
// or before now count. What a seat played is the character it held once
// the reject step was over, and every character it received by
// transformation (SR-34); a rejected deal does not count, nor does an
// action that was undone. The error is only for a state folder that cannot
// be listed: a damaged or foreign file, or the log of another game, never
// makes it fail.
func PlayedTonightSkipped(dir string, players []string, now time.Time) ([][]string, []Skipped, error) {
	games, skipped, err := nightGames(dir, NightOf(now))
	out := make([][]string, len(players))
	if err != nil {
		return out, skipped, err
	}
	for _, g := range games {
		if g.at.After(now) {
			continue
		}
		for i, p := range players {
			for s, seat := range g.hdr.Seats {
				if nameKey(seat) == nameKey(p) {
					out[i] = addID(out[i], g.played[s]...)
				}
			}
		}
	}
	return out, skipped, nil
}

// addID appends the ids not already in list.
func addID(list []string, ids ...string) []string {
	for _, id := range ids {
		found := false
		for _, x := range list {
			found = found || x == id
		}
		if !found {
			list = append(list, id)
		}
	}
	return list
}

// nightGame is one Super Rock table of the night, rebuilt from its log.
type nightGame struct {
	file   string
	hdr    Header
	at     time.Time // when the table was created
	view   superrock.PublicView
	played [][]string // per seat: character ids played
}

// nightGames reads every Super Rock table created in the night n from the
// state folder dir, oldest first. Logs of other games and other nights are
// passed over; files that cannot be used are returned as skipped.
func nightGames(dir string, n NightSpan) ([]nightGame, []Skipped, error) {
	folder := filepath.Join(dir, "tables")
	entries, err := os.ReadDir(folder)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, nil // a new state folder: no table yet
	}
	if err != nil {
		return nil, nil, err
	}
	var games []nightGame
	var skipped []Skipped
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".jsonl") {
			continue // not a table log (Store.IDs passes over them too)
		}
		path := filepath.Join(folder, e.Name())
		g, ok, skip := readNightGame(path, n)
		if skip != nil {
			skipped = append(skipped, *skip)
		}
		if ok {
			games = append(games, g)
		}
	}
	sort.SliceStable(games, func(i, j int) bool {
		if !games[i].at.Equal(games[j].at) {
			return games[i].at.Before(games[j].at)
		}
		return games[i].hdr.ID < games[j].hdr.ID
	})
	return games, skipped, nil
}

// readNightGame rebuilds one log if it is a Super Rock table of the night.
// ok says whether g is such a game; skip, when not nil, says what could
// not be used and why.
func readNightGame(path string, n NightSpan) (g nightGame, ok bool, skip *Skipped) {
	skipped := func(format string, args ...any) (nightGame, bool, *Skipped) {
		return nightGame{}, false, &Skipped{File: path, Reason: fmt.Sprintf(format, args...)}
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
		if json.Unmarshal(first, &rec) == nil && rec.Type == "table" && rec.Header != nil &&
			(rec.Header.Game != "superrock" || !n.Contains(rec.At)) {
			return nightGame{}, false, nil // another game or another night
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
	if hdr.Game != "superrock" || !n.Contains(at) {
		return nightGame{}, false, nil // another game or another night
	}
	if err != nil {
		return skipped("table %s: %v", hdr.ID, err)
	}
	t, err := newTable(*hdr, nil, res.Records, nil)
	if err != nil {
		return skipped("table %s cannot be replayed: %v", hdr.ID, err)
	}
	played, err := playedBySeat(t)
	if err != nil {
		return skipped("table %s cannot be replayed: %v", hdr.ID, err)
	}
	view, vok := t.game.PublicView().(superrock.PublicView)
	if !vok {
		return skipped("table %s is not a Super Rock game", hdr.ID)
	}
	g = nightGame{file: path, hdr: *hdr, at: at, view: view, played: played}
	if res.Dropped != nil {
		skip = &Skipped{File: path, Partial: true,
			Reason: fmt.Sprintf("table %s: the last line is half-written (%d bytes)", hdr.ID, len(res.Dropped))}
	}
	return g, true, skip
}

// playedBySeat lists, per seat, the characters played in a rebuilt table:
// the one each seat held once the reject step was over (SR-13) and those
// received by transformation (SR-34). It replays the table's actions as
// rebuildLocked does — the actions still standing after the log's undos.
// A seat's character is looked at when the deal is settled, after every
// private random draw told to that seat (a transformation deals a new
// character that way), and at the end; asking every view after every
// action would cost a Legal per seat per action.
func playedBySeat(t *Table) ([][]string, error) {
	g, err := t.kind.New(t.hdr.Seats, t.hdr.Options, t.hdr.Seed)
	if err != nil {
		return nil, err
	}
	sr, ok := g.(*superrock.Game)
	if !ok {
		return nil, fmt.Errorf("%s is not a Super Rock game", t.hdr.Game)
	}
	played := make([][]string, len(t.hdr.Seats))
	look := func(s int) {
		if v, _ := sr.View(engine.Seat(s)).(superrock.View); v.Character != nil {
			played[s] = addID(played[s], v.Character.ID)
		}
	}
	settled := false
	for _, ap := range t.applied {
		events, err := sr.Apply(ap.seat, ap.action)
		if err != nil {
			return nil, fmt.Errorf("%q: %w", ap.action, err)
		}
		if sr.Phase() <= superrock.RejectPhase {
			continue // a deal is only played once everyone kept it
		}
		for s := range played {
			if !settled || drewFor(events, engine.Seat(s)) {
				look(s)
			}
		}
		settled = true
	}
	if settled {
		for s := range played {
			look(s)
		}
	}
	return played, nil
}

// drewFor reports whether events tell seat s privately of a random draw.
func drewFor(events []engine.Event, s engine.Seat) bool {
	for _, e := range events {
		if e.Random && len(e.To) > 0 && e.Sees(s) {
			return true
		}
	}
	return false
}

// NightSheet is the results of one night's Super Rock games (SR-43), for
// the terminal and for print. It is built from each game's public view
// only: the person reading it is usually a player, and a game still
// running shows only the characters already public.
type NightSheet struct {
	Night  NightSpan
	Games  []NightGame
	Totals []NightTotal
}

// NightGame is one table of the night.
type NightGame struct {
	Table string
	Start time.Time // when the table was created, in the night's location
	Over  bool      // the grades are final
	// Phase is where an unfinished game is (superrock.Phase's names:
	// "reject", "play", "veto", "confirm", …); Result how a finished one
	// ended.
	Phase   string
	Result  *engine.Msg
	Players []NightPlayer
}

// NightPlayer is one seat's result in a game.
type NightPlayer struct {
	Name string
	// Character and Attr are the character (after any transformation)
	// and its attribute, nil while they are secret.
	Character, Attr *engine.Msg
	Dead            bool
	Grade           string // A–D once the game is over (SR-43)
}

// NightTotal is one player's night: players are matched across tables by
// name, trimmed and ignoring case; Name is the first spelling.
type NightTotal struct {
	Name   string
	Games  int    // tables sat at, finished or not
	Wins   int    // grades A and B
	Grades [4]int // how many A, B, C, D
}

// Night builds the night sheet of the night n from the Super Rock tables
// of the state folder dir, with the files it could not use in full.
func Night(dir string, n NightSpan) (NightSheet, []Skipped, error) {
	sheet := NightSheet{Night: n}
	games, skipped, err := nightGames(dir, n)
	if err != nil {
		return sheet, skipped, err
	}
	totals := map[string]*NightTotal{}
	var order []string
	for _, g := range games {
		ng := NightGame{Table: g.hdr.ID, Start: g.at.In(n.Date.Location()), Over: g.view.Over, Phase: g.view.Phase}
		if g.view.Over {
			ng.Result = g.view.Reason
		}
		for _, p := range g.view.Players {
			np := NightPlayer{Name: p.Name, Dead: p.Dead, Grade: p.Grade}
			if c := p.Character; c != nil {
				name, attr := c.Name, c.AttrName
				np.Character, np.Attr = &name, &attr
			}
			ng.Players = append(ng.Players, np)
			k := nameKey(p.Name)
			tot := totals[k]
			if tot == nil {
				tot = &NightTotal{Name: strings.TrimSpace(p.Name)}
				totals[k] = tot
				order = append(order, k)
			}
			tot.Games++
			if i := strings.Index("ABCD", p.Grade); p.Grade != "" && i >= 0 {
				tot.Grades[i]++
				if i < 2 {
					tot.Wins++
				}
			}
		}
		sheet.Games = append(sheet.Games, ng)
	}
	for _, k := range order {
		sheet.Totals = append(sheet.Totals, *totals[k])
	}
	// Most wins first, then the more A, B and C grades; ties keep the
	// order in which the players first sat down tonight.
	sort.SliceStable(sheet.Totals, func(i, j int) bool {
		a, b := sheet.Totals[i], sheet.Totals[j]
		if a.Wins != b.Wins {
			return a.Wins > b.Wins
		}
		for k := range 3 {
			if a.Grades[k] != b.Grades[k] {
				return a.Grades[k] > b.Grades[k]
			}
		}
		return false
	})
	return sheet, skipped, nil
}
