package ayatsuri

import (
	"strconv"

	"tablemaster/engine"
)

// RoleCard is a role as a device shows it.
type RoleCard struct {
	No   int    `json:"no"`
	Mark string `json:"mark"`
	Key  string `json:"key"`
}

func card(r Role) RoleCard { return RoleCard{No: int(r), Mark: r.Mark(), Key: r.Key()} }

func cards(rs []Role) []RoleCard {
	out := make([]RoleCard, 0, len(rs))
	for _, r := range rs {
		out = append(out, card(r))
	}
	return out
}

// PlayerView is one player as everyone sees them.
type PlayerView struct {
	Seat   engine.Seat `json:"seat"`
	Name   string      `json:"name"`
	Life   int         `json:"life"`
	Kills  int         `json:"kills"`
	Marker bool        `json:"marker,omitempty"`
	// Role is set once this round's role is public (revealed or exposed).
	Role     *RoleCard `json:"role,omitempty"`
	Killed   bool      `json:"killed,omitempty"`
	Guarded  bool      `json:"guarded,omitempty"`
	BombCard bool      `json:"bomb_card,omitempty"`
	Turn     bool      `json:"turn,omitempty"`
}

// Declaration is a public declaration of this round (AY-17) and whether it
// still waits for a reveal.
type Declaration struct {
	Msg     engine.Msg `json:"msg"`
	Pending bool       `json:"pending,omitempty"`
}

// RoundView is one round of the history. Roles[s] is nil while seat s's
// role of that round is not public; FaceDown and Unpicked are filled in
// only when the game is over (AY-10).
type RoundView struct {
	No       int         `json:"no"`
	Marker   string      `json:"marker"`
	FaceUp   []RoleCard  `json:"face_up"`
	Roles    []*RoleCard `json:"roles"`
	FaceDown []RoleCard  `json:"face_down,omitempty"`
	Unpicked []RoleCard  `json:"unpicked,omitempty"`
	Life     []int       `json:"life,omitempty"`
	Kills    []int       `json:"kills,omitempty"`
	Done     bool        `json:"done,omitempty"`
	// Killed[s]: seat s was killed in that round.
	Killed []bool `json:"killed,omitempty"`
}

// PublicView is what everyone at the table may know (rules/ayatsuri.md,
// "What the engine shows whom").
type PublicView struct {
	Game    string       `json:"game"`
	Options Config       `json:"options"`
	Round   int          `json:"round"`
	Phase   Phase        `json:"phase"`
	Players []PlayerView `json:"players"`
	FaceUp  []RoleCard   `json:"face_up"`
	// FaceDown is how many cards lie face down on the table: those of
	// AY-6 (unless AY-9 handed them to the last player) and, once the
	// draft is over, the cards nobody picked (AY-10).
	FaceDown     int           `json:"face_down"`
	Call         int           `json:"call"`
	Declarations []Declaration `json:"declarations,omitempty"`
	SerialTarget int           `json:"serial_targets"`
	History      []RoundView   `json:"history"`
	Status       engine.Msg    `json:"status"`
	Over         bool          `json:"over"`
	Winners      []engine.Seat `json:"winners,omitempty"`
	Reason       engine.Msg    `json:"reason"`
}

// View is what one seat may know: the public view, its own role and the
// cards handed to it, and its choices.
type View struct {
	PublicView
	Seat engine.Seat `json:"seat"`
	Name string      `json:"name"`
	// Role is the seat's role this round, once picked.
	Role *RoleCard `json:"my_role,omitempty"`
	// Hand is the cards the seat holds in the draft, before passing them on.
	Hand []RoleCard `json:"hand,omitempty"`
	// Serial are the targets the Serial Killer has named so far.
	Serial  []string        `json:"serial,omitempty"`
	Choices []engine.Choice `json:"choices"`
}

// PublicView is what everyone may see.
func (g *Game) PublicView() any { return g.publicView() }

