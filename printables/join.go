package printables

import (
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/skip2/go-qrcode"

	"tablemaster/engine"
)

// JoinSeat is one seat's join card.
type JoinSeat struct {
	Name string // the player's name
	Role string // the seat's role when roles are public (Noir), or ""
	URL  string // the seat's secret link
}

// title is the name with the role, if public: "Aki (Killer)".
func (s JoinSeat) title(l engine.Lang) string {
	switch {
	case s.Role == "":
		return s.Name
	case l == engine.JA:
		return s.Name + "（" + s.Role + "）"
	}
	return s.Name + " (" + s.Role + ")"
}

// JoinCards are the join cards of one table: a card per seat with the
// player's name, the QR code of their link and the link as text.
type JoinCards struct {
	Game  string // the game's name, as people read it
	Table string // the table's id
	Seats []JoinSeat
}

// FileName is where the cards go by default: join-TABLE-ja.pdf.
func (j JoinCards) FileName(l engine.Lang, f Format) string {
	return "join-" + j.Table + "-" + string(l) + "." + f.String()
}

// Write writes the cards in format f.
func (j JoinCards) Write(w io.Writer, f Format, o Options) error {
	if f == HTML {
		return j.HTML(w, o)
	}
	return j.PDF(w, o)
}

// qrModules is the QR code of a link as dark (true) and light modules,
// its quiet zone included.
func qrModules(url string) ([][]bool, error) {
	q, err := qrcode.New(url, qrcode.Medium)
	if err != nil {
		return nil, fmt.Errorf("printables: QR code of %s: %w", url, err)
	}
	return q.Bitmap(), nil
}

// runs lists, row by row, the horizontal runs of dark modules: {row, start, length}.
func runs(bits [][]bool) [][3]int {
	var out [][3]int
	for y, row := range bits {
		for x := 0; x < len(row); {
			if !row[x] {
				x++
				continue
			}
			start := x
			for x < len(row) && row[x] {
				x++
			}
			out = append(out, [3]int{y, start, x - start})
		}
	}
	return out
}

// Card geometry on paper, in millimetres.
const (
	joinMargin = 12.0
	joinCardH  = 78.0
	joinQR     = 40.0 // the code with its quiet zone
	joinBanner = 20.0 // the warning above the cards
)

// rect is a box on a page, in millimetres.
type rect struct{ X, Y, W, H float64 }

// joinLayout places n cards: two columns, as many rows as the paper
// holds under the warning. It returns each card's page (0-based) and box.
func joinLayout(p Paper, n int) (pages []int, boxes []rect) {
	w, h := p.size()
	cw := (w - 2*joinMargin) / 2
	rows := int((h - 2*joinMargin - joinBanner) / joinCardH)
	for i := 0; i < n; i++ {
		perPage := rows * 2
		k := i % perPage
		pages = append(pages, i/perPage)
		boxes = append(boxes, rect{X: joinMargin + float64(k%2)*cw, Y: joinMargin + joinBanner + float64(k/2)*joinCardH, W: cw, H: joinCardH})
	}
	return pages, boxes
}

// qrBox is where a card's QR code lies, its quiet zone included.
func qrBox(card rect) rect {
	return rect{X: card.X + card.W/2 - joinQR/2, Y: card.Y + 17, W: joinQR, H: joinQR}
}

// PDF writes the cards, with cut lines and the warning on every page.
func (j JoinCards) PDF(w io.Writer, o Options) error {
	title := o.Lang.S("print.join") + " · " + j.Game
	d := newPDF(o, title, "")
	d.margin = joinMargin
	pages, boxes := joinLayout(o.Paper, len(j.Seats))
	page := 0
	d.joinBanner(o.Lang)
	for i, s := range j.Seats {
		if pages[i] != page {
			page = pages[i]
			d.newPage()
			d.joinBanner(o.Lang)
		}
		if err := d.joinCard(boxes[i], s, j, o.Lang); err != nil {
			return err
		}
	}
	return d.p.Output(w)
}

// joinBanner is the warning at the top of every page of join cards.
func (d *pdfDoc) joinBanner(l engine.Lang) {
	x, w := d.margin, d.contentW()
	d.font(sizeBody, colText)
	lines := d.wrap(l.S("print.join.warning"), w-8, w-8)
	h := float64(len(lines))*d.lineH() + 4
	d.p.SetDrawColor(colRed[0], colRed[1], colRed[2])
	d.p.SetLineWidth(0.6)
	d.p.RoundedRect(x, d.margin, w, h, 1.5, "1234", "D")
	y := d.margin + 2
	for _, ln := range lines {
		d.bold(x+4, d.baseline(y), ln)
		y += d.lineH()
	}
}

