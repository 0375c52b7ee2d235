package superrock

import (
	"fmt"
	"strings"

	"tablemaster/engine"
	rules "tablemaster/engine/superrock"
	"tablemaster/moderator/face"
)

// The boards of Super Rock (SR-20 … SR-27) on pages (writeBoard) and in
// the terminal (superrockBoardText).
// On a phone the board is also where the seat picks a square: the choices
// that name one (land, open, a hub, a base player's entry with real dice)
// are buttons on their squares instead of a list, which would not fit
// the page budget next to the board.

// srBoardChoice reports whether the board ("sr.board") offers a choice
// itself, as a square to tap or a player in a drop-down, so that the
// phone's list of buttons leaves it out: thirty-six buttons per square
// picker would not fit the page budget, and a square is found on the
// board, not in a list. base says whether the page draws the secret
// base's squares (a virtual board in the base stage), where a hub is
// destroyed by tapping its square.
func srBoardChoice(c engine.Choice, base bool) bool {
	a := string(c.Action)
	if strings.HasPrefix(a, "destroy ") {
		return base
	}
	return srbSquareAction(a) || srbPlayerAction(a)
}

// srbPlayerAction reports whether an action names a player for the
// planet board's counts: a party (SR-21) or, with a physical board, an
// information card taken. The board lists them in one drop-down each.
func srbPlayerAction(a string) bool {
	return strings.HasPrefix(a, "party ") || strings.HasPrefix(a, "info ")
}

// srbSquareAction reports whether an action picks a square of a board:
// "land 3-4", "open 3-4", "hub command 3-4", "enter 3-4" (not "enter 4"),
// "ambush A 3-4".
func srbSquareAction(a string) bool {
	// Cut, not Fields: it runs for every choice of every page.
	verb, rest, _ := strings.Cut(strings.TrimLeft(a, " \t"), " ")
	arg, _, _ := strings.Cut(strings.TrimLeft(rest, " \t"), " ")
	if arg == "" {
		return false
	}
	switch verb {
	case "land", "open", "hub", "ambush":
		return true
	case "enter":
		return strings.Contains(arg, "-")
	}
	return false
}

// srbBoard is the model of "sr.board".
type srbBoard struct {
	Phone    bool
	Base     string // the page's base path, for the form
	StateVer int
	// Planet and Secret are the 6×6 grids (virtual board), nil when not
	// shown; Hubs the four hubs' line (either board).
	Planet, Secret *srbBoardGrid
	Info           string // "Aki 2 · Chika 1" (SR-21)
	Parties        string // "Aki, Ben / Chika, Dai"
	Hubs           []srbHub
	Entered        string
	Used           string
	// Forms are the planet board's player choices (party, info).
	Forms []srbForm
	// Hidden is what only this base player knows of the hubs, behind
	// hold-to-reveal (the ambush squares are already there), with the
	// words of the hold.
	Hidden, Hold string
	// Destroy: some hub square carries a destroy button (srbCell.Destroy).
	Destroy bool
}

type srbBoardGrid struct {
	Title string // the board's heading
	// Pick is set when the seat picks a square of this board now: the
	// squares it may pick are buttons (srbCell.Act), tapped twice (once to
	// choose, once to confirm: a square opened shows its card to the
	// table, which no undo takes back from anyone's memory).
	Pick   *srbPick
	Rows   []srbRow
	Legend string // phone: the marks on this board, with their names
}

// srbPick is what a board's square buttons need around them: what the
// tap does (the choices' heading), how to tap, and the form's target.
type srbPick struct {
	Heading, Hint, Confirm string
	Base                   string
	StateVer               int
}

// srbOption is one choice of a drop-down: a square the seat may pick
// (no Value: the engine reads the bare square as the square action the
// seat has now: land, open, hub, enter), or an action and its label.
type srbOption struct{ Value, Label string }

// srbForm is a drop-down of choices with a heading and a button.
type srbForm struct {
	Heading, OK string
	Options     []srbOption
	Base        string
	StateVer    int
}

type srbRow struct {
	No    int
	Cells []srbCell
}

// srbCell is one square: a face-down square (Down), a mark (phone) or a
// card name and who opened it (table screen).
type srbCell struct {
	Act string // the action a tap on it takes, "" when it is not offered
	// Destroy is the action that destroys the hub here (SR-27), on a
	// button shown only while the seat's folded moves are open.
	Destroy string
	Down    bool
	Mark    string
	By      string
	Hub     bool
	Gone    bool // a destroyed hub (SR-27), an empty planet square
}

