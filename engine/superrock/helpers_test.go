package superrock

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/enginetest"
)

var allNames = []string{"Aki", "Ben", "Chika", "Dai", "Eri", "Fumi", "Gen", "Hana", "Ichi", "Jun"}

// players is a Config for n players with the given options.
func players(n int) Config { return Config{Players: append([]string(nil), allNames[:n]...)} }

func newGame(t testing.TB, cfg Config, seed uint64) *Game {
	t.Helper()
	g, err := New(cfg, seed)
	if err != nil {
		t.Fatalf("New(%+v) = %v", cfg, err)
	}
	return g
}

// apply applies one action and fails the test on an error.
func apply(t testing.TB, g *Game, s engine.Seat, a string) []engine.Event {
	t.Helper()
	ev, err := g.Apply(s, engine.Action(a))
	if err != nil {
		t.Fatalf("Apply(%d, %v) = %v, want no error (phase %v)", s, a, err, g.phase)
	}
	return ev
}

// snapshot is everything any device could be shown, and the state;
// Apply must leave it unchanged when it refuses an action.
func snapshot(g *Game) string {
	vs := []any{g.PublicView(), g.char, g.kept, g.keptSil, g.roll, g.pick, g.left, g.ambush, g.orderRolls, g.hands, g.deck, g.phase}
	for s := range g.Seats() {
		vs = append(vs, g.View(engine.Seat(s)))
	}
	return enginetest.JSONLines(vs...)
}

// refuse applies an action that must fail with kind and change nothing;
// it returns the catalogue key of the refusal.
func refuse(t testing.TB, g *Game, s engine.Seat, a string, kind error) string {
	t.Helper()
	return msgKey(enginetest.Refuse(t, g, s, a, kind, func() string { return snapshot(g) }))
}

// msgKey is the catalogue key of a refusal.
var msgKey = enginetest.MsgKey

// actions lists the actions of the choices.
var actions = enginetest.Actions

// withPrefix keeps the actions that start with prefix.
var withPrefix = enginetest.WithPrefix

func find(evs []engine.Event, key string) []engine.Event {
	var out []engine.Event
	for _, e := range enginetest.PlainArgs(evs) {
		if e.Key == key {
			out = append(out, e)
		}
	}
	return out
}

func pub(g *Game) PublicView           { return g.PublicView().(PublicView) }
func view(g *Game, s engine.Seat) View { return g.View(s).(View) }

// silIndex is the index of a silhouette id.
func silIndex(t testing.TB, g *Game, id string) int {
	t.Helper()
	for i, s := range g.data.Silhouettes {
		if s.ID == id {
			return i
		}
	}
	t.Fatalf("no silhouette %s", id)
	return -1
}

// dealAndKeep deals and has everyone keep (SR-11 … SR-13).
func dealAndKeep(t testing.TB, g *Game) {
	t.Helper()
	apply(t, g, 0, "deal")
	for s := 0; s < g.Seats(); s++ {
		apply(t, g, engine.Seat(s), "keep")
	}
}

// shadow has every seat enter roll 2 (any) and pick the given silhouette
// ids, in seat order; the game must use physical dice.
func shadow(t testing.TB, g *Game, picks ...string) []engine.Event {
	t.Helper()
	var evs []engine.Event
	for s, id := range picks {
		evs = append(evs, apply(t, g, engine.Seat(s), "rolled 2")...)
		evs = append(evs, apply(t, g, engine.Seat(s), "pick "+id)...)
	}
	return evs
}

// step applies one random legal choice of a random seat that has one; it
// returns false when no seat has anything to do.
func step(t testing.TB, g *Game, r *engine.Rand) ([]engine.Event, bool) {
	t.Helper()
	evs, ok, err := enginetest.Step(g, r)
	if err != nil {
		t.Fatal(err)
	}
	return evs, ok
}

// invariants checks what must hold after every action.
func invariants(g *Game) error {
	if err := stateOK(g); err != nil {
		return err
	}
	busy := false // some seat is offered something
	for s := range g.Seats() {
		cs := g.Legal(engine.Seat(s))
		if err := enginetest.DecodesChoices(g, engine.Seat(s), cs); err != nil {
			return err
		}
		busy = busy || len(cs) > 0
	}
	if (g.phase == OverPhase) != g.outcome.Over {
		return fmt.Errorf("phase %v, outcome over %v", g.phase, g.outcome.Over)
	}
	if g.phase != OverPhase {
		if !busy {
			return fmt.Errorf("nobody can act in phase %v", g.phase)
		}
	}
	return nil
}

