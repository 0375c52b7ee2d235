package superrock

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tablemaster/engine"
	rules "tablemaster/engine/superrock"
	"tablemaster/moderator/face"
)

// srPage is what the Super Rock pages and the terminal view draw, made
// from one Snapshot: the public view, and on a phone the seat's own View.
// Words are translated here so the pages only place them.
type srPage struct {
	L     engine.Lang
	Pub   rules.PublicView
	Me    *rules.View // nil on the table screen and the console
	Phase string
	// Waiting names the players the table waits for, when that says more
	// than "everyone" (the preparation, an override); "" otherwise.
	Waiting string
	// MyTurn: the phone's seat is a mover (rules.Game.Movers) with a
	// choice to make; MoveLine says so ("Your move: …"), or on the others'
	// phones names the one mover ("Ben's move: landing"); Move is the
	// engine's word for the move.
	MyTurn   bool
	MoveLine string
	Move     string
	// Named: MoveLine names the one seat the table waits for, so
	// "Waiting for:" would only repeat it.
	Named  bool
	Rows   []srRow
	Online []srOnline // who has opened their page (table screen)
	// Groups are the seat's choices under their headings. The engine lists
	// play choices target by target ("identity Ben", "dies Ben", …), so
	// choices with the same heading are gathered here even when they are
	// not next to each other; the shared grouping would give every button
	// a heading and a form of its own.
	Groups         []face.ChoiceGroup
	HasOpenChoices bool // some groups are not
	// Reports are the seat's reports of what happened at the table
	// (srReports), folded under the board.
	Reports []face.ChoiceGroup
	// BoardChoices are the choices "sr.board" offers on the board itself
	// (srBoardChoice); the list of buttons leaves them out.
	BoardChoices []engine.Choice
	// BoardInView: some board choice is in view at rest (all but a hub's
	// destroy button).
	BoardInView bool
	Folded      bool // some groups are folded away (face.Fold)
	// Destroy is the heading of the hub destroying (SR-27), whose buttons
	// are on the hubs' squares; "" when the seat may destroy none. It
	// depends on the seat's character, so it is said in the fold.
	Destroy string
	Phone   bool // marks without words, a legend below: a phone is narrow
	// Story is the page data for the shared story (face.WriteFeed), with
	// a phone's story cut to srPhoneFeed lines.
	Story    *face.Page
	Base     string
	StateVer int
	// Order is the current stage's turns (SR-17): the planet phase's
	// (without the base players) in the planet stage, every seat from
	// the starter after it; OrderKey is its heading.
	Order    string
	OrderKey string
	Ambush   []srAmbush
	Decl     *srDecl
	Results  bool // the game is over: every character is revealed (SR-42)

	// The seat's secrets (phone only).
	Card   *srCard
	Shadow string // "4 — any silhouette"
	Pick   string
	Hand   []string
	Known  []srKnown
}

// srRow is one player as everyone sees them.
type srRow struct {
	No         int
	Name       string
	Me         bool
	Waiting    bool
	Progress   string // kept / rolled / picked marks of the preparation
	Silhouette string
	SilAttr    string // G, E or S, for the colour
	Base       bool
	Rolls      string
	Cards      int
	InfoShown  int
	Dead       bool
	Exposed    bool
	Seen       string
	Character  string // once public
	Attr       string
	AttrWon    string // "" until the end, then a word
	Own        string
	Grade      string
	GradeText  string
	RejectUsed bool
}

// srOnline is a seat's page: opened, and how many are connected now.
type srOnline struct {
	Name           string
	Joined, Online bool
	Waiting        bool
}

type srAmbush struct {
	Card, Owner string
	Placed      bool
	State       string // the engine's: "", "asked", "appeared", "stayed", "no-owner"
	Square      string // base players only
}

type srDecl struct {
	Declarer string
	Answers  []srAnswer
	Vetoer   string
	Waiting  string // whose answer (or decision) it waits for
}

type srAnswer struct {
	Name  string
	State string // "ok", "veto", "now", ""
}

// srCard is a whole character card, translated.
type srCard struct {
	Level, Power, Endurance, Will int
	L                             engine.Lang
	Name, Attr, AttrCode, Sex     string
	Stats                         []srStat
	Marks                         []string
	Notes, Win                    string
	Silhouettes                   string
}

