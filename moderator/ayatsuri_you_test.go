package moderator

import (
	"bytes"
	"html"
	"regexp"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/ayatsuri"
)

var statusBox = regexp.MustCompile(`<div class="status( me)?" id="status">(.*?)</div>`)

// TestAyatsuriMoverPhoneSaysYourTurnOnce (issue 27): at every step of
// seeded six-player games, in English and Japanese, the phone of the seat
// whose move it is says it once and to them ("Your turn: choose a role."),
// never "Your turn. Round 1: Aki is choosing a role." with its own name;
// every other phone says who moves in the third person, with no "Your
// turn".
func TestAyatsuriMoverPhoneSaysYourTurnOnce(t *testing.T) {
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 3; seed++ {
		_, tb := newAyatsuriTable(t, 6, seed != 2, seed)
		r := engine.NewRand(seed)
		for n := 0; n < 150; n++ {
			for _, l := range []engine.Lang{engine.EN, engine.JA} {
				you := map[engine.Lang]string{engine.EN: "Your turn:", engine.JA: "あなたの番："}[l]
				for s, name := range tb.Header().Seats {
					seat := engine.Seat(s)
					var b bytes.Buffer
					if err := renderApp(&b, tb, seat, l, "", "/s/x"); err != nil {
						t.Fatal(err)
					}
					m := statusBox.FindStringSubmatch(b.String())
					if m == nil {
						t.Fatalf("seed %d step %d: %s's phone has no status:\n%s", seed, n, name, b.String())
					}
					status := html.UnescapeString(m[2])
					v := tb.Snapshot(seat).View.(ayatsuri.View)
					if v.Over {
						continue
					}
					mover := v.Players[s].Turn && len(tb.Legal(seat)) > 0
					if mover {
						key := "ay.you." + strings.TrimPrefix(v.Status.Key, "ay.st.")
						seen[key] = true
						if m[1] != " me" || !strings.HasPrefix(status, you) || strings.Count(status, you) != 1 || strings.Contains(status, name) ||
							strings.Contains(status, l.S("mod.your_turn")) {
							t.Fatalf("seed %d step %d: %s's own phone says %q, want %q once, in the second person", seed, n, name, status, l.Text(engine.Msg{Key: key, Args: v.Status.Args}))
						}
						continue
					}
					if strings.Contains(status, you) || strings.Contains(status, l.S("mod.your_turn")) || status != html.UnescapeString(l.Text(v.Status)) && len(tb.Legal(seat)) == 0 {
						t.Fatalf("seed %d step %d: %s, not the mover, reads %q, want %q", seed, n, name, status, l.Text(v.Status))
					}
				}
			}
			if !ayStep(t, tb, r) {
				break
			}
		}
	}
	for _, k := range []string{"ay.you.pick", "ay.you.pass", "ay.you.reveal", "ay.you.ability"} {
		if !seen[k] {
			t.Errorf("no seeded game reached %s: the test checked nothing of it (seen %v)", k, seen)
		}
	}
}
