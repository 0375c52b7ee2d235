package noir

import (
	"strconv"
	"strings"

	"tablemaster/engine"
)

// The two seats of a Noir table.
const (
	Killer    engine.Seat = 0
	Inspector engine.Seat = 1
)

// KillsToWin is NC-16: the Killer wins when this many suspects are dead.
const KillsToWin = 16

// CitizensArrests is the number of citizen's arrests per game (NC-14).
const CitizensArrests = 3

// Phase says what the game waits for.
type Phase uint8

// The phases of a game, in the order they first occur.
const (
	KillerIdentity  Phase = iota // NC-5: the Killer draws an identity
	KillerFirstKill              // NC-5: then kills a neighbour
	InspectorDraw                // NC-6: the Inspector draws four
	InspectorKeep                // NC-6: and keeps one
	Play                         // NC-7 …: one action per turn
	DisguiseDraw                 // physical deck: the Killer enters the drawn card
	ClearDraw                    // physical deck: the Inspector enters the drawn card
	ClearChoose                  // NC-13: the Inspector chooses a card to clear
	CitizenPoint                 // NC-14: the Inspector points at a neighbour
	Over                         // NC-17
	CollapsePick                 // NA-5: one dead suspect from each line
	AccusePick                   // NA-10: the two suspects named
	RefillDraw                   // NA-5, NA-9, physical deck: the Inspector enters the cards drawn
)

var phaseNames = [...]string{"killer-identity", "killer-first-kill", "inspector-draw",
	"inspector-keep", "play", "disguise-draw", "clear-draw", "clear-choose", "citizen-point", "over",
	"collapse-pick", "accuse-pick", "refill-draw"}

func (p Phase) String() string { return phaseNames[p] }

// Game is one game of Noir, playing-card variant. Its state is changed
// only by Apply, which validates first and changes nothing on error.
// Legal keeps what it made for the next turns (choices, acts), so a Game
// is for one goroutine at a time, even to read it (the moderator's table
// holds its lock).
type Game struct {
	cfg  Config
	grid Grid

	dead, innocent, removed [NumSuspects]bool
	removedOrder            []int // suspects, in the order they left
	discarded               []int // evidence cards shown and put on the removed pile

	deck    []int // virtual: top is the last; physical: the cards still in it
	killer  int   // the Killer's identity, -1 before it is drawn
	insp    int   // the Inspector's identity, -1 before it is kept
	hand    []int // the Inspector's hand
	drawn   []int // the four setup cards before one is kept
	citizen int   // the card played for a citizen's arrest, -1 otherwise

	// Physical deck only (physical.go): bad is an entry that named a card
	// the other seat holds hidden, and lost counts the real cards that left
	// the deck without the engine knowing which (the one really drawn then).
	bad  *badEntry
	lost int

	phase       Phase
	turn        engine.Seat
	turnNo      int // counts completed turns; the current one is turnNo+1
	kills       int
	arrestsLeft int

	positions map[string]int // NC-7: position key → turn it first occurred
	lastShift *lastShift     // NC-7 no-undo
	outcome   engine.Outcome

	// The Automata variant (automata.go).
	disguise int   // the Killer's disguise card, -1 before it is drawn
	picks    []int // CollapsePick: the suspect taken from each line, -1 none yet
	pickAxis Axis  // CollapsePick: Row takes one from each row
	accused  int   // AccusePick: the first suspect named, -1 none yet
	// RefillDraw: the cards still to enter, and the seat to move after.
	refill int
	resume engine.Seat
	// What the table has seen that a redraw must keep true (resample.go).
	facts facts

	// choices keeps the words of the card choices Legal made (choice):
	// every turn offers the same few dozen; acts is Legal's list of
	// candidates. Neither is copied by Clone.
	choices map[choiceKey]engine.Choice
	acts    []act
}

type lastShift struct {
	by     engine.Seat
	shift  Shift
	turnNo int // the turn in which it was made
}

var _ engine.Game = (*Game)(nil)
var _ engine.Resampler = (*Game)(nil)

// New lays out the suspects and shuffles the evidence deck, both from seed.
func New(cfg Config, seed uint64) *Game {
	rng := engine.NewRand(seed)
	layout := make([]int, NumSuspects)
	for i := range layout {
		layout[i] = i
	}
	if cfg.Layout == Shuffled {
		rng.Shuffle(len(layout), func(i, j int) { layout[i], layout[j] = layout[j], layout[i] })
	}
	deck := make([]int, NumSuspects)
	for i := range deck {
		deck[i] = i
	}
	if cfg.Deck == Virtual {
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	}
	g := &Game{
		cfg:         cfg.Normal(),
		grid:        NewGrid(5, 5, layout),
		deck:        deck,
		killer:      -1,
		insp:        -1,
		citizen:     -1,
		disguise:    -1,
		accused:     -1,
		arrestsLeft: CitizensArrests,
		positions:   map[string]int{},
	}
	g.positions[g.positionKey(g.grid, &g.dead)] = 0
	return g
}

// Config returns the table options.
func (g *Game) Config() Config { return g.cfg }

// Seats is always 2: the Killer (seat 0) and the Inspector (seat 1).
func (g *Game) Seats() int { return 2 }

// Phase is what the game waits for.
func (g *Game) Phase() Phase { return g.phase }

// Turn is the seat expected to act.
func (g *Game) Turn() engine.Seat { return g.turn }

// Outcome tells whether the game is over and who won.
func (g *Game) Outcome() engine.Outcome {
	o := g.outcome
	o.Winners = append([]engine.Seat(nil), o.Winners...)
	return o
}

// Grid returns a copy of the grid as it lies now.
func (g *Game) Grid() Grid { return g.grid.Clone() }