type srStat struct {
	Label string
	Value int
}

// srKnown is another player's card the seat has seen, on one line: a seat
// may have seen nine, and the page must stay small.
type srKnown struct {
	Name, Line string
	Card       srCard
}

// newPage builds the Super Rock page model, once per page.
func newPage(d *face.Page) *srPage {
	turn := d.Snap.Turn
	var p *srPage
	switch v := d.Snap.View.(type) {
	case rules.View:
		p = newSRPage(d.Lang, v.PublicView, &v, turn, len(d.Snap.Choices) > 0)
	case rules.PublicView:
		p = newSRPage(d.Lang, v, nil, turn, false)
	default:
		return &srPage{L: d.Lang}
	}
	p.Base, p.StateVer = d.Base, d.Snap.StateVer
	type groupKey struct {
		list   int // groups or reports
		public bool
		title  string
	}
	// The groups are found first, then each is given a list of its size:
	// a ten-player seat has a hundred choices under a dozen headings.
	at := map[groupKey]int{}
	title, titleOf := "", engine.Msg{}
	var counts [2][]int                 // by list (groups, reports), by group
	type spot struct{ list, group int } // list -1: on the board
	spots := make([]spot, len(d.Snap.Choices))
	for i, c := range d.Snap.Choices {
		spots[i] = spot{-1, 0}
		if srBoardChoice(c, p.Me != nil && len(p.Me.Base) > 0) {
			p.BoardChoices = append(p.BoardChoices, c)
			if !strings.HasPrefix(string(c.Action), "destroy ") {
				p.BoardInView = true
			} else if p.Destroy == "" {
				p.Destroy = d.Lang.Text(c.Group)
			}
			continue
		}
		list := 0
		groups := &p.Groups
		if srReport(c) {
			list, groups = 1, &p.Reports
		}
		// A run of choices shares its heading: written once.
		if i == 0 || !face.SameMsg(c.Group, titleOf) {
			title, titleOf = d.Lang.Text(c.Group), c.Group
		}
		key := groupKey{list, c.Public, title}
		g, ok := at[key]
		if !ok {
			g = len(*groups)
			at[key] = g
			*groups = append(*groups, face.ChoiceGroup{Title: title, Public: c.Public})
			counts[list] = append(counts[list], 0)
		}
		counts[list][g]++
		spots[i] = spot{list, g}
	}
	lists := [2]*[]face.ChoiceGroup{&p.Groups, &p.Reports}
	for list, groups := range lists {
		for g := range *groups {
			(*groups)[g].Choices = make([]engine.Choice, 0, counts[list][g])
		}
	}
	for i, c := range d.Snap.Choices {
		if x := spots[i]; x.list >= 0 {
			g := &(*lists[x.list])[x.group]
			g.Choices = append(g.Choices, c)
		}
	}
	if p.MyTurn {
		// The decision first (in view or in the fold): the groups that
		// answer the move the table waits for, then the standing options
		// (expose, declare victory, an ability card).
		answers := srAnswers[p.Move]
		slices.SortStableFunc(p.Groups, func(a, b face.ChoiceGroup) int {
			return srAnswerRank(b, answers) - srAnswerRank(a, answers)
		})
	}
	p.Folded = face.Fold(p.Groups, p.BoardInView) || p.Destroy != ""
	for _, g := range p.Groups {
		p.HasOpenChoices = p.HasOpenChoices || !g.Fold
	}
	p.Phone = d.Phone
	p.Story = d
	if d.Phone && len(d.Feed) > srPhoneFeed {
		short := *d
		short.Feed = d.Feed[:srPhoneFeed]
		// No link to the whole story here: the table screen has it, and
		// a ten-player phone page has no bytes to spare (16 KB).
		short.Snap.Earlier = false
		p.Story = &short
	}
	p.Online = make([]srOnline, 0, len(d.Players))
	for i, pl := range d.Players {
		o := srOnline{Name: pl.Name, Joined: pl.Joined, Online: pl.Online > 0}
		if i < len(p.Rows) {
			o.Waiting = p.Rows[i].Waiting
		}
		p.Online = append(p.Online, o)
	}
	return p
}

