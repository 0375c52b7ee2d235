package moderator

import (
	"bytes"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/outlaws"
	"tablemaster/moderator/term"
)

// newOutlawsTable is a table of Outlaws with Aki (Red) and Ben (Green).
func newOutlawsTable(t testing.TB, seed uint64) (*Store, *Table) {
	t.Helper()
	st, err := NewStore(t.TempDir(), fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	tb, err := st.Create(NewTableSpec{Game: "outlaws", Seats: []string{"Aki", "Ben"}, Options: outlaws.Config{}, Seed: seed, Addr: "127.0.0.1", Port: 8080})
	if err != nil {
		t.Fatal(err)
	}
	return st, tb
}

// olOpening is the worked game of docs/outlaws.md (seed 5) up to Aki's shot.
var olOpening = []struct {
	s engine.Seat
	a string
}{
	{0, "place governor"}, {0, "place assassin"}, {0, "place sheriff"}, {0, "place scout"}, {0, "place shopkeeper"},
	{0, "place dancer"}, {0, "place journalist"}, {0, "place thief"}, {0, "place priest"}, {0, "place mayor"},
	{1, "deal"}, {1, "move 1 2"}, {1, "pretend"}, {1, "check 5"}, {0, "check 3"}, {0, "take 3 ballot"}, {1, "take 5 ballot"},
	{1, "scout 3"}, {0, "dance 6 5"}, {0, "move 2 5"}, {0, "swap"}, {1, "check 1"}, {1, "move 3 4"}, {1, "pretend"},
}

func olPlay(t testing.TB, tb *Table, n int) {
	t.Helper()
	for _, a := range olOpening[:n] {
		mustAct(t, tb, a.s, a.a)
	}
}

// olStep plays one action of a seat with something to do.
func olStep(t testing.TB, tb *Table, r *engine.Rand) {
	t.Helper()
	var seats []engine.Seat
	for s := range 2 {
		if len(tb.Legal(engine.Seat(s))) > 0 {
			seats = append(seats, engine.Seat(s))
		}
	}
	s := seats[r.IntN(len(seats))]
	ch := tb.Legal(s)
	var pick []engine.Choice
	for _, c := range ch {
		k := strings.Fields(string(c.Action))[0]
		switch k {
		case "take", "shoot", "arrest", "dance", "journal", "thief", "deal", "guard", "cancel", "let", "with", "put":
			pick = append(pick, c, c, c)
		case "move":
			if r.IntN(6) == 0 {
				pick = append(pick, c)
			}
		default:
			pick = append(pick, c)
		}
	}
	if len(pick) == 0 {
		pick = ch
	}
	if _, err := tb.Act(s, string(pick[r.IntN(len(pick))].Action), -1); err != nil {
		t.Fatal(err)
	}
}

// TestOutlawsNoLeakOverHTTP: at every step of seeded random games, every
// device's page is byte-identical whether the game is real or everything
// hidden from that device was redrawn (the other street, the tokens, the
// stock): no device learns the opponent's street, a token it did not
// check, the stock, or whether a Move was real.
func TestOutlawsNoLeakOverHTTP(t *testing.T) {
	t.Parallel()
	games := 6
	if testing.Short() {
		games = 2
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		_, tb := newOutlawsTable(t, seed)
		r := engine.NewRand(seed * 31337)
		for step := 0; step < 90 && !tb.Snapshot(engine.Public).Outcome.Over; step++ {
			for _, s := range []engine.Seat{engine.Public, outlaws.Red, outlaws.Green} {
				checkIndistinguishable(t, tb, s, r, seed, step)
			}
			olStep(t, tb, r)
		}
	}
}

// TestOutlawsMoveLooksTheSame (OL-7): a real and a pretended Move give Ben's
// phone and the table screen the same bytes.
func TestOutlawsMoveLooksTheSame(t *testing.T) {
	var got [2][3]string
	for i, how := range []string{"swap", "pretend"} {
		st, tb := newOutlawsTable(t, 5)
		olPlay(t, tb, 11)
		mustAct(t, tb, outlaws.Green, "check 5")
		mustAct(t, tb, outlaws.Green, "check 6")
		mustAct(t, tb, outlaws.Red, "move 3 4")
		mustAct(t, tb, outlaws.Red, how)
		h := NewServer(st, engine.EN).Handler()
		for j, p := range []string{"/s/" + tb.Header().Tokens[1], "/t/" + tb.Header().TableToken, "/s/" + tb.Header().Tokens[0]} {
			got[i][j] = anonymous(tb, do(t, h, "GET", p, nil).Body.String())
		}
	}
	if got[0][0] != got[1][0] || got[0][1] != got[1][1] {
		t.Errorf("Ben or the table tells a real Move from a pretended one:\n%s", firstDiff(got[0][0]+got[0][1], got[1][0]+got[1][1]))
	}
	if got[0][2] == got[1][2] {
		t.Errorf("Aki's own page is the same after a real and a pretended Move")
	}
}

// TestOutlawsReaction (OL-23, OL-32): the defender is asked on the phone;
// the attacker's phone and the table screen only wait.
func TestOutlawsReaction(t *testing.T) {
	st, tb := newOutlawsTable(t, 5)
	h := NewServer(st, engine.EN).Handler()
	olPlay(t, tb, len(olOpening))
	aki, ben := "/s/"+tb.Header().Tokens[0], "/s/"+tb.Header().Tokens[1]
	v := tb.Snapshot(outlaws.Red).StateVer
	r := do(t, h, "POST", aki+"/act", url.Values{"a": {"shoot 5"}, "v": {strconv.Itoa(v)}}, "X-Tablemaster", "fetch")
	if r.Code != http.StatusOK {
		t.Fatalf("shoot: %d", r.Code)
	}
	akiPage, benPage := do(t, h, "GET", aki, nil).Body.String(), do(t, h, "GET", ben, nil).Body.String()
	if !strings.Contains(akiPage, "Waiting for Green.") || strings.Contains(akiPage, `value="guard"`) {
		t.Errorf("Aki's page does not only wait")
	}
	for _, want := range []string{`value="guard"`, `value="let"`, "The attack is aimed at your"} {
		if !strings.Contains(benPage, want) {
			t.Errorf("Ben's page lacks %s", want)
		}
	}
	v = tb.Snapshot(outlaws.Green).StateVer
	do(t, h, "POST", ben+"/act", url.Values{"a": {"guard"}, "v": {strconv.Itoa(v)}}, "X-Tablemaster", "fetch")
	if o := tb.Snapshot(engine.Public).Outcome; !o.Over || o.Winners[0] != outlaws.Green {
		t.Errorf("guard: %+v", o)
	}
}

// TestOutlawsUndo (principle 4): a pretended Move is its player's alone to
// take back; a Check showed a card to both and a token to one, so its undo
// needs the other player; a Take that drew from the stock is random.
func TestOutlawsUndo(t *testing.T) {
	_, tb := newOutlawsTable(t, 5)
	olPlay(t, tb, 13) // Ben's pretended Move is the last action
	if done, err := tb.RequestUndo(outlaws.Green); err != nil || !done {
		t.Fatalf("undoing a pretended Move: done=%v err=%v", done, err)
	}
	mustAct(t, tb, outlaws.Green, "pretend")
	mustAct(t, tb, outlaws.Green, "check 5")
	if done, err := tb.RequestUndo(outlaws.Green); err != nil || done {
		t.Fatalf("undoing a Check: done=%v err=%v, want a request", done, err)
	}
	if u := tb.Snapshot(outlaws.Red).Undo; u == nil || len(u.Waiting) != 1 || u.Waiting[0] != outlaws.Red {
		t.Fatalf("the undo of a Check waits for %+v, want Aki", u)
	}
	if done, err := tb.ConfirmUndo(outlaws.Red, false); err != nil || done {
		t.Fatalf("Aki refuses: done=%v err=%v", done, err)
	}
	// A Take refilled slot 8 from the stock: random, so Ben must agree to
	// Aki's undo even though Aki alone acted.
	mustAct(t, tb, outlaws.Red, "check 3")
	mustAct(t, tb, outlaws.Red, "take 3 ballot")
	if done, err := tb.RequestUndo(outlaws.Red); err != nil || done {
		t.Fatalf("undoing a Take with a refill: done=%v err=%v, want a request", done, err)
	}
	if u := tb.Snapshot(outlaws.Green).Undo; u == nil || len(u.Waiting) != 1 || u.Waiting[0] != outlaws.Green {
		t.Fatalf("the undo of a Take waits for %+v, want Ben", u)
	}
	if done, err := tb.ConfirmUndo(outlaws.Green, true); err != nil || !done {
		t.Fatalf("Ben agrees: done=%v err=%v", done, err)
	}
}

// TestOutlawsPagesGolden: the phones and the table screen during the
// setup, in play, and while a reaction is asked, in both languages.
func TestOutlawsPagesGolden(t *testing.T) {
	st, tb := newOutlawsTable(t, 5)
	h := NewServer(st, engine.EN).Handler()
	shoot := func(state string) {
		for _, l := range []string{"en", "ja"} {
			for _, np := range [][2]string{
				{"red", "/s/" + tb.Header().Tokens[0]}, {"green", "/s/" + tb.Header().Tokens[1]}, {"table", "/t/" + tb.Header().TableToken},
			} {
				r := do(t, h, "GET", np[1], nil, "Accept-Language", l)
				if r.Code != 200 {
					t.Fatalf("%s: %d", np[1], r.Code)
				}
				golden(t, "pages/outlaws-"+state+"-"+np[0]+"-"+l+".html", []byte(anonymous(tb, r.Body.String())))
			}
		}
	}
	olPlay(t, tb, 4)
	shoot("setup")
	for _, a := range olOpening[4:] {
		mustAct(t, tb, a.s, a.a)
	}
	shoot("play")
	mustAct(t, tb, outlaws.Red, "shoot 5")
	shoot("react")
}

// TestOutlawsPageSize: a phone page with its first live message stays
// within the 16 KB budget at every step of seeded random games.
func TestOutlawsPageSize(t *testing.T) {
	t.Parallel()
	worst := 0
	games := uint64(12)
	if testing.Short() {
		games = 3
	}
	for seed := uint64(1); seed <= games; seed++ {
		st, tb := newOutlawsTable(t, seed)
		h := NewServer(st, engine.EN).Handler()
		r := engine.NewRand(seed)
		for step := 0; step < 120 && !tb.Snapshot(engine.Public).Outcome.Over; step++ {
			for _, l := range engine.Langs {
				for s := range 2 {
					base := "/s/" + tb.Header().Tokens[s]
					p := getPage(t, h, base, l)
					n := p.gz + firstEventLen(t, tb, engine.Seat(s), l, base)
					worst = max(worst, n)
					if n > maxPhoneGzip {
						t.Fatalf("seed %d step %d seat %d %s: %d bytes", seed, step, s, l, n)
					}
				}
			}
			olStep(t, tb, r)
		}
	}
	t.Logf("largest phone page with its first live message: %d bytes", worst)
}

// Pass and play works for Outlaws: both arrange in turn (each dealt here;
// Aki, first, says when her cards lie), then the start player's private
// screen.
func TestOutlawsPassAndPlay(t *testing.T) {
	_, tb := newOutlawsTable(t, 5)
	var out bytes.Buffer
	fake := term.NewFake(
		term.Step{Prompt: "Pass the laptop to Aki"},
		term.Step{Prompt: "Your move", Answer: "Or let tablemaster deal: Deal for me"},
		term.Step{Prompt: "hide your screen"},
		// The street dealt stays on Aki's screen until the cards lie.
		term.Step{Prompt: "Pass the laptop to Aki"},
		term.Step{Prompt: "Your move", Answer: "Lay your street: Done laying"},
		term.Step{Prompt: "hide your screen"},
		term.Step{Prompt: "Pass the laptop to Ben"},
		term.Step{Prompt: "Your move", Answer: "Or let tablemaster deal: Deal for me"},
		term.Step{Prompt: "hide your screen"},
		term.Step{Prompt: "Pass the laptop to"},
		term.Step{Prompt: "Your move", Err: term.ErrInterrupted},
	)
	c := &Console{T: tb, Out: &out, Lang: engine.EN, Prompter: fake}
	if err := c.Pass(); err != term.ErrInterrupted {
		t.Fatalf("Pass = %v\n%s", err, out.String())
	}
	fake.Verify(t)
	if s := out.String(); strings.Count(s, "Your street:") < 2 || !strings.Contains(s, "The tokens are laid between the streets.") {
		t.Errorf("transcript:\n%s", s)
	}
}
