package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"tablemaster/engine"
	"tablemaster/moderator"
	"tablemaster/moderator/term"
)

type resumeOptions struct {
	f     *Factory
	g     *globalOptions
	Table string
	// Port is --port: every resumed table is served on it. PortSet says
	// it was given (0 is then a free port).
	Port    int
	PortSet bool
	// SetAside resumes a table whose log has a damaged line from the lines
	// before it, once that line and the rest are copied beside the log.
	SetAside bool
}

func newCmdResume(f *Factory, g *globalOptions, runF func(*resumeOptions) error) *cobra.Command {
	opts := &resumeOptions{f: f, g: g}
	cmd := &cobra.Command{
		Use:   "resume [TABLE]",
		Short: "Restart the unfinished tables (or TABLE) from their logs, with the same links",
		Long: `Rebuild tables from their event logs after a crash, a closed lid or a dead
battery. Every table keeps its links and port, so phones just reload.
A half-written last log line (no newline: a write cut short) is reported and
dropped; nothing before it is lost. A log with any other damaged line is not
resumed and not changed: the message names the file and the line. After
looking at it, --set-aside-damaged resumes from the lines before it, once
that line and everything after it are copied into a file beside the log.

If another program took a table's port meanwhile, that table moves to a free
port and its new links are printed (the QR codes again, at a terminal); the
other tables keep theirs. The move is written in the table's log, so the next
resume and print links use the new port. A table that another tablemaster is
running is left alone.`,
		Example: `  tablemaster resume
  tablemaster resume 20250102-0304-a1b2c3 --port 8080`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Table = args[0]
			}
			opts.PortSet = cmd.Flags().Changed("port")
			if runF != nil {
				return runF(opts)
			}
			return resumeRun(opts)
		},
	}
	cmd.Flags().IntVar(&opts.Port, "port", 0, `serve every resumed table on this port instead of its own
(0: a free one); the links change and are printed again.
Without --port each table gets its own port back, or a free
one if its own is taken`)
	cmd.Flags().BoolVar(&opts.SetAside, "set-aside-damaged", false, "resume a log with a damaged line from the lines before it (they are copied aside first, not deleted)")
	return cmd
}

func resumeRun(o *resumeOptions) error {
	f := o.f
	lang, err := f.lang(o.g.Lang)
	if err != nil {
		return err
	}
	st, err := openStore(f, o.g)
	if err != nil {
		return err
	}
	defer st.Close()
	release, err := lockState(st.Dir(), f.Now())
	if err != nil {
		return errorf("%v", err)
	}
	defer release()
	ids := []string{o.Table}
	if o.Table == "" {
		if ids, err = st.IDs(); err != nil {
			return err
		}
	}
	var tables []*moderator.Table
	for _, id := range ids {
		release, err := holdLog(st.LogPath(id))
		if err != nil {
			if o.Table != "" {
				return errorf("cannot resume %s: %v", id, err)
			}
			fmt.Fprintf(f.ErrOut, "tablemaster: skipping %s: %v\n", id, err)
			continue
		}
		defer release()
		t, res, err := openTable(o, st, id, lang)
		if err != nil {
			if o.Table != "" {
				return errorf("cannot resume %v", err)
			}
			fmt.Fprintf(f.ErrOut, "tablemaster: skipping %s\n", err)
			continue
		}
		if res.Dropped != nil {
			fmt.Fprintf(f.ErrOut, "tablemaster: %s: dropped a half-written last line (%d bytes); everything before it is kept\n", id, len(res.Dropped))
		}
		if t.Snapshot(engine.Public).Outcome.Over && o.Table == "" {
			t.Close()
			continue
		}
		if snap := t.Snapshot(engine.Public); snap.StateVer == 0 && o.Table == "" {
			// Started and never played: most often a table begun by
			// mistake. It is named, not brought back unasked.
			h := t.Header()
			fmt.Fprintln(f.ErrOut, "tablemaster:", lang.S("cmd.resume.unplayed", "table", h.ID, "game", h.Game,
				"players", strings.Join(h.Seats, ", ")))
			t.Close()
			continue
		}
		tables = append(tables, t)
	}
	if len(tables) == 0 {
		return errorf("no unfinished table in %s", st.Dir())
	}
	lns, moved, err := listenTables(o, tables)
	if err != nil {
		return err
	}
	for _, ln := range lns {
		srv := serve(f, st, ln, lang)
		defer srv.stop()
	}
	consoles := make([]*moderator.Console, len(tables))
	for i, t := range tables {
		h := t.Header()
		consoles[i] = &moderator.Console{T: t, Out: f.Out, Lang: lang, BaseURL: baseURL(h.Addr, h.Port), QR: f.QR}
		fmt.Fprintf(f.Out, "resumed %s (%s, %s)\n", h.ID, h.Game, strings.Join(h.Seats, ", "))
		if m, ok := moved[t]; ok && m.taken {
			fmt.Fprintln(f.Out, lang.S("mod.con.port_moved", "old", strconv.Itoa(m.from), "table", h.ID, "port", strconv.Itoa(h.Port)))
		} else if ok {
			fmt.Fprintln(f.Out, lang.S("mod.con.port_new", "table", h.ID, "port", strconv.Itoa(h.Port)))
		}
	}
	if len(consoles) == 1 {
		// Its links come first, QR codes and all.
		return runConsole(f, o.g, consoles[0], nil, false)
	}
	ctx, stop := untilSignal(f)
	defer stop()
	if f.IsTerminal() && len(moved) > 0 {
		// The phones of a moved table need their new links: one code at
		// a time, as when the table was started.
		p := f.Prompter()
		defer context.AfterFunc(ctx, func() { term.Interrupt(p) })()
		for _, c := range consoles {
			if _, ok := moved[c.T]; !ok {
				continue
			}
			var err error
			if ctx.Err() == nil {
				c.Prompter = p
				err = c.Links()
				c.Prompter = nil
			}
			if ctx.Err() != nil || errors.Is(err, term.ErrInterrupted) {
				// Ctrl-C, or a signal: stop, as a single table does.
				printResumeHint(f, o.g, lang, tables)
				return nil
			}
			if err != nil {
				return err
			}
		}
	}
	var wg sync.WaitGroup
	for _, c := range consoles {
		wg.Add(1)
		go func(c *moderator.Console) {
			defer wg.Done()
			c.Headless(ctx)
		}(c)
	}
	<-ctx.Done()
	wg.Wait()
	printResumeHint(f, o.g, lang, tables)
	return nil
}

