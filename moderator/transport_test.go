package moderator

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	srface "tablemaster/moderator/superrock"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/ayatsuri"
	"tablemaster/engine/noir"
	"tablemaster/engine/superrock"
)

// longNames are distinct Japanese names of 25 characters (75 bytes), as
// in the issue, and one of 97 characters: the transport must not depend
// on any cap on names.
func longNames(n int) []string {
	const kana = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん"
	mark := []rune("一二三四五六七八九十")
	var out []string
	for i := range n {
		r := []rune(kana)[:24]
		name := string(r) + string(mark[i])
		if i == 1 {
			name = strings.Repeat(string(r), 4) + "長"
		}
		out = append(out, name)
	}
	return out
}

// postAct posts an action the way a phone's form does.
func postRecorded(h http.Handler, tok, action string, v int) *httptest.ResponseRecorder {
	form := url.Values{"a": {action}, "v": {strconv.Itoa(v)}}
	req := httptest.NewRequest("POST", "/s/"+tok+"/act", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// TestEveryOfferedActionFitsTheTransport: for every game, with long
// names, at every step of seeded games, every choice offered to every seat
// fits the transport (principle 2: nothing offered may be refused before
// the game sees it). Each is posted through the real handler from an
// out-of-date page (it must reach the game, which answers "out of date",
// never a 400), checked against the length bound for the current page, and
// one of them is posted for real to move on.
func TestEveryOfferedActionFitsTheTransport(t *testing.T) {
	t.Parallel()
	// Not fewer in -short: the long actions come later in a game, and
	// the whole test takes under a second.
	steps := 60
	cases := []struct {
		name  string
		game  string
		opts  any
		seats int
	}{
		{"noir", "noir", noir.Config{}, 2},
		{"noir-physical", "noir", noir.Config{Deck: noir.Physical, Layout: noir.Shuffled, ShiftRule: noir.NoUndo}, 2},
		{"ayatsuri", "ayatsuri", ayatsuri.Config{BombGirl: true}, 6},
		{"superrock", "superrock", srface.NewOptions(superrock.Config{Counts: srCounts(10)}, ""), 10},
		{"superrock-physical", "superrock", srface.NewOptions(superrock.Config{Counts: srCounts(5), Dice: superrock.PhysicalDice, Board: superrock.PhysicalBoard}, ""), 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			longest, posts, moves := 0, 0, 0
			for seed := uint64(1); seed <= 3; seed++ {
				st, err := NewStore(t.TempDir(), fixedClock)
				if err != nil {
					t.Fatal(err)
				}
				tb := oldLogTable(t, st, c.game, c.opts, longNames(c.seats), seed)
				h := NewServer(st, engine.EN).Handler()
				r := engine.NewRand(seed)
				for step := 0; step < steps && !tb.Snapshot(engine.Public).Outcome.Over; step++ {
					var movers []engine.Seat
					for s := range c.seats {
						seat := engine.Seat(s)
						choices, cur := tb.offers(seat)
						bound := actionBound(tb, choices)
						for _, ch := range choices {
							a := string(ch.Action)
							longest = max(longest, len(a))
							if tooLong(a, bound, false, cur, cur) || len(url.Values{"a": {a}, "v": {strconv.Itoa(cur)}}.Encode()) > int(formLimit(bound)) {
								t.Fatalf("seed %d step %d: %q (%d bytes) does not fit the transport", seed, step, a, len(a))
							}
							rec := postRecorded(h, tb.Header().Tokens[seat], a, cur+1)
							posts++
							if rec.Code != http.StatusSeeOther || !strings.HasSuffix(rec.Header().Get("Location"), "?m=stale") {
								t.Fatalf("seed %d step %d: seat %d's offered %q (%d bytes) from an old page = %d %q, want 303 to ?m=stale",
									seed, step, seat, a, len(a), rec.Code, rec.Body.String())
							}
						}
						if len(choices) > 0 {
							movers = append(movers, seat)
						}
					}
					if len(movers) == 0 {
						break
					}
					seat := movers[r.IntN(len(movers))]
					choices, cur := tb.offers(seat)
					pick := srPick(r, choices)
					rec := postRecorded(h, tb.Header().Tokens[seat], string(pick.Action), cur)
					// A physical deck's "drew" may be refused (the card is
					// the other seat's); that refusal is the game's, not the
					// transport's.
					refused := strings.Contains(rec.Header().Get("Location"), "?m=")
					if rec.Code != http.StatusSeeOther || refused && !strings.HasPrefix(string(pick.Action), "drew ") {
						t.Fatalf("seed %d step %d: posting the offered %q = %d %q", seed, step, pick.Action, rec.Code, rec.Body.String())
					}
					moves++
				}
			}
			t.Logf("%d moves, %d offered actions posted; the longest %d bytes", moves, posts, longest)
			if longest <= 64 && c.game != "noir" {
				t.Errorf("no action longer than the old 64-byte limit was offered (longest %d): the test proves nothing", longest)
			}
		})
	}
}

func TestActionBound(t *testing.T) {
	st, err := NewStore(t.TempDir(), fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	tb := oldLogTable(t, st, "noir", noir.Config{}, []string{"Aki", strings.Repeat("名", 100)}, 1)
	if got, want := actionBound(tb, nil), 300+actionSlack; got != want {
		t.Errorf("actionBound with a 300-byte name = %d, want %d", got, want)
	}
	long := engine.Choice{Action: engine.Action(strings.Repeat("x", 1000))}
	if got := actionBound(tb, []engine.Choice{long}); got != 1000 {
		t.Errorf("actionBound with a 1000-byte choice = %d, want 1000", got)
	}
	for _, tt := range []struct {
		n         int
		offered   bool
		ver, cur  int
		wantLong  bool
		situation string
	}{
		{100, false, 3, 3, true, "junk on the current page"},
		{100, true, 3, 3, false, "offered"},
		{100, false, 2, 3, false, "from an old page: the game answers out of date"},
		{64, false, 3, 3, false, "within the bound"},
	} {
		if got := tooLong(strings.Repeat("k", tt.n), 64, tt.offered, tt.ver, tt.cur); got != tt.wantLong {
			t.Errorf("tooLong(%s) = %v, want %v", tt.situation, got, tt.wantLong)
		}
	}
}
