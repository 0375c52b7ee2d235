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
	MemProfile    string
	Lang          string
	Verbose       bool

	// Hold runs the held-connections measurement instead of the rounds.
	Hold       bool
	Idle, Slow int // connections held: idle keep-alives, slow bodies
	Fetches    int // phone page fetches per phase
	PerAddr    int // held connections per loopback source address
	Expire     bool
	LimitIdle  time.Duration // the child's limits, when not 0 (tests)
	LimitRead  time.Duration
	LimitCap   int

	// Floor measures the floor server (floor.go) instead of tablemaster.
	Floor bool
	// Compare measures both in one run, in blocks of Block rounds
	// (compare.go).
	Compare bool
	Block   int
	// Serve runs the server side (the child process).
	Serve bool

	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// hiddenFlags are for the child process only; -h does not list them.
var hiddenFlags = map[string]bool{"serve": true, "limit-idle": true, "limit-read": true, "limit-cap": true}

// Bounds keep a run finite whatever the flags say.
const (
	maxTables  = 100
	maxClients = 2000
	maxRounds  = 10000
	maxTimeout = 30 * time.Minute
	maxHeld    = 10000
	maxFetches = 10000
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
	fs.StringVar(&o.MemProfile, "memprofile", "", "write the server's heap profile, taken with the clients connected after the run, to this file")
	fs.StringVar(&o.Lang, "lang", "en", "language the clients ask for (en or ja)")
	fs.BoolVar(&o.Verbose, "v", false, "print every measured round's latency to stderr")
	fs.BoolVar(&o.Hold, "hold", false, "measure a phone's page while idle and slow connections are held, instead of the rounds")
	fs.IntVar(&o.Idle, "idle", 900, "with -hold: idle keep-alive connections to hold")
	fs.IntVar(&o.Slow, "slow", 100, "with -hold: connections to hold sending a form body one byte a second")
	fs.IntVar(&o.Fetches, "fetches", 200, "with -hold: phone page fetches with no load, and again with the connections held")
	fs.IntVar(&o.PerAddr, "per-addr", 60, "with -hold: held connections per loopback source address (127.0.0.2, .3, …)")
	fs.BoolVar(&o.Expire, "expire", true, "with -hold: wait until the server has closed the held connections, and report when")
	fs.DurationVar(&o.LimitIdle, "limit-idle", 0, "the server's idle limit (tests)")
	fs.DurationVar(&o.LimitRead, "limit-read", 0, "the server's read limit (tests)")
	fs.IntVar(&o.LimitCap, "limit-cap", 0, "the server's cap per address (tests)")
	fs.BoolVar(&o.Floor, "floor", false, "measure a bare Go SSE server (fsync, 3 KB messages) instead of tablemaster: the floor to take the ratio against")
	fs.BoolVar(&o.Compare, "compare", false, "measure the floor and tablemaster in one run, their rounds in blocks taken in turn, and print the ratios")
	fs.IntVar(&o.Block, "block", 50, "with -compare: rounds in a block")
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
	case o.Idle < 0 || o.Slow < 0 || o.Idle+o.Slow > maxHeld:
		return fmt.Errorf("tmload: -idle and -slow must not be negative, and at most %d in all", maxHeld)
	case o.Fetches < 1 || o.Fetches > maxFetches:
		return fmt.Errorf("tmload: -fetches must be 1–%d", maxFetches)
	case o.PerAddr < 1 || (o.Idle+o.Slow+o.PerAddr-1)/o.PerAddr > maxSources:
		return fmt.Errorf("tmload: -per-addr must be at least 1, and (-idle + -slow) / -per-addr at most %d source addresses", maxSources)
	case o.LimitIdle < 0 || o.LimitRead < 0 || o.LimitCap < 0:
		return errors.New("tmload: the server's limits must not be negative")
	case o.Block < 1 || o.Block > maxRounds:
		return fmt.Errorf("tmload: -block must be 1–%d", maxRounds)
	case o.Compare && (o.Floor || o.Hold):
		return errors.New("tmload: -compare measures the floor and tablemaster both: not with -floor or -hold")
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
		switch {
		case o.Serve:
			err = serveRun(o)
		case o.Hold:
			err = holdRun(o)
		case o.Compare:
			err = compareRun(o, selfCmd)
		default:
			err = loadRun(o)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
