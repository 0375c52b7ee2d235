package ayatsuri

import (
	"slices"
	"strconv"

	"tablemaster/engine"
)

// Phase is what the game waits for.
type Phase string

// The phases. Every phase but Over waits for exactly one seat.
const (
	PhPick     Phase       = "pick"      // AY-8: the drafter picks a card
	PhPass     Phase       = "pass"      // the drafter passes the rest on
	PhBombCall Phase       = "bomb-call" // AY-30: the marker holder may call out the Bomb Girl
	PhReveal   Phase       = "reveal"    // AY-14: the called role's holder reveals
	PhAbility  Phase       = "ability"   // the revealed holder uses the ability
	PhBombPass Phase       = "bomb-pass" // AY-32: the card holder hands the Bomb Girl on
	PhToss     Phase       = "toss"      // AY-27 with real chips: the patient enters the side
	PhFeePay   Phase       = "fee-pay"   // AY-24: the guarded player chooses the chip
	PhFeeTake  Phase       = "fee-take"  // AY-24: the Detective chooses its side
	PhSerial   Phase       = "serial"    // AY-25: the Serial Killer names the targets
	PhOver     Phase       = "over"      //
	noSeat     engine.Seat = -1
)

// Chip is a side of a chip: white (life) or black (kill).
type Chip string

// The sides of a chip.
const (
	Life Chip = "life"
	Kill Chip = "kill"
)

// cause says whose ability a kill comes from, for the words of the event.
type cause string

const (
	byCop      cause = "cop"
	byAssassin cause = "assassin"
	byBomb     cause = "bomb"
	byMarker   cause = "marker" // AY-30: the marker holder calls out the Bomb Girl
	byDoctor   cause = "doctor"
	byTerror   cause = "terrorist"
	bySerial   cause = "serial"
)

// effect is one step of a resolution waiting its turn: kills queued by a
// reveal or the Serial Killer, the card hand-on, the revealed player's turn.
type effect struct {
	kind   string // "kill", "ability", "bomb-pass", "next"
	by     engine.Seat
	target engine.Seat
	cause  cause
}

// notKilled marks a seat not killed in a round.
const notKilled = -2

// round is one round's draft and what became public of it.
type round struct {
	No     int           `json:"no"`
	Marker engine.Seat   `json:"marker"`
	Order  []engine.Seat `json:"order"`
	FaceUp []Role        `json:"face_up"`
	// FaceDown are the cards laid face down before the draft (AY-6).
	FaceDown []Role `json:"face_down"`
	// Hands[j] are the cards handed to Order[j]; Picks[j] what it kept.
	Hands [][]Role `json:"hands"`
	Picks []Role   `json:"picks"`
	// Hand is what the drafter holds now; after the draft, the cards
	// nobody picked (AY-10).
	Hand []Role `json:"hand"`
	// Shown[s]: seat s's role of this round is public.
	Shown []bool `json:"shown"`
	// KilledAt[s] is the call during which s was killed this round (-1:
	// the Bomb Girl's call-out, before any call), or notKilled.
	KilledAt []int `json:"killed_at"`
	// Added: the face-down cards went into the last player's hand (AY-9).
	Added bool `json:"added,omitempty"`
	// BombMiss: the marker holder called out the Bomb Girl and nobody held her.
	BombMiss bool `json:"bomb_miss,omitempty"`
	// Life and Kills after the round.
	Life  []int `json:"life,omitempty"`
	Kills []int `json:"kills,omitempty"`
}

func (rd *round) pos(s engine.Seat) int { return slices.Index(rd.Order, s) }

// role is the role seat s picked this round, or NoRole.
func (rd *round) role(s engine.Seat) Role {
	if j := rd.pos(s); j >= 0 && j < len(rd.Picks) {
		return rd.Picks[j]
	}
	return NoRole
}

// holder is the seat that picked r this round, or noSeat.
func (rd *round) holder(r Role) engine.Seat {
	for j, p := range rd.Picks {
		if p == r {
			return rd.Order[j]
		}
	}
	return noSeat
}

