package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"tablemaster/engine"
	"tablemaster/moderator"
)

// tablesOptions holds the flags of `tablemaster tables` and its
// dependencies.
type tablesOptions struct {
	f *Factory
	g *globalOptions

	Drop      string // the table to archive
	DropGiven bool   // drop was asked for: an empty id is refused, never a list
}

func newCmdTables(f *Factory, g *globalOptions, runF func(*tablesOptions) error) *cobra.Command {
	opts := &tablesOptions{f: f, g: g}
	cmd := &cobra.Command{
		Use:   "tables [drop ID]",
		Short: "List the state folder's tables, or move one out of the way",
		Long: `List every table of the state folder: its id, game, players, when it was
started and last played, and whether it is waiting for someone or over.

tables drop ID moves the table's log into the state folder's archive
folder: it leaves the lists (tables, night, resume, host) but nothing is
deleted. A table a tablemaster is serving cannot be dropped.`,
		Args: func(cmd *cobra.Command, args []string) error {
			switch {
			case len(args) == 0:
				return nil
			case len(args) == 2 && args[0] == "drop":
				return nil
			}
			return fmt.Errorf("tables takes no argument, or drop ID")
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 2 {
				opts.Drop, opts.DropGiven = args[1], true
			}
			if runF != nil {
				return runF(opts)
			}
			return tablesRun(opts)
		},
	}
	return cmd
}

func tablesRun(o *tablesOptions) error {
	f := o.f
	lang, err := f.lang(o.g.Lang)
	if err != nil {
		return err
	}
	dir, err := stateDir(o.g)
	if err != nil {
		return err
	}
	if o.DropGiven && strings.TrimSpace(o.Drop) == "" {
		return errorf("%s", lang.S("cmd.tables.drop_empty"))
	}
	if o.DropGiven {
		if filepath.Base(o.Drop) == o.Drop { // Archive refuses any other
			release, err := holdLog(filepath.Join(dir, "tables", o.Drop+".jsonl"))
			if err == nil {
				release()
			} else if !errors.Is(err, os.ErrNotExist) {
				return errorf("%s", lang.S("cmd.tables.held", "table", o.Drop))
			}
		}
		to, err := moderator.Archive(dir, o.Drop)
		if err != nil {
			return errorf("%v", err)
		}
		fmt.Fprintln(f.Out, lang.S("cmd.tables.dropped", "table", o.Drop, "path", to))
		return nil
	}
	list, skipped, err := moderator.List(dir)
	for _, s := range skipped {
		fmt.Fprintf(f.ErrOut, "tablemaster: warning: %s\n", s)
	}
	if err != nil {
		return errorf("cannot list %s: %v", dir, err)
	}
	if len(list) == 0 {
		fmt.Fprintln(f.Out, lang.S("cmd.tables.none", "dir", dir))
		return nil
	}
	for _, t := range list {
		game := t.Game
		switch {
		case t.Name.Key != "" && engine.Has(t.Name.Key):
			game = lang.Text(t.Name)
		case engine.Has(game + ".name"):
			game = lang.S(game + ".name")
		}
		status := lang.Text(t.Result)
		if !t.Over {
			var who []string
			for _, s := range t.Turn {
				who = append(who, t.Seats[s])
			}
			status = lang.S("cmd.tables.waiting", "players", engine.Names(who), "n", fmt.Sprint(t.Actions))
			if t.Actions == 0 {
				status = lang.S("cmd.tables.not_started")
			}
		}
		fmt.Fprintf(f.Out, "%s  %s  %s\n    %s\n    %s\n", t.ID, game, strings.Join(t.Seats, ", "),
			lang.S("cmd.tables.times", "start", t.Created.Local().Format("2006-01-02 15:04"), "last", t.Last.Local().Format("2006-01-02 15:04")),
			status)
	}
	return nil
}
