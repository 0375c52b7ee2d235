package moderator_test

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/ayatsuri"
	"tablemaster/moderator"
)

// The seats of the Ayatsuri browser game, in seat order; Aki holds the
// dictator marker, so the draft goes Aki, Ben, Chika, Dai.
var ayPlayers = []string{"Aki", "Ben", "Chika", "Dai"}

const (
	ayAki engine.Seat = iota
	ayBen
	ayChika
	ayDai
)

// ayScript is the round the browser plays, one button a move. Aki is handed
// ① … ⑤ (the seed puts ⑥ and ⑦ face up and face down). The last pick ends
// the draft. Dai's Cop accuses Chika and Aki's Assassin declares ④, both
// pending (AY-17); Ben's Detective guards Chika. Chika reveals ④: the
// Assassin's kill wins over the Cop's (AY-22), the guard cancels it and
// Chika, who has only life chips, pays one at once; Ben keeps it as a kill
// chip (AY-24). Nobody was killed, so the Serial Killer names two (AY-25),
// and round 2's draft starts (AY-40).
var ayScript = []move{
	{ayAki, "pick 2"}, {ayAki, "pass"},
	{ayBen, "pick 3"}, {ayBen, "pass"},
	{ayChika, "pick 4"}, {ayChika, "pass"},
	{ayDai, "pick 1"},
	{ayDai, "reveal"}, {ayDai, "accuse Chika"},
	{ayAki, "reveal"}, {ayAki, "declare 4"},
	{ayBen, "reveal"}, {ayBen, "guard Chika"},
	{ayChika, "reveal"},
	{ayBen, "take kill"},
	{ayChika, "target Aki"}, {ayChika, "target Dai"},
}

// ayState is what the engine says each device may know at one moment.
type ayState struct {
	Public ayatsuri.PublicView
	// Hidden are the roles whose names are not public, each with the
	// seats that may know it: those handed the card in this round's draft.
	Hidden map[ayatsuri.Role][]engine.Seat
	// Drafter holds the draft cards Hand now, or -1.
	Drafter engine.Seat
	Hand    []ayatsuri.RoleCard
}

// ayStep is one move of ayScript with what the engine says follows.
type ayStep struct {
	move
	audience
	After ayState
}

// ayPlan is the round of ayScript worked out with the engine.
type ayPlan struct {
	Seed             uint64
	FaceUp, FaceDown ayatsuri.Role
	Start            ayState
	Steps            []ayStep
}

func ayConfig() ayatsuri.Config { return ayatsuri.Config{Players: slices.Clone(ayPlayers)} }

// planAyatsuri finds the first seed on which ayScript plays as described.
// The engine is deterministic (principle 5), so the moderator plays the
// same round.
func planAyatsuri(t *testing.T) ayPlan {
	t.Helper()
	return findSeed(t, "hands Aki ① … ⑤ and plays the scripted round", planAyatsuriSeed)
}

func planAyatsuriSeed(seed uint64) (ayPlan, bool) {
	g, err := ayatsuri.New(ayConfig(), seed)
	if err != nil {
		return ayPlan{}, false
	}
	var nos []int
	for _, c := range g.View(ayAki).(ayatsuri.View).Hand {
		nos = append(nos, c.No)
	}
	if !slices.Equal(nos, []int{1, 2, 3, 4, 5}) {
		return ayPlan{}, false
	}
	pv := g.PublicView().(ayatsuri.PublicView)
	up := ayatsuri.Role(pv.FaceUp[0].No)
	p := ayPlan{Seed: seed, FaceUp: up, FaceDown: ayatsuri.Doctor + ayatsuri.Terrorist - up}
	handed := map[ayatsuri.Role][]engine.Seat{}
	round := 1
	state := func() ayState {
		pv := g.PublicView().(ayatsuri.PublicView)
		if pv.Round != round {
			round, handed = pv.Round, map[ayatsuri.Role][]engine.Seat{}
		}
		st := ayState{Public: pv, Drafter: -1, Hidden: map[ayatsuri.Role][]engine.Seat{}}
		if ph := g.Phase(); ph == ayatsuri.PhPick || ph == ayatsuri.PhPass {
			st.Drafter = g.Turn()
			st.Hand = g.View(st.Drafter).(ayatsuri.View).Hand
			for _, c := range st.Hand {
				r := ayatsuri.Role(c.No)
				if !slices.Contains(handed[r], st.Drafter) {
					handed[r] = append(handed[r], st.Drafter)
				}
			}
		}
		// Public: every round's face-up cards and revealed roles.
		public := map[ayatsuri.Role]bool{}
		for _, h := range pv.History {
			for _, c := range h.FaceUp {
				public[ayatsuri.Role(c.No)] = true
			}
			for _, c := range h.Roles {
				if c != nil {
					public[ayatsuri.Role(c.No)] = true
				}
			}
		}
		// The current call is public: the holder of a called role reveals.
		for s := range ayPlayers {
			if r := g.RoleOf(engine.Seat(s)); r != ayatsuri.NoRole && int(r) <= pv.Call {
				public[r] = true
			}
		}
		for _, r := range ayatsuri.Roles(false) {
			if !public[r] {
				st.Hidden[r] = slices.Clone(handed[r])
			}
		}
		return st
	}
	p.Start = state()
	for _, m := range ayScript {
		evs, err := g.Apply(m.Seat, engine.Action(m.Action))
		if err != nil {
			return ayPlan{}, false
		}
		p.Steps = append(p.Steps, ayStep{move: m, audience: audienceOf(evs, len(ayPlayers)), After: state()})
	}
	// The round went as ayScript says: Chika paid the fee and Ben kept it
	// as a kill chip, then the Serial Killer killed Aki and Dai; round 2's
	// draft has begun with Aki's marker.
	end := p.Steps[len(p.Steps)-1].After.Public
	life := []int{2, 3, 2, 2}
	kills := []int{0, 1, 2, 0}
	for s, pl := range end.Players {
		if pl.Life != life[s] || pl.Kills != kills[s] {
			return ayPlan{}, false
		}
	}
	if end.Round != 2 || g.Phase() != ayatsuri.PhPick || g.Turn() != ayAki {
		return ayPlan{}, false
	}
	return p, true
}

