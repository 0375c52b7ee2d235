package moderator

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/ayatsuri"
)

var ayPlayers = []string{"Aki", "Ben", "Chika", "Dai", "Eri", "Fumi"}

func newAyatsuriTable(t testing.TB, n int, bombGirl bool, seed uint64) (*Store, *Table) {
	t.Helper()
	st, err := NewStore(t.TempDir(), fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	seats := ayPlayers[:n]
	tb, err := st.Create(NewTableSpec{Game: "ayatsuri", Seats: seats, Seed: seed, Addr: "127.0.0.1", Port: 8080,
		Options: ayatsuri.Config{Players: seats, BombGirl: bombGirl}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	return st, tb
}

// ayMover is the seat the table waits for.
func ayMover(tb *Table) engine.Seat {
	for s := range tb.Header().Seats {
		if len(tb.Legal(engine.Seat(s))) > 0 {
			return engine.Seat(s)
		}
	}
	return engine.Public
}

// ayStep makes one random legal move; false once the game is over.
func ayStep(t testing.TB, tb *Table, r *engine.Rand) bool {
	t.Helper()
	s := ayMover(tb)
	if s == engine.Public {
		return false
	}
	cs := tb.Legal(s)
	if _, err := tb.Act(s, string(cs[r.IntN(len(cs))].Action), -1); err != nil {
		t.Fatal(err)
	}
	return true
}

func TestAyatsuriPagesGolden(t *testing.T) {
	st, tb := newAyatsuriTable(t, 4, false, 7)
	h := NewServer(st, engine.EN).Handler()
	// Into the calling: Aki's Cop has accused, Dai is to reveal ②.
	for _, a := range []struct {
		s engine.Seat
		a string
	}{{0, "pick 1"}, {0, "pass"}, {1, "pick 4"}, {1, "pass"}, {2, "pick 7"}, {2, "pass"}, {3, "pick 2"}, {0, "reveal"}, {0, "accuse Ben"}} {
		mustAct(t, tb, a.s, a.a)
	}
	for _, l := range []string{"en", "ja"} {
		for _, np := range [][2]string{{"dai", "/s/" + tb.Header().Tokens[3]}, {"table", "/t/" + tb.Header().TableToken}} {
			r := do(t, h, "GET", np[1], nil, "Accept-Language", l)
			if r.Code != 200 {
				t.Fatalf("%s: %d", np[1], r.Code)
			}
			body := r.Body.String()
			for i, tok := range tb.Header().Tokens {
				body = strings.ReplaceAll(body, tok, "SEAT"+string(rune('0'+i)))
			}
			body = strings.ReplaceAll(body, tb.Header().TableToken, "TABLE")
			golden(t, "pages/ayatsuri-"+np[0]+"-"+l+".html", []byte(body))
		}
	}
}

// TestAyatsuriNoLeakOverHTTP: at every step of seeded random games, every
// device's page is byte-identical whether the game is real or everything
// hidden from that device was redrawn — during the draft and before a
// reveal no device but the holder's can learn a role, and the face-down and
// unpicked cards reach no device (AY-10, AY-12).
func TestAyatsuriNoLeakOverHTTP(t *testing.T) {
	t.Parallel()
	games := 6
	if testing.Short() {
		games = 2
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		n := 3 + int(seed)%4
		_, tb := newAyatsuriTable(t, n, seed%2 == 0, seed)
		r := engine.NewRand(seed * 7919)
		for step := 0; step < 120 && !tb.Snapshot(engine.Public).Outcome.Over; step++ {
			checkIndistinguishable(t, tb, engine.Public, r, seed, step)
			for s := range n {
				checkIndistinguishable(t, tb, engine.Seat(s), r, seed, step)
			}
			ayStep(t, tb, r)
		}
	}
}

// TestAyatsuriUndo follows DESIGN.md principle 4: a pick can be changed
// until the cards are passed on; passing showed the next player the cards,
// so undoing it needs that player's consent; a reveal needs everyone's.
func TestAyatsuriUndo(t *testing.T) {
	_, tb := newAyatsuriTable(t, 4, false, 7)
	mustAct(t, tb, 0, "pick 1")
	if done, err := tb.RequestUndo(0); err != nil || !done {
		t.Fatalf("Aki undoing a pick not yet passed on: done=%v err=%v, want done at once", done, err)
	}
	if ch := tb.Legal(0); len(ch) == 0 || !strings.HasPrefix(string(ch[0].Action), "pick") {
		t.Fatalf("after the undo Aki should pick again, has %v", ch)
	}
	mustAct(t, tb, 0, "pick 2")
	mustAct(t, tb, 0, "pass")
	done, err := tb.RequestUndo(0)
	if err != nil || done {
		t.Fatalf("undoing a pass: done=%v err=%v, want a request", done, err)
	}
	u := tb.Snapshot(0).Undo
	if u == nil || fmt.Sprint(u.Waiting) != "[1]" {
		t.Fatalf("undo of the pass waits for %+v, want Ben (seat 1) only", u)
	}
	if w := engine.EN.Text(u.Text); strings.Contains(w, "2") || strings.Contains(w, "Assassin") {
		t.Fatalf("the undo request names the pick: %q", w)
	}
	if done, err := tb.ConfirmUndo(1, true); err != nil || !done {
		t.Fatalf("Ben agrees: done=%v err=%v", done, err)
	}
	if ch := tb.Legal(0); len(ch) != 1 || ch[0].Action != "pass" {
		t.Fatalf("after undoing the pass Aki holds the rest again, has %v", ch)
	}
	// Play into the first reveal.
	mustAct(t, tb, 0, "pass")
	mustAct(t, tb, 1, "pick 4")
	mustAct(t, tb, 1, "pass")
	mustAct(t, tb, 2, "pick 7")
	mustAct(t, tb, 2, "pass")
	mustAct(t, tb, 3, "pick 1")
	// The last pick starts the calling, and the first call names its
	// holder: everyone learned something, so everyone must agree.
	if done, err := tb.RequestUndo(3); err != nil || done {
		t.Fatalf("Dai undoing the last pick: done=%v err=%v, want a request", done, err)
	}
	if u := tb.Snapshot(0).Undo; u == nil || len(u.Waiting) != 3 {
		t.Fatalf("undo of the last pick waits for %+v, want the three others", u)
	}
	if _, err := tb.ConfirmUndo(1, false); err != nil {
		t.Fatal(err)
	}
	mustAct(t, tb, 3, "reveal")
	done, err = tb.RequestUndo(3)
	if err != nil || done {
		t.Fatalf("undoing a reveal: done=%v err=%v, want a request to everyone", done, err)
	}
	if u := tb.Snapshot(0).Undo; u == nil || len(u.Waiting) != 3 {
		t.Fatalf("undo of a reveal waits for %+v, want the three others", u)
	}
	if _, err := tb.ConfirmUndo(0, false); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.RequestUndo(0); !errors.Is(err, ErrNotActor) {
		t.Fatalf("Aki undoing Dai's reveal: %v, want ErrNotActor", err)
	}
}

// TestAyatsuriPageSize: a phone page with the first event-stream message
// stays within the foundation's 16 KB budget at every step of long games,
// six players with the Bomb Girl being the largest.
func TestAyatsuriPageSize(t *testing.T) {
	t.Parallel()
	for seed := uint64(1); seed <= 2; seed++ {
		st, tb := newAyatsuriTable(t, 6, true, seed)
		h := NewServer(st, engine.EN).Handler()
		r := engine.NewRand(seed)
		worst := 0
		for step := 0; step < 400; step++ {
			if testing.Short() && step%20 != 0 {
				if !ayStep(t, tb, r) {
					break
				}
				continue
			}
			for _, l := range engine.Langs {
				for s := range 6 {
					path := "/s/" + tb.Header().Tokens[s]
					p := getPage(t, h, path, l)
					total := p.gz + firstEventLen(t, tb, engine.Seat(s), l, path)
					worst = max(worst, total)
					if total > maxPhoneGzip {
						t.Fatalf("step %d seat %d %s: phone page %d bytes gzipped + first event = %d, want ≤ %d", step, s, l, p.gz, total, maxPhoneGzip)
					}
				}
			}
			if !ayStep(t, tb, r) {
				break
			}
		}
		t.Logf("seed %d: largest phone page + first event: %d bytes", seed, worst)
	}
}