// Clone returns an independent copy of the game.
func (g *Game) Clone() *Game {
	c := *g
	c.grid = g.grid.Clone()
	c.removedOrder = append([]int(nil), g.removedOrder...)
	c.discarded = append([]int(nil), g.discarded...)
	c.deck = append([]int(nil), g.deck...)
	c.hand = append([]int(nil), g.hand...)
	c.drawn = append([]int(nil), g.drawn...)
	c.positions = make(map[string]int, len(g.positions))
	for k, v := range g.positions {
		c.positions[k] = v
	}
	if g.lastShift != nil {
		ls := *g.lastShift
		c.lastShift = &ls
	}
	if g.bad != nil {
		b := *g.bad
		c.bad = &b
	}
	c.outcome.Winners = append([]engine.Seat(nil), g.outcome.Winners...)
	c.picks = append([]int(nil), g.picks...)
	c.facts = g.facts.clone()
	c.choices, c.acts = nil, nil // Legal writes them: a clone has its own
	return &c
}

// sname is the suspect card lying on the grid for id: a playing card, or
// with a roster the edition's name (NA-1).
func (g *Game) sname(id int) string {
	if g.cfg.Roster != nil {
		return g.cfg.Roster[id]
	}
	return SuspectName(id, g.cfg.Kings)
}

// ename is the evidence card naming id; with a roster it carries the
// suspect's name.
func (g *Game) ename(id int) string {
	if g.cfg.Roster != nil {
		return g.cfg.Roster[id]
	}
	return EvidenceName(id, g.cfg.Kings)
}

// cell names where a suspect lies now, or "—" once it left the grid.
func (g *Game) cell(id int) string {
	r, c, ok := g.grid.Find(id)
	if !ok {
		return "—"
	}
	return CellName(r, c)
}

func (g *Game) positionKey(grid Grid, dead *[NumSuspects]bool) string {
	var buf keyBuf
	return string(g.appendKey(buf[:0], grid, dead))
}

// keyBuf holds a position key: the grid's key, '/', a mark per suspect.
type keyBuf [4 + 2*NumSuspects + 1]byte

// appendKey writes the position key into b: check builds one for every
// shift Legal offers, so it must not allocate.
func (g *Game) appendKey(b []byte, grid Grid, dead *[NumSuspects]bool) []byte {
	b = grid.appendKey(b)
	b = append(b, '/')
	for i := 0; i < NumSuspects; i++ {
		switch {
		case dead[i] && g.innocent[i]:
			b = append(b, 'x')
		case dead[i]:
			b = append(b, 'd')
		case g.innocent[i]:
			b = append(b, 'i')
		default:
			b = append(b, '.')
		}
	}
	return b
}

// act is a decoded action.
type act struct {
	// kind is one of draw drew kill shift disguise arrest clear citizen
	// keep point dispute, and in the Automata variant also collapse
	// remove canvas accuse name cancel (automata.go).
	kind  string
	card  int // suspect id (also the evidence card naming it); -1 if none
	shift Shift
	axis  Axis   // collapse: Row takes one suspect from each row
	swap  string // disguise in Automata: "swap" or "pretend"
}

func (a act) String(g *Game) string {
	switch a.kind {
	case "shift":
		return a.shift.String()
	case "kill", "arrest", "point", "remove", "name":
		return a.kind + " " + g.sname(a.card)
	case "drew", "keep", "citizen", "dispute", "canvas":
		return a.kind + " " + g.ename(a.card)
	case "collapse":
		if a.axis == Row {
			return "collapse rows"
		}
		return "collapse cols"
	case "disguise":
		if a.swap != "" {
			return "disguise " + a.swap
		}
	case "clear":
		if a.card >= 0 {
			return "clear " + g.ename(a.card)
		}
	}
	return a.kind
}

func illegal(key string, nv ...string) error {
	return engine.Errorf(engine.ErrIllegal, "noir", engine.M(key, nv...))
}

// Decode reads an action as a person types it. Targets may be cells
// ("kill B3") or cards in any spelling ("kill S7", "kill ♠7"); shifts may be
// "shift row 2 left", "shift col B up", "shift 2 left" or "shift B up".
func (g *Game) Decode(s engine.Seat, text string) (engine.Action, error) {
	a, err := g.decode(text)
	if err != nil {
		return "", err
	}
	return engine.Action(a.String(g)), nil
}

func (g *Game) decode(text string) (act, error) {
	bad := func() (act, error) {
		return act{}, engine.Errorf(engine.ErrNotation, "noir", engine.M("noir.err.notation", "text", text))
	}
	f := strings.Fields(strings.ToLower(strings.TrimSpace(text)))
	if len(f) == 0 {
		return bad()
	}
	kind := f[0]
	automata := g.cfg.Variant == Automata
	switch kind {
	case "disguise":
		if automata {
			if len(f) != 2 || (f[1] != "swap" && f[1] != "pretend") {
				return bad()
			}
			return act{kind: kind, card: -1, swap: f[1]}, nil
		}
		fallthrough
	case "draw":
		if len(f) != 1 {
			return bad()
		}
		return act{kind: kind, card: -1}, nil
	case "accuse", "cancel":
		if !automata || len(f) != 1 {
			return bad()
		}
		return act{kind: kind, card: -1}, nil
	case "collapse":
		if !automata || len(f) != 2 {
			return bad()
		}
		switch f[1] {
		case "rows", "row", "r":
			return act{kind: kind, card: -1, axis: Row}, nil
		case "cols", "col", "columns", "column", "c":
			return act{kind: kind, card: -1, axis: Col}, nil
		}
		return bad()
	case "canvas", "remove", "name":
		if !automata {
			return bad()
		}
		fallthrough
	case "clear":
		if kind == "clear" && len(f) == 1 {
			return act{kind: kind, card: -1}, nil
		}
		fallthrough
	case "kill", "arrest", "point", "drew", "keep", "citizen", "dispute":
		if len(f) > 2 && g.cfg.Roster != nil {
			// A boxed edition's name may have spaces: "kill lady grey".
			f = []string{f[0], strings.Join(f[1:], " ")}
		}
		if len(f) != 2 {
			return bad()
		}
		cells := kind == "kill" || kind == "arrest" || kind == "point" || kind == "remove" || kind == "name" || kind == "canvas"
		if cells && cellShaped(f[1]) {
			if r, c, ok := g.grid.ParseCell(f[1]); ok {
				return act{kind: kind, card: g.grid.At(r, c)}, nil
			}
			// "D5" once row 5 has left the grid is not ♦5.
			return act{}, engine.Errorf(engine.ErrNotation, "noir", engine.M("noir.err.no_such_cell",
				"text", strings.ToUpper(f[1]), "rows", strconv.Itoa(g.grid.Rows()), "last", ColName(g.grid.Cols()-1)))
		}
		id, ok := g.target(f[1], cells)
		if !ok {
			return act{}, engine.Errorf(engine.ErrNotation, "noir", engine.M("noir.err.no_such_card", "text", f[1]))
		}
		return act{kind: kind, card: id}, nil
	case "shift", "move":
		sh, ok := g.parseShift(f[1:])
		if !ok {
			return bad()
		}
		return act{kind: "shift", card: -1, shift: sh}, nil
	}
	return bad()
}