// step returns the plan's step after move m, or fails.
func (p ayPlan) step(t *testing.T, seat engine.Seat, action string) ayStep {
	t.Helper()
	for _, s := range p.Steps {
		if s.Seat == seat && s.Action == action {
			return s
		}
	}
	t.Fatalf("no step %s %q in the plan", ayPlayers[seat], action)
	return ayStep{}
}

// TestAyatsuriBrowserPlan checks on the engine alone, also in -short mode,
// that the round TestBrowserAyatsuri plays still goes as scripted.
func TestAyatsuriBrowserPlan(t *testing.T) {
	p := planAyatsuri(t)
	t.Logf("seed %d: face up %s, face down %s", p.Seed, p.FaceUp.Mark(), p.FaceDown.Mark())
	declare := p.step(t, ayAki, "declare 4").After.Public.Declarations
	if len(declare) != 2 || !declare[0].Pending || !declare[1].Pending {
		t.Errorf("after declare 4 the declarations are %+v, want the Cop's and the Assassin's, both pending", declare)
	}
	fee := p.step(t, ayChika, "reveal").After
	if fee.Public.Phase != ayatsuri.PhFeeTake || fee.Public.Players[ayChika].Life != 2 || fee.Public.Players[ayChika].Killed {
		t.Errorf("after Chika's reveal: phase %s, Chika %+v; want Ben taking the fee, Chika at 2 life and not killed", fee.Public.Phase, fee.Public.Players[ayChika])
	}
	if pend := fee.Public.Declarations; len(pend) < 2 || pend[0].Pending || pend[1].Pending {
		t.Errorf("after Chika's reveal the declarations are %+v, want none pending", pend)
	}
}

// declareButton is an Assassin's choice on its own phone: its buttons name
// every role from ③ on, the face-down card's too, and that is no leak.
var declareButton = regexp.MustCompile(`<button[^>]*value="declare \d+"[^>]*>[^<]*</button>`)

// ayRow is a row of the players table as a page shows it.
type ayRow struct {
	Name   string `json:"name"`
	Killed bool   `json:"killed"`
	Mark   bool   `json:"mark"`
	Life   string `json:"life"`
	Kills  string `json:"kills"`
	Role   string `json:"role"`
}

const ayRowsJS = `Array.from(document.querySelectorAll("#app table.ay:not(.hist) tr")).slice(1).map(tr => ({
	name: (tr.querySelector("b") || {}).textContent || "",
	killed: tr.classList.contains("killed"),
	mark: tr.cells[0].textContent.includes("✖"),
	life: tr.cells[1].textContent.trim(),
	kills: tr.cells[2].textContent.trim(),
	role: tr.cells[3].textContent.trim()
}))`

// ayDeclsJS lists the round's declarations as a page shows them.
func ayDeclsJS() string {
	return `(h => h ? Array.from(h.nextElementSibling.querySelectorAll("li")).map(li => li.textContent.trim()) : [])(
		Array.from(document.querySelectorAll("#app h2")).find(h => h.textContent === ` + jsString(engine.EN.S("ay.ui.declarations")) + `))`
}

// ayHistJS is the round-by-round history table: a row of cell texts for
// the head and each round.
const ayHistJS = `Array.from(document.querySelectorAll("#app table.hist tr")).map(tr => Array.from(tr.cells).map(c => c.textContent.trim()))`

