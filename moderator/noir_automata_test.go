package moderator

import (
	"bytes"
	"fmt"
	"io"

	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/noir"
)

var automataCfg = noir.Config{Variant: noir.Automata}

// automataOpening is the start of the worked script of docs/noir.md (seed 3):
// the Killer is ♠5 (E1) disguised as ♠2 (B1), the Inspector ♣2 (D3).
var automataOpening = []struct {
	s engine.Seat
	a string
}{
	{0, "draw"}, {0, "kill ♠4"}, {1, "draw"}, {1, "keep ♦2"}, {0, "shift col E down"}, {1, "canvas ♥Q"},
	{0, "kill ♠9"}, {1, "arrest ♣2"}, {0, "shift col E down"}, {1, "arrest ♣2"}, {0, "kill ♣7"}, {1, "canvas ♥A"},
}

// automataTable is a table of the Automata variant, seed 3, played through
// the opening.
func automataTable(t *testing.T) (*Store, *Table) {
	t.Helper()
	st, tb := newTestTable(t, automataCfg, 3)
	for _, a := range automataOpening {
		mustAct(t, tb, a.s, a.a)
	}
	return st, tb
}

// anonymous replaces a table's random tokens, so that the pages of two
// tables can be compared byte for byte.
func anonymous(tb *Table, body string) string {
	for i, tok := range tb.Header().Tokens {
		body = strings.ReplaceAll(body, tok, "SEAT"+strconv.Itoa(i))
	}
	body = strings.ReplaceAll(body, tb.Header().TableToken, "TABLE")
	return unhashed(strings.ReplaceAll(body, tb.ID(), "TABLE-ID"))
}

// TestAutomataDisguiseLooksTheSame (NA-7, principle 1): a real and a
// pretended Disguise give the Inspector's phone and the table screen the
// same bytes — pages, the live update, the reply to the Inspector's next
// tap — and so does the Killer's undo of it (principle 4: the Killer takes
// a Disguise back alone, and learns nothing new by it).
func TestAutomataDisguiseLooksTheSame(t *testing.T) {
	type side struct {
		st *Store
		tb *Table
		h  http.Handler
	}
	var sides [2]side
	for i, how := range []string{"disguise swap", "disguise pretend"} {
		st, tb := automataTable(t)
		sides[i] = side{st, tb, NewServer(st, engine.EN).Handler()}
		mustAct(t, tb, noir.Killer, how)
	}
	if k0, k1 := sides[0].tb.Snapshot(noir.Killer), sides[1].tb.Snapshot(noir.Killer); sameJSON(k0.View, k1.View) {
		t.Fatal("the Killer's own view is the same after a swap and a pretence")
	}
	same := func(when string) {
		t.Helper()
		for _, l := range engine.Langs {
			for _, p := range []func(tb *Table) string{
				func(tb *Table) string { return "/s/" + tb.Header().Tokens[noir.Inspector] },
				func(tb *Table) string { return "/t/" + tb.Header().TableToken },
			} {
				var got [2]string
				for i, sd := range sides {
					r := do(t, sd.h, "GET", p(sd.tb), nil, "Accept-Language", string(l))
					if r.Code != 200 {
						t.Fatalf("%s: GET %s = %d", when, p(sd.tb), r.Code)
					}
					got[i] = anonymous(sd.tb, r.Body.String())
				}
				if got[0] != got[1] {
					t.Fatalf("%s, %s: a page tells a real Disguise from a pretended one:\n%s", when, l, firstDiff(got[0], got[1]))
				}
			}
			for _, s := range []engine.Seat{noir.Inspector, engine.Public} {
				var got [2]string
				for i, sd := range sides {
					var b bytes.Buffer
					if err := renderApp(&b, sd.tb, s, l, "", "/x"); err != nil {
						t.Fatal(err)
					}
					got[i] = anonymous(sd.tb, b.String())
				}
				if got[0] != got[1] {
					t.Fatalf("%s: the live update to seat %d tells the Disguises apart:\n%s", when, s, firstDiff(got[0], got[1]))
				}
			}
		}
	}
	same("after the Disguise")
	for _, sd := range sides {
		if done, err := sd.tb.RequestUndo(noir.Killer); err != nil || !done {
			t.Fatalf("the Killer undoing a Disguise: done=%v err=%v, want done at once", done, err)
		}
	}
	same("after the Killer took it back")
	for i, how := range []string{"disguise swap", "disguise pretend"} {
		mustAct(t, sides[i].tb, noir.Killer, how)
	}
	same("after the Disguise again")
	// The Inspector taps Arrest on their phone: the replies are the same.
	var got [2]string
	for i, sd := range sides {
		form := url.Values{"a": {"arrest ♣2"}, "v": {strconv.Itoa(sd.tb.Snapshot(noir.Inspector).StateVer)}}
		r := do(t, sd.h, "POST", "/s/"+sd.tb.Header().Tokens[noir.Inspector]+"/act", form, "X-Tablemaster", "fetch")
		if r.Code != 200 {
			t.Fatalf("arrest: %d %s", r.Code, r.Body)
		}
		got[i] = anonymous(sd.tb, r.Body.String()) + r.Header().Get("X-Tablemaster-Version")
	}
	if got[0] != got[1] {
		t.Fatalf("the reply to the Inspector's arrest tells the Disguises apart:\n%s", firstDiff(got[0], got[1]))
	}
	same("after the Inspector's arrest")
}

