package outlaws

import (
	"reflect"
	"strings"
	"testing"

	"tablemaster/engine"
)

// One test per rule of rules/outlaws.md (OL-1 … OL-41) and per Decision.
// Positions are reached by Apply: both players place their cards; the
// tokens, which the engine owns and shuffles, are then laid by the test
// where a rule needs a given token (lay).

// arrange plays the setup: red and green each list the 8 street cards
// from slot 1, then the 2 Saloon cards. Red then moves first.
func arrange(t testing.TB, cfg Config, red, green string) *Game {
	t.Helper()
	g := New(cfg, 1)
	for s, list := range []string{red, green} {
		names := strings.Fields(list)
		if len(names) != 10 {
			t.Fatalf("arrange: %d names for seat %d", len(names), s)
		}
		for _, n := range names {
			apply(t, g, engine.Seat(s), "place "+n)
		}
	}
	if g.phase != Play {
		t.Fatalf("setup ended in phase %v", g.phase)
	}
	g.turn, g.actions = Red, ActionsPerTurn
	return g
}

// The usual streets: Red's Assassin (2) faces Green's Governor (2), with
// Green's Sheriff beside it (3); Red's Sheriff (3) faces Green's Sheriff.
const (
	redStreet   = "governor assassin sheriff scout shopkeeper dancer journalist thief priest mayor"
	greenStreet = "thief governor sheriff assassin scout dancer mayor shopkeeper journalist priest"
)

func standard(t testing.TB) *Game { return arrange(t, Config{}, redStreet, greenStreet) }

// lay puts tokens in the row from slot 1 (rest of the row and the stock
// keep 17 in all: the test's tokens come out of what was laid).
func lay(t testing.TB, g *Game, row ...Token) {
	t.Helper()
	var pool [NumTokens]int
	for _, x := range g.row {
		if x != None {
			pool[x]++
		}
	}
	for _, x := range g.stock {
		pool[x]++
	}
	for i, x := range row {
		if pool[x] == 0 {
			t.Fatalf("lay: no %s left to lay", x.Key())
		}
		pool[x]--
		g.row[i] = x
	}
	var rest []Token
	for x := Token(0); x < NumTokens; x++ {
		for range pool[x] {
			rest = append(rest, x)
		}
	}
	for i := len(row); i < Slots; i++ {
		g.row[i], rest = rest[0], rest[1:]
	}
	g.stock = rest
	g.know.init()
}

// OL-1
func TestOL1Players(t *testing.T) {
	g := standard(t)
	if g.Seats() != 2 {
		t.Errorf("Seats = %d", g.Seats())
	}
	for c := Char(0); c < NumChars; c++ {
		en, ja := engine.EN.S("ol.char."+c.Key()), engine.JA.S("ol.char."+c.Key())
		if en == "" || ja == "" || en == ja {
			t.Errorf("%s: en %q ja %q", c.Key(), en, ja)
		}
	}
	if engine.JA.S("ol.char.scout") != "スカウト" {
		t.Errorf("the Scout in Japanese is %q, want スカウト (rules/outlaws.md OL-1)", engine.JA.S("ol.char.scout"))
	}
}

// OL-2, OL-5
func TestOL2OL5Tokens(t *testing.T) {
	g := standard(t)
	n := 0
	for _, x := range g.row {
		if x != None {
			n++
		}
	}
	if n != 8 || len(g.stock) != 5 {
		t.Errorf("%d in the row, %d in the stock, want 8 and 5", n, len(g.stock))
	}
	for s := range 2 {
		if g.held[s][Bullet] != 1 || g.held[s][Handcuffs] != 1 || g.cameras[s] != Cameras {
			t.Errorf("seat %d holds %v and %d cameras", s, g.held[s], g.cameras[s])
		}
	}
	if err := invariants(g); err != nil {
		t.Error(err)
	}
}

// OL-3: the tokens are the engine's: no view names a token in the row.
func TestOL3TokensAreHidden(t *testing.T) {
	g := standard(t)
	for _, s := range []engine.Seat{Red, Green, engine.Public} {
		j := boardOf(g, s)
		for x := Token(0); x < NumTokens; x++ {
			if strings.Contains(j, "@ol.token."+x.Key()) {
				t.Errorf("seat %d's view names %s", s, x.Key())
			}
		}
	}
}

func snapshotOf(g *Game, s engine.Seat) string {
	b, _ := jsonOf(g.View(s))
	return b
}

// boardOf is what a seat is shown of the board, without its choices
// (a phone's choices name the tokens it may declare).
func boardOf(g *Game, s engine.Seat) string {
	if v, ok := g.View(s).(View); ok {
		b, _ := jsonOf(v.PublicView)
		m, _ := jsonOf(v.Mine)
		return b + m
	}
	b, _ := jsonOf(g.View(s))
	return b
}

