package main

import (
	"errors"
	"strings"

	"tablemaster/engine"
)

// commandLine is the command as a person types it, for the message a
// second process prints: "tablemaster host --state /x". The program is
// named tablemaster whatever path it runs from (go run runs it from the
// build cache, a test from its temporary folder); an argument a shell
// would split is quoted.
func commandLine(args []string) string {
	var b strings.Builder
	b.WriteString("tablemaster")
	for _, a := range args {
		b.WriteByte(' ')
		if a == "" || strings.ContainsAny(a, " \t\n'\"\\$`*?;&|<>()#~") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		b.WriteString(a)
	}
	return b.String()
}

// stateBusyError says another tablemaster serves the state folder, and
// which one.
type stateBusyError struct {
	dir, who string
}

func (e *stateBusyError) Error() string {
	return engine.EN.S("cmd.state.busy", "dir", e.dir, "who", e.who)
}

// lockError is lockState's error as the console says it, in its language.
func lockError(lang engine.Lang, err error) error {
	var busy *stateBusyError
	if errors.As(err, &busy) {
		return errorf("%s", lang.S("cmd.state.busy", "dir", busy.dir, "who", busy.who))
	}
	return errorf("%v", err)
}