// portMove is where a table's links pointed before resume moved it, and
// whether that port was taken.
type portMove struct {
	from  int
	taken bool
}

// listenTables opens the listeners the tables are served on: --port for
// all, or each table's own port. A table whose own port is taken (or that
// never had one) goes to one free port, shared by all such tables; the
// tables are all served by one handler, whatever the port. Every move is
// written in the table's log before its new links are shown; moved lists
// them. A taken --port is an error: it was asked for.
func listenTables(o *resumeOptions, tables []*moderator.Table) (lns []net.Listener, moved map[*moderator.Table]portMove, err error) {
	f := o.f
	var opened []net.Listener
	defer func() {
		if err != nil {
			for _, ln := range opened {
				ln.Close()
			}
		}
	}()
	byPort := map[int]net.Listener{} // nil: taken
	var spare net.Listener           // the free port, opened when needed
	moved = map[*moderator.Table]portMove{}
	for _, t := range tables {
		h := t.Header()
		port := h.Port
		if o.PortSet {
			port = o.Port
		}
		ln, tried := byPort[port]
		if !tried && port != 0 {
			l, err := f.Listen(net.JoinHostPort("", strconv.Itoa(port)))
			switch {
			case err == nil:
				ln = l
				opened = append(opened, l)
			case o.PortSet:
				return nil, nil, errorf("cannot listen on port %d: %v (without --port each table gets its own port, or a free one)", port, err)
			default:
				fmt.Fprintf(f.ErrOut, "tablemaster: cannot listen on port %d: %v\n", port, err)
			}
			byPort[port] = ln
		}
		taken := ln == nil && port != 0
		if ln == nil {
			if spare == nil {
				if spare, err = f.Listen(":0"); err != nil {
					return nil, nil, errorf("cannot listen on a free port: %v", err)
				}
				opened = append(opened, spare)
			}
			ln = spare
		}
		if p := portOf(ln); p != h.Port {
			// Written before the new links are shown: they are the
			// ones that last.
			if err := t.SetPort(p); err != nil {
				// The links work for this run; the next resume will
				// move the table again and say so.
				fmt.Fprintf(f.ErrOut, "tablemaster: %s: the move to port %d is not saved: %v\n", h.ID, p, err)
			}
			moved[t] = portMove{from: h.Port, taken: taken}
		}
	}
	return opened, moved, nil
}

// openTable opens a table's log for resume. A log with a damaged line is
// left as it is, with a message that says what a person may do; with
// --set-aside-damaged it is resumed from the lines before that line, once
// the rest is copied beside the log.
func openTable(o *resumeOptions, st *moderator.Store, id string, lang engine.Lang) (*moderator.Table, moderator.LoadResult, error) {
	t, res, err := st.Open(id)
	var le *moderator.LineError
	if err == nil || !errors.As(err, &le) {
		if err != nil {
			err = fmt.Errorf("%s: %v", id, err)
		}
		return t, res, err
	}
	if !o.SetAside {
		cmd := strings.Replace(resumeCommand(o.g, id), "resume", "resume --set-aside-damaged", 1)
		return nil, res, errors.New(lang.S("mod.log.resume_refused", "id", id, "err", le.Text(lang), "cmd", cmd))
	}
	aside, err := moderator.SetAside(le)
	if err != nil {
		return nil, res, fmt.Errorf("%s: %v", id, err)
	}
	fmt.Fprintln(o.f.ErrOut, "tablemaster:", lang.S("mod.log.set_aside", "id", id, "line", fmt.Sprint(le.Line), "file", aside))
	t, res, err = st.Open(id)
	if err != nil {
		err = fmt.Errorf("%s: %v", id, err)
	}
	return t, res, err
}