// joinCard draws one card: the name, the game and table, the QR code, the
// link as text, and its dashed cut lines.
func (d *pdfDoc) joinCard(b rect, s JoinSeat, j JoinCards, l engine.Lang) error {
	bits, err := qrModules(s.URL)
	if err != nil {
		return err
	}
	d.p.SetDrawColor(110, 110, 110)
	d.p.SetLineWidth(0.25)
	d.p.SetDashPattern([]float64{2.5, 1.5}, 0)
	d.p.Rect(b.X, b.Y, b.W, b.H, "D")
	d.p.SetDashPattern(nil, 0)

	cx := b.X + b.W/2
	center := func(s string, y float64, heavy bool) {
		for _, ln := range d.wrap(s, b.W-8, b.W-8) {
			if heavy {
				d.bold(cx-d.width(ln)/2, d.baseline(y), ln)
			} else {
				d.text(cx-d.width(ln)/2, d.baseline(y), ln)
			}
			y += d.lineH()
		}
	}
	name := s.title(l)
	d.font(18, colText)
	center(name, b.Y+3, true)
	d.font(sizeSmall, colGrey)
	center(l.S("print.join.table", "game", j.Game, "table", j.Table), b.Y+12, false)

	// The code, module by module, as vector squares.
	q := qrBox(b)
	top, left := q.Y, q.X
	m := joinQR / float64(len(bits))
	d.p.SetFillColor(0, 0, 0)
	for _, r := range runs(bits) {
		d.p.Rect(left+float64(r[1])*m, top+float64(r[0])*m, float64(r[2])*m, m, "F")
	}

	// The link on one line if a smaller size allows it.
	size := float64(sizeSmall)
	for d.font(size, colText); d.width(s.URL) > b.W-6 && size > 7; size -= 0.5 {
		d.font(size-0.5, colText)
	}
	y := top + joinQR + 0.5
	for _, ln := range d.wrapAny(s.URL, b.W-6) {
		d.text(cx-d.width(ln)/2, d.baseline(y), ln)
		y += d.lineH()
	}
	d.font(sizeSmall, colGrey)
	center(l.S("print.join.one"), y+0.5, false)
	return nil
}

// wrapAny breaks text anywhere (a link has no spaces).
func (d *pdfDoc) wrapAny(s string, w float64) []string {
	var lines []string
	line := ""
	for _, r := range s {
		if line != "" && d.width(line+string(r)) > w {
			lines = append(lines, line)
			line = ""
		}
		line += string(r)
	}
	return append(lines, line)
}

// qrSVG draws the code as an inline SVG: no image file, crisp at any size.
func qrSVG(bits [][]bool, label string) string {
	var b strings.Builder
	n := len(bits)
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges" role="img" aria-label="%s"><path d="`, n, n, html.EscapeString(label))
	for _, r := range runs(bits) {
		fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", r[1], r[0], r[2], r[2])
	}
	b.WriteString(`"/></svg>`)
	return b.String()
}

// HTML writes the cards as one self-contained page.
func (j JoinCards) HTML(w io.Writer, o Options) error {
	l := o.Lang
	var b strings.Builder
	fmt.Fprintf(&b, "<h1>%s</h1>\n<p class=\"sub\">%s</p>\n", htmlText(l.S("print.join")),
		htmlText(l.S("print.join.table", "game", j.Game, "table", j.Table)))
	fmt.Fprintf(&b, "<p class=\"warning\">%s</p>\n<div class=\"cards\">\n", htmlText(l.S("print.join.warning")))
	for _, s := range j.Seats {
		bits, err := qrModules(s.URL)
		if err != nil {
			return err
		}
		name := html.EscapeString(s.title(l))
		fmt.Fprintf(&b, "<div class=\"card\">\n<div class=\"name\">%s</div>\n<div class=\"game\">%s</div>\n%s\n<div class=\"url\">%s</div>\n<div class=\"how\">%s</div>\n</div>\n",
			name, htmlText(l.S("print.join.table", "game", j.Game, "table", j.Table)), qrSVG(bits, s.URL),
			html.EscapeString(s.URL), htmlText(l.S("print.join.one")))
	}
	b.WriteString("</div>\n")
	return htmlPage(w, o, l.S("print.join")+" · "+j.Game, b.String())
}
