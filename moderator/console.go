package moderator

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"tablemaster/engine"
	"tablemaster/moderator/term"
)

// Console is the GM console of one table: the terminal where tablemaster
// was started. It shows public information only (the person at the laptop
// is usually a player too) unless Reveal is set for a script run.
type Console struct {
	T    *Table
	Out  io.Writer
	Lang engine.Lang
	// Prompter asks questions at a terminal; nil when there is none.
	Prompter term.Prompter
	// Reveal prints what each seat was told privately (--reveal).
	Reveal bool
	// BaseURL is "http://192.168.1.5:8080"; links are built on it.
	BaseURL string
	// QR draws a link as a QR code; nil prints links as text only.
	QR func(string) (string, error)
	// Print writes join cards for the table (arg: the words after print)
	// and returns what to tell the GM; nil when printing is not wired in.
	Print func(arg string) (string, error)

	mu      sync.Mutex
	printed int // feed items already printed
	asked   int // the undo request last printed (UndoRequest.No)
}

func (c *Console) s(key string, nv ...string) string { return c.Lang.S(key, nv...) }

// TableURL is the table screen's link.
func (c *Console) TableURL() string { return c.BaseURL + "/t/" + c.T.Header().TableToken }

// SeatURL is a seat's secret link.
func (c *Console) SeatURL(s engine.Seat) string { return c.BaseURL + "/s/" + c.T.Header().Tokens[s] }

func (c *Console) seatLabel(s engine.Seat) string {
	name := c.T.SeatName(s)
	if k := c.T.face.Role(s); k != "" {
		return fmt.Sprintf("%s (%s)", name, c.s(k))
	}
	return name
}

// findSeat resolves a name typed at the console: a player's name or, when
// roles are public, a role ("killer", "殺人鬼"), ignoring case.
func (c *Console) findSeat(name string) (engine.Seat, error) {
	h := c.T.Header()
	for i, n := range h.Seats {
		if strings.EqualFold(n, name) {
			return engine.Seat(i), nil
		}
	}
	for i := range h.Seats {
		if k := c.T.face.Role(engine.Seat(i)); k != "" {
			for _, l := range engine.Langs {
				if strings.EqualFold(l.S(k), name) {
					return engine.Seat(i), nil
				}
			}
		}
	}
	return engine.Public, errors.New(c.s("mod.con.no_seat", "name", name, "seats", strings.Join(h.Seats, ", ")))
}

// PrintNew prints the feed items that appeared since the last call: the
// public ones, and with Reveal the private ones, marked with their seat.
func (c *Console) PrintNew() {
	c.mu.Lock()
	defer c.mu.Unlock()
	// Only what is new: a script of 10,000 actions prints in linear time.
	for _, f := range c.T.feedSince(c.printed, c.Reveal) {
		c.printed = f.Seq + 1
		c.printEvent(f.Event)
	}
	if u := c.T.pendingUndo(engine.Public); u != nil && u.No != c.asked {
		// Who asks and what, as the table screen says it.
		c.asked = u.No
		var names []string
		for _, s := range u.Waiting {
			names = append(names, c.T.SeatName(s))
		}
		fmt.Fprintf(c.Out, "  ↶ %s\n", oneLine(c.Lang.Text(u.Text)+" "+c.s("mod.con.undo_wait", "seats", strings.Join(names, ", "))))
	}
}

// oneLine keeps an event on its line: a line feed in it (a name from a
// hand-edited log) is escaped as the terminal filter escapes a carriage
// return, so no name starts a line of its own (`seat …` in headless mode).
func oneLine(s string) string { return strings.ReplaceAll(s, "\n", `\n`) }

func (c *Console) printEvent(e engine.Event) {
	text := oneLine(c.Lang.Text(e.Msg))
	switch {
	case !e.IsPublic():
		var names []string
		for _, s := range e.To {
			names = append(names, c.T.SeatName(s))
		}
		fmt.Fprintf(c.Out, "  🔒 [%s] %s\n", oneLine(strings.Join(names, ", ")), text)
	case e.Table:
		fmt.Fprintf(c.Out, "  ▸ %s\n", text)
	default:
		fmt.Fprintf(c.Out, "  %s\n", text)
	}
}

// skipPrinted marks everything so far as printed (after a status, say).
func (c *Console) skipPrinted() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.printed = c.T.feedLen()
}