// stateOK checks the state itself; Resample's games must pass it too.
func stateOK(g *Game) error {
	n := g.Seats()
	if g.char[0] < 0 {
		if g.phase != DealPhase {
			return fmt.Errorf("no characters in phase %v", g.phase)
		}
		return nil
	}
	// SR-11: the dealt characters are distinct and match the counts.
	seen := map[int]bool{}
	per := map[string]int{}
	poolOf := pools(g)
	for s := 0; s < n; s++ {
		c := g.char[s]
		if c < 0 || seen[c] {
			return fmt.Errorf("seat %d holds character %d (dealt twice or not at all)", s, c)
		}
		seen[c] = true
		per[poolOf[g.data.Characters[c].ID]]++
	}
	k := g.counts
	if !g.transformed && (per["L"] != k.L || per["G"] < k.G || per["E"] < k.E || per["S"] < k.S ||
		per["G"]-k.G+per["E"]-k.E+per["S"]-k.S != k.X) {
		return fmt.Errorf("SR-11: drew L %d G %d E %d S %d for counts %v", per["L"], per["G"], per["E"], per["S"], k)
	}
	// SR-14: no silhouette copy is used twice.
	used := make([]int, len(g.data.Silhouettes))
	for s := 0; s < n; s++ {
		if g.pick[s] >= 0 {
			used[g.pick[s]]++
			if g.roll[s] == 0 {
				return fmt.Errorf("seat %d picked without rolling", s)
			}
		}
	}
	for i, sil := range g.data.Silhouettes {
		if g.left[i] < 0 || g.left[i]+used[i] != sil.Count {
			return fmt.Errorf("silhouette %s: %d left, %d used, %d copies", sil.ID, g.left[i], used[i], sil.Count)
		}
	}
	// SR-15: play starts with a Good and an Evil silhouette.
	if g.phase >= LineupPhase {
		var good, evil int
		for s := 0; s < n; s++ {
			switch g.sil(g.pick[s]).Attr {
			case Good:
				good++
			case Evil:
				evil++
			}
		}
		if good == 0 || evil == 0 {
			return fmt.Errorf("SR-15: %d Good and %d Evil silhouettes in phase %v", good, evil, g.phase)
		}
	}
	// SR-15: the line-up waits while an Evil silhouette may still answer;
	// only Evil silhouettes have answered "keep".
	if g.phase == LineupPhase {
		waiting := 0
		for s := range n {
			if g.keptSil[s] && !g.evil(engine.Seat(s)) {
				return fmt.Errorf("SR-15: seat %d kept a non-Evil silhouette", s)
			}
			if g.toAnswer(engine.Seat(s)) {
				waiting++
			}
		}
		if waiting == 0 || g.evilCount() < 2 {
			return fmt.Errorf("SR-15: line-up with %d Evil silhouettes and %d to answer", g.evilCount(), waiting)
		}
	}
	// SR-16: two ambushes on two squares, owned by base players.
	if g.phase >= AmbushPhase {
		for c := range g.ambush {
			if !g.Base(g.ambushOwner[c]) {
				return fmt.Errorf("ambush %d owned by non-base seat %d", c, g.ambushOwner[c])
			}
		}
		if g.phase > AmbushPhase && (g.ambush[0] < 0 || g.ambush[1] < 0 || g.ambush[0] == g.ambush[1]) {
			return fmt.Errorf("ambushes on %v", g.ambush)
		}
	}
	// SR-43: a winner meets the attribute condition; grades follow.
	if g.phase == OverPhase {
		for s := 0; s < n; s++ {
			seat := engine.Seat(s)
			won := false
			for _, w := range g.outcome.Winners {
				won = won || w == seat
			}
			if won && !g.attrWon(seat) {
				return fmt.Errorf("SR-43: seat %d won without its attribute condition", s)
			}
			if want := map[[2]bool]string{{true, false}: "A", {true, true}: "B", {false, false}: "C", {false, true}: "D"}[[2]bool{won, g.dead[s]}]; g.Grade(seat) != want {
				return fmt.Errorf("SR-43: seat %d grade %s, want %s", s, g.Grade(seat), want)
			}
		}
	}
	// SR-17, SR-18.
	if g.phase >= PlayPhase {
		if g.starter < 0 || g.Base(g.starter) {
			return fmt.Errorf("SR-17: starter %d", g.starter)
		}
		if err := boardOK(g); err != nil {
			return err
		}
	}
	return nil
}

