package moderator

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"tablemaster/moderator/face"
	"time"

	"tablemaster/engine"
)

// Errors the pages and the console branch on.
var (
	// ErrStale: the action came from a page that was out of date.
	ErrStale = errors.New("the page was out of date")
	// ErrNothingToUndo: no action is left to undo.
	ErrNothingToUndo = errors.New("nothing to undo")
	// ErrNotActor: only the seat that acted may ask to undo it.
	ErrNotActor = errors.New("only the player who acted can undo it")
	// ErrNoRequest: there is no undo request to answer.
	ErrNoRequest = errors.New("no undo request is waiting")
)

// applied is an action the game accepted, with what it produced.
type applied struct {
	seat   engine.Seat
	action engine.Action
	events []engine.Event
	public bool // it was one of the seat's public choices
}

// feedKind tells the lines of a story apart.
type feedKind uint8

const (
	feedEvent   feedKind = iota // an event of an action, or of the opening
	feedUndo                    // an undo notice: "Aki took back: …"
	feedRestore                 // what to do on the real table after an undo
	feedNote                    // a notice that changes nothing (an undo refused)
)

// Snapshot, FeedItem and UndoRequest are the types the faces draw
// (moderator/face): a Snapshot holds only what its seat may see.
type (
	Snapshot    = face.Snapshot
	TodoStep    = face.TodoStep
	FeedItem    = face.FeedItem
	UndoRequest = face.UndoRequest
)

// feedEntry is a line of the story with what the table keeps of it.
type feedEntry struct {
	FeedItem
	act  int // index into applied, -1 for notices
	kind feedKind
}

// pendingUndo is the undo request waiting, with the undone action's
// events, to word What per device.
type pendingUndo struct {
	UndoRequest
	events []engine.Event
}

// firstTold is the first event of an action that seat s (or, for Public,
// everyone) was told, leaving out table instructions; ok is false when s
// was told none.
func firstTold(events []engine.Event, s engine.Seat) (engine.Msg, bool) {
	for _, e := range events {
		if e.Table {
			continue
		}
		if e.IsPublic() || (s != engine.Public && e.Sees(s)) {
			return e.Msg, true
		}
	}
	return engine.Msg{}, false
}

// undoWords are What and Text of an undo request or notice as seat s may
// read them: the action's own event when s was told one, else neutral.
// key is the sentence with the event ("{by} asks to undo: {what}"); key
// + "_own" and key + "_other" are the neutral ones, for an action of the
// asker and of someone else.
func (t *Table) undoWords(key string, by, actor engine.Seat, events []engine.Event, s engine.Seat) (what, text engine.Msg) {
	if m, ok := firstTold(events, s); ok {
		return m, engine.M(key, "by", t.seatLabel(by)).With("what", m)
	}
	what = engine.M("mod.undo.last")
	if by == actor {
		return what, engine.M(key+"_own", "by", t.seatLabel(by))
	}
	return what, engine.M(key+"_other", "by", t.seatLabel(by), "actor", t.seatLabel(actor))
}