// cellShaped reports whether s names a cell of the full 5×5 grid (A1–E5).
// Such a text is always read as a cell, never as a card ("C3" is not ♣3,
// "D5" not ♦5), so that its meaning does not change when the grid shrinks.
func cellShaped(s string) bool {
	return len(s) == 2 && s[0] >= 'a' && s[0] <= 'e' && s[1] >= '1' && s[1] <= '5'
}

// target reads a card, or with cells true also a cell of the grid.
func (g *Game) target(s string, cells bool) (int, bool) {
	if cells {
		if r, c, ok := g.grid.ParseCell(s); ok {
			return g.grid.At(r, c), true
		}
	}
	if g.cfg.Roster != nil {
		for id, name := range g.cfg.Roster {
			if strings.EqualFold(name, s) {
				return id, true
			}
		}
		return 0, false
	}
	id, _, ok := parseCard(s, g.cfg.Kings)
	return id, ok
}

func (g *Game) parseShift(f []string) (Shift, bool) {
	var sh Shift
	if len(f) == 3 {
		switch f[0] {
		case "row", "r":
			sh.Axis = Row
		case "col", "column", "c":
			sh.Axis = Col
		default:
			return sh, false
		}
		f = f[1:]
	} else if len(f) == 2 {
		if len(f[0]) == 1 && f[0][0] >= 'a' && f[0][0] <= 'z' {
			sh.Axis = Col
		} else {
			sh.Axis = Row
		}
	} else {
		return sh, false
	}
	if sh.Axis == Row {
		n, err := strconv.Atoi(f[0])
		if err != nil {
			return sh, false
		}
		sh.Index = n - 1
	} else {
		if len(f[0]) != 1 || f[0][0] < 'a' || f[0][0] > 'z' {
			return sh, false
		}
		sh.Index = int(f[0][0] - 'a')
	}
	switch f[1] {
	case "left", "l", "←":
		sh.Dir = -1
		if sh.Axis != Row {
			return sh, false
		}
	case "right", "r", "→":
		sh.Dir = +1
		if sh.Axis != Row {
			return sh, false
		}
	case "up", "u", "↑":
		sh.Dir = -1
		if sh.Axis != Col {
			return sh, false
		}
	case "down", "d", "↓":
		sh.Dir = +1
		if sh.Axis != Col {
			return sh, false
		}
	default:
		return sh, false
	}
	return sh, true
}

// candidates lists the actions worth checking for seat s now; Legal keeps
// those that pass check. (Dead suspects are left out here already, only
// to spare check the work: check refuses them too.)
func (g *Game) candidates(s engine.Seat, out []act) []act {
	if g.phase == Over || s != g.turn {
		return out
	}
	if g.cfg.Variant == Automata {
		return g.candidatesA(s, out)
	}
	addCards := func(kind string, ids []int) {
		for _, id := range ids {
			out = append(out, act{kind: kind, card: id})
		}
	}
	switch g.phase {
	case KillerIdentity, InspectorDraw, DisguiseDraw, ClearDraw:
		if g.cfg.Deck == Virtual {
			out = append(out, act{kind: "draw", card: -1})
		} else {
			addCards("drew", g.unknownTo(s))
		}
	case KillerFirstKill:
		addCards("kill", g.living(g.grid.Neighbours(g.killer)))
	case InspectorKeep:
		addCards("keep", g.drawn)
	case ClearChoose:
		addCards("clear", g.hand)
	case CitizenPoint:
		addCards("point", g.living(g.grid.Neighbours(g.citizen)))
	case Play:
		if g.mustDispute(s) {
			// The seat's only move: show the card (physical.go).
			addCards("dispute", []int{g.bad.card})
			break
		}
		for i := range g.grid.numShifts() {
			out = append(out, act{kind: "shift", card: -1, shift: g.grid.nthShift(i)})
		}
		if s == Killer {
			addCards("kill", g.living(g.grid.Neighbours(g.killer)))
			out = append(out, act{kind: "disguise", card: -1})
		} else {
			addCards("arrest", g.living(append([]int{g.insp}, g.grid.Neighbours(g.insp)...)))
			out = append(out, act{kind: "clear", card: -1})
			addCards("citizen", g.hand)
		}
	}
	return out
}

