package superrock

import (
	"slices"
	"strconv"
	"strings"

	"tablemaster/engine"
)

// Stage is where play stands on the boards (SR-20 … SR-27). The victory
// declarations and identity events of play.go go on in every stage.
type Stage uint8

// The stages of play, in order.
const (
	NoStage     Stage = iota // the preparation
	PlanetStage              // SR-20 … SR-24: the planet phase
	HubStage                 // SR-25: the base players place the hubs (virtual board)
	BaseStage                // SR-25 … SR-27: the secret base phase
)

var stageNames = [...]string{"", "planet", "hubs", "base"}

func (s Stage) String() string { return stageNames[s] }

// The answers an ambush owner gives (SR-24).
const (
	ambushHidden = iota // not opened
	ambushAsked         // opened: the owner is asked
	ambushAppeared
	ambushStayed
	ambushNoOwner // opened while its owner was dead: nobody appears
)

// board is the state of the planet and secret base boards.
type board struct {
	stage Stage

	// SR-20, virtual board: the planet card on each square (index into
	// data.PlanetCards, the ambushes included), -1 when none lies there
	// (an ability card taken into a hand, or a square the deck could not
	// fill). nil until the board is laid.
	planet     []int
	planetOpen []bool
	planetBy   []engine.Seat // who opened each square, -1
	// drawn: per seat, the ability cards taken from the board, hidden.
	drawn [][]int
	// used: planet cards that left a hand face up (SR-20, SR-23), in order.
	used []int
	// info: per seat, the information cards laid face up in front of the
	// player (SR-21); for a base player only those drawn in play (SR-22).
	info []int
	// leader: per seat, the leader of the player's party, -1 for none (SR-21).
	leader []engine.Seat

	// SR-24: the state of each ambush (ambushHidden …) and the henchman die.
	ambushState [2]int
	henchDie    [2]int

	planetEnd *engine.Msg // why the planet phase ended (SR-21, SR-22)
	// revealDue: SR-23, a base player's dealt identity cards were used.
	revealDue []bool

	// SR-25, virtual board: the secret base card on each square (index
	// into data.BaseCards), the cards not laid or replaced by a hub, and
	// each hub's square (-1 before it is placed).
	base     []int
	baseOpen []bool
	baseBy   []engine.Seat
	baseDeck []int
	hubAt    []int
	// destroyed: per hub, both boards (SR-27).
	destroyed []bool

	// SR-26: who is in the secret base, how often they tried, the level a
	// player declared for a roll still to be entered (physical dice, -1),
	// and who came in without a roll (information cards, chapter 7.3.1).
	entered  []bool
	tries    []int
	declared []int
	free     []bool

	// lastTurn is who took the last turn of the current stage (a landing,
	// an entry roll, an opened square), -1 before the first: the next
	// mover follows from it (Movers).
	lastTurn engine.Seat
}

func newBoard(n int) board {
	b := board{drawn: make([][]int, n), info: make([]int, n), leader: make([]engine.Seat, n), revealDue: make([]bool, n),
		destroyed: make([]bool, Hubs), entered: make([]bool, n), tries: make([]int, n), declared: fill(n, -1), free: make([]bool, n),
		hubAt: fill(Hubs, -1), lastTurn: -1}
	for i := range b.leader {
		b.leader[i] = -1
	}
	return b
}

func (b board) clone() board {
	c := b
	c.planet, c.planetOpen, c.planetBy = slices.Clone(b.planet), slices.Clone(b.planetOpen), slices.Clone(b.planetBy)
	c.drawn, c.used, c.info, c.leader = cloneRows(b.drawn), slices.Clone(b.used), slices.Clone(b.info), slices.Clone(b.leader)
	c.revealDue = slices.Clone(b.revealDue)
	c.base, c.baseOpen, c.baseBy, c.baseDeck = slices.Clone(b.base), slices.Clone(b.baseOpen), slices.Clone(b.baseBy), slices.Clone(b.baseDeck)
	c.hubAt, c.destroyed = slices.Clone(b.hubAt), slices.Clone(b.destroyed)
	c.entered, c.tries, c.declared, c.free = slices.Clone(b.entered), slices.Clone(b.tries), slices.Clone(b.declared), slices.Clone(b.free)
	return c
}

// Stage is where play stands on the boards; NoStage during the preparation.
func (g *Game) Stage() Stage { return g.stage }

// ambushCards are the indexes into data.PlanetCards of ambush A and B.
func (g *Game) ambushCards() [2]int {
	var out [2]int
	k := 0
	for i, c := range g.data.PlanetCards {
		if c.Kind == Ambush && k < 2 {
			out[k] = i
			k++
		}
	}
	return out
}

func (g *Game) virtual() bool { return g.cfg.Board == VirtualBoard }

// publicInfo is how many information cards lie face up in front of s:
// drawn in play, and a base player's dealt ones once shown (SR-21, SR-22).
func (g *Game) publicInfo(s engine.Seat) int { return g.info[s] + g.infoShown[s] }

// boardKind says whether kind is an action on the boards. (A switch,
// not a map: check asks for every candidate, and hashing the kind cost
// more than comparing it.)
func boardKind(kind string) bool {
	switch kind {
	case "land", "use", "party", "leave", "appear", "stay", "info", "sprung", "endplanet", "hub", "enter", "enterbase",
		"enterat", "sum", "open", "destroy":
		return true
	}
	return false
}

