package ayatsuri

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/enginetest"
)

// The no-leak test of the foundation, for Ayatsuri (issue 3: "during the
// draft and before a reveal no device but the holder's can learn a role;
// the face-down cards and unpicked cards are never sent anywhere until
// game over"). Three checks at every step of many seeded games:
//
//  1. Resample: whatever seat s cannot see is redrawn (engine.Resampler),
//     and s's view does not change by a byte. The redraw must really
//     happen (redrawStats), or the check proves nothing.
//  2. Scan: no view names a role card that its seat may not know of —
//     another seat's unrevealed role, a face-down or unpicked card — in
//     the current round or any earlier one (viewLeak).
//  3. Events: a public event names no hidden card, and a private one goes
//     to one seat (eventsLeak).

// leakConfigs cover every player count, with and without the Bomb Girl,
// and both toss modes.
func leakConfigs() []Config {
	var out []Config
	for n := MinPlayers; n <= MaxPlayers; n++ {
		out = append(out, Config{Players: names(n), Start: n % 3},
			Config{Players: names(n), BombGirl: true, Toss: TossChips, Start: n - 1})
	}
	return out
}

func TestNoLeak(t *testing.T) {
	var st redrawStats
	for _, cfg := range leakConfigs() {
		t.Run(fmt.Sprintf("%dp-bomb=%v", len(cfg.Players), cfg.BombGirl), func(t *testing.T) {
			for seed := uint64(1); seed <= 6; seed++ {
				r := engine.NewRand(seed)
				g := newGame(t, cfg, seed)
				err := enginetest.PlayTurns(g, engine.NewRand(seed+1000), 400, func(evs []engine.Event) error {
					if err := invariants(g); err != nil {
						return err
					}
					if err := noLeak(g, r, 2, &st); err != nil {
						return fmt.Errorf("(%s) %v", g.phase, err)
					}
					return eventsLeak(g, evs)
				})
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
			}
		})
	}
	st.check(t)
}

// redrawStats counts how often Resample changed what a seat cannot see,
// among the redraws where something was hidden from it.
type redrawStats struct {
	roles, rolesChanged int // another seat's unrevealed role this round
	fd, fdChanged       int // the face-down cards of this round
	past, pastChanged   int // an earlier round's hidden roles and cards
	future, futureDiff  int // the next random draw
}

func (st *redrawStats) check(t *testing.T) {
	t.Helper()
	t.Logf("redraws: roles %d/%d, face down %d/%d, past rounds %d/%d, future draws %d/%d",
		st.rolesChanged, st.roles, st.fdChanged, st.fd, st.pastChanged, st.past, st.futureDiff, st.future)
	for _, c := range []struct {
		what       string
		n, changed int
	}{
		{"unrevealed roles", st.roles, st.rolesChanged},
		{"face-down cards", st.fd, st.fdChanged},
		{"earlier rounds", st.past, st.pastChanged},
		{"future draws", st.future, st.futureDiff},
	} {
		if c.n < 100 || c.changed*4 < c.n {
			t.Errorf("Resample redrew %s %d times out of %d: a Resample that redraws nothing would pass the no-leak test", c.what, c.changed, c.n)
		}
	}
}

