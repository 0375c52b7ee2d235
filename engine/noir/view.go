package noir

import (
	"tablemaster/engine"
)

// CellView is one card of the grid as a device shows it.
type CellView struct {
	Cell     string `json:"cell"`
	Suspect  string `json:"suspect"`
	Dead     bool   `json:"dead,omitempty"`
	Innocent bool   `json:"innocent,omitempty"`
	// Evidence is the card lying on an innocent suspect (public).
	Evidence string `json:"evidence,omitempty"`
	// Mine marks the seat's own identity; only ever set in that seat's View.
	Mine bool `json:"mine,omitempty"`
	// Near marks a neighbour of the seat's own identity; View only.
	Near bool `json:"near,omitempty"`
	// Disguise marks the Killer's disguise (Automata); the Killer's View only.
	Disguise bool `json:"disguise,omitempty"`
	// Picked marks a suspect chosen for a Collapse or named in an Accuse
	// not yet finished (public: the table sees the choice being made).
	Picked bool `json:"picked,omitempty"`
}

// Card is an evidence card with the suspect it names and where that lies.
type Card struct {
	Evidence string `json:"evidence"`
	Suspect  string `json:"suspect"`
	Cell     string `json:"cell"` // "—" once the suspect left the grid
	Dead     bool   `json:"dead,omitempty"`
}

// PublicView is what everyone at the table may know (rules/noir.md, "What
// the engine shows whom"): never an identity, a hand or the deck order
// while the game runs.
type PublicView struct {
	Variant     string       `json:"variant"`
	Options     Config       `json:"options"`
	Cols        []string     `json:"cols"`
	Grid        [][]CellView `json:"grid"`
	Removed     []string     `json:"removed"`
	Discarded   []string     `json:"discarded"`
	Kills       int          `json:"kills"`
	KillsToWin  int          `json:"kills_to_win"`
	Deck        int          `json:"deck"`
	HandSize    int          `json:"hand_size"`
	ArrestsLeft int          `json:"arrests_left"`
	Phase       string       `json:"phase"`
	Turn        engine.Seat  `json:"turn"`
	TurnNo      int          `json:"turn_no"`
	Status      engine.Msg   `json:"status"`
	Over        bool         `json:"over"`
	Winner      engine.Seat  `json:"winner"`
	Reason      engine.Msg   `json:"reason"`
	// Citizen is the card shown for a citizen's arrest awaiting its point.
	Citizen *Card `json:"citizen,omitempty"`
	// KillerIdentity and InspectorIdentity are filled in only when the game
	// is over (NC-17).
	KillerIdentity    *Card `json:"killer_identity,omitempty"`
	InspectorIdentity *Card `json:"inspector_identity,omitempty"`
	// KillerDisguise is the Automata Killer's disguise, once the game is over.
	KillerDisguise *Card `json:"killer_disguise,omitempty"`
	// Collapse is the axis of a Collapse whose suspects are being chosen
	// ("row": one from each row); Accused the first suspect of an Accuse.
	Collapse    string `json:"collapse,omitempty"`
	Accused     string `json:"accused,omitempty"`
	AccusedCell string `json:"accused_cell,omitempty"` // "—" once it left the grid
}

// View is what one seat may know: the public view, its own identity and
// cards, and its legal choices.
type View struct {
	Seat engine.Seat `json:"seat"`
	Role string      `json:"role"` // "killer" or "inspector"
	PublicView
	Identity *Card `json:"identity,omitempty"`
	// Disguise is the Automata Killer's second secret card.
	Disguise *Card `json:"disguise,omitempty"`
	// Hand is the Inspector's hand; Drawn the four setup cards.
	Hand    []Card          `json:"hand,omitempty"`
	Drawn   []Card          `json:"drawn,omitempty"`
	Choices []engine.Choice `json:"choices"`
	// Decoys are, while the seat must dispute (its only move is to show
	// a card the other seat entered as drawn, physical.go), the shifts an
	// ordinary turn would offer. Its phone shows them in view, so that at
	// a glance the turn looks like any other: a neighbour must not learn
	// from the screen that the entry was impossible (the glance rule).
	// They are not choices: Apply refuses them until the card is shown
	// (noir.err.dispute_first), which tells only this seat what it knows.
	Decoys []engine.Choice `json:"decoys,omitempty"`
}

func (g *Game) card(id int) Card {
	return Card{Evidence: g.ename(id), Suspect: g.sname(id), Cell: g.cell(id), Dead: g.dead[id]}
}

func (g *Game) cards(ids []int) []Card {
	var out []Card
	for _, id := range ids {
		out = append(out, g.card(id))
	}
	return out
}

// PublicView is what the table screen and the GM console show.
func (g *Game) PublicView() any { return g.publicView() }