// srAnswers are the actions that answer each move (rules.Movers): the
// mover's phone shows their groups first.
var srAnswers = map[string][]string{
	rules.MoveDeal: {"deal"}, rules.MoveKeep: {"keep", "reject"}, rules.MoveShadow: {"roll", "rolled", "pick"},
	rules.MoveLineup: {"switch", "keep", "confirm"}, rules.MoveOrder: {"roll", "rolled"},
	rules.MoveAppear: {"appear", "stay"}, rules.MoveEnter: {"enter", "sum"},
	rules.MoveAnswer: {"accept", "veto"}, rules.MoveOverride: {"override", "withdraw"}, rules.MoveConfirm: {"own"},
}

// srAnswerRank is 1 when a group's first choice answers the move, else 0.
func srAnswerRank(g face.ChoiceGroup, answers []string) int {
	if len(g.Choices) == 0 {
		return 0
	}
	verb, _, _ := strings.Cut(string(g.Choices[0].Action), " ")
	if slices.Contains(answers, verb) {
		return 1
	}
	return 0
}

// srReports are the play actions that tell tablemaster what happened at
// the real table (SR-30 … SR-34, SR-42): somebody looked at a card, died,
// transformed, the game ended. Any player may enter one at any time, so a
// phone lists them apart, folded under the board: the move of a turn is
// on the board (land, enter, destroy), and a death is never one tap away
// from a move.
var srReports = map[string]bool{"identity": true, "telepathy": true, "convert": true, "converted": true,
	"dies": true, "revives": true, "transform": true, "end": true}

func srReport(c engine.Choice) bool {
	verb, _, _ := strings.Cut(string(c.Action), " ")
	return srReports[verb]
}

// srPhoneFeed is how much of the story a Super Rock phone shows: with ten
// players and Japanese text, 30 lines alone take a fifth of the page
// budget, and the seat's secrets stay in the hold-to-reveal block anyway.
// Eight leave room for the reports of what happened at the table, folded
// under the board (whose deaths and game ends ask for a second tap), and
// for lists of names written as each language writes them.
const srPhoneFeed = 8

var srAttrKeys = map[string]string{"G": "sr.attr.good", "E": "sr.attr.evil", "S": "sr.attr.special", "E/G": "sr.attr.eg"}

func srAttr(l engine.Lang, code string) string {
	if k, ok := srAttrKeys[code]; ok {
		return l.S(k)
	}
	return code
}

// everyoneMoves are the moves every seat may make (anyone deals, anyone
// confirms the own conditions): "Waiting for:" would list the whole table.
// The line-up waits for the Evil silhouettes still to answer (SR-15).
var everyoneMoves = map[string]bool{rules.MoveDeal: true, rules.MoveConfirm: true}