// Table is one game in progress. Every change goes through one locked
// path that validates, writes the log (synced), updates the state and only
// then wakes the devices (DESIGN.md principle 3).
type Table struct {
	mu      sync.Mutex
	hdr     Header
	face    face.Face
	game    engine.Game
	log     *Log
	applied []applied
	feed    []feedEntry
	undo    *pendingUndo
	// stateVer counts accepted actions and undos: forms carry it, so an
	// action from an out-of-date page is refused. version also counts
	// relinks and undo requests: it drives the live updates. It moves
	// under mu (bumpLocked) and is read without it too (currentVersion):
	// every live page asks for it on every update.
	stateVer int
	version  atomic.Int64
	clock    func() time.Time
	subs     map[chan struct{}]struct{}
	closed   bool
	joined   map[engine.Seat]bool
	online   map[engine.Seat]int

	// legal caches each seat's choices until the game changes: every
	// render asks for both seats' (whose turn it is), and the engine
	// checks every shift against every earlier position to answer.
	legal [][]engine.Choice

	cacheMu     sync.Mutex
	streamCache map[streamKey]*streamEntry

	// lines keeps story lines written as HTML, by language: a page shows
	// the same 20 lines update after update (pageSnapshot). Under mu, as
	// the story is; a rollback, which gives line numbers to other lines,
	// empties it.
	lines []*lineCache

	// trouble tells the GM console about records the log could not save;
	// unsaved is the failure of the last record written, nil once one
	// is saved again (the host page's banner).
	trouble troubles
	unsaved *NotSavedError

	// links are the requests in flight on the seats' links (links.go):
	// Relink cuts those of the old link.
	links seatLinks

	// tokens are hdr.Tokens as published (linkTokens).
	tokens atomic.Pointer[[]string]

	// moved ends when a rematch takes the table's links (moveOut): the
	// table screens' streams end and come back to the new table. A
	// context, so a stream hangs its end on it (stream.go).
	moved context.Context
	move  context.CancelFunc
}

// legalLocked is the game's Legal(s), computed once per game state. A
// seat out of range (a damaged log) goes to the game, which refuses it.
func (t *Table) legalLocked(s engine.Seat) []engine.Choice {
	if s < 0 || int(s) >= len(t.hdr.Seats) {
		return t.game.Legal(s)
	}
	if t.legal == nil {
		t.legal = make([][]engine.Choice, len(t.hdr.Seats))
	}
	if t.legal[s] == nil {
		t.legal[s] = t.game.Legal(s) // the table's own (engine.Game)
		if t.legal[s] == nil {
			t.legal[s] = []engine.Choice{} // none, and known: not asked again
		}
	}
	return t.legal[s]
}

// NewToken returns 128 random bits, URL-safe.
func NewToken() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b[:])
}

func newTableID(now time.Time) string {
	var b [3]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return now.Format("20060102-1504") + "-" + hex.EncodeToString(b[:])
}

// opener is a game whose setup already told the seats something (a deal
// before the first action); those events open the table's story.
type opener interface {
	Opening() []engine.Event
}

// newTable builds a table from its header, replaying records if any.
func newTable(hdr Header, log *Log, records []Record, clock func() time.Time) (*Table, error) {
	return replayTable(hdr, log, records, clock, nil)
}

