package ayatsuri

import (
	"slices"
	"strconv"
	"strings"

	"tablemaster/engine"
)

// The notation, as the console, scripts and the log write it. Players are
// named as at the table; roles by number, mark or name in either language.
//
//	pick 3 · pass · bomb kill · bomb spare · reveal · hand Ben · keep card ·
//	give Ben · accuse Ben · declare 5 · guard Ben · treat Ben · toss white ·
//	toss black · draw · pay life · pay kill · take life · take kill · target Ben
type act struct {
	verb   string
	role   Role
	seat   engine.Seat
	chip   Chip
	accuse bool
}

func (a act) text(g *Game) string {
	switch a.verb {
	case "pick", "declare":
		return a.verb + " " + strconv.Itoa(int(a.role))
	case "hand", "give", "accuse", "guard", "treat", "target":
		return a.verb + " " + g.name(a.seat)
	case "pay", "take":
		return a.verb + " " + string(a.chip)
	case "toss":
		if a.chip == Life {
			return "toss white"
		}
		return "toss black"
	case "bomb":
		if a.accuse {
			return "bomb kill"
		}
		return "bomb spare"
	case "keep":
		return "keep card"
	}
	return a.verb
}

func notation(text string) error {
	return engine.Errorf(engine.ErrNotation, "ayatsuri", engine.M("err.notation", "text", text))
}

// Decode reads an action as a person types it.
func (g *Game) Decode(_ engine.Seat, text string) (engine.Action, error) {
	a, err := g.decode(text)
	if err != nil {
		return "", err
	}
	return engine.Action(a.text(g)), nil
}

func (g *Game) decode(text string) (act, error) {
	t := strings.TrimSpace(text)
	verb, rest, _ := strings.Cut(t, " ")
	verb = strings.ToLower(verb)
	rest = strings.TrimSpace(rest)
	a := act{verb: verb, seat: noSeat, role: NoRole}
	var ok bool
	switch verb {
	case "pass", "reveal", "draw":
		ok = rest == ""
	case "keep":
		ok = rest == "" || strings.EqualFold(rest, "card")
	case "pick", "declare":
		a.role, ok = ParseRole(rest)
	case "hand", "give", "accuse", "guard", "treat", "target":
		a.seat, ok = g.seatNamed(rest)
	case "pay", "take":
		switch strings.ToLower(rest) {
		case "life", "white":
			a.chip, ok = Life, true
		case "kill", "black":
			a.chip, ok = Kill, true
		}
	case "toss":
		switch strings.ToLower(rest) {
		case "white", "life", "白":
			a.chip, ok = Life, true
		case "black", "kill", "黒":
			a.chip, ok = Kill, true
		}
	case "bomb":
		switch strings.ToLower(rest) {
		case "kill":
			a.accuse, ok = true, true
		case "spare":
			ok = true
		}
	}
	if !ok {
		return act{}, notation(text)
	}
	return a, nil
}

func (g *Game) seatNamed(s string) (engine.Seat, bool) {
	for i, n := range g.names {
		if strings.EqualFold(strings.TrimSpace(n), strings.TrimSpace(s)) {
			return engine.Seat(i), true
		}
	}
	return noSeat, false
}

// ParseRole reads a role by number ("3"), mark ("③") or name in English or
// Japanese ("Crooked Detective", "detective", "悪徳探偵").
func ParseRole(s string) (Role, bool) {
	s = strings.ToLower(strings.Join(strings.Fields(s), " "))
	if s == "" {
		return NoRole, false
	}
	for _, r := range AllRoles {
		if s == strconv.Itoa(int(r)) || s == r.Mark() {
			return r, true
		}
	}
	for _, r := range AllRoles {
		en, ja := strings.ToLower(engine.EN.S(r.Key())), engine.JA.S(r.Key())
		last := en[strings.LastIndexByte(en, ' ')+1:]
		if s == en || s == ja || s == last || strings.ReplaceAll(en, " ", "-") == s {
			return r, true
		}
	}
	return NoRole, false
}

func (g *Game) seatChoices(verb string, group string, label string, public bool, ok func(engine.Seat) bool) []engine.Choice {
	var cs []engine.Choice
	for i := range g.n {
		p := engine.Seat(i)
		if ok(p) {
			a := act{verb: verb, seat: p}
			cs = append(cs, engine.Choice{Action: engine.Action(a.text(g)), Group: engine.M(group),
				Label: engine.M(label, "name", g.name(p)), Public: public})
		}
	}
	return cs
}

func anyone(engine.Seat) bool { return true }