// OL-4: each player lays their own cards privately; the Governor never
// goes to the Saloon.
func TestOL4Setup(t *testing.T) {
	g := New(Config{}, 3)
	if len(g.Legal(Red)) == 0 || len(g.Legal(Green)) == 0 {
		t.Fatal("both players arrange at once")
	}
	evs := apply(t, g, Green, "place sheriff")
	if e, ok := find(evs, "ol.pv.placed"); !ok || !reflect.DeepEqual(e.To, []engine.Seat{Green}) {
		t.Errorf("place = %v, want told to Green alone", evs)
	}
	for _, n := range strings.Fields("assassin scout shopkeeper dancer journalist thief") {
		apply(t, g, Green, "place "+n)
	}
	// Slot 8 is the last street slot: only the Governor may go there.
	if got := actions(g.Legal(Green)); !reflect.DeepEqual(got, []string{"place governor", "deal", "reset"}) {
		t.Errorf("Legal at slot 8 = %v, want the Governor", got)
	}
	apply(t, g, Green, "place governor")
	for _, c := range g.Legal(Green) {
		if c.Action == "place governor" {
			t.Errorf("the Governor offered for the Saloon")
		}
	}
	refuse(t, g, Green, "place governor", engine.ErrIllegal)
	evs = apply(t, g, Green, "place priest")
	evs = append(evs, apply(t, g, Green, "place mayor")...)
	if e, ok := find(evs, "ol.ev.arranged"); !ok || e.Args["a"] != "@ol.char.priest" {
		t.Errorf("events %v, want the Saloon shown to all", evs)
	}
	// Arranged: the street is laid on the real table, then "Done laying".
	if got := actions(g.Legal(Green)); !reflect.DeepEqual(got, []string{"laid"}) {
		t.Errorf("Green, arranged, is offered %v, want only laid", got)
	}
	if v := view(g, Green); !v.Laying || len(v.Mine) != Slots || len(v.Saloon) != 2 {
		t.Errorf("Green's view while laying: laying %v, street %v, Saloon %v", v.Laying, v.Mine, v.Saloon)
	}
	evs = apply(t, g, Green, "laid")
	if len(evs) != 1 || evs[0].IsPublic() {
		t.Errorf("laid: %v, want one line to Green alone", evs)
	}
	if len(g.Legal(Green)) != 0 || view(g, Green).Laying {
		t.Errorf("Green, done, is offered %v", actions(g.Legal(Green)))
	}
	// Deal for me, and starting again.
	apply(t, g, Red, "place thief")
	apply(t, g, Red, "reset")
	evs = apply(t, g, Red, "deal")
	if g.phase != Play || g.saloon[Red][0] == Governor || g.saloon[Red][1] == Governor {
		t.Errorf("deal: phase %v, Saloon %v", g.phase, g.saloon[Red])
	}
	if _, ok := find(evs, "ol.ev.start"); !ok {
		t.Errorf("events %v, want the start", evs)
	}
}

// OL-6: the start player is drawn.
func TestOL6StartPlayer(t *testing.T) {
	var seen [2]bool
	for seed := uint64(0); seed < 20; seed++ {
		g := New(Config{}, seed)
		apply(t, g, Red, "deal")
		apply(t, g, Green, "deal")
		seen[g.turn] = true
	}
	if !seen[0] || !seen[1] {
		t.Errorf("start players over 20 seeds: %v, want both", seen)
	}
}

// OL-7: Move, pretended Move, Saloon move; two actions a turn.
func TestOL7Moves(t *testing.T) {
	g := standard(t)
	evs := append(apply(t, g, Red, "move 1 2"), apply(t, g, Red, "swap")...)
	if g.street[Red][0] != Assassin || g.street[Red][1] != Governor || g.actions != 1 {
		t.Errorf("move 1 2: street %v, actions %d", g.street[Red], g.actions)
	}
	h := standard(t)
	evh := append(apply(t, h, Red, "move 1 2"), apply(t, h, Red, "pretend")...)
	if h.street[Red][0] != Governor {
		t.Errorf("pretend moved the cards")
	}
	pub := func(evs []engine.Event) (out []engine.Event) {
		for _, e := range evs {
			if e.IsPublic() {
				out = append(out, e)
			}
		}
		return out
	}
	if !reflect.DeepEqual(pub(evs), pub(evh)) || snapshotOf(g, Green) == "" {
		t.Errorf("a real and a pretended Move differ in public: %v %v", pub(evs), pub(evh))
	}
	// Saloon move: Priest out of the Saloon, with slots 7 and 8.
	apply(t, g, Red, "saloon 1")
	apply(t, g, Red, "with 7 8")
	if got := actions(g.Legal(Red)); len(got) != 6 {
		t.Errorf("put options %v, want 3 × 2", got)
	}
	apply(t, g, Red, "put journalist thief")
	if g.saloon[Red][0] != Journalist || g.street[Red][6] != Thief || g.street[Red][7] != Priest {
		t.Errorf("saloon move: saloon %v street %v", g.saloon[Red], g.street[Red])
	}
	if g.turn != Green || g.actions != 2 {
		t.Errorf("after two actions: turn %d actions %d", g.turn, g.actions)
	}
	// The Governor never goes to the Saloon.
	apply(t, g, Green, "saloon 1")
	apply(t, g, Green, "with 1 2")
	for _, a := range actions(g.Legal(Green)) {
		if strings.HasPrefix(a, "put governor") {
			t.Errorf("offered %s", a)
		}
	}
	refuse(t, g, Green, "put governor thief", engine.ErrIllegal)
}

