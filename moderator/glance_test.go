package moderator

import (
	"bytes"
	"fmt"
	"html"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"tablemaster/engine"
	"tablemaster/engine/ayatsuri"
	"tablemaster/engine/noir"
	"tablemaster/engine/superrock"
)

// The glance rule (DESIGN.md principle 1): a phone lies in plain view on
// the table, so what it shows at rest — nothing held, every fold closed —
// depends only on what everyone at the table may know. The tests below
// check it at every step of seeded random games: each seat's page,
// stripped to what it shows at rest (atRest), is the same whether the
// game is the real one or one redrawn from the public's view (everything
// hidden from the table drawn again). The stripping is checked against
// what Chromium shows in browser_glance_test.go.

// isBlock reports an element that begins a line of its own.
func isBlock(name string) bool {
	switch name {
	case "div", "p", "h1", "h2", "h3", "li", "ul", "form", "details", "summary", "tr", "table", "br", "section":
		return true
	}
	return false
}

// isVoid and isOptional are voids and optional (pagewalk_test.go) as
// switches: atRest asks them for every tag.
func isVoid(name string) bool {
	switch name {
	case "br", "input", "img", "hr", "meta", "wbr":
		return true
	}
	return false
}

func isOptional(name string) bool {
	switch name {
	case "td", "th", "tr", "li", "tbody", "option":
		return true
	}
	return false
}

// atRest is the text page shows at rest, line by line, whitespace
// normalised: without its tags and attributes, the hold area's secret
// block, the words of private story lines (.sline), anything hidden, a
// style or script, the options of a closed drop-down but its first, and
// the content of a closed <details> but for its <summary>. It is called
// some 200,000 times a run: it writes its lines in one pass.
func atRest(page string) []string {
	type elem struct {
		name   string
		hidden bool // nothing inside shows at rest
		closed bool // a closed <details>: only its <summary> shows
		// options counts a <select>'s options: a closed drop-down shows
		// its first (the pages select none) until it is tapped.
		options int
	}
	open := make([]elem, 0, 32)
	var lines []string
	line := make([]byte, 0, 256)
	space := false // a space is due before the next word of the line
	endLine := func() {
		if len(line) > 0 {
			lines = append(lines, string(line))
		}
		line, space = line[:0], false
	}
	text := func(t string) {
		if strings.IndexByte(t, '&') >= 0 {
			t = html.UnescapeString(t)
		}
		for i := 0; i < len(t); {
			c := t[i]
			if c < utf8.RuneSelf {
				i++
				if c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v' {
					space = len(line) > 0
					continue
				}
				if space {
					line = append(line, ' ')
					space = false
				}
				line = append(line, c)
				continue
			}
			r, n := utf8.DecodeRuneInString(t[i:])
			if unicode.IsSpace(r) {
				space = len(line) > 0
			} else {
				if space {
					line = append(line, ' ')
					space = false
				}
				line = append(line, t[i:i+n]...)
			}
			i += n
		}
	}
	visible := func() bool {
		n := len(open)
		return n == 0 || (!open[n-1].hidden && !open[n-1].closed)
	}
	for rest := page; rest != ""; {
		i := strings.IndexByte(rest, '<')
		if i < 0 {
			i = len(rest)
		}
		if i > 0 && visible() {
			text(rest[:i])
		}
		rest = rest[i:]
		if rest == "" {
			break
		}
		if strings.HasPrefix(rest, "<!--") {
			j := strings.Index(rest, "-->")
			if j < 0 {
				break
			}
			rest = rest[j+3:]
			continue
		}
		j := tagEnd(rest)
		tag := rest[1:j]
		rest = rest[j+1:]
		end := strings.HasPrefix(tag, "/")
		if end {
			tag = tag[1:]
		}
		k := nameEnd(tag)
		name, attrs := tag[:k], tag[k:]
		if name == "" {
			continue
		}
		if isBlock(name) && visible() {
			endLine()
		}
		switch {
		case isVoid(name) || strings.HasSuffix(attrs, "/"):
		case !end:
			parent := elem{}
			if n := len(open); n > 0 {
				parent = open[n-1]
			}
			e := elem{name: name, hidden: parent.hidden || (parent.closed && name != "summary") || name == "style" || name == "script"}
			if name == "option" {
				// An option's end tag may be left out: the one before ends here.
				if open[len(open)-1].name == "option" {
					open = open[:len(open)-1]
				}
				sel := &open[len(open)-1]
				sel.options++
				e.hidden = e.hidden || sel.options > 1
			}
			if attrs != "" {
				for w := range strings.FieldsSeq(attrValue(attrs, "class")) {
					// A Super Rock hub's destroy button (class d) shows only
					// while the folded moves are open, by the page's style
					// (TestBrowserSuperrockBoard checks it in a browser).
					e.hidden = e.hidden || w == "secret" || w == "sline" || (name == "button" && w == "d")
				}
				e.hidden = e.hidden || hasAttr(attrs, "hidden")
				e.closed = name == "details" && !hasAttr(attrs, "open")
			} else {
				e.closed = name == "details"
			}
			open = append(open, e)
			if name == "button" && !e.hidden {
				// A button shows at rest even with no words (a square to
				// tap on a board): which squares are buttons is seen too.
				text(" ▢ ")
			}
		default:
			for len(open) > 0 && open[len(open)-1].name != name && isOptional(open[len(open)-1].name) {
				open = open[:len(open)-1]
			}
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
	}
	endLine()
	return lines
}