// Status prints the public state.
func (c *Console) Status() {
	snap := c.T.Snapshot(engine.Public)
	fmt.Fprint(c.Out, TextView(c.T, snap, c.Lang))
}

// Help prints the command language.
func (c *Console) Help() {
	fmt.Fprintln(c.Out, c.s("mod.con.help"))
	if k := c.T.face.Name(); engine.Has(k + ".help") {
		fmt.Fprintln(c.Out, c.s(k+".help"))
	}
}

// Links shows the table screen link and then, seat by seat, a QR code and
// the link. With a Prompter it waits for Enter between seats so nobody
// scans another's code.
func (c *Console) Links() error {
	fmt.Fprintf(c.Out, "%s\n  %s\n\n", c.s("mod.con.table_url"), c.TableURL())
	h := c.T.Header()
	for i := range h.Seats {
		s := engine.Seat(i)
		if c.T.IsBot(s) {
			// No phone, so no code: nobody may hold its secrets.
			fmt.Fprintf(c.Out, "%s\n", c.s("mod.bot.link", "seat", c.seatLabel(s)))
			continue
		}
		if c.Prompter == nil || c.QR == nil {
			fmt.Fprintf(c.Out, "%s\n  %s\n", c.s("mod.con.seat_link", "seat", c.seatLabel(s)), c.SeatURL(s))
			continue
		}
		// One code at a time, so nobody scans another's.
		next := c.s("mod.con.hide_qr")
		for j := i + 1; j < len(h.Seats); j++ {
			if !c.T.IsBot(engine.Seat(j)) {
				next = c.s("mod.con.next_qr", "seat", c.seatLabel(engine.Seat(j)))
				break
			}
		}
		if err := c.showCode(s, next); err != nil {
			return err
		}
	}
	return nil
}

// showCode shows seat s its secret link as a QR code and text, waits for
// Enter (prompt next) and wipes the screen — also when the wait is broken
// off (Ctrl-C, SIGTERM): no code may stay in view. It needs a Prompter and
// a QR.
func (c *Console) showCode(s engine.Seat, next string) error {
	fmt.Fprintf(c.Out, "%s\n", c.s("mod.con.seat_link", "seat", c.seatLabel(s)))
	if qr, err := c.QR(c.SeatURL(s)); err == nil {
		fmt.Fprint(c.Out, qr)
	}
	fmt.Fprintf(c.Out, "  %s\n", c.SeatURL(s))
	err := c.Prompter.Wait(next)
	fmt.Fprint(c.Out, clearScreen)
	return err
}

// clearScreen wipes a terminal so a QR code or a private screen does not
// stay in view (ANSI: clear, home, clear scrollback).
const clearScreen = "\x1b[2J\x1b[H\x1b[3J"

// ErrQuit is returned when the console was told to quit.
var ErrQuit = errors.New("quit")

// Exec carries out one command. asSeatAllowed is true for scripts and
// pass-and-play, where one person legitimately enters every seat's moves;
// at the interactive console a seat's private moves are refused, because
// they belong on that player's phone (DESIGN.md principle 2).
func (c *Console) Exec(cmd Command, asSeatAllowed bool) error {
	switch cmd.Verb {
	case "help":
		c.Help()
	case "status":
		c.Status()
	case "links":
		return c.Links()
	case "quit":
		return ErrQuit
	case "relink":
		s, err := c.findSeat(cmd.Arg)
		if err != nil {
			return err
		}
		if _, err := c.T.Relink(s); err != nil {
			return err
		}
		fmt.Fprintln(c.Out, c.s("mod.con.relinked", "seat", c.seatLabel(s)))
		if c.Prompter == nil || c.QR == nil {
			fmt.Fprintf(c.Out, "  %s\n", c.SeatURL(s))
			return nil
		}
		// As links does: the new code only once its owner looks, and
		// gone again after Enter.
		if err := c.Prompter.Wait(c.s("mod.con.show_qr", "seat", c.seatLabel(s))); err != nil {
			return err
		}
		return c.showCode(s, c.s("mod.con.hide_qr"))
	case "undo", "agree", "refuse":
		by := engine.Public
		if cmd.Seat != "" {
			s, err := c.findSeat(cmd.Seat)
			if err != nil {
				return err
			}
			by = s
		}
		var err error
		if cmd.Verb == "undo" {
			_, err = c.T.RequestUndo(by)
		} else {
			if by == engine.Public {
				return errors.New(c.s("mod.con.answer_who"))
			}
			if !asSeatAllowed {
				return errors.New(c.s("mod.con.on_phone", "seat", c.seatLabel(by)))
			}
			_, err = c.T.ConfirmUndo(by, cmd.Verb == "agree")
		}
		if err != nil {
			return errors.New(errText(c.Lang, err))
		}
		// The request, who refused, or the undo and what to do on the real
		// table: PrintNew prints them as every screen shows them.
	case "act":
		return c.act(cmd, asSeatAllowed)
	case "print":
		if c.Print == nil {
			return errors.New(c.s("mod.con.print_later"))
		}
		msg, err := c.Print(cmd.Arg)
		if err != nil {
			return err
		}
		fmt.Fprintln(c.Out, msg)
	default:
		return errors.New(c.s("mod.con.unknown", "text", cmd.String()))
	}
	return nil
}

