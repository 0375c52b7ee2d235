package superrock

import (
	"fmt"
	"strings"

	"tablemaster/engine"
	rules "tablemaster/engine/superrock"
	"tablemaster/moderator/face"
)

// Text draws the table screen, or a seat's private screen, for a terminal.
func (Face) Text(b *strings.Builder, snap *face.Snapshot, l engine.Lang) {
	switch v := snap.View.(type) {
	case rules.PublicView:
		superrockText(b, v, nil, snap.Turn, l)
	case rules.View:
		superrockText(b, v.PublicView, &v, snap.Turn, l)
	}
}

// grades are the result grades of SR-43, best first; A and B are wins.
var grades = []string{"A", "B", "C", "D"}

// Night: each seat's character and attribute once public, alive or dead,
// and the grade once the game is over (SR-43); an unfinished game says in
// a few words where it is.
func (Face) Night(g engine.Game) face.Night {
	v, _ := g.PublicView().(rules.PublicView)
	n := face.Night{Name: engine.M("sr.name"), RoleHead: engine.M("sr.night.character"),
		Columns: []engine.Msg{engine.M("sr.night.attr"), engine.M("sr.night.state")},
		Grades:  grades, Wins: 2, Note: engine.M("sr.night.legend")}
	for _, g := range grades {
		n.Note = n.Note.With(strings.ToLower(g), engine.M("sr.grade."+g))
	}
	if !v.Over {
		n.Status = engine.M(nightPhase(v.Phase))
	}
	for _, p := range v.Players {
		seat := face.NightSeat{Grade: p.Grade}
		attr := engine.M("sr.night.none")
		if c := p.Character; c != nil {
			name := c.Name
			seat.Role, attr = &name, c.AttrName
		}
		state := engine.M("sr.night.alive")
		if p.Dead {
			state = engine.M("sr.night.dead")
		}
		seat.Columns = []engine.Msg{attr, state}
		n.Seats = append(n.Seats, seat)
	}
	return n
}

// nightPhase says in a few words where an unfinished game is.
func nightPhase(phase string) string {
	switch phase {
	case "deal", "reject", "shadow", "lineup", "ambush", "order":
		return "sr.night.ph.prep"
	case "veto", "override":
		return "sr.night.ph.decl"
	case "confirm":
		return "sr.night.ph.confirm"
	}
	return "sr.night.ph.play"
}

// Remember lists, per seat, the characters played at a table (SR-13): the
// one each seat held once the reject step was over, and those received by
// transformation (SR-34); a rejected deal does not count. g is a new game
// and steps are the actions still standing after the log's undos. A
// seat's character is looked at when the deal is settled, after every
// private random draw told to that seat (a transformation deals a new
// character that way), and at the end; asking every view after every
// action would cost a Legal per seat per action.
func (Face) Remember(g engine.Game, steps []face.Step) ([][]string, error) {
	sr, ok := g.(*rules.Game)
	if !ok {
		return nil, fmt.Errorf("%T is not a Super Rock game", g)
	}
	played := make([][]string, sr.Seats())
	look := func(s int) {
		if v, _ := sr.View(engine.Seat(s)).(rules.View); v.Character != nil {
			played[s] = addID(played[s], v.Character.ID)
		}
	}
	settled := false
	for _, st := range steps {
		events, err := sr.Apply(st.Seat, st.Action)
		if err != nil {
			return nil, fmt.Errorf("%q: %w", st.Action, err)
		}
		if sr.Phase() <= rules.RejectPhase {
			continue // a deal is only played once everyone kept it
		}
		for s := range played {
			if !settled || drewFor(events, engine.Seat(s)) {
				look(s)
			}
		}
		settled = true
	}
	if settled {
		for s := range played {
			look(s)
		}
	}
	return played, nil
}

// addID appends the ids not already in list.
func addID(list []string, ids ...string) []string {
	for _, id := range ids {
		found := false
		for _, x := range list {
			found = found || x == id
		}
		if !found {
			list = append(list, id)
		}
	}
	return list
}

// drewFor reports whether events tell seat s privately of a random draw.
func drewFor(events []engine.Event, s engine.Seat) bool {
	for _, e := range events {
		if e.Random && len(e.To) > 0 && e.Sees(s) {
			return true
		}
	}
	return false
}

// The game's name under the face's own name too ("superrock.name"), which is how
// the core and the commands name a table's game.
func init() {
	engine.Register(map[string]engine.Text{"superrock.name": {EN: engine.EN.Raw("sr.name"), JA: engine.JA.Raw("sr.name")}})
}
