package printables

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"

	"tablemaster/engine"
)

// testCards are seven seats, so the cards take two pages on either paper;
// the links look like real ones (22-character tokens, a long LAN address).
func testCards() JoinCards {
	j := JoinCards{Game: "Noir: Killer vs Inspector", Table: "20250102-0304-abcdef"}
	names := []string{"Aki", "Ben", "Chiyoko", "Daisuke", "Emi", "ふみ", "Gen"}
	for i, n := range names {
		s := JoinSeat{Name: n, URL: fmt.Sprintf("http://192.168.100.200:54321/s/%s", strings.Repeat(string(rune('a'+i)), 11)+"-_Z9"+strings.Repeat("Q", 7))}
		if i == 0 {
			s.Role = "Killer"
		}
		j.Seats = append(j.Seats, s)
	}
	return j
}

// decodeQR reads the one QR code in an image.
func decodeQR(img image.Image) (string, error) {
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return "", err
	}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		return "", err
	}
	return res.GetText(), nil
}

// The QR code on every card, printed and scanned back (pdftoppm renders
// each page; each card is cut out and decoded), is that seat's link.
func TestJoinCardsPDFDecode(t *testing.T) {
	pdftoppm := poppler(t, "pdftoppm")
	pdftotext := poppler(t, "pdftotext")
	j := testCards()
	const dpi = 150
	for _, l := range engine.Langs {
		for _, p := range papers {
			t.Run(string(l)+"-"+p.String(), func(t *testing.T) {
				dir := t.TempDir()
				path := filepath.Join(dir, "cards.pdf")
				var b bytes.Buffer
				if err := j.PDF(&b, Options{Lang: l, Paper: p}); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, b.Bytes(), 0o600); err != nil {
					t.Fatal(err)
				}
				run(t, pdftoppm, "-r", strconv.Itoa(dpi), "-png", path, filepath.Join(dir, "page"))
				pages, boxes := joinLayout(p, len(j.Seats))
				imgs := map[int]image.Image{}
				for i, s := range j.Seats {
					img, ok := imgs[pages[i]]
					if !ok {
						img = readPNG(t, dir, pages[i]+1)
						imgs[pages[i]] = img
					}
					mm := func(v float64) int { return int(v / 25.4 * dpi) }
					q := qrBox(boxes[i])
					card := crop(img, image.Rect(mm(q.X), mm(q.Y), mm(q.X+q.W), mm(q.Y+q.H)))
					got, err := decodeQR(card)
					if err != nil || got != s.URL {
						t.Errorf("card %d (%s): QR code reads %q, %v; want %s", i+1, s.Name, got, err, s.URL)
					}
				}
				text := squash(string(run(t, pdftotext, "-enc", "UTF-8", path, "-")))
				for _, s := range j.Seats {
					for _, want := range []string{s.Name, s.URL} {
						if !strings.Contains(text, squash(want)) {
							t.Errorf("pdftotext does not find %q", want)
						}
					}
				}
				if !strings.Contains(text, squash(l.S("print.join.warning"))) {
					t.Errorf("the warning that each card is private is missing")
				}
				checkInside(t, run(t, pdftotext, "-bbox", path, "-"), 2)
			})
		}
	}
}

func readPNG(t *testing.T, dir string, page int) image.Image {
	t.Helper()
	// pdftoppm numbers pages page-1.png or page-01.png depending on the count.
	matches, _ := filepath.Glob(filepath.Join(dir, fmt.Sprintf("page-*%d.png", page)))
	for _, m := range matches {
		if regexp.MustCompile(`page-0*` + strconv.Itoa(page) + `\.png$`).MatchString(m) {
			f, err := os.Open(m)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			img, err := png.Decode(f)
			if err != nil {
				t.Fatal(err)
			}
			return img
		}
	}
	t.Fatalf("pdftoppm wrote no page %d in %s", page, dir)
	return nil
}

func crop(img image.Image, r image.Rectangle) image.Image {
	out := image.NewGray(image.Rect(0, 0, r.Dx(), r.Dy()))
	draw.Draw(out, out.Bounds(), img, r.Min, draw.Src)
	return out
}

// svgRun is one run of dark modules in the HTML card's SVG path.
var svgRun = regexp.MustCompile(`M(\d+) (\d+)h(\d+)v1h-\d+z`)

// The HTML cards carry each seat's link as text and as an SVG QR code
// that, drawn again from its path, scans back to the link.
func TestJoinCardsHTML(t *testing.T) {
	j := testCards()
	for _, l := range engine.Langs {
		var b bytes.Buffer
		if err := j.HTML(&b, Options{Lang: l}); err != nil {
			t.Fatal(err)
		}
		page := b.String()
		golden(t, "join-"+string(l)+".html", b.Bytes())
		selfContained(t, page)
		svgs := regexp.MustCompile(`<svg[^>]*viewBox="0 0 (\d+) \d+"[^>]*><path d="([^"]*)"/></svg>`).FindAllStringSubmatch(page, -1)
		if len(svgs) != len(j.Seats) {
			t.Fatalf("%s: %d QR codes, want %d", l, len(svgs), len(j.Seats))
		}
		for i, s := range j.Seats {
			if !strings.Contains(page, s.URL) {
				t.Errorf("%s: the link of %s is not on the page", l, s.Name)
			}
			n, _ := strconv.Atoi(svgs[i][1])
			const scale = 6
			img := image.NewGray(image.Rect(0, 0, n*scale, n*scale))
			draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
			for _, m := range svgRun.FindAllStringSubmatch(svgs[i][2], -1) {
				x, _ := strconv.Atoi(m[1])
				y, _ := strconv.Atoi(m[2])
				w, _ := strconv.Atoi(m[3])
				draw.Draw(img, image.Rect(x*scale, y*scale, (x+w)*scale, (y+1)*scale), image.Black, image.Point{}, draw.Src)
			}
			if got, err := decodeQR(img); err != nil || got != s.URL {
				t.Errorf("%s: card %d QR code reads %q, %v; want %s", l, i+1, got, err, s.URL)
			}
		}
		if !strings.Contains(page, "Aki") || (l == engine.JA && !strings.Contains(page, "Aki（Killer）")) {
			t.Errorf("%s: the first card does not name Aki with the role", l)
		}
	}
}

func TestJoinFileName(t *testing.T) {
	if got := testCards().FileName(engine.JA, PDF); got != "join-20250102-0304-abcdef-ja.pdf" {
		t.Errorf("FileName = %q", got)
	}
}