func (a act) boardString(g *Game) string {
	switch a.kind {
	case "land", "open", "enterat":
		k := a.kind
		if k == "enterat" {
			k = "enter"
		}
		return k + " " + SquareName(a.n)
	case "use":
		return "use " + g.data.PlanetCards[a.n].ID
	case "party", "info":
		return a.kind + " " + g.name(engine.Seat(a.n))
	case "appear":
		if a.n == 0 {
			return "appear"
		}
		return "appear " + strconv.Itoa(a.n)
	case "sprung":
		return "sprung " + AmbushNames[a.card]
	case "endplanet":
		return "end planet"
	case "hub":
		return "hub " + g.hub(a.card).ID + " " + SquareName(a.n)
	case "enter", "sum":
		return a.kind + " " + strconv.Itoa(a.n)
	case "enterbase":
		return "enter"
	case "destroy":
		return "destroy " + g.hub(a.card).ID
	}
	return a.kind
}

// hub is the i-th hub card, in the order they are placed.
func (g *Game) hub(i int) BaseCard { return g.data.BaseCards[g.hubs[i]] }

func (g *Game) decodeBoard(kind string, args []string, bad func() (act, error)) (act, error) {
	arg := strings.Join(args, " ")
	switch kind {
	case "leave", "stay":
		if len(args) != 0 {
			return bad()
		}
		return act{kind: kind}, nil
	case "land", "open":
		sq, ok := ParseSquare(strings.Join(args, "-"))
		if !ok {
			return bad()
		}
		return act{kind: kind, n: sq}, nil
	case "use":
		for i, c := range g.data.PlanetCards {
			if arg != "" && (strings.EqualFold(arg, c.ID) || arg == c.JA || strings.EqualFold(arg, c.EN)) {
				return act{kind: kind, n: i}, nil
			}
		}
		return bad()
	case "party", "info":
		s, ok := g.seat(arg)
		if !ok {
			return act{}, engine.Errorf(engine.ErrNotation, "superrock", engine.M("sr.err.no_such_player",
				"text", arg, "players", engine.Names(g.cfg.Players)))
		}
		return act{kind: kind, n: int(s)}, nil
	case "appear":
		if len(args) == 0 {
			return act{kind: kind}, nil
		}
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 || n > 6 {
			return bad()
		}
		return act{kind: kind, n: n}, nil
	case "sprung":
		for i, n := range AmbushNames {
			if strings.EqualFold(arg, n) {
				return act{kind: kind, card: i}, nil
			}
		}
		return bad()
	case "hub", "destroy":
		name, sq, ok := arg, 0, true
		if kind == "hub" {
			if len(args) < 2 {
				return bad()
			}
			name = strings.Join(args[:len(args)-1], " ")
			sq, ok = ParseSquare(args[len(args)-1])
		}
		for i := range g.data.HubCards() {
			h := g.hub(i)
			if ok && name != "" && (strings.EqualFold(name, h.ID) || name == h.JA || strings.EqualFold(name, h.EN)) {
				return act{kind: kind, card: i, n: sq}, nil
			}
		}
		return bad()
	case "enter":
		if len(args) == 0 {
			return act{kind: "enterbase"}, nil
		}
		if len(args) != 1 {
			return bad()
		}
		if n, err := strconv.Atoi(arg); err == nil && len(arg) == 1 {
			return act{kind: kind, n: n}, nil
		}
		sq, ok := ParseSquare(arg)
		if !ok {
			return bad()
		}
		return act{kind: "enterat", n: sq}, nil
	case "sum":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 2 || n > 12 {
			return bad()
		}
		return act{kind: kind, n: n}, nil
	}
	return bad()
}

// squareShorthand reads a bare square ("3-4") as the one square action
// seat s has on the board now: land on the planet board, the next hub to
// place, a base player's entry square with real dice, open in the secret
// base. A phone's square picker sends just the square.
func (g *Game) squareShorthand(s engine.Seat, text string) (act, bool) {
	sq, ok := ParseSquare(text)
	if !ok || g.phase != PlayPhase || s < 0 || int(s) >= g.Seats() {
		return act{}, false
	}
	switch g.stage {
	case PlanetStage:
		return act{kind: "land", n: sq}, true
	case HubStage:
		for i, at := range g.hubAt {
			if at < 0 {
				return act{kind: "hub", card: i, n: sq}, true
			}
		}
	case BaseStage:
		if g.Base(s) {
			return act{kind: "enterat", n: sq}, true
		}
		return act{kind: "open", n: sq}, true
	}
	return act{}, false
}

// appendCandidatesBoard appends the board actions worth checking for
// seat s.
func (g *Game) appendCandidatesBoard(out []act, s engine.Seat) []act {
	n := g.Seats()
	squares := func(kind string) {
		for sq := 0; sq < BoardSquares; sq++ {
			out = append(out, act{kind: kind, n: sq})
		}
	}
	switch g.stage {
	case PlanetStage:
		if g.virtual() {
			squares("land")
		} else {
			for t := 0; t < n; t++ {
				out = append(out, act{kind: "info", n: t})
			}
			out = append(out, act{kind: "sprung", card: 0}, act{kind: "sprung", card: 1}, act{kind: "endplanet"})
		}
		for t := 0; t < n; t++ {
			out = append(out, act{kind: "party", n: t})
		}
		out = append(out, act{kind: "leave"})
		if g.cfg.Dice == VirtualDice {
			out = append(out, act{kind: "appear"})
		} else {
			for d := 1; d <= 6; d++ {
				out = append(out, act{kind: "appear", n: d})
			}
		}
		out = append(out, act{kind: "stay"})
	case HubStage:
		for i := range g.hubAt {
			if g.hubAt[i] < 0 {
				for sq := 0; sq < BaseSquares; sq++ {
					out = append(out, act{kind: "hub", card: i, n: sq})
				}
				break
			}
		}
	case BaseStage:
		if g.Base(s) {
			if g.cfg.Dice == VirtualDice {
				out = append(out, act{kind: "enterbase"})
			} else {
				squares("enterat")
			}
		} else if !g.entered[s] {
			if g.declared[s] >= 0 {
				for k := 2; k <= 12; k++ {
					out = append(out, act{kind: "sum", n: k})
				}
			} else {
				for lv := 0; lv <= g.character(s).Level; lv++ {
					out = append(out, act{kind: "enter", n: lv})
				}
			}
		}
		if g.virtual() && g.entered[s] && !g.Base(s) {
			squares("open")
		}
		for i := range g.destroyed {
			out = append(out, act{kind: "destroy", card: i})
		}
	}
	if g.virtual() {
		from := len(out)
		add := func(c int) {
			if g.data.PlanetCards[c].Kind != Ability {
				return
			}
			for _, a := range out[from:] {
				if a.n == c {
					return
				}
			}
			out = append(out, act{kind: "use", n: c})
		}
		for _, c := range g.hands[s] {
			add(c)
		}
		for _, c := range g.drawn[s] {
			add(c)
		}
	}
	return out
}

