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

// Every rule of rules/ayatsuri.md (AY-n) and every answer of the
// rulebook's FAQ (seeds/003…, quoted in Japanese) has a test here that
// names it. Most tests rig a round (helpers_test.go): Aki, Ben, Chika and
// Dai sit in this order, Aki holds the dictator marker, so Aki drafts
// first and Ben is on Aki's left.

var (
	four      = Config{Players: names(4)}
	fourChips = Config{Players: names(4), Toss: TossChips}
	fourBomb  = Config{Players: names(4), BombGirl: true, Toss: TossChips}
)

// AY-1: 3 to 6 players, each with 3 life chips and no kill chip.
func TestAY1ThreeToSixPlayersStartWithThreeLife(t *testing.T) {
	for n := 1; n <= 8; n++ {
		all := []string{"Aki", "Ben", "Chika", "Dai", "Eri", "Fumi", "Gen", "Hana"}[:n]
		g, err := New(Config{Players: all}, 1)
		if ok := n >= 3 && n <= 6; (err == nil) != ok {
			t.Fatalf("New(%d players) = %v, want ok=%v", n, err, ok)
		}
		if err != nil {
			continue
		}
		for s := range n {
			if g.Life(engine.Seat(s)) != 3 || g.Kills(engine.Seat(s)) != 0 {
				t.Errorf("%dp: seat %d starts with %d/%d, want 3/0", n, s, g.Life(engine.Seat(s)), g.Kills(engine.Seat(s)))
			}
		}
	}
	for _, bad := range []Config{
		{Players: []string{"Aki", "aki ", "Ben"}},
		{Players: []string{"Aki", "", "Ben"}},
		{Players: []string{"Aki", "@Ben", "Chika"}},
		{Players: names(3), Start: 3},
		{Players: names(3), Toss: "dice"},
	} {
		if _, err := New(bad, 1); err == nil {
			t.Errorf("New(%+v) = nil error, want a refusal", bad)
		}
	}
}

// AY-2: the supply never runs out.
// FAQ: チップが足りなくなっていました。どうすれば良いですか？ → 他のコインなどで代用してください。
// The game has 25 chips; here 30 life chips are in play and a kill on a
// player at 0 life still takes a chip from the supply.
func TestAY2FAQChipsNeverRunOut(t *testing.T) {
	g, _ := rig(t, Config{Players: names(6)}, "Aki=5/0 Ben=5/0 Chika=5/0 Dai=5/0 Eri=5/0 Fumi=0/0 "+
		"Aki:1 Ben:3 Chika:4 Dai:5 Eri:6 Fumi:2")
	ev := play(t, g, "Aki reveal", "Aki accuse Fumi", "Fumi reveal")
	want(t, ev, "ay.ev.kill killer=Aki target=Fumi cause=@ay.cause.cop", "ay.do.supply_kill name=Aki")
	chips(t, g, "Aki 5/1 Fumi 0/0")
}

// AY-3: the roles and their calling order; ParseRole reads them every way
// a player says them.
func TestAY3RolesInCallingOrder(t *testing.T) {
	if got := fmt.Sprint(Roles(false)); got != "[1 2 3 4 5 6 7]" {
		t.Errorf("Roles(false) = %s", got)
	}
	if got := fmt.Sprint(Roles(true)); got != "[0 1 2 3 4 5 6 7]" {
		t.Errorf("Roles(true) = %s", got)
	}
	for _, tc := range []struct {
		in   string
		want Role
	}{
		{"3", Detective}, {"③", Detective}, {"Crooked Detective", Detective}, {"detective", Detective},
		{"悪徳探偵", Detective}, {"crooked-detective", Detective}, {" back-alley  doctor ", Doctor},
		{"0", BombGirl}, {"自爆娘", BombGirl}, {"⑦", Terrorist}, {"dictator", Dictator},
	} {
		if r, ok := ParseRole(tc.in); !ok || r != tc.want {
			t.Errorf("ParseRole(%q) = %v, %v, want %v", tc.in, r, ok, tc.want)
		}
	}
	for _, bad := range []string{"", "8", "-1", "cop cop", "⑧"} {
		if r, ok := ParseRole(bad); ok {
			t.Errorf("ParseRole(%q) = %v, want a refusal", bad, r)
		}
	}
	for _, r := range AllRoles {
		if !engine.Has(r.Key()) || !engine.Has(r.AbilityKey()) {
			t.Errorf("role %d: no catalogue entry %s or %s", r, r.Key(), r.AbilityKey())
		}
	}
}

// AY-4: the start player (Config.Start) holds the marker and drafts first.
func TestAY4StartPlayerHoldsTheMarker(t *testing.T) {
	g := newGame(t, Config{Players: names(5), Start: 3}, 1)
	if g.Marker() != 3 || g.Turn() != 3 || g.Phase() != PhPick {
		t.Fatalf("marker %d, turn %d, phase %s; want Dai (3) to pick", g.Marker(), g.Turn(), g.Phase())
	}
	if got := fmt.Sprint(g.cur().Order); got != "[3 4 0 1 2]" {
		t.Errorf("draft order %s, want [3 4 0 1 2]", got)
	}
	p := pub(g)
	for _, pl := range p.Players {
		if pl.Marker != (pl.Seat == 3) {
			t.Errorf("%s: marker %v", pl.Name, pl.Marker)
		}
	}
}

// AY-5: every role card is shuffled into the draft (the Bomb Girl too
// when the table plays her), and seeds give different deals.
func TestAY5ShuffleAllRoleCards(t *testing.T) {
	for _, bg := range []bool{false, true} {
		deals := map[string]bool{}
		faceDown := map[Role]bool{}
		for seed := uint64(1); seed <= 100; seed++ {
			g := newGame(t, Config{Players: names(4), BombGirl: bg}, seed)
			rd := g.cur()
			all := slices.Concat(rd.FaceDown, rd.FaceUp, rd.Hands[0])
			slices.Sort(all)
			if !slices.Equal(all, Roles(bg)) {
				t.Fatalf("bg=%v seed %d: face down %v + face up %v + hand %v ≠ %v", bg, seed, rd.FaceDown, rd.FaceUp, rd.Hands[0], Roles(bg))
			}
			deals[fmt.Sprint(rd.FaceDown, rd.FaceUp)] = true
			for _, r := range rd.FaceDown {
				faceDown[r] = true
			}
		}
		if len(deals) < 20 || len(faceDown) != len(Roles(bg)) {
			t.Errorf("bg=%v: %d different layouts, face-down roles %v: not shuffled", bg, len(deals), faceDown)
		}
	}
}

// AY-6: X face down and Y face up by player count; the Bomb Girl adds one
// face-down card. The table screen shows the face-up cards and the count
// of face-down ones, never which.
func TestAY6LayoutPerPlayerCount(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for _, bg := range []bool{false, true} {
			x, y := 1, 0
			if n <= 4 {
				y = 1
			}
			if bg {
				x++
			}
			if l := Layout(n, bg); l.FaceDown != x || l.FaceUp != y {
				t.Errorf("Layout(%d, %v) = %+v, want %d down %d up", n, bg, l, x, y)
			}
			for seed := uint64(1); seed <= 20; seed++ {
				g := newGame(t, Config{Players: names(n), BombGirl: bg}, seed)
				rd := g.cur()
				if len(rd.FaceDown) != x || len(rd.FaceUp) != y || len(rd.Hands[0]) != len(Roles(bg))-x-y {
					t.Fatalf("%dp bg=%v seed %d: %d down, %d up, %d handed", n, bg, seed, len(rd.FaceDown), len(rd.FaceUp), len(rd.Hands[0]))
				}
				p := pub(g)
				if p.FaceDown != x || len(p.FaceUp) != y {
					t.Errorf("%dp bg=%v: public view shows %d down, %v up", n, bg, p.FaceDown, p.FaceUp)
				}
				if y == 1 && (p.FaceUp[0].No != int(rd.FaceUp[0])) {
					t.Errorf("public face-up card %v, dealt %v", p.FaceUp, rd.FaceUp)
				}
			}
		}
	}
}

// AY-7: a face-up Dictator is reshuffled away, as often as needed; the
// reshuffle is told to everyone.
func TestAY7NeverAFaceUpDictator(t *testing.T) {
	redeals := 0
	for _, n := range []int{3, 4} {
		for _, bg := range []bool{false, true} {
			g := newGame(t, Config{Players: names(n), BombGirl: bg}, uint64(n))
			for i := 0; i < 300; i++ {
				ev := &events{g: g}
				g.startRound(ev)
				if slices.Contains(g.cur().FaceUp, Dictator) {
					t.Fatalf("%dp bg=%v: the Dictator lies face up", n, bg)
				}
				for _, e := range ev.list {
					if e.Key == "ay.ev.redeal" {
						redeals++
						if !e.IsPublic() || !e.Random {
							t.Errorf("redeal event %+v: want public and random", e)
						}
					}
				}
			}
		}
	}
	if redeals < 50 {
		t.Errorf("%d reshuffles in 1200 deals: a face-up Dictator should come up about one deal in seven", redeals)
	}
}

// draftAll plays the current draft, each drafter picking the choice that
// pickAt says, and returns the events of each action.
func draftAll(t testing.TB, g *Game, pickAt func(j int, offered []string) int) [][]engine.Event {
	t.Helper()
	var out [][]engine.Event
	for j := 0; g.Phase() == PhPick || g.Phase() == PhPass; {
		s := g.Turn()
		cs := actions(g.Legal(s))
		var a string
		if g.Phase() == PhPick {
			a = cs[pickAt(j, cs)]
			j++
		} else {
			a = cs[0]
		}
		ev, err := g.Apply(s, engine.Action(a))
		if err != nil {
			t.Fatalf("Apply(%d, %q) = %v", s, a, err)
		}
		out = append(out, ev)
	}
	return out
}

