package moderator

import (
	"html/template"
	"strings"

	"tablemaster/engine"
)

// Player names may be written right to left (Arabic, Hebrew …). Inside a
// left-to-right sentence such a name, and the digits and punctuation next
// to it, would be reordered with the text around it ("سارة: 3" shows the
// 3 on the wrong side), so pages isolate it in <bdi>: the templates through
// bdi for the name fields, msgHTML for every argument of a sentence. A
// name in left-to-right letters (Latin, kana, kanji) cannot be reordered
// in these left-to-right pages and is written as it is, so a table of
// such names pays no byte for isolation (the phone page budget).

// msgHTML renders a catalogue message as HTML (templates: msg): the text
// escaped, every "@key" argument in words, and every other argument
// isolated when it holds right-to-left text (a list "Aki, Ben" name by
// name, so the list keeps its order).
func msgHTML(l engine.Lang, m engine.Msg) template.HTML {
	s := l.Raw(m.Key)
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '{')
		j := -1
		if i >= 0 {
			j = strings.IndexByte(s[i:], '}')
		}
		if j < 0 {
			b.WriteString(htmlEscape(s))
			break
		}
		b.WriteString(htmlEscape(s[:i]))
		name := s[i+1 : i+j]
		sub, nested := m.Nested[name]
		switch v, ok := m.Args[name]; {
		case nested:
			b.WriteString(string(msgHTML(l, sub)))
		case !ok:
			b.WriteString(htmlEscape(s[i : i+j+1]))
		case strings.HasPrefix(v, "@"):
			b.WriteString(htmlEscape(l.Raw(v[1:])))
		default:
			isolate(&b, v)
		}
		s = s[i+j+1:]
	}
	return template.HTML(b.String())
}

// textHTML is msgHTML for a key and name/value arguments (templates: th).
func textHTML(l engine.Lang, key string, nv ...string) template.HTML {
	return msgHTML(l, engine.M(key, nv...))
}

// bdiHTML writes a name, or a list of names "Aki, Ben", escaped and
// isolated where it holds right-to-left text (templates: bdi).
func bdiHTML(v string) template.HTML {
	var b strings.Builder
	isolate(&b, v)
	return template.HTML(b.String())
}

func isolate(b *strings.Builder, v string) {
	if !strings.ContainsFunc(v, rightToLeft) {
		b.WriteString(htmlEscape(v))
		return
	}
	for k, part := range strings.Split(v, ", ") {
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString("<bdi>" + htmlEscape(part) + "</bdi>")
	}
}

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
