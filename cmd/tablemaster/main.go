// Command tablemaster is a game master for card games played with real
// cards: it deals the hidden things, shows each player their secrets on
// their own phone, refuses illegal moves and says who won.
package main

import (
	"os"

	"tablemaster/moderator"
)

func main() {
	moderator.PaceCollector()
	os.Exit(run(newFactory(), os.Args[1:]))
}
