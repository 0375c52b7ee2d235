package main

import (
	"strings"
	"testing"
)

// --bot names a seat: a typo is refused before anything starts, in the
// console's language, naming the nearest player; tables whose hidden
// things are real (a real deck, real chips) or whose board the engine
// does not hold (Super Rock) refuse a bot, saying what to do instead.
func TestBotFlagRefusals(t *testing.T) {
	bin := tablemasterBin(t)
	for _, tt := range []struct {
		lang string
		args []string
		want string
	}{
		{"en", []string{"noir", "--players", "Aki,Ben", "--bot", "Bne"},
			"tablemaster cannot play Bne: no player is called that; did you mean Ben? (players: Aki, Ben)"},
		{"ja", []string{"noir", "--players", "Aki,Ben", "--bot", "Bne"},
			"tablemasterはBneをプレイできません。その名前のプレイヤーはいません。Ben のことですか？（プレイヤー：Aki, Ben）"},
		{"en", []string{"noir", "--players", "Aki,Ben", "--bot", "Zed"},
			"tablemaster cannot play Zed: no player is called that (players: Aki, Ben)"},
		{"en", []string{"noir", "--players", "Aki,Ben", "--bot", "Aki", "--bot", "Ben"},
			"tablemaster cannot play every seat: someone must play (bots against bots: tablemaster sim)"},
		{"en", []string{"noir", "--players", "Aki,Ben", "--bot", "Ben", "--deck", "physical"},
			"tablemaster cannot draw real cards it may not show anyone: for a seat tablemaster plays, use the virtual deck (--deck virtual)"},
		{"en", []string{"noir", "--players", "Aki,Ben", "--bot", "Ben", "--pass"},
			"--bot goes with phones: with --pass one person enters every seat's moves, so there is no seat left for tablemaster to play"},
		{"en", []string{"ayatsuri", "--players", "Aki,Ben,Chika", "--bot", "Ben", "--toss", "chips"},
			"with real chips (--toss chips) a patient tosses a chip and enters the side, which tablemaster cannot do: for a seat tablemaster plays, let tablemaster toss (--toss engine)"},
		{"en", []string{"superrock", "--bot", "Ben"},
			"tablemaster keeps Super Rock's secrets but not its board: moves and combat are played with the real cards and dice, so it cannot play a seat"},
	} {
		t.Run(strings.Join(append([]string{tt.lang}, tt.args...), " "), func(t *testing.T) {
			code, stderr := runBin(t, bin, tt.lang, append(tt.args, "--state", t.TempDir())...)
			if want := "tablemaster: " + tt.want + "\n"; code != 1 || stderr != want {
				t.Errorf("exit %d, stderr %q; want exit 1, %q", code, stderr, want)
			}
		})
	}
}