// OL-7 on a phone: a Move and a Saloon move's street cards are two taps,
// one card each; "Swapped" and "Not swapped" name slots, never cards,
// and every step but the last gives nothing away (Public).
func TestOL7MoveByTaps(t *testing.T) {
	g := standard(t)
	if got := withPrefix(g.Legal(Red), "move"); len(got) != Slots || got[0] != "move 1" {
		t.Errorf("the first tap of a Move: %v, want one per slot", got)
	}
	apply(t, g, Red, "move 5")
	if g.phase != MovePick {
		t.Fatalf("after one tap: phase %v", g.phase)
	}
	want := []string{"move 1 5", "move 2 5", "move 3 5", "move 4 5", "move 5 6", "move 5 7", "move 5 8"}
	if got := actions(g.Legal(Red)); !reflect.DeepEqual(got, want) {
		t.Errorf("the second tap: %v, want %v", got, want)
	}
	for _, c := range g.Legal(Red) {
		if !c.Public {
			t.Errorf("%s is not public", c.Action)
		}
	}
	evs := apply(t, g, Red, "move 2 5")
	if e, ok := find(evs, "ol.ev.move_second"); !ok || e.Args["slot"] != "2" {
		t.Errorf("second tap: %v, want slot 2 picked up too", evs)
	}
	for _, c := range g.Legal(Red) {
		for k, v := range c.Label.Args {
			if k != "a" && k != "b" || strings.ContainsAny(v, "♥♣@") {
				t.Errorf("%s's label names %s=%s", c.Action, k, v)
			}
		}
	}
	apply(t, g, Red, "swap")
	if g.street[Red][1] != Shopkeeper || g.street[Red][4] != Assassin {
		t.Errorf("swapped by taps: %v", g.street[Red])
	}
	// A Saloon move the same way.
	apply(t, g, Red, "saloon 2")
	apply(t, g, Red, "with 8")
	apply(t, g, Red, "with 7 8")
	if g.phase != SaloonPut || g.salA != 6 || g.salB != 7 {
		t.Errorf("Saloon move by taps: phase %v slots %d %d", g.phase, g.salA, g.salB)
	}
}

// OL-8: Check shows the card to all and the token to the checker only.
func TestOL8Check(t *testing.T) {
	g := standard(t)
	lay(t, g, Ballot, Bullet, Fake)
	evs := apply(t, g, Red, "check 3")
	if e, ok := find(evs, "ol.ev.reveal"); !ok || e.Args["char"] != "@ol.char.sheriff" || !e.IsPublic() {
		t.Errorf("check 3: %v, want the Sheriff shown to all", evs)
	}
	if e, ok := find(evs, "ol.pv.token"); !ok || !reflect.DeepEqual(e.To, []engine.Seat{Red}) || e.Args["token"] != "@ol.token.fake" {
		t.Errorf("check 3: %v, want Red alone told Fake ballot", evs)
	}
	if g.row[2] != Fake || len(view(g, Red).Notes) != 1 || len(view(g, Green).Notes) != 0 {
		t.Errorf("the token moved, or the notes are wrong")
	}
}

func view(g *Game, s engine.Seat) View { return g.View(s).(View) }

// OL-9: Take, only the declarations whose condition holds.
func TestOL9Take(t *testing.T) {
	g := standard(t)
	lay(t, g, Ballot, Bullet, Fake, Ballot, Ballot)
	if got := withPrefix(g.Legal(Red), "take 1"); !reflect.DeepEqual(got, []string{}) && len(got) != 0 {
		t.Errorf("the Governor with no more Ballots may declare %v", got)
	}
	if got := withPrefix(g.Legal(Red), "take 2"); !reflect.DeepEqual(got, []string{"take 2 bullet", "take 2 ballot"}) {
		t.Errorf("Assassin's declarations %v", got)
	}
	refuse(t, g, Red, "take 3 fake", engine.ErrIllegal)
	refuse(t, g, Red, "take 1 ballot", engine.ErrIllegal) // OL-9: not with the Governor
	evs := apply(t, g, Red, "take 2 ballot")              // wrong: it is a Bullet
	if _, ok := find(evs, "ol.ev.not_taken"); !ok || g.row[1] != Bullet {
		t.Errorf("a wrong declaration: %v", evs)
	}
	evs = apply(t, g, Red, "take 2 bullet")
	if _, ok := find(evs, "ol.ev.taken"); !ok || g.held[Red][Bullet] != 2 {
		t.Errorf("a right declaration: %v, held %v", evs, g.held[Red])
	}
	// Elected: the Governor with more Ballots wins at once (OL-40).
	g = standard(t)
	lay(t, g, Elected, Ballot)
	g.held[Red][Ballot], g.held[Green][Ballot] = 1, 0
	g.stock = g.stock[:len(g.stock)-1]
	g.out[Ballot]++ // keep 17: that Ballot is Red's
	evs = apply(t, g, Red, "take 1 elected")
	if !g.outcome.Over || g.outcome.Winners[0] != Red || g.outcome.Reason.Key != "ol.win.elected" {
		t.Errorf("Elected: %v %+v", evs, g.outcome)
	}
}

