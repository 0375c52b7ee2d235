package engine

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// Lang is a language every word a person reads is available in.
type Lang string

// The languages of the catalogue.
const (
	EN Lang = "en"
	JA Lang = "ja"
)

// Langs lists every language, in the order a language switch shows them.
var Langs = []Lang{EN, JA}

// ParseLang reads "en", "ja", "ja_JP.UTF-8", "ja-JP,ja;q=0.9" and the like.
// ok is false when the text names no language of the catalogue.
func ParseLang(s string) (Lang, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	switch {
	case strings.HasPrefix(s, "ja"):
		return JA, true
	case strings.HasPrefix(s, "en"), s == "c", s == "posix":
		return EN, true
	}
	return EN, false
}

// Text is one catalogue entry in every language.
type Text struct {
	EN, JA string
}

// The catalogue is only read once the game packages' init functions have
// registered their words, and it is read for every word of every page:
// readers load it with one atomic read, no lock (an RWMutex's reader
// count is one cache line that every core writes). Register copies it.
var (
	catMu   sync.Mutex // Register's
	catalog atomic.Pointer[map[string]Text]
)

func init() { catalog.Store(&map[string]Text{}) }

// entries is the catalogue as it is now: never written.
func entries() map[string]Text { return *catalog.Load() }

// Register adds entries to the catalogue. Each game package registers its
// own words in an init function. A key registered twice, or an entry
// missing a language, is a programming error and panics at start-up.
func Register(add map[string]Text) {
	catMu.Lock()
	defer catMu.Unlock()
	now := entries()
	next := make(map[string]Text, len(now)+len(add))
	for k, t := range now {
		next[k] = t
	}
	for k, t := range add {
		if _, dup := next[k]; dup {
			panic("engine: catalogue key registered twice: " + k)
		}
		if t.EN == "" || t.JA == "" {
			panic("engine: catalogue key lacks a language: " + k)
		}
		next[k] = t
	}
	catalog.Store(&next)
}

// Has reports whether key is in the catalogue.
func Has(key string) bool {
	_, ok := entries()[key]
	return ok
}

// Keys lists every catalogue key, sorted.
func Keys() []string {
	cat := entries()
	keys := make([]string, 0, len(cat))
	for k := range cat {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Raw returns the entry's text in language l, with its {placeholders}.
func (l Lang) Raw(key string) string {
	t, ok := entries()[key]
	if !ok {
		// Visible but harmless: a test walks every key in use.
		return "⟨" + key + "⟩"
	}
	if l == JA {
		return t.JA
	}
	return t.EN
}

// Names makes one sentence argument of a list of player names, which each
// language writes its own way: "Aki, Chika, Dai" in English, 「Akiさん、
// Chikaさん、Daiさん」 in Japanese, where every name carries its honorific
// and the list its own comma. A catalogue text writes such an argument
// bare ("{players}が…", not "{players}さんが…").
//
// The list travels as a string, so every event helper takes it as it
// takes a name: it starts with an ASCII record separator and its names are
// parted by unit separators. Player names never hold a control character
// (the moderator refuses them), so a list cannot be mistaken for a name.
func Names(names []string) string {
	return nameListMark + strings.Join(names, nameListSep)
}

const (
	nameListMark = "\x1e"
	nameListSep  = "\x1f"
)

// NameList reports whether an argument is a list made by Names, and its
// names.
func NameList(v string) ([]string, bool) {
	rest, ok := strings.CutPrefix(v, nameListMark)
	if !ok {
		return nil, false
	}
	if rest == "" {
		return nil, true
	}
	return strings.Split(rest, nameListSep), true
}

// JoinNames writes a list of names in language l, each through name (the
// pages escape and isolate them): "Aki, Chika" or 「Akiさん、Chikaさん」.
func (l Lang) JoinNames(names []string, name func(string) string) string {
	var b strings.Builder
	for i, n := range names {
		if i > 0 {
			if l == JA {
				b.WriteString("、")
			} else {
				b.WriteString(", ")
			}
		}
		b.WriteString(name(n))
		if l == JA {
			b.WriteString("さん")
		}
	}
	return b.String()
}

// S translates a key with name/value arguments.
func (l Lang) S(key string, nameValues ...string) string {
	return l.Text(M(key, nameValues...))
}

// Plural is the word a placeholder {n|one|other} stands for: one when
// the argument n is "1", else other ("{n} {n|card|cards}": "1 card",
// "2 cards"). ok is false for any other placeholder.
func (m Msg) Plural(placeholder string) (word string, ok bool) {
	arg, forms, ok := strings.Cut(placeholder, "|")
	if !ok {
		return "", false
	}
	one, other, _ := strings.Cut(forms, "|")
	if m.Args[arg] == "1" {
		return one, true
	}
	return other, true
}

// Text renders a Msg in language l.
func (l Lang) Text(m Msg) string {
	s := l.Raw(m.Key)
	if len(m.Args) == 0 && len(m.Nested) == 0 {
		return s
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			b.WriteString(s)
			break
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			b.WriteString(s)
			break
		}
		b.WriteString(s[:i])
		name := s[i+1 : i+j]
		if word, ok := m.Plural(name); ok {
			b.WriteString(word)
		} else if sub, ok := m.Nested[name]; ok {
			b.WriteString(l.Text(sub))
		} else if v, ok := m.Args[name]; ok {
			if list, ok := NameList(v); ok {
				v = l.JoinNames(list, func(s string) string { return s })
			} else if strings.HasPrefix(v, "@") {
				v = l.Raw(v[1:])
			}
			b.WriteString(v)
		} else {
			b.WriteString(s[i : i+j+1])
		}
		s = s[i+j+1:]
	}
	return b.String()
}

// Errorf makes an error whose text comes from the catalogue in English and
// which still carries the Msg, so the moderator can show it in the reader's
// language. kind is wrapped (ErrIllegal, ErrNotYourTurn, …) for errors.Is.
func Errorf(kind error, prefix string, m Msg) error {
	return &MsgError{Kind: kind, Prefix: prefix, Msg: m}
}

// MsgError is a rule error with a catalogue message.
type MsgError struct {
	Kind   error
	Prefix string // package name, as in "noir: …"
	Msg    Msg
}

func (e *MsgError) Error() string {
	return fmt.Sprintf("%s: %s", e.Prefix, EN.Text(e.Msg))
}

// Unwrap lets errors.Is find the kind.
func (e *MsgError) Unwrap() error { return e.Kind }

func init() {
	Register(map[string]Text{
		"err.not_your_turn": {EN: "it is not your turn", JA: "あなたの手番ではありません"},
		"err.notation":      {EN: "cannot read “{text}”", JA: "「{text}」を読み取れません"},
	})
}
