package moderator_test

import (
	"fmt"
	"slices"
	"strings"
	srface "tablemaster/moderator/superrock"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/superrock"
	"tablemaster/moderator"
)

// The seats of the Super Rock browser game, in seat order.
var srPlayers = []string{"Aki", "Ben", "Chika", "Dai", "Eri", "Fumi", "Gen"}

const (
	srAki engine.Seat = iota
	srBen
)

// srState is what the engine says each device may know at one moment.
type srState struct {
	Public superrock.PublicView
	Views  []superrock.View // per seat
}

// srStep is one move of the plan with what the engine says follows.
type srStep struct {
	move
	audience
	After srState
}

// srPlan is the preparation the browser plays, worked out with the engine.
type srPlan struct {
	Seed uint64
	// Played is the character Ben is dealt first and "played earlier
	// tonight": the options say so, as PlayedTonight would from the state
	// folder (SR-13), so his phone offers the reject.
	Played string
	Start  srState
	Steps  []srStep
}

func srConfig(played string) superrock.Config {
	cfg := superrock.Config{Players: slices.Clone(srPlayers)}
	if played != "" {
		cfg.PlayedTonight = [][]string{nil, {played}}
	}
	return cfg
}

// planSuperrock finds the first seed on which the scripted preparation
// plays: Aki deals, Ben rejects (SR-13), everyone keeps the new deal; the
// first shadow round is picked with no Evil silhouette, so it is done again
// (SR-15); the second gives at least two Evil silhouettes, one switches
// away and any other left keeps it (the line-up final with the last
// answer); the ambushes hidden (SR-16), the turn
// order rolled (SR-17), the base players dealt their planet cards (SR-18),
// and play begins.
//
// Virtual dice, with the seed searched rather than real dice entered: the
// redo then comes from the engine's own rolls and the pages' pick buttons,
// as at a real table, and the plan chooses only what a player chooses (the
// silhouettes). With virtual dice the only rolls that force an Evil
// silhouette are a 6 and a 1 whose own silhouette is Evil, so most seeds
// allow a first round without one.
func planSuperrock(t *testing.T) srPlan {
	t.Helper()
	return findSeed(t, "plays the scripted preparation", planSuperrockSeed)
}

func srState0(g *superrock.Game) srState {
	st := srState{Public: g.PublicView().(superrock.PublicView)}
	for s := range srPlayers {
		st.Views = append(st.Views, g.View(engine.Seat(s)).(superrock.View))
	}
	return st
}

// srLegal lists seat s's legal actions that start with prefix.
func srLegal(g *superrock.Game, s engine.Seat, prefix string) []string {
	var out []string
	for _, c := range g.Legal(s) {
		if strings.HasPrefix(string(c.Action), prefix) {
			out = append(out, string(c.Action))
		}
	}
	return out
}

// srEvil reports whether "pick id" or "switch id" names an Evil silhouette.
func srEvil(g *superrock.Game, action string) bool {
	_, id, _ := strings.Cut(action, " ")
	sh, ok := g.Data().Silhouette(id)
	return ok && sh.Attr == superrock.Evil
}