// choiceBoard fills in the words of a board choice.
func (g *Game) choiceBoard(a act, c *engine.Choice) {
	switch a.kind {
	case "land", "open", "enterat":
		// Short labels: the group says what the numbers are, and a phone
		// shows up to 36 of them (the page budget).
		c.Label = engine.M("sr.c.sq", "square", SquareName(a.n))
		c.Public = a.kind == "enterat"
	case "use":
		c.Label = engine.M("sr.c.card", "card", "@"+g.data.PlanetCards[a.n].NameKey())
	case "party", "info":
		c.Label = engine.M("sr.c.player", "player", g.name(engine.Seat(a.n)))
		c.Public = true
	case "leave", "endplanet", "sum", "enterbase":
		c.Public = true
		if a.kind == "sum" {
			c.Label = engine.M("sr.c.rolled", "n", strconv.Itoa(a.n))
		}
	case "sprung":
		c.Label = engine.M("sr.c.sprung", "card", AmbushNames[a.card])
		c.Public = true
	case "appear", "stay":
		// Everyone knows whose ambush it is and that its owner decides
		// (SR-24): the question stays in view on the owner's phone.
		c.Public = true
		if a.kind == "appear" && a.n > 0 {
			c.Label = engine.M("sr.c.rolled", "n", strconv.Itoa(a.n))
			c.Group = engine.M("sr.g.appear_die")
		}
	case "hub":
		c.Group = engine.M("sr.g.hub", "hub", "@"+g.hub(a.card).NameKey())
		c.Label = engine.M("sr.c.sq", "square", SquareName(a.n))
	case "enter":
		c.Label = engine.M("sr.c.level", "n", strconv.Itoa(a.n))
	case "destroy":
		c.Label = engine.M("sr.c.card", "card", "@"+g.hub(a.card).NameKey())
	}
}

func (g *Game) hasCard(s engine.Seat, card int) bool {
	return slices.Contains(g.hands[s], card) || slices.Contains(g.drawn[s], card)
}

// stageOf is the stage in which a board action is taken; "use" (ok
// false) goes with every stage.
func stageOf(kind string) (st Stage, ok bool) {
	switch kind {
	case "land", "party", "leave", "appear", "stay", "info", "sprung", "endplanet":
		return PlanetStage, true
	case "hub":
		return HubStage, true
	case "enter", "enterbase", "enterat", "sum", "open", "destroy":
		return BaseStage, true
	}
	return 0, false
}

// virtualOnly and physicalOnly are the board actions of one board mode
// only (SR-20).
func virtualOnly(kind string) bool {
	switch kind {
	case "land", "use", "hub", "open":
		return true
	}
	return false
}

func physicalOnly(kind string) bool {
	switch kind {
	case "info", "sprung", "endplanet":
		return true
	}
	return false
}