// AY-8: the marker holder picks first and passes the rest to the left
// (the next seat listed), who picks and passes on, until all have a role.
func TestAY8DraftPassesToTheLeft(t *testing.T) {
	for _, bg := range []bool{false, true} {
		for seed := uint64(1); seed <= 30; seed++ {
			g := newGame(t, Config{Players: names(5), BombGirl: bg, Start: 1}, seed)
			rd := g.cur()
			hand := slices.Clone(rd.Hands[0])
			for j := 0; j < 5; j++ {
				s := engine.Seat((1 + j) % 5)
				if g.Turn() != s || g.Phase() != PhPick {
					t.Fatalf("seed %d: drafter %d is seat %d (%s), want seat %d", seed, j, g.Turn(), g.Phase(), s)
				}
				v := view(g, s)
				if got := fmt.Sprint(v.Hand); got != fmt.Sprint(cards(hand)) {
					t.Fatalf("seed %d: seat %d holds %s, want %v", seed, s, got, hand)
				}
				cs := actions(g.Legal(s))
				a := cs[int(seed)%len(cs)]
				r, _ := ParseRole(strings.TrimPrefix(a, "pick "))
				apply(t, g, g.name(s)+" "+a)
				if g.RoleOf(s) != r {
					t.Fatalf("seat %d picked %v, RoleOf says %v", s, r, g.RoleOf(s))
				}
				hand = slices.DeleteFunc(hand, func(x Role) bool { return x == r })
				if j < 4 {
					ev := apply(t, g, g.name(s)+" pass")
					want(t, ev, fmt.Sprintf("ay.ev.passed name=%s to=%s n=%d", g.name(s), g.name((s+1)%5), len(hand)))
				}
			}
			if g.Phase() == PhPick || g.Phase() == PhPass {
				t.Fatalf("seed %d: the draft goes on after five picks", seed)
			}
			if got := fmt.Sprint(rd.Hand); got != fmt.Sprint(hand) {
				t.Errorf("seed %d: unpicked %s, want %v", seed, got, hand)
			}
		}
	}
}

// AY-9: with 6 players the last player is handed one card and gets the
// face-down card(s) too (both in the Bomb Girl game), and picks from those;
// with fewer players nobody ever gets them.
func TestAY9SixPlayersLastPickerGetsTheFaceDownCards(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for _, bg := range []bool{false, true} {
			for seed := uint64(1); seed <= 10; seed++ {
				g := newGame(t, Config{Players: names(n), BombGirl: bg}, seed)
				rd := g.cur()
				evs := draftAll(t, g, func(j int, cs []string) int { return (j + int(seed)) % len(cs) })
				last := rd.Hands[n-1]
				added := 0
				for _, ev := range evs {
					added += count(ev, "ay.ev.face_down_added")
				}
				if n < 6 {
					if rd.Added || added != 0 || slices.ContainsFunc(last, func(r Role) bool { return slices.Contains(rd.FaceDown, r) }) {
						t.Fatalf("%dp bg=%v: the last player got the face-down cards (%v)", n, bg, last)
					}
					continue
				}
				if !rd.Added || added != 1 || len(last) != 1+len(rd.FaceDown) {
					t.Fatalf("6p bg=%v seed %d: last hand %v, face down %v, added=%v (%d events)", bg, seed, last, rd.FaceDown, rd.Added, added)
				}
				for _, r := range rd.FaceDown {
					if !slices.Contains(last, r) {
						t.Fatalf("6p bg=%v: face-down %v not in the last hand %v", bg, r, last)
					}
				}
				// The cards the last player did not pick are laid face
				// down again (AY-10); the table sees how many.
				if p := pub(g); p.FaceDown != len(rd.Hand) {
					t.Errorf("6p: the public view shows %d face-down cards after the draft, want the %d unpicked", p.FaceDown, len(rd.Hand))
				}
				if len(rd.Hand) != len(rd.FaceDown) {
					t.Errorf("6p bg=%v: %d cards left unpicked, want %d", bg, len(rd.Hand), len(rd.FaceDown))
				}
			}
		}
	}
}

// AY-10: the cards nobody picked and the face-down cards stay hidden for
// the whole game (not shown at round end), and are shown at game over.
func TestAY10UnpickedCardsStayHidden(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		g := newGame(t, Config{Players: names(4), BombGirl: seed%2 == 0}, seed)
		r := engine.NewRand(seed)
		for !g.Outcome().Over {
			if p := pub(g); g.Round() > 1 {
				h := p.History[0]
				if len(h.FaceDown) != 0 || len(h.Unpicked) != 0 || !h.Done {
					t.Fatalf("seed %d: round 1 shows face down %v, unpicked %v before the end", seed, h.FaceDown, h.Unpicked)
				}
			}
			cs := g.Legal(g.Turn())
			if _, err := g.Apply(g.Turn(), cs[r.IntN(len(cs))].Action); err != nil {
				t.Fatal(err)
			}
		}
		for i, h := range pub(g).History {
			var all []Role
			for _, c := range slices.Concat(h.FaceUp, h.FaceDown, h.Unpicked) {
				all = append(all, Role(c.No))
			}
			for _, c := range h.Roles {
				if c != nil {
					all = append(all, Role(c.No))
				}
			}
			slices.Sort(all)
			if !slices.Equal(all, Roles(g.cfg.BombGirl)) {
				t.Errorf("seed %d round %d at game over: %v, want every card", seed, i+1, all)
			}
		}
	}
}

// AY-11: the marker holder may not pick the Bomb Girl; later drafters may.
func TestAY11MarkerHolderNeverOfferedTheBombGirl(t *testing.T) {
	offeredLater := false
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for seed := uint64(1); seed <= 40; seed++ {
			g := newGame(t, Config{Players: names(n), BombGirl: true, Start: int(seed) % n}, seed)
			m := g.Marker()
			if slices.Contains(actions(g.Legal(m)), "pick 0") {
				t.Fatalf("%dp seed %d: the marker holder is offered the Bomb Girl", n, seed)
			}
			if slices.Contains(g.cur().Hand, BombGirl) {
				refuse(t, g, g.name(m)+" pick 0", engine.ErrIllegal)
				refuse(t, g, g.name(m)+" pick bomb girl", engine.ErrIllegal)
			}
			apply(t, g, g.name(m)+" "+string(g.Legal(m)[0].Action))
			apply(t, g, g.name(m)+" pass")
			offeredLater = offeredLater || slices.Contains(actions(g.Legal(g.Turn())), "pick 0")
		}
	}
	if !offeredLater {
		t.Errorf("the Bomb Girl was never offered to the second drafter")
	}
}

// AY-12: nobody sees what another player was handed or picked. A pick is
// told to the picker alone and reveals nothing (so it can be changed until
// the cards are passed on: DESIGN.md principle 4); passing tells the next
// player alone what they are handed.
func TestAY12DraftIsSecret(t *testing.T) {
	g := newGame(t, Config{Players: names(4)}, 3)
	for j := 0; j < 4; j++ {
		s := g.Turn()
		for o := range g.n {
			if v := view(g, engine.Seat(o)); engine.Seat(o) != s && (len(v.Hand) != 0 || len(v.Choices) != 0) {
				t.Fatalf("seat %d sees hand %v, choices %v while seat %d drafts", o, v.Hand, v.Choices, s)
			}
		}
		if p := seatJSON(g, engine.Public); strings.Contains(p, `"hand"`) || strings.Contains(p, `"my_role"`) {
			t.Fatalf("the public view shows a hand: %s", p)
		}
		ev := apply(t, g, g.name(s)+" "+string(g.Legal(s)[0].Action))
		for _, e := range ev {
			if e.Key == "ay.pv.picked" && (fmt.Sprint(e.To) != fmt.Sprint([]engine.Seat{s}) || e.Reveal || e.Random) {
				t.Errorf("pick event %+v: want private to %d, no reveal", e, s)
			}
		}
		if j == 3 {
			break
		}
		if c := g.Legal(s); len(c) != 1 || c[0].Action != "pass" {
			t.Fatalf("after the pick seat %d is offered %v, want only pass", s, actions(c))
		}
		for _, e := range apply(t, g, g.name(s)+" pass") {
			switch {
			case e.Key == "ay.ev.passed" && (!e.IsPublic() || e.Reveal):
				t.Errorf("pass event %+v: want public, no reveal (it names the count only)", e)
			case e.Key == "ay.pv.handed" && (fmt.Sprint(e.To) != fmt.Sprint([]engine.Seat{(s + 1) % 4}) || !e.Reveal):
				t.Errorf("handed event %+v: want a reveal to seat %d only", e, (s+1)%4)
			case e.Key != "ay.ev.passed" && e.Key != "ay.pv.handed":
				t.Errorf("pass told %s", e.Key)
			}
		}
	}
	if g.Phase() != PhReveal {
		t.Fatalf("after the draft: phase %s", g.Phase())
	}
}

// AY-13: roles are called in number order; a role nobody holds is
// skipped silently (no event names it). In the Bomb Girl game the calling
// starts at ⓪, after the marker holder's call-out choice.
func TestAY13CallsInOrderSkippingUnheldRoles(t *testing.T) {
	g, ev := rig(t, fourChips, "Aki:6 Ben:2 Chika:5 Dai:3 up:1 down:4")
	want(t, ev, "ay.ev.call mark=② name=Ben")
	waits(t, g, "Ben reveal")
	ev = append(ev, play(t, g, "Ben reveal", "Ben declare 7")...)
	waits(t, g, "Dai reveal")
	ev = append(ev, play(t, g, "Dai reveal", "Dai guard Dai")...)
	waits(t, g, "Chika reveal") // ④ is face down: skipped
	ev = append(ev, play(t, g, "Chika reveal")...)
	waits(t, g, "Aki reveal")
	ev = append(ev, play(t, g, "Aki reveal", "Aki treat Ben", "Ben toss white")...)
	if g.Round() != 2 {
		t.Fatalf("after ⑥ (⑦ unpicked) round %d, phase %s: want round 2", g.Round(), g.Phase())
	}
	for _, e := range ev {
		for _, r := range []string{"①", "④", "⑦"} {
			if e.Key != "ay.ev.declare" && e.Args["mark"] == r {
				t.Errorf("event %s names %s, which nobody holds", e.Key, r)
			}
		}
	}

	g, _ = rig(t, fourBomb, "Aki:3 Ben:0 Chika:5 Dai:7")
	waits(t, g, "Aki bomb-call")
	want(t, play(t, g, "Aki bomb spare"), "ay.ev.bomb_spared name=Aki", "ay.ev.call mark=⓪ name=Ben")
	waits(t, g, "Ben reveal")
}

