package printables

import (
	"io"
	"strconv"
	"strings"
	"time"
	"unicode"

	"codeberg.org/go-pdf/fpdf"

	"tablemaster/engine"
)

// ptMM converts a font size in points to millimetres.
const ptMM = 25.4 / 72

// Font sizes in points. Readable at arm's length: nothing under 9 pt.
const (
	sizeTitle    = 20
	sizeSubtitle = 11
	sizeHeading  = 12.5
	sizeBody     = 10
	sizeSmall    = 9
	sizeTable    = 10
)

// fixedDate keeps PDFs written without Options.Date identical from run to run.
var fixedDate = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// Colours (RGB).
var (
	colText    = [3]int{20, 20, 20}
	colGrey    = [3]int{90, 90, 90}
	colRed     = [3]int{200, 20, 30}
	colHeading = [3]int{25, 55, 110}
	colRule    = [3]int{160, 160, 160}
	colShade   = [3]int{236, 240, 247}
)

// pdfDoc lays out blocks from top to bottom, starting a new page when the
// next block does not fit. In a dry run it only measures.
type pdfDoc struct {
	p            *fpdf.Fpdf
	lang         engine.Lang
	pageW, pageH float64
	margin       float64
	y            float64
	dry          bool
	footer       string
	size         float64 // current font size, pt
	color        [3]int
	// hostBoxes are where the HostNotes were drawn, for the test that
	// finds command-line flags only inside them.
	hostBoxes []pageRect
}

// pageRect is a rectangle on a page (1, 2, …), in millimetres.
type pageRect struct {
	page int
	rect
}

func newPDF(o Options, title, footer string) *pdfDoc {
	w, h := o.Paper.size()
	p := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", Size: fpdf.SizeType{Wd: w, Ht: h}})
	p.SetAutoPageBreak(false, 0)
	p.SetCellMargin(0)
	p.AddUTF8FontFromBytes("ipaex", "", ipaex)
	p.SetTitle(title, true)
	p.SetCreator("tablemaster", true)
	p.SetProducer("tablemaster", true)
	p.SetLang(string(o.Lang))
	date := o.Date
	if date.IsZero() {
		date = fixedDate
	}
	p.SetCreationDate(date)
	p.SetModificationDate(date)
	d := &pdfDoc{p: p, lang: o.Lang, pageW: w, pageH: h, margin: 12, footer: footer}
	d.newPage()
	return d
}

func (d *pdfDoc) newPage() {
	d.p.AddPage()
	d.y = d.margin
	if d.footer != "" {
		d.font(sizeSmall-1.5, colGrey)
		d.text(d.margin, d.pageH-d.margin/2, d.footer)
	}
}

// bottom is the lowest y a block may reach.
func (d *pdfDoc) bottom() float64 { return d.pageH - d.margin }

func (d *pdfDoc) contentW() float64 { return d.pageW - 2*d.margin }

func (d *pdfDoc) font(size float64, c [3]int) {
	d.size, d.color = size, c
	d.p.SetFont("ipaex", "", size)
}

// lineH is the height of one line of text at the current size.
func (d *pdfDoc) lineH() float64 { return d.size * ptMM * 1.4 }

// isCircled reports the circled numbers ⓪ ① … ⑳: IPAex lacks ⓪, so all of
// them are drawn as a digit in a circle, alike.
func isCircled(r rune) (int, bool) {
	switch {
	case r == '⓪':
		return 0, true
	case r >= '①' && r <= '⑳':
		return int(r-'①') + 1, true
	}
	return 0, false
}

// width measures text at the current size.
func (d *pdfDoc) width(s string) float64 {
	w := 0.0
	for _, part := range splitCircled(s) {
		if _, ok := isCircled([]rune(part)[0]); ok {
			w += d.size * ptMM
			continue
		}
		w += d.p.GetStringWidth(part)
	}
	return w
}

