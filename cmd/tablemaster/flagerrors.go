package main

import (
	"errors"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"tablemaster/engine"
	"tablemaster/internal/typo"
)

// flagErrors turns pflag's parse errors into sentences in the console's
// language, and an unknown flag into a question naming the nearest one
// the command has ("unknown flag: --player (did you mean --players?)").
// The language is read from args itself: pflag stops at the first bad
// flag, so a --lang after it was never parsed.
func flagErrors(f *Factory, args []string) func(*cobra.Command, error) error {
	return func(c *cobra.Command, err error) error {
		lang, lerr := f.lang(langArg(args))
		if lerr != nil {
			lang, _ = f.lang("")
		}
		var notExist *pflag.NotExistError
		var needs *pflag.ValueRequiredError
		switch {
		case errors.As(err, &notExist) && notExist.GetSpecifiedShortnames() != "":
			return errorf("%s", lang.S("cmd.flag.unknown_short",
				"flag", notExist.GetSpecifiedName(), "group", notExist.GetSpecifiedShortnames()))
		case errors.As(err, &notExist):
			name := notExist.GetSpecifiedName()
			if near := nearestFlag(c, name); near != "" {
				return errorf("%s", lang.S("cmd.flag.unknown_near", "flag", name, "near", near))
			}
			return errorf("%s", lang.S("cmd.flag.unknown", "flag", name))
		case errors.As(err, &needs) && needs.GetSpecifiedShortnames() == "":
			return errorf("%s", lang.S("cmd.flag.needs_value", "flag", needs.GetSpecifiedName()))
		}
		if lang == engine.JA {
			return errorf("%s", lang.S("cmd.flag.bad", "err", err.Error()))
		}
		return err
	}
}

// langArg is the value of --lang in args ("" when none), however it was
// written: --lang ja or --lang=ja.
func langArg(args []string) string {
	for i, a := range args {
		if a == "--" {
			break
		}
		if v, ok := strings.CutPrefix(a, "--lang="); ok {
			return v
		}
		if a == "--lang" && i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

// nearestFlag is the name of c's flag (its own or inherited, not hidden)
// nearest to name: one or two edits away, or name a start of it
// ("--play"), or "" when none is near enough to be what was meant.
func nearestFlag(c *cobra.Command, name string) string {
	var names []string
	seen := map[string]bool{}
	add := func(fl *pflag.Flag) {
		if !fl.Hidden && !seen[fl.Name] {
			seen[fl.Name] = true
			names = append(names, fl.Name)
		}
	}
	c.Flags().VisitAll(add)
	c.InheritedFlags().VisitAll(add)
	sort.Strings(names)
	return typo.Nearest(name, names, 3, strings.ToLower)
}