// AY-14: the called holder reveals, then uses the ability; nobody else
// may act for them.
func TestAY14CalledHolderRevealsThenActs(t *testing.T) {
	g, _ := rig(t, four, "Aki:1 Ben:2 Chika:5 Dai:6")
	if got := actions(g.Legal(0)); fmt.Sprint(got) != "[reveal]" {
		t.Fatalf("Aki is offered %v, want [reveal]", got)
	}
	refuse(t, g, "Ben reveal", engine.ErrNotYourTurn)
	refuse(t, g, "Aki accuse Ben", engine.ErrIllegal)
	if p := pub(g); p.Players[0].Role != nil {
		t.Fatalf("Aki's role public before the reveal")
	}
	ev := apply(t, g, "Aki reveal")
	want(t, ev, "ay.ev.reveal name=Aki mark=① role=@ay.role.1")
	if e := ev[0]; !e.IsPublic() || !e.Reveal {
		t.Errorf("reveal event %+v: want public and a reveal", e)
	}
	if p := pub(g); p.Players[0].Role == nil || p.Players[0].Role.No != 1 {
		t.Errorf("Aki's role not public after the reveal: %+v", p.Players[0])
	}
	waits(t, g, "Aki ability")
	if got := actions(g.Legal(0)); len(got) != 4 || got[1] != "accuse Ben" {
		t.Errorf("the Cop is offered %v, want to accuse any of the four", got)
	}
}

// AY-15: a kill moves one of the target's life chips to the killer as a
// kill chip.
// FAQ: 殺害対象のライフチップがすでに0になっていた時は？ → ライフチップが0でも殺害することができます。
// 対象プレイヤーはライフチップは0のままですが、手番を失います。殺害したプレイヤーはストックからキルチップを1枚獲得します。
func TestAY15FAQKillTakesALifeChipEvenAtZero(t *testing.T) {
	g, _ := rig(t, four, "Aki:1 Ben:2 Chika:5 Dai:6")
	ev := play(t, g, "Aki reveal", "Aki accuse Ben", "Ben reveal")
	want(t, ev, "ay.ev.kill killer=Aki target=Ben cause=@ay.cause.cop", "ay.do.kill killer=Aki target=Ben", "ay.ev.lost_turn name=Ben")
	chips(t, g, "Aki 3/1 Ben 2/0")

	g, _ = rig(t, four, "Ben=0/0 Aki:1 Ben:2 Chika:5 Dai:6")
	ev = play(t, g, "Aki reveal", "Aki accuse Ben", "Ben reveal")
	want(t, ev, "ay.ev.kill killer=Aki target=Ben", "ay.do.supply_kill name=Aki", "ay.ev.lost_turn name=Ben")
	chips(t, g, "Aki 3/1 Ben 0/0")
	if !g.Killed(1) {
		t.Errorf("Ben at 0 life was not marked killed")
	}
	waits(t, g, "Chika reveal")
}

// AY-16: a player killed this round loses the turn and is not killed a
// second time: nobody may choose them again, and a kill that still comes
// their way does nothing.
func TestAY16KilledLosesTurnAndIsNotKilledTwice(t *testing.T) {
	g, _ := rig(t, fourChips, "Aki:1 Ben:2 Chika:6 Dai:7")
	play(t, g, "Aki reveal", "Aki accuse Ben", "Ben reveal")
	waits(t, g, "Chika reveal") // Ben, killed, does not declare
	play(t, g, "Chika reveal")
	if got := actions(g.Legal(2)); slices.Contains(got, "treat Ben") || len(got) != 3 {
		t.Errorf("the Doctor is offered %v: Ben was killed this round", got)
	}
	refuse(t, g, "Chika treat Ben", engine.ErrIllegal)
	play(t, g, "Chika treat Dai", "Dai toss black")
	waits(t, g, "Aki pick") // ⑦'s holder, killed before revealing, never acts: next round
	chips(t, g, "Aki 3/1 Ben 2/0 Chika 3/1 Dai 2/0")

	// The rule holds inside kill() whatever the caller: a second kill on a
	// player killed this round changes nothing.
	g, _ = rig(t, fourChips, "Aki:1 Ben:2 Chika:6 Dai:7")
	play(t, g, "Aki reveal", "Aki accuse Ben", "Ben reveal")
	ev := &events{g: g}
	g.kill(3, 1, byTerror, ev)
	want(t, ev.list, "ay.ev.already_killed name=Ben")
	chips(t, g, "Ben 2/0 Dai 3/0")
}

// AY-17: predictions are public declarations, pending until the target
// reveals; a pending Cop or Assassin kill resolves even if its owner was
// killed meanwhile (decision).
func TestAY17PendingPredictionsArePublicAndOutliveTheirOwner(t *testing.T) {
	g, _ := rig(t, fourChips, "Aki:1 Ben:6 Chika:3 Dai:7")
	play(t, g, "Aki reveal", "Aki accuse Dai")
	if d := pub(g).Declarations; len(d) != 1 || !d[0].Pending || d[0].Msg.Args["target"] != "Dai" {
		t.Fatalf("declarations %+v, want the Cop's accusation of Dai, pending", d)
	}
	play(t, g, "Chika reveal", "Chika guard Chika", "Ben reveal", "Ben treat Aki")
	want(t, apply(t, g, "Aki toss black"), "ay.ev.kill killer=Ben target=Aki cause=@ay.cause.doctor")
	ev := apply(t, g, "Dai reveal")
	want(t, ev, "ay.ev.kill killer=Aki target=Dai cause=@ay.cause.cop", "ay.ev.lost_turn name=Dai")
	chips(t, g, "Aki 2/1 Ben 3/1 Dai 2/0")

	g, _ = rig(t, fourChips, "Aki:2 Ben:6 Chika:3 Dai:7")
	play(t, g, "Aki reveal", "Aki declare 7")
	if d := pub(g).Declarations; len(d) != 1 || !d[0].Pending || d[0].Msg.Args["mark"] != "⑦" {
		t.Fatalf("declarations %+v, want the Assassin's ⑦, pending", d)
	}
	play(t, g, "Chika reveal", "Chika guard Chika", "Ben reveal", "Ben treat Aki", "Aki toss black")
	want(t, apply(t, g, "Dai reveal"), "ay.ev.kill killer=Aki target=Dai cause=@ay.cause.assassin")
	chips(t, g, "Aki 2/1 Dai 2/0")
}

// AY-20: the Cop kills the named player at their reveal if they are the
// Assassin, the Serial Killer or the Terrorist, and nobody else; naming
// oneself does nothing.
func TestAY20CopKillsOnlyMurderers(t *testing.T) {
	for _, tc := range []struct {
		deal  string
		lines []string
		kill  bool
	}{
		{"Aki:1 Ben:2 Chika:5 Dai:6", nil, true},
		{"Aki:1 Ben:4 Chika:5 Dai:6", nil, true},
		{"Aki:1 Ben:7 Chika:5 Dai:3", []string{"Dai reveal", "Dai guard Dai", "Chika reveal"}, true},
		{"Aki:1 Ben:3 Chika:5 Dai:6", nil, false},
		{"Aki:1 Ben:5 Chika:3 Dai:6", []string{"Chika reveal", "Chika guard Chika"}, false},
		{"Aki:1 Ben:6 Chika:3 Dai:5", []string{"Chika reveal", "Chika guard Chika", "Dai reveal"}, false},
	} {
		t.Run(tc.deal, func(t *testing.T) {
			g, _ := rig(t, four, tc.deal)
			play(t, g, "Aki reveal", "Aki accuse Ben")
			play(t, g, tc.lines...)
			waits(t, g, "Ben reveal")
			ev := apply(t, g, "Ben reveal")
			if got := count(ev, "ay.ev.kill killer=Aki target=Ben cause=@ay.cause.cop"); got != map[bool]int{true: 1}[tc.kill] {
				t.Fatalf("Cop kills: %d, want kill=%v\n%s", got, tc.kill, dump(ev))
			}
			if tc.kill {
				chips(t, g, "Aki 3/1 Ben 2/0")
			} else {
				chips(t, g, "Aki 3/0 Ben 3/0")
			}
		})
	}
	g, _ := rig(t, four, "Aki:1 Ben:2 Chika:5 Dai:4")
	play(t, g, "Aki reveal", "Aki accuse Aki")
	if d := pub(g).Declarations; len(d) != 1 || d[0].Pending {
		t.Errorf("a Cop naming himself: %+v, want a declaration that waits for nothing", d)
	}
	ev := play(t, g, "Ben reveal", "Ben declare 3", "Dai reveal")
	none(t, ev, "ay.ev.kill")
}

// AY-21: the Assassin declares one role from ③ to ⑦ and kills its holder
// at the reveal; a role nobody holds does nothing.
func TestAY21AssassinDeclaresARoleFromThreeOn(t *testing.T) {
	g, _ := rig(t, fourChips, "Aki:2 Ben:6 Chika:5 Dai:3")
	apply(t, g, "Aki reveal")
	if got := fmt.Sprint(actions(g.Legal(0))); got != "[declare 3 declare 4 declare 5 declare 6 declare 7]" {
		t.Fatalf("the Assassin is offered %s", got)
	}
	refuse(t, g, "Aki declare 1", engine.ErrIllegal)
	refuse(t, g, "Aki declare 2", engine.ErrIllegal)
	refuse(t, g, "Aki declare 0", engine.ErrIllegal)
	want(t, apply(t, g, "Aki declare 6"), "ay.ev.declare name=Aki mark=⑥")
	play(t, g, "Dai reveal", "Dai guard Dai", "Chika reveal")
	want(t, apply(t, g, "Ben reveal"), "ay.ev.kill killer=Aki target=Ben cause=@ay.cause.assassin", "ay.ev.lost_turn name=Ben")
	chips(t, g, "Aki 3/1 Ben 2/0")

	g, _ = rig(t, four, "Aki:2 Ben:6 Chika:5 Dai:3 down:4")
	play(t, g, "Aki reveal", "Aki declare 4", "Dai reveal", "Dai guard Dai")
	if d := pub(g).Declarations; d[0].Pending {
		t.Errorf("the declaration of ④ still pending after ④ was passed: %+v", d)
	}
	ev := play(t, g, "Chika reveal", "Ben reveal")
	none(t, ev, "ay.ev.kill cause=@ay.cause.assassin")
}

