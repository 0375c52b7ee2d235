package moderator

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/superrock"
)

// srMoveWords are what a mover's phone says, and nothing else's may
// ("Your moves" is the fold of every phone's choices).
var srMoveWords = map[engine.Lang][]string{
	engine.EN: {"Your move:", "Your decision:", "Your turn."},
	engine.JA: {"あなたの番：", "あなたの判断：", "あなたの番です"},
}

// srTurns is the test's own record of the turns it played (SR-17,
// SR-20, SR-26): who landed last in the planet phase, who took the last
// turn in the secret base. The expected mover follows from it, not from
// the engine's Movers.
type srTurns struct {
	planet, base engine.Seat
}

// next is the first seat after last, going round the turn order, that
// ok accepts; the starter's turn comes first before anyone moved.
func (srTurns) next(v superrock.PublicView, last engine.Seat, ok func(p superrock.PlayerView) bool) []engine.Seat {
	order := v.TurnOrder
	start := 0
	if i := slices.Index(order, last); i >= 0 {
		start = i + 1
	}
	for i := range order {
		if s := order[(start+i)%len(order)]; ok(v.Players[s]) {
			return []engine.Seat{s}
		}
	}
	return nil
}

// expected is whose move it is, worked out from the rules and the
// public view: all seats the table waits for in the preparation's
// simultaneous steps, one seat in turn in play.
func (tr srTurns) expected(tb *Table) []engine.Seat {
	v := tb.Snapshot(engine.Public).View.(superrock.PublicView)
	var out []engine.Seat
	seats := func(ok func(p superrock.PlayerView) bool) []engine.Seat {
		for _, p := range v.Players {
			if ok(p) {
				out = append(out, p.Seat)
			}
		}
		return out
	}
	has := func(s engine.Seat, prefix string) bool {
		return slices.ContainsFunc(tb.Legal(s), func(c engine.Choice) bool { return strings.HasPrefix(string(c.Action), prefix) })
	}
	switch v.Phase {
	case "deal", "confirm":
		return seats(func(superrock.PlayerView) bool { return true })
	case "lineup":
		// SR-15: the Evil silhouettes that have not kept theirs (two or
		// more remain while the line-up lasts).
		return seats(func(p superrock.PlayerView) bool {
			return p.Silhouette != nil && p.Silhouette.Attr == "E" && !p.KeepsSilhouette
		})
	case "reject":
		return seats(func(p superrock.PlayerView) bool { return !p.Kept })
	case "shadow":
		return seats(func(p superrock.PlayerView) bool { return !p.Picked })
	case "ambush":
		return seats(func(p superrock.PlayerView) bool { return has(p.Seat, "ambush ") })
	case "order":
		// SR-17: the non-base players roll; with real dice each enters
		// theirs, and who has rolled is out of this round.
		return seats(func(p superrock.PlayerView) bool {
			return !p.Base && (v.Options.Dice == superrock.VirtualDice || has(p.Seat, "rolled "))
		})
	case "veto":
		d := v.Declaration
		return []engine.Seat{d.Order[d.Answered]}
	case "override":
		return []engine.Seat{v.Declaration.Declarer}
	case "play":
	default:
		return nil
	}
	for _, a := range v.Ambushes {
		if a.State == "asked" { // SR-24: the owner decides
			return []engine.Seat{a.Owner}
		}
	}
	switch v.Stage {
	case "planet":
		return tr.next(v, tr.planet, func(p superrock.PlayerView) bool { return !p.Base && !p.Dead })
	case "hubs":
		return seats(func(p superrock.PlayerView) bool { return p.Base })
	case "base":
		return tr.next(v, tr.base, func(p superrock.PlayerView) bool { return !p.Dead && (!p.Entered || !p.Base) })
	}
	return nil
}

// srTurnEnds: a turn in the secret base is an entry roll (SR-26: with
// real dice the level is declared first, the sum ends the turn; a base
// player's entry square) or a step onto a square.
func srTurnEnds(a string, dice superrock.Dice) bool {
	switch {
	case a == "enter", strings.HasPrefix(a, "sum "), strings.HasPrefix(a, "open "):
		return true
	case strings.HasPrefix(a, "enter "):
		return dice == superrock.VirtualDice || strings.Contains(a, "-")
	}
	return false
}

// srBoardMoves are the actions that answer a turn's question.
var srBoardMoves = []string{"land ", "appear", "stay", "hub ", "enter", "sum ", "open ", "destroy "}