type srbHub struct {
	Name, State string
}

// srbPlanetMarks are the phone's marks for the planet cards shown face up,
// by kind (sr.board.legend.* names them).
var srbPlanetMarks = map[string]string{"battle": "⚔", "spaceport": "✈", "arrest": "⛓", "trap": "⚠", "info": "ℹ",
	"reveal-other": "◉", "reveal-self": "◐", "ability": "★", "ambush": "A B "}

var srbMarkOrder = []string{"battle", "spaceport", "arrest", "trap", "info", "reveal-other", "reveal-self", "ability", "ambush", "hub", "destroyed", "room"}

var srbBaseMarks = map[string]string{"hub": "◎", "destroyed": "✖", "room": "□"}

// newBoard builds the board model for the page ("sr.board" calls it once,
// as srBoard).
func newBoard(d *face.Page) *srbBoard {
	var v rules.PublicView
	var me *rules.View
	switch x := d.Snap.View.(type) {
	case rules.View:
		v, me = x.PublicView, &x
	case rules.PublicView:
		v = x
	default:
		return &srbBoard{}
	}
	l := d.Lang
	b := &srbBoard{Phone: d.Phone, Base: d.Base, StateVer: d.Snap.StateVer}
	// The square choices, by board, and the player choices, one drop-down
	// per heading. A board takes one kind of square choice at a time (the
	// engine's first: ambush A before B), so that a tap means one thing;
	// the secret base's open hubs may be destroyed besides (Destroy).
	var planetPick, basePick *srbPick
	destroy := map[string]string{}
	pick := func(p **srbPick, c engine.Choice) {
		h := l.Text(c.Group)
		if *p == nil {
			*p = &srbPick{Confirm: l.S("sr.board.confirm"), Base: d.Base, StateVer: d.Snap.StateVer}
		}
		if (*p).Heading == "" {
			(*p).Heading, (*p).Hint = h, l.S("sr.board.tap")
		}
	}
	// kind is an action without its square: "ambush A", "open".
	kind := func(a string) string { return a[:strings.LastIndexByte(a, ' ')] }
	// Every face-down square of a board the seat picks on is a button,
	// not only the legal ones: which squares are left out could tell where
	// a hub or the other ambush lies to anyone glancing at a base player's
	// phone (the engine refuses such a square with its reason).
	planetKind, baseKind := "", ""
	forms := map[string]*srbForm{}
	var order []string
	for _, c := range d.Snap.Choices {
		a := string(c.Action)
		switch {
		case strings.HasPrefix(a, "destroy "):
			// Only a Good character may destroy a hub (SR-27): the page at
			// rest must not show that this seat can. The buttons are on
			// the hubs' squares but hidden until the seat opens its folded
			// moves, where a line says to tap the hub (srPage.Destroy).
			if basePick == nil {
				basePick = &srbPick{Confirm: l.S("sr.board.confirm"), Base: d.Base, StateVer: d.Snap.StateVer}
			}
			destroy[strings.TrimPrefix(a, "destroy ")] = a
		case strings.HasPrefix(a, "land ") || strings.HasPrefix(a, "ambush "):
			if planetKind == "" {
				planetKind = kind(a)
			}
			if kind(a) == planetKind {
				pick(&planetPick, c)
			}
		case srbSquareAction(a):
			if baseKind == "" {
				baseKind = kind(a)
			}
			pick(&basePick, c)
		case srbPlayerAction(a):
			h := l.Text(c.Group)
			if forms[h] == nil {
				forms[h] = &srbForm{Heading: h, OK: l.S("sr.board.ok"), Base: d.Base, StateVer: d.Snap.StateVer}
				order = append(order, h)
			}
			forms[h].Options = append(forms[h].Options, srbOption{Value: a, Label: strings.Fields(a)[1]})
		}
	}
	for _, h := range order {
		b.Forms = append(b.Forms, *forms[h])
	}
	planet, base, hubs := v.Planet, v.Base, v.Hubs
	if me != nil {
		planet, base, hubs = me.Planet, me.Base, me.Hubs
	}
	name := func(s engine.Seat) string {
		if s < 0 || int(s) >= len(v.Players) {
			return ""
		}
		return v.Players[s].Name
	}
	if planet == nil && planetPick != nil {
		// The ambushes are hidden before the planet cards are laid out
		// (SR-16): a board of face-down squares to tap.
		for i := 0; i < rules.BoardSquares; i++ {
			planet = append(planet, rules.PlanetSquareView{Square: rules.SquareName(i), By: -1})
		}
	}
	if planet != nil {
		g := &srbBoardGrid{Title: l.S("sr.board.planet"), Pick: planetPick}
		used := map[string]bool{}
		for i, s := range planet {
			c := srbCell{Down: !s.Open}
			if planetKind != "" && !s.Open {
				c.Act = planetKind + " " + s.Square
			}
			if !d.Phone {
				c.By = name(s.By)
			}
			kind := ""
			switch {
			case !s.Open:
			case s.Empty:
				c.Mark, c.Gone = "—", true
			case s.Ability:
				kind, c.Mark = "ability", l.S("sr.board.ability")
			default:
				kind, c.Mark = s.Card.Kind, l.Text(s.Card.Name)
				if kind == "ambush" {
					c.Mark = strings.TrimPrefix(s.Card.ID, "ambush-")
					c.Mark = strings.ToUpper(c.Mark)
					if !d.Phone {
						c.Mark = l.Text(s.Card.Name)
					}
				}
			}
			if kind != "" && d.Phone {
				used[kind] = true
				if kind != "ambush" {
					c.Mark = srbPlanetMarks[kind]
				}
			}
			g.add(i, c)
		}
		g.legend(l, used, srbPlanetMarks, d.Phone)
		b.Planet = g
		info, parties := srbCountsOf(v, l)
		b.Info, b.Parties = strings.Join(info, " · "), strings.Join(parties, " / ")
	}
	if base != nil {
		g := &srbBoardGrid{Title: l.S("sr.board.base"), Pick: basePick}
		used := map[string]bool{}
		var hidden []string
		for i, s := range base {
			c := srbCell{Down: !s.Open}
			if baseKind != "" && !s.Open {
				c.Act = baseKind + " " + s.Square
			}
			if s.Open && s.Card != nil && !s.Destroyed {
				c.Destroy = destroy[s.Card.ID]
				b.Destroy = b.Destroy || c.Destroy != ""
			}
			if !d.Phone {
				c.By = name(s.By)
			}
			switch {
			case !s.Open:
				if s.Hub != nil {
					hidden = append(hidden, l.Text(s.Hub.Name)+" "+s.Square)
				}
			case s.Destroyed:
				// Marked on its square too, not only in the hubs' line.
				c.Mark, c.Hub, c.Gone = "✖ "+l.Text(s.Card.Name), true, true
				used["destroyed"] = true
			default:
				c.Mark, c.Hub = l.Text(s.Card.Name), s.Card.Hub
				used[map[bool]string{true: "hub", false: "room"}[s.Card.Hub]] = true
			}
			if d.Phone && s.Open {
				c.Mark = srbBaseMarks[map[bool]string{true: "hub", false: "room"}[c.Hub]]
				if c.Gone {
					c.Mark = srbBaseMarks["destroyed"]
				}
			}
			g.add(i, c)
		}
		g.legend(l, used, srbBaseMarks, d.Phone)
		b.Secret = g
		if len(hidden) > 0 {
			b.Hidden = l.S("sr.board.hidden") + " " + strings.Join(hidden, " · ")
			b.Hold = l.S("mod.hold")
		}
	}
	for _, h := range hubs {
		state := "?"
		switch {
		case h.Destroyed:
			state = "✖"
		case h.Square != "" && h.Open:
			state = h.Square
		}
		b.Hubs = append(b.Hubs, srbHub{Name: l.Text(h.Name), State: state})
	}
	var in []string
	for _, p := range v.Players {
		if p.Entered {
			in = append(in, p.Name)
		}
	}
	if len(hubs) > 0 {
		b.Entered = l.JoinNames(in, srbSame)
	}
	var used []string
	for _, c := range v.Used {
		used = append(used, l.Text(c.Name))
	}
	b.Used = strings.Join(used, ", ")
	return b
}

