package ayatsuri

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/enginetest"
)

// ledger keeps the chips, the marker and the kills of a game from its
// public events alone, as a player with pen and paper would, and applies
// AY-41 … AY-43 itself: the engine's own state is checked against it.
type ledger struct {
	seat        map[string]int
	life, kills []int
	third       []int // the moment a third kill chip was taken, 0 if none
	seq         int
	zeroed      []bool // brought another player's life to 0 by a kill
	marker      int
	killed      []bool // this round
	// expect is the outcome the ledger computed at the last round end:
	// "" none yet, "tie", "next" (no end condition) or a winner's name.
	expect string
}

func newLedger(g *Game) *ledger {
	l := &ledger{seat: map[string]int{}, life: make([]int, g.n), kills: make([]int, g.n), third: make([]int, g.n),
		zeroed: make([]bool, g.n), marker: int(g.Marker()), killed: make([]bool, g.n)}
	for i, n := range g.names {
		l.seat[n] = i
		l.life[i] = StartLife
	}
	return l
}

func (l *ledger) gain(s int) {
	l.kills[s]++
	l.seq++
	if l.kills[s] == KillsToEnd {
		l.third[s] = l.seq
	}
}

func (l *ledger) lose(s int) {
	l.kills[s]--
	if l.kills[s] < KillsToEnd {
		l.third[s] = 0
	}
}

// apply reads the events of one action.
func (l *ledger) apply(evs []engine.Event) error {
	for _, e := range evs {
		a := e.Args
		who := func(k string) int {
			s, ok := l.seat[a[k]]
			if !ok {
				panic(fmt.Sprintf("event %s: no player %q in %s", e.Key, a[k], k))
			}
			return s
		}
		switch e.Key {
		case "ay.ev.round":
			if who("marker") != l.marker {
				return fmt.Errorf("round %s starts with %s holding the marker, want seat %d", a["n"], a["marker"], l.marker)
			}
			clear(l.killed)
		case "ay.ev.marker":
			l.marker = who("name")
		case "ay.ev.kill", "ay.ev.kill_self":
			k, v := who("killer"), who("target")
			if l.killed[v] {
				return fmt.Errorf("%s killed twice this round (AY-16)", a["target"])
			}
			l.killed[v] = true
			switch {
			case k == v && l.life[v] > 0:
				l.life[v]--
			case l.life[v] > 0:
				l.life[v]--
				if l.life[v] == 0 {
					l.zeroed[k] = true
				}
			}
			l.gain(k)
		case "ay.ev.double":
			l.gain(who("killer"))
		case "ay.ev.purge":
			for _, n := range strings.Split(enginetest.Plain(a["names"]), ", ") {
				s := l.seat[n]
				if l.life[s] <= 1 {
					return fmt.Errorf("the purge takes a life chip from %s at %d life (AY-26)", n, l.life[s])
				}
				l.life[s]--
			}
		case "ay.ev.toss":
			if a["side"] == "@ay.side.life" {
				l.life[who("name")]++
			}
		case "ay.ev.fee_paid":
			if p := who("name"); a["chip"] == "@ay.chip.life" {
				l.life[p]--
			} else {
				l.lose(p)
			}
		case "ay.ev.fee_kept":
			if d := who("det"); a["chip"] == "@ay.chip.life" {
				l.life[d]++
			} else {
				l.gain(d)
			}
		case "ay.ev.bomb_missed":
			m := who("name")
			if l.life[m] > 0 {
				l.life[m]--
			}
			if l.kills[m] > 0 {
				l.lose(m)
			}
		case "ay.ev.round_end":
			l.expect = l.verdict()
		}
	}
	return nil
}

// verdict is AY-41 and AY-42 at a round end, computed afresh.
func (l *ledger) verdict() string {
	end := false
	for s := range l.life {
		end = end || l.life[s] == 0 || l.kills[s] >= KillsToEnd
	}
	if !end {
		return "next"
	}
	first := -1
	for s := range l.life {
		if l.kills[s] >= KillsToEnd && l.life[s] > 0 && (first < 0 || l.third[s] < l.third[first]) {
			first = s
		}
	}
	if first >= 0 {
		return l.name(first)
	}
	best, tied := -1, []int{}
	for s := range l.life {
		if l.life[s] == 0 {
			continue
		}
		if t := l.life[s] + l.kills[s]; t > best {
			best, tied = t, []int{s}
		} else if t == best {
			tied = append(tied, s)
		}
	}
	if len(tied) == 1 {
		return l.name(tied[0])
	}
	var z []int
	for _, s := range tied {
		if l.zeroed[s] {
			z = append(z, s)
		}
	}
	if len(z) == 1 {
		return l.name(z[0])
	}
	return "tie"
}