func newSRPage(l engine.Lang, v rules.PublicView, me *rules.View, turn []bool, choices bool) *srPage {
	p := &srPage{L: l, Pub: v, Me: me, Phase: v.Phase, Results: v.Phase == "confirm" || v.Phase == "over"}
	names := func(seats []engine.Seat) string {
		var out []string
		for _, s := range seats {
			if int(s) >= 0 && int(s) < len(v.Players) {
				out = append(out, v.Players[s].Name)
			}
		}
		return strings.Join(out, ", ")
	}
	// list is names as a list argument (engine.Names): the pages write it
	// as the language writes lists, 「Benさん、Chikaさん」.
	list := func(seats []engine.Seat) string {
		var out []string
		for _, s := range seats {
			if int(s) >= 0 && int(s) < len(v.Players) {
				out = append(out, v.Players[s].Name)
			}
		}
		if len(out) == 0 {
			return ""
		}
		return engine.Names(out)
	}
	// Whose move it is comes from the engine's view (Movers), never from
	// who happens to have choices: in play every seat may report what
	// happened, and with virtual dice anyone may press the order roll.
	var waiting []engine.Seat
	if !everyoneMoves[v.Move] {
		waiting = v.Movers
	}
	p.Move = v.Move
	for _, s := range v.Movers {
		if me != nil && s == me.Seat {
			p.MyTurn = choices
		}
	}
	p.Named = len(v.Movers) == 1
	switch {
	case p.MyTurn:
		p.MoveLine = l.S("sr.move.you." + v.Move)
	case len(v.Movers) == 1 && engine.Has("sr.move.other."+v.Move):
		p.MoveLine = l.S("sr.move.other."+v.Move, "player", v.Players[v.Movers[0]].Name)
	default:
		p.Named = false
	}
	p.Waiting = list(waiting)
	isWaiting := map[engine.Seat]bool{}
	for _, s := range waiting {
		isWaiting[s] = true
	}
	p.Rows = make([]srRow, 0, len(v.Players))
	for _, pl := range v.Players {
		r := srRow{No: int(pl.Seat) + 1, Name: pl.Name, Me: me != nil && me.Seat == pl.Seat, Waiting: isWaiting[pl.Seat],
			Base: pl.Base, Cards: pl.PlanetCards, InfoShown: pl.InfoShown, Dead: pl.Dead, Exposed: pl.Exposed,
			Own: pl.Own, Grade: pl.Grade, RejectUsed: pl.RejectUsed}
		switch {
		case pl.Kept:
			r.Progress = "✓ " + l.S("sr.ui.kept")
		case pl.KeepsSilhouette:
			r.Progress = "✓ " + l.S("sr.ui.keeps_silhouette")
		case pl.Picked:
			r.Progress = "✓ " + l.S("sr.ui.picked")
		case pl.Rolled:
			r.Progress = "⚄ " + l.S("sr.ui.rolled")
		}
		if s := pl.Silhouette; s != nil {
			// The attribute is written beside the name: "Ran E", not
			// "Ran (E) E".
			r.Silhouette, _ = rules.CutAttr(l.Text(s.Name), s.Attr)
			r.SilAttr = s.Attr
		}
		var rolls []string
		for _, n := range pl.OrderRolls {
			rolls = append(rolls, strconv.Itoa(n))
		}
		r.Rolls = strings.Join(rolls, " → ")
		r.Seen = names(pl.Seen)
		if c := pl.Character; c != nil {
			r.Character, r.Attr = l.Text(c.Name), c.Attr
		}
		if pl.AttrWon != nil {
			r.AttrWon = l.S(map[bool]string{true: "sr.ui.yes", false: "sr.ui.no"}[*pl.AttrWon])
		}
		if pl.Grade != "" {
			r.GradeText = l.S(rules.GradeKey(pl.Grade))
		}
		p.Rows = append(p.Rows, r)
	}
	switch {
	case v.Over || v.Phase == "confirm":
	case v.Stage == "planet":
		p.Order, p.OrderKey = list(v.PlanetOrder), "sr.ui.planet_order"
	default:
		p.Order, p.OrderKey = list(v.TurnOrder), "sr.ui.turn_order"
	}
	amb := v.Ambushes
	if me != nil && len(me.Ambushes) > 0 {
		amb = me.Ambushes
	}
	if v.Stage == "hubs" || v.Stage == "base" || v.Over {
		amb = nil // the ambushes belong to the planet phase (SR-24)
	}
	for _, a := range amb {
		x := srAmbush{Card: a.Card, Owner: names([]engine.Seat{a.Owner}), Placed: a.Placed, State: a.State}
		if a.Square != "" {
			if sq, ok := rules.ParseSquare(a.Square); ok {
				x.Square = l.S("sr.c.square", "planet", strconv.Itoa(sq/rules.SquaresPerPlanet+1), "square", strconv.Itoa(sq%rules.SquaresPerPlanet+1))
			}
		}
		p.Ambush = append(p.Ambush, x)
	}
	if d := v.Declaration; d != nil {
		x := &srDecl{Declarer: names([]engine.Seat{d.Declarer})}
		for i, s := range d.Order {
			a := srAnswer{Name: names([]engine.Seat{s})}
			switch {
			case s == d.Vetoer:
				a.State = "veto"
			case i < d.Answered:
				a.State = "ok"
			case i == d.Answered && d.Vetoer < 0:
				a.State = "now"
			}
			x.Answers = append(x.Answers, a)
		}
		if d.Vetoer >= 0 {
			x.Vetoer = names([]engine.Seat{d.Vetoer})
		}
		x.Waiting = face.NamesText(engine.EN, p.Waiting) // one name: "Waiting for {player}."
		p.Decl = x
	}
	if me == nil {
		return p
	}
	if me.Character != nil {
		c := newSRCard(l, *me.Character)
		p.Card = &c
	}
	if me.ShadowRoll > 0 && me.Allows != nil {
		p.Shadow = l.S("sr.ui.shadow_allows", "n", strconv.Itoa(me.ShadowRoll), "allows", l.Text(*me.Allows))
	}
	if s := me.Pick; s != nil {
		p.Pick = l.Text(s.Name) + " (" + srAttr(l, s.Attr) + ")"
	}
	for _, c := range me.Hand {
		p.Hand = append(p.Hand, l.Text(c.Name))
	}
	for _, k := range me.Known {
		c := newSRCard(l, k.Character)
		p.Known = append(p.Known, srKnown{Name: names([]engine.Seat{k.Seat}), Line: c.line(l), Card: c})
	}
	return p
}