// OL-9a: playing cards stand in by default, the boxed cards by name.
func TestOL9aCards(t *testing.T) {
	g := standard(t)
	if g.Card(0, Governor) != "♥A" || g.Card(1, Mayor) != "♣10" || g.Card(0, Dancer) != "♥6" {
		t.Errorf("playing cards: %s %s %s", g.Card(0, Governor), g.Card(1, Mayor), g.Card(0, Dancer))
	}
	b := arrange(t, Config{Cards: Boxed}, redStreet, greenStreet)
	if b.Card(0, Sheriff) != "sheriff" {
		t.Errorf("boxed: %s", b.Card(0, Sheriff))
	}
	if a, err := g.Decode(Red, "place ♥3"); err != nil || a != "place sheriff" {
		t.Errorf("Decode(place ♥3) = %v, %v", a, err)
	}
}

// OL-10: slide away from the stock, refill from it.
func TestOL10Slide(t *testing.T) {
	g := standard(t)
	lay(t, g, Ballot, Bullet, Fake, Ballot, Ballot, Fake, Fake, Ballot)
	top := g.stock[len(g.stock)-1]
	apply(t, g, Red, "take 3 ballot") // slot 3 holds Fake: not taken
	apply(t, g, Red, "take 4 ballot") // the Scout in 4 takes the Ballot
	want := [Slots]Token{Ballot, Bullet, Fake, Ballot, Fake, Fake, Ballot, top}
	if g.row != want || len(g.stock) != 4 {
		t.Errorf("row %v stock %d, want %v and 4", g.row, len(g.stock), want)
	}
	g.stock = nil
	g.out[Ballot] += 0
	// An empty stock leaves the place empty (the test moves the stock out).
	h := standard(t)
	lay(t, h, Ballot, Bullet, Fake, Ballot, Ballot, Fake, Fake, Ballot)
	for _, x := range h.stock {
		h.out[x]++
	}
	h.stock = nil
	apply(t, h, Red, "take 4 ballot")
	if h.row[Slots-1] != None {
		t.Errorf("slot 8 = %v with an empty stock", h.row[Slots-1])
	}
}

// OL-11: a card shown for an action turns face down again.
func TestOL11FaceDownAgain(t *testing.T) {
	g := standard(t)
	lay(t, g, Ballot)
	evs := apply(t, g, Red, "check 1")
	// One instruction: show it, then turn it face down again.
	if e, ok := find(evs, "ol.do.reveal_back"); !ok || !e.Table || e.Args["slot"] != "1" {
		t.Errorf("check: %v, want the card shown and turned back", evs)
	}
	if _, ok := find(evs, "ol.do.face_down"); ok {
		t.Errorf("check: %v, the card turned back in a second instruction", evs)
	}
	// The table screen draws it face up while it is shown …
	if v := g.publicView().Streets[Red][0]; v.Char != "@ol.char.governor" || !v.Shown || v.Up {
		t.Errorf("the shown card on the board: %+v", v)
	}
	// … and face down once the next action begins.
	apply(t, g, Red, "move 2 3")
	if v := view(g, Green).Streets[Red][0]; v.Char != "" || v.Shown {
		t.Errorf("the checked card stays visible: %+v", v)
	}
}

// OL-20: the Governor has no ability.
func TestOL20Governor(t *testing.T) {
	g := standard(t)
	for _, a := range actions(g.Legal(Red)) {
		f := strings.Fields(a)
		if len(f) > 1 && f[1] == "1" && f[0] != "check" && f[0] != "take" && f[0] != "move" && f[0] != "saloon" {
			t.Errorf("the Governor in slot 1 offers %s", a)
		}
	}
}