// replayTable builds a table from its header and replays the records of
// its log, as resume and replay both do: each record is checked the same
// way, so both give the same verdict. each, if set, is called after every
// record took effect. A record the table refuses is a *LineError.
func replayTable(hdr Header, log *Log, records []Record, clock func() time.Time, each func(*Table, Record)) (*Table, error) {
	f, err := face.Lookup(hdr.Game)
	if err != nil {
		return nil, err
	}
	if len(hdr.Tokens) != len(hdr.Seats) {
		return nil, fmt.Errorf("table %s: %d seats but %d links", hdr.ID, len(hdr.Seats), len(hdr.Tokens))
	}
	g, err := f.New(hdr.Seats, hdr.Options, hdr.Seed)
	if err != nil {
		return nil, err
	}
	if g.Seats() != len(hdr.Seats) {
		return nil, fmt.Errorf("table %s: %s needs %d players, not %d", hdr.ID, hdr.Game, g.Seats(), len(hdr.Seats))
	}
	t := &Table{hdr: hdr, face: f, game: g, log: log, clock: clock, subs: map[chan struct{}]struct{}{}}
	t.moved, t.move = context.WithCancel(context.Background())
	if o, ok := g.(opener); ok {
		for _, e := range o.Opening() {
			t.feed = append(t.feed, feedEntry{FeedItem: FeedItem{Seq: len(t.feed), Seat: engine.Public, Event: e}, act: -1})
		}
	}
	for i, r := range records {
		refused := func(why engine.Msg, err error) error {
			line := r.line
			if line == 0 {
				line = i + 1 // records that did not come from ReadLog
			}
			return &LineError{Line: line, Offset: r.off, Why: why, Err: err}
		}
		switch r.Type {
		case "table":
			if i != 0 {
				return nil, refused(engine.M("mod.log.second_header"), nil)
			}
		case "act":
			if r.Seat < 0 || r.Seat >= len(hdr.Seats) {
				return nil, refused(engine.M("mod.log.no_seat", "seat", fmt.Sprint(r.Seat)), nil)
			}
			// Act logs the game's own spelling of an action: any other
			// spelling is a damaged line, even if the game would read it.
			if a, err := t.game.Decode(engine.Seat(r.Seat), r.Action); err != nil {
				return nil, refused(engine.M("mod.log.refused"), err)
			} else if string(a) != r.Action {
				return nil, refused(engine.M("mod.log.not_canonical"), nil)
			}
			if _, err := t.applyLocked(engine.Seat(r.Seat), engine.Action(r.Action)); err != nil {
				return nil, refused(engine.M("mod.log.refused"), err)
			}
			// Count as Act does: pages open before a restart stay current.
			t.stateVer++
			t.bumpLocked()
		case "undo":
			if r.Seat < int(engine.Public) || r.Seat >= len(hdr.Seats) {
				return nil, refused(engine.M("mod.log.no_seat", "seat", fmt.Sprint(r.Seat)), nil)
			}
			if err := t.undoLocked(engine.Seat(r.Seat)); err != nil {
				return nil, refused(engine.M("mod.log.undo_refused"), err)
			}
			t.stateVer++
			t.bumpLocked()
		case "relink":
			if err := t.hdr.relink(r); err != nil {
				return nil, refused(engine.M("mod.log.no_seat", "seat", fmt.Sprint(r.Seat)), nil)
			}
			t.bumpLocked()
		case "port":
			if err := t.hdr.movePort(r); err != nil {
				return nil, refused(engine.M("mod.log.bad_record", "type", r.Type), err)
			}
		default:
			return nil, refused(engine.M("mod.log.unknown_type", "type", fmt.Sprintf("%.20q", r.Type)), nil)
		}
		if each != nil {
			each(t, r)
		}
	}
	t.publishTokensLocked()
	return t, nil
}

// publishTokensLocked makes the seats' links as they are now readable
// without the table's lock (linkTokens). hdr.Tokens is replaced, never
// written in place, once published.
func (t *Table) publishTokensLocked() {
	ts := t.hdr.Tokens
	t.tokens.Store(&ts)
}

// linkTokens are the seats' links, read without the table's lock: the
// store looks a link up among every table's for every request, and a
// table's lock is held while its log is synced to disk.
func (t *Table) linkTokens() []string {
	if p := t.tokens.Load(); p != nil {
		return *p
	}
	return nil
}

// ID names the table.
func (t *Table) ID() string { return t.hdr.ID }

// Header returns a copy of the table's header (links included).
func (t *Table) Header() Header {
	t.mu.Lock()
	defer t.mu.Unlock()
	h := t.hdr
	h.Seats = append([]string(nil), t.hdr.Seats...)
	h.Tokens = append([]string(nil), t.hdr.Tokens...)
	return h
}

// Face is the game the table plays, as the moderator draws it.
func (t *Table) Face() face.Face { return t.face }

// SeatName is the name of a seat, or "" for Public.
func (t *Table) SeatName(s engine.Seat) string {
	if s < 0 || int(s) >= len(t.hdr.Seats) {
		return ""
	}
	return t.hdr.Seats[s]
}

// Snapshot returns what seat s (or Public) may see now. Only views and
// the events s is told ever leave this function.
func (t *Table) Snapshot(s engine.Seat) Snapshot { return t.SnapshotTail(s, -1) }

