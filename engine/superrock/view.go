package superrock

import "tablemaster/engine"

// SilhouetteView is a silhouette as a device shows it.
type SilhouetteView struct {
	ID   string     `json:"id"`
	Name engine.Msg `json:"name"`
	Attr string     `json:"attr"` // G, E or S
}

// CharacterView is a character card as its player reads it: the whole card.
type CharacterView struct {
	ID          string           `json:"id"`
	Name        engine.Msg       `json:"name"`
	Attr        string           `json:"attr"` // G, E, S or E/G
	AttrName    engine.Msg       `json:"attr_name"`
	Sex         string           `json:"sex"`
	Married     string           `json:"married"`
	Level       int              `json:"level"`
	Power       int              `json:"power"`
	Endurance   int              `json:"endurance"`
	Will        int              `json:"will"`
	Release     bool             `json:"release,omitempty"`
	Transform   bool             `json:"transform,omitempty"`
	Notes       *engine.Msg      `json:"notes,omitempty"`
	Win         engine.Msg       `json:"win"` // the attribute's win condition (6.3.2)
	Silhouettes []SilhouetteView `json:"silhouettes"`
}

// PlayerView is one player as everyone sees them.
type PlayerView struct {
	Seat engine.Seat `json:"seat"`
	Name string      `json:"name"`
	// Kept: answered the reject question of the current deal (SR-13).
	Kept       bool `json:"kept,omitempty"`
	RejectUsed bool `json:"reject_used,omitempty"`
	// Rolled and Picked: the shadow roll is done, the silhouette chosen
	// (SR-14); neither says what.
	Rolled     bool            `json:"rolled,omitempty"`
	Picked     bool            `json:"picked,omitempty"`
	Silhouette *SilhouetteView `json:"silhouette,omitempty"` // after the reveal (SR-15)
	Base       bool            `json:"base,omitempty"`
	OrderRolls []int           `json:"order_rolls,omitempty"` // SR-17, every round
	// PlanetCards is how many planet cards a base player holds (SR-18).
	PlanetCards int  `json:"planet_cards,omitempty"`
	Dead        bool `json:"dead,omitempty"`
	// Exposed: own identity exposed (SR-32), so no veto.
	Exposed bool `json:"exposed,omitempty"`
	// Seen lists the seats whose character card this player has seen
	// (SR-30): who looked at whom is public, not what they saw.
	Seen []engine.Seat `json:"seen,omitempty"`
	// Character is shown once it is public: exposed, disintegrating, an
	// override, or the end of the game (SR-42).
	Character *CharacterView `json:"character,omitempty"`
	// InfoShown is how many information cards a base player had to show
	// from the first deal (SR-22).
	InfoShown int `json:"info_shown,omitempty"`
	// AttrWon, Own and Grade are the result (SR-43) as it is settled.
	AttrWon *bool  `json:"attr_won,omitempty"`
	Own     string `json:"own,omitempty"` // "met", "not met" or ""
	Grade   string `json:"grade,omitempty"`
}

// DeclarationView is a victory declaration in progress (SR-40, SR-41).
type DeclarationView struct {
	Declarer engine.Seat   `json:"declarer"`
	Order    []engine.Seat `json:"order"`    // who answers, in turn
	Answered int           `json:"answered"` // how many accepted so far
	Vetoer   engine.Seat   `json:"vetoer"`   // -1 while nobody vetoed
}

// KnownView is another player's character that a seat has seen (SR-30).
type KnownView struct {
	Seat      engine.Seat   `json:"seat"`
	Character CharacterView `json:"character"`
}

// AmbushView is one ambush card: who hides it and whether it is hidden.
type AmbushView struct {
	Card   string      `json:"card"` // "A" or "B"
	Owner  engine.Seat `json:"owner"`
	Placed bool        `json:"placed"`
	// Square is "3-4" (planet 3, square 4); only in a base player's View.
	Square string `json:"square,omitempty"`
}

// PlanetCardView is a planet card in a base player's hand.
type PlanetCardView struct {
	ID   string     `json:"id"`
	Name engine.Msg `json:"name"`
	Kind string     `json:"kind"`
}