func (l *ledger) name(s int) string {
	for n, i := range l.seat {
		if i == s {
			return n
		}
	}
	return "?"
}

// before checks the seat about to act: a player killed this round never
// reveals, uses an ability, tosses for the Doctor, pays a fee or kills
// at round end (AY-16).
func (l *ledger) before(g *Game) error {
	switch g.Phase() {
	case PhReveal, PhAbility, PhSerial, PhToss, PhFeePay:
		if l.killed[g.Turn()] {
			return fmt.Errorf("%s, killed this round, acts in %s", g.name(g.Turn()), g.Phase())
		}
	}
	return nil
}

// after checks the engine against the ledger once an action is applied:
// the same chips, none negative, one marker, and the game over exactly
// when the ledger's round end said so, with its winner.
func (l *ledger) after(g *Game, evs []engine.Event) error {
	return l.afterIn(g, evs, pub(g).Players)
}

// engineChips is the chips and the marker as the engine holds them, without
// building the public view (the fuzz test reads the view every 8 steps).
func engineChips(g *Game) []PlayerView {
	out := make([]PlayerView, g.n)
	for i := range out {
		out[i] = PlayerView{Name: g.names[i], Life: g.life[i], Kills: g.kills[i], Marker: g.marker == engine.Seat(i)}
	}
	return out
}

// afterIn is after, reading the chips from players.
func (l *ledger) afterIn(g *Game, evs []engine.Event, players []PlayerView) error {
	markers := 0
	for i, pl := range players {
		if pl.Life != l.life[i] || pl.Kills != l.kills[i] {
			return fmt.Errorf("%s has %d/%d, the events say %d/%d", pl.Name, pl.Life, pl.Kills, l.life[i], l.kills[i])
		}
		if pl.Life < 0 || pl.Kills < 0 {
			return fmt.Errorf("%s has %d/%d chips", pl.Name, pl.Life, pl.Kills)
		}
		if pl.Marker {
			markers++
			if i != l.marker {
				return fmt.Errorf("%s holds the marker, the events say %s", pl.Name, l.name(l.marker))
			}
		}
	}
	if markers != 1 {
		return fmt.Errorf("%d players hold the marker", markers)
	}
	ended := slices.ContainsFunc(evs, func(e engine.Event) bool { return e.Key == "ay.ev.round_end" })
	o := g.Outcome()
	switch {
	case !ended && o.Over:
		return fmt.Errorf("the game is over without a round end")
	case !ended:
		return nil
	case l.expect == "next" || l.expect == "tie":
		if o.Over {
			return fmt.Errorf("the game ended (%v) but AY-41/42 say %s", o, l.expect)
		}
		tie := slices.ContainsFunc(evs, func(e engine.Event) bool { return e.Key == "ay.ev.tie" })
		if tie != (l.expect == "tie") {
			return fmt.Errorf("tie event %v, the ledger says %s", tie, l.expect)
		}
	default:
		if !o.Over || len(o.Winners) != 1 || g.name(o.Winners[0]) != l.expect || g.phase != PhOver {
			return fmt.Errorf("outcome %+v in %s, AY-42 says %s wins", o, g.phase, l.expect)
		}
	}
	return nil
}

