package outlaws

import (
	"fmt"
	"strings"

	"tablemaster/engine"
	rules "tablemaster/engine/outlaws"
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

// text draws both streets ("?" a face-down card), the tokens ("o" one
// lying there) and the stock, what each holds, and on a private screen the
// seat's own street and notes.
func text(b *strings.Builder, v rules.PublicView, me *rules.View, l engine.Lang) {
	line := func(s int) {
		fmt.Fprintf(b, "  %s ", face.Pad(l.S([2]string{"ol.role.red", "ol.role.green"}[s]), 6))
		for _, c := range v.Streets[s] {
			cell := "?"
			if c.Char != "" {
				cell = c.Card
				if c.Restrained {
					cell += "!"
				}
			}
			b.WriteString(face.Pad(cell, 5))
		}
		var sal []string
		for _, c := range v.Saloons[s] {
			sal = append(sal, c.Card+" "+name(l, c.Char))
		}
		fmt.Fprintf(b, " %s\n", strings.Join(sal, ", "))
	}
	b.WriteString("         ")
	for i := range rules.Slots {
		b.WriteString(face.Pad(fmt.Sprint(i+1), 5))
	}
	b.WriteString("\n")
	line(1)
	b.WriteString("         ")
	for i := range rules.Slots {
		t := " "
		if len(v.Streets[0]) > i && v.Streets[0][i].Token {
			t = "o"
		}
		b.WriteString(face.Pad(t, 5))
	}
	fmt.Fprintf(b, " %s\n", l.S("ol.ui.stock", "n", fmt.Sprint(v.Stock)))
	line(0)
	for s, h := range v.Held {
		fmt.Fprintf(b, "  %s: %s %d · %s %d · %s %d · %s %d\n", l.S([2]string{"ol.role.red", "ol.role.green"}[s]),
			l.S("ol.token.bullet"), h.Bullets, l.S("ol.token.handcuffs"), h.Handcuffs, l.S("ol.token.ballot"), h.Ballots, l.S("ol.ui.cameras"), h.Cameras)
	}
	if me != nil {
		var mine []string
		for _, c := range me.Mine {
			mine = append(mine, c.Slot+" "+c.Card+" "+name(l, c.Char))
		}
		if len(mine) > 0 {
			fmt.Fprintf(b, "  %s %s\n", l.S("ol.ui.mine"), strings.Join(mine, ", "))
		}
		for _, n := range me.Notes {
			fmt.Fprintf(b, "  %s\n", l.Text(n))
		}
	}
	if v.Over {
		fmt.Fprintf(b, "  %s\n", l.Text(v.Reason))
	} else {
		fmt.Fprintf(b, "  %s\n", l.Text(v.Status))
	}
}