// SnapshotTail is Snapshot with only the last tail lines of the story
// that a page shows, and Earlier set when there are more: a page's cost
// then does not grow with the length of the game. With a tail (not -1)
// the story leaves out the table's instructions, which a page shows only
// as Todo.
func (t *Table) SnapshotTail(s engine.Seat, tail int) Snapshot {
	t.mu.Lock()
	defer t.mu.Unlock()
	snap := t.snapshotLocked(s)
	var n, from int
	n, from, snap.Earlier = t.tailLocked(s, tail)
	if n > 0 || tail >= 0 {
		snap.Feed = make([]FeedItem, 0, n)
	}
	for i := from; i < len(t.feed); i++ {
		if t.seesLocked(i, s, tail) {
			snap.Feed = append(snap.Feed, t.feed[i].FeedItem)
		}
	}
	return snap
}

// snapshotLocked is a Snapshot without its story (Feed, Earlier).
func (t *Table) snapshotLocked(s engine.Seat) Snapshot {
	snap := Snapshot{StateVer: t.stateVer, Version: t.currentVersion(), Outcome: t.game.Outcome(),
		Seats: append([]string(nil), t.hdr.Seats...)}
	switch cv, ok := t.game.(engine.ChoiceViewer); {
	case s == engine.Public:
		snap.View = t.game.PublicView()
	case ok && s >= 0 && int(s) < len(t.hdr.Seats):
		// The choices kept for this state: Legal is not computed again.
		snap.View = cv.ViewWithChoices(s, t.legalLocked(s))
	default:
		snap.View = t.game.View(s)
	}
	snap.Turn = make([]bool, len(t.hdr.Seats))
	if !snap.Outcome.Over {
		for i := range snap.Turn {
			legal := t.legalLocked(engine.Seat(i))
			snap.Turn[i] = len(legal) > 0
			if engine.Seat(i) == s {
				snap.Choices = legal
			}
		}
	}
	snap.Todo, snap.TodoWhat, snap.TodoPast = t.todoLocked()
	if n := len(t.applied); n > 0 {
		snap.CanUndo = s != engine.Public && t.applied[n-1].seat == s && !t.game.Outcome().Over
	}
	snap.Undo = t.undoForLocked(s)
	return snap
}

// seesLocked reports whether story line i is in s's story: told to s,
// public for the table screen, and with a tail (a page's) not one of the
// table's instructions.
func (t *Table) seesLocked(i int, s engine.Seat, tail int) bool {
	e := &t.feed[i].Event
	return e.Sees(s) && (s != engine.Public || e.IsPublic()) && (tail < 0 || !e.Table)
}

// tailLocked finds the story lines s sees that a tail keeps: n of them,
// from line from on, and whether earlier ones were left out. The lines
// are found first, from the end, so that the story is copied once into a
// list of its size.
func (t *Table) tailLocked(s engine.Seat, tail int) (n, from int, earlier bool) {
	for i := len(t.feed) - 1; i >= 0; i-- {
		if !t.seesLocked(i, s, tail) {
			continue
		}
		if n == tail { // never with tail -1
			return n, i + 1, true
		}
		n++
	}
	return n, 0, false
}

// todoKeep is how many steps of the game (actions, or undos in a row)
// "On the table now" looks back over: an instruction stays until two more
// steps were taken, time enough for the real table to carry it out.
const todoKeep = 3

