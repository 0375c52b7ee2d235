package superrock

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"tablemaster/engine"
)

// Phase says what the preparation waits for.
type Phase uint8

// The phases of a game, in order: the preparation (chapter 7.1), then play
// with the real board (the planet and secret base phases, where the tool
// keeps the identities ledger), a victory declaration waiting for answers,
// the end.
const (
	DealPhase     Phase = iota // SR-11, SR-12: someone presses "deal"
	RejectPhase                // SR-13: every player keeps (or rejects)
	ShadowPhase                // SR-14: every player rolls and picks a silhouette
	LineupPhase                // SR-15: each Evil silhouette keeps it or switches away
	AmbushPhase                // SR-16: the base players hide ambushes A and B
	OrderPhase                 // SR-17: the non-base players roll for the turn order
	PlayPhase                  // SR-18 done: play; SR-30 … SR-34, SR-40, SR-42
	VetoPhase                  // SR-40: a victory declaration waits for accept or veto
	OverridePhase              // SR-41: after a veto, the declarer overrides or withdraws
	ConfirmPhase               // SR-43: the game is over; the table confirms own conditions
	OverPhase                  // SR-43: the grades are final
)

var phaseNames = [...]string{"deal", "reject", "shadow", "lineup", "ambush", "order", "play", "veto", "override", "confirm", "over"}

func (p Phase) String() string { return phaseNames[p] }

// AmbushNames are the two ambush cards (SR-16).
var AmbushNames = [2]string{"A", "B"}

// Game is the preparation of one game of Super Rock. It is changed only by
// Apply, which validates first and changes nothing on error.
type Game struct {
	cfg    Config
	data   *Data
	hubs   []int // data.HubCards(), never written
	counts Counts
	rng    *engine.Rand
	phase  Phase

	deals      int    // SR-11/12 deals so far (1 + rejects)
	char       []int  // per seat: index into data.Characters, -1 before the deal
	kept       []bool // SR-13: the seat keeps its character in this deal
	rejectUsed []bool // SR-13: once per player per game

	shadowRounds int   // SR-14/15: shadow rolls started so far
	roll         []int // per seat: the shadow roll, 0 before it
	pick         []int // per seat: index into data.Silhouettes, -1 before it
	left         []int // per silhouette: copies left
	// SR-15: per seat, the Evil silhouette said "keep my silhouette". The
	// line-up is final when no Evil silhouette is left to answer.
	keptSil []bool

	ambush      [2]int         // SR-16: square 0–35 of A and B, -1 before
	ambushOwner [2]engine.Seat // SR-16

	orderIn    []bool  // SR-17: seats rolling in the current round
	orderRolls [][]int // per seat: every turn-order roll, in order
	starter    engine.Seat

	deck  []int   // SR-18: planet card kinds (index into data.PlanetCards), top last
	hands [][]int // SR-18: per seat, the planet cards dealt (virtual board)
	each  int     // SR-18: table 7.3 for this table
	// SR-22: information cards a base player had to show from the first
	// deal, and whether that ended the planet phase at once.
	infoShown  []int
	planetOver bool

	play
	board
}

var _ engine.Game = (*Game)(nil)
var _ engine.Resampler = (*Game)(nil)

func illegal(key string, nv ...string) error {
	return engine.Errorf(engine.ErrIllegal, "superrock", engine.M(key, nv...))
}

func notYourTurn() error {
	return engine.Errorf(engine.ErrNotYourTurn, "superrock", engine.M("err.not_your_turn"))
}

// New checks the configuration (SR-10) and sets up a table waiting for the
// deal. All randomness comes from seed.
func New(cfg Config, seed uint64) (*Game, error) {
	d := cfg.Data
	if d == nil {
		d = Default()
	}
	n := len(cfg.Players)
	if n < MinPlayers || n > MaxPlayers {
		return nil, illegal("sr.err.players", "n", strconv.Itoa(n), "min", strconv.Itoa(MinPlayers), "max", strconv.Itoa(MaxPlayers))
	}
	seen := map[string]bool{}
	for _, p := range cfg.Players {
		k := strings.ToLower(strings.TrimSpace(p))
		if k == "" || seen[k] {
			return nil, illegal("sr.err.names")
		}
		seen[k] = true
	}
	if len(cfg.PlayedTonight) > n {
		return nil, illegal("sr.err.played_seats", "n", strconv.Itoa(n))
	}
	for _, ids := range cfg.PlayedTonight {
		for _, id := range ids {
			if _, ok := d.Character(id); !ok {
				return nil, illegal("sr.err.no_such_character", "text", id)
			}
		}
	}
	var counts Counts
	if cfg.Counts != nil {
		counts = *cfg.Counts
	} else {
		c, ok := d.CountsFor(n)
		if !ok {
			return nil, illegal("sr.err.need_counts", "n", strconv.Itoa(n))
		}
		counts = c
	}
	if counts.Total() != n {
		return nil, illegal("sr.err.counts_sum", "counts", counts.String(), "sum", strconv.Itoa(counts.Total()), "n", strconv.Itoa(n))
	}
	if m, ok := d.checkCounts(counts, cfg.RaisaGood); !ok {
		return nil, engine.Errorf(engine.ErrIllegal, "superrock", m)
	}
	cfg.Data = d
	g := &Game{
		cfg:         cfg,
		data:        d,
		hubs:        d.HubCards(),
		counts:      counts,
		rng:         engine.NewRand(seed),
		char:        fill(n, -1),
		kept:        make([]bool, n),
		rejectUsed:  make([]bool, n),
		roll:        make([]int, n),
		pick:        fill(n, -1),
		keptSil:     make([]bool, n),
		ambush:      [2]int{-1, -1},
		ambushOwner: [2]engine.Seat{-1, -1},
		orderIn:     make([]bool, n),
		orderRolls:  make([][]int, n),
		starter:     -1,
		hands:       make([][]int, n),
		infoShown:   make([]int, n),
	}
	g.play = newPlay(n)
	g.board = newBoard(n)
	g.resetCopies()
	return g, nil
}

