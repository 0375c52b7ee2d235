package noir

import (
	"bytes"
	"strconv"
	"strings"

	"tablemaster/engine"
	rules "tablemaster/engine/noir"
	"tablemaster/moderator/face"
)

// suitClass colours red suits.
func suitClass(s string) string {
	if strings.Contains(s, "♥") || strings.Contains(s, "♦") { // ContainsAny's look rune by rune is slower
		return "red"
	}
	return ""
}

// writeGrid writes the grid of a View or PublicView.
func writeGrid(b *bytes.Buffer, cols []string, rows [][]rules.CellView) {
	gridHead(b, "grid", cols)
	for i, row := range rows {
		writeRowHead(b, i)
		for _, c := range row {
			b.WriteString(`<td`)
			if c.Dead || c.Innocent || c.Mine || c.Near || c.Disguise || c.Picked { // most cells are none
				cls := face.ClassAttr{B: b}
				cls.Add(c.Dead, "dead")
				cls.Add(c.Innocent, "inn")
				cls.Add(c.Mine, "mine")
				cls.Add(c.Near, "near")
				cls.Add(c.Disguise, "dis")
				cls.Add(c.Picked, "pick")
				cls.Close()
			}
			b.WriteByte('>')
			writeCard(b, c)
			b.WriteString("</td>")
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>")
}

// writeRowHead opens row i (from 0) with its number.
func writeRowHead(b *bytes.Buffer, i int) {
	var n [20]byte
	b.WriteString("<tr><th>")
	b.Write(strconv.AppendInt(n[:0], int64(i+1), 10))
	b.WriteString("</th>")
}

// gridHead opens a grid's table with its row of column letters. The rows
// are in an explicit <tbody>, as a browser reads them, so that a live
// update can change one row (moderator/patch).
func gridHead(b *bytes.Buffer, class string, cols []string) {
	face.Put(b, `<table class="`, class, `"><tbody><tr><th></th>`)
	for _, c := range cols {
		face.Put(b, "<th>", face.Escape(c), "</th>")
	}
	b.WriteString("</tr>")
}

// writeCard writes a cell's suspect and the evidence card lying on it.
func writeCard(b *bytes.Buffer, c rules.CellView) {
	writeSuited(b, "span", c.Suspect)
	if c.Evidence != "" {
		writeSuited(b, "small", c.Evidence)
	}
}

// writeSuited writes card in an element tag, classed by its suit's
// colour (none for a black card).
func writeSuited(b *bytes.Buffer, tag, card string) {
	face.Put(b, "<", tag)
	cls := face.ClassAttr{B: b}
	cls.Add(true, suitClass(card))
	cls.Close()
	face.Put(b, ">", face.Escape(card), "</", tag, ">")
}

// writePick writes the grid as buttons, for the steps
// that choose suspects on it: one dead suspect in each line for a
// Collapse, two suspects for an Accuse. A cell is a button when choosing
// it is legal; suspects who left the grid (an Accuse may name them)
// follow as buttons under it, and then the way back. The caller wraps it
// in the form that posts the choice.
func writePick(b *bytes.Buffer, l engine.Lang, cols []string, rows [][]rules.CellView, cs []engine.Choice) {
	offered := make(map[string]engine.Choice, len(cs))
	for _, c := range cs {
		if _, name, ok := strings.Cut(string(c.Action), " "); ok {
			offered[name] = c
		}
	}
	gridHead(b, "grid pick", cols)
	onGrid := map[string]bool{}
	for i, row := range rows {
		writeRowHead(b, i)
		for _, c := range row {
			onGrid[c.Suspect] = true
			b.WriteString("<td")
			cls := face.ClassAttr{B: b}
			cls.Add(c.Dead, "dead")
			cls.Add(c.Innocent, "inn")
			cls.Add(c.Picked, "pick")
			cls.Close()
			b.WriteByte('>')
			if ch, ok := offered[c.Suspect]; ok && !c.Picked {
				face.Put(b, `<button name="a" value="`, face.Escape(string(ch.Action)), `"`)
				if ch.Confirm {
					b.WriteString(" data-confirm")
				}
				b.WriteString(">")
				writeCard(b, c)
				b.WriteString("</button>")
			} else {
				writeCard(b, c)
			}
			b.WriteString("</td>")
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>")
	var rest []engine.Choice
	for _, c := range cs {
		kind, name, _ := strings.Cut(string(c.Action), " ")
		if kind == "cancel" || (name != "" && !onGrid[name]) {
			rest = append(rest, c)
		}
	}
	if len(rest) > 0 {
		b.WriteString(`<div class="choices">`)
		face.WriteButtons(b, l, rest)
		b.WriteString("</div>")
	}
}
