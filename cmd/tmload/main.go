package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"time"
)

// options holds tmload's flags and what it reads and writes.
type options struct {
	Tables        int
	PhonesPerSeat int
	Screens       int
	Rounds        int
	Warmup        int
	Gap           time.Duration
	RoundTimeout  time.Duration
	Timeout       time.Duration
	Seed          uint64
	Addr          string
	State         string
	CPUProfile    string
	Lang          string
	Verbose       bool

	// Serve runs the server side (the child process).
	Serve bool

	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// hiddenFlags are for the child process only; -h does not list them.
var hiddenFlags = map[string]bool{"serve": true}

// Bounds keep a run finite whatever the flags say.
const (
	maxTables  = 100
	maxClients = 2000
	maxRounds  = 10000
	maxTimeout = 30 * time.Minute
)

func parseFlags(args []string, stderr io.Writer) (*options, error) {
	o := &options{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: stderr}
	fs := flag.NewFlagSet("tmload", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&o.Tables, "tables", 10, "tables to open")
	fs.IntVar(&o.PhonesPerSeat, "phones", 4, "live pages on each seat link")
	fs.IntVar(&o.Screens, "screens", 2, "live table screens per table")
	fs.IntVar(&o.Rounds, "rounds", 100, "measured rounds; each posts one action to every table")
	fs.IntVar(&o.Warmup, "warmup", 5, "rounds played before measuring (they play each table's opening)")
	fs.DurationVar(&o.Gap, "gap", 0, "pause between rounds")
	fs.DurationVar(&o.RoundTimeout, "round-timeout", 10*time.Second, "give up when a round's updates take longer")
	fs.DurationVar(&o.Timeout, "timeout", 2*time.Minute, "give up after this long in all")
	fs.Uint64Var(&o.Seed, "seed", 1, "seed of the tables' games and of the choice of actions")
	fs.StringVar(&o.Addr, "addr", "127.0.0.1:0", "address the server listens on (loopback only)")
	fs.StringVar(&o.State, "state", "", "state folder of the server (default: a temporary folder, removed after)")
	fs.StringVar(&o.CPUProfile, "cpuprofile", "", "write the server's CPU profile of the run to this file")
	fs.StringVar(&o.Lang, "lang", "en", "language the clients ask for (en or ja)")
	fs.BoolVar(&o.Verbose, "v", false, "print every measured round's latency to stderr")
	fs.BoolVar(&o.Serve, "serve", false, "run the server side (used by tmload itself)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: tmload [flags]\n\nMeasures how fast the server updates 100 live devices, and its memory.\n\n")
		fs.VisitAll(func(f *flag.Flag) {
			if hiddenFlags[f.Name] {
				return
			}
			name, usage := flag.UnquoteUsage(f)
			fmt.Fprintf(stderr, "  -%s %s\n    \t%s", f.Name, name, usage)
			if f.DefValue != "" && f.DefValue != "0" && f.DefValue != "0s" {
				fmt.Fprintf(stderr, " (default %s)", f.DefValue)
			}
			fmt.Fprintln(stderr)
		})
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("tmload: unexpected argument %q", fs.Arg(0))
	}
	return o, o.check()
}

func (o *options) check() error {
	switch {
	case o.Tables < 1 || o.Tables > maxTables:
		return fmt.Errorf("tmload: -tables must be 1–%d", maxTables)
	case o.PhonesPerSeat < 0 || o.Screens < 0 || o.PhonesPerSeat+o.Screens == 0:
		return errors.New("tmload: -phones and -screens must not be negative, and not both 0")
	case o.PhonesPerSeat == 0:
		return errors.New("tmload: -phones must be at least 1: the program reads the choices from a seat's page")
	case o.Tables*(2*o.PhonesPerSeat+o.Screens) > maxClients:
		return fmt.Errorf("tmload: at most %d clients in all", maxClients)
	case o.Rounds < 1 || o.Rounds > maxRounds || o.Warmup < 0 || o.Warmup > maxRounds:
		return fmt.Errorf("tmload: -rounds must be 1–%d and -warmup 0–%d", maxRounds, maxRounds)
	case o.Timeout <= 0 || o.Timeout > maxTimeout || o.RoundTimeout <= 0:
		return fmt.Errorf("tmload: -timeout must be positive and at most %v", maxTimeout)
	case o.Gap < 0 || o.Gap > time.Minute:
		return errors.New("tmload: -gap must be 0–1m")
	case o.Lang != "en" && o.Lang != "ja":
		return errors.New("tmload: -lang must be en or ja")
	}
	return loopback(o.Addr)
}

// loopback refuses every address but a loopback IP: tmload loads only a
// server on this machine.
func loopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("tmload: address %q: %w", addr, err)
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("tmload: %q is not a loopback address; tmload only uses 127.0.0.1", addr)
	}
	return nil
}

func main() {
	o, err := parseFlags(os.Args[1:], os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err == nil {
		if o.Serve {
			err = serveRun(o)
		} else {
			err = loadRun(o)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