// AY-22: Cop and Assassin on the same reveal: only the Assassin kills.
// FAQ: 暴力警官と暗殺者の殺害対象が重複した場合どうなるのですか？ → 暗殺者による殺害が優先されます。
func TestAY22FAQCopAndAssassinOnSameRevealOnlyAssassinKills(t *testing.T) {
	g, _ := rig(t, four, "Aki:1 Ben:2 Chika:4 Dai:5")
	play(t, g, "Aki reveal", "Aki accuse Chika", "Ben reveal", "Ben declare 4")
	ev := apply(t, g, "Chika reveal")
	want(t, ev, "ay.ev.kill killer=Ben target=Chika cause=@ay.cause.assassin")
	if n := count(ev, "ay.ev.kill"); n != 1 {
		t.Errorf("%d kills, want only the Assassin's\n%s", n, dump(ev))
	}
	chips(t, g, "Aki 3/0 Ben 3/1 Chika 2/0")
}

// AY-23: the Cop is the target of neither the Assassin (who may declare
// only ③ on) nor the Terrorist (whose draw leaves the Cop's card out).
func TestAY23CopIsNeverTheAssassinsOrTheTerroristsTarget(t *testing.T) {
	g, _ := rig(t, four, "Aki:1 Ben:2 Chika:5 Dai:7")
	play(t, g, "Aki reveal", "Aki accuse Aki", "Ben reveal")
	for _, a := range actions(g.Legal(1)) {
		if a == "declare 1" {
			t.Fatalf("the Assassin may declare the Cop")
		}
	}
	drawn := terrorDraws(t, four, "Aki:1 Ben:3 Chika:5 Dai:7",
		"Aki reveal", "Aki accuse Aki", "Ben reveal", "Ben guard Ben", "Chika reveal", "Dai reveal", "Dai draw")
	if drawn["Aki"] || len(drawn) != 3 {
		t.Errorf("the Terrorist drew %v, want Ben, Chika and Dai, never the Cop", drawn)
	}
}

// terrorDraws plays the lines on the rigged deal under 40 seeds; the last
// line is the Terrorist's draw. It returns whom the draws hit.
func terrorDraws(t *testing.T, cfg Config, deal string, lines ...string) map[string]bool {
	t.Helper()
	drawn := map[string]bool{}
	for seed := uint64(1); seed <= 40; seed++ {
		g, _ := rigSeed(t, cfg, seed, deal)
		for _, e := range play(t, g, lines...) {
			if e.Key == "ay.ev.terror_draw" {
				drawn[e.Args["target"]] = true
			}
		}
	}
	return drawn
}

// AY-24: the Detective's guard cancels each kill on the guarded player for
// a fee: the payer chooses the chip, the Detective its side; a fee is no
// kill, so the payer keeps the turn.
// FAQ: 悪徳探偵によって護衛対象のライフチップをもらったのですが、自分のキルチップにしても良いのですか？
// → ライフチップ・キルチップの好きな面で自分のチップとしてかまいません。
func TestAY24FAQGuardFeeIsNoKillAndKeptEitherSide(t *testing.T) {
	g, _ := rig(t, fourChips, "Aki:2 Ben:3 Chika:6 Dai:5")
	play(t, g, "Aki reveal", "Aki declare 6", "Ben reveal")
	want(t, apply(t, g, "Ben guard Chika"), "ay.ev.guard name=Ben target=Chika")
	if p := pub(g); !p.Players[2].Guarded {
		t.Errorf("Chika's guard is not public")
	}
	play(t, g, "Dai reveal")
	ev := apply(t, g, "Chika reveal")
	want(t, ev, "ay.ev.guarded killer=Aki target=Chika det=Ben", "ay.ev.fee_paid name=Chika det=Ben chip=@ay.chip.life")
	none(t, ev, "ay.ev.kill")
	waits(t, g, "Ben fee-take")
	if got := fmt.Sprint(actions(g.Legal(1))); got != "[take life take kill]" {
		t.Fatalf("the Detective is offered %s", got)
	}
	refuse(t, g, "Chika treat Aki", engine.ErrNotYourTurn)
	ev = apply(t, g, "Ben take kill")
	want(t, ev, "ay.ev.fee_kept det=Ben chip=@ay.chip.kill", "ay.do.fee name=Chika det=Ben chip=@ay.chip.life side=@ay.side.kill")
	chips(t, g, "Aki 3/0 Ben 3/1 Chika 2/0")
	if g.Killed(2) {
		t.Errorf("a fee marked Chika killed")
	}
	waits(t, g, "Chika ability") // the fee is not a kill: Chika keeps her turn

	// With both kinds of chip the payer chooses; the Detective may keep a
	// kill chip as a life chip.
	g, _ = rig(t, fourChips, "Chika=3/1 Aki:2 Ben:3 Chika:6 Dai:5")
	play(t, g, "Aki reveal", "Aki declare 6", "Ben reveal", "Ben guard Chika", "Dai reveal", "Chika reveal")
	waits(t, g, "Chika fee-pay")
	if got := fmt.Sprint(actions(g.Legal(2))); got != "[pay life pay kill]" {
		t.Fatalf("the payer is offered %s", got)
	}
	refuse(t, g, "Ben take life", engine.ErrNotYourTurn)
	want(t, play(t, g, "Chika pay kill", "Ben take life"), "ay.ev.fee_paid name=Chika chip=@ay.chip.kill", "ay.ev.fee_kept chip=@ay.chip.life")
	chips(t, g, "Ben 4/0 Chika 3/0")
}

// AY-24: guarding oneself cancels the kill and earns no fee.
func TestAY24SelfGuardCancelsWithoutFee(t *testing.T) {
	g, _ := rig(t, fourChips, "Aki:3 Ben:6 Chika:5 Dai:4")
	play(t, g, "Aki reveal", "Aki guard Aki", "Dai reveal", "Chika reveal", "Ben reveal", "Ben treat Aki")
	ev := apply(t, g, "Aki toss black")
	want(t, ev, "ay.ev.guard_self killer=Ben target=Aki")
	none(t, ev, "ay.ev.fee_paid")
	none(t, ev, "ay.ev.kill")
	chips(t, g, "Aki 3/0 Ben 3/0")
}

// AY-24: each cancelled kill earns its own fee.
// FAQ: 悪徳探偵の護衛対象が複数回殺されそうになった場合、複数報酬をもらえるのですか？ → 複数回もらえます。
func TestAY24FAQSeveralKillsSeveralFees(t *testing.T) {
	g, _ := rig(t, fourChips, "Aki:3 Ben:6 Chika:7 Dai:2")
	play(t, g, "Dai reveal", "Dai declare 7", "Aki reveal", "Aki guard Chika", "Ben reveal", "Ben treat Chika")
	ev := apply(t, g, "Chika toss black")
	want(t, ev, "ay.ev.guarded killer=Ben target=Chika det=Aki", "ay.ev.fee_paid name=Chika")
	apply(t, g, "Aki take kill")
	ev = apply(t, g, "Chika reveal")
	want(t, ev, "ay.ev.guarded killer=Dai target=Chika det=Aki", "ay.ev.fee_paid name=Chika")
	apply(t, g, "Aki take kill")
	chips(t, g, "Aki 3/2 Chika 1/0")
	waits(t, g, "Chika ability")
}

// AY-24 with AY-22: the Cop's kill that the Assassin's replaces earns no fee.
// FAQ: 暴力警官と暗殺者で二重に殺害指名されたところを悪徳探偵が護衛しました。2回分の報酬をもらえるのでしょうか？
// → その場合は、暗殺者の殺害のみ有効ですので報酬は1回分です。
func TestAY24FAQCopAndAssassinOnAGuardedPlayerOneFee(t *testing.T) {
	g, _ := rig(t, four, "Aki:1 Ben:2 Chika:3 Dai:4")
	play(t, g, "Aki reveal", "Aki accuse Dai", "Ben reveal", "Ben declare 4", "Chika reveal", "Chika guard Dai")
	ev := apply(t, g, "Dai reveal")
	if n := count(ev, "ay.ev.guarded"); n != 1 {
		t.Fatalf("%d cancelled kills, want one\n%s", n, dump(ev))
	}
	want(t, ev, "ay.ev.guarded killer=Ben target=Dai det=Chika", "ay.ev.fee_paid name=Dai det=Chika")
	apply(t, g, "Chika take life")
	chips(t, g, "Chika 4/0 Dai 2/0 Aki 3/0 Ben 3/0")
}

// AY-24 (decision): a guarded player with no chip at all pays nothing.
func TestAY24NoChipNoFee(t *testing.T) {
	g, _ := rig(t, fourChips, "Chika=0/0 Aki:2 Ben:3 Chika:6 Dai:5")
	play(t, g, "Aki reveal", "Aki declare 6", "Ben reveal", "Ben guard Chika", "Dai reveal")
	ev := apply(t, g, "Chika reveal")
	want(t, ev, "ay.ev.guarded target=Chika", "ay.ev.fee_none name=Chika")
	chips(t, g, "Ben 3/0 Chika 0/0")
	waits(t, g, "Chika ability")
}

// quiet plays a round in which nobody is killed, up to the Serial Killer:
// the Cop names himself, the Assassin declares an unheld role, the
// Detective guards himself, the Doctor's patient tosses white.
func quiet(t testing.TB, g *Game) {
	t.Helper()
	for g.Phase() != PhSerial && g.Phase() != PhPick && g.Phase() != PhOver {
		s := g.Turn()
		me := g.name(s)
		switch {
		case g.Phase() == PhReveal:
			apply(t, g, me+" reveal")
		case g.Phase() == PhToss:
			apply(t, g, me+" toss white")
		case g.RoleOf(s) == Cop, g.RoleOf(s) == Detective:
			apply(t, g, me+" "+string(g.Legal(s)[s].Action))
		case g.RoleOf(s) == Assassin:
			unheld := Detective
			for g.cur().holder(unheld) != noSeat {
				unheld++
			}
			apply(t, g, me+" declare "+fmt.Sprint(int(unheld)))
		case g.RoleOf(s) == Doctor:
			apply(t, g, me+" treat "+me)
		default:
			t.Fatalf("quiet: %s waits in %s", me, g.Phase())
		}
	}
}