// checkBoard says why a board action cannot be taken now, or nil. The
// phase is already PlayPhase.
func (g *Game) checkBoard(s engine.Seat, a act, w why) error {
	if st, ok := stageOf(a.kind); ok && g.stage != st {
		return w.no("sr.err.wrong_stage", "action", w.verb(a.kind), "stage", w.at("sr.stage.", g.stage.String()))
	}
	if virtualOnly(a.kind) && !g.virtual() {
		return w.no("sr.err.board_physical")
	}
	if physicalOnly(a.kind) && g.virtual() {
		return w.no("sr.err.board_virtual")
	}
	if (a.kind == "appear" && a.n > 0 || a.kind == "enterat") && g.cfg.Dice == VirtualDice {
		return w.no("sr.err.virtual_dice")
	}
	if (a.kind == "appear" && a.n == 0 || a.kind == "enterbase") && g.cfg.Dice == PhysicalDice {
		return w.no("sr.err.enter_roll")
	}
	t := engine.Seat(a.n)
	alive := func(x engine.Seat) error {
		if g.dead[x] {
			return w.no("sr.err.dead", "player", g.name(x))
		}
		return nil
	}
	pending := -1
	for k, st := range g.ambushState {
		if st == ambushAsked {
			pending = k
		}
	}
	switch a.kind {
	case "land": // SR-20
		if err := alive(s); err != nil {
			return err
		}
		if pending >= 0 {
			return w.no("sr.err.ambush_pending", "card", AmbushNames[pending], "owner", g.name(g.ambushOwner[pending]))
		}
		if g.planetOpen[a.n] {
			return w.no("sr.err.square_open", "square", w.square(a.n))
		}
	case "use":
		if g.data.PlanetCards[a.n].Kind != Ability {
			return w.no("sr.err.not_ability", "card", w.at("", g.data.PlanetCards[a.n].NameKey()))
		}
		if !g.hasCard(s, a.n) {
			return w.no("sr.err.not_in_hand", "card", w.at("", g.data.PlanetCards[a.n].NameKey()))
		}
	case "party": // SR-21: the proposer leads
		if t == s {
			return w.no("sr.err.self")
		}
		for _, x := range []engine.Seat{s, t} {
			if err := alive(x); err != nil {
				return err
			}
			if g.Base(x) {
				return w.no("sr.err.party_base", "player", g.name(x))
			}
		}
		if g.leader[s] >= 0 && g.leader[s] != s {
			return w.no("sr.err.party_partner", "leader", g.name(g.leader[s]))
		}
		if g.leader[t] >= 0 {
			return w.no("sr.err.in_party", "player", g.name(t))
		}
		for _, m := range g.partyOf(s) {
			if g.sil(g.pick[m]).ID == g.sil(g.pick[t]).ID {
				return w.no("sr.err.party_silhouette", "player", g.name(t), "other", g.name(m))
			}
		}
	case "leave":
		if g.leader[s] < 0 {
			return w.no("sr.err.no_party")
		}
	case "info":
		if err := alive(t); err != nil {
			return err
		}
	case "endplanet":
		if pending >= 0 {
			return w.no("sr.err.ambush_pending", "card", AmbushNames[pending], "owner", g.name(g.ambushOwner[pending]))
		}
	case "sprung":
		if g.ambushState[a.card] != ambushHidden {
			return w.no("sr.err.ambush_opened", "card", AmbushNames[a.card])
		}
		if pending >= 0 {
			return w.no("sr.err.ambush_pending", "card", AmbushNames[pending], "owner", g.name(g.ambushOwner[pending]))
		}
	case "appear", "stay": // SR-24
		if pending < 0 {
			return w.no("sr.err.no_ambush_open")
		}
		if g.ambushOwner[pending] != s {
			return w.no("sr.err.not_ambush_owner", "card", AmbushNames[pending], "owner", g.name(g.ambushOwner[pending]))
		}
		if a.kind == "appear" {
			if err := alive(s); err != nil {
				return err
			}
		}
	case "hub": // SR-25
		if !g.Base(s) {
			return w.no("sr.err.hub_base_only")
		}
		for i := 0; i < a.card; i++ {
			if g.hubAt[i] < 0 {
				return w.no("sr.err.hub_order", "hub", w.at("", g.hub(i).NameKey()))
			}
		}
		if g.hubAt[a.card] >= 0 {
			return w.no("sr.err.hub_placed", "hub", w.at("", g.hub(a.card).NameKey()))
		}
		if slices.Contains(g.hubAt, a.n) {
			return w.no("sr.err.hub_same", "square", w.square(a.n))
		}
	case "enter", "sum", "enterbase", "enterat": // SR-26
		if err := alive(s); err != nil {
			return err
		}
		if (a.kind == "enter" || a.kind == "sum") == g.Base(s) {
			if g.Base(s) {
				return w.no("sr.err.base_enters_random")
			}
			return w.no("sr.err.not_base")
		}
		if g.entered[s] {
			return w.no("sr.err.entered")
		}
		switch a.kind {
		case "enter":
			if g.declared[s] >= 0 {
				return w.no("sr.err.enter_roll")
			}
			if a.n > g.character(s).Level {
				return w.no("sr.err.level_high", "n", strconv.Itoa(a.n), "level", strconv.Itoa(g.character(s).Level))
			}
		case "sum":
			if g.cfg.Dice == VirtualDice {
				return w.no("sr.err.virtual_dice")
			}
			if g.declared[s] < 0 {
				return w.no("sr.err.declare_first")
			}
		}
	case "open": // SR-25
		if err := alive(s); err != nil {
			return err
		}
		if g.Base(s) {
			return w.no("sr.err.base_no_open")
		}
		if !g.entered[s] {
			return w.no("sr.err.not_entered")
		}
		if g.baseOpen[a.n] {
			return w.no("sr.err.square_open", "square", w.square(a.n))
		}
	case "destroy": // SR-27
		if err := alive(s); err != nil {
			return err
		}
		if g.attr(s) != Good {
			return w.no("sr.err.not_good")
		}
		if g.destroyed[a.card] {
			return w.no("sr.err.hub_destroyed", "hub", w.at("", g.hub(a.card).NameKey()))
		}
		if g.virtual() && !g.baseOpen[g.hubAt[a.card]] {
			return w.no("sr.err.hub_not_open", "hub", w.at("", g.hub(a.card).NameKey()))
		}
	}
	return nil
}

// partyOf lists the members of s's party, leader first; s alone when s is
// in none.
func (g *Game) partyOf(s engine.Seat) []engine.Seat {
	l := g.leader[s]
	if l < 0 {
		return []engine.Seat{s}
	}
	out := []engine.Seat{l}
	for t, x := range g.leader {
		if x == l && engine.Seat(t) != l {
			out = append(out, engine.Seat(t))
		}
	}
	return out
}

// die is a die entered (n > 0) or rolled by the tool.
func (g *Game) die(n int) int {
	if n > 0 {
		return n
	}
	return g.rng.IntN(6) + 1
}

