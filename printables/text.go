package printables

import (
	"github.com/mattn/go-runewidth"
	"io"
	"strings"

	"tablemaster/engine"
)

// writeText lays a Doc out as plain text for a terminal: the same blocks
// as the PDF and the HTML, tables in aligned columns.
func writeText(w io.Writer, doc Doc, l engine.Lang) error {
	var b strings.Builder
	b.WriteString(doc.Title + "\n")
	if doc.Subtitle != "" {
		b.WriteString(doc.Subtitle + "\n")
	}
	for _, bl := range doc.Blocks {
		textBlock(&b, l, bl)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func textBlock(b *strings.Builder, l engine.Lang, bl Block) {
	switch bl := bl.(type) {
	case *Heading:
		b.WriteString("\n" + bl.Text + "\n")
	case *Para:
		b.WriteString(bl.Text + "\n")
	case *List:
		for _, it := range bl.Items {
			b.WriteString("  • ")
			if it.Label != "" {
				b.WriteString(it.Label)
				if it.Text != "" {
					b.WriteString(labelSep(l))
				}
			}
			b.WriteString(it.Text + "\n")
		}
	case *Table:
		textTable(b, bl.Head, bl.Rows)
	case *CardGrid:
		rows := make([][]string, len(bl.RowNames))
		for r, name := range bl.RowNames {
			rows[r] = []string{name}
			for c, cell := range bl.Cells[r] {
				switch bl.mark(r, c) {
				case "dead":
					cell += " x"
				case "take":
					cell += " x*"
				}
				rows[r] = append(rows[r], cell)
			}
		}
		textTable(b, append([]string{""}, bl.ColNames...), rows)
	case *Pictures:
		for i, it := range bl.Items {
			if i > 0 {
				b.WriteString(bl.Between + "\n")
			}
			textBlock(b, l, it)
		}
	case *HostNote:
		b.WriteString("\n[" + l.S("print.host") + "]\n")
		for _, ln := range bl.Lines {
			b.WriteString("  " + ln + "\n")
		}
	case *Columns:
		for _, c := range bl.Left {
			textBlock(b, l, c)
		}
		for _, c := range bl.Right {
			textBlock(b, l, c)
		}
	}
}

// textTable writes rows in columns as wide as their widest cell, the
// heading row underlined.
func textTable(b *strings.Builder, head []string, rows [][]string) {
	widths := make([]int, len(head))
	for _, r := range append([][]string{head}, rows...) {
		for i, c := range r {
			if i < len(widths) {
				widths[i] = max(widths[i], textWidth(c))
			}
		}
	}
	line := func(cells []string) {
		var ln strings.Builder
		ln.WriteString("  ")
		for i, c := range cells {
			if i >= len(widths) {
				break
			}
			if i > 0 {
				ln.WriteString("  ")
			}
			ln.WriteString(c + strings.Repeat(" ", widths[i]-textWidth(c)))
		}
		b.WriteString(strings.TrimRight(ln.String(), " ") + "\n")
	}
	line(head)
	rule := make([]string, len(widths))
	for i, w := range widths {
		rule[i] = strings.Repeat("-", w)
	}
	line(rule)
	for _, r := range rows {
		line(r)
	}
}

// textWidth is how many terminal columns s takes: two for a wide
// character (kanji, kana, full-width forms), none for a combining mark,
// by the Unicode East Asian Width tables (go-runewidth), not a table of
// our own.
func textWidth(s string) int { return runewidth.StringWidth(s) }
