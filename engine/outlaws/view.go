package outlaws

import (
	"math/bits"
	"strconv"

	"tablemaster/engine"
)

// SlotView is one card of a Main Street as a device shows it.
type SlotView struct {
	Slot string `json:"slot"`
	// Char and Card are set when the device may know the card: the owner's
	// own street, or a card face up for everyone (restrained, camera).
	Char       string `json:"char,omitempty"` // catalogue key: "@ol.char.sheriff"
	Card       string `json:"card,omitempty"` // "♥3"
	Up         bool   `json:"up,omitempty"`   // face up for everyone
	Restrained bool   `json:"restrained,omitempty"`
	Camera     bool   `json:"camera,omitempty"`
	// Shown: shown to everyone by the action under way or just done; it
	// goes back face down after it (OL-11).
	Shown bool `json:"shown,omitempty"`
	// Token says whether a token lies in front of this slot pair.
	Token bool `json:"token"`
	// NotTokens are the kinds of token in play that everyone knows this
	// one is not (a declaration that failed), catalogue keys.
	NotTokens []string `json:"not_tokens,omitempty"`
}

// CharView is a card named in the open (the Saloon).
type CharView struct {
	Char string `json:"char"`
	Card string `json:"card"`
}

// Holdings is what a player holds in the open.
type Holdings struct {
	Bullets   int `json:"bullets"`
	Handcuffs int `json:"handcuffs"`
	Ballots   int `json:"ballots"`
	Cameras   int `json:"cameras"`
	// Arranged: the player has chosen where each card goes (by hand or
	// dealt: the table cannot tell which).
	Arranged bool `json:"arranged"`
}

// PublicView is what everyone may know (rules/outlaws.md, "What the
// engine shows whom").
type PublicView struct {
	Options  Config         `json:"options"`
	Phase    string         `json:"phase"`
	Turn     engine.Seat    `json:"turn"`
	Actions  int            `json:"actions"`
	TurnNo   int            `json:"turn_no"`
	Status   engine.Msg     `json:"status"`
	Streets  [2][]SlotView  `json:"streets"`
	Saloons  [2][]CharView  `json:"saloons"`
	Held     [2]Holdings    `json:"held"`
	Stock    int            `json:"stock"`
	Spent    map[string]int `json:"spent"`
	Tiebreak bool           `json:"tiebreak,omitempty"`
	// Picked are the slots of the player to move whose cards are up for
	// a Move or a Saloon move (OL-7), and SaloonTaken the Saloon card
	// taken ("1", "2"): the events say so to everyone.
	Picked      []string `json:"picked,omitempty"`
	SaloonTaken string   `json:"saloon_taken,omitempty"`
	// Waiting names the defender an attack waits for (OL-32).
	Waiting *engine.Seat `json:"waiting,omitempty"`
	Over    bool         `json:"over"`
	Winner  engine.Seat  `json:"winner"`
	Reason  engine.Msg   `json:"reason"`
}

// View is what one seat may know.
type View struct {
	Seat engine.Seat `json:"seat"`
	Role string      `json:"role"` // "red" or "green"
	PublicView
	// Mine is the seat's own street, every card named.
	Mine []SlotView `json:"mine"`
	// Placed is the seat's arrangement so far during Setup.
	Placed []CharView `json:"placed,omitempty"`
	// Laying: the seat has arranged its cards and not yet said they lie
	// on the table ("Done laying"); its phone lists them behind one tap.
	Laying bool `json:"laying,omitempty"`
	// Saloon is the seat's own Saloon once arranged.
	Saloon []CharView `json:"saloon,omitempty"`
	// Notes is what the seat alone saw, oldest first.
	Notes   []engine.Msg    `json:"notes"`
	Choices []engine.Choice `json:"choices"`
	// Threat says, to the defender only, what a pending attack would hit.
	Threat *CharView `json:"threat,omitempty"`
}

// PublicView is what the table screen and the GM console show.
func (g *Game) PublicView() any { return g.publicView() }

