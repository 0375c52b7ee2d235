package superrock

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"tablemaster/engine"
)

// One test per board rule, SR-20 … SR-27. Each starts from toPlay (seven
// players, real dice, Ben the one base player with ambushes A on 1-1 and
// B on 1-2, three planet cards in his hand) or from toBoard with other
// options, and puts the cards it needs where it needs them with rig.

// castOff is cast for tests that check the state afterwards: the cast
// characters do not follow table 7.1, as after a transformation.
func castOff(t *testing.T, g *Game, ids ...string) {
	t.Helper()
	cast(t, g, ids...)
	g.transformed = true
}

// toBoard is toPlay with other table options.
func toBoard(t *testing.T, cfg Config) *Game {
	t.Helper()
	dice := cfg.Dice
	g := toOrder(t, cfg)
	for s, n := range map[engine.Seat]int{0: 3, 2: 6, 3: 2, 4: 5, 5: 1, 6: 1} {
		apply(t, g, s, "rolled "+string(rune('0'+n)))
	}
	g.cfg.Dice = dice // toOrder rolls real dice; play goes on with the option asked for
	if g.planetOver {
		t.Fatalf("SR-22 ended the planet phase at once")
	}
	return g
}

func cardIndex(t testing.TB, g *Game, id string) int {
	t.Helper()
	for i, c := range g.data.PlanetCards {
		if c.ID == id {
			return i
		}
	}
	t.Fatalf("no planet card %s", id)
	return -1
}

// slot finds where a copy of planet card c lies unseen — the deck or a
// face-down square other than not — so a test can swap it elsewhere.
func slot(t testing.TB, g *Game, c int, not int) *int {
	t.Helper()
	for i := range g.deck {
		if g.deck[i] == c {
			return &g.deck[i]
		}
	}
	for sq := range g.planet {
		if sq != not && !g.planetOpen[sq] && g.planet[sq] == c {
			return &g.planet[sq]
		}
	}
	t.Fatalf("no unseen copy of %s", g.data.PlanetCards[c].ID)
	return nil
}

// rig puts planet card id face down on square sq (planet-square).
func rig(t testing.TB, g *Game, square, id string) {
	t.Helper()
	sq, ok := ParseSquare(square)
	if !ok || g.planetOpen[sq] || slices.Contains(g.ambush[:], sq) {
		t.Fatalf("cannot rig %s", square)
	}
	c := cardIndex(t, g, id)
	if g.planet[sq] == c {
		return
	}
	p := slot(t, g, c, sq)
	*p, g.planet[sq] = g.planet[sq], c
}

// rigHand makes seat s's dealt planet cards ids (and keeps the count).
func rigHand(t testing.TB, g *Game, s engine.Seat, ids ...string) {
	t.Helper()
	for i, id := range ids {
		c := cardIndex(t, g, id)
		if g.hands[s][i] == c {
			continue
		}
		p := slot(t, g, c, -1)
		*p, g.hands[s][i] = g.hands[s][i], c
	}
	if err := stateOK(g); err != nil {
		t.Fatalf("rigHand: %v", err)
	}
}

// land lands seat s on square after rigging it with id.
func landOn(t testing.TB, g *Game, s engine.Seat, square, id string) []engine.Event {
	t.Helper()
	rig(t, g, square, id)
	evs := apply(t, g, s, "land "+square)
	if err := eventsOK(g, evs); err != nil {
		t.Fatal(err)
	}
	if err := stateOK(g); err != nil {
		t.Fatal(err)
	}
	return evs
}

func square(t testing.TB, s string) int {
	t.Helper()
	sq, ok := ParseSquare(s)
	if !ok {
		t.Fatalf("bad square %s", s)
	}
	return sq
}