// noLeak resamples every seat's hidden world k times and checks that its
// view stays byte-identical, that the resampled game is a consistent deal,
// that g is left unchanged; then scans every view for hidden cards.
func noLeak(g *Game, r *engine.Rand, k int, st *redrawStats) error {
	before := snapshot(g)
	seats := enginetest.Seats(g)
	err := enginetest.NoLeak(g, r, seats, k, func(s engine.Seat, h *Game) error {
		if err := dealOK(h); err != nil {
			return err
		}
		if h.phase != PhOver {
			st.count(g, h, s)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if after := snapshot(g); after != before {
		return fmt.Errorf("Resample changed the game")
	}
	if g.phase == PhOver {
		return nil
	}
	for _, s := range seats {
		if err := viewLeak(g, s); err != nil {
			return err
		}
	}
	return nil
}

// count records what the redraw h of g for seat s changed.
func (st *redrawStats) count(g, h *Game, s engine.Seat) {
	rd, hr := g.cur(), h.cur()
	hidden, changed := false, false
	for j, p := range rd.Order {
		if j < len(rd.Picks) && p != s && !rd.Shown[p] && !(g.phase == PhReveal && g.turn == p) {
			hidden = true
			changed = changed || hr.Picks[j] != rd.Picks[j]
		}
	}
	if hidden {
		st.roles++
		if changed {
			st.rolesChanged++
		}
	}
	if js := rd.pos(s); js != 0 && !(rd.Added && js == g.n-1 && js < len(rd.Hands)) {
		st.fd++ // only the first drafter can tell the face-down cards
		if !slices.Equal(hr.FaceDown, rd.FaceDown) {
			st.fdChanged++
		}
	}
	for i := 0; i+1 < len(g.rounds); i++ {
		a, b := g.rounds[i], h.rounds[i]
		st.past++
		if !slices.Equal(a.Picks, b.Picks) || !slices.Equal(a.FaceDown, b.FaceDown) || !slices.Equal(a.Hand, b.Hand) {
			st.pastChanged++
		}
	}
	st.future++
	if g.rng.Clone().IntN(1<<30) != h.rng.Clone().IntN(1<<30) {
		st.futureDiff++
	}
}

// dealOK checks that every round of g is a deal the draft could have
// made: the cards partitioned into face up, face down, picks and the
// rest; each hand the previous one less its pick; the face-down cards
// added to the last hand only under AY-9; the marker holder without the
// Bomb Girl; each revealed or killed seat consistent with the calls.
func dealOK(g *Game) error {
	for i, rd := range g.rounds {
		current := i == len(g.rounds)-1
		all := slices.Concat(rd.FaceUp, rd.FaceDown, rd.Picks, rd.Hand)
		if rd.Added {
			all = slices.Concat(rd.FaceUp, rd.Picks, rd.Hand)
		}
		slices.Sort(all)
		if len(rd.Picks) == g.n || !current {
			if !slices.Equal(all, Roles(g.cfg.BombGirl)) {
				return fmt.Errorf("round %d: cards %v", rd.No, all)
			}
		}
		if slices.Contains(rd.FaceUp, Dictator) {
			return fmt.Errorf("round %d: a face-up Dictator", rd.No)
		}
		if len(rd.Picks) > 0 && rd.Picks[0] == BombGirl {
			return fmt.Errorf("round %d: the marker holder holds the Bomb Girl", rd.No)
		}
		if len(rd.Picks) == g.n {
			// The calls so far: a seat not revealed and not killed holds a
			// role not called yet (or the one being called); one killed
			// before revealing, a role above the call that killed it.
			call := Terrorist + 1
			if current {
				call = g.call
			}
			for j, p := range rd.Order {
				r := rd.Picks[j]
				switch {
				case rd.Shown[p]:
				case rd.KilledAt[p] >= 0 && r <= Role(rd.KilledAt[p]):
					return fmt.Errorf("round %d: seat %d, killed at call %d before revealing, holds %v", rd.No, p, rd.KilledAt[p], r)
				case rd.KilledAt[p] < 0 && (r < call || r == call && !(current && g.phase == PhReveal && g.turn == p)):
					return fmt.Errorf("round %d: seat %d holds %v, called (call %d) but not revealed", rd.No, p, r, call)
				}
			}
			if current && g.phase == PhReveal && rd.role(g.turn) != g.call {
				return fmt.Errorf("round %d: %v is called, seat %d answers but holds %v", rd.No, g.call, g.turn, rd.role(g.turn))
			}
			if rd.BombMiss && slices.Contains(rd.Picks, BombGirl) {
				return fmt.Errorf("round %d: a missed call-out, but the Bomb Girl was picked", rd.No)
			}
		}
		for j := range rd.Picks {
			if !slices.Contains(rd.Hands[j], rd.Picks[j]) {
				return fmt.Errorf("round %d: %v picked from %v", rd.No, rd.Picks[j], rd.Hands[j])
			}
			var next []Role
			if j+1 < len(rd.Hands) {
				next = rd.Hands[j+1]
			} else if j+1 < g.n {
				continue
			} else {
				next = rd.Hand
			}
			rest := slices.DeleteFunc(slices.Clone(rd.Hands[j]), func(r Role) bool { return r == rd.Picks[j] })
			if rd.Added && j+1 == g.n-1 {
				rest = slices.Sorted(slices.Values(slices.Concat(rest, rd.FaceDown)))
			}
			if !slices.Equal(rest, next) {
				return fmt.Errorf("round %d: after %v from %v, next hand %v", rd.No, rd.Picks[j], rd.Hands[j], next)
			}
		}
	}
	return nil
}

// known are the role cards of round rd that seat s (engine.Public for
// the table) may know of: the face-up cards, every public role, its own
// role and, while it drafts, the cards in its hand; in the current round
// also the called role, whose holder answers at the table.
func known(g *Game, rd *round, s engine.Seat, current bool) map[Role]bool {
	k := map[Role]bool{}
	for _, r := range rd.FaceUp {
		k[r] = true
	}
	for j, p := range rd.Order {
		if j < len(rd.Picks) && (rd.Shown[p] || p == s) {
			k[rd.Picks[j]] = true
		}
	}
	if current {
		if g.phase == PhReveal {
			k[rd.role(g.turn)] = true
		}
		if (g.phase == PhPick || g.phase == PhPass) && g.turn == s {
			for _, r := range rd.Hand {
				k[r] = true
			}
		}
	}
	return k
}

// mentions lists every role card the JSON names, by catalogue key or mark.
func mentions(j string) []Role {
	var out []Role
	for _, r := range AllRoles {
		if strings.Contains(j, `"`+r.Key()+`"`) || strings.Contains(j, `"@`+r.Key()+`"`) || strings.Contains(j, r.Mark()) {
			out = append(out, r)
		}
	}
	return out
}

// viewLeak scans what seat s is shown, part by part, for role cards s may
// not know of: each round of the history against that round's cards; the
// rest against the current round's. The choices and the Assassin's
// declaration name roles without placing them, so they are checked apart.
func viewLeak(g *Game, s engine.Seat) error {
	var v View
	if s == engine.Public {
		v.PublicView = g.publicView()
	} else {
		v = g.View(s).(View)
	}
	rd := g.cur()
	for i, h := range v.History {
		j, _ := json.Marshal(h)
		k := known(g, g.rounds[i], s, i == len(g.rounds)-1)
		for _, r := range mentions(string(j)) {
			if !k[r] {
				return fmt.Errorf("seat %d is shown %v of round %d, a hidden card: %s", s, r, h.No, j)
			}
		}
	}
	k := known(g, rd, s, true)
	for _, c := range v.Choices {
		r, ok := ParseRole(c.Label.Args["mark"])
		if !ok {
			continue
		}
		if !k[r] && !strings.HasPrefix(string(c.Action), "declare ") {
			return fmt.Errorf("seat %d is offered %q naming the hidden %v", s, c.Action, r)
		}
	}
	var decl []Declaration
	for _, d := range v.Declarations {
		if d.Msg.Key == "ay.ev.declare" {
			if d.Msg.Args["mark"] != g.declared.Mark() {
				return fmt.Errorf("the Assassin's declaration %v is not %v", d.Msg, g.declared)
			}
			continue
		}
		decl = append(decl, d)
	}
	v.Declarations, v.History, v.Choices = decl, nil, nil
	j, _ := json.Marshal(v)
	for _, r := range mentions(string(j)) {
		if !k[r] {
			return fmt.Errorf("seat %d is shown the hidden %v: %s", s, r, j)
		}
	}
	return nil
}

// eventsLeak: every event is public or told to one seat (the private
// ones, ay.pv.*); a public event names only role cards public after it in
// its round — except a declaration and the reshuffle of a face-up
// Dictator, which place no card — and each event that ties a role to a
// player is true.
func eventsLeak(g *Game, evs []engine.Event) error {
	// Events after "ay.ev.round" belong to a round that began with them.
	starts := 0
	for _, e := range evs {
		if e.Key == "ay.ev.round" {
			starts++
		}
	}
	ri := len(g.rounds) - 1 - starts
	for _, e := range evs {
		if e.Key == "ay.ev.round" {
			ri++
		}
		private, err := enginetest.Told(e, "ay.pv.")
		if err != nil {
			return err
		}
		if private {
			continue
		}
		if ri < 0 {
			return fmt.Errorf("event %s before the first round", e.Key)
		}
		rd := g.rounds[ri]
		j, _ := json.Marshal(e)
		for _, r := range mentions(string(j)) {
			k := known(g, rd, engine.Public, ri == len(g.rounds)-1)
			if !k[r] && g.phase != PhOver && e.Key != "ay.ev.declare" && e.Key != "ay.ev.redeal" {
				return fmt.Errorf("public event %s names the hidden %v", j, r)
			}
		}
		holder := map[string]string{"ay.ev.reveal": "name", "ay.ev.call": "name", "ay.ev.dictator_exposed": "name", "ay.ev.terror_draw": "target"}
		if arg, ok := holder[e.Key]; ok {
			p, _ := g.seatNamed(e.Args[arg])
			if got := rd.role(p); got.Key() != strings.TrimPrefix(e.Args["role"], "@") {
				return fmt.Errorf("event %s: %s holds %v", j, e.Args[arg], got)
			}
			if !e.Reveal && e.Key != "ay.ev.terror_draw" {
				return fmt.Errorf("event %s shows a role but is not marked a reveal", j)
			}
		}
	}
	return nil
}

// TestViewLeakCatchesLeaks: the scan of viewLeak finds a hidden card put
// into a view, so its silence in TestNoLeak means something.
func TestViewLeakCatchesLeaks(t *testing.T) {
	g, _ := rig(t, four, "Aki:1 Ben:2 Chika:5 Dai:6 up:3 down:4")
	apply(t, g, "Aki reveal")
	for s := range 4 {
		if err := viewLeak(g, engine.Seat(s)); err != nil {
			t.Fatalf("a clean view: %v", err)
		}
	}
	// The role of Ben, unrevealed, as Chika would see it if it leaked.
	k := known(g, g.cur(), 2, true)
	if k[Assassin] || !k[Dictator] || !k[Cop] || !k[Detective] || k[SerialKiller] || k[Terrorist] {
		t.Fatalf("Chika may know %v", k)
	}
	leaky := []func(v *View){
		func(v *View) { c := card(Assassin); v.Players[1].Role = &c },
		func(v *View) { v.Hand = cards(g.cur().FaceDown) },
		func(v *View) { v.Status = engine.M("ay.st.reveal", roleArgs(Terrorist)...) },
		func(v *View) { v.History[0].Unpicked = cards(g.cur().Hand) },
	}
	for i, leak := range leaky {
		v := g.View(2).(View)
		leak(&v)
		j, _ := json.Marshal(v)
		if !slices.ContainsFunc(mentions(string(j)), func(r Role) bool { return !k[r] }) {
			t.Errorf("leak %d not found in %s", i, j)
		}
	}
}

// TestResampleRedraws: what a seat can deduce stays, the rest moves.
// After a 4-player draft (face up ③, face down ④; Aki ①, Ben ②, Chika ⑤,
// Dai ⑥, ⑦ unpicked), with Aki's ① called: Aki, who saw every card but the
// face-down one, knows it; so does Ben, who saw all but ① and ④. Chika
// and Dai do not, nor does the table. Nobody knows another's unrevealed
// role — but the called one.
func TestResampleRedraws(t *testing.T) {
	g, _ := rig(t, four, "Aki:1 Ben:2 Chika:5 Dai:6 up:3 down:4")
	r := engine.NewRand(9)
	for _, tc := range []struct {
		seat     engine.Seat
		faceDown bool
		moves    [4]bool // whose role may be redrawn
	}{
		{0, false, [4]bool{false, true, true, true}},
		{1, false, [4]bool{false, false, true, true}},
		{2, true, [4]bool{false, true, false, true}},
		{3, true, [4]bool{false, true, true, false}},
		{engine.Public, true, [4]bool{false, true, true, true}},
	} {
		var fd bool
		var moved [4]bool
		for i := 0; i < 60; i++ {
			h := g.Resample(engine.Seat(tc.seat), r).(*Game)
			fd = fd || !slices.Equal(h.cur().FaceDown, g.cur().FaceDown)
			for s := range 4 {
				moved[s] = moved[s] || h.RoleOf(engine.Seat(s)) != g.RoleOf(engine.Seat(s))
			}
		}
		if fd != tc.faceDown || moved != tc.moves {
			t.Errorf("Resample(%d) redrew face down=%v, roles %v; want %v, %v", tc.seat, fd, moved, tc.faceDown, tc.moves)
		}
	}
}