// picking reports whether a board asks the seat to pick a square, under
// a heading (a hub's hidden destroy buttons are no question).
func (b *srbBoard) picking() bool {
	for _, g := range []*srbBoardGrid{b.Planet, b.Secret} {
		if g != nil && g.Pick != nil && g.Pick.Heading != "" {
			return true
		}
	}
	return false
}

func (g *srbBoardGrid) add(i int, c srbCell) {
	if i%6 == 0 {
		g.Rows = append(g.Rows, srbRow{No: i/6 + 1})
	}
	r := &g.Rows[len(g.Rows)-1]
	r.Cells = append(r.Cells, c)
}

// legend names the marks a phone's board shows, in a fixed order.
func (g *srbBoardGrid) legend(l engine.Lang, used map[string]bool, marks map[string]string, phone bool) {
	if !phone {
		return
	}
	var parts []string
	for _, k := range srbMarkOrder {
		if used[k] {
			parts = append(parts, marks[k]+l.S("sr.board.mark."+k))
		}
	}
	g.Legend = strings.Join(parts, " ")
}

// superrockBoardText draws the virtual planet and secret base boards
// (SR-20 … SR-27) for a terminal; on a private screen also what the seat
// alone may see there (me: its View, nil for the table). A face-down
// square is "··", an ambush or a hub only a base player knows of is in
// brackets, an open square shows its card's first letters (the line below
// each board names them).
func superrockBoardText(b *strings.Builder, v rules.PublicView, me *rules.View, l engine.Lang) {
	planet, base, hubs := v.Planet, v.Base, v.Hubs
	if me != nil {
		planet, base, hubs = me.Planet, me.Base, me.Hubs
	}
	if planet != nil {
		fmt.Fprintf(b, "  %s\n", l.S("sr.board.planet"))
		var named []string
		srbGrid(b, func(i int) string {
			s := planet[i]
			switch {
			case !s.Open && s.Ambush != "":
				return "[" + s.Ambush + "]"
			case !s.Open:
				return "··"
			case s.Empty:
				return "—"
			case s.Ability:
				named = append(named, s.Square+" "+l.S("sr.board.ability")+srbBy(v, s.By))
				return "★"
			}
			named = append(named, s.Square+" "+l.Text(s.Card.Name)+srbBy(v, s.By))
			return srbShort(l.Text(s.Card.Name))
		})
		if len(named) > 0 {
			fmt.Fprintf(b, "    %s\n", strings.Join(named, ", "))
		}
		srbCounts(b, v, l)
	}
	if hubs != nil {
		fmt.Fprintf(b, "  %s\n", l.S("sr.board.base"))
		if base != nil {
			var named []string
			srbGrid(b, func(i int) string {
				s := base[i]
				switch {
				case !s.Open && s.Hub != nil:
					return "[" + srbShort(l.Text(s.Hub.Name)) + "]"
				case !s.Open:
					return "··"
				case s.Destroyed:
					named = append(named, s.Square+" ✖ "+l.Text(s.Card.Name))
					return "✖"
				}
				named = append(named, s.Square+" "+l.Text(s.Card.Name)+srbBy(v, s.By))
				if s.Card.Hub {
					return "◎" + string([]rune(l.Text(s.Card.Name))[:1])
				}
				return srbShort(l.Text(s.Card.Name))
			})
			if len(named) > 0 {
				fmt.Fprintf(b, "    %s\n", strings.Join(named, ", "))
			}
		}
		var parts []string
		for _, h := range hubs {
			state := "?"
			switch {
			case h.Destroyed:
				state = "✖ " + l.S("sr.board.destroyed")
			case h.Square != "":
				state = h.Square
			}
			parts = append(parts, l.Text(h.Name)+" "+state)
		}
		fmt.Fprintf(b, "    %s %s\n", l.S("sr.board.hubs"), strings.Join(parts, ", "))
		var in []string
		for _, p := range v.Players {
			if p.Entered {
				in = append(in, p.Name)
			}
		}
		if len(in) > 0 {
			fmt.Fprintf(b, "    %s %s\n", l.S("sr.board.entered"), l.JoinNames(in, srbSame))
		}
	}
	if len(v.Used) > 0 {
		var names []string
		for _, c := range v.Used {
			names = append(names, l.Text(c.Name))
		}
		fmt.Fprintf(b, "    %s %s\n", l.S("sr.board.used"), strings.Join(names, ", "))
	}
}