// SR-20
func TestSR20VirtualPlanetBoard(t *testing.T) {
	g := toPlay(t)
	p := pub(g)
	if g.stage != PlanetStage || p.Stage != "planet" || len(p.Planet) != BoardSquares {
		t.Fatalf("SR-20: stage %v, %d squares in the public view", g.stage, len(p.Planet))
	}
	for _, sv := range p.Planet {
		if sv.Open || sv.Card != nil || sv.Ambush != "" {
			t.Fatalf("SR-20: a square shows before it is opened: %+v", sv)
		}
	}
	// The ambushes show on the base player's board only (SR-16).
	if v := view(g, 1); v.Planet[0].Ambush != "A" || v.Planet[1].Ambush != "B" {
		t.Errorf("SR-16: Ben's board %+v %+v", v.Planet[0], v.Planet[1])
	}
	if v := view(g, 0); v.Planet[0].Ambush != "" {
		t.Errorf("SR-16: Aki sees ambush %s", v.Planet[0].Ambush)
	}
	if got := withPrefix(g.Legal(0), "land "); len(got) != BoardSquares {
		t.Errorf("SR-20: Aki may land on %d squares, want %d", len(got), BoardSquares)
	}
	for _, c := range g.Legal(0) {
		if strings.HasPrefix(string(c.Action), "land ") && c.Public {
			t.Fatalf("SR-20: %v is public: the card is read alone", c.Action)
		}
	}
	// An ability card goes into the hand unseen.
	evs := landOn(t, g, 0, "3-4", "mirror5")
	if e := find(evs, "sr.ev.land_ability"); len(e) != 1 || !e[0].IsPublic() || !e[0].Reveal {
		t.Errorf("SR-20: public event %+v", evs)
	}
	if e := find(evs, "sr.pv.ability"); len(e) != 1 || !reflect.DeepEqual(e[0].To, []engine.Seat{0}) || e[0].Args["card"] != "@sr.kmc.planet.mirror5" {
		t.Errorf("SR-20: private event %+v", evs)
	}
	if v := view(g, 0); len(v.Hand) != 1 || v.Hand[0].ID != "mirror5" || !v.Hand[0].Drawn {
		t.Errorf("SR-20: Aki's hand %+v", v.Hand)
	}
	sv := pub(g).Planet[square(t, "3-4")]
	if !sv.Open || !sv.Ability || sv.Card != nil || sv.By != 0 || pub(g).Players[0].PlanetCards != 1 {
		t.Errorf("SR-20: square after an ability card %+v", sv)
	}
	for _, s := range []engine.Seat{engine.Public, 1, 2} {
		if strings.Contains(seatJSON(g, s), "mirror5") {
			t.Errorf("SR-20: seat %d sees Aki's ability card", s)
		}
	}
	if k := refuse(t, g, 2, "land 3-4", engine.ErrIllegal); k != "sr.err.square_open" {
		t.Errorf("land on an open square = %s", k)
	}
	// Instruction cards are placed face up.
	evs = landOn(t, g, 2, "3-5", "battle")
	if e := find(evs, "sr.ev.land_card"); len(e) != 1 || e[0].Args["card"] != "@sr.kmc.planet.battle" || len(find(evs, "sr.do.planet.battle")) != 1 {
		t.Errorf("SR-20: battle events %+v", evs)
	}
	if sv := pub(g).Planet[square(t, "3-5")]; sv.Card == nil || sv.Card.ID != "battle" {
		t.Errorf("SR-20: square after a battle card %+v", sv)
	}
	// Own identity exposed does what it says (SR-32).
	evs = landOn(t, g, 3, "3-6", "reveal-self")
	if !g.exposed[3] || len(find(evs, "sr.ev.exposed")) != 1 || pub(g).Players[3].Character == nil {
		t.Errorf("SR-32 by a planet card: %+v", evs)
	}
	// Someone's identity revealed: the drawer chooses on the phone (SR-31).
	evs = landOn(t, g, 4, "4-1", "reveal-other")
	if e := find(evs, "sr.do.reveal_other"); len(e) != 1 || e[0].Args["player"] != "Eri" {
		t.Errorf("SR-31 by a planet card: %+v", evs)
	}
	// Ability cards are used by notation, face up.
	if got := withPrefix(g.Legal(0), "use "); !reflect.DeepEqual(got, []string{"use mirror5"}) {
		t.Errorf("SR-20: Aki may use %v", got)
	}
	evs = apply(t, g, 0, "use mirror5")
	if e := find(evs, "sr.ev.use"); len(e) != 1 || !e[0].IsPublic() || len(view(g, 0).Hand) != 0 || len(pub(g).Used) != 1 {
		t.Errorf("SR-20: use %+v", evs)
	}
	if k := refuse(t, g, 0, "use mirror5", engine.ErrIllegal); k != "sr.err.not_in_hand" {
		t.Errorf("use twice = %s", k)
	}
	refuse(t, g, 0, "use info", engine.ErrIllegal)
	// The dead do not land.
	apply(t, g, 0, "dies Fumi")
	if k := refuse(t, g, 5, "land 5-5", engine.ErrIllegal); k != "sr.err.dead" {
		t.Errorf("land by the dead = %s", k)
	}
	// A base player may land too (an escape in a battle).
	landOn(t, g, 1, "5-5", "psuit4")
	if v := view(g, 1); len(v.Hand) != 4 {
		t.Errorf("SR-20: Ben's hand %v", v.Hand)
	}
	// Physical board: no planet board, no landing.
	cfg := players(7)
	cfg.Board = PhysicalBoard
	h := toBoard(t, cfg)
	if pub(h).Planet != nil || h.stage != PlanetStage {
		t.Errorf("SR-20 physical: planet board %v, stage %v", pub(h).Planet, h.stage)
	}
	if k := refuse(t, h, 0, "land 3-4", engine.ErrIllegal); k != "sr.err.board_physical" {
		t.Errorf("land on a physical board = %s", k)
	}
}

