package outlaws

import "strings"

// Char is one of the ten characters each faction has (OL-1).
type Char uint8

// The characters, in the order of the playing-card mapping (OL-9a): the
// Governor is the ace, the Mayor the ten.
const (
	Governor Char = iota
	Assassin
	Sheriff
	Scout
	Shopkeeper
	Dancer
	Journalist
	Thief
	Priest
	Mayor
	NumChars
)

var charKeys = [NumChars]string{"governor", "assassin", "sheriff", "scout", "shopkeeper", "dancer", "journalist", "thief", "priest", "mayor"}

// Key is the character's notation and catalogue suffix: "sheriff".
func (c Char) Key() string { return charKeys[c] }

// Msg is the catalogue key of the character's name.
func (c Char) Msg() string { return charMsgs[c] }

// charMsgs are the characters' Msg, made once: views and choices name
// characters all the time.
var charMsgs = func() (out [NumChars]string) {
	for c, k := range charKeys {
		out[c] = "@ol.char." + k
	}
	return out
}()

var ranks = [NumChars]string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10"}

// playingCards are the Cards with playing cards, by seat and character.
var playingCards = func() (out [2][NumChars]string) {
	for s, suit := range [2]string{"♥", "♣"} {
		for c, r := range ranks {
			out[s][c] = suit + r
		}
	}
	return out
}()

// Card is how seat s's character c is written on the table: with playing
// cards (OL-9a) Red is ♥ and Green ♣, "♥A" the Red Governor; with the
// boxed cards, its name.
func (g *Game) Card(s int, c Char) string {
	if g.cfg.Cards == Boxed {
		return c.Key()
	}
	return playingCards[s][c]
}

// parseChar reads a character by name ("sheriff", "Sheriff"), by its
// playing card ("♥3", "h3", "3"), or by its Japanese name.
func parseChar(s string) (Char, bool) {
	t := strings.ToLower(strings.TrimSpace(s))
	for c, k := range charKeys {
		if t == k {
			return Char(c), true
		}
	}
	for c, k := range jaNames {
		if s == k {
			return Char(c), true
		}
	}
	if s == "スカウト" { // OL-1's word for the Scout
		return Scout, true
	}
	t = strings.TrimLeft(t, "♥♣hc")
	t = strings.TrimPrefix(t, "♡")
	t = strings.TrimPrefix(t, "♧")
	switch t {
	case "a", "1":
		return Governor, true
	}
	for c, r := range ranks {
		if t == strings.ToLower(r) {
			return Char(c), true
		}
	}
	return 0, false
}

var jaNames = [NumChars]string{"知事", "殺し屋", "保安官", "スカウト", "店主", "踊り子", "記者", "盗賊", "牧師", "市長"}

// Token is an item token (OL-2).
type Token uint8

// The tokens. None marks an empty place in the row.
const (
	Bullet Token = iota
	Handcuffs
	Ballot
	Fake
	Elected
	NumTokens
	None Token = 255
)

var tokenKeys = [NumTokens]string{"bullet", "handcuffs", "ballot", "fake", "elected"}

// Key is the token's notation and catalogue suffix: "ballot".
func (t Token) Key() string {
	if t == None {
		return "none"
	}
	return tokenKeys[t]
}

// Msg is the catalogue key of the token's name.
func (t Token) Msg() string {
	if t == None {
		return "@ol.token.none"
	}
	return tokenMsgs[t]
}

// tokenMsgs are the tokens' Msg, made once.
var tokenMsgs = func() (out [NumTokens]string) {
	for t, k := range tokenKeys {
		out[t] = "@ol.token." + k
	}
	return out
}()

// TokenCount is how many of each token the game has (OL-2): 17 in all.
var TokenCount = [NumTokens]int{Bullet: 3, Handcuffs: 3, Ballot: 6, Fake: 4, Elected: 1}

func parseToken(s string) (Token, bool) {
	t := strings.ToLower(strings.TrimSpace(s))
	for k, n := range tokenKeys {
		if t == n || t == n+"s" {
			return Token(k), true
		}
	}
	return 0, false
}

// Slots is the number of Main Street places per player (OL-4).
const Slots = 8
