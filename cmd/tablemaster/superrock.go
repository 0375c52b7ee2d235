package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"tablemaster/moderator/face"
	srface "tablemaster/moderator/superrock" // the game's face: its stored options, how its tables look

	"github.com/spf13/cobra"

	"tablemaster/engine"
	"tablemaster/engine/superrock"
	"tablemaster/moderator"
)

// superrockOptions holds the flags of `tablemaster superrock`.
type superrockOptions struct {
	f *Factory
	g *globalOptions

	Players   []string
	Counts    string
	Roster    string
	Board     string
	Dice      string
	RaisaGood bool
	tableFlags
}

// superrockCommand is the game's command as the root adds it (games.go).
func superrockCommand(f *Factory, g *globalOptions) *cobra.Command { return newCmdSuperrock(f, g, nil) }

func newCmdSuperrock(f *Factory, g *globalOptions, runF func(*superrockOptions) error) *cobra.Command {
	opts := &superrockOptions{f: f, g: g}
	cmd := &cobra.Command{
		Use:   "superrock",
		Short: "Super Rock (超人ロック) card game, 6 to 9 players (5 or 10 with --counts)",
		Long: `Start a table of the Super Rock card game (KMC rules). List the players in
seat order: "left" is the next one listed. tablemaster deals the characters
to the phones, runs the shadow roll and the silhouettes, hides the base
players' ambushes and planet cards, and rolls the turn order. Combat stays
with the real cards and dice.

Table 7.1 gives the character counts for 6 to 9 players; for 5 or 10 (or a
roster without that row) give them with --counts. A character a player
already played tonight (the state folder's tables of today) may be
rejected once per game.`,
		Example: `  tablemaster superrock --players Aki,Ben,Chika,Dai,Eri,Fumi,Gen
  tablemaster superrock --players Aki,Ben,Chika,Dai,Eri --counts L=1,G=0,E=2,S=1,X=1
  tablemaster superrock --players Aki,Ben,Chika,Dai,Eri,Fumi --dice physical --board physical
  tablemaster superrock --roster my-edition.txt --script prep.txt --reveal --seed 7`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.SeedSet = cmd.Flags().Changed("seed")
			if runF != nil {
				return runF(opts)
			}
			return superrockRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringSliceVar(&opts.Players, "players", nil, "5 to 10 players in seat order (default Aki,Ben,Chika,Dai,Eri,Fumi,Gen)")
	fl.StringVar(&opts.Counts, "counts", "", "characters drawn per pool, as L=1,G=0,E=2,S=1,X=1 (default: table 7.1; needed for 5 and 10 players)")
	fl.StringVar(&opts.Roster, "roster", "", "another edition's characters, silhouettes and tables, in the format of engine/superrock/data/kmc.txt")
	fl.StringVar(&opts.Board, "board", "virtual", "virtual (tablemaster holds the planet deck) or physical (the real planet cards lie on the board)")
	fl.StringVar(&opts.Dice, "dice", "virtual", "virtual (tablemaster rolls) or physical (players roll real dice and enter them)")
	fl.BoolVar(&opts.RaisaGood, "raisa-good", false, "count Raisa among the Goods (pool G) instead of as a fourth Locke")
	opts.tableFlags.add(cmd)
	return cmd
}

func superrockRun(o *superrockOptions) error {
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
	bots, err := o.bots(lang, "superrock", srface.NewOptions(cfg, o.Roster), players)
	if err != nil {
		return err
	}
	// SR-13: what each player played earlier tonight, from the tables of
	// this state folder today. The new table is not written yet.
	dir, err := stateDir(o.g)
	if err != nil {
		return err
	}
	played, skipped, err := moderator.NightMemory(dir, "superrock", players, f.Now())
	if err != nil {
		return errorf("cannot read tonight's earlier tables: %v", err)
	}
	// A damaged log only costs its characters: say so, and play on.
	for _, s := range skipped {
		fmt.Fprintf(f.ErrOut, "tablemaster: tonight's characters played: %s\n", s)
	}
	cfg.PlayedTonight = played
	script, err := readScript(o.Script)
	if err != nil {
		return err
	}
	return startTable(f, o.g, lang, moderator.NewTableSpec{Game: "superrock", Seats: players,
		Options: srface.NewOptions(cfg, o.Roster), Seed: o.seed(f), Bots: bots},
		o.Addr, o.Port, script, o.Pass, o.Reveal)
}

// config reads the table options from the flags, the players included,
// and has the engine check them (tablemaster sim plays the same options).
func (o *superrockOptions) config(lang engine.Lang) (superrock.Config, error) {
	cfg := superrock.Config{RaisaGood: o.RaisaGood}
	var err error
	if cfg.Board, err = superrock.ParseBoard(o.Board); err != nil {
		return cfg, errorf("--board: %v", err)
	}
	if cfg.Dice, err = superrock.ParseDice(o.Dice); err != nil {
		return cfg, errorf("--dice: %v", err)
	}
	if o.Counts != "" {
		c, err := superrock.ParseCounts(o.Counts)
		if err != nil {
			return cfg, errorf("--counts: %v", err)
		}
		cfg.Counts = &c
	}
	if o.Roster != "" {
		text, err := os.ReadFile(o.Roster)
		if err != nil {
			return cfg, errorf("cannot read the roster: %v", err)
		}
		// A *DataError names the file and the line: print it as it is,
		// in the console's language.
		if cfg.Data, err = superrock.Parse(o.Roster, text); err != nil {
			var de *superrock.DataError
			if errors.As(err, &de) {
				return cfg, errorf("%s", de.Text(lang))
			}
			return cfg, errorf("%v", err)
		}
	}
	players := o.Players
	if len(players) == 0 {
		f, _ := face.Lookup("superrock")
		players = append([]string(nil), f.Seats().Default...)
	}
	for i := range players {
		players[i] = strings.TrimSpace(players[i])
	}
	if err := checkPlayers(lang, players); err != nil {
		return cfg, err
	}
	cfg.Players = players
	// The engine checks the player count and the counts (SR-10) before
	// anything is written; its message names the flag to use.
	if _, err := superrock.New(cfg, 0); err != nil {
		if n := len(players); n < superrock.MinPlayers || n > superrock.MaxPlayers {
			return cfg, errorf("%v: --players Aki,Ben,Chika,Dai,Eri,Fumi,Gen", err)
		}
		return cfg, errorf("%v", err)
	}
	return cfg, nil
}