// Legal lists every action seat s may take now (principle 2: a phone offers
// only these, and Apply accepts every one of them). With a physical deck,
// "drew" lists every card the seat cannot know to be out of the deck; see
// unknownTo.
func (g *Game) Legal(s engine.Seat) []engine.Choice {
	// The candidates go in the game's own list, used again every turn:
	// on the stack they grew the stack of every page's goroutine.
	acts := g.legal(s, g.acts[:0])
	g.acts = acts[:0]
	if len(acts) == 0 {
		return nil
	}
	out := make([]engine.Choice, 0, len(acts))
	for _, a := range acts {
		out = append(out, g.choice(a))
	}
	return out
}

// legal is Legal without the words: the actions that pass check,
// appended to buf.
func (g *Game) legal(s engine.Seat, buf []act) []act {
	cs := g.candidates(s, buf)
	out := cs[:0]
	for _, a := range cs {
		if g.check(s, a) == nil {
			out = append(out, a)
		}
	}
	return out
}

// choiceKey names a card choice's words: its kind, its card and where
// the card lies (row -1 once off the grid).
type choiceKey struct {
	kind       string
	card, r, c int
}

// maxChoices bounds Game.choices; past it the words are made again. A
// turn offers some twenty card choices, and the cards move on every
// shift: at 256 every game of a hundred kept 13 MB of old words once it
// had played a hundred moves (the server's peak went from 61 to 87 MB).
const maxChoices = 64

// choice is the choice a offers, in words. A card choice's words depend
// on its kind, its card and the card's cell alone, and a message's
// arguments are never changed once made, so those are kept (each label
// is a map); a shift's are the same in every game (shiftChoice).
func (g *Game) choice(a act) engine.Choice {
	switch a.kind {
	case "shift":
		return shiftChoice(a.shift)
	case "kill", "arrest", "point", "canvas", "keep", "citizen":
		k := choiceKey{kind: a.kind, card: a.card, r: -1}
		if r, c, ok := g.grid.Find(a.card); ok {
			k.r, k.c = r, c
		}
		if c, ok := g.choices[k]; ok {
			return c
		}
		c := g.makeChoice(a)
		if g.choices == nil || len(g.choices) >= maxChoices {
			g.choices = make(map[choiceKey]engine.Choice, 32)
		}
		g.choices[k] = c
		return c
	}
	return g.makeChoice(a)
}

// makeChoice is choice, made afresh.
func (g *Game) makeChoice(a act) engine.Choice {
	c := engine.Choice{Action: engine.Action(a.String(g)), Group: engine.Msg{Key: "noir.g." + a.kind}}
	switch a.kind {
	case "shift":
		return makeShiftChoice(a.shift)
	case "draw":
		c.Label = engine.M("noir.c.draw." + g.phase.String())
		// Its words depend on the phase alone, and what it draws is told
		// to the drawer only: it stays in view (face.Fold), the first
		// thing a seat does.
		c.Public = true
	case "disguise":
		c.Label = engine.M("noir.c.disguise")
		if a.swap != "" {
			c.Label = engine.M("noir.c.disguise_" + a.swap)
		}
	case "collapse":
		c.Label = engine.M("noir.c.collapse." + a.axis.String())
		c.Public = true
	case "cancel":
		c.Label = engine.M("noir.c.cancel." + g.phase.String())
		c.Public = true
	case "accuse":
		c.Label = engine.M("noir.c.accuse")
		c.Public = true
	case "remove", "name":
		c.Label = engine.M("noir.c.suspect", "suspect", g.sname(a.card), "cell", g.cell(a.card))
		if g.removed[a.card] {
			c.Label = engine.M("noir.c.suspect_gone", "suspect", g.sname(a.card))
		}
		c.Public = true
		if a.kind == "name" && g.accused >= 0 {
			// The second name decides the game (NA-10).
			c.Group = engine.M("noir.g.name_second", "suspect", g.sname(g.accused))
			c.Confirm = true
		}
	case "canvas":
		c.Label = engine.M("noir.c.card_at", "card", g.ename(a.card), "suspect", g.sname(a.card), "cell", g.cell(a.card))
	case "clear":
		if a.card < 0 {
			c.Label = engine.M("noir.c.clear")
			c.Group = engine.M("noir.g.clear")
		} else {
			c.Label = engine.M("noir.c.card_at", "card", g.ename(a.card), "suspect", g.sname(a.card), "cell", g.cell(a.card))
			c.Group = engine.M("noir.g.clear_choose")
		}
	case "drew":
		c.Label = engine.M("noir.c.card", "card", g.ename(a.card))
		if g.cfg.Variant == Automata && g.phase == KillerIdentity {
			c.Group = engine.M("noir.g.drew_identity")
			if g.killer >= 0 {
				c.Group = engine.M("noir.g.drew_disguise")
			}
		}
	case "dispute":
		c.Label = engine.M("noir.c.dispute."+roleName(1-g.bad.by), "card", g.ename(a.card))
	case "keep", "citizen":
		c.Label = engine.M("noir.c.card_at", "card", g.ename(a.card), "suspect", g.sname(a.card), "cell", g.cell(a.card))
	default: // kill, arrest, point
		c.Label = engine.M("noir.c.suspect", "suspect", g.sname(a.card), "cell", g.cell(a.card))
	}
	return c
}

// shiftChoices are the shift choices of a grid of up to 5×5 (Shift.slot),
// made once: every turn offers them, the same in every game. A message's
// arguments are never changed once made, so the words are shared.
var shiftChoices = func() (t [shiftSlots]engine.Choice) {
	for i := range t {
		t[i] = makeShiftChoice(shiftOfSlot(i))
	}
	return t
}()

func shiftChoice(sh Shift) engine.Choice {
	if i, ok := sh.slot(); ok {
		return shiftChoices[i]
	}
	return makeShiftChoice(sh)
}

