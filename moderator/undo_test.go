package moderator

import (
	"bytes"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"tablemaster/moderator/face"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/noir"
	"tablemaster/engine/superrock"
)

// get fetches a page over a real socket and returns its text, entities
// decoded so the test can look for "♠" and quotes as a person reads them.
func get(t *testing.T, srv *httptest.Server, path string) string {
	t.Helper()
	resp, err := http.Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return html.UnescapeString(string(b))
}

func post(t *testing.T, srv *httptest.Server, path string, form url.Values) {
	t.Helper()
	resp, err := http.PostForm(srv.URL+path, form)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("POST %s = %s", path, resp.Status)
	}
}

var todoBox = regexp.MustCompile(`(?s)<div class="todo"[^>]*>(.*?)</div></div>`)

// todoLines are the lines of the table screen's "On the table now" box.
func todoLines(page string) []string {
	m := todoBox.FindStringSubmatch(page)
	if m == nil {
		return nil
	}
	var out []string
	for _, part := range strings.Split(m[1], "<div>")[1:] {
		out = append(out, strings.TrimSuffix(part, "</div>"))
	}
	return out
}

// TestUndoTellsTheTableHowToPutTheCardsBack (DESIGN.md principle 6, NC-7):
// two shifts are undone, one after the other. The table screen's "On the
// table now" box then says how to shift both real lines back, the last
// shift first, and the story reads as sentences that quote what was
// undone. On the old code the box vanished after an undo and the story
// read "Ben undid shift col B up."
func TestUndoTellsTheTableHowToPutTheCardsBack(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	srv := httptest.NewServer(NewServer(st, engine.EN).Handler())
	defer srv.Close()
	setup(t, tb)
	table := "/t/" + tb.Header().TableToken
	before := tb.Snapshot(engine.Public).View
	mustAct(t, tb, noir.Killer, "shift row 1 left")
	mustAct(t, tb, noir.Inspector, "shift col B up")
	post(t, srv, "/s/"+tb.Header().Tokens[noir.Inspector]+"/undo", url.Values{})
	page := get(t, srv, table)
	if got, want := todoLines(page), []string{"Slide column B back one place down; the card pushed off the end goes to the other end."}; !equal(got, want) {
		t.Fatalf("after one undo the box says %q, want %q", got, want)
	}
	if !strings.Contains(page, "Ben took back: The Inspector shifted column B up.") {
		t.Errorf("the story does not say what Ben took back:\n%s", page)
	}
	post(t, srv, "/s/"+tb.Header().Tokens[noir.Killer]+"/undo", url.Values{})
	page = get(t, srv, table)
	want := []string{
		"Slide column B back one place down; the card pushed off the end goes to the other end.",
		"Slide row 1 back one place right; the card pushed off the end goes to the other end.",
	}
	if got := todoLines(page); !equal(got, want) {
		t.Fatalf("after two undos the box says %q, want %q", got, want)
	}
	if !strings.Contains(page, "Aki took back: The Killer shifted row 1 left.") {
		t.Errorf("the story does not say what Aki took back")
	}
	if strings.Contains(page, "undid shift") {
		t.Errorf("the story still reads as command syntax")
	}
	if after := tb.Snapshot(engine.Public).View; !sameJSON(before, after) {
		t.Fatal("the two undos did not give back the grid of before")
	}
	// The next action's own instructions replace the restore lines.
	mustAct(t, tb, noir.Killer, "kill A2")
	if got := todoLines(get(t, srv, table)); len(got) != 1 || !strings.Contains(got[0], "Put a kill chip on ♠6 (A2)") {
		t.Fatalf("after the next action the box says %q", got)
	}
}

func equal(a, b []string) bool { return strings.Join(a, "\n") == strings.Join(b, "\n") }