// phaseStatuses are the status lines of every phase for the seat to
// move, made once: every view of every update shows one, and a message's
// arguments are never changed once made.
var phaseStatuses = func() (t [len(phaseNames)][2]engine.Msg) {
	for p := range t {
		for s := range t[p] {
			t[p][s] = engine.M("noir.ph."+Phase(p).String(), "role", roleKey(engine.Seat(s)))
		}
	}
	return t
}()

func phaseStatus(p Phase, turn engine.Seat) engine.Msg {
	if int(p) < len(phaseStatuses) && (turn == Killer || turn == Inspector) {
		return phaseStatuses[p][turn]
	}
	return engine.M("noir.ph."+p.String(), "role", roleKey(turn))
}

func (g *Game) publicView() PublicView {
	v := PublicView{
		Variant:     "cards",
		Options:     g.cfg,
		Kills:       g.kills,
		KillsToWin:  g.cfg.KillsToWin(),
		Deck:        g.deckLeft(),
		HandSize:    len(g.hand),
		ArrestsLeft: g.arrestsLeft,
		Phase:       g.phase.String(),
		Turn:        g.turn,
		TurnNo:      g.turnNo + 1,
		Status:      phaseStatus(g.phase, g.turn),
		Over:        g.outcome.Over,
		Winner:      engine.Public,
		Reason:      g.outcome.Reason,
		Removed:     []string{},
		Discarded:   []string{},
	}
	if g.phase == InspectorKeep || g.phase == InspectorDraw {
		v.HandSize = 0
	}
	if g.cfg.Variant == Automata {
		v.Variant = "automata"
		v.ArrestsLeft = 0
		if g.phase == KillerIdentity {
			v.Status = engine.M("noir.ph.killer-identity-disguise")
		}
	}
	picked := func(id int) bool { return false }
	if g.picks != nil {
		v.Collapse = g.pickAxis.String()
		picked = func(id int) bool { return contains(g.picks, id) }
	}
	if g.accused >= 0 {
		v.Accused, v.AccusedCell = g.sname(g.accused), g.cell(g.accused)
		picked = func(id int) bool { return id == g.accused }
	}
	v.Cols = make([]string, g.grid.Cols())
	for c := range v.Cols {
		v.Cols[c] = ColName(c)
	}
	v.Grid = make([][]CellView, 0, g.grid.Rows())
	cells := make([]CellView, g.grid.Rows()*g.grid.Cols()) // one allocation for every row
	for r := 0; r < g.grid.Rows(); r++ {
		row := cells[r*g.grid.Cols() : (r+1)*g.grid.Cols() : (r+1)*g.grid.Cols()]
		for c := range row {
			id := g.grid.At(r, c)
			row[c] = CellView{Cell: CellName(r, c), Suspect: g.sname(id), Dead: g.dead[id], Innocent: g.innocent[id], Picked: picked(id)}
			if g.innocent[id] {
				row[c].Evidence = g.ename(id)
			}
		}
		v.Grid = append(v.Grid, row)
	}
	for _, id := range g.removedOrder {
		v.Removed = append(v.Removed, g.sname(id))
	}
	for _, id := range g.discarded {
		v.Discarded = append(v.Discarded, g.ename(id))
	}
	if g.citizen >= 0 {
		c := g.card(g.citizen)
		v.Citizen = &c
	}
	if g.outcome.Over {
		v.Winner = g.outcome.Winners[0]
		k := g.card(g.killer)
		v.KillerIdentity = &k
		if g.insp >= 0 {
			i := g.card(g.insp)
			v.InspectorIdentity = &i
		}
		if g.disguise >= 0 {
			d := g.card(g.disguise)
			v.KillerDisguise = &d
		}
	}
	return v
}

// View is what seat s may see. A seat that is not a player
// (engine.Public, a spectator) gets the PublicView: never an identity.
func (g *Game) View(s engine.Seat) any { return g.ViewWithChoices(s, g.Legal(s)) }

// ViewWithChoices is View with the seat's choices given: Legal(s), which
// the caller computed already (engine.ChoiceViewer).
func (g *Game) ViewWithChoices(s engine.Seat, choices []engine.Choice) any {
	if s != Killer && s != Inspector {
		return g.publicView()
	}
	v := View{Seat: s, PublicView: g.publicView(), Role: "killer", Choices: choices}
	if v.Choices == nil {
		v.Choices = []engine.Choice{}
	}
	if g.mustDispute(s) {
		v.Decoys = g.ordinaryShifts(s)
	}
	id := g.killer
	if s == Inspector {
		v.Role = "inspector"
		id = g.insp
		v.Hand = g.cards(g.hand)
		v.Drawn = g.cards(g.drawn)
	}
	disguise := ""
	if s == Killer && g.disguise >= 0 {
		d := g.card(g.disguise)
		v.Disguise = &d
		disguise = d.Cell
	}
	if id >= 0 {
		c := g.card(id)
		v.Identity = &c
		// The grid was made for this view alone (publicView): marked in
		// place. Its rows and columns are the grid's; the identity is found
		// once (Adjacent would look for it again for every cell).
		ir, ic, on := g.grid.Find(id)
		for r, row := range v.Grid {
			for c := range row {
				cell := &row[c]
				cell.Mine = cell.Cell == v.Identity.Cell
				cell.Disguise = cell.Cell == disguise
				cell.Near = on && (r != ir || c != ic) && abs(r-ir) <= 1 && abs(c-ic) <= 1
			}
		}
	}
	return v
}

