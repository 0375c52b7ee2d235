package superrock

import (
	"slices"
	"strconv"
	"strings"

	"tablemaster/engine"
)

// play is the state after the preparation: the identities ledger (SR-30 …
// SR-34), who is dead, a pending victory declaration (SR-40, SR-41) and
// the end (SR-42, SR-43).
type play struct {
	dead []bool
	// seen[a][b]: a has seen b's character card (SR-30). Who looked at
	// whom is public; what they saw is not.
	seen      [][]bool
	exposed   []bool // SR-32: shown to all by "own identity exposed"; cannot veto
	shown     []bool // shown to all another way (Jessica's disintegration)
	converted []bool // SR-33: a conversion check succeeded on this player
	gone      []int  // SR-34: characters out of the game, "never there"
	// transformed: a new character was dealt since the deal, so the
	// characters in play no longer follow table 7.1 (Resample needs it).
	transformed bool
	decl        *declaration
	end         int   // SR-42: index into endReasons, -1 while playing
	own         []int // SR-43: 0 not confirmed, 1 met, 2 not met
	outcome     engine.Outcome
}

// declaration is a victory declaration waiting for answers (SR-40).
type declaration struct {
	by     engine.Seat
	order  []engine.Seat // who answers, going left from the declarer
	next   int           // index into order of who answers now
	vetoer engine.Seat   // -1 until someone vetoes
}

// endReasons are the ways a game ends (SR-40, SR-42), as the notation
// writes them: "end nova".
var endReasons = []string{"declared", "alone", "all-dead", "hubs", "nova", "king"}

// The characters whose victory declaration can override a veto (SR-41),
// by their id in the data file.
const (
	elmiID      = "elmi"
	wongID      = "wong"
	stroheimSID = "stroheim-s"
	leonID      = "leon"
	hijiriID    = "hijiri"
	jessicaID   = "jessica"
)

func newPlay(n int) play {
	p := play{dead: make([]bool, n), exposed: make([]bool, n), shown: make([]bool, n), converted: make([]bool, n),
		seen: make([][]bool, n), end: -1, own: make([]int, n)}
	for i := range p.seen {
		p.seen[i] = make([]bool, n)
	}
	return p
}

func (p play) clone() play {
	c := p
	c.dead, c.exposed, c.shown, c.converted = slices.Clone(p.dead), slices.Clone(p.exposed), slices.Clone(p.shown), slices.Clone(p.converted)
	c.gone, c.own, c.seen = slices.Clone(p.gone), slices.Clone(p.own), cloneRows(p.seen)
	if p.decl != nil {
		d := *p.decl
		d.order = slices.Clone(p.decl.order)
		c.decl = &d
	}
	c.outcome.Winners = slices.Clone(p.outcome.Winners)
	return c
}

// Dead reports whether seat s is dead (entered by the table).
func (g *Game) Dead(s engine.Seat) bool { return g.dead[s] }

// Seen reports whether seat a has seen seat b's character card (SR-30).
func (g *Game) Seen(a, b engine.Seat) bool { return a == b || g.seen[a][b] || g.public(b) }

// public reports whether b's character is known to everyone.
func (g *Game) public(b engine.Seat) bool {
	return g.exposed[b] || g.shown[b] || g.phase >= ConfirmPhase
}

func (g *Game) seat(name string) (engine.Seat, bool) {
	for i, p := range g.cfg.Players {
		if strings.EqualFold(p, name) {
			return engine.Seat(i), true
		}
	}
	return 0, false
}

func (g *Game) decodePlay(kind string, args []string, bad func() (act, error)) (act, error) {
	switch kind {
	case "identity", "telepathy", "convert", "converted", "dies", "revives":
		if len(args) == 0 {
			return bad()
		}
		s, ok := g.seat(strings.Join(args, " "))
		if !ok {
			return act{}, engine.Errorf(engine.ErrNotation, "superrock", engine.M("sr.err.no_such_player",
				"text", strings.Join(args, " "), "players", engine.Names(g.cfg.Players)))
		}
		return act{kind: kind, n: int(s)}, nil
	case "end":
		if len(args) != 1 {
			return bad()
		}
		if strings.EqualFold(args[0], "planet") {
			return act{kind: "endplanet"}, nil
		}
		for i, r := range endReasons {
			if i > 0 && strings.EqualFold(args[0], r) {
				return act{kind: kind, n: i}, nil
			}
		}
		return bad()
	case "own":
		if len(args) < 2 {
			return bad()
		}
		s, ok := g.seat(strings.Join(args[:len(args)-1], " "))
		won := map[string]int{"won": 1, "met": 1, "yes": 1, "lost": 0, "no": 0}
		w, ok2 := won[strings.ToLower(args[len(args)-1])]
		if !ok || !ok2 {
			return bad()
		}
		return act{kind: kind, n: int(s), card: w}, nil
	}
	if len(args) != 0 {
		return bad()
	}
	return act{kind: kind}, nil
}

