package main

import (
	"io"
	"net"
	"os"
	"time"

	"tablemaster/engine"
	"tablemaster/moderator/term"
)

// Factory hands every command its side effects — streams, terminal,
// prompter, clock, seed, network — so tests can replace each one (the
// cli/cli pattern).
type Factory struct {
	In          io.Reader
	Out, ErrOut io.Writer
	IsTerminal  func() bool
	Prompter    func() term.Prompter
	Now         func() time.Time
	Seed        func() uint64
	Listen      func(addr string) (net.Listener, error)
	LANAddress  func() net.IP
	// OwnAddress reports whether an address is still this laptop's own:
	// links that carry it stay good.
	OwnAddress   func(string) bool
	Getenv       func(string) string
	QR           func(string) (string, error)
	SignalNotify func() (<-chan os.Signal, func())
	// PortWait is how long a serving command waits for its remembered
	// port to come free (the process before may still be exiting).
	PortWait time.Duration

	// caught holds the signals caught since the server started serving,
	// until a command waits for them (untilSignal).
	caught *caughtSignals
}

type caughtSignals struct {
	ch   <-chan os.Signal
	stop func()
}

// catchSignals starts catching Ctrl-C and SIGTERM, for the next
// untilSignal: a command prints its links (or "resumed …") before it
// waits, and a signal in between, from a supervisor that read those
// lines, must stop it cleanly rather than kill it.
func (f *Factory) catchSignals() {
	if f.caught == nil {
		ch, stop := f.SignalNotify()
		f.caught = &caughtSignals{ch, stop}
	}
}

func newFactory() *Factory {
	return &Factory{
		In:     os.Stdin,
		Out:    os.Stdout,
		ErrOut: os.Stderr,
		IsTerminal: func() bool {
			return term.IsTerminal(os.Stdin) && term.IsTerminal(os.Stdout)
		},
		Prompter: func() term.Prompter {
			// A file of its own on the terminal, whose reads SIGTERM can
			// break off; it stays open until the process ends.
			in, err := term.OpenInput(os.Stdin)
			if err != nil {
				return term.NewPromptui(os.Stdin, os.Stdout)
			}
			return term.NewPromptui(in, os.Stdout)
		},
		Now:          time.Now,
		Seed:         func() uint64 { return uint64(time.Now().UnixNano()) },
		Listen:       func(addr string) (net.Listener, error) { return net.Listen("tcp", addr) },
		LANAddress:   term.LANAddress,
		OwnAddress:   term.OwnAddress,
		Getenv:       os.Getenv,
		QR:           term.QR,
		SignalNotify: notifySignals,
		PortWait:     5 * time.Second,
	}
}

// lang picks the console language: --lang, else the environment.
func (f *Factory) lang(flag string) (engine.Lang, error) {
	if flag != "" {
		l, ok := engine.ParseLang(flag)
		if !ok {
			return engine.EN, errorf("--lang must be en or ja, not %q", flag)
		}
		return l, nil
	}
	for _, v := range []string{"TABLEMASTER_LANG", "LC_ALL", "LC_MESSAGES", "LANG"} {
		if s := f.Getenv(v); s != "" {
			l, _ := engine.ParseLang(s)
			return l, nil
		}
	}
	return engine.EN, nil
}
