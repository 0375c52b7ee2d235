package moderator

import (
	"regexp"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/outlaws"
)

// The glance rule (DESIGN.md principle 1): a phone lies in plain view on
// the table, so what it shows at rest, nothing held and every fold
// closed, depends only on what everyone may know.

var restTagRE = regexp.MustCompile(`<(/?)([a-zA-Z0-9]+)([^>]*)>`)

// restVoidTags are the elements without an end tag that pages write.
var restVoidTags = map[string]bool{"input": true, "br": true, "meta": true, "img": true, "hr": true}

// atRest is what a page's body (HTML) shows at rest: the hold area's
// secrets (div.secret), private story lines (span.sline) and what a
// closed <details> folds away (all but its <summary>) are taken out, as
// the page's style hides them. The rest, tags and attributes included
// (a class draws a card lifted or shown), stays.
func atRest(body string) string {
	type el struct {
		name           string
		hidden, closed bool // hidden: not shown; closed: a closed <details>
	}
	var out strings.Builder
	stack := []el{{name: "root"}}
	hidden := func() bool { return stack[len(stack)-1].hidden }
	pos := 0
	for _, m := range restTagRE.FindAllStringSubmatchIndex(body, -1) {
		if !hidden() {
			out.WriteString(body[pos:m[0]])
		}
		pos = m[1]
		end, name, attrs := body[m[2]:m[3]] == "/", strings.ToLower(body[m[4]:m[5]]), body[m[6]:m[7]]
		if end {
			top := stack[len(stack)-1]
			if top.name != name {
				panic("atRest: </" + name + "> closes <" + top.name + ">")
			}
			stack = stack[:len(stack)-1]
			if !top.hidden || !hidden() {
				if !top.hidden {
					out.WriteString(body[m[0]:m[1]])
				}
			}
			continue
		}
		parent := stack[len(stack)-1]
		e := el{name: name, hidden: parent.hidden}
		switch {
		case parent.closed && name != "summary":
			e.hidden = true
		case name == "div" && strings.Contains(attrs, `class="secret"`),
			name == "span" && strings.Contains(attrs, `class="sline"`):
			e.hidden = true
		case name == "details" && !strings.Contains(attrs, " open"):
			e.closed = true
		}
		if !e.hidden {
			out.WriteString(body[m[0]:m[1]])
		}
		if !restVoidTags[name] {
			stack = append(stack, e)
		}
	}
	if !hidden() {
		out.WriteString(body[pos:])
	}
	return out.String()
}

// TestOutlawsGlance: at every step of seeded random games, each phone at
// rest, in both languages, is the same in the real game and in games
// whose every hidden thing (both streets, the tokens, the stock) is
// redrawn from the table's view: no button names a card ("Swapped: ♥6 to
// 2"), no choice's mere presence tells one (the guard, a Take's Bullet,
// where the Governor may not go), the lay step is folded.
func TestOutlawsGlance(t *testing.T) {
	games := uint64(20)
	if testing.Short() {
		games = 4
	}
	compared := 0
	for seed := uint64(1); seed <= games; seed++ {
		_, tb := newOutlawsTable(t, seed)
		r := engine.NewRand(seed * 7919)
		for step := 0; step < 100 && !tb.Snapshot(engine.Public).Outcome.Over; step++ {
			alt := tb.withResampledGame(engine.Public, r)
			for _, s := range []engine.Seat{outlaws.Red, outlaws.Green} {
				for _, l := range engine.Langs {
					base := "/s/" + tb.Header().Tokens[s]
					real, other := tb.rendered(s, l, base), alt.rendered(s, l, base)
					if real.err != nil || other.err != nil {
						t.Fatal(real.err, other.err)
					}
					a, b := atRest(string(real.html)), atRest(string(other.html))
					if a != b {
						t.Fatalf("seed %d step %d: seat %d's phone at rest (%s) depends on something hidden from the table:\n%s", seed, step, s, l, firstDiff(a, b))
					}
					compared++
				}
			}
			olStep(t, tb, r)
		}
	}
	t.Logf("%d pages at rest compared", compared)
}

// TestAtRest: the stripping takes out exactly what a page at rest hides.
func TestAtRest(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`<div class="hold"><span>◉ Hold</span><div class="secret" id="secret"><div>1: ♥A</div></div></div>`, `<div class="hold"><span>◉ Hold</span></div>`},
		{`<details id="moves"><summary>More</summary><h2>Check</h2><form><input name="v"><button>Slot 1: Governor</button></form></details>`, `<details id="moves"><summary>More</summary></details>`},
		{`<details id="lay" open><summary>Lay</summary><ol><li>♥A</li></ol></details>`, `<details id="lay" open><summary>Lay</summary><ol><li>♥A</li></ol></details>`},
		{`<li class="priv">✱ <span class="sline">You pretended.</span></li><li>Red moved.</li>`, `<li class="priv">✱ </li><li>Red moved.</li>`},
	} {
		if got := atRest(c.in); got != c.want {
			t.Errorf("atRest(%s) = %s, want %s", c.in, got, c.want)
		}
	}
}