// splitCircled cuts text before and after every circled number.
func splitCircled(s string) []string {
	var out []string
	start := 0
	for i, r := range s {
		if _, ok := isCircled(r); ok {
			if i > start {
				out = append(out, s[start:i])
			}
			out = append(out, string(r))
			start = i + len(string(r))
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// text draws one line with its baseline at y; hearts and diamonds red.
func (d *pdfDoc) text(x, y float64, s string) {
	if d.dry {
		return
	}
	for _, sp := range suitSpans(s) {
		c := d.color
		if sp.Red {
			c = colRed
		}
		d.p.SetTextColor(c[0], c[1], c[2])
		for _, part := range splitCircled(sp.Text) {
			if n, ok := isCircled([]rune(part)[0]); ok {
				x += d.circled(x, y, n)
				continue
			}
			d.p.Text(x, y, part)
			x += d.p.GetStringWidth(part)
		}
	}
}

// circled draws a number in a circle, as ⓪ ① … look, and returns its width.
func (d *pdfDoc) circled(x, y float64, n int) float64 {
	em := d.size * ptMM
	r := em * 0.44
	cx, cy := x+em/2, y-em*0.34
	d.p.SetDrawColor(d.color[0], d.color[1], d.color[2])
	d.p.SetLineWidth(em * 0.06)
	d.p.Circle(cx, cy, r, "D")
	size := d.size
	d.p.SetFont("ipaex", "", size*0.7)
	digits := strconv.Itoa(n)
	d.p.Text(cx-d.p.GetStringWidth(digits)/2, cy+em*0.25, digits)
	d.p.SetFont("ipaex", "", size)
	return em
}

// bold draws text a little heavier (fill and stroke): IPAex has no bold face.
func (d *pdfDoc) bold(x, y float64, s string) {
	if d.dry {
		return
	}
	d.p.SetTextRenderingMode(2)
	d.p.SetLineWidth(d.size * ptMM * 0.035)
	d.p.SetDrawColor(d.color[0], d.color[1], d.color[2])
	d.text(x, y, s)
	d.p.SetTextRenderingMode(0)
}

// baseline is where text sits in a line box starting at top.
func (d *pdfDoc) baseline(top float64) float64 { return top + d.size*ptMM*1.05 }

// wrap breaks text into lines no wider than w (the first line: first).
// Latin text breaks at spaces; Japanese between any two characters, except
// that closing punctuation never starts a line and opening brackets never
// end one (kinsoku).
func (d *pdfDoc) wrap(s string, first, w float64) []string {
	var lines []string
	line := ""
	limit := first
	for _, tok := range tokens(s) {
		try := line + tok
		if line != "" && d.width(strings.TrimRight(try, " ")) > limit {
			lines = append(lines, strings.TrimRight(line, " "))
			line = strings.TrimLeft(tok, " ")
			limit = w
			continue
		}
		line = try
	}
	if line = strings.TrimRight(line, " "); line != "" || len(lines) == 0 {
		lines = append(lines, line)
	}
	return lines
}

const (
	noStart = "、。，．）」』】〕！？：；…ー・ぁぃぅぇぉっゃゅょァィゥェォッャュョ,.;:!?)]"
	noEnd   = "（「『【〔(["
)

// tokens cuts text into the pieces a line may break between.
func tokens(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	for _, r := range s {
		var last rune
		if len(cur) > 0 {
			last = cur[len(cur)-1]
		}
		opened := strings.ContainsRune(noEnd, last)
		switch {
		case strings.ContainsRune(noStart, r):
			if len(cur) == 0 && len(out) > 0 {
				out[len(out)-1] += string(r)
				continue
			}
			cur = append(cur, r)
		case r == ' ':
			cur = append(cur, r)
			flush()
		case wide(r):
			if !opened {
				flush()
			}
			cur = append(cur, r)
		default:
			if last != 0 && wide(last) && !opened {
				flush()
			}
			cur = append(cur, r)
		}
	}
	flush()
	return out
}

// wide reports characters a Japanese line may break after.
func wide(r rune) bool {
	if _, ok := isCircled(r); ok {
		return true
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) ||
		(r >= 0x3000 && r <= 0x303f) || (r >= 0xff00 && r <= 0xffef) || r == 'ー' || r == '・'
}

// para draws wrapped text in the box (x, w), with an optional label in
// front of the first line, and moves down.
func (d *pdfDoc) para(x, w float64, label, s string) {
	lx := 0.0
	if label != "" {
		d.bold(x, d.baseline(d.y), label)
		lx = d.width(label)
	}
	for i, ln := range d.wrap(s, w-lx, w) {
		if i > 0 {
			lx = 0
		}
		d.text(x+lx, d.baseline(d.y), ln)
		d.y += d.lineH()
	}
}

func (d *pdfDoc) rule(x1, x2, y float64, c [3]int, width float64) {
	if d.dry {
		return
	}
	d.p.SetDrawColor(c[0], c[1], c[2])
	d.p.SetLineWidth(width)
	d.p.Line(x1, y, x2, y)
}

func (d *pdfDoc) title(doc Doc) {
	d.font(sizeTitle, colText)
	d.bold(d.margin, d.baseline(d.y), doc.Title)
	tw := d.width(doc.Title)
	base := d.baseline(d.y)
	d.y += d.lineH()
	if doc.Subtitle != "" {
		d.font(sizeSubtitle, colGrey)
		if sw := d.width(doc.Subtitle); d.margin+tw+sw+8 < d.pageW-d.margin {
			// Beside the title, right-aligned, when it fits.
			d.text(d.pageW-d.margin-sw, base, doc.Subtitle)
		} else {
			d.text(d.margin, d.baseline(d.y), doc.Subtitle)
			d.y += d.lineH()
		}
	}
	d.rule(d.margin, d.pageW-d.margin, d.y+0.5, colHeading, 0.6)
	d.y += 2.5
}

// block draws one block in the box (x, w).
func (d *pdfDoc) block(b Block, x, w float64) {
	switch b := b.(type) {
	case *Heading:
		d.y += 1.8
		d.font(sizeHeading, colHeading)
		d.bold(x, d.baseline(d.y), b.Text)
		d.y += d.lineH()
		d.rule(x, x+w, d.y-0.6, colRule, 0.2)
		d.y += 0.8
	case *Para:
		if b.Small {
			d.font(sizeSmall, colGrey)
		} else {
			d.font(sizeBody, colText)
		}
		d.para(x, w, "", b.Text)
		d.y += 0.8
	case *List:
		d.font(sizeBody, colText)
		for _, it := range b.Items {
			d.text(x+0.5, d.baseline(d.y), "•")
			label := it.Label
			if label != "" && it.Text != "" {
				label += labelSep(d.lang)
			}
			d.para(x+4, w-4, label, it.Text)
			d.y += 0.4
		}
	case *Table:
		d.table(b, x, w)
	case *CardGrid:
		d.cardGrid(b, x, w)
	case *Pictures:
		d.pictures(b, x, w)
	case *HostNote:
		d.hostNote(b, x, w)
	case *Columns:
		gap := 6.0
		cw := (w - gap) / 2
		top := d.y
		for _, c := range b.Left {
			d.block(c, x, cw)
		}
		left := d.y
		d.y = top
		for _, c := range b.Right {
			d.block(c, x+cw+gap, cw)
		}
		d.y = max(d.y, left)
	}
}

// hostNote draws the note in a thin grey box, its heading in front.
func (d *pdfDoc) hostNote(n *HostNote, x, w float64) {
	const pad = 0.9
	d.y += 1.0
	top := d.y
	d.y += pad
	d.font(sizeSmall, colGrey)
	// The heading leads the first line, as a list item's label does: the
	// box costs a sheet no more than its own lines.
	label := d.lang.S("print.host") + labelSep(d.lang)
	for _, ln := range n.Lines {
		d.para(x+2, w-4, label, ln)
		label = ""
	}
	d.y += pad
	if !d.dry {
		d.p.SetDrawColor(colRule[0], colRule[1], colRule[2])
		d.p.SetLineWidth(0.3)
		d.p.Rect(x, top, w, d.y-top, "D")
		d.hostBoxes = append(d.hostBoxes, pageRect{d.p.PageNo(), rect{x, top, w, d.y - top}})
	}
	d.y += 0.8
}

func (d *pdfDoc) table(t *Table, x, w float64) {
	widths := make([]float64, len(t.Head))
	total := 0.0
	for i := range widths {
		widths[i] = 1
		if i < len(t.Widths) {
			widths[i] = t.Widths[i]
		}
		total += widths[i]
	}
	for i := range widths {
		widths[i] *= w / total
	}
	pad := 1.5
	var row func(cells []string, head bool, shade bool)
	row = func(cells []string, head bool, shade bool) {
		if head {
			d.font(sizeTable, colHeading)
		} else {
			d.font(sizeTable, colText)
		}
		wrapped := make([][]string, len(cells))
		n := 1
		for i, c := range cells {
			wrapped[i] = d.wrap(c, widths[i]-2*pad, widths[i]-2*pad)
			n = max(n, len(wrapped[i]))
		}
		h := float64(n)*d.lineH() + 0.8
		if !head && !d.dry && d.y+h > d.bottom() {
			// A long table goes on over the page, under its heading row again.
			d.newPage()
			row(t.Head, true, false)
			d.rule(x, x+w, d.y, colHeading, 0.4)
			d.font(sizeTable, colText)
		}
		if shade && !d.dry {
			d.p.SetFillColor(colShade[0], colShade[1], colShade[2])
			d.p.Rect(x, d.y, w, h, "F")
		}
		cx := x
		for i := range cells {
			for j, ln := range wrapped[i] {
				y := d.baseline(d.y+0.4) + float64(j)*d.lineH()
				if head {
					d.bold(cx+pad, y, ln)
				} else {
					d.text(cx+pad, y, ln)
				}
			}
			cx += widths[i]
		}
		d.y += h
		d.rule(x, x+w, d.y, colRule, 0.15)
	}
	row(t.Head, true, false)
	d.rule(x, x+w, d.y, colHeading, 0.4)
	for i, r := range t.Rows {
		row(r, false, i%2 == 1)
	}
	d.y += 1.5
}

// cardGrid draws the cards as small upright cards with their names, the
// column letters above and the row numbers at the left.
func (d *pdfDoc) cardGrid(g *CardGrid, x, w float64) {
	label := 5.0
	cols := len(g.ColNames)
	gap := 1.5
	cw := min((w-label)/float64(cols)-gap, 11.5)
	if g.Small {
		cw = min(cw, 7.5)
	}
	ch := cw * 1.3
	d.font(sizeTable, colGrey)
	for c, name := range g.ColNames {
		cx := x + label + float64(c)*(cw+gap) + cw/2
		d.text(cx-d.width(name)/2, d.baseline(d.y), name)
	}
	d.y += d.lineH()
	for r, name := range g.RowNames {
		top := d.y + float64(r)*(ch+gap)
		d.font(sizeTable, colGrey)
		d.text(x+label/2-d.width(name)/2, top+ch/2+d.size*ptMM*0.35, name)
		d.font(sizeBody+1, colText)
		for c := range g.ColNames {
			cx := x + label + float64(c)*(cw+gap)
			mark := g.mark(r, c)
			if !d.dry {
				d.p.SetDrawColor(80, 80, 80)
				d.p.SetLineWidth(0.3)
				d.p.SetFillColor(255, 255, 255)
				if mark != "" {
					d.p.SetFillColor(217, 208, 208)
				}
				if mark == "take" {
					d.p.SetDrawColor(200, 30, 30)
					d.p.SetLineWidth(0.7)
				}
				d.p.RoundedRect(cx, top, cw, ch, 1.2, "1234", "FD")
			}
			s := g.Cells[r][c]
			size := float64(sizeBody + 1)
			if g.Small {
				size = sizeTable
			}
			for d.font(size, colText); d.width(s) > cw-1.5 && size > 6; size -= 0.5 {
				d.font(size-0.5, colText)
			}
			d.text(cx+cw/2-d.width(s)/2, top+ch/2+d.size*ptMM*0.35, s)
		}
	}
	d.y += float64(len(g.RowNames))*(ch+gap) + 1
}

// pictures draws small card grids side by side, the words between them.
func (d *pdfDoc) pictures(p *Pictures, x, w float64) {
	top, bottom := d.y, d.y
	at := x
	for i, it := range p.Items {
		if i > 0 {
			d.font(sizeBody+4, colGrey)
			d.text(at+1, top+12, p.Between)
			at += d.width(p.Between) + 3
		}
		iw := w - (at - x)
		if g, ok := it.(*CardGrid); ok {
			iw = min(iw, 5+float64(len(g.ColNames))*(7.5+1.5))
		}
		d.y = top
		d.block(it, at, iw)
		bottom = max(bottom, d.y)
		at += iw + 2
	}
	d.y = bottom
}

// measure is the height a block takes in a box of width w.
func (d *pdfDoc) measure(b Block, w float64) float64 {
	top, dry := d.y, d.dry
	d.dry = true
	d.block(b, d.margin, w)
	h := d.y - top
	d.y, d.dry = top, dry
	return h
}

// flow draws blocks down the page, keeping a heading with what follows it.
func (d *pdfDoc) flow(blocks []Block) {
	for i, b := range blocks {
		h := d.measure(b, d.contentW())
		if _, ok := b.(*Heading); ok {
			// With the notes under it and what they introduce, or at least
			// a good part of it.
			for _, next := range blocks[i+1:] {
				h += min(d.measure(next, d.contentW()), 50)
				if _, note := next.(*Para); !note {
					break
				}
			}
		}
		if _, ok := b.(*Table); ok {
			// A table goes on over the page; it needs room for a few rows.
			h = min(h, 30)
		}
		if d.y+h > d.bottom() && d.y > d.margin+20 {
			d.newPage()
		}
		d.block(b, d.margin, d.contentW())
	}
}

func writePDF(w io.Writer, doc Doc, o Options) error {
	return writePDFFooter(w, doc, o, o.Lang.S("print.footer", "sheet", doc.Title))
}

// writePDFFooter is writePDF with another footer line.
func writePDFFooter(w io.Writer, doc Doc, o Options, footer string) error {
	_, err := renderPDF(w, doc, o, footer)
	return err
}

// renderPDF writes the PDF and says where its host notes were drawn.
func renderPDF(w io.Writer, doc Doc, o Options, footer string) ([]pageRect, error) {
	d := newPDF(o, doc.Title, footer)
	d.title(doc)
	d.flow(doc.Blocks)
	return d.hostBoxes, d.p.Output(w)
}