// automataStep plays one action of the seat to move, favouring what
// reaches the Automata variant's own states (kills, Collapses), and only
// rarely an Accuse, which ends the game.
func automataStep(t *testing.T, tb *Table, r *engine.Rand) {
	t.Helper()
	s := toMove(tb)
	ch := tb.Legal(s)
	var pick []engine.Choice
	for _, c := range ch {
		a := string(c.Action)
		switch {
		case strings.HasPrefix(a, "kill"), strings.HasPrefix(a, "collapse"), strings.HasPrefix(a, "remove"),
			strings.HasPrefix(a, "disguise"), strings.HasPrefix(a, "canvas"):
			pick = append(pick, c, c, c, c)
		case a == "accuse" || a == "cancel":
			if r.IntN(8) == 0 {
				pick = append(pick, c)
			}
		default:
			pick = append(pick, c)
		}
	}
	if len(pick) == 0 {
		pick = ch
	}
	c := pick[r.IntN(len(pick))]
	if _, err := tb.Act(s, string(c.Action), -1); err != nil && !strings.HasPrefix(string(c.Action), "drew") {
		t.Fatalf("Act(%d, %q) = %v", s, c.Action, err)
	}
}

// TestAutomataNoLeakOverHTTP: at every step of seeded random games of the
// Automata variant, every device's page is byte-identical whether the game
// is real or everything hidden from that device was redrawn (identity,
// disguise and which of the two is which since the last Disguise; the
// Inspector's identity and hand; the deck).
func TestAutomataNoLeakOverHTTP(t *testing.T) {
	t.Parallel()
	games := 6
	if testing.Short() {
		games = 2
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		cfg := automataCfg
		if seed%2 == 0 {
			cfg.Deck = noir.Physical
		}
		_, tb := newTestTable(t, cfg, seed)
		r := engine.NewRand(seed * 104729)
		for step := 0; step < 90 && !tb.Snapshot(engine.Public).Outcome.Over; step++ {
			for _, s := range []engine.Seat{engine.Public, noir.Killer, noir.Inspector} {
				checkIndistinguishable(t, tb, s, r, seed, step)
			}
			automataStep(t, tb, r)
		}
	}
}

// automataCollapse plays on from the opening to a Collapse under way: the
// Inspector has chosen to collapse the rows and named ♠4 (D1).
func automataCollapse(t *testing.T, tb *Table) {
	t.Helper()
	for _, a := range []struct {
		s engine.Seat
		a string
	}{{0, "disguise pretend"}, {1, "arrest ♣2"}, {0, "shift col E down"}, {1, "arrest ♣2"}, {0, "kill ♣Q"},
		{1, "arrest ♣2"}, {0, "kill E3"}, {1, "collapse rows"}, {1, "remove D1"}} {
		mustAct(t, tb, a.s, a.a)
	}
}