// todoLocked is Snapshot.Todo, TodoWhat and TodoPast. It reads the end of
// the story, step by step from the newest: an action gives its table
// instructions, the undos since the last action the restore lines that
// put the real table back. So it holds after a replay or a resume as well.
func (t *Table) todoLocked() (todo []engine.Event, what engine.Msg, past []TodoStep) {
	var steps []TodoStep
	i := len(t.feed) - 1
walk:
	for i >= 0 && len(steps) < todoKeep {
		f := &t.feed[i]
		switch {
		case f.kind == feedNote || (f.kind == feedEvent && f.Undone):
			i--
		case f.kind == feedEvent && f.act < 0:
			break walk // the opening
		case f.kind == feedEvent:
			act := f.act
			for i >= 0 && t.feed[i].kind == feedEvent && t.feed[i].act == act {
				i--
			}
			ap := &t.applied[act]
			st := TodoStep{What: t.todoWhat(ap)}
			for _, e := range ap.events {
				if e.Table && e.IsPublic() {
					st.Todo = append(st.Todo, e)
				}
			}
			steps = append(steps, st)
		default: // undos in a row, with their restore lines
			var st TodoStep
			for ; i >= 0; i-- {
				f := &t.feed[i]
				if f.kind == feedEvent {
					break
				}
				if f.kind == feedUndo && st.What.Key == "" {
					st.What = f.Event.Msg
				}
				if f.kind == feedRestore && f.Event.Table && f.Event.IsPublic() {
					st.Todo = append(st.Todo, f.Event)
				}
			}
			slices.Reverse(st.Todo)
			if len(st.Todo) == 0 {
				st.Todo = []engine.Event{{Msg: engine.M("mod.restore.nothing"), Table: true}}
			}
			steps = append(steps, st)
		}
	}
	if len(steps) == 0 {
		return nil, engine.Msg{}, nil
	}
	for _, st := range steps[1:] {
		if len(st.Todo) > 0 {
			past = append(past, st)
		}
	}
	return steps[0].Todo, steps[0].What, past
}

// todoWhat names an action for "On the table now": its first public line,
// or, for an action the table was told nothing of, whose move it was.
func (t *Table) todoWhat(ap *applied) engine.Msg {
	if m, ok := firstTold(ap.events, engine.Public); ok {
		return m
	}
	return engine.M("mod.todo.move", "seat", t.seatLabel(ap.seat))
}

// Legal lists seat s's choices now.
func (t *Table) Legal(s engine.Seat) []engine.Choice {
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.Clone(t.legalLocked(s))
}

// Decode reads typed notation for seat s into the canonical action.
func (t *Table) Decode(s engine.Seat, text string) (engine.Action, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.game.Decode(s, text)
}

// Act applies an action for seat s. stateVer is the version of the page the
// action came from (-1: the console or a script, which are always current).
// The action is on disk before anyone is told.
func (t *Table) Act(s engine.Seat, text string, stateVer int) ([]engine.Event, error) {
	t.mu.Lock()
	if stateVer >= 0 && stateVer != t.stateVer {
		t.mu.Unlock()
		return nil, ErrStale
	}
	a, err := t.game.Decode(s, text)
	if err != nil {
		t.mu.Unlock()
		return nil, err
	}
	// The game checks an action by applying it, so it is applied first
	// (under the lock: nobody sees it yet) and taken back completely if
	// the log cannot store it.
	m := t.markLocked()
	events, err := t.applyLocked(s, a)
	if err != nil {
		t.mu.Unlock()
		return nil, err
	}
	if err := t.appendLocked(Record{Type: "act", Seat: int(s), Action: string(a)}); err != nil {
		// Not on disk, so it did not happen: not in the game, not in the
		// story, not on any device.
		t.rollbackLocked(m)
		t.mu.Unlock()
		return nil, err
	}
	t.stateVer++
	t.bumpLocked()
	t.undo = nil
	t.mu.Unlock()
	t.notify()
	return events, nil
}

// appendLocked writes a record to the log, if the table has one. A record
// the log cannot store is a *NotSavedError, and the GM console hears of it.
func (t *Table) appendLocked(r Record) error {
	if t.log == nil {
		return nil
	}
	r.At = t.clock().UTC()
	err := t.log.Append(r)
	var ns *NotSavedError
	if errors.As(err, &ns) {
		t.unsaved = ns
		t.trouble.add(Trouble{At: r.At, Rec: r.Type, Err: ns})
	} else if err == nil {
		t.unsaved = nil
	}
	return err
}

