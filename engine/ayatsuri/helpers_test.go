package ayatsuri

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/enginetest"
)

// The rule tests rig a round instead of drafting it: New deals the first
// round from a seed, then rig overwrites it so that given seats hold given
// roles, keeping Order, Hands, Picks, Hand, FaceDown and FaceUp consistent
// (as if the draft had been played), and starts the calling.
//
//	g, ev := rig(t, Config{Players: names(4)}, "Aki:1 Ben:4 Chika:7 Dai:2 up:6 down:3")
//	play(t, g, "Aki reveal", "Aki accuse Chika", "Dai reveal", "Dai declare 4")
//
// The deal names every seat's role; "up:" and "down:" name the face-up and
// face-down cards (comma separated), filled in from the rest when missing
// (never a face-up Dictator). Chips can be set first with "Aki=1/2"
// (life/kills) among the deal's words.

// seatOf is the seat of a player name, failing the test when unknown.
func seatOf(t testing.TB, g *Game, name string) engine.Seat {
	t.Helper()
	s, ok := g.seatNamed(name)
	if !ok {
		t.Fatalf("no player called %q among %v", name, g.names)
	}
	return s
}

// rig deals the current round as the deal says and starts the calling.
func rig(t testing.TB, cfg Config, deal string) (*Game, []engine.Event) {
	t.Helper()
	return rigSeed(t, cfg, 1, deal)
}

// rigSeed is rig with the game's seed, which decides the Terrorist's draws
// and the engine's tosses.
func rigSeed(t testing.TB, cfg Config, seed uint64, deal string) (*Game, []engine.Event) {
	t.Helper()
	g := newGame(t, cfg, seed)
	return g, rigRound(t, g, deal)
}

// rigRound overwrites g's current round (still in its draft) and starts
// the calling; it returns the events of the start.
func rigRound(t testing.TB, g *Game, deal string) []engine.Event {
	t.Helper()
	if g.phase != PhPick {
		t.Fatalf("rigRound in phase %s, want a fresh draft", g.phase)
	}
	rd := g.cur()
	roles := map[engine.Seat]Role{}
	var up, down []Role
	parseRoles := func(s string) []Role {
		var out []Role
		for _, f := range strings.Split(s, ",") {
			r, ok := ParseRole(f)
			if !ok {
				t.Fatalf("rig: no role %q", f)
			}
			out = append(out, r)
		}
		return out
	}
	for _, w := range strings.Fields(deal) {
		if name, chips, ok := strings.Cut(w, "="); ok {
			l, k, _ := strings.Cut(chips, "/")
			s := seatOf(t, g, name)
			g.life[s], _ = strconv.Atoi(l)
			g.kills[s], _ = strconv.Atoi(k)
			if g.kills[s] >= KillsToEnd {
				g.seq++
				g.third[s] = g.seq
			}
			continue
		}
		k, v, ok := strings.Cut(w, ":")
		if !ok {
			t.Fatalf("rig: cannot read %q", w)
		}
		switch k {
		case "up":
			up = parseRoles(v)
		case "down":
			down = parseRoles(v)
		default:
			r, ok := ParseRole(v)
			if !ok {
				t.Fatalf("rig: no role %q", v)
			}
			roles[seatOf(t, g, k)] = r
		}
	}
	if len(roles) != g.n {
		t.Fatalf("rig: %d roles for %d players", len(roles), g.n)
	}
	lay := Layout(g.n, g.cfg.BombGirl)
	var rest []Role
	for _, r := range Roles(g.cfg.BombGirl) {
		picked := false
		for _, p := range roles {
			picked = picked || p == r
		}
		if !picked && !slices.Contains(up, r) && !slices.Contains(down, r) {
			rest = append(rest, r)
		}
	}
	for len(up) < lay.FaceUp {
		i := slices.IndexFunc(rest, func(r Role) bool { return r != Dictator })
		up, rest = append(up, rest[i]), slices.Delete(rest, i, i+1)
	}
	for len(down) < lay.FaceDown {
		down, rest = append(down, rest[0]), rest[1:]
	}
	if len(up) != lay.FaceUp || len(down) != lay.FaceDown || slices.Contains(up, Dictator) {
		t.Fatalf("rig: face up %v, face down %v: not the layout %+v", up, down, lay)
	}
	rd.FaceUp, rd.FaceDown = up, slices.Sorted(slices.Values(down))
	hand := slices.Clone(rest)
	for _, s := range rd.Order {
		hand = append(hand, roles[s])
	}
	slices.Sort(hand)
	rd.Hands, rd.Picks, rd.Added = nil, nil, false
	for j, s := range rd.Order {
		if j == g.n-1 && len(hand) == 1 {
			hand = append(hand, rd.FaceDown...)
			slices.Sort(hand)
			rd.Added = true
		}
		rd.Hands = append(rd.Hands, slices.Clone(hand))
		r := roles[s]
		if j == 0 && r == BombGirl {
			t.Fatalf("rig: the marker holder may not hold the Bomb Girl (AY-11)")
		}
		i := slices.Index(hand, r)
		if i < 0 {
			t.Fatalf("rig: %v is not in the hand %v of %s", r, hand, g.name(s))
		}
		rd.Picks = append(rd.Picks, r)
		hand = slices.Delete(hand, i, i+1)
	}
	rd.Hand = hand
	ev := &events{g: g}
	g.startCalling(ev)
	return ev.list
}

