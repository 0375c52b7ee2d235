package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"time"

	"tablemaster/engine"
	"tablemaster/moderator"
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

// listen binds every interface at port (0: a free one), so phones on the
// Wi-Fi can reach it.
func listen(f *Factory, port int) (net.Listener, error) {
	ln, err := f.Listen(net.JoinHostPort("", strconv.Itoa(port)))
	if err != nil {
		return nil, errorf("cannot listen on port %d: %v (is another tablemaster running? use --port)", port, err)
	}
	return ln, nil
}

func serve(f *Factory, st *moderator.Store, ln net.Listener, l engine.Lang) *serving {
	s := moderator.NewServer(st, l)
	s.Logf = func(format string, args ...any) { fmt.Fprintf(f.ErrOut, "tablemaster: "+format+"\n", args...) }
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

// untilSignal returns a context that ends on Ctrl-C or SIGTERM.
func untilSignal(f *Factory) (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	ch, stop := f.SignalNotify()
	go func() {
		select {
		case <-ch:
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, func() { stop(); cancel() }
}

// runConsole drives one table from the terminal: script, pass-and-play,
// interactive console, or headless when there is no terminal.
func runConsole(f *Factory, c *moderator.Console, script []moderator.Command, pass bool) error {
	c.Print = consolePrint(f, c)
	switch {
	case script != nil:
		err := c.RunScript(script)
		c.Status()
		if err != nil {
			return &exitError{err.Error()}
		}
		return nil
	case pass:
		if !f.IsTerminal() {
			return errorf("--pass needs a terminal: pass the laptop round. Without one, use phones or --script")
		}
		c.Prompter = f.Prompter()
		return c.Pass()
	case f.IsTerminal():
		c.Prompter = f.Prompter()
		if err := c.Links(); err != nil {
			return err
		}
		ctx, stop := untilSignal(f)
		defer stop()
		return c.Interactive(ctx)
	default:
		ctx, stop := untilSignal(f)
		defer stop()
		c.Headless(ctx)
		return nil
	}
}