// AY-25: at round end, if nobody was killed, the Serial Killer names
// 1/2/2/3 players (3/4/5/6 players), distinct, self allowed; the names
// stay private until the last, then the kills happen in the order named.
func TestAY25SerialKillerKillsWhenNobodyWasKilled(t *testing.T) {
	for _, tc := range []struct {
		n    int
		deal string
	}{
		{3, "Aki:3 Ben:4 Chika:5"},
		{4, "Aki:1 Ben:4 Chika:5 Dai:3"},
		{5, "Aki:1 Ben:4 Chika:5 Dai:3 Eri:2"},
		{6, "Aki:1 Ben:4 Chika:5 Dai:3 Eri:2 Fumi:6"},
	} {
		t.Run(fmt.Sprint(tc.n), func(t *testing.T) {
			g, _ := rig(t, Config{Players: names(tc.n), Toss: TossChips}, tc.deal)
			quiet(t, g)
			waits(t, g, "Ben serial")
			k := SerialKillerTargets(tc.n)
			if k != []int{3: 1, 4: 2, 5: 2, 6: 3}[tc.n] || pub(g).SerialTarget != k {
				t.Fatalf("%d players: %d targets", tc.n, k)
			}
			targets := []string{"Ben", "Chika", "Aki"}[:k] // self allowed
			for i, who := range targets {
				ev := apply(t, g, "Ben target "+who)
				if i < k-1 {
					if len(ev) != 1 || ev[0].Key != "ay.pv.target" || fmt.Sprint(ev[0].To) != "[1]" || ev[0].Reveal {
						t.Fatalf("target %d told %s", i+1, dump(ev))
					}
					if v := view(g, 1); fmt.Sprint(v.Serial) != fmt.Sprint(targets[:i+1]) {
						t.Errorf("the Serial Killer's view lists %v", v.Serial)
					}
					if v := view(g, 2); len(v.Serial) != 0 || strings.Contains(seatJSON(g, 2), `"serial":`) {
						t.Errorf("Chika sees the Serial Killer's targets %v", v.Serial)
					}
					if slices.Contains(actions(g.Legal(1)), "target "+who) {
						t.Fatalf("%s may be named twice", who)
					}
					refuse(t, g, "Ben target "+who, engine.ErrIllegal)
					continue
				}
				want(t, ev, "ay.ev.serial name=Ben names="+strings.Join(targets, ",_"))
				pats := []string{}
				for _, w := range targets {
					if w == "Chika" {
						pats = append(pats, "ay.ev.double killer=Ben target=Chika")
					} else {
						kill := "ay.ev.kill"
						if w == "Ben" {
							kill = "ay.ev.kill_self" // Ben kills himself
						}
						pats = append(pats, kill+" killer=Ben target="+w+" cause=@ay.cause.serial")
					}
				}
				want(t, ev, pats...)
				want(t, ev, "ay.do.self_kill name=Ben")
			}
		})
	}
}

// AY-25: somebody killed this round: the Serial Killer does nothing.
func TestAY25SerialKillerIdleAfterAKill(t *testing.T) {
	g, _ := rig(t, four, "Aki:1 Ben:4 Chika:5 Dai:2")
	play(t, g, "Aki reveal", "Aki accuse Dai", "Dai reveal", "Ben reveal")
	want(t, apply(t, g, "Chika reveal"), "ay.ev.serial_idle name=Ben", "ay.ev.round_end n=1")
}

// AY-25: a Dictator's double dying counts as somebody killed.
// Rulebook ④: ※[独裁者]の影武者が殺害された場合も、誰かが殺害されたとみなされ能力は発動しません。
func TestAY25DoubleCountsAsAKill(t *testing.T) {
	g, _ := rig(t, four, "Aki:1 Ben:4 Chika:5 Dai:2")
	play(t, g, "Aki reveal", "Aki accuse Aki", "Dai reveal", "Dai declare 5", "Ben reveal")
	ev := apply(t, g, "Chika reveal")
	want(t, ev, "ay.ev.double killer=Dai target=Chika", "ay.ev.serial_idle name=Ben")
}

// AY-25: a kill the Detective cancelled does not count: the Serial Killer
// still acts. A killed Serial Killer never does.
func TestAY25CancelledKillDoesNotCount(t *testing.T) {
	g, _ := rig(t, four, "Aki:3 Ben:4 Chika:5 Dai:2")
	play(t, g, "Dai reveal", "Dai declare 4", "Aki reveal", "Aki guard Ben")
	want(t, apply(t, g, "Ben reveal"), "ay.ev.guarded target=Ben det=Aki")
	play(t, g, "Aki take kill", "Chika reveal")
	waits(t, g, "Ben serial")

	g, _ = rig(t, four, "Aki:1 Ben:4 Chika:5 Dai:2")
	play(t, g, "Aki reveal", "Aki accuse Ben", "Dai reveal", "Dai declare 3")
	ev := play(t, g, "Ben reveal", "Chika reveal")
	none(t, ev, "ay.ev.serial_idle")
	if g.Round() != 2 {
		t.Fatalf("a killed Serial Killer acts: %s", g.Phase())
	}
}

// AY-25: the Serial Killer's kills meet the guard and the Dictator.
// FAQ: 殺人鬼によって殺害する場合も悪徳探偵による護衛や独裁者による粛清は発動するのですか？ → 発動します。
func TestAY25FAQSerialKillsMeetGuardAndPurge(t *testing.T) {
	g, _ := rig(t, four, "Aki:3 Ben:4 Chika:5 Dai:1")
	play(t, g, "Dai reveal", "Dai accuse Dai", "Aki reveal", "Aki guard Dai", "Ben reveal", "Chika reveal")
	waits(t, g, "Ben serial")
	apply(t, g, "Ben target Dai")
	ev := apply(t, g, "Ben target Chika")
	want(t, ev, "ay.ev.serial name=Ben names=Dai,_Chika", "ay.ev.guarded killer=Ben target=Dai det=Aki", "ay.ev.fee_paid name=Dai")
	ev = apply(t, g, "Aki take life")
	want(t, ev, "ay.ev.double killer=Ben target=Chika", "ay.ev.purge names=Aki,_Ben,_Dai")
	chips(t, g, "Aki 3/0 Ben 2/1 Chika 3/0 Dai 1/0")
}

// AY-26: revealing the Dictator takes the marker; the next round starts
// with the new marker holder.
func TestAY26DictatorTakesTheMarker(t *testing.T) {
	g, _ := rig(t, fourChips, "Aki:3 Ben:6 Chika:5 Dai:4")
	play(t, g, "Aki reveal", "Aki guard Aki", "Dai reveal")
	ev := apply(t, g, "Chika reveal")
	want(t, ev, "ay.ev.reveal name=Chika mark=⑤", "ay.ev.marker name=Chika", "ay.do.marker name=Chika")
	if g.Marker() != 2 || !pub(g).Players[2].Marker {
		t.Fatalf("marker %d after the Dictator's reveal", g.Marker())
	}
	play(t, g, "Ben reveal", "Ben treat Ben", "Ben toss white")
	waits(t, g, "Dai serial")
	play(t, g, "Dai target Aki", "Dai target Ben") // Aki guards himself
	waits(t, g, "Chika pick")
	if got := fmt.Sprint(g.cur().Order); got != "[2 3 0 1]" {
		t.Errorf("round 2 draft order %s, want Chika first", got)
	}
}

// AY-26: a kill on the Dictator: a double dies (the killer takes a kill
// chip from the supply, the Dictator loses nothing) and a purge takes a
// life chip from every other player not at 1; the purge is no kill.
// FAQ: 粛清によってライフチップが減らされた場合は殺害と同様に自分の手番を失うのですか？ → 粛清の場合、各プレイヤーは手番を失いません。
func TestAY26FAQDoubleAndPurgeNoTurnLost(t *testing.T) {
	g, _ := rig(t, fourChips, "Dai=1/0 Aki:2 Ben:5 Chika:6 Dai:7")
	play(t, g, "Aki reveal", "Aki declare 5")
	ev := apply(t, g, "Ben reveal")
	want(t, ev, "ay.ev.double killer=Aki target=Ben", "ay.do.supply_kill name=Aki", "ay.ev.purge names=Aki,_Chika")
	none(t, ev, "ay.ev.kill")
	chips(t, g, "Aki 2/1 Ben 3/0 Chika 2/0 Dai 1/0")
	for s := range 4 {
		if g.Killed(engine.Seat(s)) {
			t.Errorf("seat %d marked killed by a purge or a double", s)
		}
	}
	waits(t, g, "Chika reveal") // purged, not killed: Chika plays
	play(t, g, "Chika reveal", "Chika treat Chika", "Chika toss white")
	waits(t, g, "Dai reveal")
	apply(t, g, "Dai reveal")
	waits(t, g, "Dai ability")
}

// AY-26: the purge hits players killed earlier this round too.
// FAQ: 独裁者の粛清はすでに殺害されたプレイヤーにも有効なのですか？ → 有効です。
func TestAY26FAQPurgeHitsKilledPlayers(t *testing.T) {
	g, _ := rig(t, fourChips, "Aki:1 Ben:2 Chika:5 Dai:6")
	play(t, g, "Aki reveal", "Aki accuse Ben", "Ben reveal", "Chika reveal", "Dai reveal", "Dai treat Chika")
	chips(t, g, "Aki 3/1 Ben 2/0")
	ev := apply(t, g, "Chika toss black")
	want(t, ev, "ay.ev.double killer=Dai target=Chika", "ay.ev.purge names=Aki,_Ben,_Dai")
	chips(t, g, "Aki 2/1 Ben 1/0 Chika 3/0 Dai 2/1")
}

// AY-26: the Dictator is never killed, so may be targeted again, with a
// double and a purge each time.
func TestAY26DictatorTargetedTwice(t *testing.T) {
	g, _ := rig(t, fourChips, "Aki:2 Ben:5 Chika:6 Dai:3")
	play(t, g, "Aki reveal", "Aki declare 5", "Dai reveal", "Dai guard Dai", "Ben reveal")
	chips(t, g, "Aki 2/1 Ben 3/0 Chika 2/0 Dai 2/0")
	play(t, g, "Chika reveal", "Chika treat Ben")
	if g.Killed(1) || !slices.Contains(actions(g.Legal(1)), "toss black") {
		t.Fatalf("the Dictator cannot be treated after a double")
	}
	ev := apply(t, g, "Ben toss black")
	want(t, ev, "ay.ev.double killer=Chika target=Ben", "ay.ev.purge names=Aki,_Chika,_Dai")
	chips(t, g, "Aki 1/1 Ben 3/0 Chika 1/1 Dai 1/0")
}