func newSRCard(l engine.Lang, c rules.CharacterView) srCard {
	out := srCard{Level: c.Level, Power: c.Power, Endurance: c.Endurance, Will: c.Will, L: l, Name: l.Text(c.Name), Attr: l.Text(c.AttrName), AttrCode: c.Attr, Win: l.Text(c.Win),
		Sex:   l.S("sr.ui.sex." + c.Sex + "." + c.Married),
		Stats: []srStat{{l.S("sr.ui.level"), c.Level}, {l.S("sr.ui.power"), c.Power}, {l.S("sr.ui.endurance"), c.Endurance}, {l.S("sr.ui.will"), c.Will}}}
	if c.Release {
		out.Marks = append(out.Marks, l.S("sr.ui.release"))
	}
	if c.Transform {
		out.Marks = append(out.Marks, l.S("sr.ui.transform"))
	}
	if c.Notes != nil {
		out.Notes = l.Text(*c.Notes)
	}
	var sils []string
	for _, s := range c.Silhouettes {
		sils = append(sils, l.Text(s.Name))
	}
	out.Silhouettes = strings.Join(sils, ", ")
	return out
}

// line is the card on one line, with the rulebook's short stat labels
// (Lv, Pw, 耐, 精) and the attribute's letters (G, E, S, E/G), as the
// players table writes them: for a terminal, and for the cards a phone has
// seen, nine of which must fit a phone's page budget.
func (c srCard) line(l engine.Lang) string {
	out := fmt.Sprintf("%s (%s) · %s · %s", c.Name, c.AttrCode, c.Sex, l.S("sr.ui.short_stats", "lv", strconv.Itoa(c.Level),
		"pw", strconv.Itoa(c.Power), "end", strconv.Itoa(c.Endurance), "will", strconv.Itoa(c.Will)))
	if len(c.Marks) > 0 {
		out += " · " + strings.Join(c.Marks, " · ")
	}
	return out
}

