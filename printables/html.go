package printables

import (
	_ "embed"
	"fmt"
	"html"
	"io"
	"strings"

	"tablemaster/engine"
)

// sheetCSS styles every HTML printable, on screen and on paper.
//
//go:embed sheet.css
var sheetCSS string

// pageCSS is the @page rule for a paper size.
func pageCSS(p Paper) string {
	size := "A4"
	if p == Letter {
		size = "letter"
	}
	return "@page { size: " + size + "; margin: 12mm; }\n"
}

// htmlText escapes text and colours hearts and diamonds red.
func htmlText(s string) string {
	var b strings.Builder
	for _, sp := range suitSpans(s) {
		if sp.Red {
			b.WriteString(`<span class="red">` + html.EscapeString(sp.Text) + `</span>`)
		} else {
			b.WriteString(html.EscapeString(sp.Text))
		}
	}
	return b.String()
}

// htmlPage writes the page around a body: one file, no external asset.
func htmlPage(w io.Writer, o Options, title, body string) error {
	_, err := fmt.Fprintf(w, `<!DOCTYPE html>
<html lang="%s">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%s</title>
<style>
%s%s</style>
</head>
<body>
<main>
%s</main>
</body>
</html>
`, o.Lang, html.EscapeString(title), pageCSS(o.Paper), sheetCSS, body)
	return err
}

func writeHTML(w io.Writer, doc Doc, o Options) error {
	return writeHTMLFooter(w, doc, o, o.Lang.S("print.footer", "sheet", doc.Title))
}

// writeHTMLFooter is writeHTML with another footer line.
func writeHTMLFooter(w io.Writer, doc Doc, o Options, footer string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "<h1>%s</h1>\n", htmlText(doc.Title))
	if doc.Subtitle != "" {
		fmt.Fprintf(&b, "<p class=\"sub\">%s</p>\n", htmlText(doc.Subtitle))
	}
	for _, bl := range doc.Blocks {
		htmlBlock(&b, o.Lang, bl)
	}
	fmt.Fprintf(&b, "<footer>%s</footer>\n", htmlText(footer))
	return htmlPage(w, o, doc.Title, b.String())
}

func htmlBlock(b *strings.Builder, l engine.Lang, bl Block) {
	switch bl := bl.(type) {
	case *Heading:
		fmt.Fprintf(b, "<h2>%s</h2>\n", htmlText(bl.Text))
	case *Para:
		class := ""
		if bl.Small {
			class = ` class="small"`
		}
		fmt.Fprintf(b, "<p%s>%s</p>\n", class, htmlText(bl.Text))
	case *List:
		b.WriteString("<ul>\n")
		for _, it := range bl.Items {
			b.WriteString("<li>")
			if it.Label != "" {
				fmt.Fprintf(b, "<b>%s</b>", htmlText(it.Label))
				if it.Text != "" {
					b.WriteString(html.EscapeString(labelSep(l)))
				}
			}
			fmt.Fprintf(b, "%s</li>\n", htmlText(it.Text))
		}
		b.WriteString("</ul>\n")
	case *Table:
		b.WriteString("<table>\n<thead><tr>")
		for _, h := range bl.Head {
			fmt.Fprintf(b, "<th>%s</th>", htmlText(h))
		}
		b.WriteString("</tr></thead>\n<tbody>\n")
		for _, r := range bl.Rows {
			b.WriteString("<tr>")
			for _, c := range r {
				fmt.Fprintf(b, "<td>%s</td>", htmlText(c))
			}
			b.WriteString("</tr>\n")
		}
		b.WriteString("</tbody>\n</table>\n")
	case *CardGrid:
		class := "grid"
		if bl.Small {
			class += " small"
		}
		b.WriteString("<table class=\"" + class + "\">\n<tr><th></th>")
		for _, c := range bl.ColNames {
			fmt.Fprintf(b, "<th>%s</th>", htmlText(c))
		}
		b.WriteString("</tr>\n")
		for r, name := range bl.RowNames {
			fmt.Fprintf(b, "<tr><th>%s</th>", htmlText(name))
			for c, cell := range bl.Cells[r] {
				if m := bl.mark(r, c); m != "" {
					fmt.Fprintf(b, "<td class=\"%s\">%s</td>", m, htmlText(cell))
				} else {
					fmt.Fprintf(b, "<td>%s</td>", htmlText(cell))
				}
			}
			b.WriteString("</tr>\n")
		}
		b.WriteString("</table>\n")
	case *Pictures:
		b.WriteString("<div class=\"pics\">\n")
		for i, it := range bl.Items {
			if i > 0 {
				fmt.Fprintf(b, "<span class=\"between\">%s</span>\n", htmlText(bl.Between))
			}
			htmlBlock(b, l, it)
		}
		b.WriteString("</div>\n")
	case *HostNote:
		b.WriteString("<aside class=\"host\">\n")
		for i, ln := range bl.Lines {
			b.WriteString("<p>")
			if i == 0 {
				fmt.Fprintf(b, "<b>%s</b>%s", htmlText(l.S("print.host")), html.EscapeString(labelSep(l)))
			}
			fmt.Fprintf(b, "%s</p>\n", htmlText(ln))
		}
		b.WriteString("</aside>\n")
	case *Columns:
		b.WriteString("<div class=\"cols\">\n<div>\n")
		for _, c := range bl.Left {
			htmlBlock(b, l, c)
		}
		b.WriteString("</div>\n<div>\n")
		for _, c := range bl.Right {
			htmlBlock(b, l, c)
		}
		b.WriteString("</div>\n</div>\n")
	}
}
