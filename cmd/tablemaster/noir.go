package main

import (
	"errors"
	"net"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"tablemaster/engine"
	"tablemaster/engine/noir"
	"tablemaster/moderator"
	_ "tablemaster/moderator/noir" // the game's face: how its tables look
)

// noirOptions holds the flags of `tablemaster noir` and its dependencies.
type noirOptions struct {
	f *Factory
	g *globalOptions

	Players   []string
	Variant   string
	Roster    string
	Kills     int
	Deck      string
	Layout    string
	ShiftRule string
	Kings     bool
	tableFlags
	changed func(name string) bool // whether a flag was given
}

// tableFlags are the flags every game's command shares: where to serve,
// the seed, and how the table is played (phones, pass-and-play, script).
type tableFlags struct {
	Addr    string
	Port    portFlag
	Seed    uint64
	SeedSet bool
	Pass    bool
	Script  string
	Reveal  bool
	Bots    []string // --bot: the seats tablemaster plays
}

func (o *tableFlags) add(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&o.Addr, "addr", "", addrUsage)
	fl.Var(&o.Port, "port", portUsage)
	fl.Uint64Var(&o.Seed, "seed", 0, "seed of the deal (default: from the clock)")
	fl.BoolVar(&o.Pass, "pass", false, "no phones: pass the laptop round")
	fl.StringVar(&o.Script, "script", "", "run the console commands in FILE, then stop")
	fl.BoolVar(&o.Reveal, "reveal", false, "with --script: also print what each seat was told privately")
	fl.StringSliceVar(&o.Bots, "bot", nil, "a player tablemaster plays itself (repeatable): no phone, it moves after a short pause")
}

// bots checks --bot against the table's seats, game and options, in the
// console's language: the seats tablemaster plays, nil when none.
func (o *tableFlags) bots(lang engine.Lang, game string, options any, seats []string) ([]int, error) {
	if len(o.Bots) == 0 {
		return nil, nil
	}
	if o.Script != "" || o.Pass {
		flag := "script"
		if o.Pass {
			flag = "pass"
		}
		return nil, errorf("%s", lang.S("cmd.bot.console", "flag", flag))
	}
	bots, err := moderator.CheckBots(game, options, seats, o.Bots)
	var me *engine.MsgError
	if errors.As(err, &me) {
		return nil, errorf("%s", lang.Text(me.Msg))
	}
	if err != nil {
		return nil, errorf("--bot: %v", err)
	}
	return bots, nil
}

// seed is --seed, or one from the clock.
func (o *tableFlags) seed(f *Factory) uint64 {
	if o.SeedSet {
		return o.Seed
	}
	return f.Seed()
}

// noirCommand is the game's command as the root adds it (games.go).
func noirCommand(f *Factory, g *globalOptions) *cobra.Command { return newCmdNoir(f, g, nil) }

