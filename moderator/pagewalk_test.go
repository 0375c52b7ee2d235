package moderator

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/noir"
	"tablemaster/engine/superrock"
	"tablemaster/moderator/face"
)

// writerCheck walks the pages of random games: at every step, every
// device's page in both languages is checked for what a page written by
// hand can get wrong and no golden page shows (the goldens hold a few
// states each): every element it opens is closed in order, it has its
// heading, a flash is there and escaped, and an undo request waiting is
// on every page. It counts the states it saw so that a test can tell its
// games reached every part of the pages.
type writerCheck struct {
	t                              *testing.T
	states, undos, overs, matching int
	// match, when set, is counted on the table screen's English page
	// (matching): a part of the page the games must reach.
	match string
}

// testFlash is the flash the phones get every 5th step, and how a page
// must write it.
const (
	testFlash     = "Out of date <b>'+'</b>"
	testFlashHTML = `<div class="flash" role="alert">Out of date &lt;b&gt;&#39;+&#39;&lt;/b&gt;</div>`
)

// check checks every device's page, in both languages, at step of a game;
// every 7th step first leaves an undo request waiting, every 5th gives
// the phones a flash.
func (c *writerCheck) check(tb *Table, step int, label string) {
	t := c.t
	t.Helper()
	if step%7 == 3 {
		if n := len(tb.applied); n > 0 {
			tb.RequestUndo(tb.applied[n-1].seat)
		}
	}
	seats := []engine.Seat{engine.Public}
	for s := range tb.Header().Seats {
		seats = append(seats, engine.Seat(s))
	}
	for _, s := range seats {
		for _, l := range engine.Langs {
			flash := ""
			if step%5 == 2 && s != engine.Public {
				flash = testFlash
			}
			d := buildData(tb, s, l, flash, "/s/AbC-_9")
			var b bytes.Buffer
			tb.face.WriteApp(&b, d)
			page := b.String()
			where := fmt.Sprintf("%s step %d, seat %d, %s", label, step, s, l)
			if err := balanced(page); err != nil {
				t.Fatalf("%s: %v\n%s", where, err, page)
			}
			if !strings.Contains(page, `<div class="top"><h1>`) {
				t.Fatalf("%s: the page has no heading:\n%s", where, page)
			}
			if (flash != "") != strings.Contains(page, testFlashHTML) {
				t.Fatalf("%s: flash %q, but the page has it %v:\n%s", where, flash, strings.Contains(page, testFlashHTML), page)
			}
			if (d.Snap.Undo != nil) != strings.Contains(page, `id="undo"`) {
				t.Fatalf("%s: undo request %v, but the page shows it %v:\n%s", where, d.Snap.Undo != nil, strings.Contains(page, `id="undo"`), page)
			}
			c.checkVoice(where, s, d, page)
			if s == engine.Public && l == engine.EN {
				c.undos += b2i(d.Snap.Undo != nil)
				c.overs += b2i(d.Snap.Outcome.Over)
				c.matching += b2i(c.match != "" && strings.Contains(page, c.match))
			}
		}
	}
	c.states++
}

// checkVoice checks the marks the table screen's voice reads (issue 26,
// item 8): a phone has no Speak switch and no mark at all; the table
// screen has its switch, and marks its todo by the state's version, each
// public story line still standing by its number, the undo request
// waiting and the game's end.
func (c *writerCheck) checkVoice(where string, s engine.Seat, d *face.Page, page string) {
	c.t.Helper()
	if s != engine.Public {
		if strings.Contains(page, "data-say") || strings.Contains(page, `class="say`) {
			c.t.Fatalf("%s: a phone's page carries the voice's switch or marks:\n%s", where, page)
		}
		return
	}
	want := []string{`<button type="button" class="say alt" aria-pressed="false">`}
	if len(d.Snap.Todo) > 0 {
		want = append(want, fmt.Sprintf(`<div class="todo" data-say="t%d">`, d.Snap.StateVer))
	}
	if d.Snap.Undo != nil {
		want = append(want, `id="undo" data-say="u"`)
	}
	if strings.Contains(page, `id="over"`) != strings.Contains(page, `id="over"`+face.SayOver) {
		c.t.Fatalf("%s: the game's end is not marked for the voice:\n%s", where, page)
	}
	lines := 0
	for _, f := range d.Feed {
		if !f.Private && !f.Undone {
			lines++
			want = append(want, fmt.Sprintf(` data-say="e%d">`, f.Seq))
		}
	}
	for _, w := range want {
		if !strings.Contains(page, w) {
			c.t.Fatalf("%s: the table screen has no %s:\n%s", where, w, page)
		}
	}
	if n := strings.Count(page, ` data-say="e`); n != lines {
		c.t.Fatalf("%s: %d story lines marked for the voice, want %d (public, not undone):\n%s", where, n, lines, page)
	}
}