// appendCandidatesPlay appends the actions worth checking for seat s
// after the preparation.
func (g *Game) appendCandidatesPlay(out []act, s engine.Seat) []act {
	n := g.Seats()
	switch g.phase {
	case PlayPhase:
		// Left out, only to spare checkPlay the work (it refuses them
		// too): a conversion by a seat that is no Locke, a death of the
		// dead, a revival of the living.
		locke := g.character(s).Locke != NotLocke
		for t := 0; t < n; t++ {
			for _, k := range playerKinds {
				switch {
				case (k == "convert" || k == "converted") && !locke,
					k == "dies" && g.dead[t], k == "revives" && !g.dead[t]:
					continue
				}
				out = append(out, act{kind: k, n: t})
			}
		}
		for _, k := range [...]string{"expose", "disintegrate", "transform", "declare"} {
			out = append(out, act{kind: k})
		}
		for i := 1; i < len(endReasons); i++ {
			out = append(out, act{kind: "end", n: i})
		}
		out = g.appendCandidatesBoard(out, s)
	case VetoPhase:
		out = append(out, act{kind: "accept"}, act{kind: "veto"})
	case OverridePhase:
		out = append(out, act{kind: "override"}, act{kind: "withdraw"})
	case ConfirmPhase:
		for t := 0; t < n; t++ {
			out = append(out, act{kind: "own", n: t, card: 1}, act{kind: "own", n: t, card: 0})
		}
	}
	return out
}

// playerKinds are the play actions that name a player.
var playerKinds = [...]string{"identity", "telepathy", "convert", "converted", "dies", "revives"}

// choicePlay fills in the words of a play choice.
func (g *Game) choicePlay(a act, c *engine.Choice) {
	switch a.kind {
	case "identity", "telepathy", "convert", "converted", "dies", "revives":
		c.Label = engine.M("sr.c.player", "player", g.name(engine.Seat(a.n)))
		c.Public = a.kind != "convert" && a.kind != "converted"
		c.Confirm = a.kind == "dies"
	case "end":
		c.Label = engine.M("sr.c.end." + endReasons[a.n])
		c.Public = endReasons[a.n] != "king"
		c.Confirm = true
	case "own":
		c.Group = engine.M("sr.g.own", "player", g.name(engine.Seat(a.n)))
		c.Label = engine.M([...]string{"sr.c.own_lost", "sr.c.own_won"}[a.card])
		c.Public = true
	case "declare", "accept", "veto", "withdraw", "expose", "transform":
		// A transformation is public and draws in private; the others
		// reveal a card or depend on one.
		c.Public = a.kind == "transform"
	default:
		g.choiceBoard(a, c)
	}
}

// attr is seat s's attribute now: an E/G is Good after a conversion
// (SR-33, table 2.2) until it comes back to life.
func (g *Game) attr(s engine.Seat) Attr {
	a := g.character(s).Attr
	if a == EvilGood {
		if g.converted[s] {
			return Good
		}
		return Evil
	}
	return a
}

// answerers lists who answers a declaration by d (SR-40): going left, every
// living player whose character d has not seen and who has not exposed
// their own identity.
func (g *Game) answerers(d engine.Seat) []engine.Seat {
	var out []engine.Seat
	for i := 1; i < g.Seats(); i++ {
		t := engine.Seat((int(d) + i) % g.Seats())
		if !g.dead[t] && !g.exposed[t] && !g.Seen(d, t) {
			out = append(out, t)
		}
	}
	return out
}

// notAnswering says why seat s cannot answer the pending declaration now
// (SR-40, SR-32). Every reason is public: who answers and in what order
// was announced with the declaration, and who has seen whose card, who is
// dead and who exposed their identity are on the table screen.
func (g *Game) notAnswering(s engine.Seat, kind string, w why) error {
	d := g.decl
	if i := slices.Index(d.order, s); i >= 0 {
		if i < d.next {
			return w.no("sr.err.answered")
		}
		return w.no("sr.err.answer_wait", "player", g.name(d.order[d.next]))
	}
	switch {
	case s == d.by:
		return w.no("sr.err.own_declaration")
	case g.dead[s]:
		return w.no("sr.err.answer_dead", "player", g.name(s))
	case g.exposed[s] && kind == "veto":
		return w.no("sr.err.veto_exposed")
	case g.exposed[s]:
		return w.no("sr.err.answer_exposed")
	}
	return w.no("sr.err.answer_seen", "player", g.name(d.by))
}

