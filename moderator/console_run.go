package moderator

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"tablemaster/engine"
	"tablemaster/moderator/term"
)

// Interactive runs the GM console at a terminal until quit, Ctrl-C, the
// end of input or the end of ctx (SIGTERM). Public events are printed as
// they happen. When ctx ends, the question waiting for a key is broken off
// if the Prompter is a term.Interrupter.
func (c *Console) Interactive(ctx context.Context) error {
	defer c.watchTrouble()()
	stop := context.AfterFunc(ctx, func() { term.Interrupt(c.Prompter) })
	defer stop()
	c.Status()
	c.skipPrinted()
	fmt.Fprintln(c.Out, c.s("mod.con.ready"))
	ch, cancel := c.T.Subscribe()
	defer cancel()
	done := make(chan struct{})
	defer close(done)
	go func() {
		for {
			select {
			case <-ch:
				c.PrintNew()
			case <-done:
				return
			case <-ctx.Done():
				return
			}
		}
	}()
	for ctx.Err() == nil {
		line, err := c.Prompter.Input("tablemaster", "")
		if errors.Is(err, term.ErrInterrupted) {
			return nil
		}
		if err != nil {
			return err
		}
		cmd, ok, err := ParseLine(line)
		if err != nil {
			fmt.Fprintf(c.Out, "✗ %v\n", err)
			continue
		}
		if !ok {
			continue
		}
		err = c.Exec(cmd, false)
		if errors.Is(err, ErrQuit) {
			return nil
		}
		// Ctrl-C in a question of a command (the Enter of links) drops
		// that command only; the loop ends if ctx did.
		if err != nil && !errors.Is(err, term.ErrInterrupted) {
			fmt.Fprintf(c.Out, "✗ %v\n", err)
		}
		c.PrintNew()
	}
	return nil
}

// Pass plays without phones: the laptop goes from player to player, each
// private screen hidden behind "pass the laptop to X, press Enter".
func (c *Console) Pass() (err error) {
	defer c.watchTrouble()()
	defer func() {
		if err != nil {
			// Stopped (Ctrl-C, SIGTERM) with a seat's private screen or
			// its undo question in view: nothing stays on the laptop.
			fmt.Fprint(c.Out, clearScreen)
		}
	}()
	seen := map[engine.Seat]int{}
	if c.BaseURL != "" {
		// A TV or a second screen can show the public table meanwhile.
		fmt.Fprintln(c.Out, c.s("mod.con.pass_screen", "url", c.TableURL()))
	}
	for {
		c.PrintNew()
		snap := c.T.Snapshot(engine.Public)
		if snap.Outcome.Over {
			c.Status()
			return nil
		}
		if u := snap.Undo; u != nil && len(u.Waiting) > 0 {
			s := u.Waiting[0]
			if err := c.Prompter.Wait(c.s("mod.con.pass_to", "seat", c.seatLabel(s))); err != nil {
				return err
			}
			if own := c.T.Snapshot(s).Undo; own != nil {
				fmt.Fprintln(c.Out, c.Lang.Text(own.Text)) // what s may know of it
			}
			yes, err := c.Prompter.Confirm(c.s("mod.con.undo_agree"), false)
			if err != nil {
				return err
			}
			if _, err := c.T.ConfirmUndo(s, yes); err != nil {
				fmt.Fprintf(c.Out, "✗ %s\n", errText(c.Lang, err))
			}
			fmt.Fprint(c.Out, clearScreen)
			continue
		}
		seat := engine.Public
		for i := range snap.Seats {
			if len(c.T.Legal(engine.Seat(i))) > 0 {
				seat = engine.Seat(i)
				break
			}
		}
		if seat == engine.Public {
			return errors.New(c.s("mod.con.nobody"))
		}
		c.Status()
		if err := c.passTo(seat); errors.Is(err, ErrQuit) {
			return nil // the resume hint follows
		} else if err != nil {
			return err
		}
		fmt.Fprint(c.Out, clearScreen)
		if err := c.privateTurn(seat, seen); err != nil {
			return err
		}
		if err := c.Prompter.Wait(c.s("mod.con.hide")); err != nil {
			return err
		}
		fmt.Fprint(c.Out, clearScreen)
	}
}