// TestInvariantsRandomGames: seeded random games in every configuration
// keep the invariants of issue 3 — chips never negative, a killed player
// never acts, one marker, the game over exactly when AY-41 says, with the
// winner of AY-42 — checked against the ledger kept from public events.
func TestInvariantsRandomGames(t *testing.T) {
	over := map[string]int{}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for _, bg := range []bool{false, true} {
			for _, toss := range []TossMode{TossEngine, TossChips} {
				cfg := Config{Players: names(n), BombGirl: bg, Toss: toss}
				for seed := uint64(1); seed <= 25; seed++ {
					cfg.Start = int(seed) % n
					g := newGame(t, cfg, seed)
					l := newLedger(g)
					if err := l.before(g); err != nil {
						t.Fatalf("%dp bg=%v seed %d: %v", n, bg, seed, err)
					}
					err := enginetest.PlayTurns(g, engine.NewRand(seed*31), 3000, func(evs []engine.Event) error {
						if err := l.apply(evs); err != nil {
							return err
						}
						if err := l.after(g, evs); err != nil {
							return fmt.Errorf("%v\n%s", err, dump(evs))
						}
						// The seat to move next is checked before it acts.
						return l.before(g)
					})
					if err != nil {
						t.Fatalf("%dp bg=%v seed %d: %v", n, bg, seed, err)
					}
					if !g.Outcome().Over {
						t.Fatalf("%dp bg=%v seed %d: no end", n, bg, seed)
					}
					over[g.Outcome().Reason.Key]++
				}
			}
		}
	}
	// Every way to win happened.
	for _, k := range []string{"ay.win.third", "ay.win.most", "ay.win.tiebreak"} {
		if over[k] == 0 {
			t.Errorf("no game ended by %s: %v", k, over)
		}
	}
}

// fuzzConfig turns one byte into table options: 3 to 6 players, the Bomb
// Girl or not, engine or real tosses, any start player.
func fuzzConfig(b uint8) Config {
	n := MinPlayers + int(b%4)
	c := Config{Players: names(n), BombGirl: b&4 != 0, Start: int(b>>4) % n}
	if b&8 != 0 {
		c.Toss = TossChips
	}
	return c
}

// universe is every action the notation can name, legal or not, and some
// it cannot read.
func universe() []string {
	out := []string{"", " ", "pass", "reveal", "draw", "keep", "keep card", "bomb kill", "bomb spare", "bomb",
		"pass on", "reveal 3", "draw 2", "keep it", "pay", "take", "toss", "toss grey", "pay gold", "pick", "declare",
		"pick -1", "pick 8", "pick 99999999999999999999", "declare ⑧", "accuse", "target", "🂡", "pick ③ ③", "\x00", "reveal\n"}
	for _, r := range AllRoles {
		out = append(out, fmt.Sprintf("pick %d", r), fmt.Sprintf("declare %d", r), "pick "+r.Mark(), "declare "+engine.JA.S(r.Key()))
	}
	for _, n := range append(names(6), "Zed", "aki", " Ben ", "") {
		for _, v := range []string{"hand", "give", "accuse", "guard", "treat", "target"} {
			out = append(out, v+" "+n)
		}
	}
	for _, c := range []string{"life", "kill", "white", "black", "白", "黒"} {
		out = append(out, "pay "+c, "take "+c, "toss "+c)
	}
	return out
}

// probe applies actions that Legal does not offer, each by its seat (the
// seat to move or another): each must be refused as illegal, unreadable
// or out of turn, with no event, and together they must change nothing.
// The whole state is compared (two Clones, deeply, sameState) once for
// all of them: complete, and much cheaper than serialising every view,
// which the fuzzer cannot afford on every step.
func probe(t testing.TB, g *Game, seats []engine.Seat, texts []string) {
	t.Helper()
	before := g.Clone()
	err := enginetest.Probe(g, seats, texts, func(s engine.Seat, text string) bool {
		if slices.Contains(actions(g.Legal(s)), text) {
			return true
		}
		// Another spelling of a legal action.
		a, err := g.Decode(s, text)
		return err == nil && slices.Contains(actions(g.Legal(s)), string(a))
	})
	if err != nil {
		t.Fatal(err)
	}
	if !sameState(before, g.Clone()) {
		t.Fatalf("refused actions %q by seats %v changed the game", texts, seats)
	}
}

// sameState compares two Clones deeply, past rounds by their number only:
// an action changes the round being played, and comparing every finished
// round again on every probe would make long games slow.
func sameState(a, b *Game) bool {
	if len(a.rounds) != len(b.rounds) {
		return false
	}
	ca, cb := *a, *b
	ca.rounds, cb.rounds = a.rounds[len(a.rounds)-1:], b.rounds[len(b.rounds)-1:]
	return reflect.DeepEqual(ca, cb)
}

// maxFuzzSteps caps a fuzzed game: longer inputs only repeat what shorter
// ones do, and a short run keeps the fuzzer's minimiser quick (it reruns
// an input many times). 160 steps play several rounds, round ends with
// their verdicts (the ledger) included.
const maxFuzzSteps = 160

