// Package patch makes and applies the live updates of a page: what
// changed between two bodies of the same page, not the whole body.
package patch

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
)

// A live update sends what changed, not the whole page (patch.go): the
// page body is read as a tree of nodes, the way a browser parses our own
// well-formed HTML, and an update is a list of operations on the children
// of the page's <main>: keep a run of the old children, insert new HTML,
// or patch one old child's own children in the same way. A new story line
// is then sent as one <li>, a shifted grid row as its cells, and a page
// whose body did not change at all is sent nothing.
//
// The patch is a pure function of the old and the new body of the same
// device, so it depends on nothing the two bodies do not already show:
// the no-leak tests check the bodies and the patches between them. The
// page's script checks, before it applies a patch, that it holds the body
// the patch was made from (its hash) and that every node it touches is the
// one the server counted; if anything differs it asks for the whole body.

// Hash names a page body: the page says which body it holds, so an
// update can be made from that body.
func Hash(b []byte) string {
	h := fnv.New64a()
	h.Write(b)
	return strconv.FormatUint(h.Sum64(), 36)
}

// hnode is one node of a page body: an element (with its children), a run
// of text or a comment, as a byte range of the body.
type hnode struct {
	start, open, end int    // the node is src[start:end]; an element's start tag ends at open
	tag              string // an element's name; "" for text and comments
	kids             []hnode
	// ok: an element closed by its own end tag (or void) whose element
	// children are all ok: a browser builds it as written.
	ok bool
}

// voidTags have no end tag and no children.
var voidTags = map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true,
	"img": true, "input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true}

// rawTags hold text up to their end tag, whatever it looks like.
var rawTags = map[string]bool{"script": true, "style": true, "textarea": true, "title": true}

// patchTags are the elements whose children a patch may go into: those
// a browser builds exactly as written. A <p> (closed early by a block
// inside it) or a <select> is replaced whole, and so is a table whose rows
// are not in an explicit <tbody> (the browser would add one).
var patchTags = map[string]bool{"div": true, "ul": true, "ol": true, "li": true, "form": true, "span": true,
	"section": true, "details": true, "b": true, "small": true, "table": true, "tbody": true, "tr": true}

// parseNodes reads src as a list of sibling nodes. It is made for the
// pages this package writes; on anything else it still covers every byte
// exactly once, so a patch built from it always rebuilds the new body,
// and the page's own checks catch a tree the browser built differently.
func parseNodes(src string) []hnode {
	type frame struct {
		node hnode
	}
	stack := []frame{{node: hnode{}}}
	text := -1 // start of the current text run
	flushText := func(at int) {
		if text >= 0 && at > text {
			top := &stack[len(stack)-1].node
			top.kids = append(top.kids, hnode{start: text, open: text, end: at})
		}
		text = -1
	}
	i := 0
	for i < len(src) {
		if src[i] != '<' || i+1 >= len(src) {
			if text < 0 {
				text = i
			}
			i++
			continue
		}
		c := src[i+1]
		switch {
		case c == '!':
			flushText(i)
			end := len(src)
			if strings.HasPrefix(src[i:], "<!--") {
				if j := strings.Index(src[i+4:], "-->"); j >= 0 {
					end = i + 4 + j + 3
				}
			} else if j := strings.IndexByte(src[i:], '>'); j >= 0 {
				end = i + j + 1
			}
			top := &stack[len(stack)-1].node
			top.kids = append(top.kids, hnode{start: i, open: end, end: end})
			i = end
		case c == '/' && i+2 < len(src) && isLetter(src[i+2]):
			flushText(i)
			j := strings.IndexByte(src[i:], '>')
			end := len(src)
			if j >= 0 {
				end = i + j + 1
			}
			name := tagName(src[i+2:])
			// Close up to the matching element; a stray end tag closes
			// nothing and stays with the text around it.
			k := len(stack) - 1
			for k > 0 && stack[k].node.tag != name {
				k--
			}
			if k == 0 {
				top := &stack[len(stack)-1].node
				top.kids = append(top.kids, hnode{start: i, open: end, end: end})
				i = end
				continue
			}
			for len(stack)-1 >= k {
				n := stack[len(stack)-1].node
				stack = stack[:len(stack)-1]
				n.end, n.ok = end, kidsOK(n.kids)
				if len(stack)-1 >= k {
					// An element left open inside: it ends where its
					// parent does, and is not built as written.
					n.end, n.ok = i, false
				}
				parent := &stack[len(stack)-1].node
				parent.kids = append(parent.kids, n)
			}
			i = end
		case isLetter(c):
			flushText(i)
			name := tagName(src[i+1:])
			open := tagEnd(src, i)
			n := hnode{start: i, open: open, end: open, tag: name}
			selfClosed := open >= 2 && src[open-2] == '/'
			switch {
			case voidTags[name] || selfClosed:
				n.ok = true
				top := &stack[len(stack)-1].node
				top.kids = append(top.kids, n)
			case rawTags[name]:
				end := len(src)
				if j := indexFold(src[open:], "</"+name); j >= 0 {
					end = open + j
					if k := strings.IndexByte(src[end:], '>'); k >= 0 {
						end += k + 1
					} else {
						end = len(src)
					}
				}
				n.end, n.ok = end, true
				top := &stack[len(stack)-1].node
				top.kids = append(top.kids, n)
				open = end
			default:
				stack = append(stack, frame{node: n})
			}
			i = open
		default:
			if text < 0 {
				text = i
			}
			i++
		}
	}
	flushText(len(src))
	for len(stack) > 1 {
		n := stack[len(stack)-1].node
		stack = stack[:len(stack)-1]
		n.end = len(src)
		parent := &stack[len(stack)-1].node
		parent.kids = append(parent.kids, n)
	}
	return stack[0].node.kids
}

