package engine

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// forbidden are imports the rules packages must never need (STYLE.md): the
// engine is pure, so it touches no files, network, terminal or process.
var forbidden = []string{"net/http", "os", "os/exec", "promptui", "go-qrcode", "cobra"}

// TestImports walks every non-test Go file under engine/ and fails if one
// imports anything but the standard library and tablemaster/engine…, or
// one of the forbidden packages.
func TestImports(t *testing.T) {
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != "." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		files++
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return err
			}
			if why := badImport(p); why != "" {
				t.Errorf("%s imports %q: %s", path, p, why)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 5 {
		t.Fatalf("walked %d files under engine/, want the whole package tree", files)
	}
}

// badImport says why an import path is not allowed in engine/, or "".
func badImport(p string) string {
	for _, f := range forbidden {
		if p == f || strings.HasSuffix(p, "/"+f) || strings.Contains(p, "/"+f+"/") {
			return "the engine must stay pure (STYLE.md)"
		}
	}
	if p == "tablemaster/engine" || strings.HasPrefix(p, "tablemaster/engine/") {
		return ""
	}
	// Standard library paths have no dot in their first element.
	if first, _, _ := strings.Cut(p, "/"); strings.Contains(first, ".") || first == "tablemaster" {
		return "only the standard library and tablemaster/engine… may be imported"
	}
	return ""
}

func TestBadImport(t *testing.T) {
	for _, tc := range []struct {
		path string
		bad  bool
	}{
		{"fmt", false},
		{"math/rand/v2", false},
		{"tablemaster/engine", false},
		{"tablemaster/engine/noir", false},
		{"tablemaster/moderator", true},
		{"tablemaster/engineering", true},
		{"net/http", true},
		{"os", true},
		{"os/exec", true},
		{"github.com/manifoldco/promptui", true},
		{"github.com/skip2/go-qrcode", true},
		{"github.com/spf13/cobra", true},
		{"golang.org/x/text/language", true},
	} {
		t.Run(tc.path, func(t *testing.T) {
			if got := badImport(tc.path) != ""; got != tc.bad {
				t.Errorf("badImport(%q) = %v, want %v", tc.path, got, tc.bad)
			}
		})
	}
}