// OL-21, OL-40: the Assassin shoots the card opposite.
func TestOL21Assassin(t *testing.T) {
	// Green holds no Handcuffs, so no guard is asked (OL-32).
	g := standard(t)
	g.held[Green][Handcuffs], g.spent[Handcuffs] = 0, 1
	evs := apply(t, g, Red, "shoot 2")
	if !g.outcome.Over || g.outcome.Reason.Key != "ol.win.shot" || g.outcome.Winners[0] != Red {
		t.Errorf("shooting the Governor: %v %+v", evs, g.outcome)
	}
	g = standard(t)
	g.held[Green][Handcuffs], g.spent[Handcuffs] = 0, 1
	apply(t, g, Red, "move 2 4")
	apply(t, g, Red, "swap") // the Assassin to slot 4, facing Green's Assassin
	evs = apply(t, g, Red, "shoot 4")
	if g.outcome.Over || g.held[Red][Bullet] != 0 || g.spent[Bullet] != 1 {
		t.Errorf("a miss: %v, held %v", evs, g.held[Red])
	}
	if _, ok := find(evs, "ol.ev.failed_shoot"); !ok {
		t.Errorf("events %v, want the miss", evs)
	}
}

// OL-22: the Sheriff arrests the Assassin, restrains the Thief.
func TestOL22Sheriff(t *testing.T) {
	// Green's Priest is in the Saloon, so no cancel is asked.
	g := arrange(t, Config{}, redStreet, "thief governor assassin sheriff scout dancer mayor shopkeeper journalist priest")
	evs := apply(t, g, Red, "arrest 3")
	if !g.outcome.Over || g.outcome.Reason.Key != "ol.win.arrested" {
		t.Errorf("arresting the Assassin: %v %+v", evs, g.outcome)
	}
	g = arrange(t, Config{}, redStreet, "thief governor assassin sheriff scout dancer mayor shopkeeper journalist priest")
	apply(t, g, Red, "move 3 1")
	apply(t, g, Red, "swap") // the Sheriff faces the Thief
	evs = apply(t, g, Red, "arrest 1")
	if !g.restrained[Green][Thief] || g.held[Red][Handcuffs] != 1 || g.spent[Handcuffs] != 0 {
		t.Errorf("restraining the Thief: %v, held %v", evs, g.held[Red])
	}
	if v := view(g, Red).Streets[Green][0]; v.Char != "@ol.char.thief" || !v.Restrained {
		t.Errorf("the restrained Thief is not shown: %+v", v)
	}
}

// OL-23, OL-32: the guard, asked on the defender's phone.
func TestOL23Guard(t *testing.T) {
	g := standard(t)
	evs := apply(t, g, Red, "shoot 2")
	if g.phase != React || g.Turn() != Green {
		t.Fatalf("shoot: phase %v, turn %d, want Green to answer", g.phase, g.Turn())
	}
	if _, ok := find(evs, "ol.ev.waiting"); !ok {
		t.Errorf("events %v, want waiting", evs)
	}
	if got := actions(g.Legal(Green)); !reflect.DeepEqual(got, []string{"guard", "let"}) {
		t.Errorf("Green's answers %v", got)
	}
	if len(g.Legal(Red)) != 0 {
		t.Errorf("Red is offered %v while waiting", actions(g.Legal(Red)))
	}
	apply(t, g, Green, "guard")
	if !g.outcome.Over || g.outcome.Winners[0] != Green || g.outcome.Reason.Key != "ol.win.guard" || g.spent[Handcuffs] != 1 {
		t.Errorf("guard: %+v", g.outcome)
	}
	// Letting it happen: the Governor is shot.
	g = standard(t)
	apply(t, g, Red, "shoot 2")
	apply(t, g, Green, "let")
	if !g.outcome.Over || g.outcome.Winners[0] != Red {
		t.Errorf("let: %+v", g.outcome)
	}
}

// OL-32: whether a reaction is possible does not leak to the attacker: the
// attacker's view is the same when the defender could guard and when not.
func TestOL32AskedAlike(t *testing.T) {
	a := standard(t)
	b := arrange(t, Config{}, redStreet, "thief governor scout assassin sheriff dancer mayor shopkeeper journalist priest")
	b.row, b.stock = a.row, append([]Token(nil), a.stock...)
	apply(t, a, Red, "shoot 2")
	apply(t, b, Red, "shoot 2")
	if b.phase != React {
		t.Fatalf("no guard possible, but the defender must be asked all the same")
	}
	if got := actions(b.Legal(Green)); !reflect.DeepEqual(got, []string{"let"}) {
		t.Errorf("Green's answers %v, want only let", got)
	}
	if snapshotOf(a, Red) != snapshotOf(b, Red) || snapshotOf(a, engine.Public) != snapshotOf(b, engine.Public) {
		t.Errorf("the attacker or the table sees whether a guard was possible")
	}
}