// kidsOK reports whether every element among kids is built as written.
func kidsOK(kids []hnode) bool {
	for _, k := range kids {
		if k.tag != "" && !k.ok {
			return false
		}
	}
	return true
}

// patchable reports whether a patch may go into the children of the
// elements o (old) and n (new): the same start tag, a tag a browser
// builds as written, and neither left open. A table qualifies only with
// its rows in an explicit <tbody>, as the browser would put them.
func patchable(oldSrc, newSrc string, o, n hnode) bool {
	if n.tag == "" || !patchTags[n.tag] || !o.ok || !n.ok || o.tag != n.tag || oldSrc[o.start:o.open] != newSrc[n.start:n.open] {
		return false
	}
	if n.tag == "table" {
		for _, kids := range [][]hnode{o.kids, n.kids} {
			for _, k := range kids {
				if k.tag == "tr" {
					return false
				}
			}
		}
	}
	return true
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// tagName is the lower-case element name at the start of s.
func tagName(s string) string {
	j := 0
	for j < len(s) && (isLetter(s[j]) || s[j] >= '0' && s[j] <= '9' || s[j] == '-') {
		j++
	}
	return strings.ToLower(s[:j])
}

// tagEnd is the index just past the '>' of the start tag at src[i],
// skipping quoted attribute values.
func tagEnd(src string, i int) int {
	var quote byte
	for j := i + 1; j < len(src); j++ {
		switch c := src[j]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '>':
			return j + 1
		}
	}
	return len(src)
}

func indexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// appendPatch writes, as JSON, the operations that turn the children old
// (of the body oldSrc) into the children now (of newSrc):
//
//	[a,b]                      keep the old children a … b-1
//	"html"                     insert these new nodes
//	{"i":k,"t":tag,"n":N,"o":[…]} keep old child k (an element named tag
//	                           with N children) and patch its children
func appendPatch(b []byte, oldSrc, newSrc string, old, now []hnode) []byte {
	// Match each new child to the first equal old child after the last
	// match: a story line pushed in on top keeps every line under it.
	match := make([]int, len(now))
	index := make(map[string][]int, len(old))
	for j, n := range old {
		s := oldSrc[n.start:n.end]
		index[s] = append(index[s], j)
	}
	cursor := 0
	for i, n := range now {
		match[i] = -1
		for _, j := range index[newSrc[n.start:n.end]] {
			if j >= cursor {
				match[i], cursor = j, j+1
				break
			}
		}
	}
	b = append(b, '[')
	first := true
	sep := func() {
		if !first {
			b = append(b, ',')
		}
		first = false
	}
	var lit strings.Builder // new HTML waiting to be written as one string
	flush := func() {
		if lit.Len() > 0 {
			sep()
			b = appendJSONString(b, lit.String())
			lit.Reset()
		}
	}
	keepFrom, keepTo := -1, -1
	flushKeep := func() {
		if keepFrom >= 0 {
			sep()
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(keepFrom), 10)
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(keepTo), 10)
			b = append(b, ']')
			keepFrom = -1
		}
	}
	prev := -1 // the old child matched last
	for i := 0; i < len(now); {
		if j := match[i]; j >= 0 {
			flush()
			if keepFrom >= 0 && keepTo == j {
				keepTo++
			} else {
				flushKeep()
				keepFrom, keepTo = j, j+1
			}
			prev = j
			i++
			continue
		}
		// A run of new children with no equal old one: pair them in order
		// with the unmatched old children of the same gap.
		end := i
		for end < len(now) && match[end] < 0 {
			end++
		}
		gapEnd := len(old)
		if end < len(now) {
			gapEnd = match[end]
		}
		g := prev + 1
		for ; i < end; i++ {
			n := now[i]
			if g < gapEnd && patchable(oldSrc, newSrc, old[g], n) {
				var sub []byte
				sub = appendPatch(sub, oldSrc, newSrc, old[g].kids, n.kids)
				if len(sub) < n.end-n.start {
					flush()
					flushKeep()
					sep()
					b = append(b, `{"i":`...)
					b = strconv.AppendInt(b, int64(g), 10)
					b = append(b, `,"t":"`...)
					b = append(b, n.tag...)
					b = append(b, `","n":`...)
					b = strconv.AppendInt(b, int64(len(old[g].kids)), 10)
					b = append(b, `,"o":`...)
					b = append(b, sub...)
					b = append(b, '}')
					g++
					continue
				}
			}
			if g < gapEnd {
				g++
			}
			flushKeep()
			lit.WriteString(newSrc[n.start:n.end])
		}
	}
	flush()
	flushKeep()
	return append(b, ']')
}

