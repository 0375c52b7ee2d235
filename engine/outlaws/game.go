package outlaws

import (
	"strconv"
	"strings"

	"tablemaster/engine"
)

// The two seats: Red and Green (OL-1).
const (
	Red   engine.Seat = 0
	Green engine.Seat = 1
)

// ActionsPerTurn is OL-7's two actions a turn.
const ActionsPerTurn = 2

// Cameras is each player's camera markers at the start (OL-2).
const Cameras = 3

// Phase says what the game waits for.
type Phase uint8

// The phases.
const (
	Setup      Phase = iota // OL-4: both players arrange their cards
	Play                    // the player to move has actions left
	SaloonPick              // OL-7: a Saloon move, the two street slots
	SaloonPut               // OL-7: which card goes to the Saloon, which to each slot
	React                   // OL-32: the defender answers
	Over                    // OL-40
	MoveHow                 // OL-7: the two cards are up: swapped, or not
	Naming                  // OL-28, OL-29: the character named for the card pointed at
	MovePick                // OL-7: one card of a Move is up, the other to tap
)

var phaseNames = [...]string{"setup", "play", "saloon-pick", "saloon-put", "react", "over", "move-how", "naming", "move-pick"}

func (p Phase) String() string { return phaseNames[p] }

// Game is one game of Outlaws: Last Man Standing. It is changed only by
// Apply, which validates first and changes nothing on error.
type Game struct {
	cfg Config
	rng *engine.Rand

	street [2][Slots]Char
	saloon [2][2]Char
	placed [2][]Char // Setup: slots 1–8, then the Saloon, in order
	// laid: the player said the real cards lie as the phone showed them
	// ("Done laying"), or has acted in play since; until then the phone
	// keeps the street listed behind one tap.
	laid [2]bool

	restrained [2][NumChars]bool // OL-24
	camera     [2][NumChars]bool // OL-28: face up for good

	row   [Slots]Token // between the streets, slot i's pair
	stock []Token      // beyond slot 8; the top is the last
	held  [2][NumTokens]int
	spent [NumTokens]int // Bullets and Handcuffs used
	out   [NumTokens]int // tokens taken off by the tie-break (OL-41)

	cameras [2]int // camera markers in hand

	// shown: cards shown to everyone by the action under way or just
	// done, which go back face down after it (OL-11): the table screen
	// draws them face up until the next action begins.
	shown [2][Slots]bool

	phase   Phase
	turn    engine.Seat
	actions int // actions left in this turn
	turnNo  int

	// SaloonPick / SaloonPut: the Saloon card taken and the two slots
	// (salA -1 until the first is tapped); MovePick: the first slot
	// (salA); MoveHow: the two slots (salA, salB).
	salIdx, salA, salB int
	// Naming: the Journalist's or the Thief's slot and the one pointed at.
	nameKind       string
	nameAt, nameTo int
	// React: the attack waiting for the defender.
	pend *attack

	notes [2][]engine.Msg // what each player alone saw (checks, Scout)
	know  knowledge       // what each observer knows (knowledge.go)

	tiebreak bool
	outcome  engine.Outcome
}

// attack is an Assassin's or a Sheriff's action waiting for a reaction.
type attack struct {
	by   engine.Seat
	kind string // "shoot" or "arrest"
	at   int    // the attacker's card
	slot int    // the card targeted
}

var _ engine.Game = (*Game)(nil)
var _ engine.Resampler = (*Game)(nil)

// New starts a game: the tokens are shuffled now, laid once both streets
// are arranged; the start player is drawn then (OL-5, OL-6).
func New(cfg Config, seed uint64) *Game {
	g := &Game{cfg: cfg, rng: engine.NewRand(seed), cameras: [2]int{Cameras, Cameras}}
	for s := range 2 {
		g.held[s][Bullet], g.held[s][Handcuffs] = 1, 1
	}
	for t := Token(0); t < NumTokens; t++ {
		n := TokenCount[t]
		if t == Bullet || t == Handcuffs {
			n -= 2
		}
		for range n {
			g.stock = append(g.stock, t)
		}
	}
	g.rng.Shuffle(len(g.stock), func(i, j int) { g.stock[i], g.stock[j] = g.stock[j], g.stock[i] })
	for i := range g.row {
		g.row[i] = None
	}
	g.know.init()
	return g
}