// nameEnd is where the name at the start of a tag ends: at a space, a
// tab, a newline or a slash (strings.IndexAny, which was a fifth of
// atRest's time on these short strings).
func nameEnd(tag string) int {
	for i := 0; i < len(tag); i++ {
		switch tag[i] {
		case ' ', '\t', '\n', '/':
			return i
		}
	}
	return len(tag)
}

// attrValue is the value of the attribute name in a tag's attributes,
// quoted or not, or "".
func attrValue(attrs, name string) string {
	for i := 0; ; {
		j := strings.Index(attrs[i:], name+"=")
		if j < 0 {
			return ""
		}
		j += i
		i = j + len(name) + 1
		if j > 0 && attrs[j-1] != ' ' && attrs[j-1] != '\t' && attrs[j-1] != '\n' {
			continue // the end of another name (data-class=)
		}
		v := attrs[i:]
		if v != "" && (v[0] == '"' || v[0] == '\'') {
			if e := strings.IndexByte(v[1:], v[0]); e >= 0 {
				return v[1 : 1+e]
			}
			return v[1:]
		}
		if e := strings.IndexAny(v, " \t\n>"); e >= 0 {
			return v[:e]
		}
		return v
	}
}

// hasAttr reports whether a tag's attributes hold the attribute name,
// with or without a value (outside quoted values, which hold no such
// word on these pages but for a button's action: "hidden" is checked
// as a whole word before = or a space).
func hasAttr(attrs, name string) bool {
	for i := 0; ; {
		j := strings.Index(attrs[i:], name)
		if j < 0 {
			return false
		}
		j += i
		i = j + len(name)
		before := j == 0 || attrs[j-1] == ' ' || attrs[j-1] == '\t' || attrs[j-1] == '\n'
		after := i == len(attrs) || attrs[i] == ' ' || attrs[i] == '=' || attrs[i] == '\t' || attrs[i] == '\n' || attrs[i] == '/'
		if before && after {
			return true
		}
	}
}

// tagEnd is the index of the '>' that ends the tag s begins with,
// quoted attribute values skipped.
func tagEnd(s string) int {
	quote := byte(0)
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '>':
			return i
		}
	}
	return len(s) - 1
}

// lineDiff is a readable diff of two pages' lines: the lines of a that
// b lacks (-) and of b that a lacks (+), with some lines around.
func lineDiff(a, b []string) string {
	// Longest common subsequence, enough for pages of a few hundred lines.
	n, m := len(a), len(b)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	type op struct {
		mark byte
		text string
	}
	var ops []op
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			ops = append(ops, op{' ', a[i]})
			i, j = i+1, j+1
		case j < m && (i == n || lcs[i][j+1] >= lcs[i+1][j]):
			ops = append(ops, op{'+', b[j]})
			j++
		default:
			ops = append(ops, op{'-', a[i]})
			i++
		}
	}
	var out strings.Builder
	shown := -1
	for k, o := range ops {
		if o.mark == ' ' {
			continue
		}
		for c := max(k-2, shown+1); c <= min(k+2, len(ops)-1); c++ {
			if c > shown+1 && shown >= 0 {
				out.WriteString("  …\n")
			}
			fmt.Fprintf(&out, "%c %s\n", ops[c].mark, ops[c].text)
			shown = c
		}
	}
	return out.String()
}

// glanceCheck compares, at every step of a game, every seat's page at
// rest in both languages with the same page of a game redrawn from the
// public's view. It keeps the first diff of each finding (named by its
// first changed line), so that one run lists what differs.
type glanceCheck struct {
	t                *testing.T
	r                *engine.Rand
	states, compared int
	findings         map[string]string
	failed           map[string]int
	order            []string
	// reached counts the labels of the states checked (a phase, a stage)
	// so that a test can tell its games got there.
	reached map[string]int
}

func newGlanceCheck(t *testing.T, seed uint64) *glanceCheck {
	return &glanceCheck{t: t, r: engine.NewRand(seed), findings: map[string]string{}, failed: map[string]int{}, reached: map[string]int{}}
}