// AY-26 with AY-24: a guarded Dictator pays the fee and no purge happens.
// FAQ: 独裁者が悪徳探偵に護衛された場合、報酬は払うのですか？また、粛清は発動しないのですか？
// → 報酬は支払います。殺害を未然に食い止めているので粛清は発動しません。
func TestAY26FAQGuardedDictatorPaysNoPurge(t *testing.T) {
	g, _ := rig(t, four, "Aki:2 Ben:3 Chika:5 Dai:4")
	play(t, g, "Aki reveal", "Aki declare 5", "Ben reveal", "Ben guard Chika", "Dai reveal")
	ev := apply(t, g, "Chika reveal")
	want(t, ev, "ay.ev.guarded killer=Aki target=Chika det=Ben", "ay.ev.fee_paid name=Chika")
	none(t, ev, "ay.ev.double")
	none(t, ev, "ay.ev.purge")
	apply(t, g, "Ben take life")
	chips(t, g, "Aki 3/0 Ben 4/0 Chika 2/0 Dai 3/0")
	waits(t, g, "Dai serial") // a cancelled kill: nobody was killed
}

// AY-27: the Doctor names a player not killed this round, who tosses a
// life chip: white, +1 life; black, the Doctor kills them; the Doctor
// killing himself turns a life chip into a kill chip; a player at 0 life
// tosses a chip from the supply (decision).
func TestAY27DoctorsToss(t *testing.T) {
	for _, tc := range []struct {
		deal, treat, side string
		evs               []string
		chips             string
	}{
		{"Aki:6 Ben:3 Chika:5 Dai:7", "Ben", "white", []string{"ay.ev.toss name=Ben side=@ay.side.life", "ay.do.heal name=Ben"}, "Aki 3/0 Ben 4/0"},
		{"Aki:6 Ben:3 Chika:5 Dai:7", "Ben", "black", []string{"ay.ev.kill killer=Aki target=Ben cause=@ay.cause.doctor"}, "Aki 3/1 Ben 2/0"},
		{"Aki:6 Ben:3 Chika:5 Dai:7", "Aki", "black", []string{"ay.ev.kill_self killer=Aki target=Aki", "ay.do.self_kill name=Aki"}, "Aki 2/1"},
		{"Ben=0/0 Aki:6 Ben:3 Chika:5 Dai:7", "Ben", "white", []string{"ay.do.heal name=Ben"}, "Ben 1/0"},
	} {
		t.Run(tc.treat+" "+tc.side, func(t *testing.T) {
			g, _ := rig(t, fourChips, tc.deal)
			play(t, g, "Ben reveal", "Ben guard Dai", "Chika reveal", "Aki reveal")
			want(t, apply(t, g, "Aki treat "+tc.treat), "ay.ev.treat name=Aki target="+tc.treat)
			waits(t, g, tc.treat+" toss")
			want(t, apply(t, g, tc.treat+" toss "+tc.side), tc.evs...)
			chips(t, g, tc.chips)
		})
	}
	// With engine tosses the toss is a random draw, told to everyone.
	sides := map[string]bool{}
	for seed := uint64(1); seed <= 20; seed++ {
		g, _ := rigSeed(t, four, seed, "Aki:6 Ben:3 Chika:5 Dai:7")
		play(t, g, "Ben reveal", "Ben guard Dai", "Chika reveal", "Aki reveal")
		for _, e := range apply(t, g, "Aki treat Dai") {
			if e.Key == "ay.ev.toss" {
				if !e.IsPublic() || !e.Random {
					t.Errorf("toss event %+v: want public and random", e)
				}
				sides[e.Args["side"]] = true
			}
		}
	}
	if len(sides) != 2 {
		t.Errorf("20 engine tosses gave only %v", sides)
	}
}

// AY-27: a player the Doctor kills before their reveal never reveals.
// FAQ: 闇医者によるプレイヤー指定はまだ正体を現していないプレイヤーも指定して殺害できるのですか？
// → できます。殺害が成功した場合、殺されたプレイヤーは正体を現すことなくラウンドを終わります。
func TestAY27FAQDoctorKillsBeforeTheReveal(t *testing.T) {
	g, _ := rig(t, fourChips, "Aki:6 Ben:3 Chika:5 Dai:7")
	play(t, g, "Ben reveal", "Ben guard Ben", "Chika reveal", "Aki reveal", "Aki treat Dai")
	ev := apply(t, g, "Dai toss black")
	want(t, ev, "ay.ev.kill killer=Aki target=Dai cause=@ay.cause.doctor", "ay.ev.round_end n=1")
	none(t, ev, "ay.ev.reveal")
	none(t, ev, "ay.ev.call")
	if r := pub(g).History[0].Roles[3]; r != nil {
		t.Errorf("Dai's role %v made public though Dai never revealed", r)
	}
}

// AY-28: the Terrorist draws among every player not killed this round but
// the Cop, himself included; drawing himself turns a life chip into a
// kill chip.
// FAQ: テロリストを使用した時に、一度殺害された独裁者や粛清によってライフチップを減らされたプレイヤーはシャッフルの対象となりますか？
// → なります。…同様に探偵によって護衛されたプレイヤーもシャッフルの対象となります。
func TestAY28FAQTerroristsDraw(t *testing.T) {
	drawn := map[string]bool{}
	for seed := uint64(1); seed <= 60; seed++ {
		g, _ := rigSeed(t, Config{Players: names(5), Toss: TossChips}, seed, "Aki:1 Ben:2 Chika:3 Dai:5 Eri:7")
		play(t, g, "Aki reveal", "Aki accuse Aki", "Ben reveal", "Ben declare 5", "Chika reveal", "Chika guard Ben")
		want(t, apply(t, g, "Dai reveal"), "ay.ev.double killer=Ben target=Dai", "ay.ev.purge names=Aki,_Ben,_Chika,_Eri")
		apply(t, g, "Eri reveal")
		ev := apply(t, g, "Eri draw")
		for _, e := range ev {
			if e.Key == "ay.ev.terror_draw" {
				drawn[e.Args["target"]] = true
				if !e.IsPublic() || !e.Random {
					t.Errorf("draw event %+v: want public and random", e)
				}
			}
		}
		if match(ev[0], "ay.ev.terror_draw target=Eri") {
			want(t, ev, "ay.ev.kill_self killer=Eri target=Eri", "ay.do.self_kill name=Eri")
			chips(t, g, "Eri 1/1")
		}
	}
	if fmt.Sprint(drawn) != "map[Ben:true Chika:true Dai:true Eri:true]" {
		t.Errorf("the Terrorist drew %v; want the guarded Ben, the purged Chika, the Dictator Dai and Eri, never the Cop", drawn)
	}

	// Players killed this round are left out.
	drawn = terrorDraws(t, fourChips, "Aki:3 Ben:6 Chika:5 Dai:7",
		"Aki reveal", "Aki guard Ben", "Chika reveal", "Ben reveal", "Ben treat Aki", "Aki toss black", "Dai reveal", "Dai draw")
	if drawn["Aki"] || len(drawn) != 3 {
		t.Errorf("the Terrorist drew %v, want Ben, Chika and Dai, not Aki killed by the Doctor", drawn)
	}
}

// AY-30: before ⓪ the marker holder may call out the Bomb Girl: her holder
// is killed by the marker holder at once; if nobody holds her, the marker
// holder loses a life chip and a kill chip (a life chip only without kill
// chips). Either way the marker holder keeps their own turn.
func TestAY30CallingOutTheBombGirl(t *testing.T) {
	g, _ := rig(t, fourBomb, "Aki:1 Ben:0 Chika:5 Dai:7")
	if got := fmt.Sprint(actions(g.Legal(0))); got != "[bomb kill bomb spare]" {
		t.Fatalf("the marker holder is offered %s", got)
	}
	ev := apply(t, g, "Aki bomb kill")
	want(t, ev, "ay.ev.bomb_found name=Aki target=Ben", "ay.ev.kill killer=Aki target=Ben cause=@ay.cause.marker", "ay.ev.call mark=① name=Aki")
	if e := ev[0]; !e.Reveal || !e.IsPublic() {
		t.Errorf("call-out event %+v: want a public reveal", e)
	}
	if r := pub(g).Players[1].Role; r == nil || r.No != 0 {
		t.Errorf("Ben's Bomb Girl not public after the call-out: %v", r)
	}
	chips(t, g, "Aki 3/1 Ben 2/0")
	waits(t, g, "Aki reveal")

	for _, tc := range []struct{ start, after, do string }{
		{"3/1", "2/0", "ay.do.bomb_missed_both"},
		{"3/0", "2/0", "ay.do.bomb_missed_life"},
		{"0/2", "0/1", "ay.do.bomb_missed_kill"},
	} {
		g, _ := rig(t, fourBomb, "Aki="+tc.start+" Aki:1 Ben:2 Chika:5 Dai:7 down:0,3")
		ev := apply(t, g, "Aki bomb kill")
		want(t, ev, "ay.ev.bomb_missed name=Aki", tc.do+" name=Aki")
		none(t, ev, "ay.ev.kill")
		chips(t, g, "Aki "+tc.after)
		waits(t, g, "Aki reveal")
	}
}

// AY-31: called, the Bomb Girl may hand her card to any player who has
// not revealed, in plain sight, or keep it.
func TestAY31BombGirlHandsHerCard(t *testing.T) {
	g, _ := rig(t, fourBomb, "Aki:1 Ben:0 Chika:5 Dai:7")
	play(t, g, "Aki bomb spare", "Ben reveal")
	if got := fmt.Sprint(actions(g.Legal(1))); got != "[hand Aki hand Chika hand Dai keep card]" {
		t.Fatalf("the Bomb Girl is offered %s", got)
	}
	want(t, apply(t, g, "Ben hand Dai"), "ay.ev.hand name=Ben target=Dai", "ay.do.hand name=Ben target=Dai")
	if p := pub(g); !p.Players[3].BombCard || p.Players[1].BombCard {
		t.Errorf("the card is not shown with Dai: %+v", p.Players)
	}

	g, _ = rig(t, fourBomb, "Aki:1 Ben:0 Chika:5 Dai:7")
	want(t, play(t, g, "Aki bomb spare", "Ben reveal", "Ben keep card"), "ay.ev.keep name=Ben")
	ev := play(t, g, "Aki reveal", "Aki accuse Dai")
	none(t, ev, "ay.ev.give")
	waits(t, g, "Chika reveal")
}