func (rd *round) clone() *round {
	c := *rd
	c.Order = slices.Clone(rd.Order)
	c.FaceUp = slices.Clone(rd.FaceUp)
	c.FaceDown = slices.Clone(rd.FaceDown)
	c.Hands = make([][]Role, len(rd.Hands))
	for i, h := range rd.Hands {
		c.Hands[i] = slices.Clone(h)
	}
	c.Picks = slices.Clone(rd.Picks)
	c.Hand = slices.Clone(rd.Hand)
	c.Shown = slices.Clone(rd.Shown)
	c.KilledAt = slices.Clone(rd.KilledAt)
	c.Life = slices.Clone(rd.Life)
	c.Kills = slices.Clone(rd.Kills)
	return &c
}

// Game is a game of Ayatsuri Satsujin Jiken.
type Game struct {
	cfg   Config
	n     int
	rng   *engine.Rand
	names []string

	life, kills []int
	// third[s] is the moment s's kill chips last reached three (AY-43), 0
	// when below three; seq counts the moments.
	third []int
	seq   int
	// zeroed[s]: a kill by s brought another player's life to 0 (AY-42).
	zeroed []bool
	marker engine.Seat

	rounds []*round
	phase  Phase
	turn   engine.Seat
	call   Role // the role being called; -1 before the first call

	revealed []bool // revealed this round (AY-14)
	anyKill  bool   // somebody was killed this round, a double too (AY-25)
	guard    engine.Seat
	det      engine.Seat
	cop      engine.Seat
	accused  engine.Seat
	assassin engine.Seat
	declared Role
	patient  engine.Seat // the Doctor's patient awaiting a real toss
	doctor   engine.Seat
	// The Bomb Girl's card (AY-31 … AY-33).
	bombOwner  engine.Seat
	bombHolder engine.Seat
	bombLive   bool
	// The fee being paid (AY-24).
	feePayer engine.Seat
	feeChip  Chip
	// The Serial Killer's targets named so far (private until complete).
	serial []engine.Seat

	queue   []effect
	outcome engine.Outcome
	opening []engine.Event
}

var _ engine.Game = (*Game)(nil)
var _ engine.Resampler = (*Game)(nil)

// New starts a game: chips dealt, marker placed, first round's draft laid out.
func New(cfg Config, seed uint64) (*Game, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if cfg.Toss == "" {
		cfg.Toss = TossEngine
	}
	n := len(cfg.Players)
	g := &Game{cfg: cfg, n: n, rng: engine.NewRand(seed), names: slices.Clone(cfg.Players),
		life: make([]int, n), kills: make([]int, n), third: make([]int, n), zeroed: make([]bool, n),
		marker: engine.Seat(cfg.Start)}
	for i := range g.life {
		g.life[i] = StartLife // AY-1
	}
	ev := &events{g: g}
	g.startRound(ev)
	g.opening = ev.list
	return g, nil
}

// Opening is what the first round's deal told whom, before any action.
func (g *Game) Opening() []engine.Event { return slices.Clone(g.opening) }

// Config returns the table options.
func (g *Game) Config() Config { return g.cfg }

// Seats is the number of players.
func (g *Game) Seats() int { return g.n }

// Phase is what the game waits for.
func (g *Game) Phase() Phase { return g.phase }

// Turn is the seat expected to act, or -1 when the game is over.
func (g *Game) Turn() engine.Seat { return g.turn }

// Life and Kills are a seat's chips.
func (g *Game) Life(s engine.Seat) int  { return g.life[s] }
func (g *Game) Kills(s engine.Seat) int { return g.kills[s] }

// Marker is the seat holding the dictator marker.
func (g *Game) Marker() engine.Seat { return g.marker }

// Round is the number of the current round, from 1.
func (g *Game) Round() int { return len(g.rounds) }

// RoleOf is the role seat s picked this round (NoRole during its draft).
func (g *Game) RoleOf(s engine.Seat) Role { return g.cur().role(s) }

// Killed reports whether s was killed this round.
func (g *Game) Killed(s engine.Seat) bool { return g.cur().KilledAt[s] != notKilled }

// Outcome tells whether the game is over and who won.
func (g *Game) Outcome() engine.Outcome {
	o := g.outcome
	o.Winners = slices.Clone(o.Winners)
	return o
}

func (g *Game) cur() *round { return g.rounds[len(g.rounds)-1] }

func (g *Game) name(s engine.Seat) string { return g.names[s] }