func (g *Game) execBoard(s engine.Seat, a act, ev *events) {
	virtualDice := g.cfg.Dice == VirtualDice
	if turnEnds[a.kind] && !(a.kind == "enter" && !virtualDice) {
		g.lastTurn = s
	}
	switch a.kind {
	case "land":
		g.land(s, a.n, ev)
	case "use":
		if i := slices.Index(g.drawn[s], a.n); i >= 0 {
			g.drawn[s] = slices.Delete(g.drawn[s], i, i+1)
		} else {
			i := slices.Index(g.hands[s], a.n)
			g.hands[s] = slices.Delete(g.hands[s], i, i+1)
		}
		g.used = append(g.used, a.n)
		ev.add(nil, true, false, false, "sr.ev.use", "player", g.name(s), "card", "@"+g.data.PlanetCards[a.n].NameKey())
	case "party":
		t := engine.Seat(a.n)
		g.leader[s], g.leader[t] = s, s
		ev.public("sr.ev.party", "player", g.name(t), "leader", g.name(s), "players", g.names(g.partyOf(s)))
		g.planetCheck(ev)
	case "leave":
		g.leaveParty(s, ev)
	case "info":
		t := engine.Seat(a.n)
		g.info[t]++
		ev.public("sr.ev.info", "player", g.name(t), "n", strconv.Itoa(g.publicInfo(t)))
		g.planetCheck(ev)
	case "sprung":
		ev.public("sr.ev.sprung", "card", AmbushNames[a.card], "owner", g.name(g.ambushOwner[a.card]))
		g.springAmbush(a.card, ev)
	case "appear":
		k := g.pendingAmbush()
		d := g.die(a.n)
		g.ambushState[k], g.henchDie[k] = ambushAppeared, d
		men := (d - 1) / 2 // 1–2 none, 3–4 one, 5–6 two
		ev.add(nil, false, virtualDice, false, "sr.ev.appear", "player", g.name(s), "card", AmbushNames[k], "n", strconv.Itoa(d),
			"henchmen", strconv.Itoa(men))
		ev.table("sr.do.appear", "player", g.name(s), "henchmen", strconv.Itoa(men))
		g.planetCheck(ev)
	case "stay":
		k := g.pendingAmbush()
		g.ambushState[k] = ambushStayed
		ev.public("sr.ev.stay", "player", g.name(s), "card", AmbushNames[k])
		g.planetCheck(ev)
	case "endplanet":
		g.closePlanet(engine.M("sr.ev.planet_end.table", "player", g.name(s)), "", ev)
	case "hub":
		sq := a.n
		g.baseDeck = append(g.baseDeck, g.base[sq])
		g.base[sq] = g.data.HubCards()[a.card]
		g.hubAt[a.card] = sq
		base := g.baseSeats()
		ev.public("sr.ev.hub", "player", g.name(s), "n", strconv.Itoa(a.card+1))
		ev.private(base, false, "sr.pv.hub", "player", g.name(s), "hub", "@"+g.hub(a.card).NameKey(),
			"row", strconv.Itoa(sq/BaseRows+1), "col", strconv.Itoa(sq%BaseRows+1))
		if a.card == Hubs-1 {
			g.startBase(ev)
		}
	case "enter":
		if !virtualDice {
			g.declared[s] = a.n
			ev.public("sr.ev.entry_declared", "player", g.name(s), "level", strconv.Itoa(a.n))
			return
		}
		d1, d2 := g.die(0), g.die(0)
		g.entryRoll(s, a.n, d1+d2, ev)
	case "sum":
		lv := g.declared[s]
		g.declared[s] = -1
		g.entryRoll(s, lv, a.n, ev)
	case "enterbase", "enterat":
		sq := a.n
		if a.kind == "enterbase" {
			sq = (g.die(0)-1)*BaseRows + g.die(0) - 1
		}
		g.entered[s] = true
		ev.add(nil, false, virtualDice, false, "sr.ev.base_entry", "player", g.name(s), "row", strconv.Itoa(sq/BaseRows+1),
			"col", strconv.Itoa(sq%BaseRows+1))
		ev.table("sr.do.base_entry", "player", g.name(s), "row", strconv.Itoa(sq/BaseRows+1), "col", strconv.Itoa(sq%BaseRows+1))
	case "open":
		sq := a.n
		g.baseOpen[sq], g.baseBy[sq] = true, s
		c := g.data.BaseCards[g.base[sq]]
		ev.add(nil, true, false, false, "sr.ev.open", "player", g.name(s), "square", SquareName(sq), "card", "@"+c.NameKey())
		switch {
		case c.Hub:
			ev.table("sr.do.open_hub", "hub", "@"+c.NameKey())
		case c.ID == "nova" || c.ID == "king":
			ev.table("sr.do.open_" + c.ID)
		default:
			ev.table("sr.do.open_room", "card", "@"+c.NameKey())
		}
	case "destroy":
		g.destroyed[a.card] = true
		n := 0
		for _, d := range g.destroyed {
			if d {
				n++
			}
		}
		ev.public("sr.ev.destroy", "player", g.name(s), "hub", "@"+g.hub(a.card).NameKey(), "n", strconv.Itoa(n))
		if n == Hubs {
			ev.public("sr.end.hubs")
			g.finish(endIndex("hubs"), ev)
		}
	}
}

func (g *Game) pendingAmbush() int {
	for k, st := range g.ambushState {
		if st == ambushAsked {
			return k
		}
	}
	return -1
}

// entryRoll is SR-26 for a non-base player: success when the 2D6 sum is at
// most the declared level + information cards held + earlier tries.
func (g *Game) entryRoll(s engine.Seat, level, sum int, ev *events) {
	need := level + g.publicInfo(s) + g.tries[s]
	g.tries[s]++
	ok := sum <= need
	g.entered[s] = ok
	res := "sr.ev.entry_failed"
	if ok {
		res = "sr.ev.entry_ok"
	}
	ev.add(nil, false, g.cfg.Dice == VirtualDice, false, res, "player", g.name(s), "level", strconv.Itoa(level),
		"info", strconv.Itoa(g.publicInfo(s)), "tries", strconv.Itoa(g.tries[s]-1), "need", strconv.Itoa(need), "n", strconv.Itoa(sum))
	if ok {
		ev.table("sr.do.entered", "player", g.name(s))
	}
}