// tags calls f with each tag of page, as the regular expression
// <(/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)> finds them: whether it is an end
// tag, its name and the rest up to its '>'. (A scan by hand: the
// expression took a seventh of the pages tests' time.)
func tags(page string, f func(end bool, name, rest string) error) error {
	letter := func(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
	for i := 0; ; {
		j := strings.IndexByte(page[i:], '<')
		if j < 0 {
			return nil
		}
		i += j
		k := i + 1
		end := k < len(page) && page[k] == '/'
		if end {
			k++
		}
		if k >= len(page) || !letter(page[k]) {
			i++
			continue
		}
		n := k + 1
		for n < len(page) && (letter(page[n]) || '0' <= page[n] && page[n] <= '9') {
			n++
		}
		gt := strings.IndexByte(page[n:], '>')
		if gt < 0 {
			return nil // no '>' follows, so no later '<' makes a tag either
		}
		if err := f(end, page[k:n], page[n:n+gt]); err != nil {
			return err
		}
		i = n + gt + 1
	}
}

// TestTagsAsTheExpression: tags finds exactly the tags the expression in
// its comment finds, in every page golden and in odd strings.
func TestTagsAsTheExpression(t *testing.T) {
	re := regexp.MustCompile(`<(/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>`)
	pages := []string{"", "<", "</", "<a", "<1>", "< a>", "<a", "<a>", "</b c>", "<br/>", "<!DOCTYPE html><p>x</p>",
		"<a <b>", "x<a1b2 c='>'>y", "<<a>>", "</>", "<a\nb>", "a<b"}
	files, err := filepath.Glob(filepath.Join("testdata", "pages", "*.html"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no page goldens: %v", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, string(b))
	}
	for _, page := range pages {
		var want, got []string
		for _, m := range re.FindAllStringSubmatch(page, -1) {
			want = append(want, m[1]+"|"+m[2]+"|"+m[3])
		}
		tags(page, func(end bool, name, rest string) error {
			got = append(got, map[bool]string{true: "/"}[end]+"|"+name+"|"+rest)
			return nil
		})
		if !slices.Equal(got, want) {
			t.Errorf("tags of %.80q:\n got %q\nwant %q", page, got, want)
		}
	}
}

// voids are the elements that have no end tag; optional those whose end
// tag HTML lets a page leave out (a board's cells and rows).
var (
	voids    = map[string]bool{"br": true, "input": true, "img": true, "hr": true, "meta": true, "wbr": true}
	optional = map[string]bool{"td": true, "th": true, "tr": true, "li": true, "tbody": true, "option": true}
)

// balanced reports the first element of page that is not closed in order,
// or closed without being opened; an element whose end tag is optional is
// closed by its parent's end.
func balanced(page string) error {
	var open []string
	err := tags(page, func(end bool, name, rest string) error {
		name = strings.ToLower(name)
		switch {
		case voids[name] || strings.HasSuffix(rest, "/"):
		case !end:
			open = append(open, name)
		default:
			for len(open) > 0 && open[len(open)-1] != name && optional[open[len(open)-1]] {
				open = open[:len(open)-1]
			}
			if len(open) == 0 || open[len(open)-1] != name {
				return fmt.Errorf("</%s> closes %v", name, open)
			}
			open = open[:len(open)-1]
		}
		return nil
	})
	if err != nil {
		return err
	}
	if len(open) > 0 {
		return fmt.Errorf("left open: %v", open)
	}
	return nil
}

// done reports what was compared, and fails if the games missed a part.
func (c *writerCheck) done() {
	c.t.Helper()
	c.t.Logf("%d states checked, %d with an undo request, %d at a game's end, %d with %q", c.states, c.undos, c.overs, c.matching, c.match)
	if c.undos == 0 || c.overs == 0 || (c.match != "" && c.matching == 0) {
		c.t.Error("the games reached no undo request, no end or no " + c.match + ": the check missed parts of the pages")
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestNoirPagesWellFormed: Noir's pages are well formed, with their
// heading, flash and undo request, at every step of seeded
// random games of both variants and both decks, for every device, in both
// languages, with and without a flash and an undo request waiting.
func TestNoirPagesWellFormed(t *testing.T) {
	t.Parallel()
	configs := []noir.Config{
		{},
		{Deck: noir.Physical, Layout: noir.Shuffled, Kings: true},
		{Variant: noir.Automata, Layout: noir.Shuffled},
		{Variant: noir.Automata, Deck: noir.Physical},
	}
	games := 3
	if testing.Short() {
		games = 1
	}
	c := &writerCheck{t: t}
	for i, cfg := range configs {
		for seed := uint64(1); seed <= uint64(games); seed++ {
			_, tb := newTestTable(t, cfg, seed+uint64(10*i))
			r := engine.NewRand(seed * 31)
			for step := 0; step < 400; step++ {
				c.check(tb, step, "noir")
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
	}
	c.done()
}

// TestSuperrockPagesWellFormed: the same for Super Rock, through
// the preparation and play, with both dice and both boards, five to ten
// players.
func TestSuperrockPagesWellFormed(t *testing.T) {
	t.Parallel()
	games := []struct {
		n     int
		dice  superrock.Dice
		board superrock.Board
	}{
		{10, superrock.VirtualDice, superrock.VirtualBoard},
		{5, superrock.PhysicalDice, superrock.PhysicalBoard},
		{7, superrock.VirtualDice, superrock.PhysicalBoard},
		{6, superrock.PhysicalDice, superrock.VirtualBoard},
	}
	seeds, playSteps := 2, 120
	if testing.Short() {
		seeds = 1 // still to the end of some games: done asks for one
	}
	c := &writerCheck{t: t, match: `<div id="board">`}
	for i, g := range games {
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			_, tb := newSuperrockTable(t, g.n, g.dice, g.board, seed+uint64(10*i))
			r := engine.NewRand(seed * 37)
			step := 0
			srPrepareEach(t, tb, r, func(i int) {
				step = i
				c.check(tb, step, "superrock "+srPhase(tb))
			})
			step++
			for end := step + playSteps; step < end; step++ {
				c.check(tb, step, "superrock "+srPhase(tb))
				if !srStep(t, tb, r) {
					break
				}
			}
		}
	}
	c.done()
}

// TestOutlawsPagesWellFormed: the same for Outlaws, from the setup
// to the end of seeded random games.
func TestOutlawsPagesWellFormed(t *testing.T) {
	t.Parallel()
	games := 6
	if testing.Short() {
		games = 2
	}
	c := &writerCheck{t: t, match: `class="up`}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		_, tb := newOutlawsTable(t, seed)
		r := engine.NewRand(seed * 41)
		for step := 0; step < 600; step++ {
			c.check(tb, step, "outlaws")
			if tb.Snapshot(engine.Public).Outcome.Over {
				break
			}
			olStep(t, tb, r)
		}
	}
	c.done()
}

// TestAyatsuriPagesWellFormed: the same for Ayatsuri, whole seeded
// random games of four to six players, with and without the Bomb Girl.
func TestAyatsuriPagesWellFormed(t *testing.T) {
	t.Parallel()
	games := 6
	if testing.Short() {
		games = 2
	}
	c := &writerCheck{t: t, match: `class="ay hist"`}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		_, tb := newAyatsuriTable(t, 4+int(seed%3), seed%2 == 0, seed)
		r := engine.NewRand(seed * 43)
		for step := 0; step < 800; step++ {
			c.check(tb, step, "ayatsuri")
			if !ayStep(t, tb, r) {
				c.check(tb, step+1, "ayatsuri")
				break
			}
		}
	}
	c.done()
}
