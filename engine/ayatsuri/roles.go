package ayatsuri

import "strconv"

// Role is a role card; its number is its place in the calling order (AY-3).
type Role int8

// The roles, in calling order. BombGirl is the promo card, used only when
// the table chooses it.
const (
	BombGirl Role = iota
	Cop
	Assassin
	Detective
	SerialKiller
	Dictator
	Doctor
	Terrorist
)

// NoRole marks "none" where a role is expected (an Assassin declaration
// not yet made).
const NoRole Role = -1

// AllRoles lists every role in calling order, the Bomb Girl first.
var AllRoles = []Role{BombGirl, Cop, Assassin, Detective, SerialKiller, Dictator, Doctor, Terrorist}

// Limits of the game (AY-1, AY-41).
const (
	MinPlayers = 3
	MaxPlayers = 6
	StartLife  = 3
	// KillsToEnd kill chips end the game at round end (AY-41).
	KillsToEnd = 3
)

// Key is the catalogue key of the role's name ("ay.role.3").
func (r Role) Key() string { return "ay.role." + strconv.Itoa(int(r)) }

// AbilityKey is the catalogue key of the role's ability in one or two lines,
// as the rulebook's quick reference says it.
func (r Role) AbilityKey() string { return "ay.ability." + strconv.Itoa(int(r)) }

// Mark is the circled number players say: ⓪ ① … ⑦.
func (r Role) Mark() string {
	if r < BombGirl || r > Terrorist {
		return "?"
	}
	return string([]rune("⓪①②③④⑤⑥⑦")[r])
}

// Roles lists the role cards in play, in calling order (AY-3, AY-5).
func Roles(bombGirl bool) []Role {
	if bombGirl {
		return append([]Role(nil), AllRoles...)
	}
	return append([]Role(nil), AllRoles[1:]...)
}

// DraftLayout is how many cards are laid face down and face up before the
// draft (AY-6), for a number of players.
type DraftLayout struct {
	Players  int
	FaceDown int
	FaceUp   int
}

// Layout returns the draft layout of AY-6; the Bomb Girl adds a face-down card.
func Layout(players int, bombGirl bool) DraftLayout {
	d := DraftLayout{Players: players, FaceDown: 1}
	if players <= 4 {
		d.FaceUp = 1
	}
	if bombGirl {
		d.FaceDown++
	}
	return d
}

// SerialKillerTargets is how many players the Serial Killer kills at the
// end of a round in which nobody was killed (AY-25).
func SerialKillerTargets(players int) int {
	switch {
	case players <= 3:
		return 1
	case players <= 5:
		return 2
	default:
		return 3
	}
}

// PlayerCounts lists every number of players the game supports.
func PlayerCounts() []int {
	var ns []int
	for n := MinPlayers; n <= MaxPlayers; n++ {
		ns = append(ns, n)
	}
	return ns
}

// RuleKeys are the catalogue keys of the round-end, end-of-game and winner
// rules (AY-40 … AY-42), one sentence each, for reference sheets and the
// help a phone shows.
var RuleKeys = []string{"ay.rule.kill", "ay.rule.killed", "ay.rule.predict", "ay.rule.end", "ay.rule.winner", "ay.rule.tie"}
