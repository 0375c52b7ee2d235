package face

import (
	"bytes"
	"strings"

	"github.com/mattn/go-runewidth"

	"tablemaster/engine"
)

// Player names may be written right to left (Arabic, Hebrew …). Inside a
// left-to-right sentence such a name, and the digits and punctuation next
// to it, would be reordered with the text around it ("سارة: 3" shows the
// 3 on the wrong side), so pages isolate it in <bdi>: BDI for the name
// fields, MsgHTML for every argument of a sentence. A
// name in left-to-right letters (Latin, kana, kanji) cannot be reordered
// in these left-to-right pages and is written as it is, so a table of
// such names pays no byte for isolation (the phone page budget).

// HTML is text that is HTML already: a sentence or a name written by
// MsgHTML, BDI or NamesHTML, escaped and isolated, which a page writes as
// it is.
type HTML string

// MsgHTML renders a catalogue message as HTML: the text
// escaped, every "@key" argument in words, and every other argument
// isolated when it holds right-to-left text (a list "Aki, Ben" name by
// name, so the list keeps its order).
func MsgHTML(l engine.Lang, m engine.Msg) HTML {
	var b bytes.Buffer
	WriteMsg(&b, l, m)
	return HTML(b.String())
}

// WriteMsg is MsgHTML into b.
func WriteMsg(b *bytes.Buffer, l engine.Lang, m engine.Msg) {
	s := l.Raw(m.Key)
	for {
		i := strings.IndexByte(s, '{')
		j := -1
		if i >= 0 {
			j = strings.IndexByte(s[i:], '}')
		}
		if j < 0 {
			b.WriteString(Escape(s))
			break
		}
		b.WriteString(Escape(s[:i]))
		name := s[i+1 : i+j]
		sub, nested := m.Nested[name]
		word, plural := m.Plural(name)
		switch v, ok := m.Args[name]; {
		case plural:
			b.WriteString(Escape(word))
		case nested:
			WriteMsg(b, l, sub)
		case !ok:
			b.WriteString(Escape(s[i : i+j+1]))
		case isList(v):
			list, _ := engine.NameList(v)
			b.WriteString(l.JoinNames(list, isolated))
		case strings.HasPrefix(v, "@"):
			b.WriteString(Escape(l.Raw(v[1:])))
		default:
			isolate(b, v)
		}
		s = s[i+j+1:]
	}
}

// BDI writes a name, or a list of names "Aki, Ben", escaped and
// isolated where it holds right-to-left text.
func BDI(v string) HTML { return HTML(isolated(v)) }

// WriteBDI is BDI into b.
func WriteBDI(b *bytes.Buffer, v string) { isolate(b, v) }

// isolated is v as isolate writes it.
func isolated(v string) string {
	if !strings.ContainsFunc(v, rightToLeft) {
		return Escape(v)
	}
	var b bytes.Buffer
	isolate(&b, v)
	return b.String()
}

func isolate(b *bytes.Buffer, v string) {
	if !strings.ContainsFunc(v, rightToLeft) {
		b.WriteString(Escape(v))
		return
	}
	for k, part := range strings.Split(v, ", ") {
		if k > 0 {
			b.WriteString(", ")
		}
		Put(b, "<bdi>", Escape(part), "</bdi>")
	}
}

func isList(v string) bool { _, ok := engine.NameList(v); return ok }

// rightToLeft reports a character written right to left: the blocks whose
// characters (assigned or not) have the bidi class R or AL — Hebrew,
// Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and their extensions
// and presentation forms, and the historic right-to-left scripts of the
// supplementary planes.
func rightToLeft(r rune) bool {
	switch {
	case r >= 0x0590 && r <= 0x08FF,
		r >= 0xFB1D && r <= 0xFDFF,
		r >= 0xFE70 && r <= 0xFEFE,
		r >= 0x10800 && r <= 0x10FFF,
		r >= 0x1E800 && r <= 0x1EFFF:
		return true
	}
	return false
}

// NamesHTML writes a list of names made by engine.Names the way language
// l writes lists (「Akiさん、Benさん」), each name isolated as BDI does any other value as BDI writes it.
func NamesHTML(l engine.Lang, v string) HTML {
	list, ok := engine.NameList(v)
	if !ok {
		return BDI(v)
	}
	return HTML(l.JoinNames(list, isolated))
}

// Escape escapes s for HTML text and attributes.
func Escape(s string) string {
	if !needsEscape(s) {
		return s // most names and words: no copy, and a quicker look than ContainsAny's
	}
	return htmlEscaper.Replace(s)
}

// htmlEscaper escapes as html/template's HTMLEscapeString does.
var htmlEscaper = strings.NewReplacer("\x00", "\uFFFD", `"`, "&#34;", "'", "&#39;", "&", "&amp;", "<", "&lt;", ">", "&gt;")

// escapes are the bytes Escape escapes.
var escapes = func() (set [256]bool) {
	for _, c := range []byte("\x00\"&'<>") {
		set[c] = true
	}
	return set
}()

// needsEscape reports whether s holds a byte to escape.
func needsEscape(s string) bool {
	for i := 0; i < len(s); i++ {
		if escapes[s[i]] {
			return true
		}
	}
	return false
}

// WriteButtons writes a form's choice buttons, one per choice. A choice
// that asks for confirmation is marked: the page script turns its first
// tap into "Tap again to confirm" on the button, and the second takes it.
func WriteButtons(b *bytes.Buffer, l engine.Lang, cs []engine.Choice) {
	for _, c := range cs {
		Put(b, `<button name="a" value="`, Escape(string(c.Action)), `"`)
		if c.Confirm {
			b.WriteString(` data-confirm`)
		}
		b.WriteString(`>`)
		WriteMsg(b, l, c.Label)
		b.WriteString("</button>")
	}
}

// NamesText writes a list made by engine.Names for a terminal, the way
// language l writes lists; any other value as it is.
func NamesText(l engine.Lang, v string) string {
	if list, ok := engine.NameList(v); ok {
		return l.JoinNames(list, func(n string) string { return n })
	}
	return v
}

// Pad pads s with spaces to n terminal columns, for the terminal views:
// a kanji or kana takes two columns, so Japanese names line up.
func Pad(s string, n int) string {
	w := runewidth.StringWidth(s)
	if w >= n {
		return s
	}
	return s + strings.Repeat(" ", n-w)
}
