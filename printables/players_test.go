package printables

import (
	"bytes"
	"encoding/xml"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"tablemaster/engine"
)

// A sheet on the table speaks to the players: a command-line flag ("--")
// is printed only inside its "For the host" box. pdftotext reads every
// word of every printed sheet, night sheet and join card, in both
// languages and on both papers, with its place on the page; a word with
// "--" outside the boxes the PDF drew as host notes fails. The HTML
// versions are read the same way, outside <aside class="host">.
func TestSheetsSpeakToPlayers(t *testing.T) {
	pdftotext := poppler(t, "pdftotext")
	dir := t.TempDir()
	type printed struct {
		name string
		pdf  func(o Options) ([]byte, []pageRect, error)
		html func(o Options) ([]byte, error)
	}
	var all []printed
	for _, name := range Names() {
		s, _ := Lookup(name)
		all = append(all, printed{name,
			func(o Options) ([]byte, []pageRect, error) {
				var b bytes.Buffer
				boxes, err := renderPDF(&b, s.Build(o.Lang), o, o.Lang.S("print.footer", "sheet", s.Build(o.Lang).Title))
				return b.Bytes(), boxes, err
			},
			func(o Options) ([]byte, error) { var b bytes.Buffer; err := s.HTML(&b, o); return b.Bytes(), err },
		})
	}
	n := testNight(t)
	all = append(all, printed{"night",
		func(o Options) ([]byte, []pageRect, error) {
			var b bytes.Buffer
			err := n.PDF(&b, o)
			return b.Bytes(), nil, err
		},
		func(o Options) ([]byte, error) { var b bytes.Buffer; err := n.HTML(&b, o); return b.Bytes(), err },
	})
	j := testCards()
	all = append(all, printed{"join",
		func(o Options) ([]byte, []pageRect, error) {
			var b bytes.Buffer
			err := j.PDF(&b, o)
			return b.Bytes(), nil, err
		},
		func(o Options) ([]byte, error) { var b bytes.Buffer; err := j.HTML(&b, o); return b.Bytes(), err },
	})

	inBoxes := 0 // flags found inside a host box: the test reads them at all
	for _, p := range all {
		for _, l := range engine.Langs {
			for _, paper := range papers {
				t.Run(p.name+"-"+string(l)+"-"+paper.String(), func(t *testing.T) {
					o := Options{Lang: l, Paper: paper}
					data, boxes, err := p.pdf(o)
					if err != nil {
						t.Fatal(err)
					}
					path := filepath.Join(dir, p.name+"-"+string(l)+"-"+paper.String()+".pdf")
					if err := os.WriteFile(path, data, 0o600); err != nil {
						t.Fatal(err)
					}
					var d bboxDoc
					if err := xml.Unmarshal(run(t, pdftotext, "-bbox", path, "-"), &d); err != nil {
						t.Fatalf("pdftotext -bbox: %v", err)
					}
					for i, pg := range d.Pages {
						for _, w := range pg.Words {
							if !strings.Contains(w.Text, "--") {
								continue
							}
							if inside(boxes, i+1, w.XMin, w.YMin, w.XMax, w.YMax) {
								inBoxes++
								continue
							}
							t.Errorf("page %d: %q at (%.0f,%.0f) pt is a command-line flag outside the host box", i+1, w.Text, w.XMin, w.YMin)
						}
					}

					h, err := p.html(o)
					if err != nil {
						t.Fatal(err)
					}
					if text := htmlPlayersText(string(h)); strings.Contains(text, "--") {
						i := strings.Index(text, "--")
						t.Errorf("HTML: a command-line flag outside the host box: …%s…", text[max(0, i-60):min(len(text), i+30)])
					}
				})
			}
		}
	}
	if inBoxes == 0 {
		t.Errorf("no flag found inside any host box: the boxes or the reading are broken")
	}
}

// inside reports whether a word's box (points) lies within one of the
// host boxes (millimetres) drawn on page.
func inside(boxes []pageRect, page int, x0, y0, x1, y1 float64) bool {
	const slack = 0.5 // pt: pdftotext's glyph boxes overhang a little
	for _, b := range boxes {
		if b.page != page {
			continue
		}
		bx0, by0 := b.X/ptMM, b.Y/ptMM
		bx1, by1 := (b.X+b.W)/ptMM, (b.Y+b.H)/ptMM
		if x0 >= bx0-slack && y0 >= by0-slack && x1 <= bx1+slack && y1 <= by1+slack {
			return true
		}
	}
	return false
}

var (
	htmlStyle = regexp.MustCompile(`(?s)<style>.*?</style>`)
	htmlHost  = regexp.MustCompile(`(?s)<aside class="host">.*?</aside>`)
	htmlTag   = regexp.MustCompile(`(?s)<[^>]*>`)
)

// htmlPlayersText is the text a page shows outside its host notes.
func htmlPlayersText(page string) string {
	page = htmlStyle.ReplaceAllString(page, "")
	page = htmlHost.ReplaceAllString(page, "")
	return html.UnescapeString(htmlTag.ReplaceAllString(page, " "))
}
