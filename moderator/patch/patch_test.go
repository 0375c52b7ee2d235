package patch

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// patchAndApply makes the patch from old to now and applies it.
func patchAndApply(t *testing.T, old, now string) (msg []byte, got string) {
	t.Helper()
	msg, ok := Message([]byte(old), Hash([]byte(old)), []byte(now), Hash([]byte(now)), 7)
	if !ok {
		return nil, now
	}
	data := patchData(t, msg)
	got, err := Apply(old, Hash([]byte(old)), []byte(data))
	if err != nil {
		t.Fatalf("patch does not apply: %v\n%s", err, data)
	}
	if _, err := Apply(old, "other", []byte(data)); err == nil {
		t.Error("a patch applied to another body")
	}
	return msg, got
}

// patchData is the data line of a patch message.
func patchData(t *testing.T, msg []byte) string {
	t.Helper()
	lines := strings.Split(string(msg), "\n")
	if len(lines) != 5 || lines[0] != "event: patch" || !strings.HasPrefix(lines[1], "id: 7-") || !strings.HasPrefix(lines[2], "data: ") || lines[3] != "" || lines[4] != "" {
		t.Fatalf("patch message framed as %q", msg)
	}
	return strings.TrimPrefix(lines[2], "data: ")
}

// Every byte of a body belongs to exactly one node, in order, whatever
// the body: a patch always rebuilds the new body.
func TestParseNodesCoversEveryByte(t *testing.T) {
	for _, src := range []string{
		"", "text", "<div>a</div>", "<p>a<div>b</div></p>", "<ul><li>1<li>2</ul>", "</b>x", "<br><input value=\"a>b\">",
		"<script>if(a<b)x()</script>", "<!-- c --><b>", "<table><tr><td>1</td></tr></table>", "<a href='x>y'>z</a>", "<", "a<", "<1>",
		"<div><p>a<b>b</p></div>", "<ul><li>1</li><li>2</ul>", "<div><span>x</i></span></div>", "<div><!-- c --><br>t</div>",
	} {
		nodes := parseNodes(src)
		var b strings.Builder
		var walk func(src string, ns []hnode, from, to int)
		walk = func(src string, ns []hnode, from, to int) {
			at := from
			for _, n := range ns {
				if n.start != at {
					t.Errorf("%q: node at %d, expected %d", src, n.start, at)
				}
				if n.tag != "" && n.close > n.open {
					walk(src, kids(src, n), n.open, n.close) // its children, between its tags
				}
				at = n.end
			}
			if at != to {
				t.Errorf("%q: nodes end at %d, expected %d", src, at, to)
			}
		}
		walk(src, nodes, 0, len(src))
		for _, n := range nodes {
			b.WriteString(src[n.start:n.end])
		}
		if b.String() != src {
			t.Errorf("%q read back as %q", src, b.String())
		}
	}
}

func TestPatchSendsWhatChanged(t *testing.T) {
	line := func(i int) string { return fmt.Sprintf(`<li class="">line %d</li>`, i) }
	feed := func(from, to int) string {
		var b strings.Builder
		b.WriteString(`<ul class="feed">`)
		for i := to; i >= from; i-- {
			b.WriteString(line(i))
		}
		return b.String() + "</ul>"
	}
	page := func(turn int, feedFrom, feedTo int) string {
		return fmt.Sprintf("<div class=\"top\"><h1>Aki</h1></div>\n<div class=\"status\">turn %d</div>\n<table class=\"grid\"><tbody><tr><td>A</td><td>%d</td></tr></tbody></table>\n%s\n", turn, turn, feed(feedFrom, feedTo))
	}
	old, now := page(1, 1, 20), page(2, 2, 21)
	msg, got := patchAndApply(t, old, now)
	if got != now {
		t.Fatalf("patched body differs:\n got %s\nwant %s", got, now)
	}
	data := patchData(t, msg)
	quoted := func(s string) string { return strings.ReplaceAll(s, `"`, `\"`) }
	if !strings.Contains(data, quoted(line(21))) || strings.Contains(data, "line 20") || strings.Contains(data, "Aki") {
		t.Errorf("the patch sends more than what changed: %s", data)
	}
	if len(msg) > len(now)/2 {
		t.Errorf("patch %d bytes for a %d-byte body", len(msg), len(now))
	}
	// Nothing in common: no patch, the whole body goes.
	if _, ok := Message([]byte("<b>x</b>"), "a", []byte("<i>y</i>"), "b", 1); ok {
		t.Error("a patch as large as the body was made")
	}
}