func ayChips(n int, symbol string) string {
	if n <= 0 {
		return "0"
	}
	return strconv.Itoa(n) + " " + strings.Repeat(symbol, n)
}

func ayCard(c ayatsuri.RoleCard) string { return c.Mark + " " + engine.EN.S(c.Key) }

// TestBrowserAyatsuri plays a seeded round of Ayatsuri in headless
// Chromium: four phones and the table screen, each in a browser context of
// its own, every move a click on the acting phone's button on the real
// server — the secret draft, the calling with a pending Cop accusation and
// a pending Assassin kill, the Detective's guard and fee, the Serial Killer
// at round end, up to round 2's draft. After every move all five pages
// must have followed live, without a reload, and agree with the engine's
// public view (players, chips, roles, declarations). No page may ever hold
// a role's name before it is public, except the pages of the seats handed
// that card in the draft (AY-12, principle 1); the face-down card is never
// named; hold-to-reveal hides the hand and the role until a finger is down.
func TestBrowserAyatsuri(t *testing.T) { testBrowserAyatsuri(t, Chromium) }

// TestBrowserAyatsuriWebKit is TestBrowserAyatsuri in WebKit.
func TestBrowserAyatsuriWebKit(t *testing.T) { testBrowserAyatsuri(t, WebKit) }