// superrockText draws a Super Rock table for a terminal: the players, the
// order, the ambushes' owners, a declaration, the result; on a private
// screen also the seat's card, shadow roll, pick, hand and the characters
// it has seen.
func superrockText(b *strings.Builder, v rules.PublicView, me *rules.View, turn []bool, l engine.Lang) {
	p := newSRPage(l, v, me, turn, me != nil && len(me.Choices) > 0)
	for _, r := range p.Rows {
		var marks []string
		if r.Progress != "" {
			marks = append(marks, r.Progress)
		}
		if r.Base {
			marks = append(marks, l.S("sr.ui.base"))
		}
		if r.Rolls != "" {
			marks = append(marks, l.S("sr.ui.rolls")+" "+r.Rolls)
		}
		if r.Cards > 0 {
			marks = append(marks, l.S("sr.ui.planet_cards")+" "+strconv.Itoa(r.Cards))
		}
		if r.InfoShown > 0 {
			marks = append(marks, l.S("sr.ui.info_shown")+" "+strconv.Itoa(r.InfoShown))
		}
		if r.Dead {
			marks = append(marks, l.S("sr.ui.dead"))
		}
		if r.Exposed {
			marks = append(marks, l.S("sr.ui.exposed"))
		}
		if r.Seen != "" {
			marks = append(marks, l.S("sr.ui.has_seen")+" "+r.Seen)
		}
		if r.Character != "" && !p.Results {
			marks = append(marks, r.Character+" ("+srAttr(l, r.Attr)+")")
		}
		sil := "?"
		if r.Silhouette != "" {
			sil = r.Silhouette + " (" + r.SilAttr + ")"
		}
		w := " "
		if r.Waiting {
			w = ">"
		}
		fmt.Fprintf(b, "  %s %2d %s %s  %s\n", w, r.No, face.Pad(r.Name, 10), face.Pad(sil, 16), strings.Join(marks, ", "))
	}
	if p.Order != "" {
		fmt.Fprintf(b, "  %s %s\n", l.S(p.OrderKey), face.NamesText(l, p.Order))
	}
	for _, a := range p.Ambush {
		state := l.S(a.StateKey())
		if a.Square != "" {
			state += " · " + a.Square
		}
		fmt.Fprintf(b, "  %s\n", l.S("sr.ui.ambush_line", "card", a.Card, "player", a.Owner, "state", state))
	}
	if d := p.Decl; d != nil {
		var parts []string
		for _, a := range d.Answers {
			parts = append(parts, a.Name+srAnswerMark(a.State))
		}
		fmt.Fprintf(b, "  %s %s\n", l.S("sr.ui.declared", "player", d.Declarer), strings.Join(parts, ", "))
	}
	superrockBoardText(b, v, me, l)
	if me != nil {
		if p.Card != nil {
			fmt.Fprintf(b, "  %s %s\n", l.S("sr.ui.your_character"), p.Card.line(l))
			if p.Card.Notes != "" {
				fmt.Fprintf(b, "    %s %s\n", l.S("sr.ui.notes"), p.Card.Notes)
			}
			fmt.Fprintf(b, "    %s %s\n", l.S("sr.ui.win"), p.Card.Win)
		}
		if p.Shadow != "" {
			fmt.Fprintf(b, "  %s\n", p.Shadow)
		}
		if p.Pick != "" {
			fmt.Fprintf(b, "  %s %s\n", l.S("sr.ui.your_pick"), p.Pick)
		}
		if len(p.Hand) > 0 {
			fmt.Fprintf(b, "  %s %s\n", l.S("sr.ui.hand"), strings.Join(p.Hand, ", "))
		}
		for _, k := range p.Known {
			fmt.Fprintf(b, "  %s: %s\n", k.Name, k.Card.line(l))
		}
	}
	if p.Results {
		for _, r := range p.Rows {
			fmt.Fprintf(b, "  %s %s (%s) · %s %s · %s %s · %s\n", face.Pad(r.Name, 10), r.Character, srAttr(l, r.Attr),
				l.S("sr.ui.attr_won"), r.AttrWon, l.S("sr.ui.own"), srOwn(l, r.Own), r.GradeText)
		}
	}
	if v.Over && v.Reason != nil {
		fmt.Fprintf(b, "  %s\n", l.Text(*v.Reason))
	} else {
		if p.MoveLine != "" {
			fmt.Fprintf(b, "  %s\n", p.MoveLine)
		}
		fmt.Fprintf(b, "  %s\n", l.Text(v.Status))
		if p.Waiting != "" && !p.Named {
			fmt.Fprintf(b, "  %s %s\n", l.S("sr.ui.waiting"), face.NamesText(l, p.Waiting))
		}
	}
}

func srAnswerMark(state string) string {
	return map[string]string{"ok": " ✓", "veto": " ✖", "now": " …"}[state]
}

// srOwn words the table's answer on a character's own win condition.
func srOwn(l engine.Lang, own string) string {
	switch own {
	case "met":
		return l.S("sr.c.own_won")
	case "not met":
		return l.S("sr.c.own_lost")
	}
	return "—"
}

// OwnText is the row's own-condition answer in words.
func (r srRow) OwnText(l engine.Lang) string { return srOwn(l, r.Own) }

// AttrName is the public character's attribute in words.
func (r srRow) AttrName(l engine.Lang) string { return srAttr(l, r.Attr) }

// StateKey says where the ambush stands now (SR-16, SR-24): not hidden
// yet, hidden, opened and its owner deciding, or what the owner did.
func (a srAmbush) StateKey() string {
	switch {
	case a.State != "":
		return "sr.ui.ambush." + a.State
	case a.Placed:
		return "sr.ui.hidden"
	}
	return "sr.ui.not_hidden"
}

// Mark is a declaration answer's sign.
func (a srAnswer) Mark() string { return srAnswerMark(a.State) }