// TestUndoRestoreSurvivesResumeAndReplay: a log that ends with an undo
// gives the same "On the table now" after resume, and replay prints the
// restore lines (principles 3 and 6).
func TestUndoRestoreSurvivesResumeAndReplay(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	setup(t, tb)
	mustAct(t, tb, noir.Killer, "shift row 1 left")
	if done, err := tb.RequestUndo(noir.Killer); err != nil || !done {
		t.Fatalf("RequestUndo = %v, %v", done, err)
	}
	want := tb.Snapshot(engine.Public).Todo
	if len(want) != 1 || want[0].Key != "noir.undo.shift" {
		t.Fatalf("Todo after the undo = %v, want the shift back", want)
	}
	id := tb.ID()
	tb.Close()
	st2, err := NewStore(st.Dir(), fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	tb2, _, err := st2.Open(id)
	if err != nil {
		t.Fatal(err)
	}
	defer tb2.Close()
	if got := tb2.Snapshot(engine.Public).Todo; !sameJSON(got, want) {
		t.Fatalf("after resume Todo = %v, want %v", got, want)
	}
	var out bytes.Buffer
	if err := Replay(&out, st.LogPath(id), engine.EN); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"Aki took back: The Killer shifted row 1 left.", "▸ Slide row 1 back one place right"} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("replay does not print %q:\n%s", line, out.String())
		}
	}
}

// TestUndoOfAnActionWithoutTableWords: undoing an action that moved
// nothing real says so, rather than leaving the last action's
// instructions up (they were carried out already).
func TestUndoOfAnActionWithoutTableWords(t *testing.T) {
	_, tb := newTestTable(t, noir.Config{}, 42)
	setup(t, tb)
	mustAct(t, tb, noir.Killer, "kill A2")
	arrest := ""
	for _, c := range tb.Legal(noir.Inspector) {
		if strings.HasPrefix(string(c.Action), "arrest ") && arrest == "" {
			arrest = string(c.Action)
		}
	}
	mustAct(t, tb, noir.Inspector, arrest)
	if _, err := tb.RequestUndo(noir.Inspector); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.ConfirmUndo(noir.Killer, true); err != nil {
		t.Fatal(err)
	}
	todo := tb.Snapshot(engine.Public).Todo
	if len(todo) != 1 || todo[0].Key != "mod.restore.nothing" {
		t.Fatalf("Todo after undoing an arrest = %v, want nothing to change", todo)
	}
}

// plainGame hides a game's Restorer: a game without one.
type plainGame struct{ engine.Game }

// plainFace builds plainGames.
type plainFace struct{ face.Face }

func (f plainFace) New(seats []string, o json.RawMessage, seed uint64) (engine.Game, error) {
	g, err := f.Face.New(seats, o, seed)
	return plainGame{g}, err
}

// TestUndoGeneralWordsForAGameWithoutRestore: a game that cannot say how
// to put its cards back still gets one instruction after an undo.
func TestUndoGeneralWordsForAGameWithoutRestore(t *testing.T) {
	_, tb := newTestTable(t, noir.Config{}, 42)
	setup(t, tb)
	mustAct(t, tb, noir.Killer, "shift row 1 left")
	tb.mu.Lock()
	tb.game = plainGame{tb.game}
	tb.face = plainFace{tb.face}
	tb.mu.Unlock()
	if done, err := tb.RequestUndo(noir.Killer); err != nil || !done {
		t.Fatalf("RequestUndo = %v, %v", done, err)
	}
	if todo := tb.Snapshot(engine.Public).Todo; len(todo) != 1 || todo[0].Key != "mod.restore.screen" {
		t.Fatalf("Todo = %v, want the general instruction", todo)
	}
}