// mark is how far a table's story has gone, for rollbackLocked.
type mark struct{ applied, feed int }

func (t *Table) markLocked() mark { return mark{len(t.applied), len(t.feed)} }

// rollbackLocked takes back everything applied since m: the actions, their
// lines in the story, the game state and the cached choices. Versions only
// move once a record is saved, so they need no change.
func (t *Table) rollbackLocked(m mark) {
	t.lines = nil
	clear(t.feed[m.feed:])
	t.feed = t.feed[:m.feed]
	clear(t.applied[m.applied:])
	t.applied = t.applied[:m.applied]
	t.rebuildLocked()
}

func (t *Table) applyLocked(s engine.Seat, a engine.Action) ([]engine.Event, error) {
	public := false
	for _, c := range t.legalLocked(s) {
		if c.Action == a {
			public = c.Public
		}
	}
	events, err := t.game.Apply(s, a)
	if err != nil {
		return nil, err
	}
	t.legal = nil
	t.applied = append(t.applied, applied{seat: s, action: a, events: events, public: public})
	for _, e := range events {
		t.feed = append(t.feed, feedEntry{FeedItem: FeedItem{Seq: len(t.feed), Seat: s, Event: e}, act: len(t.applied) - 1})
	}
	return events, nil
}

// rebuildLocked replays the game from its seed and the applied actions.
func (t *Table) rebuildLocked() {
	g, err := t.face.New(t.hdr.Seats, t.hdr.Options, t.hdr.Seed)
	if err != nil {
		panic(err) // it was built from the same options before
	}
	for i, ap := range t.applied {
		ev, err := g.Apply(ap.seat, ap.action)
		if err != nil {
			panic(fmt.Sprintf("moderator: replay of %q failed: %v", ap.action, err))
		}
		t.applied[i].events = ev
	}
	t.game = g
	t.legal = nil
}

// learners are the seats that learned something hidden or random from the
// last action (DESIGN.md principle 4), or nil when it revealed nothing.
func (t *Table) learnersLocked() []engine.Seat {
	ap := t.applied[len(t.applied)-1]
	seen := map[engine.Seat]bool{}
	for _, e := range ap.events {
		if !e.Reveal && !e.Random {
			continue
		}
		for s := 0; s < t.game.Seats(); s++ {
			if e.Sees(engine.Seat(s)) {
				seen[engine.Seat(s)] = true
			}
		}
	}
	var out []engine.Seat
	for s := 0; s < t.game.Seats(); s++ {
		if seen[engine.Seat(s)] {
			out = append(out, engine.Seat(s))
		}
	}
	return out
}

// RequestUndo asks to undo the last action. The actor undoes it alone as
// long as it revealed nothing hidden and drew nothing random; otherwise
// every seat that learned something (and the actor, if the GM console
// asked) must agree with ConfirmUndo. The console may undo a public action
// alone. done is true when the undo took place at once.
func (t *Table) RequestUndo(by engine.Seat) (done bool, err error) {
	t.mu.Lock()
	if len(t.applied) == 0 {
		t.mu.Unlock()
		return false, ErrNothingToUndo
	}
	ap := t.applied[len(t.applied)-1]
	if by != engine.Public && by != ap.seat {
		t.mu.Unlock()
		return false, ErrNotActor
	}
	learners := t.learnersLocked()
	if len(learners) == 0 && (by == ap.seat || ap.public) {
		err := t.doUndoLocked(by)
		t.mu.Unlock()
		if err == nil {
			t.notify()
		}
		return err == nil, err
	}
	waiting := []engine.Seat{}
	need := map[engine.Seat]bool{ap.seat: true}
	for _, s := range learners {
		need[s] = true
	}
	for s := 0; s < t.game.Seats(); s++ {
		if need[engine.Seat(s)] && engine.Seat(s) != by {
			waiting = append(waiting, engine.Seat(s))
		}
	}
	if len(waiting) == 0 {
		err := t.doUndoLocked(by)
		t.mu.Unlock()
		if err == nil {
			t.notify()
		}
		return err == nil, err
	}
	t.bumpLocked()
	t.undo = &pendingUndo{UndoRequest: UndoRequest{By: by, Actor: ap.seat, Waiting: waiting, No: t.currentVersion()}, events: ap.events}
	t.mu.Unlock()
	t.notify()
	return false, nil
}

