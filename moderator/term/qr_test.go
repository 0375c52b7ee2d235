package term

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestQR(t *testing.T) {
	// The standard library has no QR decoder, so this checks the shape: a
	// square of the four block characters, two modules to a line.
	tests := []string{
		"http://192.168.1.23:8080/s/3q2-7Xk9ZfP0aLmN4vRt8w",
		"http://10.0.0.2:80/",
		"あやつり殺人事件",
	}
	for _, text := range tests {
		t.Run(text, func(t *testing.T) {
			got, err := QR(text)
			if err != nil {
				t.Fatalf("QR(%q) = %v", text, err)
			}
			if !strings.HasSuffix(got, "\n") {
				t.Errorf("QR(%q) does not end in a newline", text)
			}
			lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
			width := utf8.RuneCountInString(lines[0])
			// 21 modules for the smallest code, plus a quiet zone of 4 on
			// each side.
			if width < 29 {
				t.Fatalf("QR(%q) is %d modules wide, want at least 29", text, width)
			}
			for i, l := range lines {
				if n := utf8.RuneCountInString(l); n != width {
					t.Errorf("QR(%q) line %d is %d wide, want %d", text, i, n, width)
				}
				for _, r := range l {
					if !strings.ContainsRune(" █▀▄", r) {
						t.Fatalf("QR(%q) line %d has %q, want only ' ', '█', '▀', '▄'", text, i, r)
					}
				}
			}
			if want := (width + 1) / 2; len(lines) != want {
				t.Errorf("QR(%q) is %d lines for %d modules, want %d (two modules a line)", text, len(lines), width, want)
			}
		})
	}
}

func TestQRTooLong(t *testing.T) {
	if _, err := QR(strings.Repeat("x", 5000)); err == nil || !strings.HasPrefix(err.Error(), "term: ") {
		t.Errorf("QR(5000 bytes) = %v, want a term: error", err)
	}
}