// TestUndoRequestSaysWhoAndWhat (principles 1 and 4): the game master asks
// to undo Aki's first pick, which only Aki was told of. Aki's phone names
// it; every other page says only "Aki's last action"; when Aki refuses,
// every page and the console say who refused; and the pages of the others
// are byte for byte the same whichever role Aki picked.
func TestUndoRequestSaysWhoAndWhat(t *testing.T) {
	type run struct {
		pages   map[engine.Seat][]string
		console string
	}
	play := func(pick string) run {
		st, tb := newAyatsuriTable(t, 4, false, 7)
		srv := httptest.NewServer(NewServer(st, engine.EN).Handler())
		defer srv.Close()
		var out bytes.Buffer
		c := &Console{T: tb, Out: &out, Lang: engine.EN}
		c.skipPrinted()
		mustAct(t, tb, 0, pick)
		if done, err := tb.RequestUndo(engine.Public); err != nil || done {
			t.Fatalf("the console asking to undo a private pick: %v, %v; want a request to Aki", done, err)
		}
		c.PrintNew()
		r := run{pages: map[engine.Seat][]string{}}
		snap := func() {
			for _, s := range []engine.Seat{engine.Public, 0, 1, 2} {
				var b bytes.Buffer
				if err := renderPage(&b, tb, s, engine.EN, "", "/x"); err != nil {
					t.Fatal(err)
				}
				r.pages[s] = append(r.pages[s], html.UnescapeString(b.String()))
				checkIndistinguishable(t, tb, s, engine.NewRand(3), 0, len(r.pages[s]))
			}
		}
		snap()
		aki := get(t, srv, "/s/"+tb.Header().Tokens[0])
		ben := get(t, srv, "/s/"+tb.Header().Tokens[1])
		screen := get(t, srv, "/t/"+tb.Header().TableToken)
		if !strings.Contains(aki, "The game master asks to undo: You chose") {
			t.Errorf("Aki's phone does not say what is to be undone:\n%s", aki)
		}
		for name, p := range map[string]string{"Ben's phone": ben, "the table screen": screen} {
			if !strings.Contains(p, "The game master asks to undo Aki's last action.") {
				t.Errorf("%s does not say who asks about whose action:\n%s", name, p)
			}
		}
		post(t, srv, "/s/"+tb.Header().Tokens[0]+"/confirm", url.Values{"yes": {"0"}})
		c.PrintNew()
		snap()
		for name, p := range map[string]string{"Aki's phone": get(t, srv, "/s/"+tb.Header().Tokens[0]),
			"Ben's phone": get(t, srv, "/s/"+tb.Header().Tokens[1]), "the table screen": get(t, srv, "/t/"+tb.Header().TableToken)} {
			if !strings.Contains(p, "Aki refused to undo their own last action.") {
				t.Errorf("%s does not say who refused", name)
			}
		}
		// Aki takes it back herself: nobody learned anything from it.
		if done, err := tb.RequestUndo(0); err != nil || !done {
			t.Fatalf("Aki undoing her pick: %v, %v", done, err)
		}
		c.PrintNew()
		snap()
		if p := r.pages[engine.Public][2]; !strings.Contains(p, "Aki took back their last action.") {
			t.Errorf("the story does not say Aki took something back")
		}
		r.console = out.String()
		return r
	}
	a, b := play("pick 1"), play("pick 2")
	for _, want := range []string{"↶ The game master asks to undo Aki's last action. Waiting for Aki",
		"Aki refused to undo their own last action.", "Aki took back their last action."} {
		if !strings.Contains(a.console, want) {
			t.Errorf("the console does not print %q:\n%s", want, a.console)
		}
	}
	if a.console != b.console {
		t.Errorf("the console depends on Aki's pick:\n%s\n---\n%s", a.console, b.console)
	}
	for _, s := range []engine.Seat{engine.Public, 1, 2} {
		for i := range a.pages[s] {
			if a.pages[s][i] != b.pages[s][i] {
				t.Fatalf("seat %d's page %d depends on Aki's pick:\n%s", s, i, firstDiff(a.pages[s][i], b.pages[s][i]))
			}
		}
	}
	if a.pages[0][0] == b.pages[0][0] {
		t.Errorf("Aki's own page should name her pick")
	}
}

// TestUndoNoticeNeverNamesAHiddenCard: undoing the Inspector's "keep",
// which a refused probe or an undo line could otherwise give away, shows
// everyone but the Inspector the public event only; the restore words for
// a physical draw name no card on the table screen (principle 1).
func TestUndoNoticeNeverNamesAHiddenCard(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{Deck: noir.Physical}, 5)
	srv := httptest.NewServer(NewServer(st, engine.EN).Handler())
	defer srv.Close()
	mustAct(t, tb, noir.Killer, "drew ♥7")
	if _, err := tb.RequestUndo(noir.Killer); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.ConfirmUndo(noir.Inspector, true); err != nil {
		t.Fatal(err)
	}
	screen := get(t, srv, "/t/"+tb.Header().TableToken)
	ins := get(t, srv, "/s/"+tb.Header().Tokens[noir.Inspector])
	killer := get(t, srv, "/s/"+tb.Header().Tokens[noir.Killer])
	for name, p := range map[string]string{"the table screen": screen, "the Inspector's phone": ins} {
		if strings.Contains(p, "♥7") {
			t.Errorf("%s names the card the Killer drew", name)
		}
	}
	if lines := todoLines(screen); len(lines) != 1 || !strings.Contains(lines[0], "Keep the card you drew") {
		t.Errorf("the table screen says %q, want the Killer told to enter the card again", lines)
	}
	if !strings.Contains(killer, "You had entered ♥7") {
		t.Errorf("the Killer's phone does not name the entry taken back")
	}
	if !strings.Contains(screen, "Aki took back: The Killer drew a card from the deck.") {
		t.Errorf("the story does not quote the public event")
	}
}