// ConfirmUndo records seat s's answer to the waiting undo request. A "no"
// cancels the request; the last "yes" carries out the undo.
func (t *Table) ConfirmUndo(s engine.Seat, yes bool) (done bool, err error) {
	t.mu.Lock()
	u := t.undo
	if u == nil {
		t.mu.Unlock()
		return false, ErrNoRequest
	}
	idx := -1
	for i, w := range u.Waiting {
		if w == s {
			idx = i
		}
	}
	if idx < 0 {
		t.mu.Unlock()
		return false, ErrNoRequest
	}
	if !yes {
		// Everyone is told who refused: the console and the other phones
		// would otherwise only see the request vanish.
		key := "mod.ev.undo_refused"
		if s == u.Actor {
			key = "mod.ev.undo_refused_own"
		}
		t.feed = append(t.feed, feedEntry{act: -1, kind: feedNote, FeedItem: FeedItem{Seq: len(t.feed), Seat: s,
			Event: engine.Event{Msg: engine.M(key, "seat", t.seatLabel(s), "actor", t.seatLabel(u.Actor))}}})
		t.undo = nil
		t.bumpLocked()
		t.mu.Unlock()
		t.notify()
		return false, nil
	}
	u.Waiting = append(u.Waiting[:idx], u.Waiting[idx+1:]...)
	if len(u.Waiting) > 0 {
		t.bumpLocked()
		t.mu.Unlock()
		t.notify()
		return false, nil
	}
	err = t.doUndoLocked(u.By)
	if err != nil {
		// Not saved: the request waits for this answer again.
		u.Waiting = append(u.Waiting, s)
	}
	t.mu.Unlock()
	if err == nil {
		t.notify()
	}
	return err == nil, err
}

func (t *Table) doUndoLocked(by engine.Seat) error {
	if err := t.appendLocked(Record{Type: "undo", Seat: int(by)}); err != nil {
		return err
	}
	t.undo = nil
	t.stateVer++
	t.bumpLocked()
	return t.undoLocked(by)
}

// undoLocked removes the last action from the game and marks it undone in
// the feed; the log keeps both the action and the undo.
func (t *Table) undoLocked(by engine.Seat) error {
	if len(t.applied) == 0 {
		return ErrNothingToUndo
	}
	n := len(t.applied) - 1
	ap := t.applied[n]
	t.applied = t.applied[:n]
	for i := range t.feed {
		if t.feed[i].act == n {
			t.feed[i].Undone = true
			t.feed[i].act = -1
		}
	}
	t.rebuildLocked()
	_, notice := t.undoWords("mod.ev.took_back", by, ap.seat, ap.events, engine.Public)
	t.feed = append(t.feed, feedEntry{act: -1, kind: feedUndo, FeedItem: FeedItem{Seq: len(t.feed), Seat: by, Event: engine.Event{Msg: notice}}})
	for _, e := range t.restoreLocked(ap) {
		t.feed = append(t.feed, feedEntry{act: -1, kind: feedRestore, FeedItem: FeedItem{Seq: len(t.feed), Seat: by, Event: e}})
	}
	return nil
}