// Resample returns a copy of the game in which everything hidden from s
// is redrawn at random, consistently with what s can see: for the Killer
// the Inspector's identity, hand and the deck; for the Inspector the
// Killer's identity and the deck; for engine.Public all of these.
func (g *Game) Resample(s engine.Seat, r *engine.Rand) engine.Game {
	if g.cfg.Variant == Automata {
		return g.resampleAutomata(s, r)
	}
	c := g.Clone()
	// A bad entry (physical.go) that s cannot know of is first made a real
	// draw; one that s knows of, or that was shown, keeps its card in place.
	c.settle(s)
	fixed := -1
	if c.bad != nil {
		fixed = c.bad.card
	}
	// NC-17: once the game is over both identities are public.
	redrawKiller := s != Killer && c.killer >= 0 && !c.outcome.Over && c.killer != fixed
	redrawInsp := s != Inspector
	keepInsp := c.outcome.Over || c.insp == fixed
	var pool []int
	pool = append(pool, c.deck...)
	if redrawKiller {
		pool = append(pool, c.killer)
	}
	if redrawInsp {
		for _, id := range c.hand {
			if id != fixed {
				pool = append(pool, id)
			}
		}
		for _, id := range c.drawn {
			if id != fixed {
				pool = append(pool, id)
			}
		}
		if c.insp >= 0 && !keepInsp {
			pool = append(pool, c.insp)
		}
	}
	// Sorted first: the draw depends on which cards are hidden from s,
	// never on where they lie, so a bot's guess is the same in every game
	// s cannot tell apart.
	sortInts(pool)
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	take := func(alive bool) int {
		for i, id := range pool {
			if !alive || !c.dead[id] {
				pool = append(pool[:i:i], pool[i+1:]...)
				return id
			}
		}
		panic("noir: no card left to resample")
	}
	// takeFitting takes the first living card outside ruled, which is
	// what the table learnt the identity cannot be (facts.go); the true
	// card always fits, but a bad entry (physical.go) may have broken the
	// facts: then any living card.
	takeFitting := func(ruled uint32) int {
		for i, id := range pool {
			if !c.dead[id] && ruled&bit(id) == 0 {
				pool = append(pool[:i:i], pool[i+1:]...)
				return id
			}
		}
		return take(true)
	}
	var ruledKiller uint32
	if c.facts.seg < len(c.facts.notKiller) {
		ruledKiller = c.facts.notKiller[c.facts.seg]
	}
	redrawIdentity := redrawInsp && c.insp >= 0 && !keepInsp
	// Both identities redrawn (engine.Public): the one with fewer cards
	// that fit goes first, so it cannot be left with none.
	fits := func(ruled uint32) int {
		n := 0
		for _, id := range pool {
			if !c.dead[id] && ruled&bit(id) == 0 {
				n++
			}
		}
		return n
	}
	if redrawKiller && redrawIdentity && fits(c.facts.notInspector) < fits(ruledKiller) {
		c.insp = takeFitting(c.facts.notInspector)
		redrawIdentity = false
	}
	if redrawKiller {
		c.killer = takeFitting(ruledKiller)
	}
	if redrawInsp {
		if redrawIdentity {
			c.insp = takeFitting(c.facts.notInspector)
		}
		for i := range c.hand {
			if c.hand[i] != fixed {
				c.hand[i] = take(false)
			}
		}
		for i := range c.drawn {
			if c.drawn[i] != fixed {
				c.drawn[i] = take(false)
			}
		}
		if len(c.drawn) == 4 {
			// NC-6 needs a living card among the four; swap one in if needed.
			ok := false
			for _, id := range c.drawn {
				ok = ok || !c.dead[id]
			}
			if !ok {
				old := c.drawn[0]
				c.drawn[0] = take(true)
				pool = append(pool, old)
			}
		}
	}
	c.deck = pool
	if c.cfg.Deck == Physical {
		// A physical deck has no order anyone knows: keep it sorted.
		sortInts(c.deck)
	}
	return c
}

func sortInts(xs []int) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// ordinaryShifts are the shifts seat s would be offered now if it did not
// have to dispute first (View.Decoys).
func (g *Game) ordinaryShifts(s engine.Seat) []engine.Choice {
	bad := g.bad
	g.bad = nil
	defer func() { g.bad = bad }()
	var out []engine.Choice
	for i := range g.grid.numShifts() {
		a := act{kind: "shift", card: -1, shift: g.grid.nthShift(i)}
		if g.check(s, a) == nil {
			out = append(out, g.choice(a))
		}
	}
	return out
}