// Clone returns an independent copy of the game.
func (g *Game) Clone() *Game {
	c := *g
	c.rng = g.rng.Clone()
	c.names = slices.Clone(g.names)
	c.life, c.kills, c.third = slices.Clone(g.life), slices.Clone(g.kills), slices.Clone(g.third)
	c.zeroed = slices.Clone(g.zeroed)
	c.rounds = make([]*round, len(g.rounds))
	for i, rd := range g.rounds {
		c.rounds[i] = rd.clone()
	}
	c.revealed = slices.Clone(g.revealed)
	c.serial = slices.Clone(g.serial)
	c.queue = slices.Clone(g.queue)
	c.outcome.Winners = slices.Clone(g.outcome.Winners)
	return &c
}

// events collects what an action tells whom.
type events struct {
	g    *Game
	list []engine.Event
}

func (e *events) add(ev engine.Event) { e.list = append(e.list, ev) }

func (e *events) public(key string, nv ...string) {
	e.add(engine.Event{Msg: engine.M(key, nv...)})
}

func (e *events) reveal(key string, nv ...string) {
	e.add(engine.Event{Msg: engine.M(key, nv...), Reveal: true})
}

func (e *events) random(key string, nv ...string) {
	e.add(engine.Event{Msg: engine.M(key, nv...), Reveal: true, Random: true})
}

func (e *events) table(key string, nv ...string) {
	e.add(engine.Event{Msg: engine.M(key, nv...), Table: true})
}

func (e *events) private(s engine.Seat, reveal, random bool, key string, nv ...string) {
	e.add(engine.Event{Msg: engine.M(key, nv...), To: []engine.Seat{s}, Reveal: reveal, Random: random})
}

// roleArgs are the arguments naming a role in a message.
func roleArgs(r Role) []string { return []string{"mark", r.Mark(), "role", "@" + r.Key()} }

func cat(a []string, b ...string) []string { return append(slices.Clone(a), b...) }

func roleList(rs []Role) string {
	var b []byte
	for i, r := range rs {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, r.Mark()...)
	}
	return string(b)
}

// startRound shuffles the role cards and lays out the draft (AY-5 … AY-7).
func (g *Game) startRound(ev *events) {
	g.revealed = make([]bool, g.n)
	g.anyKill = false
	g.guard, g.det, g.cop, g.accused, g.assassin, g.declared = noSeat, noSeat, noSeat, noSeat, noSeat, NoRole
	g.patient, g.doctor = noSeat, noSeat
	g.bombOwner, g.bombHolder, g.bombLive = noSeat, noSeat, false
	g.feePayer, g.feeChip = noSeat, ""
	g.serial = nil
	g.queue = nil
	g.call = -1
	lay := Layout(g.n, g.cfg.BombGirl)
	rd := &round{No: len(g.rounds) + 1, Marker: g.marker, Shown: make([]bool, g.n), KilledAt: make([]int, g.n)}
	for i := range rd.KilledAt {
		rd.KilledAt[i] = notKilled
	}
	for i := range g.n {
		rd.Order = append(rd.Order, (g.marker+engine.Seat(i))%engine.Seat(g.n))
	}
	ev.public("ay.ev.round", "n", strconv.Itoa(rd.No), "marker", g.name(g.marker))
	for {
		deck := Roles(g.cfg.BombGirl)
		g.rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		rd.FaceDown = slices.Clone(deck[:lay.FaceDown])
		rd.FaceUp = slices.Clone(deck[lay.FaceDown : lay.FaceDown+lay.FaceUp])
		rd.Hand = slices.Clone(deck[lay.FaceDown+lay.FaceUp:])
		slices.Sort(rd.Hand)
		if !slices.Contains(rd.FaceUp, Dictator) {
			break
		}
		ev.random("ay.ev.redeal", roleArgs(Dictator)...) // AY-7
	}
	if len(rd.FaceUp) > 0 {
		ev.random("ay.ev.face_up", cat(roleArgs(rd.FaceUp[0]), "n", strconv.Itoa(len(rd.FaceDown)))...)
	} else {
		ev.random("ay.ev.face_down", "n", strconv.Itoa(len(rd.FaceDown)))
	}
	g.rounds = append(g.rounds, rd)
	g.handTo(0, ev)
}