// leaveParty: a partner leaves; a leader leaving ends the party. A party
// of one is none.
func (g *Game) leaveParty(s engine.Seat, ev *events) {
	l := g.leader[s]
	if l == s {
		for t := range g.leader {
			if g.leader[t] == l {
				g.leader[t] = -1
			}
		}
		ev.public("sr.ev.party_ended", "leader", g.name(l))
		return
	}
	g.leader[s] = -1
	ev.public("sr.ev.party_left", "player", g.name(s), "leader", g.name(l))
	if len(g.partyOf(l)) == 1 {
		g.leader[l] = -1
		ev.public("sr.ev.party_ended", "leader", g.name(l))
	}
}

// land is SR-20: s stops on face-down square sq and reads it alone; an
// ability card goes into s's hand unseen, any other card is shown.
func (g *Game) land(s engine.Seat, sq int, ev *events) {
	g.planetOpen[sq], g.planetBy[sq] = true, s
	c := g.planet[sq]
	amb := g.ambushCards()
	if c == amb[0] || c == amb[1] {
		k := 0
		if c == amb[1] {
			k = 1
		}
		ev.add(nil, true, false, false, "sr.ev.land_ambush", "player", g.name(s), "square", SquareName(sq), "card", AmbushNames[k],
			"owner", g.name(g.ambushOwner[k]))
		g.springAmbush(k, ev)
		g.planetCheck(ev)
		return
	}
	card := g.data.PlanetCards[c]
	switch card.Kind {
	case Ability:
		g.planet[sq] = -1
		g.drawn[s] = append(g.drawn[s], c)
		ev.add(nil, true, false, false, "sr.ev.land_ability", "player", g.name(s), "square", SquareName(sq))
		ev.private([]engine.Seat{s}, false, "sr.pv.ability", "card", "@"+card.NameKey(), "square", SquareName(sq))
	case Info:
		g.info[s]++
		ev.add(nil, true, false, false, "sr.ev.land_info", "player", g.name(s), "square", SquareName(sq), "n", strconv.Itoa(g.publicInfo(s)))
		if g.Base(s) {
			g.baseInfo(s, ev)
		}
	default:
		ev.add(nil, true, false, false, "sr.ev.land_card", "player", g.name(s), "square", SquareName(sq), "card", "@"+card.NameKey())
		switch card.Kind {
		case RevealSelf:
			g.exposeBy(s, ev)
		case RevealOther:
			ev.table("sr.do.reveal_other", "player", g.name(s))
		default:
			ev.table("sr.do.planet."+card.Kind.String(), "player", g.name(s))
		}
	}
	g.planetCheck(ev)
}

// exposeBy is SR-32 brought about by a card.
func (g *Game) exposeBy(s engine.Seat, ev *events) {
	if g.exposed[s] {
		return
	}
	g.exposed[s] = true
	ev.add(nil, true, false, false, "sr.ev.exposed", g.charArgs(s)...)
}

// baseInfo is SR-22 in play: when a base player's information cards,
// hidden and new, reach InfoToEnd, the hidden ones are shown and the
// planet phase ends (planetCheck sees the count).
func (g *Game) baseInfo(s engine.Seat, ev *events) {
	hidden := g.infos(g.hands[s])
	if g.infoShown[s] > 0 || hidden == 0 || hidden+g.info[s] < InfoToEnd {
		return
	}
	g.infoShown[s] = hidden
	ev.add(nil, true, false, false, "sr.ev.info_hidden_shown", "player", g.name(s), "n", strconv.Itoa(hidden))
}

// springAmbush is SR-24: the ambush is open; its owner, if alive, is asked
// privately whether to appear.
func (g *Game) springAmbush(k int, ev *events) {
	owner := g.ambushOwner[k]
	if g.dead[owner] {
		g.ambushState[k] = ambushNoOwner
		ev.public("sr.ev.ambush_owner_dead", "card", AmbushNames[k], "owner", g.name(owner))
		return
	}
	g.ambushState[k] = ambushAsked
	ev.private([]engine.Seat{owner}, false, "sr.pv.ambush_opened", "card", AmbushNames[k])
	ev.table("sr.do.ambush_wait", "card", AmbushNames[k], "owner", g.name(owner))
}

// planetEndReason is SR-21: why the planet phase is over now, or nil.
func (g *Game) planetEndReason() *engine.Msg {
	m := func(key string, nv ...string) *engine.Msg { x := engine.M(key, nv...); return &x }
	for t := range g.info {
		if g.publicInfo(engine.Seat(t)) >= InfoToEnd {
			if g.Base(engine.Seat(t)) && g.infoShown[t] > 0 {
				return m("sr.ev.planet_end.base_info", "player", g.name(engine.Seat(t)), "n", strconv.Itoa(g.publicInfo(engine.Seat(t))))
			}
			return m("sr.ev.planet_end.info", "player", g.name(engine.Seat(t)), "n", strconv.Itoa(g.publicInfo(engine.Seat(t))))
		}
	}
	for t, l := range g.leader {
		if engine.Seat(t) != l {
			continue
		}
		sum := 0
		party := g.partyOf(l)
		for _, x := range party {
			sum += g.publicInfo(x)
		}
		if sum >= InfoToEnd {
			return m("sr.ev.planet_end.party", "players", g.names(party), "n", strconv.Itoa(sum))
		}
	}
	if g.virtual() && g.planet != nil && !slices.Contains(g.planetOpen, false) {
		return m("sr.ev.planet_end.open")
	}
	for t := range g.dead {
		if !g.Base(engine.Seat(t)) && !g.dead[t] {
			return nil
		}
	}
	return m("sr.ev.planet_end.dead")
}