// The fuzzer shrinks new inputs for a bounded number of runs.
func init() { enginetest.BoundMinimizing() }

func FuzzApply(f *testing.F) {
	for seed := uint64(0); seed < 16; seed++ {
		moves := enginetest.Moves(seed, 60, 100)
		f.Add(seed, uint8(seed*37), moves, "")
	}
	f.Add(uint64(7), uint8(0), []byte{}, "reveal")
	f.Add(uint64(3), uint8(0xff), []byte{0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255}, "pick 0")
	f.Add(uint64(5), uint8(0x0c), []byte{1, 2, 3}, "target Aki")
	f.Fuzz(func(t *testing.T, seed uint64, opts uint8, moves []byte, extra string) {
		playFuzz(t, seed, opts, moves, extra)
	})
}

var fuzzUniverse = universe()

// playFuzz is FuzzApply's body. Every step is checked against the ledger
// and for leaks in its events; probes (four arbitrary actions, by the seat
// to move and others) every sixth step; the seats not to move and the decoding of every choice every 8
// steps; the no-leak property (views redrawn) at the end: the fuzzer tries
// inputs of every length, so every position is an end for some input.
func playFuzz(t testing.TB, seed uint64, opts uint8, moves []byte, extra string) {
	moves = enginetest.Truncate(moves, maxFuzzSteps)
	cfg := fuzzConfig(opts)
	g, err := New(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	l := newLedger(g)
	r := engine.NewRand(seed ^ 0x5eed)
	all := fuzzUniverse
	for i, b := range moves {
		if g.Outcome().Over {
			break
		}
		s := g.Turn()
		if i%6 == 5 {
			other := engine.Seat((int(s) + 1 + int(b)%(g.n-1)) % g.n)
			probe(t, g, []engine.Seat{s, s, other, engine.Seat(int(b) - 128)},
				[]string{all[(int(b)*7+i)%len(all)], extra, all[(int(b)*13+i)%len(all)], extra})
		}
		if err := l.before(g); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		cs := g.Legal(s)
		if len(cs) == 0 {
			t.Fatalf("step %d: no legal action for seat %d in %s", i, s, g.phase)
		}
		if i%8 == 7 {
			if err := enginetest.OnlyTurn(g, s); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
			if err := enginetest.DecodesLegal(g, s); err != nil {
				t.Fatal(err)
			}
			if err := invariants(g); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
		}
		evs, err := g.Apply(s, cs[int(b)%len(cs)].Action)
		if err != nil {
			t.Fatalf("step %d: Apply(%v) = %v, want nil (a legal choice)", i, cs[int(b)%len(cs)].Action, err)
		}
		if err := l.apply(evs); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		players := engineChips(g)
		if i%8 == 0 {
			players = pub(g).Players
		}
		if err := l.afterIn(g, evs, players); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if err := eventsLeak(g, evs); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	if err := invariants(g); err != nil {
		t.Fatalf("end: %v", err)
	}
	// The no-leak property for the table screen and one seat (by the
	// seed), as noLeak checks it for all: every seat's redraw per input
	// would cost more than the game.
	seats := []engine.Seat{engine.Public, engine.Seat(seed % uint64(g.n))}
	if err := enginetest.NoLeak(g, r, seats, 1, func(_ engine.Seat, h *Game) error { return dealOK(h) }); err != nil {
		t.Fatalf("end: %v", err)
	}
	if g.phase != PhOver {
		for _, s := range seats {
			if err := viewLeak(g, s); err != nil {
				t.Fatalf("end: %v", err)
			}
		}
	}
	if err := enginetest.OverOffersNothing(g); err != nil {
		t.Fatal(err)
	}
	if g.Outcome().Over {
		for s := range g.n {
			probe(t, g, []engine.Seat{engine.Seat(s)}, []string{"reveal"})
		}
	}
}

// BenchmarkFuzzApply is the cost of one FuzzApply input of full length.
func BenchmarkFuzzApply(b *testing.B) {
	enginetest.BenchFuzz(b, maxFuzzSteps, func(i int, moves []byte) {
		playFuzz(b, uint64(i), uint8(i), moves, fuzzUniverse[i%len(fuzzUniverse)])
	})
}