// appendJSONString writes s as a JSON string, leaving <, > and & as they
// are (encoding/json would write each as six bytes).
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		}
		start = i + 1
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// Message is the Server-Sent Event that turns the body old into the
// body now: "event: patch", the id "version-hash" of now, and as data
// {"b": old's hash, "n": old's top-level node count, "o": operations}.
// ok is false when the patch would not be smaller than the body itself.
func Message(old []byte, oldHash string, now []byte, nowHash string, version int) (msg []byte, ok bool) {
	oldSrc, newSrc := string(old), string(now)
	oldNodes := parseNodes(oldSrc)
	ops := appendPatch(nil, oldSrc, newSrc, oldNodes, parseNodes(newSrc))
	if len(ops) >= len(now) {
		return nil, false
	}
	msg = make([]byte, 0, len(ops)+80)
	msg = append(msg, "event: patch\nid: "...)
	msg = strconv.AppendInt(msg, int64(version), 10)
	msg = append(msg, '-')
	msg = append(msg, nowHash...)
	msg = append(msg, `
data: {"b":"`...)
	msg = append(msg, oldHash...)
	msg = append(msg, `","n":`...)
	msg = strconv.AppendInt(msg, int64(len(oldNodes)), 10)
	msg = append(msg, `,"o":`...)
	msg = append(msg, ops...)
	msg = append(msg, "}\n\n"...)
	return msg, true
}

// Apply does with the data of a patch message what the page's script
// does: it returns the new body made from old, or an error where the
// script would ask for the whole body instead (the patch was made from
// another body, or does not fit old's nodes).
func Apply(old, oldHash string, data []byte) (string, error) {
	var p struct {
		B string `json:"b"`
		N int    `json:"n"`
		O []any  `json:"o"`
	}
	if err := json.Unmarshal(data, &p); err != nil {
		return "", fmt.Errorf("patch: %w", err)
	}
	if p.B != oldHash {
		return "", errors.New("patch: made from another body")
	}
	return apply(old, parseNodes(old), p.N, p.O)
}

func apply(src string, kids []hnode, n int, ops []any) (string, error) {
	if len(kids) != n {
		return "", fmt.Errorf("patch: %d children, the patch counts %d", len(kids), n)
	}
	var b strings.Builder
	for _, op := range ops {
		switch op := op.(type) {
		case string:
			b.WriteString(op)
		case []any:
			a, aok := op[0].(float64)
			z, zok := op[1].(float64)
			if len(op) != 2 || !aok || !zok || a < 0 || int(z) > len(kids) || a >= z {
				return "", fmt.Errorf("patch: keep %v of %d children", op, len(kids))
			}
			b.WriteString(src[kids[int(a)].start:kids[int(z)-1].end])
		case map[string]any:
			i, iok := op["i"].(float64)
			n, nok := op["n"].(float64)
			sub, ook := op["o"].([]any)
			if !iok || !nok || !ook || i < 0 || int(i) >= len(kids) || kids[int(i)].tag != op["t"] {
				return "", fmt.Errorf("patch: no child %v named %v", op["i"], op["t"])
			}
			k := kids[int(i)]
			inner, err := apply(src, k.kids, int(n), sub)
			if err != nil {
				return "", err
			}
			closeAt := k.open
			if len(k.kids) > 0 {
				closeAt = k.kids[len(k.kids)-1].end
			}
			b.WriteString(src[k.start:k.open] + inner + src[closeAt:k.end])
		default:
			return "", fmt.Errorf("patch: unknown operation %v", op)
		}
	}
	return b.String(), nil
}