// OL-24: a restrained card cannot move, be targeted or act.
func TestOL24Restrained(t *testing.T) {
	g := arrange(t, Config{}, redStreet, "thief governor assassin sheriff scout dancer mayor shopkeeper journalist priest")
	apply(t, g, Red, "move 3 1")
	apply(t, g, Red, "swap")
	apply(t, g, Red, "arrest 1") // Green's Thief in slot 1 restrained
	for _, a := range actions(g.Legal(Green)) {
		f := strings.Fields(a)
		if f[0] == "move" && f[1] == "1" || (len(f) > 1 && f[1] == "1" && f[0] != "move" && f[0] != "saloon") {
			t.Errorf("a restrained card's action offered: %s", a)
		}
	}
	refuse(t, g, Green, "move 1 2", engine.ErrIllegal)
	apply(t, g, Green, "move 2 3")
	apply(t, g, Green, "swap")
	apply(t, g, Green, "move 2 3")
	apply(t, g, Green, "swap")
	// Red's Assassin (2) moved to slot 1 cannot shoot the restrained Thief.
	apply(t, g, Red, "move 1 2")
	apply(t, g, Red, "swap")
	if got := withPrefix(g.Legal(Red), "shoot 1"); len(got) != 0 {
		t.Errorf("shooting a restrained card offered")
	}
}

// OL-25: the Scout's sight is private.
func TestOL25Scout(t *testing.T) {
	g := standard(t)
	evs := apply(t, g, Red, "scout 4")
	if e, ok := find(evs, "ol.pv.scout"); !ok || !reflect.DeepEqual(e.To, []engine.Seat{Red}) || e.Args["char"] != "@ol.char.assassin" {
		t.Errorf("scout: %v", evs)
	}
	if n := view(g, Red).Notes; len(n) != 1 || n[0].Key != "ol.note.scout" {
		t.Errorf("notes %v", n)
	}
}

// OL-26: the Shopkeeper swaps two tokens, or one with the stock.
func TestOL26Shopkeeper(t *testing.T) {
	g := standard(t)
	lay(t, g, Ballot, Ballot, Ballot, Bullet, Fake, Handcuffs)
	want := []string{"shop 5 swap 4 5", "shop 5 swap 4 6", "shop 5 swap 5 6", "shop 5 stock 5"}
	if got := withPrefix(g.Legal(Red), "shop"); !reflect.DeepEqual(got, want) {
		t.Errorf("shop choices %v, want %v", got, want)
	}
	apply(t, g, Red, "shop 5 swap 4 6")
	if g.row[3] != Handcuffs || g.row[5] != Bullet {
		t.Errorf("row %v", g.row)
	}
	evs := apply(t, g, Red, "shop 5 stock 5")
	if e, ok := find(evs, "ol.ev.shop_stock"); !ok || !e.Random {
		t.Errorf("the stock swap is random: %v", evs)
	}
	if err := invariants(g); err != nil {
		t.Error(err)
	}
}

// OL-27: the Dancer swaps the opponent's card opposite with a neighbour.
func TestOL27Dancer(t *testing.T) {
	g := standard(t)
	if got := withPrefix(g.Legal(Red), "dance"); !reflect.DeepEqual(got, []string{"dance 6 5", "dance 6 7"}) {
		t.Errorf("dance choices %v", got)
	}
	evs := apply(t, g, Red, "dance 6 7")
	if g.street[Green][5] != Mayor || g.street[Green][6] != Dancer {
		t.Errorf("Green's street %v", g.street[Green])
	}
	if _, ok := find(evs, "ol.do.swap"); !ok {
		t.Errorf("events %v, want the table told", evs)
	}
}

// OL-28: the Journalist; Decision: the camera card still acts.
func TestOL28Journalist(t *testing.T) {
	g := standard(t)
	evs := apply(t, g, Red, "journal 7 1")
	apply(t, g, Red, "name thief")
	if !g.camera[Green][Thief] || g.cameras[Red] != 2 {
		t.Errorf("right: %v cameras %d", evs, g.cameras[Red])
	}
	if v := view(g, Red).Streets[Green][0]; !v.Camera || v.Char != "@ol.char.thief" {
		t.Errorf("slot 1 not shown: %+v", v)
	}
	apply(t, g, Red, "journal 7 2")
	apply(t, g, Red, "name sheriff")
	if g.cameras[Red] != 1 {
		t.Errorf("wrong: cameras %d", g.cameras[Red])
	}
	// The camera Thief still acts (Decision): Green may use it.
	if got := withPrefix(g.Legal(Green), "thief 1"); len(got) == 0 {
		t.Errorf("the Thief under a camera cannot act")
	}
	g.cameras[Red] = 0
	g.turn = Red
	if got := withPrefix(g.Legal(Red), "journal"); len(got) != 0 {
		t.Errorf("no camera left, still offered %v", got[:1])
	}
}

