package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"tablemaster/printables"
	"time"

	"tablemaster/engine"
	"tablemaster/moderator"
	"tablemaster/moderator/term"
)

// stateDir is the state folder named by --state, or the default one.
func stateDir(g *globalOptions) (string, error) {
	if g.State != "" {
		return g.State, nil
	}
	return moderator.StateDir()
}

// openStore opens the state folder named by --state or the default one.
func openStore(f *Factory, g *globalOptions) (*moderator.Store, error) {
	dir, err := stateDir(g)
	if err != nil {
		return nil, err
	}
	return moderator.NewStore(dir, f.Now)
}

// serving is a running HTTP server for a store.
type serving struct {
	srv *http.Server
	ln  net.Listener
}

func serve(f *Factory, st *moderator.Store, ln net.Listener, l engine.Lang) *serving {
	return serveHub(f, st, ln, l, nil)
}

// serveHub serves the store's tables and, when hub is set, the night's
// host page.
func serveHub(f *Factory, st *moderator.Store, ln net.Listener, l engine.Lang, hub *moderator.Hub) *serving {
	f.catchSignals() // from now on a signal stops the command cleanly
	s := moderator.NewServer(st, l)
	s.Hub = hub
	s.Logf = func(format string, args ...any) { fmt.Fprintf(f.ErrOut, "tablemaster: "+format+"\n", args...) }
	s.Sheet = rulesSheet(f)
	srv := s.HTTPServer()
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintln(f.ErrOut, "tablemaster:", err)
		}
	}()
	return &serving{srv: srv, ln: ln}
}

func (s *serving) stop() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	s.srv.Shutdown(ctx)
}

func portOf(ln net.Listener) int {
	if a, ok := ln.Addr().(*net.TCPAddr); ok {
		return a.Port
	}
	return 0
}

func baseURL(addr string, port int) string {
	return "http://" + net.JoinHostPort(addr, strconv.Itoa(port))
}

// untilSignal returns a context that ends on Ctrl-C or SIGTERM. Only the
// first signal is caught, to stop cleanly; a second one ends the process
// at once, should the clean stop hang.
func untilSignal(f *Factory) (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	var ch <-chan os.Signal
	var stop func()
	if c := f.caught; c != nil {
		ch, stop, f.caught = c.ch, c.stop, nil // caught since serving began
	} else {
		ch, stop = f.SignalNotify()
	}
	go func() {
		select {
		case <-ch:
			stop()
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, func() { stop(); cancel() }
}

// runConsole drives one table from the terminal: script, pass-and-play,
// interactive console, or headless when there is no terminal. Apart from
// a script, it runs until the game ends, quit, Ctrl-C or SIGTERM, and then
// says how to resume the table if it is not over.
func runConsole(f *Factory, g *globalOptions, c *moderator.Console, script []moderator.Command, pass bool) error {
	c.Print = consolePrint(f, c)
	if script != nil {
		err := c.RunScript(script)
		c.Status()
		if err != nil {
			return &exitError{err.Error()}
		}
		return nil
	}
	if pass && !f.IsTerminal() {
		return errorf("--pass needs a terminal: pass the laptop round. Without one, use phones or --script")
	}
	ctx, stop := untilSignal(f)
	defer stop()
	var err error
	if pass || f.IsTerminal() {
		c.Prompter = f.Prompter()
		// A signal must end the question waiting for a key, whichever
		// it is: a seat's QR code, a private screen, the command line.
		defer context.AfterFunc(ctx, func() { term.Interrupt(c.Prompter) })()
		if pass {
			err = c.Pass()
		} else if err = c.Links(); err == nil {
			err = c.Interactive(ctx)
		}
	} else {
		// Said on stderr, so that piped output stays the links alone.
		fmt.Fprintln(f.ErrOut, "tablemaster:", c.Lang.S("cmd.headless"))
		c.Headless(ctx)
	}
	if err != nil && !errors.Is(err, term.ErrInterrupted) {
		return err
	}
	printResumeHint(f, g, c.Lang, []*moderator.Table{c.T})
	return nil
}

// printResumeHint tells the GM the command that picks the tables up again,
// unless every one of them is over.
func printResumeHint(f *Factory, g *globalOptions, lang engine.Lang, tables []*moderator.Table) {
	var open []string
	for _, t := range tables {
		if !t.Snapshot(engine.Public).Outcome.Over {
			open = append(open, t.ID())
		}
	}
	if len(open) == 0 {
		return
	}
	id := ""
	if len(open) == 1 {
		id = open[0]
	}
	fmt.Fprintln(f.Out, lang.S("mod.con.resume_hint", "command", resumeCommand(g, id)))
}

// resumeCommand is the command line that resumes table id (every
// unfinished table if id is empty) from the same state folder.
func resumeCommand(g *globalOptions, id string) string {
	cmd := "tablemaster resume"
	if id != "" {
		cmd += " " + id
	}
	if g.State != "" {
		dir := g.State
		if abs, err := filepath.Abs(dir); err == nil {
			dir = abs
		}
		cmd += " --state " + shellQuote(dir)
	}
	return cmd
}

// shellQuote quotes s for a POSIX shell if it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:@+=,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// rulesSheet writes a game's reference sheet for the phones and the table
// screen (Server.Sheet): the printables' HTML page, as `print` writes it.
func rulesSheet(f *Factory) func(w io.Writer, game string, l engine.Lang) error {
	return func(w io.Writer, game string, l engine.Lang) error {
		sh, ok := printables.Lookup(game)
		if !ok {
			return fmt.Errorf("no reference sheet for %s", game)
		}
		return sh.HTML(w, printables.Options{Lang: l, Paper: printables.A4, Date: f.Now()})
	}
}