// handTo gives the current hand to the drafter at position j (AY-8, AY-9).
func (g *Game) handTo(j int, ev *events) {
	rd := g.cur()
	s := rd.Order[j]
	if j == g.n-1 && len(rd.Hand) == 1 {
		// AY-9: the last player adds the face-down cards and picks from those.
		rd.Hand = append(rd.Hand, rd.FaceDown...)
		rd.Added = true
		slices.Sort(rd.Hand)
		ev.public("ay.ev.face_down_added", "name", g.name(s), "n", strconv.Itoa(len(rd.FaceDown)))
		ev.table("ay.do.face_down_added", "name", g.name(s), "n", strconv.Itoa(len(rd.FaceDown)))
	}
	rd.Hands = append(rd.Hands, slices.Clone(rd.Hand))
	ev.private(s, true, j == 0, "ay.pv.handed", "cards", roleList(rd.Hand))
	g.phase, g.turn = PhPick, s
}

// cardsOffered are the cards the drafter may pick (AY-11: the marker
// holder may not pick the Bomb Girl).
func (g *Game) cardsOffered() []Role {
	rd := g.cur()
	var out []Role
	for _, r := range rd.Hand {
		if r == BombGirl && len(rd.Picks) == 0 {
			continue
		}
		out = append(out, r)
	}
	return out
}

func (g *Game) pick(s engine.Seat, r Role, ev *events) {
	rd := g.cur()
	rd.Picks = append(rd.Picks, r)
	i := slices.Index(rd.Hand, r)
	rd.Hand = slices.Delete(rd.Hand, i, i+1)
	ev.private(s, false, false, "ay.pv.picked", roleArgs(r)...)
	if len(rd.Picks) == g.n {
		// The last pick ends the draft; the rest stays face down (AY-10).
		ev.public("ay.ev.draft_done")
		g.startCalling(ev)
		return
	}
	g.phase = PhPass
}

func (g *Game) pass(s engine.Seat, ev *events) {
	rd := g.cur()
	j := len(rd.Picks)
	ev.public("ay.ev.passed", "name", g.name(s), "to", g.name(rd.Order[j]), "n", strconv.Itoa(len(rd.Hand)))
	g.handTo(j, ev)
}

func (g *Game) startCalling(ev *events) {
	if g.cfg.BombGirl {
		g.phase, g.turn = PhBombCall, g.marker
		return
	}
	g.queue = append(g.queue, effect{kind: "next"})
	g.run(ev)
}

// bombCall carries out the marker holder's choice before role 0 (AY-30).
func (g *Game) bombCall(accuse bool, ev *events) {
	rd := g.cur()
	m := g.marker
	switch h := rd.holder(BombGirl); {
	case !accuse:
		ev.public("ay.ev.bomb_spared", "name", g.name(m))
	case h != noSeat:
		rd.Shown[h] = true
		ev.reveal("ay.ev.bomb_found", "name", g.name(m), "target", g.name(h))
		g.queue = append(g.queue, effect{kind: "kill", by: m, target: h, cause: byMarker})
	default:
		rd.BombMiss = true
		ev.reveal("ay.ev.bomb_missed", "name", g.name(m))
		life, kill := g.life[m] > 0, g.kills[m] > 0
		if life {
			g.life[m]--
		}
		if kill {
			g.loseKill(m) // AY-43: a third kill chip lost clears its moment
		}
		switch {
		case life && kill:
			ev.table("ay.do.bomb_missed_both", "name", g.name(m))
		case life:
			ev.table("ay.do.bomb_missed_life", "name", g.name(m))
		case kill: // a marker holder at 0 life, after a tied end (AY-42)
			ev.table("ay.do.bomb_missed_kill", "name", g.name(m))
		}
	}
	g.queue = append(g.queue, effect{kind: "next"})
	g.run(ev)
}

// nextCall calls the next role someone can answer (AY-13). A role nobody
// holds, or whose holder was killed before revealing, is skipped silently.
// After the last role comes the round end (AY-40). True when it waits.
//
// Calling a role names its holder, as at the table, where the holder
// answers the call: the event is a reveal, so the action that led to the
// call cannot be taken back alone (DESIGN.md principle 4) — else a Cop
// could accuse, see who answers ②, undo and accuse again.
func (g *Game) nextCall(ev *events) bool {
	rd := g.cur()
	for r := g.call + 1; r <= Terrorist; r++ {
		g.call = r
		h := rd.holder(r)
		if h == noSeat || g.Killed(h) || g.revealed[h] {
			continue
		}
		g.phase, g.turn = PhReveal, h
		ev.reveal("ay.ev.call", cat(roleArgs(r), "name", g.name(h))...)
		return true
	}
	g.call = Terrorist + 1
	g.queue = append([]effect{{kind: "serial"}, {kind: "round-end"}}, g.queue...)
	return false
}