func testBrowserAyatsuri(t *testing.T, browser string) {
	t.Parallel()
	start := time.Now()
	p := planAyatsuri(t)
	t.Logf("seed %d: face up %s, face down %s; %d moves", p.Seed, p.FaceUp.Mark(), p.FaceDown.Mark(), len(p.Steps))

	g := startGame(t, browser, moderator.NewTableSpec{Game: "ayatsuri", Seats: slices.Clone(ayPlayers), Options: ayConfig(), Seed: p.Seed})
	g.openDevices(ayPlayers...)
	phones, screen := g.phones, g.screen

	// Phrases that name a role in public on purpose: the board's "Serial
	// Killer's targets" and every declaration made so far.
	public := []string{engine.EN.S("ay.ui.serial_targets")}
	handLabel := engine.EN.S("ay.ui.hand")

	// check compares every page with the engine's state after a move.
	check := func(after string, s ayState) {
		t.Helper()
		for _, d := range s.Public.Declarations {
			if txt := engine.EN.Text(d.Msg); !slices.Contains(public, txt) {
				public = append(public, txt)
			}
		}
		g.pages(func(tb *tab, seat engine.Seat, html string) {
			// AY-12: the cards handed in the draft sit on the drafter's phone only.
			if got, want := strings.Contains(html, handLabel), s.Drafter >= 0 && seat == s.Drafter; got != want {
				t.Errorf("%s after %s: holds %q = %v, want %v (the drafter is seat %d)", tb.name, after, handLabel, got, want, s.Drafter)
			}
			// Principle 1: a role's name that is not public sits only on the
			// phones of the seats handed that card.
			clean := declareButton.ReplaceAllString(html, "")
			for _, ph := range public {
				clean = strings.ReplaceAll(clean, ph, "")
			}
			var hidden []secret
			for r, may := range s.Hidden {
				if slices.Contains(may, seat) {
					continue
				}
				hidden = append(hidden, secret{"the name of " + r.Mark() + ", not yet public", engine.EN.S(r.Key())})
				// In round 1 no page shows a mark it was not handed either
				// (a seat's own "You are handed" line keeps the marks of
				// round 1's hand into round 2).
				if s.Public.Round == 1 {
					hidden = append(hidden, secret{"a card it was not handed", r.Mark()})
				}
			}
			tb.checkNoLeak(after, clean, hidden...)
			// The players table and the declarations are the public view.
			rows := evalIn[[]ayRow](tb, ayRowsJS)
			if len(rows) != len(s.Public.Players) {
				t.Errorf("%s after %s: %d rows in the players table, want %d", tb.name, after, len(rows), len(s.Public.Players))
				return
			}
			for i, pl := range s.Public.Players {
				want := ayRow{Name: pl.Name, Killed: pl.Killed, Mark: pl.Killed, Life: ayChips(pl.Life, "○"), Kills: ayChips(pl.Kills, "●"), Role: "?"}
				if pl.Role != nil {
					want.Role = ayCard(*pl.Role)
				}
				if rows[i] != want {
					t.Errorf("%s after %s: players row %d = %+v, want %+v", tb.name, after, i, rows[i], want)
				}
			}
			var decls []string
			for _, d := range s.Public.Declarations {
				txt := engine.EN.Text(d.Msg)
				if d.Pending {
					txt = txt + " (" + engine.EN.S("ay.ui.pending") + ")"
				}
				decls = append(decls, txt)
			}
			if got := evalIn[[]string](tb, ayDeclsJS()); !slices.Equal(got, decls) {
				t.Errorf("%s after %s: declarations %q, want %q", tb.name, after, got, decls)
			}
		})
	}
	check("the opening", p.Start)
	if d := p.Start.Drafter; d >= 0 {
		phones[d].checkHold(ayHand(p.Start.Hand)...)
	}

	for i, m := range p.Steps {
		what := fmt.Sprintf("move %d (%s: %s)", i+1, ayPlayers[m.Seat], m.Action)
		g.play(what, m.move, m.story)
		check(what, m.After)

		switch {
		case strings.HasPrefix(m.Action, "pick "):
			// The picker's role hides behind hold-to-reveal; the next
			// drafter's hand too.
			no, _ := strconv.Atoi(strings.TrimPrefix(m.Action, "pick "))
			phones[m.Seat].checkHold(engine.EN.S("ay.ui.your_role"), ayatsuri.Role(no).Mark()+" "+engine.EN.S(ayatsuri.Role(no).Key()))
		case m.Action == "pass":
			phones[m.After.Drafter].checkHold(ayHand(m.After.Hand)...)
		case m.Action == "declare 4":
			// The pending Assassin kill is on the table screen, marked pending.
			decl := engine.EN.S("ay.ev.declare", "name", "Aki", "mark", "④", "role", "@ay.role.4")
			want := decl + " (" + engine.EN.S("ay.ui.pending") + ")"
			if got := evalIn[[]string](screen, ayDeclsJS()); !slices.Contains(got, want) {
				t.Errorf("table screen after %s: declarations %q, want %q among them", what, got, want)
			}
		case m.Seat == ayChika && m.Action == "reveal":
			// AY-22 and AY-24: the Assassin's kill (not the Cop's) is cancelled by the guard.
			guarded := engine.EN.S("ay.ev.guarded", "killer", "Aki", "target", "Chika", "cause", "@ay.cause.assassin", "det", "Ben")
			if !strings.Contains(screen.state().Feed, guarded) {
				t.Errorf("table screen after %s: the story lacks %q", what, guarded)
			}
		case m.Action == "take kill":
			// The fee: Chika's life chip went to Ben, black side up.
			rows := evalIn[[]ayRow](screen, ayRowsJS)
			if rows[ayBen].Kills != "1 ●" || rows[ayChika].Life != "2 ○○" || rows[ayChika].Killed {
				t.Errorf("table screen after %s: Ben %+v, Chika %+v; want Ben with a kill chip, Chika with 2 life and not killed", what, rows[ayBen], rows[ayChika])
			}
			fee := engine.EN.S("ay.do.fee", "name", "Chika", "det", "Ben", "chip", "@ay.chip.life", "side", "@ay.side.kill")
			if got := evalIn[string](screen, `(document.querySelector("#app .todo") || {}).textContent || ""`); !strings.Contains(got, fee) {
				t.Errorf("table screen after %s: to do %q, want %q", what, got, fee)
			}
		}
	}

	// The Serial Killer killed Aki and Dai; round 2 began at once, so the
	// story and the history keep what happened.
	story := screen.state().Feed
	for _, v := range []string{"Aki", "Dai"} {
		kill := engine.EN.S("ay.ev.kill", "killer", "Chika", "cause", "@ay.cause.serial", "target", v)
		if !strings.Contains(story, kill) {
			t.Errorf("table screen: the story lacks %q", kill)
		}
	}
	end := p.Steps[len(p.Steps)-1].After.Public
	wantHist := [][]string{{""}}
	for _, pl := range end.Players {
		wantHist[0] = append(wantHist[0], pl.Name)
	}
	for _, h := range end.History {
		row := []string{strconv.Itoa(h.No)}
		for s, c := range h.Roles {
			cell := "?"
			if c != nil {
				cell = ayCard(*c)
			}
			if h.Done {
				if h.Killed[s] {
					cell += " ✖"
				}
				cell += fmt.Sprintf("%d / %d", h.Life[s], h.Kills[s])
			}
			row = append(row, cell)
		}
		wantHist = append(wantHist, row)
	}
	if len(wantHist) != 3 {
		t.Errorf("the engine's history has %d rounds, want 2", len(wantHist)-1)
	}
	for _, tb := range g.tabs {
		if got := evalIn[[][]string](tb, ayHistJS); !slices.EqualFunc(got, wantHist, slices.Equal) {
			t.Errorf("%s: history %q, want %q", tb.name, got, wantHist)
		}
	}
	t.Logf("%s round took %v", browser, time.Since(start).Round(time.Millisecond))
}

// ayHand is how a phone names the cards of a hand.
func ayHand(h []ayatsuri.RoleCard) []string {
	out := []string{engine.EN.S("ay.ui.hand")}
	for _, c := range h {
		out = append(out, ayCard(c))
	}
	return out
}