// AY-32: at each reveal the card's holder, if it is not the revealer,
// hands it to a player who has not revealed; if the revealer holds it,
// the Bomb Girl kills them and the card goes back to her, powerless.
// (The rulebook says 自爆娘を持つプレイヤー hands it on: the current holder,
// not the owner as rules/ayatsuri.md words it; the rulebook wins.)
func TestAY32BombGirlCardMovesAndKills(t *testing.T) {
	g, _ := rig(t, fourBomb, "Aki:1 Ben:0 Chika:6 Dai:3")
	play(t, g, "Aki bomb spare", "Ben reveal", "Ben hand Chika")
	apply(t, g, "Aki reveal")
	waits(t, g, "Chika bomb-pass")
	if got := fmt.Sprint(actions(g.Legal(2))); got != "[give Dai]" {
		t.Fatalf("the holder is offered %s, want only Dai (Aki and Ben revealed)", got)
	}
	want(t, apply(t, g, "Chika give Dai"), "ay.ev.give name=Chika target=Dai")
	waits(t, g, "Aki ability") // the hand-on comes before the revealer's turn
	apply(t, g, "Aki accuse Aki")
	ev := apply(t, g, "Dai reveal")
	want(t, ev, "ay.ev.kill killer=Ben target=Dai cause=@ay.cause.bomb", "ay.ev.bomb_back name=Dai owner=Ben", "ay.ev.lost_turn name=Dai")
	chips(t, g, "Ben 3/1 Dai 2/0")
	ev = apply(t, g, "Chika reveal")
	none(t, ev, "ay.ev.give")
	none(t, ev, "ay.ev.bomb_stays")
	if p := pub(g); !p.Players[1].BombCard {
		t.Errorf("the card is not back with Ben")
	}

	// Nobody left who has not revealed: the card stays.
	g, _ = rig(t, fourBomb, "Aki:1 Ben:0 Chika:6 Dai:3")
	play(t, g, "Aki bomb spare", "Ben reveal", "Ben hand Chika", "Aki reveal", "Chika give Dai", "Aki accuse Dai")
	play(t, g, "Dai reveal")
	g2, _ := rig(t, fourBomb, "Aki:1 Ben:0 Chika:6 Dai:3")
	play(t, g2, "Aki bomb spare", "Ben reveal", "Ben hand Dai", "Aki reveal", "Dai give Chika", "Aki accuse Aki")
	want(t, apply(t, g2, "Dai reveal"), "ay.ev.bomb_stays name=Chika")
}

// AY-33: her kill meets the guard and the Dictator; a Cop's, Assassin's
// or Doctor's kill on the same player replaces it; it lapses if her owner
// was killed first.
func TestAY33BombGirlKillLimits(t *testing.T) {
	t.Run("guard", func(t *testing.T) {
		g, _ := rig(t, fourBomb, "Aki:3 Ben:0 Chika:4 Dai:7")
		play(t, g, "Aki bomb spare", "Ben reveal", "Ben hand Chika", "Aki reveal", "Chika give Dai", "Aki guard Dai", "Chika reveal")
		ev := apply(t, g, "Dai reveal")
		want(t, ev, "ay.ev.guarded killer=Ben target=Dai det=Aki", "ay.ev.fee_paid name=Dai")
		none(t, ev, "ay.ev.kill")
	})
	t.Run("dictator", func(t *testing.T) {
		g, _ := rig(t, fourBomb, "Aki:3 Ben:0 Chika:5 Dai:7")
		play(t, g, "Aki bomb spare", "Ben reveal", "Ben hand Dai", "Aki reveal", "Dai give Chika", "Aki guard Aki")
		want(t, apply(t, g, "Chika reveal"), "ay.ev.double killer=Ben target=Chika", "ay.ev.purge names=Aki,_Ben,_Dai", "ay.ev.bomb_back name=Chika owner=Ben")
	})
	t.Run("cop", func(t *testing.T) {
		g, _ := rig(t, fourBomb, "Aki:1 Ben:0 Chika:5 Dai:7")
		play(t, g, "Aki bomb spare", "Ben reveal", "Ben hand Chika", "Aki reveal", "Chika give Dai", "Aki accuse Dai", "Chika reveal")
		ev := apply(t, g, "Dai reveal")
		want(t, ev, "ay.ev.kill killer=Aki target=Dai cause=@ay.cause.cop", "ay.ev.bomb_back name=Dai owner=Ben")
		if n := count(ev, "ay.ev.kill"); n != 1 {
			t.Errorf("%d kills on Dai's reveal, want the Cop's only", n)
		}
	})
	t.Run("assassin", func(t *testing.T) {
		g, _ := rig(t, fourBomb, "Aki:2 Ben:0 Chika:5 Dai:7")
		play(t, g, "Aki bomb spare", "Ben reveal", "Ben hand Dai", "Aki reveal", "Dai give Chika", "Aki declare 5")
		ev := apply(t, g, "Chika reveal")
		want(t, ev, "ay.ev.double killer=Aki target=Chika")
		if n := count(ev, "ay.ev.double"); n != 1 {
			t.Errorf("%d kills on Chika's reveal, want the Assassin's only", n)
		}
		chips(t, g, "Aki 2/1 Ben 2/0 Chika 3/0 Dai 2/0") // the purge too
	})
	t.Run("doctor", func(t *testing.T) {
		// The Doctor's kill comes before its target reveals (AY-27), so the
		// holder it kills never reveals and her kill never comes.
		g, _ := rig(t, fourBomb, "Aki:6 Ben:0 Chika:5 Dai:7")
		play(t, g, "Aki bomb spare", "Ben reveal", "Ben hand Aki", "Chika reveal", "Aki give Dai")
		want(t, apply(t, g, "Aki reveal"), "ay.ev.bomb_stays name=Dai")
		apply(t, g, "Aki treat Dai")
		ev := apply(t, g, "Dai toss black")
		want(t, ev, "ay.ev.kill killer=Aki target=Dai cause=@ay.cause.doctor")
		none(t, ev, "ay.ev.kill cause=@ay.cause.bomb")
	})
	t.Run("owner killed", func(t *testing.T) {
		g, _ := rig(t, fourBomb, "Aki:6 Ben:0 Chika:5 Dai:7")
		play(t, g, "Aki bomb spare", "Ben reveal", "Ben hand Aki", "Chika reveal", "Aki give Dai", "Aki reveal",
			"Aki treat Ben", "Ben toss black")
		ev := apply(t, g, "Dai reveal")
		want(t, ev, "ay.ev.bomb_lapsed owner=Ben target=Dai", "ay.ev.bomb_back name=Dai owner=Ben")
		none(t, ev, "ay.ev.kill")
		waits(t, g, "Dai ability")
	})
}

// AY-40: after the last call the Terrorist's draw comes before the Serial
// Killer, then the end check.
func TestAY40RoundEndAfterTheTerrorist(t *testing.T) {
	found := false
	for seed := uint64(1); seed <= 40 && !found; seed++ {
		g, _ := rigSeed(t, Config{Players: names(3)}, seed, "Aki:3 Ben:4 Chika:7")
		play(t, g, "Aki reveal", "Aki guard Aki", "Ben reveal", "Chika reveal")
		ev := apply(t, g, "Chika draw")
		if !match(ev[0], "ay.ev.terror_draw target=Aki") {
			continue // the draw killed somebody: no Serial Killer
		}
		found = true
		want(t, ev, "ay.ev.guard_self")
		waits(t, g, "Ben serial")
		want(t, apply(t, g, "Ben target Chika"), "ay.ev.serial", "ay.ev.kill killer=Ben target=Chika", "ay.ev.round_end n=1", "ay.ev.round n=2")
	}
	if !found {
		t.Fatal("no seed draws the guarded Detective")
	}
}

// AY-41: the game ends at round end — not before — if a player has 0 life
// or 3 kill chips; otherwise the next round starts with the marker holder.
func TestAY41GameEndsOnlyAtRoundEnd(t *testing.T) {
	g, _ := rig(t, four, "Ben=1/0 Aki:1 Ben:2 Chika:5 Dai:6")
	play(t, g, "Aki reveal", "Aki accuse Ben", "Ben reveal")
	chips(t, g, "Ben 0/0")
	if g.Outcome().Over {
		t.Fatal("the game ended mid-round")
	}
	play(t, g, "Chika reveal", "Dai reveal", "Dai treat Dai")
	if !g.Outcome().Over || g.Phase() != PhOver || g.Turn() != noSeat {
		t.Fatalf("a player at 0 life at round end, but phase %s", g.Phase())
	}
	for s := range 4 {
		if l := g.Legal(engine.Seat(s)); len(l) != 0 {
			t.Errorf("game over, seat %d is offered %v", s, actions(l))
		}
	}

	g, _ = rig(t, four, "Aki=3/2 Aki:1 Ben:2 Chika:5 Dai:6")
	play(t, g, "Aki reveal", "Aki accuse Ben", "Ben reveal")
	chips(t, g, "Aki 3/3")
	if g.Outcome().Over {
		t.Fatal("the game ended mid-round")
	}
	play(t, g, "Chika reveal", "Dai reveal", "Dai treat Chika")
	if o := g.Outcome(); !o.Over || fmt.Sprint(o.Winners) != "[0]" || o.Reason.Key != "ay.win.third" {
		t.Fatalf("outcome %+v, want Aki to win with a third kill chip", o)
	}

	g, _ = rig(t, four, "Aki:1 Ben:2 Chika:5 Dai:6")
	play(t, g, "Aki reveal", "Aki accuse Ben", "Ben reveal", "Chika reveal", "Dai reveal", "Dai treat Chika")
	if g.Outcome().Over || g.Round() != 2 || g.Marker() != 2 || g.Turn() != 2 {
		t.Fatalf("no end condition: round %d, marker %d, turn %d; want round 2 drafted by Chika", g.Round(), g.Marker(), g.Turn())
	}
}