// shiftLines are the story lines of a shift, by seat and slot: made once
// like shiftChoices, so a long game's story does not hold two maps of
// words per shift.
var shiftLines = func() (t [2][shiftSlots][2]engine.Msg) {
	for s := range t {
		for i := range t[s] {
			t[s][i] = makeShiftLines(engine.Seat(s), shiftOfSlot(i))
		}
	}
	return t
}()

// shiftLine is the public line of seat s's shift sh ("The Killer shifted
// row 2 left.") and the table's instruction.
func shiftLine(s engine.Seat, sh Shift) [2]engine.Msg {
	if i, ok := sh.slot(); ok && (s == Killer || s == Inspector) {
		return shiftLines[s][i]
	}
	return makeShiftLines(s, sh)
}

func makeShiftLines(s engine.Seat, sh Shift) [2]engine.Msg {
	args := shiftMsg("", sh).Args
	return [2]engine.Msg{
		engine.M("noir.ev.shift", "role", roleKey(s), "line", args["line"], "n", args["n"], "dir", args["dir"]),
		shiftMsg("noir.do.shift", sh),
	}
}

func makeShiftChoice(sh Shift) engine.Choice {
	return engine.Choice{Action: engine.Action(sh.String()), Group: engine.Msg{Key: "noir.g.shift"},
		Label: shiftMsg("noir.c.shift", sh), Public: true}
}

func shiftMsg(key string, sh Shift) engine.Msg {
	line, n, dir := "@noir.line.row", strconv.Itoa(sh.Index+1), "@noir.dir.left"
	switch {
	case sh.Axis == Col && sh.Dir < 0:
		line, n, dir = "@noir.line.col", ColName(sh.Index), "@noir.dir.up"
	case sh.Axis == Col:
		line, n, dir = "@noir.line.col", ColName(sh.Index), "@noir.dir.down"
	case sh.Dir > 0:
		dir = "@noir.dir.right"
	}
	return engine.M(key, "line", line, "n", n, "dir", dir)
}

// The kinds of action each phase takes (check).
var (
	drawKinds      = []string{"draw", "drew"}
	drewKinds      = []string{"drew"}
	killKinds      = []string{"kill"}
	keepKinds      = []string{"keep"}
	clearKinds     = []string{"clear"}
	pointKinds     = []string{"point"}
	killerKinds    = []string{"shift", "kill", "disguise"}
	inspectorKinds = []string{"shift", "arrest", "clear", "citizen"}
	disputeKinds   = []string{"dispute"}
)

// check says why a decoded action cannot be taken now, or nil.
func (g *Game) check(s engine.Seat, a act) error {
	if g.phase == Over {
		return illegal("noir.err.over")
	}
	if s != g.turn {
		return engine.Errorf(engine.ErrNotYourTurn, "noir", engine.M("err.not_your_turn"))
	}
	var want []string
	switch g.phase {
	case KillerIdentity, InspectorDraw:
		want = drawKinds
	case DisguiseDraw, ClearDraw:
		want = drewKinds
	case KillerFirstKill:
		want = killKinds
	case InspectorKeep:
		want = keepKinds
	case ClearChoose:
		want = clearKinds
	case CitizenPoint:
		want = pointKinds
	case Play:
		want = inspectorKinds
		if s == Killer {
			want = killerKinds
		}
		if g.mustDispute(s) {
			// Only this seat knows why: the card is its own.
			if a.kind != "dispute" {
				return illegal("noir.err.dispute_first", "card", g.ename(g.bad.card))
			}
			want = disputeKinds
		}
	}
	if g.cfg.Variant == Automata {
		want = g.wantA(s)
	}
	ok := false
	for _, k := range want {
		ok = ok || k == a.kind
	}
	if !ok || (g.phase == ClearChoose && a.card < 0) || (g.phase == Play && a.kind == "clear" && a.card >= 0) {
		// A nested "@key" gets no arguments, so the play phase, whose
		// status names the role, has a sentence per role.
		ph := "@noir.ph." + g.phase.String()
		if g.phase == Play || g.phase == CollapsePick {
			ph += "." + roleName(s)
		}
		return illegal("noir.err.wrong_action", "action", "@noir.verb."+a.kind, "phase", ph)
	}
	if a.kind == "draw" && g.cfg.Deck == Physical {
		return illegal("noir.err.enter_draw")
	}
	if a.kind == "drew" && g.cfg.Deck == Virtual {
		return illegal("noir.err.virtual_deck")
	}
	switch a.kind {
	case "drew":
		// Principle 2: whether the card is in the deck or in the other
		// seat's hidden hands is a secret, so both are accepted (physical.go);
		// only a card the seat itself knows to be out is refused.
		if !g.mayDraw(s, a.card) {
			return illegal("noir.err.not_in_deck", "card", g.ename(a.card))
		}
	case "dispute":
		if a.card != g.bad.card {
			return illegal("noir.err.dispute_card", "card", g.ename(g.bad.card))
		}
	case "kill": // NC-9
		if !g.grid.Contains(a.card) {
			return illegal("noir.err.removed", "suspect", g.sname(a.card))
		}
		if a.card == g.killer {
			return illegal("noir.err.kill_self")
		}
		if g.dead[a.card] {
			return illegal("noir.err.already_dead", "suspect", g.sname(a.card), "cell", g.cell(a.card))
		}
		if !g.grid.Adjacent(a.card, g.killer) {
			return illegal("noir.err.not_next", "suspect", g.sname(a.card), "cell", g.cell(a.card),
				"identity", g.sname(g.killer), "icell", g.cell(g.killer))
		}
	case "arrest": // NC-12
		if !g.grid.Contains(a.card) {
			return illegal("noir.err.removed", "suspect", g.sname(a.card))
		}
		if g.dead[a.card] {
			return illegal("noir.err.arrest_dead", "suspect", g.sname(a.card), "cell", g.cell(a.card))
		}
		if a.card != g.insp && !g.grid.Adjacent(a.card, g.insp) {
			return illegal("noir.err.not_next", "suspect", g.sname(a.card), "cell", g.cell(a.card),
				"identity", g.sname(g.insp), "icell", g.cell(g.insp))
		}
	case "point": // NC-14
		if !g.grid.Contains(a.card) {
			return illegal("noir.err.removed", "suspect", g.sname(a.card))
		}
		if g.dead[a.card] {
			return illegal("noir.err.arrest_dead", "suspect", g.sname(a.card), "cell", g.cell(a.card))
		}
		if !g.grid.Adjacent(a.card, g.citizen) {
			return illegal("noir.err.not_next", "suspect", g.sname(a.card), "cell", g.cell(a.card),
				"identity", g.sname(g.citizen), "icell", g.cell(g.citizen))
		}
	case "keep": // NC-6
		if !contains(g.drawn, a.card) {
			return illegal("noir.err.not_drawn", "card", g.ename(a.card))
		}
		if g.dead[a.card] {
			return illegal("noir.err.keep_dead", "card", g.ename(a.card), "suspect", g.sname(a.card))
		}
	case "disguise": // NC-8, NA-6
		if g.cfg.Variant == Automata {
			return g.checkA(a)
		}
		if g.deckLeft() == 0 {
			return illegal("noir.err.deck_empty")
		}
	case "collapse", "remove", "canvas", "name":
		return g.checkA(a)
	case "clear": // NC-13
		if a.card < 0 {
			if g.deckLeft() == 0 {
				return illegal("noir.err.deck_empty")
			}
		} else if !contains(g.hand, a.card) {
			return illegal("noir.err.not_in_hand", "card", g.ename(a.card))
		}
	case "citizen": // NC-14
		if g.arrestsLeft == 0 {
			return illegal("noir.err.no_citizens")
		}
		if !contains(g.hand, a.card) {
			return illegal("noir.err.not_in_hand", "card", g.ename(a.card))
		}
		if g.grid.Contains(a.card) && len(g.living(g.grid.Neighbours(a.card))) == 0 {
			// Decision: the arrest would have nobody to point at.
			return illegal("noir.err.no_living_neighbour", "suspect", g.sname(a.card))
		}
	case "shift": // NC-7
		if !g.grid.Valid(a.shift) {
			return illegal("noir.err.no_such_line")
		}
		if g.cfg.ShiftRule == NoUndo {
			if ls := g.lastShift; ls != nil && ls.by != s && ls.turnNo == g.turnNo && ls.shift == a.shift.Reverse() {
				return illegal("noir.err.undo_shift", "shift", ls.shift.String())
			}
			return nil
		}
		// The shifted grid lives on the stack: Legal checks every shift.
		var cells [NumSuspects]int
		grid := Grid{rows: g.grid.rows, cols: g.grid.cols, cells: cells[:copy(cells[:], g.grid.cells)]}
		grid.Apply(a.shift)
		if g.kills-len(g.removedOrder) >= min(grid.rows, grid.cols) {
			// Only then can a whole line be dead.
			grid.RemoveFull(g.isDead)
		}
		var buf keyBuf
		if t, seen := g.positions[string(g.appendKey(buf[:0], grid, &g.dead))]; seen {
			return illegal("noir.err.repeat", "turn", strconv.Itoa(t))
		}
	}
	return nil
}