// overrideReason is SR-41: the catalogue key of the condition under which
// the declarer's character overrides a veto, as far as the tool can check
// it, or "".
func (g *Game) overrideReason(s engine.Seat) string {
	n := g.Seats()
	deadAll, deadOthers := 0, 0
	for t := 0; t < n; t++ {
		if g.dead[t] {
			deadAll++
			if engine.Seat(t) != s {
				deadOthers++
			}
		}
	}
	switch g.character(s).ID {
	case elmiID:
		if 2*deadOthers >= n-1 {
			return "sr.override.elmi"
		}
	case wongID:
		if 2*deadAll >= n {
			return "sr.override.wong"
		}
	case stroheimSID:
		// The tool checks that he saw a Locke's card and that Locke is
		// dead; the table confirms he killed Locke himself.
		for t := 0; t < n; t++ {
			if engine.Seat(t) != s && g.dead[t] && g.Seen(s, engine.Seat(t)) && g.character(engine.Seat(t)).Locke != NotLocke {
				return "sr.override.stroheim"
			}
		}
	case leonID:
		// Levels can also be known without a card (a disintegration sets
		// one to 0): the tool only rules out a character seen at level 5
		// or above; the table confirms the rest.
		for t := 0; t < n; t++ {
			if engine.Seat(t) != s && g.Seen(s, engine.Seat(t)) && g.character(engine.Seat(t)).Level > 4 {
				return ""
			}
		}
		return "sr.override.leon"
	}
	return ""
}

// playPhaseOf is the phase in which a play action is taken.
func playPhaseOf(kind string) Phase {
	switch kind {
	case "accept", "veto":
		return VetoPhase
	case "override", "withdraw":
		return OverridePhase
	case "own":
		return ConfirmPhase
	}
	return PlayPhase
}

func (g *Game) checkPlay(s engine.Seat, a act, w why) error {
	ph := playPhaseOf(a.kind)
	// 11.1.4: a character may transform while a declaration is pending.
	during := a.kind == "transform" && (g.phase == VetoPhase || g.phase == OverridePhase)
	if g.phase != ph && !during {
		if g.phase == OverPhase {
			return w.no("sr.err.over")
		}
		return w.no("sr.err.wrong_action", "action", w.verb(a.kind), "phase", w.at("sr.ph.", g.phase.String()))
	}
	if boardKind(a.kind) {
		return g.checkBoard(s, a, w)
	}
	t := engine.Seat(a.n)
	switch a.kind {
	case "identity", "telepathy", "convert", "converted": // SR-31, SR-33
		if t == s {
			return w.no("sr.err.self")
		}
		if g.dead[s] {
			return w.no("sr.err.dead", "player", g.name(s))
		}
		if (a.kind == "convert" || a.kind == "converted") && g.character(s).Locke == NotLocke {
			return w.no("sr.err.not_locke")
		}
		if (a.kind == "convert" || a.kind == "converted") && g.dead[t] {
			return w.no("sr.err.dead", "player", g.name(t))
		}
		if a.kind == "convert" && g.Seen(t, s) {
			return w.no("sr.err.already_shown", "player", g.name(t))
		}
		if (a.kind == "identity" || a.kind == "telepathy") && g.Seen(s, t) {
			return w.no("sr.err.already_seen", "player", g.name(t))
		}
	case "dies":
		if g.dead[t] {
			return w.no("sr.err.dead", "player", g.name(t))
		}
	case "revives":
		if !g.dead[t] {
			return w.no("sr.err.alive", "player", g.name(t))
		}
	case "expose": // SR-32
		if g.exposed[s] {
			return w.no("sr.err.exposed")
		}
	case "disintegrate": // SR-33
		if g.character(s).ID != jessicaID {
			return w.no("sr.err.not_jessica")
		}
		if g.shown[s] || g.exposed[s] {
			return w.no("sr.err.exposed")
		}
	case "transform": // SR-34
		if !g.anyUndrawn() {
			return w.no("sr.err.no_character_left")
		}
	case "declare": // SR-40
		if g.dead[s] {
			return w.no("sr.err.dead", "player", g.name(s))
		}
	case "accept", "veto":
		if g.decl.order[g.decl.next] != s {
			return g.notAnswering(s, a.kind, w)
		}
	case "override", "withdraw": // SR-41
		if g.decl.by != s {
			return w.no("sr.err.not_declarer", "player", g.name(g.decl.by))
		}
		if a.kind == "override" && g.overrideReason(s) == "" {
			return w.no("sr.err.no_override")
		}
	case "end": // SR-42
		alive := 0
		for _, d := range g.dead {
			if !d {
				alive++
			}
		}
		switch endReasons[a.n] {
		case "alone":
			if alive != 1 {
				return w.no("sr.err.end_alone", "n", strconv.Itoa(alive))
			}
		case "all-dead":
			if alive != 0 {
				return w.no("sr.err.end_all_dead", "n", strconv.Itoa(alive))
			}
		case "king":
			if g.character(s).ID != hijiriID {
				return w.no("sr.err.not_hijiri")
			}
		case "hubs":
			// The hubs are placed when the secret base phase begins
			// (SR-25): before that none can have been destroyed.
			if g.stage < BaseStage {
				return w.no("sr.err.end_no_hubs")
			}
		}
	case "own": // SR-43
		if g.own[t] != 0 || !g.attrWon(t) || endReasons[g.end] == "king" {
			return w.no("sr.err.own_not_needed", "player", g.name(t))
		}
	}
	return nil
}