// boardOK checks the planet cards and the boards (SR-18, SR-20 … SR-27):
// every card lies in one place, once; the phases end exactly when SR-21
// and SR-22 say.
func boardOK(g *Game) error {
	n := g.Seats()
	nonBase := 0
	for s := 0; s < n; s++ {
		if !g.Base(engine.Seat(s)) {
			nonBase++
		}
	}
	each := g.data.PlanetCardsFor(nonBase)
	count := make([]int, len(g.data.PlanetCards)) // a slice: this runs after every fuzz step
	add := func(cards []int) {
		for _, c := range cards {
			count[c]++
		}
	}
	add(g.deck)
	add(g.used)
	amb := g.ambushCards()
	for s := 0; s < n; s++ {
		seat := engine.Seat(s)
		add(g.hands[s])
		add(g.drawn[s])
		h := len(g.hands[s])
		// A base hand shrinks only by cards used face up (SR-20, SR-23).
		if g.virtual() && g.Base(seat) && h > each || (!g.Base(seat) || !g.virtual()) && h != 0 {
			return fmt.Errorf("SR-18: seat %d holds %d dealt planet cards, want %d", s, h, each)
		}
		for _, c := range g.drawn[s] {
			if g.data.PlanetCards[c].Kind != Ability {
				return fmt.Errorf("SR-20: seat %d took %s into the hand", s, g.data.PlanetCards[c].ID)
			}
		}
		for _, c := range g.hands[s] {
			if k := g.data.PlanetCards[c].Kind; g.revealDue[s] && (k == RevealSelf || k == RevealOther) {
				return fmt.Errorf("SR-23: seat %d still holds %s", s, g.data.PlanetCards[c].ID)
			}
		}
		// SR-22: shown information cards are all of them; hidden ones stay
		// below the limit with those drawn in play.
		k := g.infos(g.hands[s])
		if g.infoShown[s] > 0 && g.infoShown[s] != k || g.infoShown[s] == 0 && g.virtual() && k+g.info[s] >= InfoToEnd && k > 0 {
			return fmt.Errorf("SR-22: seat %d holds %d information cards, drew %d and showed %d", s, k, g.info[s], g.infoShown[s])
		}
	}
	if g.planet != nil {
		for sq, c := range g.planet {
			if c == amb[0] || c == amb[1] {
				continue
			}
			if c >= 0 {
				count[c]++
			} else if !g.planetOpen[sq] {
				return fmt.Errorf("SR-20: face-down square %s holds nothing", SquareName(sq))
			}
		}
		for k, sq := range g.ambush {
			if g.planet[sq] != amb[k] {
				return fmt.Errorf("SR-16: ambush %d on %s, the board holds %d", k, SquareName(sq), g.planet[sq])
			}
		}
	}
	if g.virtual() {
		for i, c := range g.data.PlanetCards {
			want := c.Count
			if c.Kind == Ambush {
				want = 0
			}
			if count[i] != want {
				return fmt.Errorf("SR-20: %d copies of %s in play, the deck has %d", count[i], c.ID, want)
			}
		}
	}
	// SR-21, SR-22: the planet phase lasts exactly until an end condition.
	switch {
	case g.stage == NoStage:
		return fmt.Errorf("no stage in phase %v", g.phase)
	case g.stage == PlanetStage:
		if g.planetOver {
			return fmt.Errorf("SR-21: planet phase over in the planet stage")
		}
		if r := g.planetEndReason(); r != nil && g.pendingAmbush() < 0 {
			return fmt.Errorf("SR-21: the planet phase goes on although %s", engine.EN.Text(*r))
		}
	default:
		if !g.planetOver || g.planetEnd == nil {
			return fmt.Errorf("SR-21: stage %v before the planet phase is over", g.stage)
		}
	}
	// SR-25: the secret base deck.
	if g.base != nil {
		rooms := make([]int, len(g.data.BaseCards))
		for _, c := range g.baseDeck {
			rooms[c]++
		}
		hubs := 0
		for _, c := range g.base {
			if g.data.BaseCards[c].Hub {
				hubs++
			} else {
				rooms[c]++
			}
		}
		for i, c := range g.data.BaseCards {
			if !c.Hub && rooms[i] != c.Count {
				return fmt.Errorf("SR-25: %d copies of %s, the deck has %d", rooms[i], c.ID, c.Count)
			}
		}
		placed := 0
		for i, sq := range g.hubAt {
			if sq < 0 {
				continue
			}
			placed++
			if g.base[sq] != g.data.HubCards()[i] {
				return fmt.Errorf("SR-25: hub %d on %s, the square holds %d", i, SquareName(sq), g.base[sq])
			}
			if g.destroyed[i] && !g.baseOpen[sq] {
				return fmt.Errorf("SR-27: hub %d destroyed on a closed square", i)
			}
		}
		if placed != hubs || g.stage == BaseStage && placed != Hubs {
			return fmt.Errorf("SR-25: %d hubs placed, %d on the board", placed, hubs)
		}
	}
	destroyed := 0
	for _, d := range g.destroyed {
		if d {
			destroyed++
		}
	}
	if destroyed == Hubs && (g.phase < ConfirmPhase || endReasons[g.end] != "hubs") {
		return fmt.Errorf("SR-27: four hubs destroyed in phase %v", g.phase)
	}
	return nil
}