// SR-21
func TestSR21PlanetPhaseEnds(t *testing.T) {
	t.Run("three information cards", func(t *testing.T) {
		g := toPlay(t)
		landOn(t, g, 0, "4-1", "info")
		landOn(t, g, 0, "4-2", "info")
		if g.stage != PlanetStage || pub(g).Players[0].Info != 2 {
			t.Fatalf("SR-21: after two, stage %v info %d", g.stage, pub(g).Players[0].Info)
		}
		evs := landOn(t, g, 0, "4-3", "info")
		if e := find(evs, "sr.ev.planet_end.info"); len(e) != 1 || e[0].Args["player"] != "Aki" || g.stage != HubStage {
			t.Fatalf("SR-21: events %+v stage %v", evs, g.stage)
		}
		p := pub(g)
		if !p.PlanetPhaseOver || p.PlanetEnd == nil || p.Planet != nil || !p.Players[0].FreeEntry || !p.Players[0].Entered {
			t.Errorf("SR-21: public view %+v", p)
		}
		if len(find(evs, "sr.do.planet_end_virtual")) != 1 || len(find(evs, "sr.ev.free_entry")) != 1 {
			t.Errorf("SR-21: instructions %+v", evs)
		}
		refuse(t, g, 2, "land 5-5", engine.ErrIllegal)
	})
	t.Run("a party's three", func(t *testing.T) {
		g := toPlay(t)
		landOn(t, g, 0, "4-1", "info")
		landOn(t, g, 0, "4-2", "info")
		landOn(t, g, 2, "4-3", "info")
		if k := refuse(t, g, 2, "party Ben", engine.ErrIllegal); k != "sr.err.party_base" {
			t.Errorf("party with a base player = %s", k)
		}
		if k := refuse(t, g, 2, "party Chika", engine.ErrIllegal); k != "sr.err.self" {
			t.Errorf("party with oneself = %s", k)
		}
		apply(t, g, 3, "party Eri")
		if k := refuse(t, g, 4, "party Aki", engine.ErrIllegal); k != "sr.err.party_partner" {
			t.Errorf("a partner adds = %s", k)
		}
		if k := refuse(t, g, 2, "party Dai", engine.ErrIllegal); k != "sr.err.in_party" {
			t.Errorf("party with a partner = %s", k)
		}
		apply(t, g, 4, "leave")
		if p := pub(g).Players; p[3].Leader != -1 || p[4].Leader != -1 {
			t.Errorf("a party of one remains: %+v %+v", p[3].Leader, p[4].Leader)
		}
		evs := apply(t, g, 2, "party Aki")
		if e := find(evs, "sr.ev.planet_end.party"); len(e) != 1 || e[0].Args["players"] != "Chika, Aki" || g.stage != HubStage {
			t.Fatalf("SR-21: events %+v", evs)
		}
		if p := pub(g).Players; !p[0].FreeEntry || !p[2].FreeEntry || p[3].FreeEntry || p[0].Leader != -1 {
			t.Errorf("SR-21: the party comes in freely, and is dissolved: %+v", p[:4])
		}
	})
	t.Run("every planet card open", func(t *testing.T) {
		for seed := uint64(0); seed < 40; seed++ {
			g := toPlay(t)
			r := engine.NewRand(seed)
			var last []engine.Event
			for g.stage == PlanetStage {
				if g.pendingAmbush() >= 0 {
					last = apply(t, g, 1, "stay")
					continue
				}
				// The player with the fewest information cards lands.
				best := engine.Seat(0)
				for s := engine.Seat(2); s < 7; s++ {
					if g.info[s] < g.info[best] {
						best = s
					}
				}
				ch := withPrefix(g.Legal(best), "land ")
				last = apply(t, g, best, ch[r.IntN(len(ch))])
				if err := stateOK(g); err != nil {
					t.Fatal(err)
				}
			}
			if len(find(last, "sr.ev.planet_end.open")) == 1 {
				return
			}
		}
		t.Fatalf("SR-21: no seed opened every card")
	})
	t.Run("every non-base character dead", func(t *testing.T) {
		g := toPlay(t)
		var evs []engine.Event
		for _, n := range []string{"Aki", "Chika", "Dai", "Eri", "Fumi", "Gen"} {
			if g.stage != PlanetStage {
				t.Fatalf("SR-21: the phase ended before %s died", n)
			}
			evs = apply(t, g, 1, "dies "+n)
		}
		if len(find(evs, "sr.ev.planet_end.dead")) != 1 || g.stage != HubStage {
			t.Errorf("SR-21: events %+v", evs)
		}
	})
	t.Run("physical board", func(t *testing.T) {
		cfg := players(7)
		cfg.Board = PhysicalBoard
		g := toBoard(t, cfg)
		if k := refuse(t, g, 0, "info Zed", engine.ErrNotation); k != "sr.err.no_such_player" {
			t.Errorf("info Zed = %s", k)
		}
		for i := 0; i < 2; i++ {
			apply(t, g, 3, "info Aki")
		}
		apply(t, g, 3, "info Chika")
		if g.stage != PlanetStage || pub(g).Players[0].Info != 2 {
			t.Fatalf("SR-21: stage %v", g.stage)
		}
		evs := apply(t, g, 0, "party Chika")
		if len(find(evs, "sr.ev.planet_end.party")) != 1 || g.stage != BaseStage {
			t.Errorf("SR-21 physical: events %+v", evs)
		}
		if len(find(evs, "sr.do.hubs_physical")) != 1 || len(find(evs, "sr.do.identity_cards_physical")) != 1 || pub(g).Base != nil || len(pub(g).Hubs) != Hubs {
			t.Errorf("SR-25 physical: events %+v", evs)
		}
		// The table's word ends it too.
		h := toBoard(t, cfg)
		evs = apply(t, h, 4, "end planet")
		if len(find(evs, "sr.ev.planet_end.table")) != 1 || h.stage != BaseStage {
			t.Errorf("end planet: %+v", evs)
		}
		if k := refuse(t, toPlay(t), 0, "end planet", engine.ErrIllegal); k != "sr.err.board_virtual" {
			t.Errorf("end planet on a virtual board = %s", k)
		}
	})
}