func (g *Game) publicView() PublicView {
	rd := g.cur()
	over := g.phase == PhOver
	v := PublicView{Game: "ayatsuri", Options: g.cfg, Round: rd.No, Phase: g.phase, FaceUp: cards(rd.FaceUp),
		FaceDown: len(rd.FaceDown), Call: int(g.call), SerialTarget: SerialKillerTargets(g.n),
		Status: g.status(), Over: over, Winners: g.outcome.Winners, Reason: g.outcome.Reason}
	if rd.Added {
		v.FaceDown = 0 // AY-9: the face-down cards went to the last player
	}
	if len(rd.Picks) == len(rd.Order) {
		v.FaceDown += len(rd.Hand) // AY-10: the unpicked cards are laid face down
	}
	for i := range g.n {
		s := engine.Seat(i)
		p := PlayerView{Seat: s, Name: g.name(s), Life: g.life[s], Kills: g.kills[s], Marker: g.marker == s,
			Killed: g.Killed(s), Guarded: g.guard == s, BombCard: g.bombHolder == s && g.bombOwner != noSeat,
			Turn: g.turn == s && !over}
		if rd.Shown[s] || over {
			if r := rd.role(s); r != NoRole {
				c := card(r)
				p.Role = &c
			}
		}
		v.Players = append(v.Players, p)
	}
	if g.cop != noSeat {
		pending := !g.revealed[g.accused] && !g.Killed(g.accused) && g.accused != g.cop
		v.Declarations = append(v.Declarations, Declaration{Msg: engine.M("ay.ev.accuse", "name", g.name(g.cop), "target", g.name(g.accused)), Pending: pending})
	}
	if g.assassin != noSeat {
		v.Declarations = append(v.Declarations, Declaration{Msg: engine.M("ay.ev.declare", cat(roleArgs(g.declared), "name", g.name(g.assassin))...),
			Pending: g.call < g.declared})
	}
	if g.det != noSeat {
		v.Declarations = append(v.Declarations, Declaration{Msg: engine.M("ay.ev.guard", "name", g.name(g.det), "target", g.name(g.guard))})
	}
	if g.doctor != noSeat {
		v.Declarations = append(v.Declarations, Declaration{Msg: engine.M("ay.ev.treat", "name", g.name(g.doctor), "target", g.name(g.patient))})
	}
	for _, r := range g.rounds {
		done := r.Life != nil
		h := RoundView{No: r.No, Marker: g.name(r.Marker), FaceUp: cards(r.FaceUp), Roles: make([]*RoleCard, g.n),
			Life: r.Life, Kills: r.Kills, Done: done}
		if done {
			h.Killed = make([]bool, g.n)
			for i, k := range r.KilledAt {
				h.Killed[i] = k != notKilled
			}
		}
		for i := range g.n {
			if ro := r.role(engine.Seat(i)); ro != NoRole && (r.Shown[i] || over) {
				c := card(ro)
				h.Roles[i] = &c
			}
		}
		if over {
			h.Unpicked = cards(r.unpicked())
			if !r.Added {
				h.FaceDown = cards(r.FaceDown)
			}
		}
		v.History = append(v.History, h)
	}
	return v
}

// unpicked are the cards handed round but never picked (AY-10); with the
// face-down cards added to the last hand (AY-9), those left of them too.
func (rd *round) unpicked() []Role {
	if len(rd.Picks) < len(rd.Order) {
		return nil
	}
	return rd.Hand
}

// View is what seat s may see.
// A seat that is not a player (engine.Public) gets the public view.
func (g *Game) View(s engine.Seat) any { return g.ViewWithChoices(s, g.Legal(s)) }

// ViewWithChoices is View with the seat's choices given: Legal(s), which
// the caller computed already (engine.ChoiceViewer).
func (g *Game) ViewWithChoices(s engine.Seat, choices []engine.Choice) any {
	if s < 0 || int(s) >= g.n {
		return g.publicView()
	}
	rd := g.cur()
	v := View{PublicView: g.publicView(), Seat: s, Name: g.name(s), Choices: choices}
	if r := rd.role(s); r != NoRole {
		c := card(r)
		v.Role = &c
	}
	if g.turn == s && (g.phase == PhPick || g.phase == PhPass) {
		v.Hand = cards(rd.Hand)
	}
	if g.phase == PhSerial && g.turn == s {
		for _, p := range g.serial {
			v.Serial = append(v.Serial, g.name(p))
		}
	}
	if v.Choices == nil {
		v.Choices = []engine.Choice{}
	}
	return v
}

// status says what the table waits for.
func (g *Game) status() engine.Msg {
	if g.phase == PhOver {
		return g.outcome.Reason
	}
	name := g.name(g.turn)
	switch g.phase {
	case PhPick:
		return engine.M("ay.st.pick", "name", name, "n", strconv.Itoa(g.Round()))
	case PhPass:
		return engine.M("ay.st.pass", "name", name)
	case PhBombCall:
		return engine.M("ay.st.bomb_call", "name", name)
	case PhReveal:
		return engine.M("ay.st.reveal", cat(roleArgs(g.call), "name", name)...)
	case PhAbility:
		return engine.M("ay.st.ability", cat(roleArgs(g.cur().role(g.turn)), "name", name)...)
	case PhBombPass:
		return engine.M("ay.st.bomb_pass", "name", name)
	case PhToss:
		return engine.M("ay.st.toss", "name", name)
	case PhFeePay:
		return engine.M("ay.st.fee_pay", "name", name, "det", g.name(g.det))
	case PhFeeTake:
		return engine.M("ay.st.fee_take", "name", name, "payer", g.name(g.feePayer), "chip", "@ay.chip."+string(g.feeChip))
	case PhSerial:
		return engine.M("ay.st.serial", "name", name, "n", strconv.Itoa(SerialKillerTargets(g.n)))
	}
	return engine.M("ay.st.pick", "name", name)
}