// TestPatchGoldenPages patches every pair of golden pages of the same
// game into each other: whatever the two bodies, the patch rebuilds the
// new one byte for byte, and every page is read as a browser builds it.
func TestPatchGoldenPages(t *testing.T) {
	files, _ := filepath.Glob("../testdata/pages/*.html")
	if len(files) < 10 {
		t.Fatalf("only %d golden pages", len(files))
	}
	bodies := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		i := strings.Index(s, `<main id="app"`)
		j := strings.Index(s, "</main>")
		if i < 0 || j < 0 {
			continue
		}
		s = s[i:j]
		s = s[strings.IndexByte(s, '>')+1:]
		bodies[filepath.Base(f)] = s
		checkBuiltAsWritten(t, filepath.Base(f), s, parseNodes(s))
	}
	for a, old := range bodies {
		for b, now := range bodies {
			if strings.SplitN(a, "-", 2)[0] != strings.SplitN(b, "-", 2)[0] {
				continue
			}
			if _, got := patchAndApply(t, old, now); got != now {
				t.Errorf("%s → %s: the patch does not rebuild the page", a, b)
			}
		}
	}
}

// checkBuiltAsWritten fails on a page part a browser would build
// otherwise than it is written: an element not closed by its own end tag,
// or a block inside a <p> (which the browser closes first).
func checkBuiltAsWritten(t *testing.T, name, src string, nodes []hnode) {
	t.Helper()
	for _, n := range nodes {
		if n.tag == "" {
			continue
		}
		if !n.ok && !strings.Contains(name, "superrock") {
			t.Errorf("%s: <%s> at %d is not closed as written: %.80s", name, n.tag, n.start, src[n.start:])
			continue
		}
		if n.tag == "p" {
			for _, k := range kids(src, n) {
				switch k.tag {
				case "div", "ul", "ol", "table", "form", "h1", "h2", "h3", "p", "details":
					t.Errorf("%s: <%s> inside <p> at %d", name, k.tag, k.start)
				}
			}
		}
		checkBuiltAsWritten(t, name, src, kids(src, n))
	}
}

// BenchmarkMessage makes the patch between golden pages of one game and
// state, as the server makes one per page and change: parsing both bodies
// and diffing them.
func BenchmarkMessage(b *testing.B) {
	for _, pair := range [][2]string{
		{"noir-killer-en.html", "noir-inspector-en.html"},
		{"superrock-play-base-en.html", "superrock-play-declarer-en.html"},
		{"outlaws-play-red-en.html", "outlaws-react-red-en.html"},
	} {
		old, err := os.ReadFile(filepath.Join("..", "testdata", "pages", pair[0]))
		if err != nil {
			b.Fatal(err)
		}
		now, err := os.ReadFile(filepath.Join("..", "testdata", "pages", pair[1]))
		if err != nil {
			b.Fatal(err)
		}
		old, now = appOf(old), appOf(now)
		b.Run(strings.TrimSuffix(pair[1], "-en.html"), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(old) + len(now)))
			for b.Loop() {
				if _, ok := Parse(old).MessageTo(Parse(now), "a", "b", 1); !ok {
					b.Fatal("no patch")
				}
			}
		})
	}
}

// appOf is the inside of a page's <main>: the body live updates carry.
func appOf(page []byte) []byte {
	s := string(page)
	i := strings.Index(s, "<main")
	i += strings.IndexByte(s[i:], '>') + 1
	return []byte(s[i:strings.LastIndex(s, "</main>")])
}