// seatJSON is what seat s (or engine.Public) is shown, serialised.
func seatJSON(g *Game, s engine.Seat) string { return enginetest.SeatJSON(g, s) }

// noLeak checks that each seat's view is unchanged when what it cannot see
// is redrawn (engine.Resampler), and that each redraw is a consistent game.
func noLeak(g *Game, r *engine.Rand, resamples int) error {
	return enginetest.NoLeak(g, r, enginetest.Seats(g), resamples, func(_ engine.Seat, h *Game) error { return stateOK(h) })
}

// eventsOK checks who is told what: a private line goes to the seats that
// may know it, and a public event names no character, and no silhouette
// before the reveal.
func eventsOK(g *Game, evs []engine.Event) error {
	for _, e := range evs {
		j := jsonOf{e} // marshalled only if an error names it
		if strings.HasPrefix(e.Key, "sr.pv.") || e.Key == "sr.do.ambush_swap" {
			if len(e.To) == 0 || !e.Reveal {
				return fmt.Errorf("private event %s is public or not a reveal", j)
			}
			if e.Key == "sr.pv.ambush" || e.Key == "sr.do.ambush_swap" || e.Key == "sr.pv.hub" {
				for _, s := range e.To {
					if !g.Base(s) {
						return fmt.Errorf("ambush square told to non-base seat %d: %s", s, j)
					}
				}
			} else if len(e.To) != 1 {
				return fmt.Errorf("private event %s told to %v", j, e.To)
			}
			continue
		}
		if !e.IsPublic() {
			return fmt.Errorf("event %s is neither public nor a private line", j)
		}
		reveals := e.Key == "sr.ev.final" || e.Key == "sr.ev.exposed" || e.Key == "sr.ev.disintegrate" || e.Key == "sr.ev.override"
		if reveals && !e.Reveal {
			return fmt.Errorf("public reveal %s is not marked Reveal", j)
		}
		for _, v := range e.Args {
			if strings.Contains(v, ".char.") && !reveals {
				return fmt.Errorf("public event %s names a character", j)
			}
			if strings.Contains(v, ".sil.") && e.Key != "sr.ev.silhouette" && e.Key != "sr.ev.switched" && e.Key != "sr.do.switch" &&
				e.Key != "sr.ev.kept_silhouette" { // SR-15: after the reveal, face up
				return fmt.Errorf("public event %s names a silhouette", j)
			}
			// A planet card is named once it is shown: drawn on the board
			// (SR-20), used from a hand, or a dealt card used (SR-23).
			shows := e.Key == "sr.ev.land_card" || e.Key == "sr.ev.use" || e.Key == "sr.ev.dealt_identity" || e.Key == "sr.ev.dealt_identity_revived"
			if shows && !e.Reveal {
				return fmt.Errorf("public reveal %s is not marked Reveal", j)
			}
			if strings.Contains(v, ".planet.") && !shows {
				return fmt.Errorf("public event %s names a planet card", j)
			}
		}
		if strings.HasPrefix(e.Key, "sr.do.") && !e.Table {
			return fmt.Errorf("instruction %s is not marked Table", j)
		}
	}
	return nil
}

// poolCache keeps pools' answers: stateOK runs after every fuzz step.
var poolCache sync.Map // poolKey → map[string]string

type poolKey struct {
	data      *Data
	raisaGood bool
}

// pools maps each character id to its pool of table 7.1: L, G, E or S.
func pools(g *Game) map[string]string {
	k := poolKey{g.data, g.cfg.RaisaGood}
	if m, ok := poolCache.Load(k); ok {
		return m.(map[string]string)
	}
	l, gp, e, sp := g.data.Pools(g.cfg.RaisaGood)
	poolOf := map[string]string{}
	for name, ids := range map[string][]string{"L": l, "G": gp, "E": e, "S": sp} {
		for _, id := range ids {
			poolOf[id] = name
		}
	}
	poolCache.Store(k, poolOf)
	return poolOf
}

// jsonOf prints its value as JSON, when printed.
type jsonOf struct{ v any }

func (j jsonOf) String() string {
	b, _ := json.Marshal(j.v)
	return string(b)
}