// planetCheck ends the planet phase when SR-21 says so. While an ambush
// waits for its owner the end waits too: the battle comes first.
func (g *Game) planetCheck(ev *events) {
	if g.stage != PlanetStage || g.pendingAmbush() >= 0 {
		return
	}
	if r := g.planetEndReason(); r != nil {
		g.closePlanet(*r, "", ev)
	}
}

// layPlanet is SR-20 at the start of the planet phase.
func (g *Game) layPlanet(ev *events) {
	g.stage = PlanetStage
	if !g.virtual() {
		ev.table("sr.do.planet_physical")
		return
	}
	n := BoardSquares
	g.planet, g.planetOpen, g.planetBy = fill(n, -1), make([]bool, n), make([]engine.Seat, n)
	amb := g.ambushCards()
	for k, sq := range g.ambush {
		g.planet[sq] = amb[k]
	}
	for sq := range g.planet {
		g.planetBy[sq] = -1
		if g.planet[sq] >= 0 {
			continue
		}
		if len(g.deck) == 0 {
			// Decision: a deck too small for the board (many base
			// players dealt six cards each) leaves squares empty.
			g.planetOpen[sq] = true
			continue
		}
		g.planet[sq] = g.deck[len(g.deck)-1]
		g.deck = g.deck[:len(g.deck)-1]
	}
	ev.table("sr.do.planet_virtual")
}

// closePlanet ends the planet phase (SR-21, SR-22): parties are forgotten,
// base players use their dealt identity cards (SR-23), those holding
// three information cards come into the base freely (7.3.1), and the
// secret base is laid (SR-25).
func (g *Game) closePlanet(reason engine.Msg, instruction string, ev *events) {
	// Who holds three information cards, alone or as a party, comes in
	// without a roll.
	for t := range g.info {
		seat := engine.Seat(t)
		if g.Base(seat) || g.dead[t] {
			continue
		}
		sum := 0
		for _, x := range g.partyOf(seat) {
			sum += g.publicInfo(x)
		}
		g.free[t] = g.publicInfo(seat) >= InfoToEnd || sum >= InfoToEnd
	}
	g.planetOver = true
	g.planetEnd = &reason
	ev.add(nil, false, false, false, reason.Key, argList(reason)...)
	if instruction == "" {
		instruction = "sr.do.planet_end_" + g.cfg.Board.String()
	}
	ev.table(instruction)
	for t := range g.leader {
		g.leader[t] = -1
	}
	if g.virtual() {
		for _, b := range g.baseSeats() {
			if !g.dead[b] {
				g.useDealtIdentity(b, "sr.ev.dealt_identity", ev)
			}
		}
	} else {
		ev.table("sr.do.identity_cards_physical", "players", g.names(g.baseSeats()))
	}
	var free []engine.Seat
	for t, f := range g.free {
		if f {
			g.entered[t] = true
			free = append(free, engine.Seat(t))
		}
	}
	if len(free) > 0 {
		ev.public("sr.ev.free_entry", "players", g.names(free), "n", strconv.Itoa(len(free)))
	}
	if !g.virtual() {
		ev.table("sr.do.hubs_physical", "players", g.names(g.baseSeats()))
		g.startBase(ev)
		return
	}
	g.stage = HubStage
	g.base, g.baseOpen, g.baseBy, g.baseDeck = make([]int, BaseSquares), make([]bool, BaseSquares), make([]engine.Seat, BaseSquares), nil
	for i, c := range g.data.BaseCards {
		for k := 0; !c.Hub && k < c.Count; k++ {
			g.baseDeck = append(g.baseDeck, i)
		}
	}
	g.rng.Shuffle(len(g.baseDeck), func(i, j int) { g.baseDeck[i], g.baseDeck[j] = g.baseDeck[j], g.baseDeck[i] })
	for sq := range g.base {
		g.base[sq], g.baseBy[sq] = g.baseDeck[len(g.baseDeck)-1], -1
		g.baseDeck = g.baseDeck[:len(g.baseDeck)-1]
	}
	ev.add(nil, false, true, false, "sr.ev.base_laid")
	ev.table("sr.do.hubs_virtual", "players", g.names(g.baseSeats()))
}

func argList(m engine.Msg) []string {
	var out []string
	keys := make([]string, 0, len(m.Args))
	for k := range m.Args {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		out = append(out, k, m.Args[k])
	}
	return out
}

// useDealtIdentity is SR-23: a living base player's dealt "own identity
// exposed" and "someone's identity revealed" cards are used once the
// planet phase is over (or when the player comes back to life). Nobody
// chose to play them, so the story tells them as what they are (key):
// the phase's end (or the revival) plays them, not the player.
func (g *Game) useDealtIdentity(b engine.Seat, key string, ev *events) {
	g.revealDue[b] = true
	var keep []int
	for _, c := range g.hands[b] {
		card := g.data.PlanetCards[c]
		if card.Kind != RevealSelf && card.Kind != RevealOther {
			keep = append(keep, c)
			continue
		}
		g.used = append(g.used, c)
		ev.add(nil, true, false, false, key, "player", g.name(b), "card", "@"+card.NameKey())
		if card.Kind == RevealSelf {
			g.exposeBy(b, ev)
		} else {
			ev.table("sr.do.reveal_other", "player", g.name(b))
		}
	}
	g.hands[b] = keep
}

// startBase begins the secret base phase proper: entries (SR-26).
func (g *Game) startBase(ev *events) {
	g.stage = BaseStage
	g.lastTurn = -1
	ev.public("sr.ev.base_start")
	ev.table("sr.do.base_start", "players", g.names(g.baseSeats()))
}

// afterDeath keeps parties and the planet phase's end up to date (SR-21).
func (g *Game) afterDeath(t engine.Seat, ev *events) {
	if g.leader[t] >= 0 {
		g.leaveParty(t, ev)
	}
	g.planetCheck(ev)
}