// reveal: the called holder shows the role; kills waiting for it happen
// (AY-17, AY-20 … AY-22, AY-32, AY-33), then the holder's turn.
func (g *Game) reveal(s engine.Seat, ev *events) {
	rd := g.cur()
	r := rd.role(s)
	g.revealed[s], rd.Shown[s] = true, true
	ev.reveal("ay.ev.reveal", cat(roleArgs(r), "name", g.name(s))...)
	if r == Dictator && g.marker != s { // AY-26
		g.marker = s
		ev.public("ay.ev.marker", "name", g.name(s))
		ev.table("ay.do.marker", "name", g.name(s))
	}
	// Kills waiting for this reveal; only one happens (AY-22, AY-33).
	var k *effect
	switch {
	case g.assassin != noSeat && g.declared == r:
		k = &effect{kind: "kill", by: g.assassin, target: s, cause: byAssassin}
	case g.cop != noSeat && g.accused == s && (r == Assassin || r == SerialKiller || r == Terrorist):
		k = &effect{kind: "kill", by: g.cop, target: s, cause: byCop}
	case g.bombLive && g.bombHolder == s:
		k = &effect{kind: "kill", by: g.bombOwner, target: s, cause: byBomb}
	}
	if k != nil {
		g.queue = append(g.queue, *k)
	}
	if g.bombLive && g.bombHolder == s {
		// AY-32: the card goes back to its owner, powerless.
		g.queue = append(g.queue, effect{kind: "bomb-return", by: g.bombOwner, target: s})
	} else if g.bombLive && r != BombGirl {
		// The card's current holder hands it on: the rulebook says
		// 自爆娘を持つプレイヤーは…手渡します, "the player holding the Bomb
		// Girl"; rules/ayatsuri.md (AY-32) says her owner. The rulebook
		// wins. Her kill still lapses with her owner (AY-33), as the md says.
		g.queue = append(g.queue, effect{kind: "bomb-pass", target: g.bombHolder})
	}
	g.queue = append(g.queue, effect{kind: "ability", target: s}, effect{kind: "next"})
	g.run(ev)
}

// run resolves queued effects until one waits for a person.
func (g *Game) run(ev *events) {
	for len(g.queue) > 0 && g.phase != PhOver {
		e := g.queue[0]
		g.queue = g.queue[1:]
		if g.exec(e, ev) {
			return // waiting for a choice
		}
	}
}

// exec carries out one effect; true when it now waits for a seat.
func (g *Game) exec(e effect, ev *events) bool {
	switch e.kind {
	case "kill":
		return g.kill(e.by, e.target, e.cause, ev)
	case "bomb-return":
		g.bombLive = false
		g.bombHolder = e.by
		ev.public("ay.ev.bomb_back", "name", g.name(e.target), "owner", g.name(e.by))
		ev.table("ay.do.bomb_back", "name", g.name(e.target), "owner", g.name(e.by))
	case "bomb-pass":
		if len(g.bombTargets(e.target)) == 0 {
			ev.public("ay.ev.bomb_stays", "name", g.name(e.target))
			return false
		}
		g.phase, g.turn = PhBombPass, e.target
		return true
	case "ability":
		s := e.target
		if g.Killed(s) {
			ev.public("ay.ev.lost_turn", "name", g.name(s))
			return false
		}
		switch g.cur().role(s) {
		case SerialKiller:
			ev.public("ay.ev.serial_waits", "name", g.name(s))
			return false
		case Dictator:
			return false
		}
		g.phase, g.turn = PhAbility, s
		return true
	case "toss":
		if g.cfg.Toss == TossChips {
			g.phase, g.turn = PhToss, e.target
			return true
		}
		side := Life
		if g.rng.IntN(2) == 1 {
			side = Kill
		}
		g.tossed(e.by, e.target, side, ev)
	case "next":
		return g.nextCall(ev)
	case "serial":
		// AY-25: only if nobody was killed this round.
		if sk := g.cur().holder(SerialKiller); sk != noSeat && g.revealed[sk] && !g.Killed(sk) {
			if !g.anyKill {
				g.phase, g.turn, g.serial = PhSerial, sk, nil
				return true
			}
			ev.public("ay.ev.serial_idle", "name", g.name(sk))
		}
	case "round-end":
		g.endCheck(ev)
		return true
	}
	return false
}