// PublicView is what everyone at the table may know ("What the tool shows
// whom" in rules/superrock.md): never a character, a shadow roll, a
// silhouette before the reveal, an ambush square or a planet card.
type PublicView struct {
	Game         string       `json:"game"`
	Options      Config       `json:"options"`
	Counts       Counts       `json:"counts"`
	Phase        string       `json:"phase"`
	Status       engine.Msg   `json:"status"`
	Deals        int          `json:"deals"`
	ShadowRounds int          `json:"shadow_rounds"`
	Players      []PlayerView `json:"players"`
	Ambushes     []AmbushView `json:"ambushes,omitempty"`
	// TurnOrder is every seat from the starter, going left; PlanetOrder
	// leaves out the base players (SR-17).
	TurnOrder   []engine.Seat    `json:"turn_order,omitempty"`
	PlanetOrder []engine.Seat    `json:"planet_order,omitempty"`
	Declaration *DeclarationView `json:"declaration,omitempty"`
	// PlanetPhaseOver: SR-22 ended the planet phase before it began.
	PlanetPhaseOver bool        `json:"planet_phase_over,omitempty"`
	Over            bool        `json:"over,omitempty"`
	Reason          *engine.Msg `json:"reason,omitempty"`
}

// View is what one seat may know: the public view, its own character, its
// shadow roll and pick, the ambushes if it is a base player, its planet
// cards, and its legal choices.
type View struct {
	Seat engine.Seat `json:"seat"`
	PublicView
	Character  *CharacterView   `json:"character,omitempty"`
	ShadowRoll int              `json:"shadow_roll,omitempty"`
	Allows     *engine.Msg      `json:"allows,omitempty"`
	Pick       *SilhouetteView  `json:"pick,omitempty"`
	Hand       []PlanetCardView `json:"hand,omitempty"`
	// Known are the characters of others this seat has seen and that are
	// not public.
	Known   []KnownView     `json:"known,omitempty"`
	Choices []engine.Choice `json:"choices"`
}

func silView(s Silhouette) SilhouetteView {
	return SilhouetteView{ID: s.ID, Name: engine.M(s.NameKey()), Attr: s.Attr.String()}
}

// NewCharacterView is the whole card of a character, for a phone or a
// reference sheet.
func (d *Data) NewCharacterView(c Character) CharacterView {
	v := CharacterView{ID: c.ID, Name: engine.M(c.NameKey()), Attr: c.Attr.String(), AttrName: engine.M(c.Attr.Key()),
		Sex: c.Sex, Married: c.Married, Level: c.Level, Power: c.Power, Endurance: c.Endurance, Will: c.Will,
		Release: c.Release, Transform: c.Transform, Win: engine.M(c.Attr.WinKey())}
	if k := c.NotesKey(); k != "" {
		m := engine.M(k)
		v.Notes = &m
	}
	for _, id := range c.Silhouettes {
		if s, ok := d.Silhouette(id); ok {
			v.Silhouettes = append(v.Silhouettes, silView(s))
		}
	}
	return v
}

// PublicView is what the table screen and the GM console show.
func (g *Game) PublicView() any { return g.publicView() }

func (g *Game) publicView() PublicView {
	cfg := g.cfg
	cfg.PlayedTonight = nil // what each player played tonight is theirs to tell
	v := PublicView{
		Game:         "superrock",
		Options:      cfg,
		Counts:       g.counts,
		Phase:        g.phase.String(),
		Status:       engine.M("sr.ph." + g.phase.String()),
		Deals:        g.deals,
		ShadowRounds: g.shadowRounds,
		TurnOrder:    g.TurnOrder(),
		PlanetOrder:  g.PlanetOrder(),
	}
	if g.starter < 0 {
		v.PlanetOrder = nil
	}
	revealed := g.phase >= LineupPhase
	for s := range g.cfg.Players {
		seat := engine.Seat(s)
		p := PlayerView{Seat: seat, Name: g.name(seat), RejectUsed: g.rejectUsed[s],
			Kept:   g.phase == RejectPhase && g.kept[s],
			Rolled: g.phase == ShadowPhase && g.roll[s] != 0, Picked: g.phase == ShadowPhase && g.pick[s] >= 0,
			Base: g.Base(seat), OrderRolls: append([]int(nil), g.orderRolls[s]...), PlanetCards: len(g.hands[s])}
		if g.Base(seat) && g.phase == PlayPhase {
			p.PlanetCards = g.each
		}
		if revealed {
			sv := silView(g.sil(g.pick[s]))
			p.Silhouette = &sv
		}
		g.playerResult(seat, &p)
		v.Players = append(v.Players, p)
	}
	if d := g.decl; d != nil && (g.phase == VetoPhase || g.phase == OverridePhase) {
		v.Declaration = &DeclarationView{Declarer: d.by, Order: append([]engine.Seat(nil), d.order...), Answered: d.next, Vetoer: d.vetoer}
	}
	v.PlanetPhaseOver = g.planetOver
	if g.outcome.Over {
		v.Over = true
		r := g.outcome.Reason
		v.Reason = &r
	}
	if g.phase >= AmbushPhase {
		for c, name := range AmbushNames {
			v.Ambushes = append(v.Ambushes, AmbushView{Card: name, Owner: g.ambushOwner[c], Placed: g.ambush[c] >= 0})
		}
	}
	return v
}