// appBody is the body of the page seat s sees in l.
func appBody(tb *Table, s engine.Seat, l engine.Lang) string {
	d := buildData(tb, s, l, "", "/s/AbC-_9")
	var b bytes.Buffer
	tb.face.WriteApp(&b, d)
	return b.String()
}

// check compares every seat's pages at rest now, with one redrawn game.
// kind names the finding with the line above the first difference (a
// choice's heading), so that one run lists each finding once.
func (c *glanceCheck) check(tb *Table, kind, where, reached string) {
	c.t.Helper()
	c.states++
	c.reached[reached]++
	alt := tb.withResampledGame(engine.Public, c.r)
	for s := range tb.Header().Seats {
		for _, l := range engine.Langs {
			realPage := appBody(tb, engine.Seat(s), l)
			otherPage := appBody(alt, engine.Seat(s), l)
			c.compared++
			if realPage == otherPage {
				// The same bytes show the same at rest (atRest is a
				// function of them): most pages of Outlaws and Ayatsuri.
				continue
			}
			real, other := atRest(realPage), atRest(otherPage)
			i := 0
			for i < len(real) && i < len(other) && real[i] == other[i] {
				i++
			}
			if i == len(real) && i == len(other) {
				continue
			}
			above := ""
			if i > 0 {
				above = real[i-1]
			}
			key := kind + " | " + above
			if l != engine.EN {
				key = kind + " | " + string(l) + " | " + above
			}
			c.failed[key]++
			if _, seen := c.findings[key]; !seen {
				c.order = append(c.order, key)
				c.findings[key] = fmt.Sprintf("%s, seat %d (%s), %s: the page at rest (-) and the same page of a game redrawn from the table's view (+) differ:\n%s\nchoices: %s\nredrawn: %s",
					where, s, tb.Header().Seats[s], l, lineDiff(real, other), choiceList(tb, engine.Seat(s)), choiceList(alt, engine.Seat(s)))
			}
			break // the other language says the same
		}
	}
}

// choiceList is seat s's choices, for a finding: action, public or not.
func choiceList(tb *Table, s engine.Seat) string {
	var out []string
	for _, c := range tb.Legal(s) {
		p := ""
		if c.Public {
			p = " (public)"
		}
		out = append(out, string(c.Action)+p)
	}
	if len(out) > 12 {
		out = append(out[:12], fmt.Sprintf("… %d in all", len(out)))
	}
	return strings.Join(out, ", ")
}

// done reports the findings, and fails if a label in want was never
// reached.
func (c *glanceCheck) done(want ...string) {
	c.t.Helper()
	c.t.Logf("%d states, %d pages at rest compared; reached %v", c.states, c.compared, c.reached)
	for _, k := range c.order {
		c.t.Errorf("glance [%s] (%d pages): %s", k, c.failed[k], c.findings[k])
	}
	for _, w := range want {
		if c.reached[w] == 0 {
			c.t.Errorf("the games never reached %q: the check missed part of the game", w)
		}
	}
}

// glanceGames is how many seeded games each part plays.
func glanceGames(full int) int {
	if testing.Short() {
		return max(full/4, 2)
	}
	return full
}

// TestGlanceNoir: the glance rule for Noir, both variants and both decks,
// twenty games of each variant.
func TestGlanceNoir(t *testing.T) {
	t.Parallel()
	configs := []struct {
		name string
		cfg  noir.Config
	}{
		{"classic", noir.Config{}},
		{"classic-physical", noir.Config{Deck: noir.Physical, Layout: noir.Shuffled, Kings: true}},
		{"automata", noir.Config{Variant: noir.Automata, Layout: noir.Shuffled}},
		{"automata-physical", noir.Config{Variant: noir.Automata, Deck: noir.Physical}},
	}
	for i, cf := range configs {
		t.Run(cf.name, func(t *testing.T) {
			c := newGlanceCheck(t, uint64(7+i))
			for seed := uint64(1); seed <= uint64(glanceGames(10)); seed++ {
				_, tb := newTestTable(t, cf.cfg, seed+uint64(100*i))
				r := engine.NewRand(seed * 53)
				for step := 0; step < 300; step++ {
					c.check(tb, "noir "+cf.name, fmt.Sprintf("noir %s seed %d step %d", cf.name, seed, step), tb.Snapshot(engine.Public).View.(noir.PublicView).Phase)
					if tb.Snapshot(engine.Public).Outcome.Over {
						break
					}
					mover := toMove(tb)
					if mover < 0 {
						break
					}
					ch := tb.Legal(mover)
					tb.Act(mover, string(ch[r.IntN(len(ch))].Action), -1)
				}
			}
			c.done()
		})
	}
}