// srbGrid writes a 6×6 board, rows numbered down the side and columns
// across the top (planets and their squares, or the secret base's rows
// and columns).
func srbGrid(b *strings.Builder, cell func(i int) string) {
	b.WriteString("       1     2     3     4     5     6\n")
	for r := 0; r < 6; r++ {
		fmt.Fprintf(b, "    %d", r+1)
		for c := 0; c < 6; c++ {
			b.WriteString(" " + srbPad(cell(r*6+c), 5))
		}
		b.WriteString("\n")
	}
}

// srbPad pads s to n terminal columns (a CJK character takes two).
func srbPad(s string, n int) string {
	w := 0
	for _, c := range s {
		w++
		if c >= 0x2E80 {
			w++
		}
	}
	if w >= n {
		return s
	}
	return s + strings.Repeat(" ", n-w)
}

// srbShort is the first letters of a card's name, for a grid cell.
func srbShort(name string) string {
	r := []rune(name)
	n := 4
	for _, c := range r {
		if c >= 0x2E80 { // CJK: two columns each
			n = 2
			break
		}
	}
	if len(r) > n {
		r = r[:n]
	}
	return string(r)
}

// srbBy names who opened a square.
func srbBy(v rules.PublicView, s engine.Seat) string {
	if s < 0 || int(s) >= len(v.Players) {
		return ""
	}
	return " (" + v.Players[s].Name + ")"
}