func newCmdNoir(f *Factory, g *globalOptions, runF func(*noirOptions) error) *cobra.Command {
	opts := &noirOptions{f: f, g: g}
	cmd := &cobra.Command{
		Use:   "noir",
		Short: "Noir: Killer vs Inspector, with one deck of playing cards",
		Long: `Start a table of Noir: Killer vs Inspector. The first player is the Killer,
the second the Inspector. Each scans their QR code; the table screen link
goes on the laptop or a TV.

--variant cards (the default) plays the playing-card variant; --variant
automata plays the Automata NOIR rules: the Killer holds an identity and a
disguise, either side may Collapse the grid, the Inspector may Canvas and
Accuse. Both use one ordinary deck of playing cards unless --roster names a
boxed edition's 25 suspects.`,
		Example: `  tablemaster noir --players Aki,Ben
  tablemaster noir --variant automata --players Aki,Ben
  tablemaster noir --variant automata --roster suspects.txt --kills 14
  tablemaster noir --pass
  tablemaster noir --script game.txt --reveal --seed 42`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.SeedSet = cmd.Flags().Changed("seed")
			opts.changed = cmd.Flags().Changed
			if runF != nil {
				return runF(opts)
			}
			return noirRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringSliceVar(&opts.Players, "players", nil, "the two players, Killer first (default Killer,Inspector)")
	fl.StringVar(&opts.Variant, "variant", "cards", "cards (one deck of playing cards) or automata (identity and disguise, Collapse, Canvas, Accuse)")
	fl.StringVar(&opts.Roster, "roster", "", "automata: a file naming the 25 suspects of a boxed edition, one a line in layout order")
	fl.IntVar(&opts.Kills, "kills", noir.AutomataKills, "automata: the dead suspects with which the Killer wins")
	fl.StringVar(&opts.Deck, "deck", "virtual", "virtual (tablemaster deals the evidence cards) or physical (enter real draws)")
	fl.StringVar(&opts.Layout, "layout", "ordered", "ordered or shuffled layout of the suspects")
	fl.BoolVar(&opts.Kings, "kings", false, "♠K and ♥K stand in for the two Jokers")
	fl.StringVar(&opts.ShiftRule, "shift-rule", "no-repeat", "no-repeat (no earlier position again) or no-undo (no undoing the last shift)")
	opts.tableFlags.add(cmd)
	return cmd
}

func noirRun(o *noirOptions) error {
	f := o.f
	lang, err := f.lang(o.g.Lang)
	if err != nil {
		return err
	}
	cfg, err := o.config()
	if err != nil {
		return err
	}
	if o.Reveal && o.Script == "" {
		return errorf("--reveal goes with --script (the console never shows secrets at the table)")
	}
	players := o.Players
	if len(players) == 0 {
		players = []string{lang.S("noir.role.killer"), lang.S("noir.role.inspector")}
	}
	for i := range players {
		players[i] = strings.TrimSpace(players[i])
	}
	if len(players) != 2 {
		return errorf("noir is for two players (Killer first, then Inspector), not %d: --players Aki,Ben", len(players))
	}
	if err := checkPlayers(lang, players); err != nil {
		return err
	}
	bots, err := o.bots(lang, "noir", cfg, players)
	if err != nil {
		return err
	}
	script, err := readScript(o.Script)
	if err != nil {
		return err
	}
	return startTable(f, o.g, lang, moderator.NewTableSpec{Game: "noir", Seats: players, Options: cfg, Seed: o.seed(f), Bots: bots},
		o.Addr, o.Port, script, o.Pass, o.Reveal)
}

// config reads the table options from the flags.
func (o *noirOptions) config() (noir.Config, error) {
	changed := o.changed
	if changed == nil {
		changed = func(string) bool { return false }
	}
	var cfg noir.Config
	var err error
	if cfg.Variant, err = noir.ParseVariant(o.Variant); err != nil {
		return cfg, errorf("--variant: %v", err)
	}
	if cfg.Variant == noir.Automata {
		cfg.Kills = o.Kills
		if changed("shift-rule") {
			return cfg, errorf("--shift-rule: the automata variant has one shift rule, no undoing the opponent's last shift (NA-4)")
		}
		if o.Roster != "" {
			file, err := os.Open(o.Roster)
			if err != nil {
				return cfg, errorf("--roster: %v", err)
			}
			defer file.Close()
			if cfg.Roster, err = noir.ParseRoster(file); err != nil {
				return cfg, errorf("%s: %v", o.Roster, err)
			}
			if changed("kings") {
				return cfg, errorf("--kings: a roster names every suspect itself")
			}
		}
	} else {
		for _, name := range []string{"roster", "kills"} {
			if changed(name) {
				return cfg, errorf("--%s goes with --variant automata", name)
			}
		}
	}
	if cfg.Deck, err = noir.ParseDeck(o.Deck); err != nil {
		return cfg, errorf("--deck: %v", err)
	}
	if cfg.Layout, err = noir.ParseLayout(o.Layout); err != nil {
		return cfg, errorf("--layout: %v", err)
	}
	if cfg.ShiftRule, err = noir.ParseShiftRule(o.ShiftRule); err != nil {
		return cfg, errorf("--shift-rule: %v", err)
	}
	cfg.Kings = o.Kings
	if err := cfg.Check(); err != nil {
		return cfg, errorf("%v", err)
	}
	return cfg.Normal(), nil
}

// readScript reads --script before anything starts, so a typo stops the
// run first. nil means no script.
func readScript(path string) ([]moderator.Command, error) {
	if path == "" {
		return nil, nil
	}
	file, err := os.Open(path)
	if err != nil {
		return nil, errorf("cannot read the script: %v", err)
	}
	defer file.Close()
	script, err := moderator.ParseScript(file)
	if err != nil {
		return nil, errorf("%s: %v", path, err)
	}
	if script == nil {
		script = []moderator.Command{}
	}
	return script, nil
}

// startTable opens the store, starts serving, creates the table and hands
// the terminal to its console.
func startTable(f *Factory, g *globalOptions, lang engine.Lang, spec moderator.NewTableSpec,
	addr string, port portFlag, script []moderator.Command, pass, reveal bool) error {
	return startTableWith(f, g, lang, spec, addr, port, script, pass, reveal, nil)
}

// startTableWith is startTable with watch, when not nil, started on the
// table once it exists and stopped when the table stops (a game's own
// helper, such as Outlaws' reaction timeout).
func startTableWith(f *Factory, g *globalOptions, lang engine.Lang, spec moderator.NewTableSpec,
	addr string, port portFlag, script []moderator.Command, pass, reveal bool, watch func(*moderator.Table) (stop func())) error {
	st, err := openStore(f, g)
	if err != nil {
		return err
	}
	defer st.Close()
	if script == nil { // a table served: one tablemaster per state folder
		release, err := lockState(st.Dir(), f.Now())
		if err != nil {
			return lockError(lang, err)
		}
		defer release()
	}
	var ln net.Listener
	at := port.N
	if script == nil {
		// Listen before the table exists: its links carry the port.
		p, err := openPlace(f, lang, st.Dir(), addr, port)
		if err != nil {
			return err
		}
		ln, addr, at = p.ln, p.addr, p.port
	} else {
		addr = linkAddr(f, addr)
	}
	spec.Addr, spec.Port, spec.Lang = addr, at, lang
	t, err := st.Create(spec)
	if err != nil {
		if ln != nil {
			ln.Close()
		}
		return err
	}
	// Held while it runs: a resume elsewhere must not take the table too.
	if release, err := holdLog(st.LogPath(t.ID())); err == nil {
		defer release()
	}
	if ln != nil {
		srv := serve(f, st, ln, lang)
		defer srv.stop()
	}
	if watch != nil {
		defer watch(t)()
	}
	c := &moderator.Console{T: t, Out: f.Out, Lang: lang, Reveal: reveal, BaseURL: baseURL(addr, at), QR: f.QR}
	return runConsole(f, g, c, script, pass)
}