// Legal lists what seat s may do now; empty when it is not s's turn.
func (g *Game) Legal(s engine.Seat) []engine.Choice {
	if g.phase == PhOver || s != g.turn {
		return nil
	}
	rd := g.cur()
	choice := func(a act, group, label string, public bool, nv ...string) engine.Choice {
		return engine.Choice{Action: engine.Action(a.text(g)), Group: engine.M(group), Label: engine.M(label, nv...), Public: public}
	}
	var cs []engine.Choice
	switch g.phase {
	case PhPick:
		for _, r := range g.cardsOffered() {
			cs = append(cs, choice(act{verb: "pick", role: r}, "ay.g.pick", "ay.c.role", false, roleArgs(r)...))
		}
	case PhPass:
		j := len(rd.Picks)
		cs = append(cs, choice(act{verb: "pass"}, "ay.g.pass", "ay.c.pass", false,
			"to", g.name(rd.Order[j]), "n", strconv.Itoa(len(rd.Hand))))
	case PhBombCall:
		cs = append(cs, choice(act{verb: "bomb", accuse: true}, "ay.g.bomb_call", "ay.c.bomb_kill", true),
			choice(act{verb: "bomb"}, "ay.g.bomb_call", "ay.c.bomb_spare", true))
	case PhReveal:
		r := rd.role(s)
		cs = append(cs, choice(act{verb: "reveal"}, "ay.g.reveal", "ay.c.reveal", false, roleArgs(r)...))
	case PhAbility:
		switch rd.role(s) {
		case BombGirl:
			cs = g.seatChoices("hand", "ay.g.hand", "ay.c.player", true, func(p engine.Seat) bool {
				return slices.Contains(g.bombTargets(s), p)
			})
			cs = append(cs, choice(act{verb: "keep"}, "ay.g.hand", "ay.c.keep", true))
		case Cop:
			cs = g.seatChoices("accuse", "ay.g.accuse", "ay.c.player", true, anyone)
		case Assassin:
			for r := Detective; r <= Terrorist; r++ {
				cs = append(cs, choice(act{verb: "declare", role: r}, "ay.g.declare", "ay.c.role", true, roleArgs(r)...))
			}
		case Detective:
			cs = g.seatChoices("guard", "ay.g.guard", "ay.c.player", true, anyone)
		case Doctor:
			cs = g.seatChoices("treat", "ay.g.treat", "ay.c.player", true, func(p engine.Seat) bool { return !g.Killed(p) })
		case Terrorist:
			cs = append(cs, choice(act{verb: "draw"}, "ay.g.draw", "ay.c.draw", true))
		}
	case PhBombPass:
		cs = g.seatChoices("give", "ay.g.give", "ay.c.player", true, func(p engine.Seat) bool {
			return slices.Contains(g.bombTargets(s), p)
		})
	case PhToss:
		cs = append(cs, choice(act{verb: "toss", chip: Life}, "ay.g.toss", "ay.c.white", true),
			choice(act{verb: "toss", chip: Kill}, "ay.g.toss", "ay.c.black", true))
	case PhFeePay:
		cs = append(cs, choice(act{verb: "pay", chip: Life}, "ay.g.pay", "ay.c.chip_life", true),
			choice(act{verb: "pay", chip: Kill}, "ay.g.pay", "ay.c.chip_kill", true))
	case PhFeeTake:
		cs = append(cs, choice(act{verb: "take", chip: Life}, "ay.g.take", "ay.c.side_life", true),
			choice(act{verb: "take", chip: Kill}, "ay.g.take", "ay.c.side_kill", true))
	case PhSerial:
		// Named one by one; private until the last one (AY-25: distinct).
		cs = g.seatChoices("target", "ay.g.serial", "ay.c.player", false, func(p engine.Seat) bool {
			return !slices.Contains(g.serial, p)
		})
	}
	return cs
}

// Apply checks the action and carries it out. Only what Legal offers is
// accepted, so a refusal never tells anything hidden. On error nothing changed.
func (g *Game) Apply(s engine.Seat, action engine.Action) ([]engine.Event, error) {
	a, err := g.decode(string(action))
	if err != nil {
		return nil, err
	}
	legal := g.Legal(s)
	want := engine.Action(a.text(g))
	if !slices.ContainsFunc(legal, func(c engine.Choice) bool { return c.Action == want }) {
		return nil, g.refusal(s, a, legal)
	}
	ev := &events{g: g}
	g.exec1(s, a, ev)
	return ev.list, nil
}