var placeholder = regexp.MustCompile(`\{[a-z]+\}`)

// TestUndoWordsInBothLanguages: every sentence of undo, the moderator's
// and each game's, has the same placeholders in English and Japanese, and
// a sentence quoting another renders it in the reader's language.
func TestUndoWordsInBothLanguages(t *testing.T) {
	n := 0
	for _, k := range engine.Keys() {
		if !strings.Contains(k, "undo") && !strings.HasPrefix(k, "mod.ev.took_back") && !strings.HasPrefix(k, "mod.restore.") {
			continue
		}
		n++
		en, ja := placeholder.FindAllString(engine.EN.Raw(k), -1), placeholder.FindAllString(engine.JA.Raw(k), -1)
		slices.Sort(en)
		slices.Sort(ja)
		if !slices.Equal(slices.Compact(en), slices.Compact(ja)) {
			t.Errorf("%s: EN has %v, JA has %v", k, en, ja)
		}
	}
	if n < 50 {
		t.Errorf("only %d undo sentences found", n)
	}
	m := engine.M("mod.ev.took_back", "by", "@mod.gm").With("what", engine.M("noir.ev.shift", "role", "@noir.role.inspector", "line", "@noir.line.row", "n", "2", "dir", "@noir.dir.left"))
	if got, want := engine.EN.Text(m), "The game master took back: The Inspector shifted row 2 left."; got != want {
		t.Errorf("EN = %q, want %q", got, want)
	}
	if got, want := engine.JA.Text(m), "ゲームマスターが取り消しました：捜査官が2行を左へずらしました。"; got != want {
		t.Errorf("JA = %q, want %q", got, want)
	}
}

// TestUndoOfADrawLeaksNoCard (principle 1, NC-4): the Killer enters the
// physical card she drew, asks to undo it, the Inspector refuses, she asks
// again and he agrees. At every step the Inspector's phone, the table
// screen and the console are byte for byte the same whichever card she
// entered.
func TestUndoOfADrawLeaksNoCard(t *testing.T) {
	run := func(card string) (pages []string, console string) {
		_, tb := newTestTable(t, noir.Config{Deck: noir.Physical}, 11)
		var out bytes.Buffer
		c := &Console{T: tb, Out: &out, Lang: engine.JA}
		c.skipPrinted()
		look := func() {
			c.PrintNew()
			for _, s := range []engine.Seat{engine.Public, noir.Inspector} {
				for _, l := range engine.Langs {
					var b bytes.Buffer
					if err := renderPage(&b, tb, s, l, "", "/x"); err != nil {
						t.Fatal(err)
					}
					pages = append(pages, b.String())
				}
			}
		}
		mustAct(t, tb, noir.Killer, "drew "+card)
		look()
		if _, err := tb.RequestUndo(noir.Killer); err != nil {
			t.Fatal(err)
		}
		look()
		if _, err := tb.ConfirmUndo(noir.Inspector, false); err != nil {
			t.Fatal(err)
		}
		look()
		if _, err := tb.RequestUndo(noir.Killer); err != nil {
			t.Fatal(err)
		}
		if _, err := tb.ConfirmUndo(noir.Inspector, true); err != nil {
			t.Fatal(err)
		}
		look()
		return pages, out.String()
	}
	a, ca := run("♥7")
	b, cb := run("♠3")
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("page %d depends on the card drawn:\n%s", i, firstDiff(a[i], b[i]))
		}
	}
	if ca != cb {
		t.Fatalf("the console depends on the card drawn:\n%s\n---\n%s", ca, cb)
	}
	if !strings.Contains(ca, "BenがAkiの直前の操作の取り消しを拒否しました。") {
		t.Errorf("the console does not say who refused:\n%s", ca)
	}
}

