package moderator

import (
	"regexp"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/moderator/face"
)

// placeholderRE finds a message's placeholders: {name} and {n|one|other}.
var placeholderRE = regexp.MustCompile(`\{([a-zA-Z_]+)(\|[^{}]*)?\}`)

// oneCountRE finds English that does not agree with a count of one:
// "1 cards", "1 face-down cards", "+ 1 tries".
var oneCountRE = regexp.MustCompile(`\b1 (?:[a-z-]+ )?(cards|actions|tries|players|suspects|chips|times|points|lives|kills|tokens|bullets|rounds|levels|characters|squares|seats|dice)\b`)

// TestCataloguePlurals renders every English message of every game and
// of the core with each argument a count is written from as 1 and as 2,
// on the console (engine.Lang.Text) and on the pages (face.MsgHTML), and
// fails on "(s)" and on a noun that does not agree with the count: the
// catalogue writes {n} {n|card|cards}, which gives "1 card" and "2 cards".
func TestCataloguePlurals(t *testing.T) {
	checked := 0
	for _, key := range engine.Keys() {
		raw := engine.EN.Raw(key)
		if strings.Contains(raw, "(s)") {
			t.Errorf("%s: %q writes (s): use {n|one|other}", key, raw)
		}
		names := map[string]bool{}
		for _, m := range placeholderRE.FindAllStringSubmatch(raw, -1) {
			names[m[1]] = true
		}
		if len(names) == 0 {
			continue
		}
		for _, count := range []string{"1", "2"} {
			// Every argument takes the count in turn (names and words
			// become "Aki"): an argument that is not a count then reads
			// "1" where a name goes, which the check does not mind.
			for arg := range names {
				var nv []string
				for n := range names {
					v := "Aki"
					if n == arg {
						v = count
					}
					nv = append(nv, n, v)
				}
				m := engine.M(key, nv...)
				for _, got := range []string{engine.EN.Text(m), string(face.MsgHTML(engine.EN, m))} {
					checked++
					if strings.Contains(got, "|") {
						t.Errorf("%s with %s=%s: %q has a placeholder left", key, arg, count, got)
					}
					if count == "1" {
						if bad := oneCountRE.FindString(got); bad != "" {
							t.Errorf("%s with %s=1: %q says %q", key, arg, got, bad)
						}
					}
				}
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d renderings checked: the catalogue is not loaded", checked)
	}
	t.Logf("%d renderings checked", checked)
}