// TestSuperrockWhoseMove plays seeded seven-player games (virtual board,
// both kinds of dice) through the preparation, the planet phase and the
// secret base, and checks at every step, on every phone in both
// languages, that exactly the movers' phones say "Your move" / "Your
// decision" with their status box marked, and the table screen marks
// exactly them with ▶. Now and then a player lands out of turn: the turn
// follows whoever moved (SR-17, SR-20, SR-24, SR-25, SR-26).
func TestSuperrockWhoseMove(t *testing.T) {
	t.Parallel()
	for i, dice := range []superrock.Dice{superrock.VirtualDice, superrock.PhysicalDice} {
		t.Run(dice.String(), func(t *testing.T) {
			seed := uint64(7 + i)
			st, tb := newSuperrockTable(t, 7, dice, superrock.VirtualBoard, seed)
			h := NewServer(st, engine.EN).Handler()
			r := engine.NewRand(seed)
			tr := srTurns{planet: -1, base: -1}
			stages := map[string]int{}
			for step := 0; step < 400 && !tb.Snapshot(engine.Public).Outcome.Over; step++ {
				v := tb.Snapshot(engine.Public).View.(superrock.PublicView)
				where := fmt.Sprintf("step %d (%s %s)", step, v.Phase, v.Stage)
				stages[v.Phase+" "+v.Stage]++
				for _, a := range v.Ambushes {
					if a.State == "asked" {
						stages["ambush decision"]++
					}
				}
				want := tr.expected(tb)
				srCheckMovers(t, h, tb, want, where)
				for _, k := range srCheckState(t, h, tb, where) {
					stages[k]++
				}
				s, c := srNextMove(t, tb, r, want)
				if _, err := tb.Act(s, string(c.Action), -1); err != nil {
					t.Fatalf("%s: Act(%d, %q) = %v", where, s, c.Action, err)
				}
				a := string(c.Action)
				switch {
				case v.Stage == "planet" && strings.HasPrefix(a, "land "):
					tr.planet = s
				case v.Stage == "base" && srTurnEnds(a, dice):
					tr.base = s
				}
			}
			for _, want := range []string{"reject ", "shadow ", "order ", "play planet", "ambush decision", "ambush opened", "play hubs", "play base", "hub destroyed"} {
				if stages[want] == 0 {
					t.Errorf("the game never reached %q: %v", want, stages)
				}
			}
			t.Logf("steps by phase and stage: %v", stages)
		})
	}
}

// srNextMove is the step a test table takes: in play the mover answers
// the turn's question, but one time in five another living non-base
// player lands out of turn; elsewhere a random move (in the line-up, an
// Evil silhouette's keep or switch).
func srNextMove(t *testing.T, tb *Table, r *engine.Rand, movers []engine.Seat) (engine.Seat, engine.Choice) {
	t.Helper()
	board := func(s engine.Seat, only string) []engine.Choice {
		var out []engine.Choice
		for _, c := range tb.Legal(s) {
			for _, p := range srBoardMoves {
				if strings.HasPrefix(string(c.Action), p) && strings.HasPrefix(string(c.Action), only) {
					out = append(out, c)
				}
			}
		}
		return out
	}
	v := tb.Snapshot(engine.Public).View.(superrock.PublicView)
	switch v.Phase {
	case "play":
		if v.Stage == "planet" && r.IntN(5) == 0 {
			for range 10 {
				s := engine.Seat(r.IntN(len(v.Players)))
				if cs := board(s, "land "); len(cs) > 0 && !slices.Contains(movers, s) {
					return s, cs[r.IntN(len(cs))]
				}
			}
		}
		for _, s := range movers {
			if cs := board(s, ""); len(cs) > 0 {
				return s, cs[r.IntN(len(cs))]
			}
		}
	}
	s, c, ok := srMove(tb, r)
	if !ok {
		t.Fatal("nobody can move")
	}
	return s, c
}