// SR-22, in play: a base player's dealt information cards stay hidden
// until, with those drawn in play, they make three.
func TestSR22BaseInformationInPlay(t *testing.T) {
	g := toPlay(t)
	rigHand(t, g, 1, "info", "battle", "clone")
	landOn(t, g, 1, "5-1", "info")
	if p := pub(g).Players[1]; p.Info != 1 || p.InfoShown != 0 || g.stage != PlanetStage {
		t.Fatalf("SR-22: one hidden and one drawn: %+v, stage %v", p, g.stage)
	}
	h := toPlay(t)
	rigHand(t, h, 1, "info", "info", "clone")
	evs := landOn(t, h, 1, "5-1", "info")
	if e := find(evs, "sr.ev.info_hidden_shown"); len(e) != 1 || e[0].Args["n"] != "2" || !e[0].Reveal || !e[0].IsPublic() {
		t.Errorf("SR-22: events %+v", evs)
	}
	if p := pub(h).Players[1]; p.Info != 3 || p.InfoShown != 2 || h.stage != HubStage || len(find(evs, "sr.ev.planet_end.base_info")) != 1 {
		t.Errorf("SR-22: %+v, stage %v", p, h.stage)
	}
}

// SR-23
func TestSR23DealtIdentityCardsWaitForTheEnd(t *testing.T) {
	endPlanet := func(t *testing.T, g *Game) []engine.Event {
		landOn(t, g, 0, "4-1", "info")
		landOn(t, g, 0, "4-2", "info")
		return landOn(t, g, 0, "4-3", "info")
	}
	g := toPlay(t)
	castOff(t, g, seven...)
	rigHand(t, g, 1, "reveal-self", "reveal-other", "clone")
	if got := withPrefix(g.Legal(1), "use "); !reflect.DeepEqual(got, []string{"use clone"}) {
		t.Errorf("SR-23: Ben may use %v during the planet phase", got)
	}
	evs := endPlanet(t, g)
	if e := find(evs, "sr.ev.dealt_identity"); len(e) != 2 || !e[0].Reveal {
		t.Errorf("SR-23: events %+v", evs)
	}
	if p := pub(g).Players[1]; !p.Exposed || p.Character == nil || p.Character.ID != "riot" || p.PlanetCards != 1 {
		t.Errorf("SR-23: Ben %+v", p)
	}
	if e := find(evs, "sr.do.reveal_other"); len(e) != 1 || e[0].Args["player"] != "Ben" {
		t.Errorf("SR-23: someone's identity revealed %+v", evs)
	}
	// Dead when the phase ends: used when he comes back to life.
	h := toPlay(t)
	rigHand(t, h, 1, "reveal-self", "battle", "clone")
	apply(t, h, 0, "dies Ben")
	evs = endPlanet(t, h)
	if len(find(evs, "sr.ev.dealt_identity")) != 0 || h.exposed[1] {
		t.Errorf("SR-23: used while dead: %+v", evs)
	}
	evs = apply(t, h, 0, "revives Ben")
	if len(find(evs, "sr.ev.dealt_identity_revived")) != 1 || !h.exposed[1] {
		t.Errorf("SR-23: not used on coming back: %+v", evs)
	}
	if err := stateOK(h); err != nil {
		t.Error(err)
	}
}

