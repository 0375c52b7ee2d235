package main

import (
	"errors"

	"github.com/spf13/cobra"

	"tablemaster/moderator"
)

type replayOptions struct {
	f   *Factory
	g   *globalOptions
	Log string
}

func newCmdReplay(f *Factory, g *globalOptions, runF func(*replayOptions) error) *cobra.Command {
	opts := &replayOptions{f: f, g: g}
	return &cobra.Command{
		Use:   "replay LOG",
		Short: "Print a whole game from its log, every secret revealed",
		Long: `Print every action of a table's event log as it was taken, with every public
and private event, and the final state of every seat. The log is only read.
Logs live in the state folder: tables/<TABLE>.jsonl.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Log = args[0]
			if runF != nil {
				return runF(opts)
			}
			lang, err := f.lang(g.Lang)
			if err != nil {
				return err
			}
			// A damaged log gets the same verdict, in the same words, as
			// resume gives it: both read it with moderator.ReadLog.
			err = moderator.Replay(f.Out, opts.Log, lang)
			var le *moderator.LineError
			if errors.As(err, &le) {
				return errorf("%s", le.Text(lang))
			}
			return err
		},
	}
}
