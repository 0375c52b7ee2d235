package superrock

import "errors"

// why is what check builds for a refusal: with it, the reason in words
// (Apply tells the player); without, only errRefused, and no string and
// no map made (Legal and Playout keep the actions that pass, and most
// candidates do not).
type why bool

// errRefused is every refusal made without its words.
var errRefused = errors.New("superrock: refused")

// no is a refusal: the message key with its arguments when w asks for
// the words, errRefused otherwise.
func (w why) no(key string, nv ...string) error {
	if !w {
		return errRefused
	}
	return illegal(key, nv...)
}

// at is the argument naming the catalogue entry prefix+key ("@" and the
// key), or "" when no words are wanted: the string is joined only when
// a refusal will say it.
func (w why) at(prefix, key string) string {
	if !w {
		return ""
	}
	return "@" + prefix + key
}

// verb is verbKey(kind) when words are wanted.
func (w why) verb(kind string) string {
	if !w {
		return ""
	}
	return verbKey(kind)
}

// square is SquareName(sq) when words are wanted.
func (w why) square(sq int) string {
	if !w {
		return ""
	}
	return SquareName(sq)
}