// View is what seat s may see. A seat that is not a player (engine.Public,
// a spectator) gets the PublicView.
func (g *Game) View(s engine.Seat) any {
	if s < 0 || int(s) >= g.Seats() {
		return g.publicView()
	}
	v := View{Seat: s, PublicView: g.publicView(), Choices: g.Legal(s)}
	if v.Choices == nil {
		v.Choices = []engine.Choice{}
	}
	if g.char[s] >= 0 {
		c := g.data.NewCharacterView(g.character(s))
		v.Character = &c
	}
	if g.phase == ShadowPhase && g.roll[s] != 0 {
		v.ShadowRoll = g.roll[s]
		m := engine.M(g.data.Shadow[g.roll[s]-1].Key())
		v.Allows = &m
		if g.pick[s] >= 0 {
			sv := silView(g.sil(g.pick[s]))
			v.Pick = &sv
		}
	}
	if g.Base(s) {
		// Base players see both ambushes: only the others must look away
		// (chapter 7.1).
		amb := make([]AmbushView, len(v.Ambushes))
		copy(amb, v.Ambushes)
		for c := range amb {
			if g.ambush[c] >= 0 {
				amb[c].Square = SquareName(g.ambush[c])
			}
		}
		v.Ambushes = amb
	}
	for t := range g.char {
		if g.seen[s][t] && !g.public(engine.Seat(t)) {
			v.Known = append(v.Known, KnownView{Seat: engine.Seat(t), Character: g.data.NewCharacterView(g.character(engine.Seat(t)))})
		}
	}
	for _, k := range g.hands[s] {
		c := g.data.PlanetCards[k]
		v.Hand = append(v.Hand, PlanetCardView{ID: c.ID, Name: engine.M(c.NameKey()), Kind: c.Kind.String()})
	}
	return v
}

// redealHands redraws the planet cards of every hand but s's own, and the
// deck (SR-18), keeping what SR-22 made public: a hand that showed its
// information cards keeps exactly those; any other hand has fewer than
// InfoToEnd of them.
func (g *Game) redealHands(r *engine.Rand, me func(int) bool) {
	var info, other []int
	add := func(cards []int) {
		for _, c := range cards {
			if g.data.PlanetCards[c].Kind == Info {
				info = append(info, c)
			} else {
				other = append(other, c)
			}
		}
	}
	add(g.deck)
	for t, h := range g.hands {
		if !me(t) {
			add(h)
		}
	}
	shuffle := func(xs []int) { r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] }) }
	shuffle(info)
	shuffle(other)
	take := func(from *[]int, n int) []int {
		out := append([]int(nil), (*from)[:n]...)
		*from = (*from)[n:]
		return out
	}
	for t, h := range g.hands {
		if me(t) || len(h) == 0 {
			continue
		}
		// Infos drawn as the odds of the shuffled cards left give them,
		// below the limit unless the hand showed them.
		n := g.infoShown[t]
		if n == 0 {
			for k := 0; k < len(h) && n < InfoToEnd-1 && n < len(info); k++ {
				if r.IntN(len(info)+len(other)) < len(info) {
					n++
				}
			}
		}
		hand := append(take(&info, n), take(&other, len(h)-n)...)
		shuffle(hand)
		g.hands[t] = hand
	}
	g.deck = append(info, other...)
	shuffle(g.deck)
}