// passTo waits until the laptop is with seat: Enter opens its private
// screen, and status, help or quit typed instead do as at the console —
// never open somebody's secrets by a typed command.
func (c *Console) passTo(seat engine.Seat) error {
	for {
		line, err := c.Prompter.Input(c.s("mod.con.pass_to", "seat", c.seatLabel(seat)), "")
		if err != nil {
			return err
		}
		switch strings.ToLower(strings.TrimSpace(line)) {
		case "":
			return nil
		case "status":
			c.Status()
		case "help":
			c.Help()
		case "quit", "exit":
			return ErrQuit
		default:
			fmt.Fprintln(c.Out, c.s("mod.con.pass_keys", "seat", c.seatLabel(seat)))
		}
	}
}

// privateTurn shows one seat its own screen and takes its action.
func (c *Console) privateTurn(seat engine.Seat, seen map[engine.Seat]int) error {
	own := c.T.Snapshot(seat)
	fmt.Fprintln(c.Out, c.s("mod.con.private", "seat", c.seatLabel(seat)))
	fmt.Fprint(c.Out, TextView(c.T, own, c.Lang))
	c.printPrivate(seat, own, seen)
	const undoOpt, hideOpt = -1, -2
	var labels []string
	var acts []int
	for i, ch := range own.Choices {
		labels = append(labels, c.Lang.Text(ch.Group)+": "+c.Lang.Text(ch.Label))
		acts = append(acts, i)
	}
	if own.CanUndo {
		labels = append(labels, c.s("mod.undo.button"))
		acts = append(acts, undoOpt)
	}
	labels = append(labels, c.s("mod.con.back"))
	acts = append(acts, hideOpt)
	i, err := c.Prompter.Select(c.s("mod.con.choose"), labels, 0)
	if err != nil {
		return err
	}
	switch acts[i] {
	case hideOpt:
		return nil
	case undoOpt:
		if _, err := c.T.RequestUndo(seat); err != nil {
			fmt.Fprintf(c.Out, "✗ %s\n", errText(c.Lang, err))
		}
	default:
		if _, err := c.T.Act(seat, string(own.Choices[acts[i]].Action), own.StateVer); err != nil {
			fmt.Fprintf(c.Out, "✗ %s\n", errText(c.Lang, err))
		}
	}
	c.printPrivate(seat, c.T.Snapshot(seat), seen)
	return nil
}

// printPrivate prints what the seat was told privately since last time.
func (c *Console) printPrivate(seat engine.Seat, snap Snapshot, seen map[engine.Seat]int) {
	for _, f := range snap.Feed {
		if f.Seq < seen[seat] {
			continue
		}
		seen[seat] = f.Seq + 1
		if !f.Event.IsPublic() {
			fmt.Fprintf(c.Out, "  🔒 %s\n", oneLine(c.Lang.Text(f.Event.Msg)))
		}
	}
}

// Headless serves without a terminal: the links as text lines, then the
// public events as they happen, until ctx ends. It never prompts.
func (c *Console) Headless(ctx context.Context) {
	defer c.watchTrouble()()
	fmt.Fprintf(c.Out, "table %s\n", c.TableURL())
	h := c.T.Header()
	for i, name := range h.Seats {
		// One seat a line, whatever a hand-edited log holds: a line feed
		// or a tab in a name is escaped (\n, \t) as a carriage return is.
		if c.T.IsBot(engine.Seat(i)) {
			fmt.Fprintf(c.Out, "bot %s\n", strings.ReplaceAll(VisibleText(name), " ", "_"))
			continue
		}
		fmt.Fprintf(c.Out, "seat %s %s\n", strings.ReplaceAll(VisibleText(name), " ", "_"), c.SeatURL(engine.Seat(i)))
	}
	c.PrintNew()
	ch, cancel := c.T.Subscribe()
	defer cancel()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ch:
			c.PrintNew()
		}
	}
}
