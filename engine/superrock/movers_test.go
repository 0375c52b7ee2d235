package superrock

import (
	"reflect"
	"strings"
	"testing"

	"tablemaster/engine"
)

// moversAre checks whose move it is, and that the public view says so.
func moversAre(t *testing.T, g *Game, when string, move string, want ...engine.Seat) {
	t.Helper()
	got, m := g.Movers()
	if !reflect.DeepEqual(got, want) || m != move {
		t.Errorf("%s: Movers() = %v, %q, want %v, %q", when, got, m, want, move)
	}
	if v := pub(g); !reflect.DeepEqual(v.Movers, got) || v.Move != m {
		t.Errorf("%s: the public view says %v, %q, Movers() %v, %q", when, v.Movers, v.Move, got, m)
	}
}

// SR-17: the turn-order roll waits for the non-base players who still
// roll, never for the base player.
func TestMoversOrderRoll(t *testing.T) {
	g := toOrder(t, players(7)) // Ben (seat 1) is the base player
	moversAre(t, g, "SR-17 before the roll", MoveOrder, 0, 2, 3, 4, 5, 6)
	apply(t, g, 0, "rolled 3")
	moversAre(t, g, "SR-17 after Aki rolled", MoveOrder, 2, 3, 4, 5, 6)
}

// SR-17, SR-20, SR-24: in the planet phase the non-base players land in
// turn from the starter; the turn follows whoever landed last (out of
// turn too), skips the dead, and waits for an opened ambush's owner.
func TestMoversPlanetPhase(t *testing.T) {
	g := toPlay(t) // Chika (seat 2) starts; Ben (seat 1) is the base player
	castOff(t, g, seven...)
	moversAre(t, g, "SR-17 start", MoveLand, 2)
	landOn(t, g, 2, "2-1", "battle")
	moversAre(t, g, "after Chika landed", MoveLand, 3)
	landOn(t, g, 5, "2-2", "battle") // Fumi out of turn
	moversAre(t, g, "after Fumi landed out of turn", MoveLand, 6)
	landOn(t, g, 6, "2-3", "battle")
	moversAre(t, g, "after Gen landed: round the table past the base player", MoveLand, 0)
	landOn(t, g, 1, "2-4", "battle") // the base player lands
	moversAre(t, g, "after Ben landed", MoveLand, 2)
	apply(t, g, 0, "dies Chika")
	moversAre(t, g, "Chika is dead", MoveLand, 3)
	apply(t, g, 3, "land 1-1") // ambush A, Ben's (toOrder hid it there)
	moversAre(t, g, "SR-24 ambush A open", MoveAppear, 1)
	apply(t, g, 1, "stay")
	moversAre(t, g, "SR-24 Ben stayed away", MoveLand, 4)
}

// SR-25, SR-26: the base players place the hubs; then every player in
// turn order enters, one roll a turn (with real dice: declared, then the
// sum), and those inside open squares.
func TestMoversSecretBase(t *testing.T) {
	g := toPlay(t)
	castOff(t, g, seven...)
	toBase(t, g) // Aki came in with three information cards
	moversAre(t, g, "SR-25 hubs", MoveHubs, 1)
	placeHubs(t, g)
	moversAre(t, g, "SR-26 the starter enters first", MoveEnter, 2)
	apply(t, g, 2, "enter 0")
	moversAre(t, g, "SR-26 declared, the sum to come", MoveEnter, 2)
	apply(t, g, 2, "sum 12")
	moversAre(t, g, "SR-26 Chika failed", MoveEnter, 3)
	for s := engine.Seat(3); s <= 6; s++ {
		apply(t, g, s, "enter 0")
		apply(t, g, s, "sum 12")
	}
	moversAre(t, g, "Aki, inside, opens a square", MoveBaseTurn, 0)
	apply(t, g, 0, "open 6-6")
	moversAre(t, g, "round again, the base player still outside", MoveEnter, 1)
}

// SR-23: a dealt card played at the phase's end is told as played by
// the phase's end, not as the player's act.
func TestDealtIdentityTold(t *testing.T) {
	for key, want := range map[string]string{
		"sr.ev.dealt_identity":         "At the end of the planet phase, Ben's dealt card Own identity exposed is played.",
		"sr.ev.dealt_identity_revived": "Ben is alive again after the planet phase, so the dealt card Own identity exposed is played.",
	} {
		m := engine.M(key, "player", "Ben", "card", "@sr.kmc.planet.reveal-self")
		if got := engine.EN.Text(m); got != want {
			t.Errorf("%s = %q, want %q", key, got, want)
		}
		if ja := engine.JA.Text(m); !strings.Contains(ja, "Benさんに配られた") && !strings.Contains(ja, "配られた「") {
			t.Errorf("%s (ja) = %q", key, ja)
		}
	}
}