// endQuietly ends the current (rigged) round without changing any chip.
func endQuietly(t testing.TB, g *Game) []engine.Event {
	t.Helper()
	return play(t, g, "Aki reveal", "Aki accuse Aki", "Ben reveal", "Ben guard Ben", "Chika reveal")
}

// AY-42: the winner is the first to take a third kill chip among those
// with life; else the most life + kill chips among those with life; a tie
// goes to a tied player who brought another player's life to 0; still
// tied, another round — where a player at 0 life may come back.
func TestAY42Winner(t *testing.T) {
	three := Config{Players: names(3)}
	for _, tc := range []struct {
		name, chips string
		zeroed      []engine.Seat
		winner      string
		reason      string
	}{
		{"third first", "Ben=1/3 Aki=2/4 Chika=0/0", nil, "Ben", "ay.win.third"},
		{"third needs life", "Ben=0/3 Aki=2/1 Chika=1/1", nil, "Aki", "ay.win.most"},
		{"most chips", "Ben=0/0 Aki=2/1 Chika=3/1", nil, "Chika", "ay.win.most"},
		{"most chips needs life", "Ben=0/2 Aki=1/1 Chika=1/0", nil, "Aki", "ay.win.most"},
		{"tie broken", "Ben=0/0 Aki=2/1 Chika=3/0", []engine.Seat{0}, "Aki", "ay.win.tiebreak"},
		{"tie stands", "Ben=0/0 Aki=2/1 Chika=3/0", nil, "", "ay.ev.tie"},
		{"tie of two zeroers", "Ben=0/0 Aki=2/1 Chika=3/0", []engine.Seat{0, 2}, "", "ay.ev.tie"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, _ := rig(t, three, tc.chips+" Aki:1 Ben:3 Chika:5")
			for _, s := range tc.zeroed {
				g.zeroed[s] = true
			}
			ev := endQuietly(t, g)
			o := g.Outcome()
			if tc.winner == "" {
				want(t, ev, "ay.ev.round_end n=1", "ay.ev.tie", "ay.ev.round n=2")
				if o.Over {
					t.Fatalf("outcome %+v, want another round", o)
				}
				return
			}
			if !o.Over || len(o.Winners) != 1 || g.name(o.Winners[0]) != tc.winner || o.Reason.Key != tc.reason {
				t.Fatalf("outcome %+v, want %s by %s", o, tc.winner, tc.reason)
			}
			want(t, ev, tc.reason+" name="+tc.winner)
			// The reason names the other tied players (Aki and Chika both
			// hold 3 chips here): the table sees who it was a tie with.
			if tc.reason == "ay.win.tiebreak" {
				if got := enginetest.Plain(o.Reason.Args["tied"]); got != "Chika" {
					t.Errorf("tied = %q, want Chika", got)
				}
				if got := engine.JA.Text(o.Reason); !strings.Contains(got, "Chikaさんと同点") {
					t.Errorf("JA reason %q does not name Chika", got)
				}
			}
		})
	}
}

// AY-42: only a kill brings another player's life to 0 for the tie-break:
// not a self-kill, not a fee.
func TestAY42BroughtToZeroByKillsOnly(t *testing.T) {
	g, _ := rig(t, fourChips, "Ben=1/0 Aki:1 Ben:2 Chika:5 Dai:6")
	play(t, g, "Aki reveal", "Aki accuse Ben", "Ben reveal")
	if !g.zeroed[0] {
		t.Errorf("the Cop's kill brought Ben to 0 but is not recorded")
	}
	g, _ = rig(t, fourChips, "Aki=1/0 Aki:6 Ben:3 Chika:5 Dai:7")
	play(t, g, "Ben reveal", "Ben guard Ben", "Chika reveal", "Aki reveal", "Aki treat Aki", "Aki toss black")
	if g.zeroed[0] {
		t.Errorf("a Doctor killing himself counts as bringing another player to 0")
	}
	g, _ = rig(t, fourChips, "Chika=1/0 Aki:2 Ben:3 Chika:6 Dai:5")
	play(t, g, "Aki reveal", "Aki declare 6", "Ben reveal", "Ben guard Chika", "Dai reveal", "Chika reveal", "Ben take kill")
	chips(t, g, "Chika 0/0")
	if slices.Contains(g.zeroed, true) {
		t.Errorf("a fee counts as bringing a player to 0: %v", g.zeroed)
	}
}

// AY-42: after a tie a player at 0 life plays on and may come back.
func TestAY42ZeroLifePlayerComesBackAfterATie(t *testing.T) {
	g, _ := rig(t, Config{Players: names(3), Toss: TossChips}, "Ben=0/0 Aki=2/1 Chika=3/0 Aki:1 Ben:3 Chika:5")
	want(t, endQuietly(t, g), "ay.ev.tie")
	// Round 2 is drafted by Chika, who revealed the Dictator.
	rigRound(t, g, "Aki:1 Ben:6 Chika:3")
	play(t, g, "Aki reveal", "Aki accuse Aki", "Chika reveal", "Chika guard Chika", "Ben reveal", "Ben treat Ben", "Ben toss white")
	chips(t, g, "Ben 1/0")
	if g.Outcome().Over || g.Round() != 3 {
		t.Fatalf("nobody at 0 life, nobody with 3 kills: the game goes on; outcome %+v", g.Outcome())
	}
}

// AY-43: the moment of a third kill chip counts, from a fee or a double as
// from a kill; losing the third chip (a fee paid with it, a failed
// call-out) clears it.
func TestAY43ThirdChipMoments(t *testing.T) {
	g, _ := rig(t, four, "Aki=3/2 Ben=3/2 Aki:1 Ben:2 Chika:5 Dai:7")
	play(t, g, "Aki reveal", "Aki accuse Dai", "Ben reveal", "Ben declare 5")
	apply(t, g, "Chika reveal") // Ben's third chip: a double
	apply(t, g, "Dai reveal")   // Aki's third chip: the Cop's kill
	chips(t, g, "Aki 2/3 Ben 2/3")
	if o := g.Outcome(); !o.Over || fmt.Sprint(o.Winners) != "[1]" {
		t.Fatalf("outcome %+v, want Ben, whose double came first", o)
	}

	// A fee kept as a kill chip is a third chip too: Aki's comes before
	// Chika's kill.
	g, _ = rig(t, fourChips, "Aki=3/2 Chika=3/2 Aki:3 Ben:2 Chika:6 Dai:4")
	play(t, g, "Ben reveal", "Ben declare 4", "Aki reveal", "Aki guard Dai", "Dai reveal", "Aki take kill")
	play(t, g, "Chika reveal", "Chika treat Ben", "Ben toss black")
	chips(t, g, "Aki 3/3 Chika 3/3")
	if o := g.Outcome(); !o.Over || fmt.Sprint(o.Winners) != "[0]" {
		t.Fatalf("outcome %+v, want Aki, whose fee was a third kill chip", o)
	}

	// Ben pays his third kill chip as a fee: its moment is gone.
	g, _ = rig(t, fourChips, "Ben=3/3 Aki=3/2 Aki:1 Ben:6 Chika:3 Dai:2")
	play(t, g, "Aki reveal", "Aki accuse Dai", "Dai reveal") // Aki: 3 kill chips
	play(t, g, "Chika reveal", "Chika guard Ben", "Ben reveal", "Ben treat Ben", "Ben toss black", "Ben pay kill", "Chika take life")
	chips(t, g, "Ben 3/2")
	if g.third[1] != 0 {
		t.Fatalf("Ben's third-chip moment %d not cleared after paying it", g.third[1])
	}
	// A failed call-out clears it the same way.
	g, _ = rig(t, fourBomb, "Aki=3/3 Aki:1 Ben:2 Chika:5 Dai:7 down:0,3")
	apply(t, g, "Aki bomb kill")
	if g.kills[0] != 2 || g.third[0] != 0 {
		t.Fatalf("after the failed call-out Aki has %d kills, moment %d", g.kills[0], g.third[0])
	}
}

// Apply accepts exactly what Legal offers; every offered choice decodes
// to itself, and the notation reads names and roles loosely.
func TestDecodeNotation(t *testing.T) {
	g, _ := rig(t, four, "Aki:2 Ben:6 Chika:5 Dai:3")
	apply(t, g, "Aki reveal")
	for _, tc := range []struct{ in, want string }{
		{"declare ⑥", "declare 6"}, {"DECLARE back-alley doctor", "declare 6"}, {"  declare   闇医者 ", "declare 6"},
		{"accuse ben", "accuse Ben"}, {"pay white", "pay life"}, {"toss 黒", "toss black"}, {"keep", "keep card"},
	} {
		a, err := g.Decode(0, tc.in)
		if err != nil || string(a) != tc.want {
			t.Errorf("Decode(%q) = %q, %v, want %q", tc.in, a, err, tc.want)
		}
	}
	for _, bad := range []string{"", "declare", "declare 9", "accuse Zed", "reveal now", "fly", "pay gold", "bomb maybe"} {
		if _, err := g.Decode(0, bad); err == nil {
			t.Errorf("Decode(%q) = nil error", bad)
		}
		refuse(t, g, "Aki "+bad, engine.ErrNotation)
	}
	want(t, apply(t, g, "Aki declare 闇医者"), "ay.ev.declare mark=⑥")
}

// TestViewJSON: views serialise, and a non-player seat sees the public view.
func TestViewJSON(t *testing.T) {
	g, _ := rig(t, four, "Aki:2 Ben:6 Chika:5 Dai:3")
	for _, s := range []engine.Seat{engine.Public, 4, -7} {
		if got, want := seatJSON(g, s), seatJSON(g, engine.Public); got != want {
			t.Errorf("View(%d) = %s, want the public view", s, got)
		}
	}
	var v View
	if err := json.Unmarshal([]byte(seatJSON(g, 0)), &v); err != nil || v.Role == nil || v.Role.No != 2 || len(v.Choices) != 1 {
		t.Errorf("Aki's view %+v, %v", v, err)
	}
}