func contains(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

func remove(xs []int, x int) []int {
	out := xs[:0:0]
	for _, v := range xs {
		if v != x {
			out = append(out, v)
		}
	}
	return out
}

func (g *Game) isDead(id int) bool { return g.dead[id] }

func (g *Game) living(ids []int) []int {
	var out []int
	for _, id := range ids {
		if !g.dead[id] {
			out = append(out, id)
		}
	}
	return out
}

// Apply checks the action and carries it out (notation as Decode reads
// it). On error nothing changed.
func (g *Game) Apply(s engine.Seat, action engine.Action) ([]engine.Event, error) {
	a, err := g.decode(string(action))
	if err != nil {
		return nil, err
	}
	if err := g.check(s, a); err != nil {
		return nil, err
	}
	ev := &events{g: g}
	g.exec(s, a, ev)
	return ev.list, nil
}

type events struct {
	g    *Game
	list []engine.Event
	// quiet drops every event: a playout (Playout) has no reader for
	// their words.
	quiet bool
}

func (e *events) public(key string, nv ...string) {
	if e.quiet {
		return
	}
	e.list = append(e.list, engine.Event{Msg: engine.M(key, nv...)})
}

func (e *events) reveal(key string, nv ...string) {
	if e.quiet {
		return
	}
	e.list = append(e.list, engine.Event{Msg: engine.M(key, nv...), Reveal: true})
}

func (e *events) private(s engine.Seat, random bool, key string, nv ...string) {
	if e.quiet {
		return
	}
	e.list = append(e.list, engine.Event{Msg: engine.M(key, nv...), To: []engine.Seat{s}, Reveal: true, Random: random})
}

func (e *events) table(key string, nv ...string) {
	if e.quiet {
		return
	}
	e.list = append(e.list, engine.Event{Msg: engine.M(key, nv...), Table: true})
}

// drawRandom marks the last public event as a random draw.
func (e *events) drawn() {
	if len(e.list) > 0 {
		e.list[len(e.list)-1].Random = true
	}
}

func (g *Game) exec(s engine.Seat, a act, ev *events) {
	if g.cfg.Variant == Automata {
		g.execA(s, a, ev)
		return
	}
	switch a.kind {
	case "draw":
		g.drawVirtual(s, ev)
	case "drew":
		ev.public("noir.ev.drew_physical", "role", roleKey(s))
		ev.drawn()
		ev.private(s, false, "noir.pv.entered", "card", g.ename(a.card))
		g.take(s, a.card, ev)
		g.afterDraw(s, a.card, ev)
	case "dispute":
		g.dispute(ev)
	case "kill":
		g.kill(a.card, ev)
	case "shift":
		g.shift(s, a.shift, ev)
	case "disguise":
		ev.public("noir.ev.disguise")
		if g.cfg.Deck == Physical {
			g.phase = DisguiseDraw
			ev.table("noir.do.draw_one", "role", roleKey(s))
			return
		}
		g.drawVirtual(s, ev)
	case "arrest":
		// NC-12: the Inspector's identity is the arrested suspect or next
		// to it, and a "no" rules the suspect out as the Killer.
		g.facts.learnInspector(g.grid.around(a.card)|bit(a.card), true)
		if a.card != g.killer {
			g.facts.learnKiller(bit(a.card), false)
		}
		g.arrest(a.card, "noir.ev.arrest", ev)
	case "clear":
		if a.card < 0 {
			ev.public("noir.ev.clear")
			if g.cfg.Deck == Physical {
				g.phase = ClearDraw
				ev.table("noir.do.draw_one", "role", roleKey(s))
				return
			}
			g.drawVirtual(s, ev)
			return
		}
		g.hand = remove(g.hand, a.card)
		g.phase = Play
		if !g.grid.Contains(a.card) {
			g.discard(a.card, "noir.ev.clear_removed", ev)
		} else {
			g.innocent[a.card] = true
			ev.reveal("noir.ev.cleared", "card", g.ename(a.card), "suspect", g.sname(a.card), "cell", g.cell(a.card))
			g.layEvidence(a.card, ev)
			g.facts.learnKiller(g.grid.around(a.card), g.grid.Adjacent(g.killer, a.card))
			g.answer(a.card, g.killer, "noir.ev.ask_killer", ev)
		}
		g.endTurn()
	case "citizen":
		g.arrestsLeft--
		g.hand = remove(g.hand, a.card)
		left := strconv.Itoa(g.arrestsLeft)
		if !g.grid.Contains(a.card) {
			ev.public("noir.ev.citizen", "left", left)
			g.discard(a.card, "noir.ev.citizen_removed", ev)
			g.endTurn()
			return
		}
		g.innocent[a.card] = true
		ev.reveal("noir.ev.citizen_card", "card", g.ename(a.card), "suspect", g.sname(a.card), "cell", g.cell(a.card), "left", left)
		g.layEvidence(a.card, ev)
		g.citizen = a.card
		g.phase = CitizenPoint
	case "point":
		g.citizen = -1
		if a.card != g.killer {
			g.facts.learnKiller(bit(a.card), false)
		}
		g.arrest(a.card, "noir.ev.point", ev)
	case "keep":
		g.keep(a.card, ev)
	}
}

// shift is NG-3 (NC-7, NA-4), and in the playing-card variant NC-15.
func (g *Game) shift(s engine.Seat, sh Shift, ev *events) {
	g.grid.Apply(sh)
	if !ev.quiet {
		lines := shiftLine(s, sh)
		ev.list = append(ev.list, engine.Event{Msg: lines[0]}, engine.Event{Msg: lines[1], Table: true})
	}
	before := len(g.removedOrder)
	if g.cfg.Variant != Automata {
		g.removeFull(ev)
	}
	g.lastShift = &lastShift{by: s, shift: sh, turnNo: g.turnNo + 1}
	if len(g.removedOrder) > before {
		// A line left the grid: nothing can undo this shift, and the
		// line numbers it names may now mean other lines.
		g.lastShift = nil
	}
	g.endTurn()
}

// keep is NC-6 (and NA-2): one of the four cards becomes the identity.
func (g *Game) keep(card int, ev *events) {
	g.insp = card
	g.hand = remove(g.drawn, card)
	g.drawn = nil
	ev.public("noir.ev.kept")
	ev.private(Inspector, false, "noir.pv.kept", "card", g.ename(card), "suspect", g.sname(card),
		"cell", g.cell(card), "hand", g.names(g.hand, g.ename))
	g.phase = Play
	g.endTurn()
}

func roleKey(s engine.Seat) string {
	if s == Killer {
		return "@noir.role.killer"
	}
	return "@noir.role.inspector"
}

func (g *Game) names(ids []int, name func(int) string) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = name(id)
	}
	return strings.Join(parts, " ")
}

