package noir

import (
	"fmt"
	"strings"

	"tablemaster/engine"
	rules "tablemaster/engine/noir"
	"tablemaster/moderator/face"
)

// Text draws the table screen, or a seat's private screen, for a terminal.
func (Face) Text(b *strings.Builder, snap *face.Snapshot, l engine.Lang) {
	switch v := snap.View.(type) {
	case rules.PublicView:
		text(b, v, nil, l)
	case rules.View:
		text(b, v.PublicView, &v, l)
	}
}

// text draws the grid: "x" marks a dead suspect, "+" an innocent one, "!"
// one chosen for a Collapse or an Accuse under way, and on a private
// screen "@" the seat's identity and "%" the Killer's disguise.
func text(b *strings.Builder, v rules.PublicView, me *rules.View, l engine.Lang) {
	grid := v.Grid
	if me != nil {
		grid = me.Grid
	}
	b.WriteString("     ")
	for _, c := range v.Cols {
		b.WriteString(face.Pad(c, 8))
	}
	b.WriteString("\n")
	for r, row := range grid {
		fmt.Fprintf(b, "  %d  ", r+1)
		for _, c := range row {
			mark := ""
			if c.Dead {
				mark += "x"
			}
			if c.Innocent {
				mark += "+"
			}
			if c.Mine {
				mark += "@"
			}
			if c.Disguise {
				mark += "%"
			}
			if c.Picked {
				mark += "!"
			}
			b.WriteString(face.Pad(c.Suspect+mark, 8))
		}
		b.WriteString("\n")
	}
	if v.Variant == "automata" {
		fmt.Fprintf(b, "  %s %d/%d · %s %d · %s %d · %s %d\n",
			l.S("noir.ui.kills"), v.Kills, v.KillsToWin, l.S("noir.ui.deck"), v.Deck,
			l.S("noir.ui.hand_size"), v.HandSize, l.S("noir.ui.turn"), v.TurnNo)
	} else {
		fmt.Fprintf(b, "  %s %d/%d · %s %d · %s %d · %s %d · %s %d\n",
			l.S("noir.ui.kills"), v.Kills, v.KillsToWin, l.S("noir.ui.deck"), v.Deck,
			l.S("noir.ui.hand_size"), v.HandSize, l.S("noir.ui.citizens"), v.ArrestsLeft, l.S("noir.ui.turn"), v.TurnNo)
	}
	if v.Accused != "" {
		fmt.Fprintf(b, "  %s %s\n", l.S("noir.ui.accused"), v.Accused)
	}
	if len(v.Removed)+len(v.Discarded) > 0 {
		fmt.Fprintf(b, "  %s %s\n", l.S("noir.ui.removed"), strings.Join(append(append([]string{}, v.Removed...), v.Discarded...), " "))
	}
	if me != nil {
		if me.Identity != nil {
			fmt.Fprintf(b, "  %s %s → %s (%s)\n", l.S("noir.ui.identity"), me.Identity.Evidence, me.Identity.Suspect, me.Identity.Cell)
		}
		if d := me.Disguise; d != nil {
			fmt.Fprintf(b, "  %s %s → %s (%s)\n", l.S("noir.ui.disguise"), d.Evidence, d.Suspect, d.Cell)
		}
		if len(me.Hand) > 0 {
			fmt.Fprintf(b, "  %s %s\n", l.S("noir.ui.hand"), cardList(me.Hand))
		}
		if len(me.Drawn) > 0 {
			fmt.Fprintf(b, "  %s %s\n", l.S("noir.ui.drawn"), cardList(me.Drawn))
		}
	}
	if v.Over {
		// The identities are public once the game is over (as the pages
		// show them).
		for _, id := range []struct {
			role string
			card *rules.Card
		}{{"noir.role.killer", v.KillerIdentity}, {"noir.role.inspector", v.InspectorIdentity}} {
			if id.card != nil {
				fmt.Fprintf(b, "  %s: %s (%s)", l.S(id.role), id.card.Suspect, id.card.Evidence)
				if d := v.KillerDisguise; d != nil && id.role == "noir.role.killer" {
					fmt.Fprintf(b, ", %s %s", l.S("noir.ui.disguised_as"), d.Suspect)
				}
				b.WriteString("\n")
			}
		}
		fmt.Fprintf(b, "  %s\n", l.Text(v.Reason))
	} else {
		fmt.Fprintf(b, "  %s\n", l.Text(v.Status))
	}
}

func cardList(cs []rules.Card) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, c.Evidence)
	}
	return strings.Join(parts, " ")
}