// Config returns the table options.
func (g *Game) Config() Config { return g.cfg }

// Seats is 2.
func (g *Game) Seats() int { return 2 }

// Phase is what the game waits for.
func (g *Game) Phase() Phase { return g.phase }

// Turn is the seat to move (in Setup: the first still arranging or
// laying; in React: the defender).
func (g *Game) Turn() engine.Seat {
	if g.phase == Setup {
		if len(g.placed[0]) < 10 || !g.laid[0] {
			return Red
		}
		return Green
	}
	return g.turn
}

// Outcome tells whether the game is over and who won.
func (g *Game) Outcome() engine.Outcome {
	o := g.outcome
	o.Winners = append([]engine.Seat(nil), o.Winners...)
	return o
}

// Clone returns an independent copy. The lists that are only ever added
// to, never changed in place (the cards placed at setup, the notes), are
// shared, cut to their length: whichever game adds to one next, the other
// does not see it (a Clone is made for every redraw and bot playout).
func (g *Game) Clone() *Game {
	c := *g
	c.rng = g.rng.Clone()
	for s := range 2 {
		c.placed[s] = g.placed[s][:len(g.placed[s]):len(g.placed[s])]
		c.notes[s] = g.notes[s][:len(g.notes[s]):len(g.notes[s])]
	}
	c.stock = append([]Token(nil), g.stock...)
	if g.pend != nil {
		p := *g.pend
		c.pend = &p
	}
	c.know = g.know.clone()
	c.outcome.Winners = append([]engine.Seat(nil), g.outcome.Winners...)
	return &c
}

// find is the slot of s's character c, -1 if it is in the Saloon.
func (g *Game) find(s engine.Seat, c Char) int {
	for i, x := range g.street[s] {
		if x == c {
			return i
		}
	}
	return -1
}

// up reports whether s's card in slot i lies face up for everyone:
// restrained (OL-24) or under a camera marker (OL-28).
func (g *Game) up(s engine.Seat, i int) bool {
	c := g.street[s][i]
	return g.restrained[s][c] || g.camera[s][c]
}

// act is a decoded action.
type act struct {
	kind    string
	a, b, d int    // slots (0-based), the Saloon card's index; put: d the card for slot a
	c       Char   // a character named
	t       Token  // a token declared
	mode    string // shop: "swap" or "stock"
}

func (a act) String(g *Game) string {
	n := func(i int) string { return strconv.Itoa(i + 1) }
	switch a.kind {
	case "place":
		return "place " + a.c.Key()
	case "deal", "reset", "guard", "cancel", "let", "swap", "pretend":
		return a.kind
	case "move", "with":
		if a.b < 0 { // the first card tapped
			return a.kind + " " + n(a.a)
		}
		return a.kind + " " + n(a.a) + " " + n(a.b)
	case "dance", "journal", "thief":
		return a.kind + " " + n(a.a) + " " + n(a.b)
	case "name":
		return "name " + a.c.Key()
	case "saloon":
		return "saloon " + n(a.a)
	case "put":
		return "put " + a.c.Key() + " " + Char(a.d).Key()
	case "arrest":
		if a.b != a.a { // widened by the Mayor (OL-31)
			return "arrest " + n(a.a) + " " + n(a.b)
		}
		return "arrest " + n(a.a)
	case "check", "shoot", "release":
		return a.kind + " " + n(a.a)
	case "take":
		return "take " + n(a.a) + " " + a.t.Key()
	case "scout":
		if a.b != a.a {
			return "scout " + n(a.a) + " " + n(a.b)
		}
		return "scout " + n(a.a)
	case "shop":
		if a.mode == "stock" {
			return "shop " + n(a.a) + " stock " + strconv.Itoa(a.b+1)
		}
		return "shop " + n(a.a) + " swap " + n(a.b) + " " + n(a.d)
	}
	return a.kind
}