// drawVirtual takes the top card of the shuffled deck (or four of them at
// the Inspector's setup) and carries on as if the seat had entered it.
func (g *Game) drawVirtual(s engine.Seat, ev *events) {
	n := 1
	if g.phase == InspectorDraw {
		n = 4
	}
	for i := 0; i < n; i++ {
		top := g.deck[len(g.deck)-1]
		g.deck = g.deck[:len(g.deck)-1]
		g.afterDraw(s, top, ev)
	}
}

// afterDraw continues whatever needed a card once the card is known.
func (g *Game) afterDraw(s engine.Seat, card int, ev *events) {
	switch g.phase {
	case KillerIdentity: // NC-5
		g.killer = card
		ev.public("noir.ev.identity_drawn")
		ev.drawn()
		ev.private(Killer, true, "noir.pv.identity", "card", g.ename(card), "suspect", g.sname(card), "cell", g.cell(card))
		g.phase = KillerFirstKill
	case InspectorDraw: // NC-6
		g.drawn = append(g.drawn, card)
		if len(g.drawn) == 4 {
			ev.public("noir.ev.drew_four")
			ev.drawn()
			ev.private(Inspector, true, "noir.pv.drew_four", "cards", g.names(g.drawn, g.ename))
			g.phase = InspectorKeep
		}
	case Play, DisguiseDraw:
		if s == Killer {
			g.disguiseDrawn(card, ev)
		} else {
			g.hand = append(g.hand, card)
			ev.public("noir.ev.clear_drawn")
			ev.drawn()
			ev.private(Inspector, true, "noir.pv.drew", "card", g.ename(card))
			g.phase = ClearChoose
		}
	case ClearDraw:
		g.hand = append(g.hand, card)
		g.phase = ClearChoose
	}
}