// undrawn lists the character cards in the pile: neither dealt nor out of
// the game (SR-34).
func (g *Game) undrawn() []int {
	used := map[int]bool{}
	for _, c := range g.char {
		used[c] = true
	}
	for _, c := range g.gone {
		used[c] = true
	}
	var out []int
	for i := range g.data.Characters {
		if !used[i] {
			out = append(out, i)
		}
	}
	return out
}

// anyUndrawn says whether the pile holds a character card: undrawn()
// is not empty, without its lists (check asks at every step).
func (g *Game) anyUndrawn() bool {
	for i := range g.data.Characters {
		if !slices.Contains(g.char, i) && !slices.Contains(g.gone, i) {
			return true
		}
	}
	return false
}

func (g *Game) charArgs(s engine.Seat) []string {
	c := g.character(s)
	return []string{"player", g.name(s), "character", "@" + c.NameKey(), "attr", "@" + c.Attr.Key()}
}

func (g *Game) execPlay(s engine.Seat, a act, ev *events) {
	t := engine.Seat(a.n)
	one := func(x engine.Seat) []engine.Seat { return []engine.Seat{x} }
	switch a.kind {
	case "identity", "telepathy": // SR-31, SR-33
		g.seen[s][t] = true
		// Marked as a reveal for everyone: the ledger line is public, so
		// undoing it needs the whole table's agreement. Otherwise a player
		// could look at one card, undo alone and look at another (DESIGN.md
		// principle 4).
		ev.add(nil, true, false, false, "sr.ev."+a.kind, "player", g.name(s), "target", g.name(t))
		ev.private(one(s), false, "sr.pv.sees", g.charArgs(t)...)
	case "convert": // SR-33: the Locke shows their own card to the target
		g.seen[t][s] = true
		ev.public("sr.ev.convert", "player", g.name(s), "target", g.name(t))
		ev.private(one(t), false, "sr.pv.sees", g.charArgs(s)...)
	case "converted":
		g.converted[t] = true
		ev.public("sr.ev.converted", "player", g.name(s), "target", g.name(t))
	case "dies":
		g.dead[t] = true
		ev.public("sr.ev.dies", "player", g.name(t))
		g.afterDeath(t, ev)
	case "revives":
		g.dead[t] = false
		g.converted[t] = false // table 2.2: back to the initial state
		ev.public("sr.ev.revives", "player", g.name(t))
		g.afterRevival(t, ev)
	case "expose": // SR-32
		g.exposed[s] = true
		ev.add(nil, true, false, false, "sr.ev.exposed", g.charArgs(s)...)
	case "disintegrate": // SR-33
		g.shown[s] = true
		ev.add(nil, true, false, false, "sr.ev.disintegrate", g.charArgs(s)...)
	case "transform": // SR-34
		pile := g.undrawn()
		g.gone = append(g.gone, g.char[s])
		g.char[s] = pile[g.rng.IntN(len(pile))]
		g.transformed = true
		for u := range g.seen {
			g.seen[u][s] = false
		}
		g.exposed[s], g.shown[s], g.converted[s] = false, false, false
		ev.add(nil, false, true, false, "sr.ev.transform", "player", g.name(s))
		ev.private(one(s), true, "sr.pv.character", "character", "@"+g.character(s).NameKey(), "attr", "@"+g.character(s).Attr.Key())
		if g.decl != nil {
			// 11.1.4: a transformation cancels a pending declaration.
			g.decl = nil
			g.phase = PlayPhase
			ev.public("sr.ev.decl_cancelled")
		}
	case "declare": // SR-40
		order := g.answerers(s)
		g.decl = &declaration{by: s, order: order, vetoer: -1}
		ev.public("sr.ev.declare", "player", g.name(s), "order", g.names(order))
		if len(order) == 0 {
			g.finish(endIndex("declared"), ev)
			return
		}
		g.phase = VetoPhase
	case "accept":
		ev.public("sr.ev.accept", "player", g.name(s))
		g.decl.next++
		if g.decl.next == len(g.decl.order) {
			g.finish(endIndex("declared"), ev)
		}
	case "veto":
		g.decl.vetoer = s
		ev.public("sr.ev.veto", "player", g.name(s), "declarer", g.name(g.decl.by))
		g.phase = OverridePhase
	case "override": // SR-41
		g.shown[s] = true
		ev.add(nil, true, false, false, "sr.ev.override", append(g.charArgs(s), "reason", "@"+g.overrideReason(s))...)
		g.finish(endIndex("declared"), ev)
	case "withdraw":
		ev.public("sr.ev.withdraw", "player", g.name(s))
		g.decl = nil
		g.phase = PlayPhase
	case "end": // SR-42
		ev.public("sr.end." + endReasons[a.n])
		g.finish(a.n, ev)
	case "own": // SR-43
		g.own[t] = 2 - a.card
		ev.public([...]string{"sr.ev.own_lost", "sr.ev.own_won"}[a.card], "player", g.name(t))
		g.settle(ev)
	default:
		g.execBoard(s, a, ev)
	}
}