func (c *Console) act(cmd Command, asSeatAllowed bool) error {
	var seat engine.Seat
	if cmd.Seat != "" {
		s, err := c.findSeat(cmd.Seat)
		if err != nil {
			return err
		}
		seat = s
	} else {
		// No seat named: the action of whoever is to move, if it is public.
		seat = engine.Public
		for i := range c.T.Header().Seats {
			if len(c.T.Legal(engine.Seat(i))) > 0 {
				seat = engine.Seat(i)
				break
			}
		}
		if seat == engine.Public {
			return errors.New(c.s("mod.con.nobody"))
		}
	}
	a, err := c.T.Decode(seat, cmd.Arg)
	if err != nil {
		return errors.New(errText(c.Lang, err))
	}
	public := false
	for _, ch := range c.T.Legal(seat) {
		if ch.Action == a {
			public = ch.Public
		}
	}
	if !asSeatAllowed && !public {
		// Refused before the engine looks: the answer cannot depend on a secret.
		return errors.New(c.s("mod.con.on_phone", "seat", c.seatLabel(seat)))
	}
	if _, err := c.T.Act(seat, string(a), -1); err != nil {
		return errors.New(errText(c.Lang, err))
	}
	return nil
}

// RunScript runs commands in order as a script: every seat may act, each
// line is echoed, and the run stops at the first failing line, naming it.
// Everything before that line stands (it is in the log).
func (c *Console) RunScript(cmds []Command) error {
	c.PrintNew()
	for _, cmd := range cmds {
		fmt.Fprintf(c.Out, "> %s\n", cmd)
		err := c.Exec(cmd, true)
		c.PrintNew()
		if errors.Is(err, ErrQuit) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s", c.s("mod.con.script_line", "line", fmt.Sprint(cmd.Line), "err", err.Error()))
		}
	}
	return nil
}

// feedLen is the number of feed items, private ones included.
func (t *Table) feedLen() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.feed)
}

// feedSince is the story from item seq on: the public items, or with all
// every item (--reveal, replay). Items are numbered by their place in it.
func (t *Table) feedSince(seq int, all bool) []FeedItem {
	t.mu.Lock()
	defer t.mu.Unlock()
	var items []FeedItem
	for _, f := range t.feed[min(max(seq, 0), len(t.feed)):] {
		if all || f.Event.IsPublic() {
			items = append(items, f.FeedItem)
		}
	}
	return items
}

// pendingUndo is the undo request waiting, as seat s reads it, or nil.
func (t *Table) pendingUndo(s engine.Seat) *UndoRequest {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.undoForLocked(s)
}

// undoForLocked is pendingUndo with t.mu held (Snapshot reads it too).
func (t *Table) undoForLocked(s engine.Seat) *UndoRequest {
	if t.undo == nil {
		return nil
	}
	u := t.undo.UndoRequest
	u.Waiting = append([]engine.Seat(nil), t.undo.Waiting...)
	u.What, u.Text = t.undoWords("mod.undo.asks", u.By, u.Actor, t.undo.events, s)
	return &u
}

// seatName is a seat's name, or the game master's for Public.
func (c *Console) seatName(s engine.Seat) string {
	if s == engine.Public {
		return c.s("mod.gm")
	}
	return c.T.SeatName(s)
}