func planSuperrockSeed(seed uint64) (srPlan, bool) {
	// Ben's first character, which the plan says he played tonight.
	g0, err := superrock.New(srConfig(""), seed)
	if err != nil {
		return srPlan{}, false
	}
	if _, err := g0.Apply(srAki, "deal"); err != nil {
		return srPlan{}, false
	}
	ben := g0.View(srBen).(superrock.View).Character
	if ben == nil {
		return srPlan{}, false
	}
	g, err := superrock.New(srConfig(ben.ID), seed)
	if err != nil {
		return srPlan{}, false
	}
	p := srPlan{Seed: seed, Played: ben.ID, Start: srState0(g)}
	apply := func(s engine.Seat, action string) bool {
		evs, err := g.Apply(s, engine.Action(action))
		if err != nil {
			return false
		}
		p.Steps = append(p.Steps, srStep{move: move{s, action}, audience: audienceOf(evs, len(srPlayers)), After: srState0(g)})
		return true
	}
	seats := func(f func(s engine.Seat) bool) bool {
		for s := range srPlayers {
			if !f(engine.Seat(s)) {
				return false
			}
		}
		return true
	}
	keepAll := func(s engine.Seat) bool { return apply(s, "keep") }
	rollAll := func(s engine.Seat) bool { return apply(s, "roll") }

	// SR-11 … SR-13: the deal, Ben's reject (no one else may), the new deal.
	if !apply(srAki, "deal") {
		return srPlan{}, false
	}
	for s := range srPlayers {
		if may := len(srLegal(g, engine.Seat(s), "reject")) > 0; may != (engine.Seat(s) == srBen) {
			return srPlan{}, false
		}
	}
	if !apply(srBen, "reject") || !seats(keepAll) {
		return srPlan{}, false
	}
	// SR-14, SR-15: a first round without an Evil silhouette.
	if !seats(rollAll) {
		return srPlan{}, false
	}
	ok := seats(func(s engine.Seat) bool {
		for _, a := range srLegal(g, s, "pick ") {
			if !srEvil(g, a) {
				return apply(s, a)
			}
		}
		return false
	})
	if !ok || g.Phase() != superrock.ShadowPhase || g.PublicView().(superrock.PublicView).ShadowRounds != 2 {
		return srPlan{}, false
	}
	// The second round: Evil silhouettes for the first two who may take
	// one (two or three in all, as a 6 forces one), then a switch away
	// from Evil and the line-up, final once each Evil silhouette left
	// has kept it.
	if !seats(rollAll) {
		return srPlan{}, false
	}
	evil := 0
	ok = seats(func(s engine.Seat) bool {
		picks := srLegal(g, s, "pick ")
		if len(picks) == 0 {
			return false
		}
		choice := picks[0] // the roll allows only one kind
		for _, a := range picks {
			if srEvil(g, a) == (evil < 2) {
				choice = a
				break
			}
		}
		if srEvil(g, choice) {
			evil++
		}
		return apply(s, choice)
	})
	if !ok || evil < 2 || evil > 3 || g.Phase() != superrock.LineupPhase {
		return srPlan{}, false
	}
	switched := false
	for s := range srPlayers {
		if sw := srLegal(g, engine.Seat(s), "switch "); len(sw) > 0 && !switched {
			for _, a := range sw {
				if !srEvil(g, a) {
					switched = apply(engine.Seat(s), a)
					break
				}
			}
		}
	}
	if !switched {
		return srPlan{}, false
	}
	// SR-15: each Evil silhouette still to answer keeps it; the line-up
	// is final with the last answer.
	for s := range srPlayers {
		if g.Phase() == superrock.LineupPhase && len(srLegal(g, engine.Seat(s), "keep")) > 0 && !apply(engine.Seat(s), "keep") {
			return srPlan{}, false
		}
	}
	if g.Phase() != superrock.AmbushPhase {
		return srPlan{}, false
	}
	// SR-16: the owners of A and B hide them, each on a square of their own.
	for _, card := range superrock.AmbushNames {
		placed := false
		for s := range srPlayers {
			if sq := srLegal(g, engine.Seat(s), "ambush "+card+" "); len(sq) > 0 && !placed {
				placed = apply(engine.Seat(s), sq[len(sq)/2])
			}
		}
		if !placed {
			return srPlan{}, false
		}
	}
	// SR-17: the turn-order roll is one button for the table (Aki's phone
	// presses it); SR-18 follows by itself.
	if g.Phase() != superrock.OrderPhase || !apply(srAki, "roll") || g.Phase() != superrock.PlayPhase {
		return srPlan{}, false
	}
	return p, true
}

// TestSuperrockBrowserPlan checks on the engine alone, also in -short mode,
// that the preparation TestBrowserSuperrock plays still goes as planned.
func TestSuperrockBrowserPlan(t *testing.T) {
	p := planSuperrock(t)
	var moves []string
	for _, s := range p.Steps {
		moves = append(moves, srPlayers[s.Seat]+": "+s.Action)
	}
	t.Logf("seed %d, Ben played %s tonight; %d moves: %s", p.Seed, p.Played, len(p.Steps), strings.Join(moves, "; "))
	end := p.Steps[len(p.Steps)-1].After.Public
	if end.Deals != 2 || end.ShadowRounds != 2 || end.Phase != "play" || !end.Players[srBen].RejectUsed {
		t.Errorf("the plan ends with deals %d, shadow rounds %d, phase %s, Ben's reject used %v; want 2, 2, play, true",
			end.Deals, end.ShadowRounds, end.Phase, end.Players[srBen].RejectUsed)
	}
	good, bad := 0, 0
	for _, pl := range end.Players {
		switch pl.Silhouette.Attr {
		case "G":
			good++
		case "E":
			bad++
		}
	}
	if good == 0 || bad == 0 {
		t.Errorf("play begins with %d Good and %d Evil silhouettes, want at least one of each (SR-15)", good, bad)
	}
}