// playerResult fills in the play part of a player's public view.
func (g *Game) playerResult(s engine.Seat, p *PlayerView) {
	if g.phase < PlayPhase {
		return
	}
	p.Dead, p.Exposed = g.dead[s], g.exposed[s]
	for t := range g.seen[s] {
		if g.seen[s][t] {
			p.Seen = append(p.Seen, engine.Seat(t))
		}
	}
	if g.public(s) {
		c := g.data.NewCharacterView(g.character(s))
		p.Character = &c
	}
	p.InfoShown = g.infoShown[s]
	if g.phase >= ConfirmPhase {
		w := g.attrWon(s)
		p.AttrWon = &w
		p.Own = [...]string{"", "met", "not met"}[g.own[s]]
		p.Grade = g.Grade(s)
	}
}

// Resample returns a copy of the game in which everything hidden from s is
// redrawn at random, consistently with what s can see:
//   - the characters s has not seen and that are not public (SR-11, SR-12,
//     SR-30): a new draw from the pools that contains the ones s knows,
//     dealt at random to the other seats (after a transformation, SR-34,
//     the hidden characters are shuffled among their seats instead);
//   - before the reveal, which of the other players who have picked holds
//     which silhouette (the picks are permuted among them: how many copies
//     of each are left shows in s's own choices, so the multiset stays);
//   - the other players' shadow rolls, redrawn to fit their silhouettes;
//   - the ambush squares, unless s is a base player;
//   - the other base players' planet cards and the planet deck;
//   - the random source, which holds the future draws.
//
// For engine.Public all of these are redrawn.
func (g *Game) Resample(s engine.Seat, r *engine.Rand) engine.Game {
	c := g.Clone()
	c.rng = engine.NewRand(uint64(r.IntN(1 << 62)))
	me := func(t int) bool { return engine.Seat(t) == s }
	if c.char[0] >= 0 {
		// Hidden from s: the characters it has not seen and that are not
		// public. The others stay where they are.
		var fixed, hidden []int
		for t, ch := range c.char {
			if me(t) || s >= 0 && int(s) < c.Seats() && c.seen[s][t] || c.public(engine.Seat(t)) {
				fixed = append(fixed, ch)
			} else {
				hidden = append(hidden, t)
			}
		}
		isFixed := map[int]bool{}
		for _, ch := range fixed {
			isFixed[ch] = true
		}
		var pool []int
		if c.transformed {
			// A transformation dealt from the pile: the characters in play
			// no longer follow table 7.1, so the hidden ones are shuffled
			// among the hidden seats.
			for _, t := range hidden {
				pool = append(pool, c.char[t])
			}
		} else {
			for _, ch := range c.drawSet(r, fixed) {
				if !isFixed[ch] {
					pool = append(pool, ch)
				}
			}
		}
		r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		for i, t := range hidden {
			c.char[t] = pool[i]
		}
	}
	if c.phase == ShadowPhase {
		var pickers []int
		var picks []int
		for t, p := range c.pick {
			if !me(t) && p >= 0 {
				pickers = append(pickers, t)
				picks = append(picks, p)
			}
		}
		r.Shuffle(len(picks), func(i, j int) { picks[i], picks[j] = picks[j], picks[i] })
		for i, t := range pickers {
			c.pick[t] = picks[i]
		}
	}
	// A roll of 2–5 allows any silhouette and 6 an Evil one, so these fit
	// every pick; a 1 would tie the pick to the character.
	for t, n := range c.roll {
		if me(t) || n == 0 {
			continue
		}
		switch {
		case c.pick[t] < 0:
			c.roll[t] = r.IntN(6) + 1
		case c.sil(c.pick[t]).Attr == Evil:
			c.roll[t] = r.IntN(5) + 2
		default:
			c.roll[t] = r.IntN(4) + 2
		}
	}
	if !c.Base(s) {
		for k := range c.ambush {
			if c.ambush[k] < 0 {
				continue
			}
			for {
				sq := r.IntN(BoardSquares)
				if sq != c.ambush[1-k] {
					c.ambush[k] = sq
					break
				}
			}
		}
	}
	c.redealHands(r, me)
	return c
}
