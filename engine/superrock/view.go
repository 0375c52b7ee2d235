package superrock

import (
	"slices"

	"tablemaster/engine"
)

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
	// KeepsSilhouette: in the line-up, this Evil silhouette said it stays
	// (SR-15).
	KeepsSilhouette bool  `json:"keeps_silhouette,omitempty"`
	Base            bool  `json:"base,omitempty"`
	OrderRolls      []int `json:"order_rolls,omitempty"` // SR-17, every round
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
	// InfoShown is how many of the information cards a base player was
	// dealt had to be shown (SR-22).
	InfoShown int `json:"info_shown,omitempty"`
	// Info is how many information cards lie face up in front of the
	// player (SR-21): drawn in play, and a base player's shown ones.
	Info int `json:"info,omitempty"`
	// Leader is the leader of the player's party in the planet phase
	// (SR-21), -1 for none; the leader's own entry names the leader too.
	Leader engine.Seat `json:"leader"`
	// Entered: in the secret base (SR-26); FreeEntry: came in without a
	// roll, holding three information cards (7.3.1); EntryTries: rolls so
	// far; Declared: the ESP level declared for a roll still to be entered
	// (real dice).
	Entered    bool `json:"entered,omitempty"`
	FreeEntry  bool `json:"free_entry,omitempty"`
	EntryTries int  `json:"entry_tries,omitempty"`
	Declared   *int `json:"declared,omitempty"`
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
	// State is "" while hidden, then "asked" (the owner chooses, SR-24),
	// "appeared", "stayed" or "no-owner" (opened while its owner was dead).
	State string `json:"state,omitempty"`
	// Die is the henchman die of an appearance; Henchmen follow from it.
	Die      int `json:"die,omitempty"`
	Henchmen int `json:"henchmen,omitempty"`
}

// PlanetSquareView is one square of the virtual planet board (SR-20).
type PlanetSquareView struct {
	Square string `json:"square"` // "3-4": planet 3, square 4
	Open   bool   `json:"open,omitempty"`
	// By is who opened the square, -1 while nobody has.
	By engine.Seat `json:"by"`
	// Card is the card shown there once open; nil for an ability card,
	// which went into By's hand unseen (Ability), and for a square the
	// deck could not fill (Empty).
	Card    *PlanetCardView `json:"card,omitempty"`
	Ability bool            `json:"ability,omitempty"`
	Empty   bool            `json:"empty,omitempty"`
	// Ambush is "A" or "B" on a face-down ambush square: in a base
	// player's View only (SR-16).
	Ambush string `json:"ambush,omitempty"`
}

// BaseCardView is a secret base card (chapter 4).
type BaseCardView struct {
	ID   string     `json:"id"`
	Name engine.Msg `json:"name"`
	Hub  bool       `json:"hub,omitempty"`
}

// BaseSquareView is one square of the virtual secret base (SR-25).
type BaseSquareView struct {
	Square string        `json:"square"` // "3-4": row 3, column 4
	Open   bool          `json:"open,omitempty"`
	By     engine.Seat   `json:"by"`             // who opened it, -1 while nobody has
	Card   *BaseCardView `json:"card,omitempty"` // once open
	// Hub is the hub on a face-down square: in a base player's View only.
	Hub *BaseCardView `json:"hub,omitempty"`
	// Destroyed: the hub here is destroyed (SR-27).
	Destroyed bool `json:"destroyed,omitempty"`
}

// HubView is one of the four hubs (SR-25, SR-27).
type HubView struct {
	ID   string     `json:"id"`
	Name engine.Msg `json:"name"`
	// Placed on the virtual board; Square once its square is open, or
	// in a base player's View.
	Placed    bool   `json:"placed,omitempty"`
	Square    string `json:"square,omitempty"`
	Open      bool   `json:"open,omitempty"`
	Destroyed bool   `json:"destroyed,omitempty"`
}

// PlanetCardView is a planet card: in a hand, or face up on the board.
type PlanetCardView struct {
	ID   string     `json:"id"`
	Name engine.Msg `json:"name"`
	Kind string     `json:"kind"`
	// KindName is the kind as people say it ("information", 情報入手).
	KindName engine.Msg `json:"kind_name"`
	// Drawn: taken from the board in play, not dealt (SR-20).
	Drawn bool `json:"drawn,omitempty"`
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
	// Movers are the seats the table waits for and Move what they are
	// asked to do (Game.Movers): every device says whose move it is.
	Movers []engine.Seat `json:"movers,omitempty"`
	Move   string        `json:"move,omitempty"`
	// PlanetPhaseOver: the planet phase is over (SR-21, SR-22), for the
	// reason PlanetEnd gives; with SR-22 it may end before it began.
	PlanetPhaseOver bool        `json:"planet_phase_over,omitempty"`
	PlanetEnd       *engine.Msg `json:"planet_end,omitempty"`
	// Stage is "planet", "hubs" or "base" in play (Game.Stage).
	Stage string `json:"stage,omitempty"`
	// Planet is the virtual planet board, 36 squares planet by planet
	// (SR-20); nil with a physical board and after the planet phase.
	Planet []PlanetSquareView `json:"planet,omitempty"`
	// Used lists the planet cards that left a hand face up (SR-20, SR-23).
	Used []PlanetCardView `json:"used,omitempty"`
	// Base is the virtual secret base, 36 squares row by row (SR-25);
	// Hubs the four hubs, with either board, from the secret base on.
	Base   []BaseSquareView `json:"base,omitempty"`
	Hubs   []HubView        `json:"hubs,omitempty"`
	Over   bool             `json:"over,omitempty"`
	Reason *engine.Msg      `json:"reason,omitempty"`
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
			Kept: g.phase == RejectPhase && g.kept[s], KeepsSilhouette: g.phase == LineupPhase && g.keptSil[s],
			Rolled: g.phase == ShadowPhase && g.roll[s] != 0, Picked: g.phase == ShadowPhase && g.pick[s] >= 0,
			Base: g.Base(seat), OrderRolls: append([]int(nil), g.orderRolls[s]...)}
		g.playerBoard(seat, &p)
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
	v.Movers, v.Move = g.Movers()
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
	g.boardPublic(&v)
	return v
}

// View is what seat s may see. A seat that is not a player (engine.Public,
// a spectator) gets the PublicView.
func (g *Game) View(s engine.Seat) any { return g.ViewWithChoices(s, g.Legal(s)) }

// ViewWithChoices is View with the seat's choices given: Legal(s), which
// the caller computed already (engine.ChoiceViewer).
func (g *Game) ViewWithChoices(s engine.Seat, choices []engine.Choice) any {
	if s < 0 || int(s) >= g.Seats() {
		return g.publicView()
	}
	v := View{Seat: s, PublicView: g.publicView(), Choices: choices}
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
	g.boardPrivate(s, &v)
	return v
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
//   - the ambush squares, unless s is a base player (on the virtual board
//     among the face-down squares);
//   - the other players' planet cards, the face-down planet squares and
//     the planet deck (redealPlanet);
//   - the face-down squares of the secret base, and the hubs among them
//     unless s is a base player (redealBase);
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
		slices.Sort(pool) // the draw depends on which are hidden, not who held them
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
		slices.Sort(picks)
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
	if !c.Base(s) && c.planet == nil {
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
	c.redealPlanet(r, s)
	c.redealBase(r, s)
	return c
}