// srSecrets is what one seat's phone may show and no other page: its
// character card, its shadow roll and pick, and (base players) the
// ambush squares and its planet cards, written as the page writes them.
type srSecrets struct {
	Name, Notes string
	Header      string // the card's first line, in HTML
	Shadow      string
	Pick        string // "Adel (Good)"
	PickHTML    string // the pick's line, in HTML
	Squares     []string
	Hand        []string
}

// leaks are the secrets as they would show in another page's HTML.
func (x srSecrets) leaks() []srLeak {
	return []srLeak{{"character", x.Header}, {"character", domText(x.Notes)},
		{"shadow roll", domText(x.Shadow)}, {"pick", x.PickHTML}}
}

type srLeak struct{ what, html string }

func srSecretsOf(v superrock.View) srSecrets {
	l := engine.EN
	var x srSecrets
	if c := v.Character; c != nil {
		x.Name = l.Text(c.Name)
		x.Header = "<b>" + domText(x.Name) + "</b> <span class=\"rc\">" + domText(l.Text(c.AttrName)) + "</span>"
		if c.Notes != nil {
			x.Notes = l.Text(*c.Notes)
		}
	}
	if v.ShadowRoll > 0 && v.Allows != nil {
		x.Shadow = l.S("sr.ui.shadow_allows", "n", fmt.Sprint(v.ShadowRoll), "allows", l.Text(*v.Allows))
	}
	if s := v.Pick; s != nil {
		x.Pick = l.Text(s.Name) + " (" + l.S(srAttrKey[s.Attr]) + ")"
		x.PickHTML = domText(l.S("sr.ui.your_pick")) + " <span class=\"rc\">" + domText(x.Pick) + "</span>"
	}
	for _, a := range v.Ambushes {
		if a.Square != "" {
			x.Squares = append(x.Squares, srSquare(a.Square))
		}
	}
	for _, c := range v.Hand {
		x.Hand = append(x.Hand, l.Text(c.Name))
	}
	return x
}

var srAttrKey = map[string]string{"G": "sr.attr.good", "E": "sr.attr.evil", "S": "sr.attr.special"}

// srSquare is "3-4" as a page names it: "planet 3, square 4".
func srSquare(sq string) string {
	planet, square, _ := strings.Cut(sq, "-")
	return engine.EN.S("sr.c.square", "planet", planet, "square", square)
}

// srSilhouetteNames are every silhouette's name: the pick buttons show
// them all, so a character's name that one of them contains (Nia, Lord
// Leon) cannot tell a leak from a button.
func srSilhouetteNames() []string {
	var out []string
	for _, s := range superrock.Default().Silhouettes {
		out = append(out, engine.EN.S(s.NameKey()))
	}
	return out
}

// srNoButtonsJS is the page's HTML without its buttons.
const srNoButtonsJS = `(c => { c.querySelectorAll("button").forEach(b => b.remove()); return c.outerHTML })(document.documentElement.cloneNode(true))`

// srRowsJS is each row of the players table: its silhouette cell.
const srRowsJS = `Array.from(document.querySelectorAll("#app #players tr")).slice(1).map(tr => tr.cells[2].textContent.trim())`

// srPage is what the check after each move reads from a page.
type srPage struct {
	HTML      string   // the page's live DOM
	Cards     int      // its character cards
	Secret    *string  // the text of its hold-to-reveal area, nil if none
	NoButtons string   // its HTML without its buttons (srNoButtonsJS)
	Rows      []string // the players table's silhouettes (srRowsJS)
}

// srPageJS reads an srPage.
const srPageJS = `({
	HTML: document.documentElement.outerHTML,
	Cards: document.querySelectorAll("#app .srcard").length,
	Secret: (e => e ? e.textContent : null)(document.querySelector("#app .hold .secret")),
	NoButtons: ` + srNoButtonsJS + `,
	Rows: ` + srRowsJS + `
})`

// TestBrowserSuperrock plays a seeded preparation of Super Rock in headless
// Chromium: seven phones and the table screen, each in a browser context
// of its own, every move a click on the acting phone's button on the real
// server — the deal, Ben's reject of a character he played earlier tonight
// (SR-13), the new deal, a shadow round without an Evil silhouette and its
// redo (SR-15), a switch away from Evil, the line-up's answers, the two
// ambushes (SR-16), the turn-order roll (SR-17), to the start of the planet
// phase with the base players' planet cards (SR-18). After every move all
// eight pages must have followed live, without a reload, and show the
// engine's public line-up. A seat's character, shadow roll, pick, ambush
// squares and planet cards are on its own phone (behind hold-to-reveal)
// and on no other page (principle 1).
func TestBrowserSuperrock(t *testing.T) { testBrowserSuperrock(t, Chromium) }