// TestAutomataPagesGolden: the phones and the table screen in the middle
// of a Collapse (the Inspector picks on grid cells) and of an Accuse.
func TestAutomataPagesGolden(t *testing.T) {
	st, tb := automataTable(t)
	h := NewServer(st, engine.EN).Handler()
	automataCollapse(t, tb)
	shoot := func(state string) {
		for _, l := range []string{"en", "ja"} {
			for _, np := range [][2]string{
				{"killer", "/s/" + tb.Header().Tokens[0]}, {"inspector", "/s/" + tb.Header().Tokens[1]}, {"table", "/t/" + tb.Header().TableToken},
			} {
				r := do(t, h, "GET", np[1], nil, "Accept-Language", l)
				if r.Code != 200 {
					t.Fatalf("%s: %d", np[1], r.Code)
				}
				golden(t, "pages/automata-"+state+"-"+np[0]+"-"+l+".html", []byte(anonymous(tb, r.Body.String())))
			}
		}
	}
	insp := do(t, h, "GET", "/s/"+tb.Header().Tokens[1], nil).Body.String()
	for _, cell := range []string{`value="remove ♠9"`, `value="remove Joker"`, `value="cancel"`} {
		if !strings.Contains(insp, cell) {
			t.Errorf("the Inspector's collapse page lacks the button %s", cell)
		}
	}
	if strings.Contains(insp, `value="remove ♠4"`) {
		t.Errorf("♠4, already chosen, is offered again")
	}
	shoot("collapse")
	for _, a := range []string{"remove D2", "remove E3", "remove D4", "remove D5"} {
		mustAct(t, tb, noir.Inspector, a)
	}
	mustAct(t, tb, noir.Killer, "disguise swap")
	mustAct(t, tb, noir.Inspector, "accuse")
	mustAct(t, tb, noir.Inspector, "name ♠5")
	insp = do(t, h, "GET", "/s/"+tb.Header().Tokens[1], nil).Body.String()
	// A removed suspect can be named too (the disguise may have left).
	for _, want := range []string{`value="name ♠4" data-confirm`, `value="name ♠2" data-confirm`, "If the two are not the Killer"} {
		if !strings.Contains(insp, want) {
			t.Errorf("the Inspector's second name lacks %s", want)
		}
	}
	shoot("accuse")
}

// TestAutomataPhoneBudget: the biggest phone pages of the variant, the
// Accuse (every suspect a button) and the Killer's turn, stay within the
// 16 KB budget with their first live update, in both languages.
func TestAutomataPhoneBudget(t *testing.T) {
	st, tb := automataTable(t)
	h := NewServer(st, engine.EN).Handler()
	automataCollapse(t, tb)
	for _, a := range []string{"remove D2", "remove E3", "remove D4", "remove D5"} {
		mustAct(t, tb, noir.Inspector, a)
	}
	check := func(when string, s engine.Seat) {
		for _, l := range engine.Langs {
			base := "/s/" + tb.Header().Tokens[s]
			p := getPage(t, h, base, l)
			ev := firstEventLen(t, tb, s, l, base)
			t.Logf("%s, seat %d, %s: %d raw, %d gzip, first event %d", when, s, l, p.raw, p.gz, ev)
			if p.gz+ev > maxPhoneGzip {
				t.Errorf("%s: seat %d (%s): %d gzip + %d event > %d", when, s, l, p.gz, ev, maxPhoneGzip)
			}
		}
	}
	check("the Killer's turn", noir.Killer)
	mustAct(t, tb, noir.Killer, "disguise swap")
	mustAct(t, tb, noir.Inspector, "accuse")
	check("accuse", noir.Inspector)
	mustAct(t, tb, noir.Inspector, "name ♠5")
	check("accuse, second name", noir.Inspector)

}

// The rules link of an Automata table opens the Automata sheet.
func TestAutomataRulesSheet(t *testing.T) {
	st, tb := newTestTable(t, automataCfg, 5)
	srv := NewServer(st, engine.EN)
	srv.Sheet = func(w io.Writer, game string, l engine.Lang) error {
		_, err := io.WriteString(w, "sheet "+game)
		return err
	}
	r := do(t, srv.Handler(), "GET", "/s/"+tb.Header().Tokens[0]+"/rules", nil)
	if r.Code != 200 || r.Body.String() != "sheet noir-automata" {
		t.Errorf("rules of an Automata table: %d %q, want the noir-automata sheet", r.Code, r.Body)
	}
}

// TestAutomataUndo (principle 4): a Disguise is the Killer's alone to take
// back; a Canvas answered a question about the Killer's identity, so the
// Inspector undoes it only with the Killer's consent; an Accuse under
// way is public and taken back step by step.
func TestAutomataUndo(t *testing.T) {
	_, tb := automataTable(t) // the Inspector's Canvas was the last action
	if done, err := tb.RequestUndo(noir.Inspector); err != nil || done {
		t.Fatalf("undoing a Canvas: done=%v err=%v, want a request", done, err)
	}
	if u := tb.Snapshot(noir.Killer).Undo; u == nil || fmt.Sprint(u.Waiting) != "[0]" {
		t.Fatalf("the undo of a Canvas waits for %+v, want the Killer", u)
	}
	if done, err := tb.ConfirmUndo(noir.Killer, true); err != nil || !done {
		t.Fatalf("the Killer agrees: done=%v err=%v", done, err)
	}
	todo := tb.Snapshot(engine.Public).Todo
	if len(todo) == 0 || !strings.Contains(engine.EN.Text(todo[0].Msg), "♥A") {
		t.Errorf("after undoing the Canvas the table is told %v, want to take ♥A back", todo)
	}
	mustAct(t, tb, noir.Inspector, "canvas ♥A")
	mustAct(t, tb, noir.Killer, "disguise swap")
	if done, err := tb.RequestUndo(noir.Killer); err != nil || !done {
		t.Fatalf("the Killer undoing a Disguise: done=%v err=%v, want at once", done, err)
	}
	todo = tb.Snapshot(engine.Public).Todo
	if len(todo) != 1 || todo[0].Key != "noir.undo.disguise" {
		t.Errorf("after undoing a Disguise the table is told %v, want noir.undo.disguise", todo)
	}
	mustAct(t, tb, noir.Killer, "disguise pretend")
	mustAct(t, tb, noir.Inspector, "accuse")
	mustAct(t, tb, noir.Inspector, "name ♠5")
	if done, err := tb.RequestUndo(noir.Inspector); err != nil || !done {
		t.Fatalf("taking back the first name of an Accuse: done=%v err=%v", done, err)
	}
	if ch := tb.Legal(noir.Inspector); len(ch) != 26 {
		t.Errorf("after the undo the Inspector names the first suspect again: %d choices, want 25 and cancel", len(ch))
	}
}

