package moderator

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/bot"
	"tablemaster/internal/typo"
	"tablemaster/moderator/face"
)

// A bot seat (issue 28, item 4) is a seat tablemaster plays itself, for a
// table one player short or a player learning alone. It has no phone: its
// link opens nothing, and its secrets stay in the laptop. The server run
// drives it (RunBots): whenever the table changes and the seat has
// choices, it waits a person's pause, decides with ISMCTS from what its
// own seat may know (a determinization by Resample of that seat only,
// never another seat's view) and acts through Table.Act, as a phone does.
// So its moves are logged, replayed, resumed and turned into instructions
// for the real cards exactly like anyone's.

// ErrBotSeat is wrapped by every refusal of a bot seat.
var ErrBotSeat = errors.New("no bot can take that seat")

func botErr(key string, nv ...string) error {
	return engine.Errorf(ErrBotSeat, "tablemaster", engine.M(key, nv...))
}

// FindBots turns the names given for bot seats (--bot, the host page)
// into seat numbers, sorted, each once. A name is a seat's as CheckNames
// compares names (case, width and spacing aside); a name that is no seat
// is refused, naming the closest seat when one is near. Every seat a bot
// is refused too: that is tablemaster sim.
func FindBots(seats, names []string) ([]int, error) {
	var out []int
	for _, name := range names {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		i := slices.IndexFunc(seats, func(s string) bool { return NameKey(s) == NameKey(name) })
		if i < 0 {
			if near := nearestSeat(seats, name); near != "" {
				return nil, botErr("mod.bot.no_seat_near", "name", VisibleText(name), "near", near, "seats", strings.Join(seats, ", "))
			}
			return nil, botErr("mod.bot.no_seat", "name", VisibleText(name), "seats", strings.Join(seats, ", "))
		}
		if !slices.Contains(out, i) {
			out = append(out, i)
		}
	}
	slices.Sort(out)
	if len(out) > 0 && len(out) == len(seats) {
		return nil, botErr("mod.bot.all")
	}
	return out, nil
}

// nearestSeat is the seat name a mistyped name most likely meant (a
// start of it from two letters on), or "".
func nearestSeat(seats []string, name string) string {
	return typo.Nearest(name, seats, 2, NameKey)
}