func (g *Game) publicView() PublicView {
	v := PublicView{
		Options: g.cfg, Phase: g.phase.String(), Turn: g.turn, Actions: g.actions, TurnNo: g.turnNo + 1,
		Status: g.status(), Stock: len(g.stock), Tiebreak: g.tiebreak, Winner: engine.Public,
		Over: g.outcome.Over, Reason: g.outcome.Reason, Spent: g.spentView(),
	}
	// What everyone knows each token in the row is not (notTokens), and
	// the two streets' and Saloons' cards, each in one allocation.
	notIn := g.notTokens()
	streets, saloons := make([]SlotView, 0, 2*Slots), make([]CharView, 0, 4)
	for s := range 2 {
		st := engine.Seat(s)
		v.Held[s] = Holdings{Bullets: g.held[s][Bullet], Handcuffs: g.held[s][Handcuffs], Ballots: g.held[s][Ballot],
			Cameras: g.cameras[s], Arranged: len(g.placed[s]) == 10}
		if len(g.placed[s]) < 10 {
			v.Saloons[s], v.Streets[s] = []CharView{}, []SlotView{}
			continue
		}
		v.Saloons[s], v.Streets[s] = saloons[len(saloons):len(saloons):len(saloons)+2], streets[len(streets):len(streets):len(streets)+Slots]
		for _, c := range g.saloon[s] {
			v.Saloons[s] = append(v.Saloons[s], CharView{Char: c.Msg(), Card: g.Card(s, c)})
		}
		for i := range Slots {
			sv := SlotView{Slot: slotArg(i), Token: g.row[i] != None}
			if sv.Token {
				sv.NotTokens = notIn[i]
			}
			if g.up(st, i) || g.outcome.Over || g.shown[s][i] {
				c := g.street[s][i]
				sv.Char, sv.Card, sv.Up = c.Msg(), g.Card(s, c), g.up(st, i)
				sv.Restrained, sv.Camera = g.restrained[s][c], g.camera[s][c]
				sv.Shown = g.shown[s][i] && !sv.Up && !g.outcome.Over
			}
			v.Streets[s] = append(v.Streets[s], sv)
		}
		saloons, streets = saloons[:len(saloons)+2], streets[:len(streets)+Slots]
	}
	switch g.phase {
	case Setup:
		v.Status = setupStatus
	case MovePick:
		v.Picked = []string{slotArg(g.salA)}
	case MoveHow, SaloonPut:
		v.Picked = []string{slotArg(g.salA), slotArg(g.salB)}
	case SaloonPick:
		if g.salA >= 0 {
			v.Picked = []string{slotArg(g.salA)}
		}
	}
	if g.phase == SaloonPick || g.phase == SaloonPut {
		v.SaloonTaken = strconv.Itoa(g.salIdx + 1)
	}
	if g.pend != nil {
		d := 1 - g.pend.by
		v.Waiting = &d
	}
	if g.outcome.Over {
		v.Winner = g.outcome.Winners[0]
	}
	return v
}

// notTokens is, for each place i of the row, what everyone knows the
// token there is not: the kinds in play (public) that the public's
// knowledge rules out, catalogue keys. The lists are shared (notTokenKeys).
func (g *Game) notTokens() (out [Slots][]string) {
	var in uint8
	for _, t := range g.row {
		if t != None {
			in |= tbit(t)
		}
	}
	for _, t := range g.stock {
		in |= tbit(t)
	}
	for i := range Slots {
		out[i] = notTokenKeys[in&^g.know.tokens[2][i]]
	}
	return out
}

// notTokenKeys lists, for each set of kinds of token, their catalogue
// keys in order (nil for none): the lists every view shares, and none
// changes.
var notTokenKeys = func() (out [1 << NumTokens][]string) {
	for m := range out {
		for t := Token(0); t < NumTokens; t++ {
			if m&(1<<t) != 0 {
				out[m] = append(out[m], t.Msg())
			}
		}
	}
	return out
}()

// status is the PublicView's line for the phase, shared between views
// (statuses) as a Choice's words are: nothing changes a Msg's Args.
func (g *Game) status() engine.Msg {
	if int(g.phase) < len(phaseNames) && g.turn >= 0 && g.turn <= 1 && g.actions >= 0 && g.actions <= ActionsPerTurn {
		return statuses[g.phase][g.turn][g.actions]
	}
	return statusOf(g.phase, g.turn, g.actions)
}

func statusOf(p Phase, turn engine.Seat, actions int) engine.Msg {
	return engine.M("ol.ph."+p.String(), "role", roleKey(turn), "n", strconv.Itoa(actions))
}

var (
	statuses = func() (out [len(phaseNames)][2][ActionsPerTurn + 1]engine.Msg) {
		for p := range out {
			for s := range out[p] {
				for n := range out[p][s] {
					out[p][s][n] = statusOf(Phase(p), engine.Seat(s), n)
				}
			}
		}
		return out
	}()
	setupStatus = engine.M("ol.ph.setup")
)

// spentView is the PublicView's Bullets and Handcuffs used, one map for
// each count, shared between views, which only ever read it.
func (g *Game) spentView() map[string]int {
	b, h := g.spent[Bullet], g.spent[Handcuffs]
	if b >= 0 && b <= TokenCount[Bullet] && h >= 0 && h <= TokenCount[Handcuffs] {
		return spentMaps[b][h]
	}
	return spentMap(b, h)
}

func spentMap(b, h int) map[string]int { return map[string]int{"bullet": b, "handcuffs": h} }

var spentMaps = func() (out [][]map[string]int) {
	out = make([][]map[string]int, TokenCount[Bullet]+1)
	for b := range out {
		out[b] = make([]map[string]int, TokenCount[Handcuffs]+1)
		for h := range out[b] {
			out[b][h] = spentMap(b, h)
		}
	}
	return out
}()

// View is what seat s may see; a seat that is not a player gets the
// PublicView.
func (g *Game) View(s engine.Seat) any { return g.ViewWithChoices(s, g.Legal(s)) }

