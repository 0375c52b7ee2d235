package printables

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites the file with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./printables -update to create it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(gl) || i < len(wl); i++ {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			t.Errorf("%s differs from line %d (go test ./printables -update rewrites it; review the diff):\n got: %q\nwant: %q", path, i+1, g, w)
			return
		}
	}
}

// poppler finds a poppler-utils program (pdftotext, pdftoppm). Without it
// the test is skipped, except under CI=true, where .ci/run installs it and
// a missing one is a failure.
func poppler(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err == nil {
		return p
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("no %s found; CI must check the PDFs: apt-get install poppler-utils", name)
	}
	t.Skipf("no %s found (apt-get install poppler-utils); skipping", name)
	return ""
}

// run runs a program and returns its standard output.
func run(t *testing.T, prog string, args ...string) []byte {
	t.Helper()
	var stderr bytes.Buffer
	cmd := exec.Command(prog, args...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", filepath.Base(prog), args, err, stderr.String())
	}
	return out
}

// squash drops every space and line break, and writes circled numbers as
// the digits the PDF draws in their circles, so text can be found in
// pdftotext's output however lines were broken.
func squash(s string) string {
	var b strings.Builder
	for _, r := range s {
		if n, ok := isCircled(r); ok {
			b.WriteString(strconv.Itoa(n))
			continue
		}
		if unicode.IsSpace(r) {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// texts lists every piece of text a Doc shows, in order.
func texts(doc Doc) []string {
	out := []string{doc.Title, doc.Subtitle}
	var walk func([]Block)
	walk = func(bs []Block) {
		for _, b := range bs {
			switch b := b.(type) {
			case *Heading:
				out = append(out, b.Text)
			case *Para:
				out = append(out, b.Text)
			case *List:
				for _, it := range b.Items {
					out = append(out, it.Label, it.Text)
				}
			case *Table:
				out = append(out, b.Head...)
				for _, r := range b.Rows {
					out = append(out, r...)
				}
			case *CardGrid:
				out = append(out, b.ColNames...)
				out = append(out, b.RowNames...)
				for _, r := range b.Cells {
					out = append(out, r...)
				}
			case *HostNote:
				out = append(out, b.Lines...)
			case *Columns:
				walk(b.Left)
				walk(b.Right)
			case *Pictures:
				out = append(out, b.Between)
				walk(b.Items)
			}
		}
	}
	walk(doc.Blocks)
	return out
}