// checkBots checks the bot seats of a new table: real seats, each once,
// not all of them, of a game tablemaster can play (face.BotSeater, an
// engine that can Resample) at a table whose options let it. It returns
// them sorted.
func checkBots(f face.Face, options json.RawMessage, seats []string, bots []int) ([]int, error) {
	if len(bots) == 0 {
		return nil, nil
	}
	out := slices.Clone(bots)
	slices.Sort(out)
	out = slices.Compact(out)
	for _, s := range out {
		if s < 0 || s >= len(seats) {
			return nil, botErr("mod.bot.no_seat_n", "n", strconv.Itoa(s+1))
		}
	}
	if len(out) == len(seats) {
		return nil, botErr("mod.bot.all")
	}
	bs, ok := f.(face.BotSeater)
	if !ok {
		return nil, botErr("mod.bot.game", "game", "@"+f.Name()+".name")
	}
	g, err := f.New(seats, options, 1)
	if err != nil {
		return nil, err
	}
	if _, ok := g.(engine.Resampler); !ok {
		return nil, botErr("mod.bot.game", "game", "@"+f.Name()+".name")
	}
	for _, s := range out {
		if err := bs.BotSeat(options, engine.Seat(s)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Bots are the seats tablemaster plays at this table.
func (t *Table) Bots() []engine.Seat {
	var out []engine.Seat
	for _, s := range t.hdr.Bots { // the header's Bots never change
		out = append(out, engine.Seat(s))
	}
	return out
}

// IsBot reports whether tablemaster plays seat s.
func (t *Table) IsBot(s engine.Seat) bool { return slices.Contains(t.hdr.Bots, int(s)) }

// BotPlay is how tablemaster plays its seats.
type BotPlay struct {
	// MinPause and MaxPause bound the pause before each move, a person's
	// pace (1.2–2.5 s): the table sees the move come, and a move that
	// answers at once would read as a machine's. The decision is thought
	// within the pause. Tests shorten it.
	MinPause, MaxPause time.Duration
	// Budget is ISMCTS's iterations a decision (300), and Think the
	// longest a decision may take whatever its budget (3 s).
	Budget int
	Think  time.Duration
}

// DefaultBotPlay is the pace and strength of a bot seat at a real table.
var DefaultBotPlay = BotPlay{MinPause: 1200 * time.Millisecond, MaxPause: 2500 * time.Millisecond, Budget: 300, Think: 3 * time.Second}

// RunBots plays the bot seats of every table of the store, new ones too,
// until stop is called or the server stops. HTTPServer starts it; a test
// serving Handler itself calls it.
func (s *Server) RunBots() (stop func()) {
	ctx, cancel := context.WithCancel(s.stop)
	var wg sync.WaitGroup
	wg.Go(func() { s.watchBots(ctx, &wg) })
	return func() { cancel(); wg.Wait() }
}

// watchBots starts a driver for each table with bot seats as it appears
// in the store, and stops it when the table is put away.
func (s *Server) watchBots(ctx context.Context, wg *sync.WaitGroup) {
	list, cancel := s.store.changes.subscribe()
	defer cancel()
	driven := map[*Table]context.CancelFunc{}
	defer func() {
		for _, stop := range driven {
			stop()
		}
	}()
	for {
		live := map[*Table]bool{}
		for _, t := range s.store.Tables() {
			live[t] = true
			if driven[t] == nil && len(t.Bots()) > 0 {
				tctx, stop := context.WithCancel(ctx)
				driven[t] = stop
				wg.Go(func() { s.driveBots(tctx, t) })
			}
		}
		for t, stop := range driven {
			if !live[t] {
				stop()
				delete(driven, t)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-list:
		}
	}
}

// botStep is what a table asks of its bot seats now.
type botStep struct {
	seat    engine.Seat
	ver     int  // the state the step was found in
	confirm bool // answer an undo request (always yes), not act
	game    bot.Game
	legal   []engine.Choice
}

// botStepLocked finds the first bot seat with something to do: an undo
// request waiting for its answer, or its choices. game is then a
// determinization for that seat alone: everything hidden from it redrawn.
func (t *Table) botStepLocked(r *engine.Rand) (botStep, bool) {
	if t.undo != nil {
		for _, w := range t.undo.Waiting {
			if t.IsBot(w) {
				return botStep{seat: w, ver: t.stateVer, confirm: true}, true
			}
		}
		return botStep{}, false // the table waits for a person's answer
	}
	if t.game.Outcome().Over {
		return botStep{}, false
	}
	rs, ok := t.game.(engine.Resampler)
	if !ok {
		return botStep{}, false
	}
	for _, s := range t.hdr.Bots {
		seat := engine.Seat(s)
		legal := t.legalLocked(seat)
		if len(legal) == 0 {
			continue
		}
		g, ok := rs.Resample(seat, r).(bot.Game)
		if !ok {
			return botStep{}, false
		}
		return botStep{seat: seat, ver: t.stateVer, game: g, legal: slices.Clone(legal)}, true
	}
	return botStep{}, false
}

// driveBots plays t's bot seats until ctx ends or the table's links move
// to a rematch.
func (s *Server) driveBots(ctx context.Context, t *Table) {
	ch, cancel := t.Subscribe()
	defer cancel()
	p := s.BotPlay
	r := engine.NewRand(t.hdr.Seed ^ 0x5eed_b07)
	for {
		t.mu.Lock()
		step, ok := t.botStepLocked(r)
		t.mu.Unlock()
		if ok {
			pause := p.MinPause
			if p.MaxPause > p.MinPause {
				pause += rand.N(p.MaxPause - p.MinPause)
			}
			start := time.Now()
			var a engine.Action
			if !step.confirm {
				a = s.botDecide(step, p, uint64(r.IntN(1<<62)))
			}
			select {
			case <-ctx.Done():
				return
			case <-t.moved.Done():
				return
			case <-time.After(pause - time.Since(start)):
			}
			var err error
			if step.confirm {
				_, err = t.ConfirmUndo(step.seat, true)
			} else {
				_, err = t.Act(step.seat, string(a), step.ver)
			}
			switch {
			case err == nil, errors.Is(err, ErrStale), errors.Is(err, ErrNoRequest):
				continue // look again: the table moved on meanwhile
			default:
				// Not saved (the disk), or refused: the GM console hears
				// of a failed save; the bot tries again on the next change.
				s.Logf("table %s: %s could not act: %v", t.ID(), t.SeatName(step.seat), err)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.moved.Done():
			return
		case <-ch:
		}
	}
}

// botDecide picks the bot seat's action: ISMCTS over determinizations of
// its own seat only, drawn from the one the table gave (Resample of a
// determinization of s is a determinization of s: s's view is the same in
// both). A game with one choice needs no thought.
func (s *Server) botDecide(step botStep, p BotPlay, seed uint64) engine.Action {
	if len(step.legal) == 1 {
		return step.legal[0].Action
	}
	b := bot.NewISMCTS(bot.Budget{Iterations: max(p.Budget, 1), Time: p.Think}, seed)
	a := b.Choose(step.game, step.seat)
	for _, c := range step.legal {
		if c.Action == a {
			return a
		}
	}
	// Never expected: the determinization offered what the table does
	// not. The first choice keeps the table going.
	return step.legal[0].Action
}

// CheckBots reads the names given for bot seats at a new table of game
// with these options and seats (FindBots) and checks that tablemaster can
// play them there, as Store.Create will: the command line and the host
// page refuse a bad --bot before anything starts.
func CheckBots(game string, options any, seats, names []string) ([]int, error) {
	bots, err := FindBots(seats, names)
	if err != nil || len(bots) == 0 {
		return bots, err
	}
	f, err := face.Lookup(game)
	if err != nil {
		return nil, err
	}
	opts, err := json.Marshal(options)
	if err != nil {
		return nil, err
	}
	return checkBots(f, opts, seats, bots)
}
