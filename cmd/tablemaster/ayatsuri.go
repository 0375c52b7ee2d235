package main

import (
	"strings"

	"tablemaster/engine"
	"tablemaster/moderator/face"

	"github.com/spf13/cobra"

	"tablemaster/engine/ayatsuri"
	"tablemaster/moderator"
	_ "tablemaster/moderator/ayatsuri" // the game's face: how its tables look
)

// ayatsuriOptions holds the flags of `tablemaster ayatsuri`.
type ayatsuriOptions struct {
	f *Factory
	g *globalOptions

	Players  []string
	Start    string
	BombGirl bool
	Toss     string
	tableFlags
}

// ayatsuriCommand is the game's command as the root adds it (games.go).
func ayatsuriCommand(f *Factory, g *globalOptions) *cobra.Command { return newCmdAyatsuri(f, g, nil) }

func newCmdAyatsuri(f *Factory, g *globalOptions, runF func(*ayatsuriOptions) error) *cobra.Command {
	opts := &ayatsuriOptions{f: f, g: g}
	cmd := &cobra.Command{
		Use:   "ayatsuri",
		Short: "Ayatsuri Satsujin Jiken (あやつり殺人事件), 3 to 6 players",
		Long: `Start a table of Ayatsuri Satsujin Jiken. List the players clockwise:
each passes the draft cards to the next one listed. The first holds the
dictator marker unless --start names another. Life and kill chips stay
real; tablemaster deals the roles to the phones and resolves every ability.`,
		Example: `  tablemaster ayatsuri --players Aki,Ben,Chika,Dai
  tablemaster ayatsuri --players Aki,Ben,Chika,Dai,Eri --bomb-girl --toss chips
  tablemaster ayatsuri --players Aki,Ben,Chika --script round.txt --reveal --seed 7`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.SeedSet = cmd.Flags().Changed("seed")
			if runF != nil {
				return runF(opts)
			}
			return ayatsuriRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringSliceVar(&opts.Players, "players", nil, "3 to 6 players, clockwise (default Aki,Ben,Chika,Dai)")
	fl.StringVar(&opts.Start, "start", "", "the player holding the dictator marker first (default: the first listed)")
	fl.BoolVar(&opts.BombGirl, "bomb-girl", false, "play with the promo card ⓪ Bomb Girl (自爆娘)")
	fl.StringVar(&opts.Toss, "toss", "engine", "the Doctor's toss: engine (tablemaster draws it) or chips (the patient tosses a real chip)")
	opts.tableFlags.add(cmd)
	return cmd
}

func ayatsuriRun(o *ayatsuriOptions) error {
	f := o.f
	lang, err := f.lang(o.g.Lang)
	if err != nil {
		return err
	}
	if o.Reveal && o.Script == "" {
		return errorf("--reveal goes with --script (the console never shows secrets at the table)")
	}
	cfg, err := o.config(lang)
	if err != nil {
		return err
	}
	players := cfg.Players
	// The table's seats carry the names; the stored options need not.
	cfg.Players = nil
	bots, err := o.bots(lang, "ayatsuri", cfg, players)
	if err != nil {
		return err
	}
	script, err := readScript(o.Script)
	if err != nil {
		return err
	}
	return startTable(f, o.g, lang, moderator.NewTableSpec{Game: "ayatsuri", Seats: players, Options: cfg, Seed: o.seed(f), Bots: bots},
		o.Addr, o.Port, script, o.Pass, o.Reveal)
}

// config reads the table options from the flags, the players included
// (tablemaster sim plays the same options).
func (o *ayatsuriOptions) config(lang engine.Lang) (ayatsuri.Config, error) {
	cfg := ayatsuri.Config{BombGirl: o.BombGirl}
	var err error
	if cfg.Toss, err = ayatsuri.ParseToss(o.Toss); err != nil {
		return cfg, errorf("--toss: %v", err)
	}
	players := o.Players
	if len(players) == 0 {
		f, _ := face.Lookup("ayatsuri")
		players = append([]string(nil), f.Seats().Default...)
	}
	for i := range players {
		players[i] = strings.TrimSpace(players[i])
	}
	if err := checkPlayers(lang, players); err != nil {
		return cfg, err
	}
	cfg.Players = players
	if o.Start != "" {
		cfg.Start = -1
		for i, p := range players {
			if strings.EqualFold(p, strings.TrimSpace(o.Start)) {
				cfg.Start = i
			}
		}
		if cfg.Start < 0 {
			return cfg, errorf("--start %q is not one of the players (%s)", o.Start, strings.Join(players, ", "))
		}
	}
	if err := cfg.Validate(); err != nil {
		return cfg, errorf("%v: --players Aki,Ben,Chika,Dai", err)
	}
	return cfg, nil
}