// srCheckMovers checks every phone and the table screen against want.
func srCheckMovers(t *testing.T, h http.Handler, tb *Table, want []engine.Seat, where string) {
	t.Helper()
	hdr := tb.Header()
	for _, l := range engine.Langs {
		for s := range hdr.Seats {
			seat := engine.Seat(s)
			body := do(t, h, "GET", "/s/"+hdr.Tokens[s], nil, "Accept-Language", string(l)).Body.String()
			says := ""
			for _, w := range srMoveWords[l] {
				if strings.Contains(body, w) {
					says = w
				}
			}
			mine := slices.Contains(want, seat)
			switch {
			case mine && (says == "" || !strings.Contains(body, `class="status me"`) || !strings.Contains(body, `<b id="move">`+says)):
				t.Fatalf("%s, %s: %s moves (movers %v) but the phone does not say so in its status:\n%s", where, l, hdr.Seats[s], want, srStatus(body))
			case !mine && (says != "" || strings.Contains(body, `class="status me"`)):
				t.Fatalf("%s, %s: %s's phone says %q, but the movers are %v:\n%s", where, l, hdr.Seats[s], says, want, srStatus(body))
			}
		}
		body := do(t, h, "GET", "/t/"+hdr.TableToken, nil, "Accept-Language", string(l)).Body.String()
		for _, w := range srMoveWords[l] {
			if strings.Contains(body, w) {
				t.Fatalf("%s, %s: the table screen says %q", where, l, w)
			}
		}
		if n := strings.Count(body, `<tr class="turn">`); n != len(want) && !srEveryone(tb) {
			t.Fatalf("%s, %s: the table screen marks %d players, want %v", where, l, n, want)
		}
	}
}

// srEveryone: every seat may make the move (deal, confirm), so the table
// screen marks nobody in particular.
func srEveryone(tb *Table) bool {
	switch srPhase(tb) {
	case "deal", "confirm":
		return true
	}
	return false
}

func srStatus(body string) string {
	i := strings.Index(body, `id="status"`)
	if i < 0 {
		return "(no status)"
	}
	j := min(len(body), i+300)
	return body[max(0, i-30):j]
}

// srCheckState checks that the table screen (en) says what is true now,
// never what was true earlier (issue 27): only the current stage's order;
// an opened ambush not "hidden", and no ambushes after the planet phase;
// a destroyed hub marked ✖ on its square; the turn-order roll waiting
// only for the non-base players. It returns the states it saw.
func srCheckState(t *testing.T, h http.Handler, tb *Table, where string) []string {
	t.Helper()
	v := tb.Snapshot(engine.Public).View.(superrock.PublicView)
	body := do(t, h, "GET", "/t/"+tb.Header().TableToken, nil, "Accept-Language", "en").Body.String()
	var saw []string
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s: the table screen %s:\n%s", where, fmt.Sprintf(format, args...), srStatus(body))
	}
	// The orders, the ambushes and the board are in the page's columns;
	// "On the table now" above them keeps the last steps' instructions,
	// which may name an earlier stage's order.
	cols := body
	if i := strings.Index(body, `<div class="cols">`); i >= 0 {
		cols = body[i:]
	}
	has := func(s string) bool { return strings.Contains(cols, s) }
	switch v.Stage {
	case "planet":
		if !has("Planet phase turns:") || has("Turn order:") {
			fail("does not show the planet phase's turns alone")
		}
		for _, a := range v.Ambushes {
			line := fmt.Sprintf("Ambush %s (%s): hidden", a.Card, v.Players[a.Owner].Name)
			if a.State != "" {
				saw = append(saw, "ambush opened")
				if has(line) {
					fail("says %q after it was opened (%s)", line, a.State)
				}
			} else if !has(line) {
				fail("does not say %q", line)
			}
		}
	case "hubs", "base":
		over := v.Phase == "confirm" || v.Phase == "over" // no turns left
		if has("Turn order:") == over || has("Planet phase turns:") || has("Ambush A (") {
			fail("shows the planet phase's order or ambushes in the %s stage", v.Stage)
		}
	}
	for _, sq := range v.Base {
		if sq.Destroyed {
			saw = append(saw, "hub destroyed")
			if !has("✖ " + engine.EN.Text(sq.Card.Name)) {
				fail("does not mark the destroyed %s on its square %s", engine.EN.Text(sq.Card.Name), sq.Square)
			}
		}
	}
	if v.Phase == "order" {
		// "Waiting for: …", or the one player left named in the move line.
		i := strings.Index(body, `id="waiting"`)
		end := "</small>"
		if i < 0 {
			i, end = strings.Index(body, `id="move"`), "</b>"
		}
		if i < 0 {
			fail("does not say whom the turn-order roll waits for")
			return saw
		}
		waiting, _, _ := strings.Cut(body[i:], end)
		for _, p := range v.Players {
			if p.Base && strings.Contains(waiting, p.Name) {
				fail("waits for base player %s in the turn-order roll (SR-17)", p.Name)
			}
		}
	}
	return saw
}
