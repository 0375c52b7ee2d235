package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"
)

// exitError carries an exit code and a message already fit for a person.
type exitError struct{ msg string }

func (e *exitError) Error() string { return e.msg }

func errorf(format string, args ...any) error { return &exitError{fmt.Sprintf(format, args...)} }

// globalOptions are the flags every command shares.
type globalOptions struct {
	State string
	Lang  string
}

func newRootCmd(f *Factory) *cobra.Command {
	g := &globalOptions{}
	root := &cobra.Command{
		Use:   "tablemaster",
		Short: "A game master for card games played with real cards",
		Long: `tablemaster deals the hidden things, shows each player their secrets on
their own phone (scan the QR code), answers every rules question truthfully,
refuses illegal moves and says who won. No internet needed: phones reach
the laptop over the local Wi-Fi.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(f.In)
	root.SetOut(f.Out)
	root.SetErr(f.ErrOut)
	root.PersistentFlags().StringVar(&g.State, "state", "", "state folder (default $XDG_STATE_HOME/tablemaster)")
	root.PersistentFlags().StringVar(&g.Lang, "lang", "", "language of the console: en or ja (default from the environment)")
	// Help in the console's language: --lang ja --help reads Japanese.
	help := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		if l, err := f.lang(g.Lang); err == nil {
			localizeHelp(c.Root(), l)
		}
		help(c, args)
	})
	for _, game := range games {
		root.AddCommand(game(f, g))
	}
	root.AddCommand(newCmdHost(f, g, nil))
	root.AddCommand(newCmdTables(f, g, nil))
	root.AddCommand(newCmdResume(f, g, nil))
	root.AddCommand(newCmdReplay(f, g, nil))
	root.AddCommand(newCmdPrint(f, g, nil))
	root.AddCommand(newCmdNight(f, g, nil))
	root.AddCommand(newCmdSim(f, g))
	return root
}

// run executes the command line and returns the process exit code.
func run(f *Factory, args []string) int {
	safeTerminal(f)
	root := newRootCmd(f)
	root.SetArgs(args)
	root.SetFlagErrorFunc(flagErrors(f, args))
	if err := root.Execute(); err != nil {
		var ee *exitError
		if errors.As(err, &ee) {
			fmt.Fprintln(f.ErrOut, "tablemaster:", ee.msg)
		} else {
			fmt.Fprintln(f.ErrOut, "tablemaster:", err)
		}
		return 1
	}
	return 0
}
