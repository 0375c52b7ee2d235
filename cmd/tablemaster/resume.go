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
	// Port is --port: every resumed table is served on it (0: a free
	// one). Addr is --addr: listen there alone, and put it in the links.
	Port portFlag
	Addr string
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
battery. Every table keeps its links and port, so open pages carry on by
themselves.
A half-written last log line (no newline: a write cut short) is reported and
dropped; nothing before it is lost. A log with any other damaged line is not
resumed and not changed: the message names the file and the line. After
looking at it, --set-aside-damaged resumes from the lines before it, once
that line and everything after it are copied into a file beside the log.

If another program took a table's port meanwhile, resume waits a few seconds
(the old process may still be exiting), then stops and names it: stop it, or
move on purpose with --port N (0: a free port). A move, or a new LAN address,
changes the links: they are printed again (the QR codes at a terminal), and
the move is written in the table's log, so the next resume and print links
use it. A table that another tablemaster is running is left alone.`,
		Example: `  tablemaster resume
  tablemaster resume 20250102-0304-a1b2c3 --port 8080`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Table = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return resumeRun(opts)
		},
	}
	cmd.Flags().Var(&opts.Port, "port", resumePortUsage)
	cmd.Flags().StringVar(&opts.Addr, "addr", "", addrUsage)
	cmd.Flags().BoolVar(&opts.SetAside, "set-aside-damaged", false, "resume a log with a damaged line from the lines before it (they are copied aside first, not deleted)")
	return cmd
}

// resumePortUsage is the help of resume's --port.
const resumePortUsage = `serve every resumed table on this port instead of its own
(0: a free one); the links change and are printed again.
Without --port each table gets its own port back`

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
		return lockError(lang, err)
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
	lns, moved, err := listenTables(o, lang, st.Dir(), tables)
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
		if m, ok := moved[t]; ok && m.fromAddr != h.Addr && m.fromAddr != "" {
			fmt.Fprintln(f.Out, lang.S("cmd.place.readdressed", "old", m.fromAddr, "new", h.Addr))
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

// portMove is where a table's links pointed before resume moved them.
type portMove struct {
	from     int
	fromAddr string
}

// listenTables opens the listeners the tables are served on: --port for
// all, or each table's own port (a table that never had one gets a free
// port). A port still busy after f.PortWait stops the resume, naming who
// holds it: moving the links is asked for with --port, not done behind the
// host's back. Every move, of port or of address (the laptop's LAN address
// changed, or --addr), is written in the table's log before its new links
// are shown; moved lists them.
func listenTables(o *resumeOptions, lang engine.Lang, dir string, tables []*moderator.Table) (lns []net.Listener, moved map[*moderator.Table]portMove, err error) {
	f := o.f
	var opened []net.Listener
	defer func() {
		if err != nil {
			for _, ln := range opened {
				ln.Close()
			}
		}
	}()
	byPort := map[int]net.Listener{}
	var spare net.Listener // the free port, opened when needed
	moved = map[*moderator.Table]portMove{}
	for _, t := range tables {
		h := t.Header()
		port := h.Port
		if o.Port.Given {
			port = o.Port.N
		}
		ln := byPort[port]
		switch {
		case ln != nil:
		case port == 0:
			if spare == nil {
				if spare, err = listenWait(f, bindHost(o.Addr), 0); err != nil {
					return nil, nil, listenError(f, lang, o.Addr, 0, true, err)
				}
				opened = append(opened, spare)
			}
			ln = spare
		default:
			if ln, err = listenWait(f, bindHost(o.Addr), port); err != nil {
				return nil, nil, listenError(f, lang, o.Addr, port, o.Port.Given, err)
			}
			opened = append(opened, ln)
			byPort[port] = ln
		}
		addr := linkAddrAfter(f, o.Addr, h.Addr)
		if p := portOf(ln); p != h.Port || addr != h.Addr {
			// Written before the new links are shown: they are the
			// ones that last.
			if err := t.SetPlace(addr, p); err != nil {
				// The links work for this run; the next resume will
				// move the table again and say so.
				fmt.Fprintf(f.ErrOut, "tablemaster: %s: the move to %s is not saved: %v\n", h.ID, baseURL(addr, p), err)
			}
			moved[t] = portMove{from: h.Port, fromAddr: h.Addr}
		}
	}
	if len(opened) > 0 {
		was, _ := moderator.LoadServed(dir)
		pl := &place{addr: tables[0].Header().Addr, port: portOf(opened[0]), was: was}
		pl.remember(f, dir)
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
	var me *moderator.MisplacedError
	switch {
	case errors.As(err, &me):
		return t, res, errors.New(me.Text(lang))
	case err == nil || !errors.As(err, &le):
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
