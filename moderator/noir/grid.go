package noir

import (
	"html/template"
	"strconv"
	"strings"

	rules "tablemaster/engine/noir"
	"tablemaster/moderator/face"
)

// suitClass colours red suits (templates: suit).
func suitClass(s string) string {
	if strings.ContainsAny(s, "♥♦") {
		return "red"
	}
	return ""
}

// grid writes the grid of a View or PublicView (templates: noirGrid): in
// Go, what the templates did in some 250 actions per page, the bulk of a
// page's rendering time.
func grid(cols []string, rows [][]rules.CellView) template.HTML {
	var b strings.Builder
	b.Grow(2048)
	b.WriteString(`<table class="grid"><tr><th></th>`)
	for _, c := range cols {
		b.WriteString("<th>" + face.Escape(c) + "</th>")
	}
	b.WriteString("</tr>")
	for i, row := range rows {
		b.WriteString("<tr><th>" + strconv.Itoa(i+1) + "</th>")
		for _, c := range row {
			b.WriteString(`<td class="`)
			for _, f := range [...]struct {
				on   bool
				name string
			}{{c.Dead, "dead"}, {c.Innocent, " inn"}, {c.Mine, " mine"}, {c.Near, " near"}} {
				if f.on {
					b.WriteString(f.name)
				}
			}
			b.WriteString(`" data-cell="` + face.Escape(c.Cell) + `"><span class="` + suitClass(c.Suspect) + `">` +
				face.Escape(c.Suspect) + "</span>")
			if c.Evidence != "" {
				b.WriteString(`<small class="` + suitClass(c.Evidence) + `">` + face.Escape(c.Evidence) + "</small>")
			}
			b.WriteString("</td>")
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</table>")
	return template.HTML(b.String())
}