// abilityVerbs are the actions of a called role (AY-14): its reveal and
// its ability.
var abilityVerbs = map[string]bool{"reveal": true, "hand": true, "keep": true, "accuse": true, "declare": true,
	"guard": true, "treat": true, "draw": true, "target": true}

// refusal says why seat s may not take a now; legal is what s may do.
// The reason depends only on s's own choices and on public facts (the
// game's end, who was killed this round), never on anyone's role.
func (g *Game) refusal(s engine.Seat, a act, legal []engine.Choice) error {
	verb := "@ay.verb." + a.verb
	switch {
	case g.phase == PhOver:
		return engine.Errorf(engine.ErrIllegal, "ayatsuri", engine.M("ay.err.over"))
	case len(legal) == 0 && abilityVerbs[a.verb] && s >= 0 && int(s) < g.n && g.Killed(s):
		return engine.Errorf(engine.ErrIllegal, "ayatsuri", engine.M("ay.err.killed")) // AY-16
	case len(legal) == 0:
		return engine.Errorf(engine.ErrNotYourTurn, "ayatsuri", engine.M("err.not_your_turn"))
	}
	for _, c := range legal {
		if v, _, _ := strings.Cut(string(c.Action), " "); v == a.verb {
			return engine.Errorf(engine.ErrIllegal, "ayatsuri", engine.M("ay.err.not_offered", "action", verb))
		}
	}
	return engine.Errorf(engine.ErrIllegal, "ayatsuri", engine.M("ay.err.not_now", "action", verb))
}

func (g *Game) exec1(s engine.Seat, a act, ev *events) {
	rd := g.cur()
	switch a.verb {
	case "pick":
		g.pick(s, a.role, ev)
		return
	case "pass":
		g.pass(s, ev)
		return
	case "bomb":
		g.bombCall(a.accuse, ev)
		return
	case "reveal":
		g.reveal(s, ev)
		return
	case "hand": // AY-31
		g.bombOwner, g.bombHolder, g.bombLive = s, a.seat, true
		ev.public("ay.ev.hand", "name", g.name(s), "target", g.name(a.seat))
		ev.table("ay.do.hand", "name", g.name(s), "target", g.name(a.seat))
	case "keep":
		g.bombOwner, g.bombHolder = s, s
		ev.public("ay.ev.keep", "name", g.name(s))
	case "give": // AY-32
		ev.public("ay.ev.give", "name", g.name(s), "target", g.name(a.seat))
		ev.table("ay.do.hand", "name", g.name(s), "target", g.name(a.seat))
		g.bombHolder = a.seat
	case "accuse": // AY-20
		g.cop, g.accused = s, a.seat
		ev.public("ay.ev.accuse", "name", g.name(s), "target", g.name(a.seat))
	case "declare": // AY-21
		g.assassin, g.declared = s, a.role
		ev.public("ay.ev.declare", cat(roleArgs(a.role), "name", g.name(s))...)
	case "guard": // AY-24
		g.det, g.guard = s, a.seat
		ev.public("ay.ev.guard", "name", g.name(s), "target", g.name(a.seat))
	case "treat": // AY-27
		g.doctor, g.patient = s, a.seat
		ev.public("ay.ev.treat", "name", g.name(s), "target", g.name(a.seat))
		g.queue = append([]effect{{kind: "toss", by: s, target: a.seat}}, g.queue...)
	case "toss":
		g.tossed(g.doctor, s, a.chip, ev)
	case "draw": // AY-28
		pool := g.terroristPool()
		v := pool[g.rng.IntN(len(pool))]
		ev.random("ay.ev.terror_draw", cat(roleArgs(rd.role(v)), "name", g.name(s), "target", g.name(v))...)
		g.queue = append([]effect{{kind: "kill", by: s, target: v, cause: byTerror}}, g.queue...)
	case "pay":
		g.feePaid(a.chip, ev)
		return
	case "take":
		g.feeTaken(a.chip, ev)
	case "target": // AY-25
		g.serial = append(g.serial, a.seat)
		need := SerialKillerTargets(g.n)
		if len(g.serial) < need {
			ev.private(s, false, false, "ay.pv.target", "name", g.name(a.seat), "k", strconv.Itoa(len(g.serial)), "n", strconv.Itoa(need))
			return
		}
		names := make([]string, len(g.serial))
		var kills []effect
		for i, p := range g.serial {
			names[i] = g.name(p)
			kills = append(kills, effect{kind: "kill", by: s, target: p, cause: bySerial})
		}
		ev.public("ay.ev.serial", "name", g.name(s), "names", engine.Names(names))
		g.queue = append(kills, g.queue...)
	}
	g.run(ev)
}
