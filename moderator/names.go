package moderator

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"tablemaster/engine"
)

// The limits of a player's name. A name is shown on phone buttons, in the
// table screen's columns and inside actions ("converted <name>", the
// longest, is the name plus 10 bytes), and the phone posts an action in a
// field of at most 64 bytes: 48 bytes keep every action that carries a
// name within it. 24 characters is a long full name in Latin letters; in
// kanji or kana (3 bytes each in UTF-8) the byte limit allows 16, more than
// any real Japanese name needs.
const (
	MaxNameRunes = 24
	MaxNameBytes = 48
)

// ErrBadName is wrapped by every refusal of a player's name.
var ErrBadName = errors.New("bad player name")

func nameErr(key string, nv ...string) error {
	return engine.Errorf(ErrBadName, "tablemaster", engine.M(key, nv...))
}

// CheckNames checks the players' names of a new table: each must have a
// visible character, be at most MaxNameRunes characters and MaxNameBytes
// bytes, hold no control character, no invisible one and no comma, not
// begin with @ or #, and differ from every other name by more than width,
// case or spacing (NameKey). The
// error is an *engine.MsgError wrapping ErrBadName, in the catalogue in
// every language; the name it quotes is made visible (VisibleText).
func CheckNames(names []string) error {
	seen := map[string]int{}
	for i, name := range names {
		if err := checkName(i, name); err != nil {
			return err
		}
		k := NameKey(name)
		if j, dup := seen[k]; dup {
			return nameErr("mod.name.duplicate", "name", names[j], "other", name)
		}
		seen[k] = i
	}
	return nil
}

func checkName(i int, name string) error {
	if !utf8.ValidString(name) {
		return nameErr("mod.name.encoding", "n", strconv.Itoa(i+1))
	}
	// The catalogue reads an argument that begins with @ as a key, so such
	// a name would show as some other word in every message; # begins a
	// comment in a script.
	if t := strings.TrimSpace(name); strings.HasPrefix(t, "@") {
		return nameErr("mod.name.at", "rest", VisibleText(t[1:]))
	}
	if strings.HasPrefix(strings.TrimSpace(name), "#") {
		return nameErr("mod.name.hash", "name", VisibleText(name))
	}
	for _, r := range name {
		switch {
		case r == '\n' || r == '\r' || unicode.IsControl(r) || r == '\u2028' || r == '\u2029':
			// A line break or an escape would end an event-stream line or
			// drive the terminal.
			return nameErr("mod.name.control", "name", VisibleText(name), "code", codePoint(r))
		case invisible(r):
			return nameErr("mod.name.invisible", "name", VisibleText(name), "code", codePoint(r))
		}
	}
	if strings.ContainsAny(name, ",，") {
		// Lists of players are written "Aki, Ben"; --players splits on commas.
		return nameErr("mod.name.comma", "name", name)
	}
	if strings.TrimSpace(name) == "" {
		return nameErr("mod.name.empty", "n", strconv.Itoa(i+1))
	}
	if n := utf8.RuneCountInString(name); n > MaxNameRunes || len(name) > MaxNameBytes {
		return nameErr("mod.name.too_long", "name", name, "runes", strconv.Itoa(n), "bytes", strconv.Itoa(len(name)),
			"max", strconv.Itoa(MaxNameRunes), "max_bytes", strconv.Itoa(MaxNameBytes))
	}
	return nil
}

// invisible reports a character that shows nothing or changes how its
// neighbours show: format characters (zero-width space and joiners, the
// byte order mark, the soft hyphen, bidi controls), variation selectors,
// the other default-ignorable code points (Hangul fillers, the combining
// grapheme joiner), private-use characters and non-characters. Two names
// that differ only by one of them look the same, and a bidi control can
// turn the text around it.
func invisible(r rune) bool {
	return unicode.In(r, unicode.Cf, unicode.Co, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point) ||
		r == utf8.RuneError || (r >= 0xFDD0 && r <= 0xFDEF) || r&0xFFFE == 0xFFFE
}

func codePoint(r rune) string { return fmt.Sprintf("U+%04X", r) }

// NameKey folds a name for comparison, so that names a person would read
// as the same compare equal: full-width ASCII letters and digits
// (U+FF01–U+FF5E) become ASCII, the ideographic space a space,
// half-width katakana full-width (with ﾞ and ﾟ joined to their kana, as are
// the combining marks U+3099 and U+309A), case is folded (Unicode simple
// folding: A/a, Ä/ä, Σ/σ/ς), and runs of spaces become one, trimmed.
// It is a subset of NFKC with case folding, for the cases met at a table;
// it does not compose Latin letters with combining accents (é typed as
// e + U+0301) nor map ligatures, circled or superscript digits.
func NameKey(name string) string {
	var b strings.Builder
	rs := []rune(name)
	space := false
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r >= 0xFF01 && r <= 0xFF5E:
			r -= 0xFF01 - 0x21
		case r >= 0xFF61 && r <= 0xFF9F:
			r = halfKana[r-0xFF61]
		}
		if i+1 < len(rs) {
			if c, ok := composeKana(r, rs[i+1]); ok {
				r = c
				i++
			}
		}
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(foldRune(r))
	}
	return b.String()
}

// foldRune is the smallest rune of r's case-folding orbit.
func foldRune(r rune) rune {
	m := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		m = min(m, f)
	}
	return m
}

// halfKana maps U+FF61…U+FF9F (half-width punctuation, katakana and the
// sound marks) to their full-width forms.
var halfKana = []rune("。「」、・ヲァィゥェォャュョッーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン\u3099\u309A")

// composeKana joins a kana and a following sound mark (゛ ゜, combining
// or half-width) into one character, as NFC and NFKC do.
func composeKana(r, mark rune) (rune, bool) {
	switch mark {
	case 0xFF9E, 0x3099: // dakuten
		switch {
		case r == 'ウ':
			return 'ヴ', true
		case r == 'う':
			return 'ゔ', true
		case r == 'ワ':
			return 'ヷ', true
		case r == 'ヲ':
			return 'ヺ', true
		case strings.ContainsRune("かきくけこさしすせそたちつてとはひふへほカキクケコサシスセソタチツテトハヒフヘホ", r):
			return r + 1, true // the voiced kana is the next code point
		}
	case 0xFF9F, 0x309A: // handakuten
		if strings.ContainsRune("はひふへほハヒフヘホ", r) {
			return r + 2, true
		}
	}
	return r, false
}