// afterRevival is SR-23 for a base player who was dead when the planet
// phase ended.
func (g *Game) afterRevival(t engine.Seat, ev *events) {
	if g.virtual() && g.planetOver && g.Base(t) && !g.revealDue[t] {
		g.useDealtIdentity(t, "sr.ev.dealt_identity_revived", ev)
	}
}

func (g *Game) planetCardView(c int) PlanetCardView {
	p := g.data.PlanetCards[c]
	return PlanetCardView{ID: p.ID, Name: engine.M(p.NameKey()), Kind: p.Kind.String(), KindName: engine.M(p.Kind.Key())}
}

func baseCardView(c BaseCard) BaseCardView {
	return BaseCardView{ID: c.ID, Name: engine.M(c.NameKey()), Hub: c.Hub}
}

var ambushStateNames = [...]string{"", "asked", "appeared", "stayed", "no-owner"}

// boardPublic fills in what everyone sees of the boards.
func (g *Game) boardPublic(v *PublicView) {
	if g.phase < PlayPhase {
		return
	}
	v.Stage = g.stage.String()
	if g.phase == PlayPhase {
		key := "sr.st." + g.stage.String()
		if g.cfg.Board == PhysicalBoard {
			key += ".physical" // the real board shows the squares
		}
		v.Status = engine.M(key)
		if k := g.pendingAmbush(); k >= 0 {
			v.Status = engine.M("sr.st.ambush", "card", AmbushNames[k], "owner", g.name(g.ambushOwner[k]))
		}
	}
	if g.planetEnd != nil {
		m := *g.planetEnd
		v.PlanetEnd = &m
	}
	for k := range v.Ambushes {
		v.Ambushes[k].State = ambushStateNames[g.ambushState[k]]
		if g.ambushState[k] == ambushAppeared {
			v.Ambushes[k].Die, v.Ambushes[k].Henchmen = g.henchDie[k], (g.henchDie[k]-1)/2
		}
	}
	if g.stage == PlanetStage && g.planet != nil {
		for sq, c := range g.planet {
			sv := PlanetSquareView{Square: SquareName(sq), Open: g.planetOpen[sq], By: g.planetBy[sq]}
			switch {
			case !sv.Open:
			case c >= 0:
				cv := g.planetCardView(c)
				sv.Card = &cv
			case sv.By >= 0:
				sv.Ability = true
			default:
				sv.Empty = true
			}
			v.Planet = append(v.Planet, sv)
		}
	}
	for _, c := range g.used {
		v.Used = append(v.Used, g.planetCardView(c))
	}
	if g.stage < HubStage {
		return
	}
	for i, d := range g.destroyed {
		h := g.hub(i)
		hv := HubView{ID: h.ID, Name: engine.M(h.NameKey()), Destroyed: d}
		if g.virtual() {
			hv.Placed = g.hubAt[i] >= 0
			if hv.Placed && g.baseOpen[g.hubAt[i]] {
				hv.Open, hv.Square = true, SquareName(g.hubAt[i])
			}
		}
		v.Hubs = append(v.Hubs, hv)
	}
	if !g.virtual() {
		return
	}
	for sq, c := range g.base {
		sv := BaseSquareView{Square: SquareName(sq), Open: g.baseOpen[sq], By: g.baseBy[sq]}
		if sv.Open {
			cv := baseCardView(g.data.BaseCards[c])
			sv.Card = &cv
			if i := slices.Index(g.hubAt, sq); i >= 0 {
				sv.Destroyed = g.destroyed[i]
			}
		}
		v.Base = append(v.Base, sv)
	}
}

// playerBoard fills in a player's public board entries.
func (g *Game) playerBoard(s engine.Seat, p *PlayerView) {
	p.Leader = -1
	if g.virtual() {
		p.PlanetCards = len(g.hands[s]) + len(g.drawn[s])
	} else if g.Base(s) && g.phase >= PlayPhase {
		p.PlanetCards = g.each
	}
	if g.phase < PlayPhase {
		return
	}
	p.Info, p.Leader = g.publicInfo(s), g.leader[s]
	p.Entered, p.FreeEntry, p.EntryTries = g.entered[s], g.free[s], g.tries[s]
	if d := g.declared[s]; d >= 0 {
		p.Declared = &d
	}
}

// boardPrivate adds what seat s alone (with the other base players) sees
// of the boards: the ambush squares, the hubs, its planet cards.
func (g *Game) boardPrivate(s engine.Seat, v *View) {
	for _, k := range g.hands[s] {
		v.Hand = append(v.Hand, g.planetCardView(k))
	}
	for _, k := range g.drawn[s] {
		c := g.planetCardView(k)
		c.Drawn = true
		v.Hand = append(v.Hand, c)
	}
	if !g.Base(s) {
		return
	}
	if len(v.Planet) > 0 {
		planet := slices.Clone(v.Planet)
		for k, sq := range g.ambush {
			if !planet[sq].Open {
				planet[sq].Ambush = AmbushNames[k]
			}
		}
		v.Planet = planet
	}
	if len(v.Hubs) > 0 {
		hubs := slices.Clone(v.Hubs)
		for i := range hubs {
			if g.hubAt[i] >= 0 {
				hubs[i].Square = SquareName(g.hubAt[i])
			}
		}
		v.Hubs = hubs
	}
	if len(v.Base) > 0 {
		base := slices.Clone(v.Base)
		for i, sq := range g.hubAt {
			if sq >= 0 && !base[sq].Open {
				h := baseCardView(g.hub(i))
				base[sq].Hub = &h
			}
		}
		v.Base = base
	}
}