// kill carries out one kill with the Detective's guard and the Dictator's
// double (AY-15, AY-16, AY-24, AY-26, AY-33). True when a fee waits for a choice.
func (g *Game) kill(by, v engine.Seat, c cause, ev *events) bool {
	rd := g.cur()
	if c == byBomb && g.Killed(by) {
		ev.public("ay.ev.bomb_lapsed", "owner", g.name(by), "target", g.name(v)) // AY-33
		return false
	}
	if g.Killed(v) {
		ev.public("ay.ev.already_killed", "name", g.name(v)) // AY-16
		return false
	}
	who := []string{"killer", g.name(by), "target", g.name(v), "cause", "@ay.cause." + string(c)}
	if g.guard == v {
		// AY-24: the kill is cancelled; a fee instead, unless self-guarded.
		if g.det == v {
			ev.public("ay.ev.guard_self", who...)
			return false
		}
		ev.public("ay.ev.guarded", cat(who, "det", g.name(g.det))...)
		return g.feeStart(v, ev)
	}
	if rd.role(v) == Dictator {
		// AY-26: a double dies, then the purge. Not a kill of the Dictator.
		if !rd.Shown[v] {
			rd.Shown[v] = true
			ev.reveal("ay.ev.dictator_exposed", cat(roleArgs(Dictator), "name", g.name(v))...)
		}
		g.gainKill(by)
		g.anyKill = true
		ev.public("ay.ev.double", who...)
		ev.table("ay.do.supply_kill", "name", g.name(by))
		var hit []string
		for s := range g.n {
			p := engine.Seat(s)
			if p != v && g.life[p] > 1 {
				g.life[p]--
				hit = append(hit, g.name(p))
			}
		}
		if len(hit) > 0 {
			ev.public("ay.ev.purge", "names", engine.Names(hit))
			ev.table("ay.do.purge", "names", engine.Names(hit))
		} else {
			ev.public("ay.ev.purge_none")
		}
		return false
	}
	g.anyKill = true
	rd.KilledAt[v] = int(g.call)
	if by == v {
		ev.public("ay.ev.kill_self", who...) // "kills themselves", not "Dai kills Dai"
	} else {
		ev.public("ay.ev.kill", who...)
	}
	switch {
	case by == v && g.life[v] > 0:
		g.life[v]--
		ev.table("ay.do.self_kill", "name", g.name(v))
	case g.life[v] > 0:
		g.life[v]--
		if g.life[v] == 0 {
			g.zeroed[by] = true
		}
		ev.table("ay.do.kill", "killer", g.name(by), "target", g.name(v))
	default:
		ev.table("ay.do.supply_kill", "name", g.name(by)) // AY-15
	}
	g.gainKill(by)
	return false
}

// gainKill records a kill chip and the moment of a third one (AY-43).
func (g *Game) gainKill(s engine.Seat) {
	g.kills[s]++
	g.seq++
	if g.kills[s] == KillsToEnd {
		g.third[s] = g.seq
	}
}

func (g *Game) loseKill(s engine.Seat) {
	g.kills[s]--
	if g.kills[s] < KillsToEnd {
		g.third[s] = 0
	}
}

// feeStart asks the guarded player for a chip, or takes the only kind they
// have. A player with no chip pays nothing (decision, AY-24).
func (g *Game) feeStart(payer engine.Seat, ev *events) bool {
	g.feePayer = payer
	switch {
	case g.life[payer] > 0 && g.kills[payer] > 0:
		g.phase, g.turn = PhFeePay, payer
		return true
	case g.life[payer] > 0:
		return g.feePaid(Life, ev)
	case g.kills[payer] > 0:
		return g.feePaid(Kill, ev)
	}
	ev.public("ay.ev.fee_none", "name", g.name(payer))
	g.feePayer = noSeat
	return false
}

func (g *Game) feePaid(c Chip, ev *events) bool {
	p := g.feePayer
	if c == Life {
		g.life[p]--
	} else {
		g.loseKill(p)
	}
	g.feeChip = c
	ev.public("ay.ev.fee_paid", "name", g.name(p), "det", g.name(g.det), "chip", "@ay.chip."+string(c))
	g.phase, g.turn = PhFeeTake, g.det
	return true
}