// OL-29: the Thief; Decision: right but none held: nothing.
func TestOL29Thief(t *testing.T) {
	g := standard(t)
	evs := apply(t, g, Red, "thief 8 4")
	apply(t, g, Red, "name assassin")
	if g.held[Red][Bullet] != 2 || g.held[Green][Bullet] != 0 {
		t.Errorf("right: %v held %v", evs, g.held)
	}
	apply(t, g, Red, "thief 8 4")
	evs = apply(t, g, Red, "name assassin")
	if _, ok := find(evs, "ol.ev.thief_none"); !ok {
		t.Errorf("none held: %v", evs)
	}
	g.turn, g.actions = Red, 2
	apply(t, g, Red, "thief 8 1")
	evs = apply(t, g, Red, "name sheriff")
	if _, ok := find(evs, "ol.ev.thief_wrong"); !ok || g.held[Red][Handcuffs] != 1 {
		t.Errorf("wrong: %v", evs)
	}
}

// OL-30: the Priest releases the Thief on its left, and cancels an arrest
// of the Assassin or Thief on its left.
func TestOL30Priest(t *testing.T) {
	g := arrange(t, Config{}, redStreet, "thief priest assassin sheriff scout governor mayor shopkeeper journalist dancer")
	apply(t, g, Red, "move 3 1")
	apply(t, g, Red, "swap")
	if evs := apply(t, g, Red, "arrest 1"); g.phase != React {
		t.Fatalf("arrest with a Priest not in the Saloon: %v, phase %v", evs, g.phase)
	}
	if got := actions(g.Legal(Green)); !reflect.DeepEqual(got, []string{"cancel", "let"}) {
		t.Errorf("answers %v", got)
	}
	evs := apply(t, g, Green, "cancel")
	if g.restrained[Green][Thief] || g.spent[Handcuffs] != 1 || g.turn != Green {
		t.Errorf("cancel: %v, restrained %v spent %v", evs, g.restrained[Green][Thief], g.spent)
	}
	// Restrained, then released.
	g = arrange(t, Config{}, redStreet, "thief priest assassin sheriff scout governor mayor shopkeeper journalist dancer")
	apply(t, g, Red, "move 3 1")
	apply(t, g, Red, "swap")
	apply(t, g, Red, "arrest 1")
	apply(t, g, Green, "let")
	if !g.restrained[Green][Thief] {
		t.Fatal("not restrained")
	}
	apply(t, g, Green, "release 2")
	if g.restrained[Green][Thief] {
		t.Errorf("not released")
	}
}

// OL-31: the Mayor widens the Scout and the Shopkeeper on its right.
func TestOL31Mayor(t *testing.T) {
	g := arrange(t, Config{}, "governor assassin sheriff mayor scout shopkeeper journalist thief priest dancer", greenStreet)
	if got := withPrefix(g.Legal(Red), "scout"); !reflect.DeepEqual(got, []string{"scout 5 4", "scout 5", "scout 5 6"}) {
		t.Errorf("scout with the Mayor: %v", got)
	}
	evs := apply(t, g, Red, "scout 5 6")
	if _, ok := find(evs, "ol.ev.mayor"); !ok {
		t.Errorf("events %v, want the Mayor shown", evs)
	}
	// Not with the Dancer: no widening offered for slot 6's neighbours.
	h := arrange(t, Config{}, "governor assassin sheriff scout mayor dancer journalist thief priest shopkeeper", greenStreet)
	if got := withPrefix(h.Legal(Red), "dance"); !reflect.DeepEqual(got, []string{"dance 6 5", "dance 6 7"}) {
		t.Errorf("dance beside the Mayor: %v", got)
	}
}