func endIndex(r string) int {
	for i, e := range endReasons {
		if e == r {
			return i
		}
	}
	panic("superrock: no end reason " + r)
}

// finish is SR-42: every character is revealed; then the table confirms
// the own conditions of those whose attribute condition holds (SR-43).
func (g *Game) finish(reason int, ev *events) {
	g.end = reason
	g.phase = ConfirmPhase
	if endReasons[reason] == "declared" {
		ev.public("sr.end.declared", "player", g.name(g.decl.by))
	}
	for s := range g.char {
		ev.add(nil, true, false, false, "sr.ev.final", g.charArgs(engine.Seat(s))...)
	}
	ev.table("sr.do.final")
	g.settle(ev)
}

// attrWon is the attribute part of a player's result (chapter 6.3.2).
func (g *Game) attrWon(s engine.Seat) bool {
	if endReasons[g.end] == "king" {
		return g.character(s).ID == hijiriID
	}
	var good, evil bool
	for t := range g.char {
		if g.dead[t] {
			continue
		}
		switch g.attr(engine.Seat(t)) {
		case Good:
			good = true
		case Evil:
			evil = true
		}
	}
	switch g.attr(s) {
	case Good:
		if !good && !evil {
			return false // everyone Good and Evil is dead: both lose
		}
		if r := endReasons[g.end]; r == "hubs" || r == "nova" {
			return true
		}
		return !evil && good
	case Evil:
		// Decision: when the hubs fall or Nova goes off, Good wins and the
		// Evil attribute condition fails even if no Good is alive.
		if r := endReasons[g.end]; r == "hubs" || r == "nova" {
			return false
		}
		return !good && evil
	}
	return true
}

// settle ends the game once every needed own condition is confirmed.
func (g *Game) settle(ev *events) {
	king := endReasons[g.end] == "king"
	var winners []engine.Seat
	for s := range g.char {
		seat := engine.Seat(s)
		if !g.attrWon(seat) {
			continue
		}
		if !king && g.own[s] == 0 {
			return
		}
		if king || g.own[s] == 1 {
			winners = append(winners, seat)
		}
	}
	g.phase = OverPhase
	reason := engine.M("sr.end." + endReasons[g.end])
	if endReasons[g.end] == "declared" {
		reason = engine.M("sr.end.declared", "player", g.name(g.decl.by))
	}
	g.outcome = engine.Outcome{Over: true, Winners: winners, Reason: reason}
	for s := range g.char {
		ev.public("sr.ev.grade", "player", g.name(engine.Seat(s)), "grade", "@sr.grade."+g.Grade(engine.Seat(s)))
	}
}

// Grade is SR-43 once the game is over: A alive and won, B dead and won,
// C alive and lost, D dead and lost; "" before.
func (g *Game) Grade(s engine.Seat) string {
	if g.phase != OverPhase {
		return ""
	}
	won := false
	for _, w := range g.outcome.Winners {
		won = won || w == s
	}
	switch {
	case won && !g.dead[s]:
		return "A"
	case won:
		return "B"
	case !g.dead[s]:
		return "C"
	}
	return "D"
}
