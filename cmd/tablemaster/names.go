package main

import (
	"errors"

	"tablemaster/engine"
	"tablemaster/moderator"
)

// checkPlayers checks --players by the rules every table's names follow
// (moderator.CheckNames, which Store.Create applies again), early, so the
// error names the flag and reads in the console's language.
func checkPlayers(lang engine.Lang, players []string) error {
	err := moderator.CheckNames(players)
	var me *engine.MsgError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &me):
		return errorf("--players: %s", lang.Text(me.Msg))
	}
	return errorf("--players: %v", err)
}