// OL-31 as corrected: the Mayor widens the Sheriff's arrest too (one of
// the three opposite cards); the Priest's cancel (OL-30 (2)) still
// applies to the card actually targeted. Not the Assassin's shot.
func TestOL31MayorWidensTheSheriff(t *testing.T) {
	const red = "governor assassin mayor sheriff scout shopkeeper journalist thief priest dancer"   // Mayor 3, Sheriff 4
	const green = "governor sheriff scout assassin thief priest dancer shopkeeper journalist mayor" // Assassin 4, Thief 5, Priest 6
	g := arrange(t, Config{}, red, green)
	if got := withPrefix(g.Legal(Red), "arrest"); !reflect.DeepEqual(got, []string{"arrest 4 3", "arrest 4", "arrest 4 5"}) {
		t.Errorf("arrest beside the Mayor: %v", got)
	}
	// Slot 5 (the Thief, left of Green's Priest) through the Mayor.
	evs := apply(t, g, Red, "arrest 4 5")
	if e, ok := find(evs, "ol.ev.mayor"); !ok || e.Args["slot"] != "3" {
		t.Errorf("events %v, want the Mayor in slot 3 shown", evs)
	}
	if e, ok := find(evs, "ol.ev.arrest"); !ok || e.Args["slot"] != "5" {
		t.Errorf("events %v, want the arrest aimed at slot 5", evs)
	}
	if got := actions(g.Legal(Green)); !reflect.DeepEqual(got, []string{"cancel", "let"}) {
		t.Fatalf("Green's answers to the arrest of slot 5: %v, want cancel and let", got)
	}
	evs = apply(t, g, Green, "cancel")
	if e, ok := find(evs, "ol.ev.cancel"); !ok || e.Args["slot"] != "6" {
		t.Errorf("cancel: %v, want the Priest in slot 6 shown", evs)
	}
	if g.restrained[Green][Thief] || g.spent[Handcuffs] != 1 || g.held[Red][Handcuffs] != 0 {
		t.Errorf("after the cancel: restrained %v, spent %v, held %v", g.restrained[Green][Thief], g.spent, g.held[Red])
	}
	// The card targeted is the one the cancel is about: slot 4, the
	// Assassin, has no Priest on its right, so no cancel: arrested.
	g = arrange(t, Config{}, red, green)
	apply(t, g, Red, "arrest 4")
	if got := actions(g.Legal(Green)); !reflect.DeepEqual(got, []string{"let"}) {
		t.Errorf("answers to the arrest of slot 4: %v, want let alone", got)
	}
	apply(t, g, Green, "let")
	if !g.outcome.Over || g.outcome.Reason.Key != "ol.win.arrested" {
		t.Errorf("arresting the Assassin opposite: %+v", g.outcome)
	}
	// Widened the other way, onto the Scout: the arrest fails.
	g = arrange(t, Config{}, red, green)
	apply(t, g, Red, "arrest 4 3")
	apply(t, g, Green, "let")
	if g.outcome.Over || g.spent[Handcuffs] != 1 {
		t.Errorf("arresting the Scout in slot 3: over %v, spent %v", g.outcome.Over, g.spent)
	}
	// The Assassin's shot is not widened.
	h := arrange(t, Config{}, "governor mayor assassin sheriff scout shopkeeper journalist thief priest dancer", green)
	if got := withPrefix(h.Legal(Red), "shoot"); !reflect.DeepEqual(got, []string{"shoot 3"}) {
		t.Errorf("shoot beside the Mayor: %v, want slot 3 alone", got)
	}
	refuse(t, h, Red, "arrest 4 3", engine.ErrIllegal) // no Mayor left of this Sheriff
}

// OL-40: the game ends at once; nothing is offered after.
func TestOL40End(t *testing.T) {
	g := standard(t)
	g.held[Green][Handcuffs], g.spent[Handcuffs] = 0, 1
	apply(t, g, Red, "shoot 2")
	for _, s := range []engine.Seat{Red, Green} {
		if len(g.Legal(s)) != 0 {
			t.Errorf("seat %d offered %v after the end", s, actions(g.Legal(s)))
		}
	}
	refuse(t, g, Green, "check 1", engine.ErrIllegal)
	if v := g.publicView(); v.Streets[Green][1].Char == "" {
		t.Errorf("the cards are not shown at the end")
	}
}

// OL-41: the tie-break.
func TestOL41TieBreak(t *testing.T) {
	g := standard(t)
	// Both hold 3 Ballots, every Bullet and Handcuffs spent: move the
	// tokens where the rule needs them, keeping 17.
	lay(t, g, Ballot, Fake, Fake, Fake, Fake, Elected)
	g.held = [2][NumTokens]int{{Ballot: 3}, {Ballot: 2}}
	g.spent[Bullet], g.spent[Handcuffs] = 3, 3
	g.row = [Slots]Token{Ballot, Fake, Fake, Fake, Fake, Elected, None, None}
	g.stock = nil
	g.know.init()
	apply(t, g, Red, "move 1 2")
	apply(t, g, Red, "swap")
	g.turn, g.actions = Green, 2
	evs := apply(t, g, Green, "take 1 ballot")
	if _, ok := find(evs, "ol.ev.tiebreak"); !ok || !g.tiebreak {
		t.Fatalf("events %v, want the tie-break", evs)
	}
	var n [NumTokens]int
	for _, x := range g.row {
		n[x]++
	}
	if n[Bullet] != 3 || n[Handcuffs] != 3 || n[Fake] != 2 || len(g.stock) != 0 {
		t.Errorf("tie-break row %v stock %v", g.row, g.stock)
	}
	if err := invariants(g); err != nil {
		t.Error(err)
	}
}

// OL-7, Decision: a card face up under a camera is seen where it goes, so
// a Move with it cannot be pretended.
func TestOL7FaceUpMoveIsReal(t *testing.T) {
	g := standard(t)
	apply(t, g, Red, "journal 7 1")
	apply(t, g, Red, "name thief") // Green's Thief (slot 1) under a camera
	apply(t, g, Red, "check 1")
	apply(t, g, Green, "move 1 2")
	if got := actions(g.Legal(Green)); !reflect.DeepEqual(got, []string{"swap"}) {
		t.Errorf("a Move with a face-up card offers %v, want only swap", got)
	}
	refuse(t, g, Green, "pretend", engine.ErrIllegal)
	apply(t, g, Green, "swap")
	if v := view(g, Red).Streets[Green][1]; v.Char != "@ol.char.thief" {
		t.Errorf("the camera card is not seen in slot 2: %+v", v)
	}
}