// restoreLocked says how to put the real table back after ap was undone
// (DESIGN.md principle 6), the game standing as before ap: the game's own
// words when it has them (engine.Restorer), else one general instruction.
// A public line is a table instruction (the table screen's "On the table
// now"); a line told to some seats only shows in their story.
func (t *Table) restoreLocked(ap applied) []engine.Event {
	r, ok := t.game.(engine.Restorer)
	if !ok {
		return []engine.Event{{Msg: engine.M("mod.restore.screen"), Table: true}}
	}
	var out []engine.Event
	for _, e := range r.Restore(ap.seat, ap.action, ap.events) {
		e.Table = e.IsPublic()
		out = append(out, e)
	}
	return out
}

func (t *Table) seatLabel(s engine.Seat) string {
	if s == engine.Public {
		return "@mod.gm"
	}
	return t.hdr.Seats[s]
}

// Relink gives seat s a new link; the old one stops working at once: every
// page and event stream still being answered on it is cut (links.go).
func (t *Table) Relink(s engine.Seat) (string, error) {
	t.mu.Lock()
	if s < 0 || int(s) >= len(t.hdr.Tokens) {
		t.mu.Unlock()
		return "", fmt.Errorf("no seat %d", s)
	}
	if t.IsBot(s) {
		t.mu.Unlock()
		return "", botErr("mod.bot.relink", "seat", t.hdr.Seats[s])
	}
	rec := Record{Type: "relink", Seat: int(s), Token: NewToken()}
	if err := t.appendLocked(rec); err != nil {
		t.mu.Unlock()
		return "", err
	}
	t.hdr.relink(rec) // a new list: the published one is not written in place
	t.publishTokensLocked()
	t.revokeLinksLocked(s)
	delete(t.joined, s) // joined again only when the new link is opened
	t.bumpLocked()
	t.mu.Unlock()
	t.notify()
	return rec.Token, nil
}

// moveOut ends every live connection to the table: its links now belong
// to a rematch (Store.Rematch), where the devices reconnect.
func (t *Table) moveOut() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.moved.Err() != nil {
		return
	}
	t.move()
	for s := range t.hdr.Tokens {
		t.revokeLinksLocked(engine.Seat(s))
	}
}

// Subscribe returns a channel that receives a signal after every change.
// Signals coalesce: a slow reader sees the latest state, never a backlog.
func (t *Table) Subscribe() (ch chan struct{}, cancel func()) {
	ch = make(chan struct{}, 1)
	t.mu.Lock()
	t.subs[ch] = struct{}{}
	t.mu.Unlock()
	return ch, func() {
		t.mu.Lock()
		delete(t.subs, ch)
		t.mu.Unlock()
	}
}

func (t *Table) notify() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for ch := range t.subs {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// Close closes the log.
func (t *Table) Close() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed || t.log == nil {
		return nil
	}
	t.closed = true
	return t.log.Close()
}

// MarkJoined records that a seat opened its link; the table screen shows it.
func (t *Table) MarkJoined(s engine.Seat) {
	t.mu.Lock()
	if t.joined == nil {
		t.joined = map[engine.Seat]bool{}
	}
	first := !t.joined[s]
	t.joined[s] = true
	if first {
		t.bumpLocked()
	}
	t.mu.Unlock()
	if first {
		t.notify()
	}
}

// connect counts a seat's live connections (+1 on open, -1 on close).
func (t *Table) connect(s engine.Seat, d int) {
	t.mu.Lock()
	if t.online == nil {
		t.online = map[engine.Seat]int{}
	}
	t.online[s] += d
	t.bumpLocked()
	t.mu.Unlock()
	t.notify()
}

func (t *Table) currentVersion() int { return int(t.version.Load()) }

// bumpLocked moves the version on.
func (t *Table) bumpLocked() {
	t.version.Add(1)
}

// Presence says, seat by seat, whether the link was opened and how many
// pages hold it open now.
func (t *Table) Presence() (joined []bool, online []int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for i := range t.hdr.Seats {
		joined = append(joined, t.joined[engine.Seat(i)])
		online = append(online, t.online[engine.Seat(i)])
	}
	return joined, online
}