func init() {
	engine.Register(map[string]engine.Text{
		"superrock.help": {EN: `Super Rock actions (players by name; silhouettes by id or name; squares as 3-4 = planet 3, square 4):
  deal | keep | reject | roll | rolled 4 | pick rag1 | switch locke | ambush A 3-4
  (in the line-up, an Evil silhouette answers keep or switch)
  identity Ben | expose | telepathy Ben | convert Ben | converted Ben | disintegrate | transform
  dies Ben | revives Ben | declare | accept | veto | override | withdraw
  end alone | end all-dead | end hubs | end nova | end king | own Ben won | own Ben lost`,
			JA: `超人ロックの行動（プレイヤーは名前、シルエットはidか名前、マスは3-4＝惑星3の4番）：
  deal（配る） | keep / reject（確定／拒否） | roll / rolled 4（ダイス／出た目） | pick rag1（シルエット）
  switch locke / keep（Evilから変更／Evilのまま） | ambush A 3-4（待ち伏せ）
  identity Ben（他人の正体判明） | expose（自分の正体露顕） | telepathy Ben（接触テレパス）
  convert Ben / converted Ben（改心チェック／成功） | disintegrate（分解消去） | transform（変身）
  dies Ben / revives Ben（死亡／生き返り） | declare（勝利宣言） | accept / veto（承認／拒否）
  override / withdraw（拒否の無効化／取り下げ） | end alone / all-dead / hubs / nova / king（終了）
  own Ben won / own Ben lost（固有の勝利条件）`},
		"sr.ui.seat":           {EN: "#", JA: "席"},
		"sr.ui.player":         {EN: "Player", JA: "プレイヤー"},
		"sr.opt.board":         {EN: "Board: virtual (tablemaster holds the planet deck) or physical (the real cards)", JA: "ボード：virtual（惑星カードはtablemasterが持つ）またはphysical（実物のカード）"},
		"sr.opt.dice":          {EN: "Dice: virtual (tablemaster rolls) or physical (real dice, entered)", JA: "ダイス：virtual（tablemasterが振る）またはphysical（実物を振って入力）"},
		"sr.opt.raisa_good":    {EN: "Count Raisa among the Goods", JA: "ライザをGoodとして数える"},
		"sr.ui.reports":        {EN: "Tell tablemaster what happened at the table", JA: "テーブルで起きたことを入力"},
		"sr.ui.silhouette":     {EN: "Silhouette", JA: "シルエット"},
		"sr.ui.base":           {EN: "base player", JA: "基地プレイヤー"},
		"sr.ui.rolls":          {EN: "Turn-order roll", JA: "1個振り"},
		"sr.ui.planet_cards":   {EN: "Planet cards", JA: "惑星カード"},
		"sr.ui.info_shown":     {EN: "Information cards shown", JA: "公開した情報入手"},
		"sr.ui.dead":           {EN: "dead", JA: "死亡"},
		"sr.ui.exposed":        {EN: "identity exposed (no veto)", JA: "正体露顕（拒否不可）"},
		"sr.ui.has_seen":       {EN: "has seen", JA: "正体を見た相手："},
		"sr.ui.seen":           {EN: "Has seen", JA: "正体を見た相手"},
		"sr.ui.marks":          {EN: "State", JA: "状態"},
		"sr.ui.kept":           {EN: "read", JA: "確認済"},
		"sr.ui.rolled":         {EN: "rolled", JA: "影振り済"},
		"sr.ui.picked":         {EN: "picked", JA: "選択済"},
		"sr.ui.reject_used":    {EN: "rejected once", JA: "拒否済"},
		"sr.ui.waiting":        {EN: "Waiting for:", JA: "待っている人："},
		"sr.ui.turn_order":     {EN: "Turn order:", JA: "順番："},
		"sr.ui.planet_order":   {EN: "Planet phase turns:", JA: "惑星編の順番："},
		"sr.ui.ambushes":       {EN: "Ambushes", JA: "待ち伏せ"},
		"sr.ui.ambush_line":    {EN: "Ambush {card} ({player}): {state}", JA: "待ち伏せ{card}（{player}さん）：{state}"},
		"sr.ui.hidden":         {EN: "hidden", JA: "仕掛け済"},
		"sr.ui.not_hidden":     {EN: "not hidden yet", JA: "未設置"},
		"sr.ui.declaration":    {EN: "Victory declaration", JA: "勝利宣言"},
		"sr.ui.declared":       {EN: "{player} declares victory. Answers:", JA: "{player}さんの勝利宣言。返答："},
		"sr.ui.no_answerers":   {EN: "Nobody has to answer.", JA: "返答する人はいません。"},
		"sr.ui.vetoed":         {EN: "{player} vetoed.", JA: "{player}さんが拒否しました。"},
		"sr.ui.answer_of":      {EN: "Waiting for {player}.", JA: "{player}さんを待っています。"},
		"sr.ui.results":        {EN: "Result", JA: "結果"},
		"sr.ui.character":      {EN: "Character", JA: "キャラクター"},
		"sr.ui.attr":           {EN: "Attribute", JA: "属性"},
		"sr.ui.attr_won":       {EN: "Attribute won", JA: "属性の勝利"},
		"sr.ui.own":            {EN: "Own condition", JA: "固有の勝利条件"},
		"sr.ui.grade":          {EN: "Grade", JA: "成績"},
		"sr.ui.yes":            {EN: "yes", JA: "○"},
		"sr.ui.no":             {EN: "no", JA: "×"},
		"sr.ui.your_character": {EN: "Your character:", JA: "あなたのキャラクター："},
		"sr.ui.no_character":   {EN: "No character dealt yet.", JA: "まだキャラクターが配られていません。"},
		"sr.ui.level":          {EN: "ESP level", JA: "ESPレベル"},
		"sr.ui.power":          {EN: "ESP power", JA: "ESPパワー"},
		"sr.ui.endurance":      {EN: "Endurance", JA: "耐久力"},
		"sr.ui.will":           {EN: "Will", JA: "精神力"},
		"sr.ui.release":        {EN: "can declare release", JA: "釈放"},
		"sr.ui.transform":      {EN: "can transform", JA: "変身"},
		"sr.ui.notes":          {EN: "Own win condition and equipment:", JA: "固有の勝利条件・装備："},
		"sr.ui.win":            {EN: "Attribute's win condition:", JA: "属性による勝利条件："},
		"sr.ui.own_sils":       {EN: "Own silhouette:", JA: "自分のシルエット："},
		"sr.ui.sex.M.no":       {EN: "single male", JA: "独身男性"},
		"sr.ui.sex.M.yes":      {EN: "married male", JA: "既婚男性"},
		"sr.ui.sex.M.?":        {EN: "male", JA: "男性"},
		"sr.ui.sex.F.no":       {EN: "single female", JA: "独身女性"},
		"sr.ui.sex.F.yes":      {EN: "married female", JA: "既婚女性"},
		"sr.ui.sex.F.?":        {EN: "female", JA: "女性"},
		"sr.ui.sex.?.no":       {EN: "single, sex unknown", JA: "独身・性別不明"},
		"sr.ui.sex.?.yes":      {EN: "married, sex unknown", JA: "既婚・性別不明"},
		"sr.ui.sex.?.?":        {EN: "sex unknown", JA: "性別不明"},
		"sr.ui.shadow_allows":  {EN: "Your shadow roll: {n} — you may pick {allows}.", JA: "影振りの目：{n}（選べるのは{allows}）"},
		"sr.ui.your_pick":      {EN: "Your silhouette (hidden until everyone has picked):", JA: "あなたのシルエット（全員が選ぶまで伏せたまま）："},
		"sr.ui.hand":           {EN: "Your planet cards:", JA: "あなたの惑星カード："},
		"sr.ui.short_stats":    {EN: "Lv {lv} · Pw {pw} · End {end} · Will {will}", JA: "Lv{lv}・Pw{pw}・耐{end}・精{will}"},
		"sr.ui.known":          {EN: "Characters you have seen", JA: "正体を見たキャラクター"},
		"sr.ui.legend":         {EN: "⌂ base player · 🂠 planet cards · ⚄ turn-order roll · ℹ information cards shown · ✖ dead", JA: "⌂ 基地プレイヤー・🂠 惑星カード・⚄ 1個振り・ℹ 公開した情報入手・✖ 死亡"},
	})
}