func fill(n, v int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// Config returns the table options.
func (g *Game) Config() Config { return g.cfg }

// Data is the roster and tables the table plays with.
func (g *Game) Data() *Data { return g.data }

// Counts is the row of table 7.1 (or the explicit counts) in use.
func (g *Game) Counts() Counts { return g.counts }

// Seats is the number of players.
func (g *Game) Seats() int { return len(g.cfg.Players) }

// Phase is what the preparation waits for.
func (g *Game) Phase() Phase { return g.phase }

// Outcome tells whether the game is over (SR-42, SR-43) and who won.
func (g *Game) Outcome() engine.Outcome {
	o := g.outcome
	o.Winners = append([]engine.Seat(nil), o.Winners...)
	return o
}

// Base reports whether seat s is a base player (an Evil silhouette once
// the line-up is confirmed, SR-16).
func (g *Game) Base(s engine.Seat) bool {
	return s >= 0 && int(s) < g.Seats() && g.phase >= AmbushPhase && g.evil(s)
}

func (g *Game) evil(s engine.Seat) bool {
	return g.pick[s] >= 0 && g.data.Silhouettes[g.pick[s]].Attr == Evil
}

// TurnOrder lists every seat from the starting player, going left (SR-17);
// nil before the turn order is rolled. PlanetOrder leaves out the base
// players, who have no turns in the planet phase.
func (g *Game) TurnOrder() []engine.Seat {
	if g.starter < 0 {
		return nil
	}
	var out []engine.Seat
	for i := 0; i < g.Seats(); i++ {
		out = append(out, engine.Seat((int(g.starter)+i)%g.Seats()))
	}
	return out
}

// PlanetOrder is TurnOrder without the base players.
func (g *Game) PlanetOrder() []engine.Seat {
	var out []engine.Seat
	for _, s := range g.TurnOrder() {
		if !g.Base(s) {
			out = append(out, s)
		}
	}
	return out
}

// Clone returns an independent copy of the game.
func (g *Game) Clone() *Game {
	c := *g
	c.rng = g.rng.Clone()
	c.char, c.kept, c.rejectUsed = slices.Clone(g.char), slices.Clone(g.kept), slices.Clone(g.rejectUsed)
	c.roll, c.pick, c.left, c.keptSil = slices.Clone(g.roll), slices.Clone(g.pick), slices.Clone(g.left), slices.Clone(g.keptSil)
	c.orderIn, c.orderRolls = slices.Clone(g.orderIn), cloneRows(g.orderRolls)
	c.deck, c.hands, c.infoShown = slices.Clone(g.deck), cloneRows(g.hands), slices.Clone(g.infoShown)
	c.play = g.play.clone()
	c.board = g.board.clone()
	return &c
}

// cloneRows copies a slice of slices, rows included.
func cloneRows[T any](rows [][]T) [][]T {
	out := make([][]T, len(rows))
	for i, r := range rows {
		out[i] = slices.Clone(r)
	}
	return out
}

func (g *Game) name(s engine.Seat) string { return g.cfg.Players[s] }

// names is a list of seats' names as one message argument (engine.Names).
func (g *Game) names(seats []engine.Seat) string {
	parts := make([]string, len(seats))
	for i, s := range seats {
		parts[i] = g.name(s)
	}
	return engine.Names(parts)
}

func (g *Game) sil(i int) Silhouette { return g.data.Silhouettes[i] }

func (g *Game) character(s engine.Seat) Character { return g.data.Characters[g.char[s]] }

// SquareName is square 0–35 as people say it: "3-4" is planet 3, square 4.
func SquareName(sq int) string {
	return strconv.Itoa(sq/SquaresPerPlanet+1) + "-" + strconv.Itoa(sq%SquaresPerPlanet+1)
}

// ParseSquare reads "3-4", "3/4", "3.4" or "34" (planet 3, square 4).
func ParseSquare(s string) (int, bool) {
	s = strings.TrimSpace(s)
	var p, q string
	if i := strings.IndexAny(s, "-/.,:"); i >= 0 {
		p, q = s[:i], s[i+1:]
	} else if len(s) == 2 {
		p, q = s[:1], s[1:]
	}
	a, err1 := strconv.Atoi(p)
	b, err2 := strconv.Atoi(q)
	if err1 != nil || err2 != nil || a < 1 || a > Planets || b < 1 || b > SquaresPerPlanet {
		return 0, false
	}
	return (a-1)*SquaresPerPlanet + b - 1, true
}

// act is a decoded action.
type act struct {
	kind string // deal keep reject roll rolled pick switch ambush, or play.go's
	n    int    // die face (rolled), silhouette (pick, switch), square (ambush), seat, end reason
	card int    // ambush card 0 (A) or 1 (B); own: 1 won, 0 lost
}

func (a act) String(g *Game) string {
	switch a.kind {
	case "rolled":
		return "rolled " + strconv.Itoa(a.n)
	case "pick", "switch":
		return a.kind + " " + g.sil(a.n).ID
	case "ambush":
		return "ambush " + AmbushNames[a.card] + " " + SquareName(a.n)
	case "identity", "telepathy", "convert", "converted", "dies", "revives":
		return a.kind + " " + g.name(engine.Seat(a.n))
	case "end":
		return "end " + endReasons[a.n]
	case "own":
		return "own " + g.name(engine.Seat(a.n)) + " " + [...]string{"lost", "won"}[a.card]
	}
	if boardKind(a.kind) {
		return a.boardString(g)
	}
	return a.kind
}

// Decode reads an action as a person types it. Silhouettes may be given by
// id or by name in either language ("pick rag1", "pick ラグ1", "pick Rag 1");
// squares as "3-4" (planet 3, square 4).
func (g *Game) Decode(s engine.Seat, text string) (engine.Action, error) {
	a, err := g.decode(s, text)
	if err != nil {
		return "", err
	}
	return engine.Action(a.String(g)), nil
}

func (g *Game) decode(s engine.Seat, text string) (act, error) {
	bad := func() (act, error) {
		return act{}, engine.Errorf(engine.ErrNotation, "superrock", engine.M("sr.err.notation", "text", text))
	}
	f := strings.Fields(strings.TrimSpace(text))
	if len(f) == 0 {
		return bad()
	}
	if len(f) == 1 {
		if a, ok := g.squareShorthand(s, f[0]); ok {
			return a, nil
		}
	}
	kind := strings.ToLower(f[0])
	switch kind {
	case "deal", "keep", "reject", "roll":
		if len(f) != 1 {
			return bad()
		}
		return act{kind: kind}, nil
	case "rolled":
		if len(f) != 2 {
			return bad()
		}
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 1 || n > 6 {
			return bad()
		}
		return act{kind: kind, n: n}, nil
	case "pick", "switch":
		if len(f) < 2 {
			return bad()
		}
		want := strings.Join(f[1:], " ")
		for i, s := range g.data.Silhouettes {
			if strings.EqualFold(want, s.ID) || want == s.JA || strings.EqualFold(want, s.EN) {
				return act{kind: kind, n: i}, nil
			}
		}
		return act{}, engine.Errorf(engine.ErrNotation, "superrock", engine.M("sr.err.no_such_silhouette", "text", want))
	case "identity", "telepathy", "convert", "converted", "dies", "revives", "expose", "disintegrate",
		"transform", "declare", "accept", "veto", "override", "withdraw", "end", "own":
		return g.decodePlay(kind, f[1:], bad)
	case "land", "use", "party", "leave", "appear", "stay", "info", "sprung", "hub", "enter", "sum", "open", "destroy":
		return g.decodeBoard(kind, f[1:], bad)
	case "ambush":
		if len(f) != 3 && len(f) != 4 {
			return bad()
		}
		card := -1
		for i, n := range AmbushNames {
			if strings.EqualFold(f[1], n) {
				card = i
			}
		}
		sq, ok := ParseSquare(strings.Join(f[2:], "-"))
		if card < 0 || !ok {
			return bad()
		}
		return act{kind: kind, card: card, n: sq}, nil
	}
	return bad()
}

// candidates lists the actions worth checking for seat s now; Legal keeps
// those that pass check.
func (g *Game) candidates(s engine.Seat) []act { return g.appendCandidates(nil, s) }

// appendCandidates appends candidates(s) to out (a playout reuses one
// buffer).
func (g *Game) appendCandidates(out []act, s engine.Seat) []act {
	if s < 0 || int(s) >= g.Seats() {
		return out
	}
	dice := func(kind string) {
		if g.cfg.Dice == VirtualDice {
			out = append(out, act{kind: "roll"})
			return
		}
		for n := 1; n <= 6; n++ {
			out = append(out, act{kind: kind, n: n})
		}
	}
	switch g.phase {
	case DealPhase:
		out = append(out, act{kind: "deal"})
	case RejectPhase:
		out = append(out, act{kind: "keep"}, act{kind: "reject"})
	case ShadowPhase:
		// A seat that picked, or an ambush that is not the seat's or is
		// placed, offers nothing: check refuses those too; leaving them
		// out here only spares it the work (Legal runs for every seat).
		if g.roll[s] == 0 {
			dice("rolled")
		} else if g.pick[s] < 0 {
			for i := range g.data.Silhouettes {
				out = append(out, act{kind: "pick", n: i})
			}
		}
	case LineupPhase:
		// Only an Evil silhouette still to answer has a choice: keep it
		// first, then the switches.
		if g.toAnswer(s) {
			out = append(out, act{kind: "keep"})
			for i := range g.data.Silhouettes {
				out = append(out, act{kind: "switch", n: i})
			}
		}
	case AmbushPhase:
		for c := range AmbushNames {
			if g.ambushOwner[c] != s || g.ambush[c] >= 0 {
				continue
			}
			for sq := 0; sq < BoardSquares; sq++ {
				out = append(out, act{kind: "ambush", card: c, n: sq})
			}
		}
	case OrderPhase:
		dice("rolled")
	default:
		out = g.appendCandidatesPlay(out, s)
	}
	return out
}

// Legal lists every action seat s may take now (principle 2: a phone offers
// only these). Every player answers the reject question and every player
// rolls, so that waiting for someone never tells the table what they hold.
func (g *Game) Legal(s engine.Seat) []engine.Choice {
	buf := actBufs.Get().(*[]act)
	acts := g.appendLegal((*buf)[:0], s)
	var out []engine.Choice
	if len(acts) > 0 {
		out = make([]engine.Choice, len(acts))
		for i, a := range acts {
			out[i] = g.choice(a)
		}
	}
	*buf = acts[:0]
	actBufs.Put(buf)
	return out
}

// actBufs holds the lists of candidates Legal checks, so that it does
// not grow one afresh at every call.
var actBufs = sync.Pool{New: func() any { b := make([]act, 0, 192); return &b }}

// legal is Legal without the words: the actions that pass check.
func (g *Game) legal(s engine.Seat) []act { return g.appendLegal(nil, s) }

// appendLegal appends legal(s) to out.
func (g *Game) appendLegal(out []act, s engine.Seat) []act {
	from := len(out)
	out = g.appendCandidates(out, s)
	kept := out[:from]
	for _, a := range out[from:] {
		if g.ok(s, a) {
			kept = append(kept, a)
		}
	}
	return kept
}

// choiceOf makes a's button: the action, its heading and label.
func (g *Game) choiceOf(a act) engine.Choice {
	c := engine.Choice{Action: engine.Action(a.String(g)), Group: engine.M("sr.g." + a.kind), Label: engine.M("sr.c." + a.kind)}
	switch a.kind {
	case "deal":
		c.Public = true
	case "keep":
		// SR-15: keeping an Evil silhouette, face up for all to see.
		if g.phase == LineupPhase {
			c.Public = true
			c.Label = engine.M("sr.c.keep.lineup")
			c.Group = engine.M("sr.g.keep.lineup")
		}
	case "roll":
		c.Public = g.phase == OrderPhase
		c.Label = engine.M("sr.c.roll." + g.phase.String())
		c.Group = engine.M("sr.g.roll." + g.phase.String())
	case "rolled":
		c.Public = g.phase == OrderPhase
		c.Label = engine.M("sr.c.rolled", "n", strconv.Itoa(a.n))
		c.Group = engine.M("sr.g.rolled." + g.phase.String())
	case "pick", "switch":
		s := g.sil(a.n)
		c.Label = engine.M("sr.c.silhouette", "silhouette", "@"+s.ShortKey(), "attr", "@"+s.Attr.Key(), "left", strconv.Itoa(g.left[a.n]))
		c.Public = a.kind == "switch"
	case "ambush":
		c.Label = engine.M("sr.c.square", "planet", strconv.Itoa(a.n/SquaresPerPlanet+1), "square", strconv.Itoa(a.n%SquaresPerPlanet+1))
		c.Group = engine.M("sr.g.ambush", "card", AmbushNames[a.card])
	default:
		g.choicePlay(a, &c)
	}
	return c
}

// allowed is SR-14 and table 7.2: may seat s, having rolled, pick
// silhouette i now?
func (g *Game) allowed(s engine.Seat, i int) bool {
	if g.left[i] == 0 {
		return false
	}
	switch g.data.Shadow[g.roll[s]-1] {
	case AllowOwn:
		own := g.character(s).Silhouettes
		anyLeft := false
		for _, id := range own {
			for j, sil := range g.data.Silhouettes {
				if sil.ID == id && g.left[j] > 0 {
					anyLeft = true
					if j == i {
						return true
					}
				}
			}
		}
		return !anyLeft // every copy of their own is taken: any
	case AllowEvil:
		// Decision: with no Evil silhouette left (possible only with a
		// roster that has few), a 6 allows any.
		if g.sil(i).Attr == Evil {
			return true
		}
		for j, sil := range g.data.Silhouettes {
			if sil.Attr == Evil && g.left[j] > 0 {
				return false
			}
		}
		return true
	}
	return true
}

func (g *Game) eligibleReject(s engine.Seat) bool {
	if g.rejectUsed[s] || int(s) >= len(g.cfg.PlayedTonight) {
		return false
	}
	for _, id := range g.cfg.PlayedTonight[s] {
		if id == g.character(s).ID {
			return true
		}
	}
	return false
}

func (g *Game) evilCount() int {
	n := 0
	for s := range g.pick {
		if g.evil(engine.Seat(s)) {
			n++
		}
	}
	return n
}

// phaseOf is the phase, or the two phases, in which each kind of
// preparation action is taken (ok false: a play action).
func phaseOf(kind string) (p1, p2 Phase, ok bool) {
	switch kind {
	case "deal":
		return DealPhase, DealPhase, true
	case "keep":
		return RejectPhase, LineupPhase, true
	case "reject":
		return RejectPhase, RejectPhase, true
	case "roll", "rolled":
		return ShadowPhase, OrderPhase, true
	case "pick":
		return ShadowPhase, ShadowPhase, true
	case "switch":
		return LineupPhase, LineupPhase, true
	case "ambush":
		return AmbushPhase, AmbushPhase, true
	}
	return 0, 0, false
}

// check says why a decoded action cannot be taken now, or nil.
func (g *Game) check(s engine.Seat, a act) error { return g.refusal(s, a, true) }

// ok says whether a decoded action may be taken now: check without the
// words (Legal and Playout keep only what passes).
func (g *Game) ok(s engine.Seat, a act) bool { return g.refusal(s, a, false) == nil }

// refusal is check, with the reason's words only when w asks for them.
func (g *Game) refusal(s engine.Seat, a act, w why) error {
	if s < 0 || int(s) >= g.Seats() {
		return notYourTurn()
	}
	p1, p2, ok := phaseOf(a.kind)
	if !ok {
		return g.checkPlay(s, a, w)
	}
	if g.phase != p1 && g.phase != p2 {
		return w.no("sr.err.wrong_action", "action", w.verb(a.kind), "phase", w.at("sr.ph.", g.phase.String()))
	}
	switch a.kind {
	case "keep", "reject": // SR-13; keep in the line-up is SR-15
		if g.phase == LineupPhase {
			return g.checkLineup(s, a, w)
		}
		if g.kept[s] {
			if a.kind == "reject" {
				return w.no("sr.err.reject_after_keep")
			}
			return w.no("sr.err.already_kept")
		}
		if a.kind == "reject" && !g.eligibleReject(s) {
			if g.rejectUsed[s] {
				return w.no("sr.err.reject_used")
			}
			return w.no("sr.err.reject_not_played")
		}
	case "roll", "rolled": // SR-14, SR-17
		if (a.kind == "roll") != (g.cfg.Dice == VirtualDice) {
			if g.cfg.Dice == VirtualDice {
				return w.no("sr.err.virtual_dice")
			}
			return w.no("sr.err.enter_roll")
		}
		if g.phase == ShadowPhase && g.roll[s] != 0 {
			return w.no("sr.err.shadow_rolled")
		}
		if g.phase == OrderPhase && a.kind == "rolled" && !g.orderIn[s] {
			if g.Base(s) {
				return w.no("sr.err.order_base")
			}
			return w.no("sr.err.order_not_rolling")
		}
	case "pick": // SR-14
		if g.roll[s] == 0 {
			return w.no("sr.err.roll_first")
		}
		if g.pick[s] >= 0 {
			return w.no("sr.err.already_picked")
		}
		if g.left[a.n] == 0 {
			return w.no("sr.err.none_left", "silhouette", w.at("", g.sil(a.n).NameKey()))
		}
		if !g.allowed(s, a.n) {
			return w.no("sr.err.roll_forbids", "n", strconv.Itoa(g.roll[s]), "silhouette", w.at("", g.sil(a.n).NameKey()),
				"allows", w.at("sr.allow.", g.data.Shadow[g.roll[s]-1].String()))
		}
	case "switch": // SR-15
		if err := g.checkLineup(s, a, w); err != nil {
			return err
		}
		if g.sil(a.n).Attr == Evil {
			return w.no("sr.err.switch_to_evil", "silhouette", w.at("", g.sil(a.n).NameKey()))
		}
		if g.left[a.n] == 0 {
			return w.no("sr.err.none_left", "silhouette", w.at("", g.sil(a.n).NameKey()))
		}
	case "ambush": // SR-16
		if g.ambushOwner[a.card] != s {
			if !g.Base(s) {
				return w.no("sr.err.ambush_base_only")
			}
			return w.no("sr.err.not_your_ambush", "card", AmbushNames[a.card], "owner", g.name(g.ambushOwner[a.card]))
		}
		if g.ambush[a.card] >= 0 {
			return w.no("sr.err.ambush_placed", "card", AmbushNames[a.card])
		}
		if g.ambush[1-a.card] == a.n {
			return w.no("sr.err.ambush_same", "square", w.square(a.n))
		}
	}
	return nil
}

// Apply checks the action and carries it out (notation as Decode reads
// it). On error nothing changed.
func (g *Game) Apply(s engine.Seat, action engine.Action) ([]engine.Event, error) {
	a, err := g.decode(s, string(action))
	if err != nil {
		return nil, err
	}
	if err := g.check(s, a); err != nil {
		return nil, err
	}
	ev := &events{}
	g.exec(s, a, ev)
	return ev.list, nil
}

type events struct {
	list []engine.Event
	// quiet drops every event: a playout (Playout) has no reader for
	// their words.
	quiet bool
}

func (e *events) add(to []engine.Seat, reveal, random, table bool, key string, nv ...string) {
	if e.quiet {
		return
	}
	e.list = append(e.list, engine.Event{Msg: engine.M(key, nv...), To: to, Reveal: reveal, Random: random, Table: table})
}

// public tells everyone something that reveals nothing hidden.
func (e *events) public(key string, nv ...string) { e.add(nil, false, false, false, key, nv...) }

// table tells everyone what to do with the real cards.
func (e *events) table(key string, nv ...string) { e.add(nil, false, false, true, key, nv...) }

// private tells seats something only they may know.
func (e *events) private(to []engine.Seat, random bool, key string, nv ...string) {
	e.add(to, true, random, false, key, nv...)
}

func (g *Game) exec(s engine.Seat, a act, ev *events) {
	switch a.kind {
	default:
		g.execPlay(s, a, ev)
	case "deal":
		g.deal(ev)
	case "keep":
		if g.phase == LineupPhase {
			g.keptSil[s] = true
			ev.public("sr.ev.kept_silhouette", "player", g.name(s), "silhouette", "@"+g.sil(g.pick[s]).NameKey())
			g.lineupAnswered(ev)
			return
		}
		g.kept[s] = true
		ev.public("sr.ev.kept", "player", g.name(s))
		for _, k := range g.kept {
			if !k {
				return
			}
		}
		ev.public("sr.ev.settled")
		g.startShadow(ev)
	case "reject":
		g.rejectUsed[s] = true
		ev.public("sr.ev.reject", "player", g.name(s))
		ev.table("sr.do.reject")
		g.deal(ev)
	case "roll", "rolled":
		n := a.n
		if a.kind == "roll" && g.phase == OrderPhase {
			g.rollOrder(ev)
			return
		}
		if a.kind == "roll" {
			n = g.rng.IntN(6) + 1
		}
		if g.phase == OrderPhase {
			g.orderRolled(s, n, ev)
			return
		}
		g.roll[s] = n
		ev.add(nil, false, true, false, "sr.ev.shadow_rolled", "player", g.name(s))
		ev.private([]engine.Seat{s}, a.kind == "roll", "sr.pv.shadow_roll", "n", strconv.Itoa(n), "allows", "@"+g.data.Shadow[n-1].Key())
	case "pick":
		g.pick[s] = a.n
		g.left[a.n]--
		ev.public("sr.ev.picked", "player", g.name(s))
		ev.private([]engine.Seat{s}, false, "sr.pv.picked", "silhouette", "@"+g.sil(a.n).ShortKey(), "attr", "@"+g.sil(a.n).Attr.Key())
		for _, p := range g.pick {
			if p < 0 {
				return
			}
		}
		g.reveal(ev)
	case "switch":
		old := g.pick[s]
		g.left[old]++
		g.left[a.n]--
		g.pick[s] = a.n
		ev.public("sr.ev.switched", "player", g.name(s), "from", "@"+g.sil(old).NameKey(), "to", "@"+g.sil(a.n).NameKey())
		ev.table("sr.do.switch", "player", g.name(s), "from", "@"+g.sil(old).NameKey(), "to", "@"+g.sil(a.n).NameKey())
		g.lineupAnswered(ev)
	case "ambush":
		g.ambush[a.card] = a.n
		base := g.baseSeats()
		ev.public("sr.ev.ambush", "player", g.name(s), "card", AmbushNames[a.card])
		ev.private(base, false, "sr.pv.ambush", "player", g.name(s), "card", AmbushNames[a.card],
			"planet", strconv.Itoa(a.n/SquaresPerPlanet+1), "square", strconv.Itoa(a.n%SquaresPerPlanet+1))
		if g.cfg.Board == PhysicalBoard {
			ev.add(base, true, false, true, "sr.do.ambush_swap", "player", g.name(s), "card", AmbushNames[a.card],
				"planet", strconv.Itoa(a.n/SquaresPerPlanet+1), "square", strconv.Itoa(a.n%SquaresPerPlanet+1))
		}
		if g.ambush[0] >= 0 && g.ambush[1] >= 0 {
			ev.public("sr.ev.ambushes_hidden")
			if g.cfg.Board == PhysicalBoard {
				ev.table("sr.do.look_again")
			}
			g.startOrder(ev)
		}
	}
}

// deal is SR-11 and SR-12: draw the counts from the pools, shuffle the
// drawn cards and deal one to each player, privately.
func (g *Game) deal(ev *events) {
	g.deals++
	set := g.drawSet(g.rng, nil)
	g.rng.Shuffle(len(set), func(i, j int) { set[i], set[j] = set[j], set[i] })
	copy(g.char, set)
	for i := range g.kept {
		g.kept[i] = false
	}
	c := g.counts
	ev.add(nil, false, true, false, "sr.ev.dealt", "n", strconv.Itoa(g.deals), "l", strconv.Itoa(c.L), "g", strconv.Itoa(c.G),
		"e", strconv.Itoa(c.E), "s", strconv.Itoa(c.S), "x", strconv.Itoa(c.X))
	if g.deals == 1 {
		ev.table("sr.do.deal")
	}
	for s := range g.char {
		seat := engine.Seat(s)
		ch := g.character(seat)
		key := "sr.pv.character"
		if g.eligibleReject(seat) {
			key = "sr.pv.character_reject"
		}
		ev.private([]engine.Seat{seat}, true, key, "character", "@"+ch.NameKey(), "attr", "@"+ch.Attr.Key())
	}
	g.phase = RejectPhase
}

// drawSet draws table 7.1's counts from the pools (SR-11): L, G, E and S
// from their pools, then X from the G, E and S cards not drawn. The draw is
// made to include every character in must (Resample keeps the characters a
// seat has seen).
func (g *Game) drawSet(r *engine.Rand, must []int) []int {
	index := map[string]int{}
	for i, c := range g.data.Characters {
		index[c.ID] = i
	}
	isMust := map[int]bool{}
	for _, c := range must {
		isMust[c] = true
	}
	// first shuffles cards and moves those in must to the front.
	first := func(cards []int) {
		r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		k := 0
		for i, c := range cards {
			if isMust[c] {
				cards[k], cards[i] = cards[i], cards[k]
				k++
			}
		}
	}
	l, gp, e, sp := g.data.Pools(g.cfg.RaisaGood)
	var set []int
	// take draws n from a pool and returns the cards it left.
	take := func(ids []string, n int) []int {
		pool := make([]int, len(ids))
		for i, id := range ids {
			pool[i] = index[id]
		}
		first(pool)
		set = append(set, pool[:n]...)
		return pool[n:]
	}
	take(l, g.counts.L)
	var rest []int
	rest = append(rest, take(gp, g.counts.G)...)
	rest = append(rest, take(e, g.counts.E)...)
	rest = append(rest, take(sp, g.counts.S)...)
	first(rest)
	return append(set, rest[:g.counts.X]...)
}

func (g *Game) resetCopies() {
	g.left = make([]int, len(g.data.Silhouettes))
	for i, s := range g.data.Silhouettes {
		g.left[i] = s.Count
	}
}

// startShadow is SR-14: every player rolls the shadow die.
func (g *Game) startShadow(ev *events) {
	g.phase = ShadowPhase
	g.shadowRounds++
	for s := range g.roll {
		g.roll[s] = 0
		g.pick[s] = -1
	}
	g.resetCopies()
	if g.cfg.Dice == PhysicalDice {
		ev.table("sr.do.shadow_physical")
	} else {
		ev.table("sr.do.shadow_virtual")
	}
}

// reveal is SR-15: all silhouettes at once, then the Good and Evil check.
func (g *Game) reveal(ev *events) {
	var good, evil int
	for s, p := range g.pick {
		sil := g.sil(p)
		ev.add(nil, true, false, false, "sr.ev.silhouette", "player", g.name(engine.Seat(s)), "silhouette", "@"+sil.ShortKey(), "attr", "@"+sil.Attr.Key())
		switch sil.Attr {
		case Good:
			good++
		case Evil:
			evil++
		}
	}
	ev.table("sr.do.silhouettes")
	if good == 0 || evil == 0 {
		missing := "@" + Good.Key()
		if evil == 0 {
			missing = "@" + Evil.Key()
		}
		ev.public("sr.ev.reroll", "attr", missing)
		ev.table("sr.do.silhouettes_back")
		g.startShadow(ev)
		return
	}
	g.phase = LineupPhase
	clear(g.keptSil)
	if evil < 2 {
		g.confirm(ev)
		return
	}
	ev.public("sr.ev.lineup", "players", g.names(g.evilSeats()))
}

// toAnswer is SR-15: seat s holds an Evil silhouette, may still switch
// (another Evil one remains) and has not said it keeps it. The line-up
// waits for exactly these seats.
func (g *Game) toAnswer(s engine.Seat) bool {
	return g.phase == LineupPhase && g.evil(s) && !g.keptSil[s] && g.evilCount() >= 2
}

// checkLineup says why seat s may not keep or switch its silhouette now
// (SR-15), or nil.
func (g *Game) checkLineup(s engine.Seat, a act, w why) error {
	switch {
	case !g.evil(s) && a.kind == "keep":
		return w.no("sr.err.keep_not_evil")
	case !g.evil(s):
		return w.no("sr.err.switch_not_evil")
	case g.keptSil[s]:
		return w.no("sr.err.kept_silhouette")
	case g.evilCount() < 2:
		return w.no("sr.err.last_evil")
	}
	return nil
}

// lineupAnswered ends SR-15 once no Evil silhouette is left to answer:
// each kept theirs, or one Evil silhouette is left. A keep stands when
// another player switches later: the keeper has said so.
func (g *Game) lineupAnswered(ev *events) {
	for s := range g.pick {
		if g.toAnswer(engine.Seat(s)) {
			return
		}
	}
	g.confirm(ev)
}

func (g *Game) evilSeats() []engine.Seat {
	var out []engine.Seat
	for s := range g.pick {
		if g.evil(engine.Seat(s)) {
			out = append(out, engine.Seat(s))
		}
	}
	return out
}

func (g *Game) baseSeats() []engine.Seat {
	if g.phase < AmbushPhase {
		return nil
	}
	return g.evilSeats()
}

// confirm ends SR-15 (the line-up is final) and starts SR-16: the
// Evil-silhouette players are the base players; A goes to the first, B to
// the second (or the first again).
func (g *Game) confirm(ev *events) {
	g.phase = AmbushPhase
	base := g.baseSeats()
	g.ambushOwner = [2]engine.Seat{base[0], base[0]}
	if len(base) > 1 {
		g.ambushOwner[1] = base[1]
	}
	ev.public("sr.ev.base", "players", g.names(base))
	ev.public("sr.ev.ambush_owners", "a", g.name(g.ambushOwner[0]), "b", g.name(g.ambushOwner[1]))
	if g.cfg.Board == PhysicalBoard {
		ev.table("sr.do.ambush_physical", "players", g.names(base))
	} else {
		ev.table("sr.do.ambush_virtual", "players", g.names(base))
	}
}

// startOrder is SR-17: every non-base player rolls one die, publicly.
func (g *Game) startOrder(ev *events) {
	g.phase = OrderPhase
	var rollers []engine.Seat
	for s := range g.orderIn {
		g.orderIn[s] = !g.Base(engine.Seat(s))
		if g.orderIn[s] {
			rollers = append(rollers, engine.Seat(s))
		}
	}
	if g.cfg.Dice == PhysicalDice {
		ev.table("sr.do.order_physical", "players", g.names(rollers))
	} else {
		ev.table("sr.do.order_virtual", "players", g.names(rollers))
	}
}

// rollOrder rolls every die of the turn-order roll (virtual dice), ties
// again among the tied, until one player has the highest.
func (g *Game) rollOrder(ev *events) {
	for g.phase == OrderPhase {
		for s, in := range g.orderIn {
			if in {
				g.orderRolled(engine.Seat(s), g.rng.IntN(6)+1, ev)
			}
		}
	}
}

// orderRolled records one turn-order roll; when the round is complete it
// finds the highest (SR-17).
func (g *Game) orderRolled(s engine.Seat, n int, ev *events) {
	g.orderRolls[s] = append(g.orderRolls[s], n)
	g.orderIn[s] = false
	ev.add(nil, false, true, false, "sr.ev.order_roll", "player", g.name(s), "n", strconv.Itoa(n))
	for _, in := range g.orderIn {
		if in {
			return
		}
	}
	// Everyone in the round has rolled: the round's players are those whose
	// roll count equals the most rolls anyone has.
	rounds := 0
	for _, r := range g.orderRolls {
		rounds = max(rounds, len(r))
	}
	best, tied := 0, []engine.Seat(nil)
	for st, r := range g.orderRolls {
		if len(r) != rounds {
			continue
		}
		switch v := r[rounds-1]; {
		case v > best:
			best, tied = v, []engine.Seat{engine.Seat(st)}
		case v == best:
			tied = append(tied, engine.Seat(st))
		}
	}
	if len(tied) > 1 {
		for _, t := range tied {
			g.orderIn[t] = true
		}
		ev.public("sr.ev.order_tie", "players", g.names(tied), "n", strconv.Itoa(best))
		return
	}
	g.starter = tied[0]
	ev.public("sr.ev.order", "player", g.name(g.starter), "order", g.names(g.PlanetOrder()))
	g.dealPlanetCards(ev)
}

// dealPlanetCards is SR-18: each base player is dealt table 7.3's number of
// planet cards at random, privately.
func (g *Game) dealPlanetCards(ev *events) {
	base := g.baseSeats()
	g.each = g.data.PlanetCardsFor(g.Seats() - len(base))
	if g.cfg.Board == PhysicalBoard {
		ev.table("sr.do.planet_cards_physical", "players", g.names(base), "n", strconv.Itoa(g.each))
	} else {
		// The planet deck without the ambush cards, which the base players
		// hold (SR-16). Decision: the base players' cards come off the top
		// of the shuffled deck before the board is laid (SR-20); in a
		// shuffled deck that is the same as dealing from what the board
		// leaves.
		g.deck = nil
		for i, c := range g.data.PlanetCards {
			if c.Kind == Ambush {
				continue
			}
			for k := 0; k < c.Count; k++ {
				g.deck = append(g.deck, i)
			}
		}
		g.rng.Shuffle(len(g.deck), func(i, j int) { g.deck[i], g.deck[j] = g.deck[j], g.deck[i] })
		ev.add(nil, false, true, false, "sr.ev.planet_cards", "players", g.names(base), "n", strconv.Itoa(g.each))
		for _, b := range base {
			for k := 0; k < g.each; k++ {
				top := g.deck[len(g.deck)-1]
				g.deck = g.deck[:len(g.deck)-1]
				g.hands[b] = append(g.hands[b], top)
				c := g.data.PlanetCards[top]
				ev.private([]engine.Seat{b}, true, "sr.pv.planet_card", "card", "@"+c.NameKey(), "kind", "@"+c.Kind.Key())
			}
		}
		ev.table("sr.do.planet_cards_virtual", "players", g.names(base))
		g.infoFirstDeal(base, ev)
	}
	g.phase = PlayPhase
	ev.public("sr.ev.ready", "player", g.name(g.starter))
	if g.planetOver {
		g.stage = PlanetStage
		g.closePlanet(engine.M("sr.ev.planet_over_info"), "sr.do.planet_over_info", ev)
		return
	}
	g.layPlanet(ev)
}

// InfoToEnd is SR-21, SR-22: information cards that end the planet phase.
const InfoToEnd = 3

// infos counts the information cards among planet cards.
func (g *Game) infos(cards []int) int {
	n := 0
	for _, c := range cards {
		if g.data.PlanetCards[c].Kind == Info {
			n++
		}
	}
	return n
}

// infoFirstDeal is SR-22 for the first deal: a base player dealt three or
// more information cards shows them, and the planet phase ends at once.
func (g *Game) infoFirstDeal(base []engine.Seat, ev *events) {
	for _, b := range base {
		if n := g.infos(g.hands[b]); n >= InfoToEnd {
			g.infoShown[b] = n
			g.planetOver = true
			ev.add(nil, true, false, false, "sr.ev.info_first_deal", "player", g.name(b), "n", strconv.Itoa(n))
		}
	}
}