// ViewWithChoices is View with the seat's choices given: Legal(s), which
// the caller computed already (engine.ChoiceViewer).
func (g *Game) ViewWithChoices(s engine.Seat, choices []engine.Choice) any {
	if s != Red && s != Green {
		return g.publicView()
	}
	v := View{Seat: s, Role: [2]string{"red", "green"}[s], PublicView: g.publicView(), Notes: g.notes[s], Choices: choices}
	if v.Notes == nil {
		v.Notes = []engine.Msg{}
	}
	if v.Choices == nil {
		v.Choices = []engine.Choice{}
	}
	if len(g.placed[s]) > 0 {
		v.Placed = make([]CharView, 0, len(g.placed[s]))
	}
	for _, c := range g.placed[s] {
		v.Placed = append(v.Placed, CharView{Char: c.Msg(), Card: g.Card(int(s), c)})
	}
	if len(g.placed[s]) == 10 {
		v.Laying = !g.laid[s] && !g.outcome.Over
		v.Saloon, v.Mine = make([]CharView, 0, len(g.saloon[s])), make([]SlotView, 0, Slots)
		for _, c := range g.saloon[s] {
			v.Saloon = append(v.Saloon, CharView{Char: c.Msg(), Card: g.Card(int(s), c)})
		}
		for i, c := range g.street[s] {
			v.Mine = append(v.Mine, SlotView{Slot: slotArg(i), Char: c.Msg(), Card: g.Card(int(s), c), Up: g.up(s, i),
				Restrained: g.restrained[s][c], Camera: g.camera[s][c], Token: g.row[i] != None})
		}
	}
	if p := g.pend; p != nil && 1-p.by == s {
		c := g.street[s][p.slot]
		v.Threat = &CharView{Char: c.Msg(), Card: g.Card(int(s), c)}
	}
	return v
}

// Resample returns a copy of the game in which everything hidden from s
// is redrawn, consistently with what s knows: the other street(s), the
// tokens in the row and the stock, and the random source.
func (g *Game) Resample(s engine.Seat, r *engine.Rand) engine.Game {
	c := g.Clone()
	c.rng = engine.NewRand(uint64(r.IntN(1 << 30)))
	for p := range 2 {
		ps := engine.Seat(p)
		if ps == s {
			continue
		}
		obs := obsPublic
		if s == 1-ps {
			obs = obsOpponent
		}
		if len(c.placed[p]) < 10 {
			c.redrawPlaced(ps, r)
			continue
		}
		if !c.outcome.Over {
			c.redrawStreet(ps, obs, r)
		}
	}
	o := 2
	if s == Red || s == Green {
		o = int(s)
	}
	c.redrawTokens(o, r)
	// The other player's checks told it what lay there: in the redrawn
	// row it knows what lies there now, and nothing of the true row.
	for p := range 2 {
		if p == o {
			continue
		}
		for i, t := range c.row {
			if t != None && bits.OnesCount8(c.know.tokens[p][i]) == 1 {
				c.know.tokens[p][i] = tbit(t)
			}
		}
	}
	return c
}

// redrawPlaced redraws a setup under way: as many cards, the Governor
// never in the Saloon.
func (c *Game) redrawPlaced(p engine.Seat, r *engine.Rand) {
	n := len(c.placed[p])
	for {
		all := make([]Char, NumChars)
		for i := range all {
			all[i] = Char(i)
		}
		r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		ok := true
		for i := Slots; i < int(NumChars); i++ {
			ok = ok && all[i] != Governor
		}
		if ok {
			c.placed[p] = all[:n:n]
			return
		}
	}
}

// redrawStreet lays p's street cards in an order drawn from those that
// observer obs cannot rule out.
func (c *Game) redrawStreet(p engine.Seat, obs int, r *engine.Rand) {
	if street, ok := c.know.street[p][obs].pick(r); ok {
		c.street[p] = street
	}
}

// redrawTokens redraws the row and the stock within what observer o knows
// of each place; the kinds in play are public.
func (c *Game) redrawTokens(o int, r *engine.Rand) {
	var count [NumTokens]int
	var places []int
	for i, t := range c.row {
		if t != None {
			count[t]++
			places = append(places, i)
		}
	}
	for _, t := range c.stock {
		count[t]++
	}
	var try func(k int) bool
	try = func(k int) bool {
		if k == len(places) {
			return true
		}
		i := places[k]
		for _, t := range perm(r, int(NumTokens)) {
			if count[t] > 0 && c.know.tokens[o][i]&tbit(Token(t)) != 0 {
				count[t]--
				c.row[i] = Token(t)
				if try(k + 1) {
					return true
				}
				count[t]++
			}
		}
		return false
	}
	saved := c.row
	if !try(0) {
		c.row = saved
		return
	}
	c.stock = c.stock[:0]
	for t := Token(0); t < NumTokens; t++ {
		for range count[t] {
			c.stock = append(c.stock, t)
		}
	}
	r.Shuffle(len(c.stock), func(i, j int) { c.stock[i], c.stock[j] = c.stock[j], c.stock[i] })
}

// perm is a random order of 0 … n-1.
func perm(r *engine.Rand, n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	r.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}
