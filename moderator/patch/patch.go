// Package patch makes and applies the live updates of a page: what
// changed between two bodies of the same page, not the whole body.
package patch

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"strconv"
	"strings"
	"sync"
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
// update can be made from that body. It is two CRC-32s, which the
// processor computes (some 12 GB/s here, where FNV-1a managed 0.7): every
// body of every update is hashed, and only the server ever computes one.
func Hash(b []byte) string {
	h := uint64(crc32.Checksum(b, castagnoli))<<32 | uint64(crc32.ChecksumIEEE(b))
	return strconv.FormatUint(h, 36)
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// hnode is one node of a page body: an element, a run of text or a
// comment, as a byte range of the body. An element's children are read
// only when a patch goes into it (kids).
type hnode struct {
	start, open, end int    // the node is src[start:end]; an element's start tag ends at open
	close            int    // where an element's end tag starts (end if it has none)
	tag              string // an element's name; "" for text and comments
	// ok: an element closed by its own end tag (or void) with every
	// element inside closed by its own: a browser builds it as written.
	ok bool
}

// kids reads the children of element n of src; see also Body.kids.
func kids(src string, n hnode) []hnode {
	if n.tag == "" || n.close <= n.open {
		return nil
	}
	return parseLevel(src, n.open, n.close)
}

// isVoid: these elements have no end tag and no children.
func isVoid(tag string) bool {
	switch tag {
	case "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr":
		return true
	}
	return false
}

// isRaw: these elements hold text up to their end tag, whatever it looks like.
func isRaw(tag string) bool {
	switch tag {
	case "script", "style", "textarea", "title":
		return true
	}
	return false
}

// isPatchTag: the elements whose children a patch may go into, those a
// browser builds exactly as written. A <p> (closed early by a block
// inside it) or a <select> is replaced whole, and so is a table whose rows
// are not in an explicit <tbody> (the browser would add one).
func isPatchTag(tag string) bool {
	switch tag {
	case "div", "ul", "ol", "li", "form", "span", "section", "details", "b", "small", "table", "tbody", "tr":
		return true
	}
	return false
}

// parseNodes reads src as a list of sibling nodes. It is made for the
// pages this package writes; on anything else it still covers every byte
// exactly once, so a patch built from it always rebuilds the new body,
// and the page's own checks catch a tree the browser built differently.
func parseNodes(src string) []hnode { return parseLevel(src, 0, len(src)) }

// parseLevel reads src[from:to] as sibling nodes, skipping over what is
// inside each element (whose end it finds by counting tags).
func parseLevel(src string, from, to int) []hnode {
	var out []hnode
	var open []string // the elements open inside the current top node
	var cur hnode     // the top element being read, while len(open) > 0
	text := -1        // start of the current top-level text run
	flushText := func(at int) {
		if text >= 0 && at > text {
			out = append(out, hnode{start: text, open: at, end: at, close: at})
		}
		text = -1
	}
	i := from
	for i < to {
		if src[i] != '<' {
			j := strings.IndexByte(src[i:to], '<')
			if j < 0 {
				j = to - i
			}
			if len(open) == 0 && text < 0 {
				text = i
			}
			i += j
			continue
		}
		if i+1 >= to {
			if len(open) == 0 && text < 0 {
				text = i
			}
			i++
			continue
		}
		c := src[i+1]
		switch {
		case c == '!':
			end := to
			if strings.HasPrefix(src[i:to], "<!--") {
				if j := strings.Index(src[i+4:to], "-->"); j >= 0 {
					end = i + 4 + j + 3
				}
			} else if j := strings.IndexByte(src[i:to], '>'); j >= 0 {
				end = i + j + 1
			}
			if len(open) == 0 {
				flushText(i)
				out = append(out, hnode{start: i, open: end, end: end, close: end})
			}
			i = end
		case c == '/' && i+2 < to && isLetter(src[i+2]):
			end := to
			if j := strings.IndexByte(src[i:to], '>'); j >= 0 {
				end = i + j + 1
			}
			name := tagName(src[i+2 : to])
			k := len(open) - 1
			for k >= 0 && open[k] != name {
				k--
			}
			switch {
			case len(open) == 0:
				// A stray end tag: the browser drops it.
				flushText(i)
				out = append(out, hnode{start: i, open: end, end: end, close: end})
			case k < 0:
				cur.ok = false // a stray end tag inside
			default:
				if k < len(open)-1 {
					cur.ok = false // elements left open inside
				}
				open = open[:k]
				if k == 0 {
					cur.close, cur.end = i, end
					out = append(out, cur)
				}
			}
			i = end
		case isLetter(c):
			name := tagName(src[i+1 : to])
			open0 := min(tagEnd(src, i), to)
			void := isVoid(name) || (open0 >= 2 && src[open0-2] == '/')
			end := open0
			if !void && isRaw(name) {
				end = to
				if j := indexFold(src[open0:to], "</"+name); j >= 0 {
					end = open0 + j
					if k := strings.IndexByte(src[end:to], '>'); k >= 0 {
						end += k + 1
					} else {
						end = to
					}
				}
			}
			switch {
			case len(open) > 0 && !void && !isRaw(name):
				open = append(open, name)
			case len(open) > 0:
			case void || isRaw(name):
				flushText(i)
				out = append(out, hnode{start: i, open: open0, end: end, close: end, tag: name, ok: true})
			default:
				flushText(i)
				cur = hnode{start: i, open: open0, tag: name, ok: true}
				open = append(open, name)
			}
			i = end
		default:
			if len(open) == 0 && text < 0 {
				text = i
			}
			i++
		}
	}
	flushText(to)
	if len(open) > 0 {
		cur.close, cur.end, cur.ok = to, to, false
		out = append(out, cur)
	}
	return out
}

// patchable reports whether a patch may go into the children of the
// elements o (old) and n (new): the same start tag, a tag a browser
// builds as written, and neither left open. A table qualifies only with
// its rows in an explicit <tbody>, as the browser would put them.
func patchable(ob, nb *Body, o, n hnode) bool {
	if n.tag == "" || o.tag != n.tag || !o.ok || !n.ok || !isPatchTag(n.tag) || ob.src[o.start:o.open] != nb.src[n.start:n.open] {
		return false
	}
	if n.tag == "table" {
		for _, ks := range [][]hnode{ob.kids(o), nb.kids(n)} {
			for _, k := range ks {
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
func appendPatch(b []byte, ob, nb *Body, old, now []hnode) []byte {
	oldSrc, newSrc := ob.src, nb.src
	str := func(src string, n hnode) string { return src[n.start:n.end] }
	// Anchors: each new child of some size matched to the first equal old
	// child after the last anchor. A story line pushed in on top keeps
	// every line under it. Short children (the line breaks between
	// elements) are not anchors: one would pull the match far ahead.
	const anchorMin = 16
	var small [64]int
	match := small[:0]
	if len(now) > len(small) {
		match = make([]int, 0, len(now))
	}
	cursor := 0
	for _, n := range now {
		m := -1
		if size := n.end - n.start; size >= anchorMin {
			s := str(newSrc, n)
			for j := cursor; j < len(old); j++ {
				if old[j].end-old[j].start == size && str(oldSrc, old[j]) == s {
					m, cursor = j, j+1
					break
				}
			}
		}
		match = append(match, m)
	}
	w := opWriter{b: append(b, '['), keepFrom: -1}
	prev := -1 // the old child matched last
	for i := 0; i < len(now); {
		if j := match[i]; j >= 0 {
			w.keep(j)
			prev = j
			i++
			continue
		}
		// Between two anchors: walk the new children and the old ones of
		// the same gap side by side.
		end := i
		for end < len(now) && match[end] < 0 {
			end++
		}
		gapEnd := len(old)
		if end < len(now) {
			gapEnd = match[end]
		}
		g := prev + 1
		for i < end {
			n := now[i]
			// The old child n stands for: the next one if it is n, or an
			// element n can be patched from; a child of some size may
			// skip old children, which were removed.
			fits := func(k int) bool {
				return str(oldSrc, old[k]) == str(newSrc, n) || patchable(ob, nb, old[k], n)
			}
			k := -1
			if g < gapEnd && fits(g) {
				k = g
			} else if n.end-n.start >= anchorMin {
				for x := g + 1; x < gapEnd; x++ {
					if fits(x) {
						k = x
						break
					}
				}
			}
			i++
			if k < 0 {
				w.insert(str(newSrc, n))
				continue
			}
			g = k + 1
			if str(oldSrc, old[k]) == str(newSrc, n) {
				w.keep(k)
				continue
			}
			oldKids := ob.kids(old[k])
			if sub := appendPatch(nil, ob, nb, oldKids, nb.kids(n)); len(sub) < n.end-n.start {
				w.into(k, n.tag, len(oldKids), sub)
			} else {
				w.insert(str(newSrc, n))
			}
		}
	}
	w.flush()
	return append(w.b, ']')
}

// opWriter writes a patch's operations, runs of kept children as one
// [a,b] and adjacent new HTML as one string. At most one of the two is
// pending at a time.
type opWriter struct {
	b                []byte
	n                int             // operations written
	keepFrom, keepTo int             // a pending run of kept children, when keepFrom >= 0
	lit              strings.Builder // pending new HTML
}

func (w *opWriter) sep() {
	if w.n > 0 {
		w.b = append(w.b, ',')
	}
	w.n++
}

func (w *opWriter) flush() {
	if w.keepFrom >= 0 {
		w.sep()
		w.b = append(w.b, '[')
		w.b = strconv.AppendInt(w.b, int64(w.keepFrom), 10)
		w.b = append(w.b, ',')
		w.b = strconv.AppendInt(w.b, int64(w.keepTo), 10)
		w.b = append(w.b, ']')
		w.keepFrom = -1
	}
	if w.lit.Len() > 0 {
		w.sep()
		w.b = appendJSONString(w.b, w.lit.String())
		w.lit.Reset()
	}
}

// keep keeps old child j.
func (w *opWriter) keep(j int) {
	if w.keepFrom >= 0 && w.keepTo == j {
		w.keepTo++
		return
	}
	w.flush()
	w.keepFrom, w.keepTo = j, j+1
}

// insert adds new HTML.
func (w *opWriter) insert(html string) {
	if w.keepFrom >= 0 {
		w.flush()
	}
	w.lit.WriteString(html)
}

// into keeps old child j, an element named tag with n children, and
// patches its children with sub.
func (w *opWriter) into(j int, tag string, n int, sub []byte) {
	w.flush()
	w.sep()
	w.b = append(w.b, `{"i":`...)
	w.b = strconv.AppendInt(w.b, int64(j), 10)
	w.b = append(w.b, `,"t":"`...)
	w.b = append(w.b, tag...)
	w.b = append(w.b, `","n":`...)
	w.b = strconv.AppendInt(w.b, int64(n), 10)
	w.b = append(w.b, `,"o":`...)
	w.b = append(w.b, sub...)
	w.b = append(w.b, '}')
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
	return Parse(old).MessageTo(Parse(now), oldHash, nowHash, version)
}

// Body is a page body read as nodes: a server keeps the last one it sent
// a page, to make the next patch without reading it again.
type Body struct {
	src   string
	nodes []hnode
	mu    sync.Mutex
	inner map[int][]hnode // the children of the elements read so far, by start
}

// kids is the children of element n, read once.
func (b *Body) kids(n hnode) []hnode {
	b.mu.Lock()
	defer b.mu.Unlock()
	k, ok := b.inner[n.start]
	if !ok {
		k = kids(b.src, n)
		if b.inner == nil {
			b.inner = map[int][]hnode{}
		}
		b.inner[n.start] = k
	}
	return k
}

// Parse reads a page body.
func Parse(b []byte) *Body {
	src := string(b)
	return &Body{src: src, nodes: parseNodes(src)}
}

// MessageTo is Message from the body old to now.
func (old *Body) MessageTo(now *Body, oldHash, nowHash string, version int) (msg []byte, ok bool) {
	oldNodes := old.nodes
	ops := appendPatch(nil, old, now, oldNodes, now.nodes)
	if len(ops) >= len(now.src) {
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

func apply(src string, nodes []hnode, n int, ops []any) (string, error) {
	if len(nodes) != n {
		return "", fmt.Errorf("patch: %d children, the patch counts %d", len(nodes), n)
	}
	var b strings.Builder
	for _, op := range ops {
		switch op := op.(type) {
		case string:
			b.WriteString(op)
		case []any:
			a, aok := op[0].(float64)
			z, zok := op[1].(float64)
			if len(op) != 2 || !aok || !zok || a < 0 || int(z) > len(nodes) || a >= z {
				return "", fmt.Errorf("patch: keep %v of %d children", op, len(nodes))
			}
			b.WriteString(src[nodes[int(a)].start:nodes[int(z)-1].end])
		case map[string]any:
			i, iok := op["i"].(float64)
			n, nok := op["n"].(float64)
			sub, ook := op["o"].([]any)
			if !iok || !nok || !ook || i < 0 || int(i) >= len(nodes) || nodes[int(i)].tag != op["t"] {
				return "", fmt.Errorf("patch: no child %v named %v", op["i"], op["t"])
			}
			k := nodes[int(i)]
			inner, err := apply(src, kids(src, k), int(n), sub)
			if err != nil {
				return "", err
			}
			b.WriteString(src[k.start:k.open] + inner + src[k.close:k.end])
		default:
			return "", fmt.Errorf("patch: unknown operation %v", op)
		}
	}
	return b.String(), nil
}
