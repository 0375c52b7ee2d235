package moderator

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The house's layers, bottom up (docs/design.md):
//
//	engine            the Game contract, Rand, the catalogue
//	engine/<game>     a game's rules
//	moderator/face    the contract between the core and the games' faces
//	moderator/<game>  a game's face
//	moderator         the core: tables, log, undo, server, console
//	printables        sheets and join cards
//	cmd/…             the commands, which link the games in
//
// Arrows point down only, and rooms do not look into each other: the core
// knows no game, a face knows only its own game and the face contract,
// the engines know no moderator.
const module = "tablemaster"

// arrow says why package from may not import package to, or "" when it
// may. Both are import paths; to may be outside the module.
func arrow(from, to string) string {
	if !strings.HasPrefix(to, module+"/") {
		return "" // the standard library and the dependencies in go.mod
	}
	game := func(p, parent string) string { // "noir" for engine/noir under "engine"
		rest, ok := strings.CutPrefix(p, module+"/"+parent+"/")
		if !ok || strings.Contains(rest, "/") {
			return ""
		}
		return rest
	}
	shared := map[string]bool{"face": true, "term": true, "patch": true} // moderator/… packages that are not faces
	engineGame := game(to, "engine")
	if engineGame == "enginetest" || engineGame == "bot" {
		// Not games: the shared test helpers, and the bots, which play
		// any game through engine.Game alone (a bot seat, botseat.go).
		engineGame = ""
	}
	faceGame := game(to, "moderator")
	if shared[faceGame] {
		faceGame = ""
	}
	switch {
	case from == module+"/engine" || strings.HasPrefix(from, module+"/engine/"):
		if !strings.HasPrefix(to, module+"/engine") {
			return "an engine imports no moderator, printables or command: arrows point down"
		}
		if g := game(from, "engine"); g != "" && engineGame != "" && g != engineGame && g != "enginetest" {
			return "one game's rules do not import another's"
		}
	case from == module+"/moderator":
		if engineGame != "" {
			return "the moderator core knows no game: a game's rules belong to its face, moderator/" + engineGame
		}
		if faceGame != "" {
			return "the core imports no face: the faces register themselves and cmd links them in"
		}
		if to == module+"/printables" || strings.HasPrefix(to, module+"/cmd") {
			return "the core imports nothing above it"
		}
	case from == module+"/moderator/patch":
		return "patch reads and writes HTML: it imports nothing of the module"
	case from == module+"/moderator/face" || from == module+"/moderator/term":
		if to != module+"/engine" && !(from == module+"/moderator/face" && to == module+"/moderator/term") {
			return path.Base(from) + " sits under the core and the faces: it imports only engine"
		}
	case game(from, "moderator") != "":
		g := game(from, "moderator")
		switch {
		case to == module+"/moderator":
			return "a face does not import the core: the core finds it through moderator/face"
		case faceGame != "":
			return "a face does not import another face"
		case engineGame != "" && engineGame != g:
			return "a face imports only its own game's rules"
		case to == module+"/printables" || strings.HasPrefix(to, module+"/cmd"):
			return "a face imports nothing above it"
		}
	case from == module+"/printables" || strings.HasPrefix(from, module+"/printables/"):
		if !strings.HasPrefix(to, module+"/engine") {
			return "printables draw from the rules only: cmd → printables → engine"
		}
	}
	return ""
}

// TestLayers walks every non-test Go file of the module and fails on an
// import that points upward or across rooms.
func TestLayers(t *testing.T) {
	fset := token.NewFileSet()
	files := map[string]int{}
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != ".." && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel("..", filepath.Dir(p))
		if err != nil {
			return err
		}
		pkg := module + "/" + filepath.ToSlash(rel)
		files[pkg]++
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			to, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return err
			}
			if why := arrow(pkg, to); why != "" {
				t.Errorf("%s imports %s: %s", p, to, why)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, pkg := range []string{"moderator", "moderator/face", "moderator/noir", "moderator/ayatsuri", "moderator/superrock",
		"engine", "engine/noir", "printables", "cmd/tablemaster"} {
		if files[module+"/"+pkg] == 0 {
			t.Errorf("walked no file of %s: the walk missed the tree", pkg)
		}
	}
}

// TestArrow: the imports the old layout had (a core that registered Noir
// and drew its grid, knew Super Rock's night) are refused, and those of
// the new layout are allowed.
func TestArrow(t *testing.T) {
	for _, tt := range []struct {
		from, to string
		bad      bool
	}{
		// The core before the move: every one of these was in moderator/.
		{"moderator", "engine/noir", true},
		{"moderator", "engine/ayatsuri", true},
		{"moderator", "engine/superrock", true},
		{"moderator", "moderator/superrock", true},
		{"moderator", "printables", true},
		// Upward and across.
		{"engine", "moderator", true},
		{"engine/noir", "moderator/face", true},
		{"engine/noir", "engine/superrock", true},
		{"moderator/face", "moderator", true},
		{"moderator/face", "engine/noir", true},
		{"moderator/noir", "moderator", true},
		{"moderator/noir", "moderator/superrock", true},
		{"moderator/noir", "engine/superrock", true},
		{"moderator/term", "moderator", true},
		{"moderator/patch", "engine", true},
		{"printables", "moderator", true},
		{"printables", "moderator/noir", true},
		// Allowed.
		{"moderator", "engine", false},
		{"moderator", "moderator/face", false},
		{"moderator", "moderator/term", false},
		{"moderator", "moderator/patch", false},
		{"cmd/tmload", "moderator/patch", false},
		{"moderator/face", "engine", false},
		{"moderator/noir", "engine/noir", false},
		{"moderator/noir", "moderator/face", false},
		{"moderator/noir", "engine", false},
		{"engine/noir", "engine", false},
		{"engine/enginetest", "engine", false},
		{"printables", "engine/superrock", false},
		{"cmd/tablemaster", "moderator/noir", false},
		{"cmd/tablemaster", "moderator", false},
	} {
		from, to := module+"/"+tt.from, module+"/"+tt.to
		if why := arrow(from, to); (why != "") != tt.bad {
			t.Errorf("arrow(%s, %s) = %q, want refused %v", tt.from, tt.to, why, tt.bad)
		}
	}
	if why := arrow(module+"/moderator", "net/http"); why != "" {
		t.Errorf("the standard library is refused: %s", why)
	}
}