// disguiseDrawn is NC-8 once the card is drawn.
func (g *Game) disguiseDrawn(card int, ev *events) {
	g.phase = Play
	switch {
	case !g.grid.Contains(card):
		ev.reveal("noir.ev.disguise_removed", "card", g.ename(card), "suspect", g.sname(card))
		ev.drawn()
		g.discarded = append(g.discarded, card)
		ev.table("noir.do.discard", "card", g.ename(card))
	case g.dead[card]:
		g.innocent[card] = true
		ev.reveal("noir.ev.disguise_dead", "card", g.ename(card), "suspect", g.sname(card), "cell", g.cell(card))
		ev.drawn()
		g.layEvidence(card, ev)
	default:
		old := g.killer
		g.innocent[old] = true
		g.killer = card
		// The old identity is now public; nothing learnt so far is about
		// the new one.
		g.facts.seg++
		ev.reveal("noir.ev.disguise_ok", "card", g.ename(old), "suspect", g.sname(old), "cell", g.cell(old))
		ev.drawn()
		g.layEvidence(old, ev)
		ev.private(Killer, true, "noir.pv.disguise", "card", g.ename(card), "suspect", g.sname(card), "cell", g.cell(card))
	}
	g.endTurn()
}

func (g *Game) layEvidence(id int, ev *events) {
	key := "noir.do.innocent_virtual"
	if g.cfg.Deck == Physical {
		key = "noir.do.innocent_physical"
	}
	ev.table(key, "card", g.ename(id), "suspect", g.sname(id), "cell", g.cell(id))
}

func (g *Game) discard(card int, key string, ev *events) {
	g.discarded = append(g.discarded, card)
	ev.reveal(key, "card", g.ename(card), "suspect", g.sname(card))
	ev.table("noir.do.discard", "card", g.ename(card))
}

// kill is NC-9 … NC-11, NC-15, NC-16.
func (g *Game) kill(id int, ev *events) {
	cell := g.cell(id)
	// Everyone now knows the identity lies next to the killed suspect.
	g.facts.learnKiller(g.grid.around(id), true)
	g.dead[id] = true
	g.kills++
	ev.public("noir.ev.kill", "suspect", g.sname(id), "cell", cell)
	ev.table("noir.do.kill", "suspect", g.sname(id), "cell", cell)
	if id == g.insp { // NC-10
		g.win(Killer, "noir.win.killed_inspector", ev)
		return
	}
	if g.innocent[id] && g.insp >= 0 { // NC-11, asked before any line leaves
		g.facts.learnInspector(g.grid.around(id), g.grid.Adjacent(g.insp, id))
		g.answer(id, g.insp, "noir.ev.ask_inspector", ev)
	}
	g.removeFull(ev)
	if g.kills >= KillsToWin { // NC-16
		g.win(Killer, "noir.win.sixteen", ev)
		return
	}
	if g.phase == KillerFirstKill {
		g.phase = InspectorDraw
		if g.cfg.Deck == Physical {
			ev.table("noir.do.draw_four", "role", roleKey(Inspector))
		}
	}
	g.endTurn()
}

// answer tells everyone whether who is among the neighbours of id (NG-6).
func (g *Game) answer(id, who int, key string, ev *events) {
	yes := "@noir.no"
	if g.grid.Adjacent(who, id) {
		yes = "@noir.yes"
	}
	ev.reveal(key, "suspect", g.sname(id), "answer", yes)
}

// arrest is NC-12 and the pointing of NC-14.
func (g *Game) arrest(id int, key string, ev *events) {
	cell := g.cell(id)
	if id == g.killer {
		ev.reveal(key+"_yes", "suspect", g.sname(id), "cell", cell)
		g.win(Inspector, "noir.win.arrested", ev)
		return
	}
	ev.reveal(key+"_no", "suspect", g.sname(id), "cell", cell)
	g.phase = Play
	g.endTurn()
}

// removeFull is NC-15.
func (g *Game) removeFull(ev *events) {
	gone, _, _ := g.grid.RemoveFull(func(id int) bool { return g.dead[id] })
	if len(gone) == 0 {
		return
	}
	for _, id := range gone {
		g.removed[id] = true
		g.removedOrder = append(g.removedOrder, id)
	}
	names := g.names(gone, g.sname)
	ev.public("noir.ev.removed", "cards", names)
	ev.table("noir.do.remove", "cards", names)
}

func (g *Game) win(s engine.Seat, reason string, ev *events, nv ...string) {
	g.phase = Over
	g.picks, g.accused = nil, -1
	g.outcome = engine.Outcome{Over: true, Winners: []engine.Seat{s}, Reason: engine.M(reason, nv...)}
	ev.public(reason, nv...)
	// NC-17: both identities are revealed (in Automata the disguise too).
	ins := "—"
	if g.insp >= 0 {
		ins = g.sname(g.insp)
	}
	if g.cfg.Variant == Automata {
		ev.reveal("noir.ev.reveal_disguise", "killer", g.sname(g.killer), "disguise", g.sname(g.disguise), "inspector", ins)
		return
	}
	ev.reveal("noir.ev.reveal", "killer", g.sname(g.killer), "inspector", ins)
}

// endTurn passes the turn and records the position (NC-7).
func (g *Game) endTurn() {
	if g.phase == Over {
		return
	}
	g.turnNo++
	k := g.positionKey(g.grid, &g.dead)
	if _, seen := g.positions[k]; !seen {
		g.positions[k] = g.turnNo
	}
	g.turn = 1 - g.turn
}