// TestBrowserSuperrockWebKit is TestBrowserSuperrock in WebKit.
func TestBrowserSuperrockWebKit(t *testing.T) { testBrowserSuperrock(t, WebKit) }

func testBrowserSuperrock(t *testing.T, browser string) {
	t.Parallel()
	start := time.Now()
	p := planSuperrock(t)
	t.Logf("seed %d, Ben played %s tonight; %d moves", p.Seed, p.Played, len(p.Steps))

	opts := srface.NewOptions(srConfig(p.Played), "")
	g := startGame(t, browser, moderator.NewTableSpec{Game: "superrock", Seats: slices.Clone(srPlayers), Options: opts, Seed: p.Seed})
	g.openDevices(srPlayers...)
	phones, tabs := g.phones, g.tabs
	sils := srSilhouetteNames()
	ambiguous := func(name string) bool {
		return slices.ContainsFunc(sils, func(s string) bool { return strings.Contains(s, name) })
	}

	// check compares every page with the engine's state after a move.
	check := func(after string, s srState) {
		t.Helper()
		secrets := make([]srSecrets, len(srPlayers))
		for i, v := range s.Views {
			secrets[i] = srSecretsOf(v)
		}
		// The ambushes hidden so far, from a base player's view.
		var squares []struct{ card, square, line string }
		for i, v := range s.Views {
			if !s.Public.Players[i].Base {
				continue
			}
			for _, a := range v.Ambushes {
				if a.Square != "" {
					sq := srSquare(a.Square)
					line := engine.EN.S("sr.ui.ambush_line", "card", a.Card, "player", srPlayers[a.Owner], "state", sq)
					squares = append(squares, struct{ card, square, line string }{a.Card, sq, domText(line)})
				}
			}
			break
		}
		var wantRows []string
		for _, pl := range s.Public.Players {
			if pl.Silhouette == nil {
				wantRows = append(wantRows, "?")
			} else {
				name, _ := superrock.CutAttr(engine.EN.Text(pl.Silhouette.Name), pl.Silhouette.Attr)
				wantRows = append(wantRows, name+" "+pl.Silhouette.Attr)
			}
		}
		// Every page is read at once, in one evaluation each.
		reads := readAll[srPage](t, tabs, srPageJS)
		for i, tb := range tabs {
			seat, page, rd := g.seatOf(tb), reads[i].HTML, reads[i]
			var mine srSecrets
			base := false
			if seat != engine.Public {
				mine = secrets[seat]
				base = s.Public.Players[seat].Base
			}
			// The page's own secrets sit behind hold-to-reveal.
			cards := rd.Cards
			if seat == engine.Public {
				if cards != 0 || strings.Contains(page, `id="secret"`) {
					t.Errorf("%s after %s: %d character cards, a #secret: %v; want none", tb.name, after, cards, strings.Contains(page, `id="secret"`))
				}
			} else {
				want := 0
				if mine.Name != "" {
					want = 1
				}
				if cards != want {
					t.Errorf("%s after %s: %d character cards, want %d", tb.name, after, cards, want)
				}
				if rd.Secret == nil {
					t.Fatalf("%s after %s: no hold-to-reveal area (#app .hold .secret)", tb.name, after)
				}
				secret := *rd.Secret
				for _, x := range append([]string{mine.Name, mine.Notes, mine.Shadow, mine.Pick}, append(mine.Squares, mine.Hand...)...) {
					if x != "" && !strings.Contains(secret, x) {
						t.Errorf("%s after %s: the secret area lacks %q:\n%s", tb.name, after, x, secret)
					}
				}
				// The forms the leak check looks for are the page's own.
				for _, l := range mine.leaks() {
					if l.html != "" && !strings.Contains(page, l.html) {
						t.Errorf("%s after %s: its own %s is not written %s", tb.name, after, l.what, l.html)
					}
				}
			}
			// Principle 1: no other seat's secrets on this page.
			var others []secret
			for o, x := range secrets {
				if engine.Seat(o) == seat {
					continue
				}
				// A secret this page's seat shares (the same roll, the
				// same notes) is its own as well.
				own := mine.leaks()
				for _, leak := range x.leaks() {
					if !slices.ContainsFunc(own, func(l srLeak) bool { return l.html == leak.html }) {
						others = append(others, secret{srPlayers[o] + "'s " + leak.what, leak.html})
					}
				}
				if x.Name != "" && x.Name != mine.Name && !ambiguous(x.Name) {
					others = append(others, secret{srPlayers[o] + "'s character", domText(x.Name)})
				}
			}
			tb.checkNoLeak(after, page, others...)
			// SR-16: where the ambushes lie is for the base players alone.
			// In play every phone may have buttons naming every square (the
			// planet board), which tell nothing: those are left out.
			if !base {
				var lines, where []secret
				for _, a := range squares {
					lines = append(lines, secret{"where ambush " + a.card + " lies", a.line})
					where = append(where, secret{"where ambush " + a.card + " lies", a.square})
				}
				tb.checkNoLeak(after, page, lines...)
				tb.checkNoLeak(after, rd.NoButtons, where...)
			}
			if !base && strings.Contains(page, domText(engine.EN.S("sr.ui.hand"))) {
				t.Errorf("%s after %s: the page shows planet cards, but it is not a base player's", tb.name, after)
			}
			// The players table is the public line-up.
			if got := rd.Rows; !slices.Equal(got, wantRows) {
				t.Errorf("%s after %s: silhouettes %q, want %q", tb.name, after, got, wantRows)
			}
		}
	}
	check("the opening", p.Start)

	rejectLine := engine.EN.S("sr.ev.reject", "player", "Ben")
	rerollLine := engine.EN.S("sr.ev.reroll", "attr", "@sr.attr.evil")
	rerolled := false
	for i, m := range p.Steps {
		what := fmt.Sprintf("move %d (%s: %s)", i+1, srPlayers[m.Seat], m.Action)
		g.play(what, m.move, m.story)
		check(what, m.After)

		switch {
		case m.Action == "deal" && m.After.Public.Deals == 1:
			// SR-13: only Ben played his character tonight; only his phone
			// offers the reject. His card hides behind hold-to-reveal.
			for _, tb := range phones {
				has := tb.hasButton("reject")
				if want := tb == phones[srBen]; has != want {
					t.Errorf("%s after %s: a reject button %v, want %v", tb.name, what, has, want)
				}
			}
			phones[srBen].checkHold(engine.EN.S("sr.ui.your_character"), srSecretsOf(m.After.Views[srBen]).Name)
		case m.Action == "reject":
			for _, tb := range tabs {
				if !strings.Contains(tb.state().Feed, rejectLine) {
					t.Errorf("%s after %s: the story lacks %q", tb.name, what, rejectLine)
				}
			}
		case strings.HasPrefix(m.Action, "pick ") && m.After.Public.ShadowRounds == 2 && !rerolled:
			// SR-15: the first round had no Evil silhouette; everyone rolls again.
			rerolled = true
			for _, tb := range tabs {
				if !strings.Contains(tb.state().Feed, rerollLine) {
					t.Errorf("%s after %s: the story lacks %q", tb.name, what, rerollLine)
				}
			}
			for s, tb := range phones {
				if !tb.hasButton("roll") {
					t.Errorf("%s after %s: no shadow roll button for %s", tb.name, what, srPlayers[s])
				}
			}
		case strings.HasPrefix(m.Action, "roll") && m.After.Public.Phase == "shadow":
			phones[m.Seat].checkHold(srSecretsOf(m.After.Views[m.Seat]).Shadow)
		}
	}
	if !rerolled {
		t.Errorf("the shadow roll was never done again")
	}

	// Play begins: every page shows the planet phase's turns, and only
	// them (the whole order is the secret base's); the base players hold
	// their planet cards.
	end := p.Steps[len(p.Steps)-1].After
	names := func(seats []engine.Seat) string {
		var out []string
		for _, s := range seats {
			out = append(out, srPlayers[s])
		}
		return strings.Join(out, ", ")
	}
	for _, tb := range tabs {
		order := evalIn[string](tb, `(document.querySelector("#app #order") || {}).textContent || ""`)
		if want := "Planet phase turns: " + names(end.Public.PlanetOrder); order != want {
			t.Errorf("%s at the end: #order = %q, want %q", tb.name, order, want)
		}
		if got, want := evalIn[string](tb, `document.querySelector("#app #status").textContent`), engine.EN.Text(end.Public.Status); !strings.Contains(got, want) {
			t.Errorf("%s at the end: #status = %q, want %q", tb.name, got, want)
		}
	}
	for s, pl := range end.Public.Players {
		if pl.Base && len(end.Views[s].Hand) == 0 {
			t.Errorf("base player %s has no planet cards at the start of play", pl.Name)
		}
	}
	t.Logf("%s preparation took %v", browser, time.Since(start).Round(time.Millisecond))
}
