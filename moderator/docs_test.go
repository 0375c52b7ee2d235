package moderator

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// mdLink finds a Markdown link or picture's target: [text](target) or
// ![alt](target), the target without spaces.
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestDocsLinks reads README*.md and docs/*.md (the English pages and their
// Japanese twins, README.ja.md and docs/*.ja.md) and fails on a relative
// link to a file that is not in the repository, or to a heading that is not
// in the file, and on a picture in docs/ that no page shows.
func TestDocsLinks(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	var pages []string
	for _, pattern := range []string{"README*.md", filepath.Join("docs", "*.md")} {
		found, err := filepath.Glob(filepath.Join(root, pattern))
		if err != nil {
			t.Fatal(err)
		}
		if len(found) == 0 {
			t.Fatalf("found no page matching %s", pattern)
		}
		pages = append(pages, found...)
	}
	shown := map[string]bool{} // pictures linked from some page, by absolute path
	anchors := map[string]map[string]bool{}
	anchorsOf := func(file string) map[string]bool {
		if a, ok := anchors[file]; ok {
			return a
		}
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		anchors[file] = headingAnchors(string(b))
		return anchors[file]
	}
	links := 0
	for _, page := range pages {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, page)
		for n, line := range proseLines(string(b)) {
			if line == "" {
				continue
			}
			for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					t.Errorf("%s:%d: %s points outside the repository", rel, n+1, target)
					continue
				}
				links++
				file, anchor, _ := strings.Cut(target, "#")
				dest := page
				if file != "" {
					dest = filepath.Join(filepath.Dir(page), filepath.FromSlash(file))
				}
				if r, err := filepath.Rel(root, dest); err != nil || strings.HasPrefix(r, "..") {
					t.Errorf("%s:%d: %s leaves the repository", rel, n+1, target)
					continue
				}
				if _, err := os.Stat(dest); err != nil {
					t.Errorf("%s:%d: %s: no such file", rel, n+1, target)
					continue
				}
				shown[dest] = true
				if anchor != "" && strings.HasSuffix(dest, ".md") && !anchorsOf(dest)[anchor] {
					t.Errorf("%s:%d: %s: no heading with that anchor in %s", rel, n+1, target, filepath.Base(dest))
				}
			}
		}
	}
	if links < 20 {
		t.Errorf("found only %d relative links in %d pages: is the link pattern right?", links, len(pages))
	}
	pictures, err := filepath.Glob(filepath.Join(root, "docs", "*.png"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pictures {
		if !shown[p] {
			t.Errorf("docs/%s is shown on no page", filepath.Base(p))
		}
	}
}

// proseLines returns the lines of a Markdown text, with the lines inside
// fenced code blocks and the inline code spans blanked out, so that code
// that looks like a link is not taken for one.
func proseLines(text string) []string {
	lines := strings.Split(text, "\n")
	fenced := false
	code := regexp.MustCompile("`[^`]*`")
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fenced = !fenced
			lines[i] = ""
			continue
		}
		if fenced {
			lines[i] = ""
			continue
		}
		lines[i] = code.ReplaceAllStringFunc(l, func(s string) string {
			if strings.Contains(s, "](") {
				return ""
			}
			return s
		})
	}
	return lines
}

// headingAnchors returns the anchors GitHub gives the headings of a
// Markdown text: lower case, spaces to hyphens, other punctuation dropped,
// a repeated one suffixed -1, -2, ….
func headingAnchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	for _, l := range proseLinesKeepCode(text) {
		if !strings.HasPrefix(l, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(l, "#"))
		if title == "" || !strings.HasPrefix(strings.TrimLeft(l, "#"), " ") {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.Is(unicode.Mn, r):
				b.WriteRune(r)
			}
		}
		a := b.String()
		if k := seen[a]; k > 0 {
			out[a+"-"+strconv.Itoa(k)] = true
		} else {
			out[a] = true
		}
		seen[a]++
	}
	return out
}

// proseLinesKeepCode returns the lines outside fenced code blocks (a
// "# seed 42" line in a script is not a heading).
func proseLinesKeepCode(text string) []string {
	var out []string
	fenced := false
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fenced = !fenced
			continue
		}
		if !fenced {
			out = append(out, l)
		}
	}
	return out
}
