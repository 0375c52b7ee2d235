package moderator

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"tablemaster/moderator/face"
	srface "tablemaster/moderator/superrock"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/superrock"
)

var srPlayers = []string{"Aki", "Ben", "Chika", "Dai", "Eri", "Fumi", "Gen", "Hana", "Ichi", "Jun"}

// srCounts gives table 7.1's missing rows (SR-10) for 5 and 10 players.
func srCounts(n int) *superrock.Counts {
	switch n {
	case 5:
		return &superrock.Counts{L: 1, G: 0, E: 2, S: 1, X: 1}
	case 10:
		return &superrock.Counts{L: 1, G: 1, E: 3, S: 3, X: 2}
	}
	return nil
}

func newSuperrockTable(t testing.TB, n int, dice superrock.Dice, board superrock.Board, seed uint64) (*Store, *Table) {
	t.Helper()
	st, err := NewStore(t.TempDir(), fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	seats := srPlayers[:n]
	cfg := superrock.Config{Counts: srCounts(n), Dice: dice, Board: board}
	tb, err := st.Create(NewTableSpec{Game: "superrock", Seats: seats, Seed: seed, Addr: "127.0.0.1", Port: 8080,
		Options: srface.NewOptions(cfg, "")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	return st, tb
}

func srPhase(tb *Table) string {
	return tb.Snapshot(engine.Public).View.(superrock.PublicView).Phase
}

// srPick chooses one of a seat's choices at random. In play it mostly
// leaves out the ends of the game, so that random games also see the
// ledger, deaths and declarations.
func srPick(r *engine.Rand, cs []engine.Choice) engine.Choice {
	var keep []engine.Choice
	for _, c := range cs {
		a := string(c.Action)
		if strings.HasPrefix(a, "end ") && r.IntN(8) != 0 {
			continue
		}
		keep = append(keep, c)
	}
	if len(keep) == 0 {
		keep = cs
	}
	return keep[r.IntN(len(keep))]
}

// srMove picks a seat with choices and one of its choices, at random.
func srMove(tb *Table, r *engine.Rand) (engine.Seat, engine.Choice, bool) {
	var movers []engine.Seat
	for s := range tb.Header().Seats {
		if len(tb.Legal(engine.Seat(s))) > 0 {
			movers = append(movers, engine.Seat(s))
		}
	}
	if len(movers) == 0 {
		return engine.Public, engine.Choice{}, false
	}
	s := movers[r.IntN(len(movers))]
	return s, srPick(r, tb.Legal(s)), true
}

// srStep makes one random legal move; false once nobody can move.
func srStep(t testing.TB, tb *Table, r *engine.Rand) bool {
	t.Helper()
	s, c, ok := srMove(tb, r)
	if !ok {
		return false
	}
	if _, err := tb.Act(s, string(c.Action), -1); err != nil {
		t.Fatalf("Act(%d, %q) = %v", s, c.Action, err)
	}
	return true
}

// srPrepare plays the preparation at random up to the planet phase.
func srPrepare(t testing.TB, tb *Table, r *engine.Rand) {
	t.Helper()
	srPrepareEach(t, tb, r, func(int) {})
}

// srPrepareEach is srPrepare calling each before every move, with the
// move's number.
func srPrepareEach(t testing.TB, tb *Table, r *engine.Rand, each func(step int)) {
	t.Helper()
	for i := 0; i < 500 && srPhase(tb) != "play"; i++ {
		each(i)
		s, c, ok := srMove(tb, r)
		if !ok {
			t.Fatal("nobody can move during the preparation")
		}
		if srPhase(tb) == "lineup" {
			// SR-15: s is an Evil silhouette still to answer: it switches
			// away while more than two remain, else it keeps.
			c = engine.Choice{Action: "keep"}
			for _, x := range tb.Legal(s) {
				if strings.HasPrefix(string(x.Action), "switch ") && srEvils(tb) > 2 {
					c = x
					break
				}
			}
		}
		if _, err := tb.Act(s, string(c.Action), -1); err != nil {
			t.Fatalf("Act(%d, %q) = %v", s, c.Action, err)
		}
	}
	if srPhase(tb) != "play" {
		t.Fatalf("the preparation did not end: %s", srPhase(tb))
	}
}

// srEvils counts the Evil silhouettes once they are revealed.
func srEvils(tb *Table) int {
	n := 0
	for _, p := range tb.Snapshot(engine.Public).View.(superrock.PublicView).Players {
		if p.Silhouette != nil && p.Silhouette.Attr == "E" {
			n++
		}
	}
	return n
}

// srBase is the first base player, and a non-base player.
func srBaseAndOther(tb *Table) (base, other engine.Seat) {
	base, other = engine.Public, engine.Public
	for _, p := range tb.Snapshot(engine.Public).View.(superrock.PublicView).Players {
		if p.Base && base == engine.Public {
			base = p.Seat
		}
		if !p.Base && other == engine.Public {
			other = p.Seat
		}
	}
	return base, other
}

func srGolden(t *testing.T, h http.Handler, tb *Table, name string, paths [][2]string) {
	t.Helper()
	for _, l := range []string{"en", "ja"} {
		for _, np := range paths {
			r := do(t, h, "GET", np[1], nil, "Accept-Language", l)
			if r.Code != 200 {
				t.Fatalf("%s: %d", np[1], r.Code)
			}
			body := r.Body.String()
			for i, tok := range tb.Header().Tokens {
				body = strings.ReplaceAll(body, tok, "SEAT"+strconv.Itoa(i))
			}
			body = strings.ReplaceAll(body, tb.Header().TableToken, "TABLE")
			golden(t, "pages/superrock-"+name+"-"+np[0]+"-"+l+".html", []byte(body))
		}
	}
}

// TestSuperrockPagesGolden: a base player's phone, another player's phone
// and the table screen after the silhouettes are revealed and the
// preparation is done, with a look at a card (SR-31), a death and a
// declaration waiting for answers (SR-40); then the same pages at the end
// with every character revealed and the grades A–D (SR-42, SR-43).
func TestSuperrockPagesGolden(t *testing.T) {
	st, tb := newSuperrockTable(t, 7, superrock.VirtualDice, superrock.VirtualBoard, 11)
	h := NewServer(st, engine.EN).Handler()
	srPrepare(t, tb, engine.NewRand(3))
	base, other := srBaseAndOther(tb)
	hdr := tb.Header()
	names := hdr.Seats
	// The other player looks at the base player's card, somebody dies,
	// the other player declares victory.
	mustAct(t, tb, other, "identity "+names[base])
	dead := (int(other) + 3) % len(names)
	if engine.Seat(dead) == base {
		dead = (dead + 1) % len(names)
	}
	mustAct(t, tb, other, "dies "+names[dead])
	mustAct(t, tb, other, "declare")
	if srPhase(tb) != "veto" {
		t.Fatalf("after the declaration: phase %s, want veto", srPhase(tb))
	}
	phone := func(s engine.Seat) string { return "/s/" + hdr.Tokens[s] }
	srGolden(t, h, tb, "play", [][2]string{{"base", phone(base)}, {"declarer", phone(other)}, {"table", "/t/" + hdr.TableToken}})

	// To the end: the declaration is vetoed or accepted in turn; then the
	// table confirms the own conditions.
	r := engine.NewRand(5)
	for i := 0; i < 200 && !tb.Snapshot(engine.Public).Outcome.Over; i++ {
		ph := srPhase(tb)
		switch ph {
		case "override":
			mustAct(t, tb, other, "withdraw")
			continue
		case "play":
			mustAct(t, tb, other, "end nova")
			continue
		}
		srStep(t, tb, r)
	}
	if !tb.Snapshot(engine.Public).Outcome.Over {
		t.Fatal("the game did not end")
	}
	srGolden(t, h, tb, "over", [][2]string{{"base", phone(base)}, {"table", "/t/" + hdr.TableToken}})
}

// srSecretNotes lists, per seat, text no device that has not seen the card
// may show: the character's own notes (its win condition and equipment),
// where they are not part of another card's in play.
func srSecretNotes(tb *Table, l engine.Lang) map[engine.Seat]string {
	out := map[engine.Seat]string{}
	for s := range tb.Header().Seats {
		v := tb.Snapshot(engine.Seat(s)).View.(superrock.View)
		if v.Character != nil && v.Character.Notes != nil {
			n := l.Text(*v.Character.Notes)
			out[engine.Seat(s)] = n
		}
	}
	drop := map[engine.Seat]bool{}
	for s, n := range out {
		for t, m := range out {
			// "Henchman." is also part of "Henchman. Ship …".
			drop[s] = drop[s] || s != t && strings.Contains(m, n)
		}
	}
	for s := range drop {
		if drop[s] {
			delete(out, s)
		}
	}
	return out
}

// TestSuperrockNoLeakOverHTTP plays seeded random games of 5, 7 and 10
// players, with virtual and real dice and both boards, every action posted
// through the HTTP handler as a phone's form. At every step every device's
// page, fetched through the handler, is the page the checker renders, and
// is byte-identical to the page of a game in which everything hidden from
// that device was redrawn (engine.Resampler): characters, shadow rolls,
// picks before the reveal, ambush squares, planet cards. Two plainer checks
// catch what a resample cannot (the story is the moderator's, shared by
// both games): no page shows a story line told only to other seats, and
// none shows the notes of a character its device has not seen.
func TestSuperrockNoLeakOverHTTP(t *testing.T) {
	t.Parallel()
	type game struct {
		n     int
		dice  superrock.Dice
		board superrock.Board
	}
	games := []game{
		{5, superrock.VirtualDice, superrock.VirtualBoard},
		{7, superrock.PhysicalDice, superrock.PhysicalBoard},
		{10, superrock.VirtualDice, superrock.PhysicalBoard},
		{7, superrock.VirtualDice, superrock.VirtualBoard},
		{10, superrock.PhysicalDice, superrock.VirtualBoard},
		{5, superrock.PhysicalDice, superrock.PhysicalBoard},
	}
	if testing.Short() {
		games = games[:2]
	}
	for i, g := range games {
		seed := uint64(i + 1)
		t.Run(fmt.Sprintf("%d-%s-dice-%s-board", g.n, g.dice, g.board), func(t *testing.T) {
			st, tb := newSuperrockTable(t, g.n, g.dice, g.board, seed)
			h := NewServer(st, engine.EN).Handler()
			hdr := tb.Header()
			r := engine.NewRand(seed * 7919)
			devices := []engine.Seat{engine.Public}
			for s := range g.n {
				devices = append(devices, engine.Seat(s))
			}
			steps := 0
			for ; steps < 160; steps++ {
				notes := srSecretNotes(tb, engine.EN)
				hidden := map[engine.Seat][]string{}
				for _, s := range devices {
					hidden[s] = srHiddenLines(tb, s, engine.EN)
				}
				// Nothing below acts: the public view is read once a step.
				pv := tb.Snapshot(engine.Public).View.(superrock.PublicView)
				for _, s := range devices {
					path := "/t/" + hdr.TableToken
					if s != engine.Public {
						path = "/s/" + hdr.Tokens[s]
					}
					// The page as the real and the redrawn games render it,
					// first: the handler then serves the body rendered here.
					checkIndistinguishableAt(t, tb, s, path, r, seed, steps)
					got := do(t, h, "GET", path, nil, "Accept-Language", "en").Body.String()
					var want bytes.Buffer
					if err := renderPage(&want, tb, s, engine.EN, "", path); err != nil {
						t.Fatal(err)
					}
					if got != want.String() {
						t.Fatalf("step %d: the handler's page for device %d is not the page checked:\n%s", steps, s, firstDiff(got, want.String()))
					}
					for owner, n := range notes {
						if owner == s || s != engine.Public && srHasSeen(pv, s, owner) || srIsPublic(pv, owner) {
							continue
						}
						if strings.Contains(got, face.Escape(n)) {
							t.Fatalf("step %d: device %d's page shows %s's notes %q", steps, s, hdr.Seats[owner], n)
						}
					}
					for _, line := range hidden[s] {
						if strings.Contains(got, face.Escape(line)) {
							t.Fatalf("step %d: device %d's page shows a line told to others only: %q", steps, s, line)
						}
					}
				}
				s, c, ok := srMove(tb, r)
				if !ok {
					break
				}
				form := url.Values{"a": {string(c.Action)}, "v": {strconv.Itoa(tb.Snapshot(s).StateVer)}}
				// The reply in Japanese: the English body of the path is
				// then, at the next step, still the one the device was sent
				// at this step, for checkIndistinguishableAt.
				if resp := do(t, h, "POST", "/s/"+hdr.Tokens[s]+"/act", form, "X-Tablemaster", "fetch", "Accept-Language", "ja"); resp.Code != 200 {
					t.Fatalf("step %d: %s posting %q: %d %s", steps, hdr.Seats[s], c.Action, resp.Code, resp.Body.String())
				}
			}
			t.Logf("%d steps, phase %s", steps, srPhase(tb))
			if srPhase(tb) == "deal" || srPhase(tb) == "reject" || srPhase(tb) == "shadow" {
				t.Fatalf("after %d steps the game is still at %s", steps, srPhase(tb))
			}
		})
	}
}

// srHiddenLines are the texts of the story's lines that device s was not
// told, less any text it was told by another line (two seats can read the
// same "Your shadow roll: 4 …"). The resampled pages share the story, so
// this is the check that catches a private line sent to the wrong device.
func srHiddenLines(tb *Table, s engine.Seat, l engine.Lang) []string {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	told := map[string]bool{}
	var not []string
	for _, f := range tb.feed {
		text := l.Text(f.Event.Msg)
		if f.Event.Sees(s) && (s != engine.Public || f.Event.IsPublic()) {
			told[text] = true
		} else {
			not = append(not, text)
		}
	}
	var out []string
	for _, text := range not {
		if !told[text] {
			out = append(out, text)
		}
	}
	return out
}

func srHasSeen(pv superrock.PublicView, a, b engine.Seat) bool {
	for _, p := range pv.Players {
		if p.Seat == a {
			for _, x := range p.Seen {
				if x == b {
					return true
				}
			}
		}
	}
	return false
}

func srIsPublic(pv superrock.PublicView, s engine.Seat) bool {
	return pv.Players[s].Character != nil
}

// TestSuperrockUndo follows DESIGN.md principle 4 for Super Rock: keeping
// a character and picking a silhouette reveal nothing and draw nothing, so
// their actor undoes them alone; a virtual shadow roll drew a die, so
// everyone who heard of it must agree; the last pick revealed every
// silhouette, so everyone must agree; nobody undoes another's action.
func TestSuperrockUndo(t *testing.T) {
	_, tb := newSuperrockTable(t, 5, superrock.VirtualDice, superrock.VirtualBoard, 4)
	mustAct(t, tb, 2, "deal")
	if _, err := tb.RequestUndo(0); err != ErrNotActor {
		t.Fatalf("Aki undoing Chika's deal: %v, want ErrNotActor", err)
	}
	if done, err := tb.RequestUndo(2); err != nil || done {
		t.Fatalf("undoing the deal (random): done=%v err=%v, want a request", done, err)
	}
	if u := tb.Snapshot(engine.Public).Undo; u == nil || fmt.Sprint(u.Waiting) != "[0 1 3 4]" || u.What.Key != "sr.ev.dealt" {
		t.Fatalf("undo of the deal = %+v, want the four others asked about the deal", u)
	}
	if _, err := tb.ConfirmUndo(0, false); err != nil {
		t.Fatal(err)
	}
	mustAct(t, tb, 0, "keep")
	if done, err := tb.RequestUndo(0); err != nil || !done {
		t.Fatalf("Aki undoing a keep: done=%v err=%v, want done at once", done, err)
	}
	for s := range 5 {
		mustAct(t, tb, engine.Seat(s), "keep")
	}
	if srPhase(tb) != "shadow" {
		t.Fatalf("phase %s, want shadow", srPhase(tb))
	}
	// SR-14: the virtual shadow roll draws a die.
	mustAct(t, tb, 0, "roll")
	if done, err := tb.RequestUndo(0); err != nil || done {
		t.Fatalf("undoing a shadow roll: done=%v err=%v, want a request", done, err)
	}
	u := tb.Snapshot(1).Undo
	if u == nil || len(u.Waiting) != 4 {
		t.Fatalf("undo of the shadow roll waits for %+v, want the four others", u)
	}
	if u.What.Key != "sr.ev.shadow_rolled" {
		t.Fatalf("the request names %v, want the public event only (the shadow roll is a private choice)", u.What)
	}
	if _, err := tb.ConfirmUndo(3, false); err != nil {
		t.Fatal(err)
	}
	pick := func(s engine.Seat) string {
		for _, c := range tb.Legal(s) {
			if strings.HasPrefix(string(c.Action), "pick ") {
				return string(c.Action)
			}
		}
		t.Fatalf("seat %d has no pick: %v", s, tb.Legal(s))
		return ""
	}
	first := pick(0)
	mustAct(t, tb, 0, first)
	done, err := tb.RequestUndo(0)
	if err != nil || !done {
		t.Fatalf("Aki undoing a pick before the reveal: done=%v err=%v, want done at once", done, err)
	}
	if v := tb.Snapshot(0).View.(superrock.View); v.Pick != nil || v.ShadowRoll == 0 {
		t.Fatalf("after the undo Aki has rolled and not picked: pick %v roll %d", v.Pick, v.ShadowRoll)
	}
	for _, f := range tb.Snapshot(1).Feed {
		if strings.Contains(f.Event.Msg.Key, "undone") && strings.Contains(fmt.Sprint(f.Event.Msg.Args), strings.TrimPrefix(first, "pick ")) {
			t.Fatalf("the undo notice names the pick: %v", f.Event.Msg)
		}
	}
	// Everyone rolls and picks; the last pick reveals every silhouette.
	var last engine.Seat
	for s := range engine.Seat(5) {
		if v := tb.Snapshot(s).View.(superrock.View); v.ShadowRoll == 0 {
			mustAct(t, tb, s, "roll")
		}
		if srPhase(tb) != "shadow" {
			break
		}
		mustAct(t, tb, s, pick(s))
		last = s
	}
	if srPhase(tb) == "shadow" {
		t.Fatalf("after every pick the phase is still shadow")
	}
	done, err = tb.RequestUndo(last)
	if err != nil || done {
		t.Fatalf("undoing the last pick (the reveal): done=%v err=%v, want a request", done, err)
	}
	if u := tb.Snapshot(engine.Public).Undo; u == nil || len(u.Waiting) != 4 || u.What.Key != "sr.ev.picked" {
		t.Fatalf("undo of the last pick = %+v, want the four others, the pick unnamed", u)
	}
	for s := range engine.Seat(5) {
		if s != last {
			if _, err := tb.ConfirmUndo(s, true); err != nil {
				t.Fatal(err)
			}
		}
	}
	if srPhase(tb) != "shadow" || tb.Snapshot(engine.Public).View.(superrock.PublicView).Players[0].Silhouette != nil {
		t.Fatalf("after everyone agreed the silhouettes are hidden again: phase %s", srPhase(tb))
	}
}

// TestSuperrockPageSize: a phone page with the first event-stream message
// stays within the 16 KB budget at every step of seeded ten-player games
// (the most players, the longest players table and choice lists), in both
// languages, with real dice (six buttons per roll) and virtual ones.
func TestSuperrockPageSize(t *testing.T) {
	t.Parallel()
	worst, worstAt := 0, ""
	perPhase := map[string]int{}
	for i, dice := range []superrock.Dice{superrock.PhysicalDice, superrock.VirtualDice} {
		seed := uint64(20 + i)
		st, tb := newSuperrockTable(t, 10, dice, superrock.VirtualBoard, seed)
		h := NewServer(st, engine.EN).Handler()
		r := engine.NewRand(seed)
		for step := 0; step < 300; step++ {
			if !testing.Short() || step%10 == 0 {
				for _, l := range engine.Langs {
					for s := range 10 {
						path := "/s/" + tb.Header().Tokens[s]
						p := getPage(t, h, path, l)
						total := p.gz + firstEventLen(t, tb, engine.Seat(s), l, path)
						if total > perPhase[srPhase(tb)] {
							perPhase[srPhase(tb)] = total
						}
						if total > worst {
							worst, worstAt = total, fmt.Sprintf("%s dice, step %d (%s), seat %d, %s: %d raw, %d gzip", dice, step, srPhase(tb), s, l, p.raw, p.gz)
						}
						if total > maxPhoneGzip {
							t.Fatalf("%s dice, step %d (%s), seat %d, %s: phone page %d bytes gzipped + first event = %d, want ≤ %d",
								dice, step, srPhase(tb), s, l, p.gz, total, maxPhoneGzip)
						}
					}
				}
			}
			if !srStep(t, tb, r) {
				break
			}
		}
	}
	// The largest moment built on purpose: a Locke in a ten-player game
	// who has looked at all nine other cards (nine more lines behind the
	// hold, conversion choices for everyone) after a long story.
	for i, dice := range []superrock.Dice{superrock.PhysicalDice, superrock.VirtualDice} {
		st, tb := newSuperrockTable(t, 10, dice, superrock.VirtualBoard, uint64(30+i))
		h := NewServer(st, engine.EN).Handler()
		srPrepare(t, tb, engine.NewRand(uint64(30+i)))
		me := engine.Seat(0)
		for s := range engine.Seat(10) {
			if v := tb.Snapshot(s).View.(superrock.View); v.Character != nil && strings.HasPrefix(v.Character.ID, "locke") {
				me = s
			}
		}
		for s, name := range tb.Header().Seats {
			if engine.Seat(s) != me {
				mustAct(t, tb, me, "identity "+name)
			}
		}
		for _, l := range engine.Langs {
			path := "/s/" + tb.Header().Tokens[me]
			p := getPage(t, h, path, l)
			total := p.gz + firstEventLen(t, tb, me, l, path)
			if total > worst {
				worst, worstAt = total, fmt.Sprintf("%s dice, seat %d has seen every card, %s: %d raw, %d gzip", dice, me, l, p.raw, p.gz)
			}
			if total > maxPhoneGzip {
				t.Fatalf("%s dice, seat %d has seen every card, %s: phone page %d bytes gzipped + first event = %d, want ≤ %d",
					dice, me, l, p.gz, total, maxPhoneGzip)
			}
		}
	}
	t.Logf("largest phone page + first event: %d bytes, at %s; by phase in random games: %v", worst, worstAt, perPhase)
}

// TestSuperrockTextView: the console's status and a pass-and-play private
// screen, in both languages, at the golden pages' first moment; the help
// lists the notation.
func TestSuperrockTextView(t *testing.T) {
	_, tb := newSuperrockTable(t, 7, superrock.VirtualDice, superrock.VirtualBoard, 11)
	srPrepare(t, tb, engine.NewRand(3))
	base, other := srBaseAndOther(tb)
	mustAct(t, tb, other, "identity "+tb.Header().Seats[base])
	mustAct(t, tb, other, "declare")
	for _, l := range engine.Langs {
		var b strings.Builder
		b.WriteString(TextView(tb, tb.Snapshot(engine.Public), l))
		b.WriteString("---\n")
		b.WriteString(TextView(tb, tb.Snapshot(other), l))
		b.WriteString("---\n")
		b.WriteString(TextView(tb, tb.Snapshot(base), l))
		golden(t, "text/superrock-"+string(l)+".txt", []byte(b.String()))
		if help := l.S("superrock.help"); !strings.Contains(help, "ambush A 3-4") || !strings.Contains(help, "own Ben won") {
			t.Errorf("superrock.help (%s) lacks the notation: %s", l, help)
		}
	}
}

// TestSuperrockUndoIdentityNeedsTheTable: SR-31 and principle 4. Looking at
// a card is a public ledger line, so undoing it needs every seat; if the
// looker could undo alone, one "someone's identity revealed" card would
// show two characters (look, undo, look at another).
func TestSuperrockUndoIdentityNeedsTheTable(t *testing.T) {
	_, tb := newSuperrockTable(t, 5, superrock.VirtualDice, superrock.VirtualBoard, 4)
	srPrepare(t, tb, engine.NewRand(4))
	for _, kind := range []string{"identity", "telepathy"} {
		mustAct(t, tb, 0, kind+" "+tb.Header().Seats[1])
		done, err := tb.RequestUndo(0)
		if err != nil || done {
			t.Fatalf("undoing %s: done=%v err=%v, want a request to the table", kind, err, done)
		}
		if u := tb.Snapshot(engine.Public).Undo; u == nil || fmt.Sprint(u.Waiting) != "[1 2 3 4]" {
			t.Fatalf("undo of %s waits for %+v, want every other seat", kind, u)
		}
		for s := engine.Seat(1); s < 5; s++ {
			if _, err := tb.ConfirmUndo(s, true); err != nil {
				t.Fatal(err)
			}
		}
		if v := tb.Snapshot(engine.Public).View.(superrock.PublicView); len(v.Players[0].Seen) != 0 {
			t.Fatalf("after the table agreed to undo %s, Aki has still seen %v", kind, v.Players[0].Seen)
		}
	}
}