// The host page starts a table of the Automata variant with its kills.
func TestHubStartsAutomata(t *testing.T) {
	srv, h, host := newTestHub(t)
	r := do(t, h, "POST", host+"/new", url.Values{"game": {"noir"}, "players": {"Aki,Ben"},
		"noir.variant": {"automata"}, "noir.kills": {"14"}, "noir.deck": {"physical"}})
	if r.Code != http.StatusSeeOther {
		t.Fatalf("new automata table: %d %s", r.Code, r.Body)
	}
	tables := srv.store.Tables()
	if len(tables) != 1 {
		t.Fatalf("%d tables", len(tables))
	}
	opts := string(tables[0].Header().Options)
	for _, want := range []string{`"variant":"automata"`, `"kills":14`, `"shift_rule":"no-undo"`, `"deck":"physical"`} {
		if !strings.Contains(opts, want) {
			t.Errorf("options %s lack %s", opts, want)
		}
	}
	if v := tables[0].Snapshot(engine.Public).View.(noir.PublicView); v.Variant != "automata" || v.KillsToWin != 14 {
		t.Errorf("the table plays %s to %d kills", v.Variant, v.KillsToWin)
	}
}

// A page shows the end of the story and links to the whole of it, so its
// cost does not grow with the game; the whole story page shows every line
// the device may read, a seat's own secret lines only as ✱.
func TestStoryTailAndWholeStory(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{ShiftRule: noir.NoUndo}, 3)
	h := NewServer(st, engine.EN).Handler()
	for _, a := range []struct {
		s engine.Seat
		a string
	}{{0, "draw"}, {0, "kill D1"}, {1, "draw"}, {1, "keep ♦2"}} {
		mustAct(t, tb, a.s, a.a)
	}
	for i := range 40 {
		mustAct(t, tb, engine.Seat(i%2), []string{"shift row 3 left", "shift row 4 left"}[i%2])
	}
	screen := do(t, h, "GET", "/t/"+tb.Header().TableToken, nil).Body.String()
	// The story's lines, not "On the table now", which names the last
	// steps' actions too.
	feed := screen[strings.Index(screen, `<ul class="feed">`):]
	feed = feed[:strings.Index(feed, "</ul>")]
	if n := strings.Count(feed, "shifted row"); n != maxScreenFeed-1 && n != maxScreenFeed {
		t.Errorf("the table screen shows %d shifts, want the last %d lines", n, maxScreenFeed)
	}
	if !strings.Contains(screen, `href="/t/`+tb.Header().TableToken+`/story"`) {
		t.Errorf("no link to the whole story")
	}
	story := do(t, h, "GET", "/t/"+tb.Header().TableToken+"/story", nil).Body.String()
	if n := strings.Count(story, "shifted row"); n != 40 {
		t.Errorf("the whole story shows %d shifts, want 40", n)
	}
	if strings.Contains(story, "Your identity") || !strings.Contains(story, "The Killer drew an identity card.") {
		t.Errorf("the table's whole story is wrong")
	}
	mine := do(t, h, "GET", "/s/"+tb.Header().Tokens[0]+"/story", nil).Body.String()
	if strings.Contains(mine, "Your identity card is") || !strings.Contains(mine, "✱") {
		t.Errorf("the Killer's whole story shows the secret line in the open")
	}
	if r := do(t, h, "GET", "/t/nosuchtoken/story", nil); r.Code != http.StatusNotFound {
		t.Errorf("an unknown link's story: %d", r.Code)
	}
}