// apply applies one "Name action" line and fails the test on an error.
func apply(t testing.TB, g *Game, line string) []engine.Event {
	t.Helper()
	name, a, _ := strings.Cut(strings.TrimSpace(line), " ")
	s := seatOf(t, g, name)
	ev, err := g.Apply(s, engine.Action(a))
	if err != nil {
		t.Fatalf("Apply(%s, %q) = %v, want no error (phase %s, turn %s, legal %v)",
			name, a, err, g.phase, turnName(g), actions(g.Legal(g.turn)))
	}
	return ev
}

func turnName(g *Game) string {
	if g.turn < 0 || int(g.turn) >= g.n {
		return "-"
	}
	return g.name(g.turn)
}

// play applies "Name action" lines in turn and returns all their events.
func play(t testing.TB, g *Game, lines ...string) []engine.Event {
	t.Helper()
	var all []engine.Event
	for _, l := range lines {
		all = append(all, apply(t, g, l)...)
	}
	return all
}

// refuse applies a "Name action" line that must fail with kind, and checks
// that nothing any device can see changed.
func refuse(t testing.TB, g *Game, line string, kind error) {
	t.Helper()
	name, a, _ := strings.Cut(strings.TrimSpace(line), " ")
	s := seatOf(t, g, name)
	enginetest.Refuse(t, g, s, a, kind, func() string { return snapshot(g) })
}

// snapshot is everything any device could be shown, and the state behind
// it, serialised: Apply must leave it unchanged when it refuses an action.
func snapshot(g *Game) string {
	parts := []any{g.PublicView(), g.Outcome(), g.life, g.kills, g.third, g.zeroed, g.marker, g.phase, g.turn,
		g.call, g.revealed, g.queue == nil, len(g.queue), g.serial, g.cur()}
	for s := range g.n {
		parts = append(parts, g.View(engine.Seat(s)), g.Legal(engine.Seat(s)))
	}
	return enginetest.JSONLines(parts...) + fmt.Sprintf("%d %d %v", g.rng.Clone().IntN(1<<30), g.seq, g.anyKill)
}

// actions lists the actions of the choices.
var actions = enginetest.Actions

// match reports whether e has the key and every name=value of the pattern
// "ay.ev.kill killer=Aki target=Ben".
func match(e engine.Event, pattern string) bool {
	f := strings.Fields(pattern)
	if len(f) == 0 || e.Key != f[0] {
		return false
	}
	for _, kv := range f[1:] {
		k, v, _ := strings.Cut(kv, "=")
		if enginetest.Plain(e.Args[k]) != strings.ReplaceAll(v, "_", " ") {
			return false
		}
	}
	return true
}

// want fails unless some event matches each pattern, in this order.
func want(t testing.TB, evs []engine.Event, patterns ...string) {
	t.Helper()
	i := 0
	for _, p := range patterns {
		for i < len(evs) && !match(evs[i], p) {
			i++
		}
		if i == len(evs) {
			t.Fatalf("no event %q (in order) among\n%s", p, dump(evs))
		}
		i++
	}
}

// none fails if an event matches the pattern.
func none(t testing.TB, evs []engine.Event, pattern string) {
	t.Helper()
	for _, e := range evs {
		if match(e, pattern) {
			t.Fatalf("event %q, want none, among\n%s", pattern, dump(evs))
		}
	}
}

// count is the number of events matching the pattern.
func count(evs []engine.Event, pattern string) int {
	n := 0
	for _, e := range evs {
		if match(e, pattern) {
			n++
		}
	}
	return n
}

func dump(evs []engine.Event) string {
	var b strings.Builder
	for _, e := range evs {
		fmt.Fprintf(&b, "  %s %v to=%v reveal=%v random=%v  %s\n", e.Key, e.Args, e.To, e.Reveal, e.Random, engine.EN.Text(e.Msg))
	}
	return b.String()
}

// chips checks life/kills: "Aki 3/0 Ben 2/1".
func chips(t testing.TB, g *Game, want string) {
	t.Helper()
	f := strings.Fields(want)
	for i := 0; i+1 < len(f); i += 2 {
		s := seatOf(t, g, f[i])
		if got := fmt.Sprintf("%d/%d", g.life[s], g.kills[s]); got != f[i+1] {
			t.Errorf("%s has %s life/kills, want %s (all: %s)", f[i], got, f[i+1], allChips(g))
		}
	}
}

func allChips(g *Game) string {
	var out []string
	for s := range g.n {
		out = append(out, fmt.Sprintf("%s %d/%d", g.names[s], g.life[s], g.kills[s]))
	}
	return strings.Join(out, " ")
}

// waits checks whose turn it is and in which phase: "Ben reveal".
func waits(t testing.TB, g *Game, want string) {
	t.Helper()
	if got := turnName(g) + " " + string(g.phase); got != want {
		t.Fatalf("the game waits for %q, want %q (call %d)", got, want, g.call)
	}
}

// pub is the public view, typed.
func pub(g *Game) PublicView { return g.PublicView().(PublicView) }

// view is a seat's view, typed.
func view(g *Game, s engine.Seat) View { return g.View(s).(View) }

// seatJSON is what seat s (or engine.Public) is shown, serialised.
func seatJSON(g *Game, s engine.Seat) string {
	return enginetest.SeatJSON(g, s)
}