func illegal(key string, nv ...string) error {
	return engine.Errorf(engine.ErrIllegal, "outlaws", engine.M(key, nv...))
}

// Decode reads an action as a person types it.
func (g *Game) Decode(_ engine.Seat, text string) (engine.Action, error) {
	a, err := g.decode(text)
	if err != nil {
		return "", err
	}
	return engine.Action(a.String(g)), nil
}

func (g *Game) decode(text string) (act, error) {
	bad := func() (act, error) {
		return act{}, engine.Errorf(engine.ErrNotation, "outlaws", engine.M("ol.err.notation", "text", text))
	}
	f := strings.Fields(strings.ToLower(strings.TrimSpace(text)))
	if len(f) == 0 {
		return bad()
	}
	slot := func(s string) (int, bool) {
		n, err := strconv.Atoi(s)
		return n - 1, err == nil && n >= 1 && n <= Slots
	}
	a := act{kind: f[0]}
	switch {
	case len(f) == 1 && (a.kind == "deal" || a.kind == "reset" || a.kind == "guard" || a.kind == "cancel" || a.kind == "let" ||
		a.kind == "swap" || a.kind == "pretend" || a.kind == "laid"):
		return a, nil
	case len(f) == 2 && (a.kind == "place" || a.kind == "name"):
		c, ok := parseChar(f[1])
		if !ok {
			return bad()
		}
		a.c = c
		return a, nil
	case len(f) == 3 && (a.kind == "move" || a.kind == "dance" || a.kind == "with" || a.kind == "journal" || a.kind == "thief"):
		x, ok1 := slot(f[1])
		y, ok2 := slot(f[2])
		if !ok1 || !ok2 {
			return bad()
		}
		if x > y && (a.kind == "move" || a.kind == "with") { // "move 3 1" is "move 1 3"
			x, y = y, x
		}
		a.a, a.b = x, y
		return a, nil
	case len(f) == 2 && (a.kind == "move" || a.kind == "with"):
		x, ok := slot(f[1])
		if !ok {
			return bad()
		}
		a.a, a.b = x, -1
		return a, nil
	case len(f) == 2 && a.kind == "saloon":
		if f[1] != "1" && f[1] != "2" {
			return bad()
		}
		a.a = int(f[1][0] - '1')
		return a, nil
	case len(f) == 3 && a.kind == "put":
		c, ok1 := parseChar(f[1])
		d, ok2 := parseChar(f[2])
		if !ok1 || !ok2 {
			return bad()
		}
		a.c, a.d = c, int(d)
		return a, nil
	case len(f) == 2 && (a.kind == "check" || a.kind == "shoot" || a.kind == "arrest" || a.kind == "release" || a.kind == "scout"):
		x, ok := slot(f[1])
		if !ok {
			return bad()
		}
		a.a = x
		if a.kind == "scout" || a.kind == "arrest" {
			a.b = x
		}
		return a, nil
	case len(f) == 3 && (a.kind == "scout" || a.kind == "arrest"):
		x, ok1 := slot(f[1])
		y, ok2 := slot(f[2])
		if !ok1 || !ok2 {
			return bad()
		}
		a.a, a.b = x, y
		return a, nil
	case len(f) == 3 && a.kind == "take":
		x, ok1 := slot(f[1])
		t, ok2 := parseToken(f[2])
		if !ok1 || !ok2 {
			return bad()
		}
		a.a, a.t = x, t
		return a, nil
	case a.kind == "shop" && len(f) == 4 && f[2] == "stock":
		x, ok1 := slot(f[1])
		y, ok2 := slot(f[3])
		if !ok1 || !ok2 {
			return bad()
		}
		a.a, a.b, a.mode = x, y, "stock"
		return a, nil
	case a.kind == "shop" && len(f) == 5 && f[2] == "swap":
		x, ok1 := slot(f[1])
		y, ok2 := slot(f[3])
		z, ok3 := slot(f[4])
		if !ok1 || !ok2 || !ok3 {
			return bad()
		}
		if y > z {
			y, z = z, y
		}
		a.a, a.b, a.d, a.mode = x, y, z, "swap"
		return a, nil
	}
	return bad()
}