// SR-24
func TestSR24AmbushOwnerChoosesPrivately(t *testing.T) {
	g := toPlay(t)
	evs := apply(t, g, 0, "land 1-1")
	if err := eventsOK(g, evs); err != nil {
		t.Fatal(err)
	}
	if e := find(evs, "sr.ev.land_ambush"); len(e) != 1 || !e[0].IsPublic() || e[0].Args["card"] != "A" || e[0].Args["owner"] != "Ben" {
		t.Errorf("SR-24: public event %+v", evs)
	}
	if e := find(evs, "sr.pv.ambush_opened"); len(e) != 1 || !reflect.DeepEqual(e[0].To, []engine.Seat{1}) {
		t.Errorf("SR-24: the owner is not told privately: %+v", evs)
	}
	want := []string{"appear 1", "appear 2", "appear 3", "appear 4", "appear 5", "appear 6", "stay"}
	var got []string
	for _, c := range g.Legal(1) {
		if a := string(c.Action); strings.HasPrefix(a, "appear") || a == "stay" {
			got = append(got, a)
			// Everyone was told whose ambush it is and that its owner
			// decides: the buttons give nothing away, and stay in view
			// on the owner's phone (the decision first).
			if !c.Public {
				t.Errorf("SR-24: %s is not public", a)
			}
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("SR-24: Ben may %v, want %v", got, want)
	}
	if got := withPrefix(g.Legal(0), "appear"); len(got) != 0 {
		t.Errorf("SR-24: Aki may %v", got)
	}
	if p := pub(g); p.Ambushes[0].State != "asked" || p.Status.Key != "sr.st.ambush" {
		t.Errorf("SR-24: public view %+v %v", p.Ambushes[0], p.Status)
	}
	if k := refuse(t, g, 2, "land 5-5", engine.ErrIllegal); k != "sr.err.ambush_pending" {
		t.Errorf("land while the owner decides = %s", k)
	}
	if k := refuse(t, g, 0, "appear 3", engine.ErrIllegal); k != "sr.err.not_ambush_owner" {
		t.Errorf("SR-24: Aki answers Ben's ambush: %s, want sr.err.not_ambush_owner", k)
	}
	refuse(t, g, 1, "appear", engine.ErrIllegal) // real dice: the die is entered
	evs = apply(t, g, 1, "appear 5")
	if e := find(evs, "sr.ev.appear"); len(e) != 1 || e[0].Args["henchmen"] != "2" || !e[0].IsPublic() {
		t.Errorf("SR-24: appear %+v", evs)
	}
	if a := pub(g).Ambushes[0]; a.State != "appeared" || a.Die != 5 || a.Henchmen != 2 {
		t.Errorf("SR-24: %+v", a)
	}
	apply(t, g, 2, "land 1-2")
	apply(t, g, 1, "stay")
	if a := pub(g).Ambushes[1]; a.State != "stayed" {
		t.Errorf("SR-24: %+v", a)
	}
	// The henchman die: 1–2 none, 3–4 one, 5–6 two; with virtual dice the
	// tool rolls it publicly.
	for seed := uint64(0); seed < 20; seed++ {
		h := toBoard(t, Config{Players: players(7).Players, Dice: VirtualDice})
		h.rng = engine.NewRand(seed)
		apply(t, h, 3, "land 1-2")
		evs := apply(t, h, 1, "appear")
		e := find(evs, "sr.ev.appear")
		if len(e) != 1 || !e[0].Random {
			t.Fatalf("SR-24: virtual appear %+v", evs)
		}
		d := h.henchDie[1]
		if want := map[int]string{1: "0", 2: "0", 3: "1", 4: "1", 5: "2", 6: "2"}[d]; e[0].Args["henchmen"] != want {
			t.Errorf("SR-24: die %d gives %s henchmen", d, e[0].Args["henchmen"])
		}
	}
	// A dead owner does not appear.
	h := toPlay(t)
	apply(t, h, 0, "dies Ben")
	evs = apply(t, h, 0, "land 1-1")
	if len(find(evs, "sr.ev.ambush_owner_dead")) != 1 || h.pendingAmbush() >= 0 {
		t.Errorf("SR-24: dead owner %+v", evs)
	}
	// Physical board: the table enters the opened ambush.
	cfg := players(7)
	cfg.Board = PhysicalBoard
	p := toBoard(t, cfg)
	evs = apply(t, p, 3, "sprung B")
	if len(find(evs, "sr.pv.ambush_opened")) != 1 || p.pendingAmbush() != 1 {
		t.Errorf("SR-24 physical: %+v", evs)
	}
	apply(t, p, 1, "stay")
	if k := refuse(t, p, 3, "sprung B", engine.ErrIllegal); k != "sr.err.ambush_opened" {
		t.Errorf("sprung twice = %s", k)
	}
}

// toBase ends the planet phase of a toPlay game with Aki's three
// information cards (so Aki is in the base) and cast characters.
func toBase(t *testing.T, g *Game) {
	t.Helper()
	landOn(t, g, 0, "4-1", "info")
	landOn(t, g, 0, "4-2", "info")
	landOn(t, g, 0, "4-3", "info")
	if g.stage != HubStage {
		t.Fatalf("stage %v", g.stage)
	}
}

// SR-25
func TestSR25SecretBaseHubs(t *testing.T) {
	g := toPlay(t)
	toBase(t, g)
	p := pub(g)
	if len(p.Base) != BaseSquares || len(p.Hubs) != Hubs || p.Stage != "hubs" {
		t.Fatalf("SR-25: %d squares, hubs %+v", len(p.Base), p.Hubs)
	}
	if got := withPrefix(g.Legal(1), "hub "); len(got) != BaseSquares || got[0] != "hub command 1-1" {
		t.Errorf("SR-25: Ben may place %v", got)
	}
	if got := withPrefix(g.Legal(0), "hub "); len(got) != 0 {
		t.Errorf("SR-25: Aki may place %v", got)
	}
	if k := refuse(t, g, 0, "hub command 1-1", engine.ErrIllegal); k != "sr.err.hub_base_only" {
		t.Errorf("SR-25: a non-base player places a hub: %s, want sr.err.hub_base_only", k)
	}
	if k := refuse(t, g, 1, "hub energy 2-2", engine.ErrIllegal); k != "sr.err.hub_order" {
		t.Errorf("hubs out of order = %s", k)
	}
	evs := apply(t, g, 1, "hub command 2-3")
	if err := eventsOK(g, evs); err != nil {
		t.Fatal(err)
	}
	if e := find(evs, "sr.pv.hub"); len(e) != 1 || !reflect.DeepEqual(e[0].To, []engine.Seat{1}) {
		t.Errorf("SR-25: the hub's square told to %+v", evs)
	}
	if k := refuse(t, g, 1, "hub lab 2-3", engine.ErrIllegal); k != "sr.err.hub_same" {
		t.Errorf("two hubs on a square = %s", k)
	}
	if v := view(g, 1); v.Base[square(t, "2-3")].Hub == nil || v.Hubs[0].Square != "2-3" {
		t.Errorf("SR-25: Ben does not see his hub: %+v", v.Hubs[0])
	}
	for _, s := range []engine.Seat{engine.Public, 0, 2} {
		j := seatJSON(g, s)
		if strings.Contains(j, `"hub":{`) || strings.Contains(j, `"square":"2-3","open"`) && strings.Contains(j, "command") && strings.Contains(j, `"placed":true,"square"`) {
			t.Errorf("SR-25: seat %d sees the hub", s)
		}
		if v, ok := g.View(s).(View); ok && v.Hubs[0].Square != "" {
			t.Errorf("SR-25: seat %d sees the hub's square", s)
		}
	}
	apply(t, g, 1, "hub lab 1-1")
	apply(t, g, 1, "hub computer 1-2")
	evs = apply(t, g, 1, "hub energy 6-6")
	if g.stage != BaseStage || len(find(evs, "sr.ev.base_start")) != 1 {
		t.Errorf("SR-25: after four hubs stage %v", g.stage)
	}
	if err := stateOK(g); err != nil {
		t.Fatal(err)
	}
	// A square opens, for everyone, when a non-base player stops on it.
	evs = apply(t, g, 0, "open 1-1")
	if e := find(evs, "sr.ev.open"); len(e) != 1 || !e[0].IsPublic() || e[0].Args["card"] != "@sr.kmc.base.lab" {
		t.Errorf("SR-25: open %+v", evs)
	}
	if sv := pub(g).Base[0]; !sv.Open || sv.Card == nil || !sv.Card.Hub || pub(g).Hubs[1].Square != "1-1" {
		t.Errorf("SR-25: open hub square %+v", sv)
	}
	if k := refuse(t, g, 1, "open 3-3", engine.ErrIllegal); k != "sr.err.base_no_open" {
		t.Errorf("open by a base player = %s", k)
	}
	if k := refuse(t, g, 2, "open 3-3", engine.ErrIllegal); k != "sr.err.not_entered" {
		t.Errorf("open before entering = %s", k)
	}
	if k := refuse(t, g, 0, "open 1-1", engine.ErrIllegal); k != "sr.err.square_open" {
		t.Errorf("open twice = %s", k)
	}
}

// placeHubs puts the hubs on row 1, columns 1–4.
func placeHubs(t *testing.T, g *Game) {
	t.Helper()
	for i, id := range []string{"command", "lab", "computer", "energy"} {
		apply(t, g, 1, "hub "+id+" 1-"+string(rune('1'+i)))
	}
}

// SR-26
func TestSR26Entry(t *testing.T) {
	g := toPlay(t)
	castOff(t, g, seven...)
	toBase(t, g)
	placeHubs(t, g)
	// Chika is Elmi (level 6) and holds no information card.
	if got := withPrefix(g.Legal(2), "enter "); len(got) != 7 || got[6] != "enter 6" {
		t.Errorf("SR-26: Chika may %v, want levels 0–6", got)
	}
	if k := refuse(t, g, 2, "enter 7", engine.ErrIllegal); k != "sr.err.level_high" {
		t.Errorf("enter above the level = %s", k)
	}
	if k := refuse(t, g, 0, "enter 3", engine.ErrIllegal); k != "sr.err.entered" {
		t.Errorf("Aki came in freely; enter = %s", k)
	}
	apply(t, g, 2, "enter 2")
	if got := withPrefix(g.Legal(2), "sum "); len(got) != 11 {
		t.Errorf("SR-26: entering the sum %v", got)
	}
	refuse(t, g, 2, "enter 2", engine.ErrIllegal)
	evs := apply(t, g, 2, "sum 3")
	if e := find(evs, "sr.ev.entry_failed"); len(e) != 1 || e[0].Args["need"] != "2" || pub(g).Players[2].Entered {
		t.Errorf("SR-26: 3 against 2: %+v", evs)
	}
	apply(t, g, 2, "enter 2")
	evs = apply(t, g, 2, "sum 3")
	if e := find(evs, "sr.ev.entry_ok"); len(e) != 1 || e[0].Args["need"] != "3" || !pub(g).Players[2].Entered || pub(g).Players[2].EntryTries != 2 {
		t.Errorf("SR-26: 3 against 2 + 1 try: %+v", evs)
	}
	if len(find(evs, "sr.do.entered")) != 1 {
		t.Errorf("SR-26: no instruction %+v", evs)
	}
	// A base player enters at a random square: the dice are entered here.
	if got := withPrefix(g.Legal(1), "enter "); len(got) != BaseSquares {
		t.Errorf("SR-26: Ben may %d squares", len(got))
	}
	if k := refuse(t, g, 1, "enter 3", engine.ErrIllegal); k != "sr.err.base_enters_random" {
		t.Errorf("base enter by level = %s", k)
	}
	evs = apply(t, g, 1, "enter 3-4")
	if e := find(evs, "sr.ev.base_entry"); len(e) != 1 || e[0].Args["row"] != "3" || e[0].Args["col"] != "4" || pub(g).Base[square(t, "3-4")].Open {
		t.Errorf("SR-26: base entry %+v", evs)
	}
	// Virtual dice: the tool rolls 2D6, and row and column.
	h := toBoard(t, Config{Players: players(7).Players, Dice: VirtualDice})
	toBase(t, h)
	placeHubs(t, h)
	evs = apply(t, h, 3, "enter 0")
	if e := append(find(evs, "sr.ev.entry_ok"), find(evs, "sr.ev.entry_failed")...); len(e) != 1 || !e[0].Random {
		t.Errorf("SR-26 virtual: %+v", evs)
	}
	evs = apply(t, h, 1, "enter")
	if e := find(evs, "sr.ev.base_entry"); len(e) != 1 || !e[0].Random {
		t.Errorf("SR-26 virtual base entry: %+v", evs)
	}
}

// SR-27
func TestSR27GoodDestroysHubs(t *testing.T) {
	g := toPlay(t)
	castOff(t, g, seven...) // Aki is Locke 1 (Good), Chika Elmi (Special)
	toBase(t, g)
	placeHubs(t, g)
	apply(t, g, 2, "enter 6")
	apply(t, g, 2, "sum 2")
	if got := withPrefix(g.Legal(2), "destroy "); len(got) != 0 {
		t.Errorf("SR-27: Elmi may %v", got)
	}
	if k := refuse(t, g, 0, "destroy command", engine.ErrIllegal); k != "sr.err.hub_not_open" {
		t.Errorf("destroy a closed hub = %s", k)
	}
	apply(t, g, 2, "open 1-1")
	if k := refuse(t, g, 2, "destroy command", engine.ErrIllegal); k != "sr.err.not_good" {
		t.Errorf("destroy by Elmi = %s", k)
	}
	if got := withPrefix(g.Legal(0), "destroy "); !reflect.DeepEqual(got, []string{"destroy command"}) {
		t.Errorf("SR-27: Locke may %v", got)
	}
	evs := apply(t, g, 0, "destroy command")
	if e := find(evs, "sr.ev.destroy"); len(e) != 1 || e[0].Args["n"] != "1" || !pub(g).Hubs[0].Destroyed || !pub(g).Base[0].Destroyed {
		t.Errorf("SR-27: %+v", evs)
	}
	if k := refuse(t, g, 0, "destroy command", engine.ErrIllegal); k != "sr.err.hub_destroyed" {
		t.Errorf("destroy twice = %s", k)
	}
	for i, id := range []string{"lab", "computer", "energy"} {
		apply(t, g, 0, "open 1-"+string(rune('2'+i)))
		evs = apply(t, g, 0, "destroy "+id)
	}
	if len(find(evs, "sr.end.hubs")) != 1 || g.phase != ConfirmPhase || endReasons[g.end] != "hubs" || !g.attrWon(0) || g.attrWon(1) {
		t.Errorf("SR-27: four destroyed: phase %v, events %+v", g.phase, evs)
	}
	// A converted E/G is Good; physical board: no square to open first.
	cfg := players(7)
	cfg.Board = PhysicalBoard
	h := toBoard(t, cfg)
	castOff(t, h, seven...)
	apply(t, h, 0, "end planet")
	if k := refuse(t, h, 3, "destroy lab", engine.ErrIllegal); k != "sr.err.not_good" {
		t.Errorf("destroy by Amazona = %s", k)
	}
	apply(t, h, 0, "converted Dai")
	apply(t, h, 3, "destroy lab")
	if !h.destroyed[1] {
		t.Errorf("SR-27: a converted E/G could not destroy")
	}
}

// The board notation reads as people type it.
func TestDecodeBoards(t *testing.T) {
	g := toPlay(t)
	for in, want := range map[string]string{
		"land 3-4": "land 3-4", "LAND 34": "land 3-4", "use Mirror of Laphnor Lv5": "use mirror5", "use ニケ": "use nike",
		"party ben": "party Ben", "leave": "leave", "appear": "appear", "appear 4": "appear 4", "stay": "stay", "info aki": "info Aki",
		"sprung b": "sprung B", "end planet": "end planet", "hub command 2-3": "hub command 2-3", "hub コンピュータ・ルーム 6/6": "hub computer 6-6",
		"hub Energy room 1-1": "hub energy 1-1", "enter 4": "enter 4", "enter": "enter", "enter 3-4": "enter 3-4", "sum 12": "sum 12",
		"open 6-6": "open 6-6", "destroy lab": "destroy lab", "destroy 研究室": "destroy lab", "destroy Computer room": "destroy computer",
	} {
		if got, err := g.Decode(0, in); err != nil || string(got) != want {
			t.Errorf("Decode(%q) = %q, %v, want %q", in, got, err, want)
		}
	}
	// A bare square is the square action the seat has now.
	if got, err := g.Decode(0, "3-4"); err != nil || got != "land 3-4" {
		t.Errorf("Decode(3-4) in the planet phase = %q, %v", got, err)
	}
	h := toPlay(t)
	toBase(t, h)
	for s, want := range map[engine.Seat]string{1: "hub command 2-3", 0: "hub command 2-3"} {
		if got, err := h.Decode(s, "2-3"); err != nil || string(got) != want {
			t.Errorf("Decode(%d, 2-3) placing hubs = %q, %v, want %q", s, got, err, want)
		}
	}
	placeHubs(t, h)
	for s, want := range map[engine.Seat]string{1: "enter 2-3", 0: "open 2-3"} {
		if got, err := h.Decode(s, "2-3"); err != nil || string(got) != want {
			t.Errorf("Decode(%d, 2-3) in the base = %q, %v, want %q", s, got, err, want)
		}
	}
	if _, err := newGame(t, players(6), 1).Decode(0, "3-4"); err == nil {
		t.Errorf("Decode(3-4) before play: nil error")
	}
	for _, in := range []string{"land", "land 7-1", "use", "use nothing", "party", "appear 7", "stay now", "sprung C", "hub command",
		"hub kitchen 1-1", "enter 3 4 5", "sum 1", "sum 13", "open 0-1", "destroy", "destroy kitchen", "leave now"} {
		if _, err := g.Decode(0, in); err == nil {
			t.Errorf("Decode(%q) = nil error", in)
		}
	}
}

// TestResampleRedrawsBoards: a Resample that kept the boards would pass
// the no-leak test trivially; it must redraw what the seat cannot see of
// them and keep what it can.
func TestResampleRedrawsBoards(t *testing.T) {
	g := toPlay(t)
	landOn(t, g, 0, "3-4", "mirror5")
	r := engine.NewRand(2)
	changed := func(g *Game, s engine.Seat, what func(h *Game) string) bool {
		for i := 0; i < 30; i++ {
			if what(g.Resample(s, r).(*Game)) != what(g) {
				return true
			}
		}
		return false
	}
	faceDown := func(h *Game) string {
		var out []int
		for sq, c := range h.planet {
			if !h.planetOpen[sq] && !slices.Contains(h.ambush[:], sq) {
				out = append(out, c)
			}
		}
		return fmt.Sprint(out)
	}
	amb := func(h *Game) string { return fmt.Sprint(h.ambush) }
	akiHand := func(h *Game) string { return fmt.Sprint(h.drawn[0]) }
	for _, tc := range []struct {
		name       string
		what       func(h *Game) string
		base, aki  bool // changes when resampled for Ben, for Aki
		publicView bool
	}{
		{"face-down planet squares", faceDown, true, true, true},
		{"ambush squares", amb, false, true, true},
		{"Aki's ability card", akiHand, true, false, true},
	} {
		if got := changed(g, 1, tc.what); got != tc.base {
			t.Errorf("Resample(Ben) changes %s: %v, want %v", tc.name, got, tc.base)
		}
		if got := changed(g, 0, tc.what); got != tc.aki {
			t.Errorf("Resample(Aki) changes %s: %v, want %v", tc.name, got, tc.aki)
		}
		if got := changed(g, engine.Public, tc.what); got != tc.publicView {
			t.Errorf("Resample(table) changes %s: %v, want %v", tc.name, got, tc.publicView)
		}
	}
	toBase(t, g)
	apply(t, g, 1, "hub command 2-3")
	hubs := func(h *Game) string { return fmt.Sprint(h.hubAt) }
	rooms := func(h *Game) string {
		var out []int
		for sq, c := range h.base {
			if !h.baseOpen[sq] && !slices.Contains(h.hubAt, sq) {
				out = append(out, c)
			}
		}
		return fmt.Sprint(out)
	}
	if changed(g, 1, hubs) || !changed(g, 0, hubs) || !changed(g, engine.Public, hubs) {
		t.Errorf("Resample keeps the hubs for the base player only: Ben %v, Aki %v", changed(g, 1, hubs), changed(g, 0, hubs))
	}
	if !changed(g, 1, rooms) || !changed(g, 0, rooms) {
		t.Errorf("Resample redraws the face-down secret base squares for everyone")
	}
}