func (g *Game) feeTaken(c Chip, ev *events) {
	if c == Life {
		g.life[g.det]++
	} else {
		g.gainKill(g.det)
	}
	ev.public("ay.ev.fee_kept", "det", g.name(g.det), "chip", "@ay.chip."+string(c))
	ev.table("ay.do.fee", "name", g.name(g.feePayer), "det", g.name(g.det),
		"chip", "@ay.chip."+string(g.feeChip), "side", "@ay.side."+string(c))
	g.feePayer, g.feeChip = noSeat, ""
}

// tossed resolves the Doctor's treatment (AY-27).
func (g *Game) tossed(doc, p engine.Seat, side Chip, ev *events) {
	ev.random("ay.ev.toss", "name", g.name(p), "side", "@ay.side."+string(side))
	if side == Life {
		g.life[p]++
		ev.table("ay.do.heal", "name", g.name(p))
		return
	}
	g.queue = append([]effect{{kind: "kill", by: doc, target: p, cause: byDoctor}}, g.queue...)
}

// bombTargets are the players the Bomb Girl's card may go to: those who
// have not revealed, other than its holder (AY-31, AY-32).
func (g *Game) bombTargets(holder engine.Seat) []engine.Seat {
	var out []engine.Seat
	for s := range g.n {
		if p := engine.Seat(s); p != holder && !g.revealed[p] && !g.cur().Shown[p] {
			out = append(out, p)
		}
	}
	return out
}

// terroristPool are the players whose role cards the Terrorist draws from
// (AY-28): not killed this round, not the Cop.
func (g *Game) terroristPool() []engine.Seat {
	var out []engine.Seat
	for s := range g.n {
		p := engine.Seat(s)
		if !g.Killed(p) && g.cur().role(p) != Cop {
			out = append(out, p)
		}
	}
	return out
}

// endCheck ends the game or starts the next round (AY-41 … AY-43).
func (g *Game) endCheck(ev *events) {
	rd := g.cur()
	rd.Life, rd.Kills = slices.Clone(g.life), slices.Clone(g.kills)
	ev.public("ay.ev.round_end", "n", strconv.Itoa(rd.No))
	end := false
	for s := range g.n {
		if g.life[s] == 0 || g.kills[s] >= KillsToEnd {
			end = true
		}
	}
	if end {
		if w, reason, tied := g.winner(); w != noSeat {
			g.phase, g.turn = PhOver, noSeat
			args := []string{"name", g.name(w)}
			if len(tied) > 0 {
				var names []string
				for _, p := range tied {
					names = append(names, g.name(p))
				}
				args = append(args, "tied", engine.Names(names))
			}
			g.outcome = engine.Outcome{Over: true, Winners: []engine.Seat{w}, Reason: engine.M(reason, args...)}
			ev.reveal(reason, args...)
			return
		}
		ev.public("ay.ev.tie")
	}
	g.startRound(ev)
}

// winner applies AY-42; noSeat when the tie stands. A tie broken by
// AY-42's second rule also returns the other tied players, whom the
// reason names.
func (g *Game) winner() (engine.Seat, string, []engine.Seat) {
	best := noSeat
	for s := range g.n {
		p := engine.Seat(s)
		if g.kills[p] >= KillsToEnd && g.life[p] > 0 && (best == noSeat || g.third[p] < g.third[best]) {
			best = p
		}
	}
	if best != noSeat {
		return best, "ay.win.third", nil
	}
	top := -1
	var tied []engine.Seat
	for s := range g.n {
		p := engine.Seat(s)
		if g.life[p] == 0 {
			continue
		}
		switch t := g.life[p] + g.kills[p]; {
		case t > top:
			top, tied = t, []engine.Seat{p}
		case t == top:
			tied = append(tied, p)
		}
	}
	if len(tied) == 1 {
		return tied[0], "ay.win.most", nil
	}
	var z []engine.Seat
	for _, p := range tied {
		if g.zeroed[p] {
			z = append(z, p)
		}
	}
	if len(z) == 1 {
		var others []engine.Seat
		for _, p := range tied {
			if p != z[0] {
				others = append(others, p)
			}
		}
		return z[0], "ay.win.tiebreak", others
	}
	return noSeat, "", nil
}
