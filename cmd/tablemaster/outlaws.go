package main

import (
	"strings"
	"time"

	"github.com/spf13/cobra"

	"tablemaster/engine"
	"tablemaster/engine/outlaws"
	"tablemaster/moderator"
	_ "tablemaster/moderator/outlaws" // the game's face: how its tables look
)

// outlawsOptions holds the flags of `tablemaster outlaws`.
type outlawsOptions struct {
	f *Factory
	g *globalOptions

	Players      []string
	Cards        string
	ReactTimeout time.Duration
	tableFlags
}

// outlawsCommand is the game's command as the root adds it (games.go).
func outlawsCommand(f *Factory, g *globalOptions) *cobra.Command { return newCmdOutlaws(f, g, nil) }

func newCmdOutlaws(f *Factory, g *globalOptions, runF func(*outlawsOptions) error) *cobra.Command {
	opts := &outlawsOptions{f: f, g: g}
	cmd := &cobra.Command{
		Use:   "outlaws",
		Short: "Outlaws: Last Man Standing, two players",
		Long: `Start a table of Outlaws: Last Man Standing. The first player is Red, the
second Green. Each arranges their ten cards on their phone (eight face down
in the Main Street, two face up in the Saloon) and lays the real cards the
same way; tablemaster owns every token and camera marker. By default the
characters are two suits of one deck of playing cards (Red ♥, Green ♣, A the
Governor … 10 the Mayor); --cards boxed uses the game's own cards.`,
		Example: `  tablemaster outlaws --players Aki,Ben
  tablemaster outlaws --players Aki,Ben --cards boxed --react-timeout 30s
  tablemaster outlaws --script game.txt --reveal --seed 5`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.SeedSet = cmd.Flags().Changed("seed")
			if runF != nil {
				return runF(opts)
			}
			return outlawsRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringSliceVar(&opts.Players, "players", nil, "the two players, Red first (default Red,Green)")
	fl.StringVar(&opts.Cards, "cards", "playing", "playing (♥ and ♣ A–10 of one deck) or boxed (the game's own cards)")
	fl.DurationVar(&opts.ReactTimeout, "react-timeout", 0, "how long a defender may think about a reaction before it is let go (default: wait)")
	opts.tableFlags.add(cmd)
	return cmd
}

func outlawsRun(o *outlawsOptions) error {
	f := o.f
	lang, err := f.lang(o.g.Lang)
	if err != nil {
		return err
	}
	cfg, err := o.config()
	if err != nil {
		return err
	}
	if o.ReactTimeout < 0 {
		return errorf("--react-timeout must not be negative, not %v", o.ReactTimeout)
	}
	if o.Reveal && o.Script == "" {
		return errorf("--reveal goes with --script (the console never shows secrets at the table)")
	}
	players := o.Players
	if len(players) == 0 {
		players = []string{lang.S("ol.role.red"), lang.S("ol.role.green")}
	}
	for i := range players {
		players[i] = strings.TrimSpace(players[i])
	}
	if len(players) != 2 {
		return errorf("outlaws is for two players (Red first, then Green), not %d: --players Aki,Ben", len(players))
	}
	if err := checkPlayers(lang, players); err != nil {
		return err
	}
	bots, err := o.bots(lang, "outlaws", cfg, players)
	if err != nil {
		return err
	}
	script, err := readScript(o.Script)
	if err != nil {
		return err
	}
	var watch func(*moderator.Table) func()
	if o.ReactTimeout > 0 && script == nil {
		watch = func(t *moderator.Table) func() { return reactTimeout(t, o.ReactTimeout) }
	}
	return startTableWith(f, o.g, lang, moderator.NewTableSpec{Game: "outlaws", Seats: players, Options: cfg, Seed: o.seed(f), Bots: bots},
		o.Addr, o.Port, script, o.Pass, o.Reveal, watch)
}

// config reads the table options from the flags.
func (o *outlawsOptions) config() (outlaws.Config, error) {
	var cfg outlaws.Config
	var err error
	if cfg.Cards, err = outlaws.ParseCards(o.Cards); err != nil {
		return cfg, errorf("--cards: %v", err)
	}
	return cfg, nil
}

// reactTimeout lets a pending attack happen once its defender has been
// asked for longer than d (OL-32's table timeout). It watches the table
// until stop is called.
func reactTimeout(t *moderator.Table, d time.Duration) (stop func()) {
	ch, cancel := t.Subscribe()
	done := make(chan struct{})
	go func() {
		var timer <-chan time.Time
		asked := -1 // the state version at which the defender was asked
		for {
			v, _ := t.Snapshot(engine.Public).View.(outlaws.PublicView)
			ver := t.Snapshot(engine.Public).StateVer
			switch {
			case v.Waiting == nil:
				timer, asked = nil, -1
			case asked != ver:
				asked, timer = ver, time.After(d)
			}
			select {
			case <-done:
				return
			case <-ch:
			case <-timer:
				if v.Waiting != nil {
					t.Act(*v.Waiting, "let", asked)
				}
				timer = nil
			}
		}
	}()
	return func() { close(done); cancel() }
}