// srbCountsOf lists the information cards per player ("Aki 2", 「Akiさん
// 2」) and the parties, leader first ("Aki, Ben"), for the page and the
// terminal (SR-21), names as language l writes them.
func srbCountsOf(v rules.PublicView, l engine.Lang) (info, parties []string) {
	for _, p := range v.Players {
		if p.Info > 0 {
			info = append(info, fmt.Sprintf("%s %d", l.JoinNames([]string{p.Name}, srbSame), p.Info))
		}
		if p.Leader == p.Seat {
			members := []string{p.Name}
			for _, q := range v.Players {
				if q.Leader == p.Seat && q.Seat != p.Seat {
					members = append(members, q.Name)
				}
			}
			parties = append(parties, l.JoinNames(members, srbSame))
		}
	}
	return info, parties
}

// srbSame leaves a name as it is (Lang.JoinNames; the page escapes later).
func srbSame(name string) string { return name }

// srbCounts writes the information cards and the parties (SR-21).
func srbCounts(b *strings.Builder, v rules.PublicView, l engine.Lang) {
	info, parties := srbCountsOf(v, l)
	if len(info) > 0 {
		fmt.Fprintf(b, "    %s %s\n", l.S("sr.board.info"), strings.Join(info, ", "))
	}
	for _, p := range parties {
		fmt.Fprintf(b, "    %s %s\n", l.S("sr.board.party"), p)
	}
}

func init() {
	engine.Register(map[string]engine.Text{
		"sr.board.planet":            {EN: "Planet board", JA: "惑星"},
		"sr.board.base":              {EN: "Secret base", JA: "秘密基地"},
		"sr.board.info":              {EN: "Information cards:", JA: "情報入手："},
		"sr.board.party":             {EN: "Party:", JA: "パーティー："},
		"sr.board.ability":           {EN: "ability card", JA: "能力カード"},
		"sr.board.hubs":              {EN: "Hubs:", JA: "重要拠点："},
		"sr.board.destroyed":         {EN: "destroyed", JA: "破壊済み"},
		"sr.board.entered":           {EN: "In the base:", JA: "秘密基地内："},
		"sr.board.used":              {EN: "Used:", JA: "使用済み："},
		"sr.board.hidden":            {EN: "The hubs:", JA: "重要拠点の位置："},
		"sr.board.ok":                {EN: "OK", JA: "決定"},
		"sr.board.tap":               {EN: "Tap a square, then tap it again to confirm.", JA: "マスをタップし、もう一度タップして確定します。"},
		"sr.board.confirm":           {EN: "OK?", JA: "決定？"},
		"sr.board.destroy_tap":       {EN: "Tap the hub's square on the secret base below, then tap it again to confirm.", JA: "下の秘密基地で重要拠点のマスをタップし、もう一度タップして確定します。"},
		"sr.board.mark.battle":       {EN: "battle", JA: "戦闘"},
		"sr.board.mark.spaceport":    {EN: "space port", JA: "宇宙港"},
		"sr.board.mark.arrest":       {EN: "arrest", JA: "逮捕"},
		"sr.board.mark.trap":         {EN: "trap", JA: "トラップ"},
		"sr.board.mark.info":         {EN: "information", JA: "情報入手"},
		"sr.board.mark.reveal-other": {EN: "someone's identity", JA: "他人の正体判明"},
		"sr.board.mark.reveal-self":  {EN: "own identity", JA: "自分の正体露顕"},
		"sr.board.mark.ability":      {EN: "ability card", JA: "能力カード"},
		"sr.board.mark.ambush":       {EN: "ambush", JA: "待ち伏せ"},
		"sr.board.mark.hub":          {EN: "hub", JA: "重要拠点"},
		"sr.board.mark.destroyed":    {EN: "destroyed", JA: "破壊"},
		"sr.board.mark.room":         {EN: "open", JA: "開いたマス"},
	})
}