// TestGlanceAyatsuri: the glance rule for Ayatsuri, twenty games of four
// to six players, with and without the Bomb Girl.
func TestGlanceAyatsuri(t *testing.T) {
	t.Parallel()
	c := newGlanceCheck(t, 11)
	for seed := uint64(1); seed <= uint64(glanceGames(20)); seed++ {
		n := 4 + int(seed%3)
		_, tb := newAyatsuriTable(t, n, seed%2 == 0, seed+200)
		r := engine.NewRand(seed * 59)
		for step := 0; step < 800; step++ {
			c.check(tb, "ayatsuri "+string(tb.Snapshot(engine.Public).View.(ayatsuri.PublicView).Phase), fmt.Sprintf("ayatsuri %d players seed %d step %d", n, seed, step), fmt.Sprint(n, " players"))
			if !ayStep(t, tb, r) {
				break
			}
		}
	}
	c.done("4 players", "5 players", "6 players")
}

// TestGlanceSuperrock: the glance rule for Super Rock, twenty games of
// five to ten players with both dice and both boards, through the
// preparation, the planet phase and the secret base.
func TestGlanceSuperrock(t *testing.T) {
	t.Parallel()
	kinds := []struct {
		dice  superrock.Dice
		board superrock.Board
	}{
		{superrock.VirtualDice, superrock.VirtualBoard},
		{superrock.PhysicalDice, superrock.PhysicalBoard},
		{superrock.VirtualDice, superrock.PhysicalBoard},
		{superrock.PhysicalDice, superrock.VirtualBoard},
	}
	c := newGlanceCheck(t, 13)
	for seed := uint64(1); seed <= uint64(glanceGames(20)); seed++ {
		n := 5 + int(seed%6)
		k := kinds[seed%4]
		_, tb := newSuperrockTable(t, n, k.dice, k.board, seed+300)
		r := engine.NewRand(seed * 61)
		where := func(step int) string {
			return fmt.Sprintf("superrock %d players seed %d step %d (%s)", n, seed, step, srPhase(tb))
		}
		step := 0
		srPrepareEach(t, tb, r, func(i int) {
			step = i
			c.check(tb, "superrock "+srPhase(tb), where(step), "preparation")
		})
		for end := step + 140; step < end; step++ {
			v := tb.Snapshot(engine.Public).View.(superrock.PublicView)
			c.check(tb, "superrock "+v.Phase+" "+v.Stage, where(step), v.Stage)
			if !srStep(t, tb, r) {
				break
			}
		}
	}
	c.done("preparation", "planet", "base")
}

// TestGlanceOutlaws: the glance rule for Outlaws, twenty games from the
// setup to their end.
func TestGlanceOutlaws(t *testing.T) {
	t.Parallel()
	c := newGlanceCheck(t, 17)
	for seed := uint64(1); seed <= uint64(glanceGames(20)); seed++ {
		_, tb := newOutlawsTable(t, seed+400)
		r := engine.NewRand(seed * 67)
		for step := 0; step < 600; step++ {
			c.check(tb, "outlaws", fmt.Sprintf("outlaws seed %d step %d", seed, step), "play")
			if tb.Snapshot(engine.Public).Outcome.Over {
				break
			}
			olStep(t, tb, r)
		}
	}
	c.done()
}

// TestAtRest: the stripping itself, on a page of every kind of part.
func TestAtRest(t *testing.T) {
	page := `<div class="top"><h1>Aki &amp; Ben</h1></div>
<div class="hold" role="button"><span>◉ Hold</span>
<div class="secret" id="secret"><div>Identity <b>♠7</b></div></div></div>
<h2>Shift</h2><form><input type="hidden" name="v" value="3"><button name="a" value="shift row 1 left">Row 1 ←</button></form>
<details id="moves"><summary>Your other moves</summary>
<h2>Kill</h2><form><button>♠2 (B1)</button></form>
</details>
<table><tr><td>a<td>b</tr></table>
<ul class="feed"><li class="priv">✱ <span class="sline">You drew ♠7</span></li><li>Shifted.</li></ul>
<div hidden>gone</div><details open><summary>S</summary>shown</details><style>.x{color:red}</style><form>Place: <select name=a><option>row-column<option value="1-1">1-1</select><button>OK</button></form>`
	// A button in view is marked ▢ (a board's square has no words); the
	// one in the closed fold is not.
	want := []string{"Aki & Ben", "◉ Hold", "Shift", "▢ Row 1 ←", "Your other moves", "ab", "✱", "Shifted.", "S", "shown", "Place: row-column ▢ OK"}
	if got := atRest(page); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("atRest = %q, want %q", got, want)
	}
}

// AtRest is atRest for the browser tests (package moderator_test), which
// check it against what Chromium shows.
func AtRest(page string) []string { return atRest(page) }