// TestUndoEveryGameRandomWalk (principles 4 and 6): seeded random games of
// every game, with an undo after about every third action. After each
// undo the public board is the board before the action, the story's line
// is a sentence ("… took back …"), the table screen's box has words for
// the real table, and a table rebuilt from the log on disk (as resume
// does) shows the same box and board.
func TestUndoEveryGameRandomWalk(t *testing.T) {
	t.Parallel()
	type game struct {
		name string
		make func(seed uint64) (*Store, *Table)
	}
	games := []game{
		{"noir", func(seed uint64) (*Store, *Table) { return newTestTable(t, noir.Config{}, seed) }},
		{"noir-physical", func(seed uint64) (*Store, *Table) { return newTestTable(t, noir.Config{Deck: noir.Physical}, seed) }},
		{"noir-automata", func(seed uint64) (*Store, *Table) { return newTestTable(t, automataCfg, seed) }},
		{"noir-automata-physical", func(seed uint64) (*Store, *Table) {
			return newTestTable(t, noir.Config{Variant: noir.Automata, Deck: noir.Physical}, seed)
		}},
		{"ayatsuri", func(seed uint64) (*Store, *Table) { return newAyatsuriTable(t, 5, true, seed) }},
		{"superrock", func(seed uint64) (*Store, *Table) {
			return newSuperrockTable(t, 6, superrock.PhysicalDice, superrock.PhysicalBoard, seed)
		}},
	}
	for _, gm := range games {
		t.Run(gm.name, func(t *testing.T) {
			undos := 0
			for seed := uint64(1); seed <= 3; seed++ {
				st, tb := gm.make(seed)
				r := engine.NewRand(seed * 101)
				for step := 0; step < 120 && !tb.Snapshot(engine.Public).Outcome.Over; step++ {
					var seats []engine.Seat
					for s := range tb.Header().Seats {
						if len(tb.Legal(engine.Seat(s))) > 0 {
							seats = append(seats, engine.Seat(s))
						}
					}
					if len(seats) == 0 {
						break
					}
					s := seats[r.IntN(len(seats))]
					ch := tb.Legal(s)
					a := string(ch[r.IntN(len(ch))].Action)
					before, _ := json.Marshal(tb.Snapshot(engine.Public).View)
					if _, err := tb.Act(s, a, -1); err != nil {
						continue // a physical card entry the deck does not hold
					}
					if r.IntN(3) != 0 || tb.Snapshot(engine.Public).Outcome.Over {
						continue
					}
					done, err := tb.RequestUndo(s)
					if err != nil {
						t.Fatalf("seed %d: RequestUndo after %q: %v", seed, a, err)
					}
					if !done {
						u := tb.Snapshot(engine.Public).Undo
						for _, w := range u.Waiting {
							if _, err := tb.ConfirmUndo(w, true); err != nil {
								t.Fatal(err)
							}
						}
					}
					undos++
					snap := tb.Snapshot(engine.Public)
					if after, _ := json.Marshal(snap.View); string(after) != string(before) {
						t.Fatalf("seed %d: undoing %q did not give back the board", seed, a)
					}
					last := snap.Feed[len(snap.Feed)-1]
					for i := len(snap.Feed) - 1; i >= 0 && tb.feed[snap.Feed[i].Seq].kind == feedRestore; i-- {
						last = snap.Feed[i-1]
					}
					if !strings.HasPrefix(last.Event.Key, "mod.ev.took_back") {
						t.Fatalf("seed %d: the story after undoing %q ends with %v", seed, a, last.Event.Msg)
					}
					if len(snap.Todo) == 0 {
						t.Fatalf("seed %d: after undoing %q the table screen has no words for the real table", seed, a)
					}
					for _, e := range snap.Todo {
						if !e.Table || !e.IsPublic() {
							t.Fatalf("seed %d: the box holds %+v", seed, e)
						}
						for _, l := range engine.Langs {
							if txt := l.Text(e.Msg); strings.ContainsAny(txt, "⟨{") {
								t.Fatalf("seed %d: %q does not render in %s", seed, txt, l)
							}
						}
					}
					f, err := os.Open(st.LogPath(tb.ID()))
					if err != nil {
						t.Fatal(err)
					}
					res, err := ReadLog(f)
					f.Close()
					if err != nil {
						t.Fatal(err)
					}
					re, err := newTable(*res.Records[0].Header, nil, res.Records, fixedClock)
					if err != nil {
						t.Fatal(err)
					}
					if got := re.Snapshot(engine.Public); !sameJSON(got.Todo, snap.Todo) || !sameJSON(got.View, snap.View) {
						t.Fatalf("seed %d: rebuilt from the log the box is %v, want %v", seed, got.Todo, snap.Todo)
					}
				}
			}
			if undos < 20 {
				t.Errorf("only %d undos walked", undos)
			}
			t.Logf("%d undos", undos)
		})
	}
}
