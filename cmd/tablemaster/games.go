package main

import "github.com/spf13/cobra"

// games are the commands of the games tablemaster runs, in the order
// --help lists them. Each command's file links its game's face in (the
// import of moderator/<game>, which registers itself with the moderator),
// so adding a game is its command's file and one line here.
var games = []func(*Factory, *globalOptions) *cobra.Command{
	noirCommand,
	ayatsuriCommand,
	superrockCommand,
	outlawsCommand,
}
