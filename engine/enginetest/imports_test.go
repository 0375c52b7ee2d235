package enginetest_test

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportsOnlyEngine: the helpers serve every game, so they import the
// standard library and package engine only, never a game (which would
// tie one game's tests to another's) nor the moderator.
func TestImportsOnlyEngine(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		n++
		parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range parsed.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			first, _, _ := strings.Cut(p, "/")
			if p != "tablemaster/engine" && (first == "tablemaster" || strings.Contains(first, ".")) {
				t.Errorf("%s imports %q: only the standard library and tablemaster/engine may be", f, p)
			}
		}
	}
	if n < 3 {
		t.Fatalf("read %d files, want the whole package", n)
	}
}
