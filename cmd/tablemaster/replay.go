package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

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
		Use:   "replay LOG|TABLE",
		Short: "Print a whole game from its log, every secret revealed",
		Long: `Print every action of a table's event log as it was taken, with every public
and private event, and the final state of every seat. The log is only read.
Logs live in the state folder: tables/<TABLE>.jsonl. A table's id, as resume
and the host's page name it, stands for its log there.`,
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
			err = moderator.Replay(f.Out, logPath(g, opts.Log), lang)
			var le *moderator.LineError
			if errors.As(err, &le) {
				return errorf("%s", le.Text(lang))
			}
			if errors.Is(err, fs.ErrNotExist) && filepath.Base(opts.Log) == opts.Log {
				dir, _ := stateDir(g)
				return errorf("no log file %q, and no table %q in %s", opts.Log, opts.Log, filepath.Join(dir, "tables"))
			}
			return err
		},
	}
}

// logPath is the log replay reads: the file arg names, or, when there is
// no such file and arg is a bare name, the log of the table of that id in
// the state folder (resume and the host's page name tables by their id).
// Otherwise arg itself, whose error then names it.
func logPath(g *globalOptions, arg string) string {
	if _, err := os.Stat(arg); !errors.Is(err, fs.ErrNotExist) || filepath.Base(arg) != arg {
		return arg
	}
	dir, err := stateDir(g)
	if err != nil {
		return arg
	}
	p := filepath.Join(dir, "tables", arg+".jsonl")
	if _, err := os.Stat(p); err != nil {
		return arg
	}
	return p
}
