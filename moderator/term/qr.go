package term

import (
	"fmt"

	"github.com/skip2/go-qrcode"
)

// QR draws text as a QR code in block characters, two modules to a line so
// that it stays square in a terminal, for a phone to scan a seat link off
// the GM console. Medium error correction (15%) tolerates some glare on
// the screen while keeping the code small.
func QR(text string) (string, error) {
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return "", fmt.Errorf("term: QR code for %q: %w", text, err)
	}
	// false draws dark modules as spaces and light ones (the quiet zone
	// included) as blocks in the text colour, which is right on the usual
	// dark terminal. true (inverted) suits only a light background: on a
	// dark terminal it looks like a QR code but does not decode.
	return q.ToSmallString(false), nil
}

// QRPNG draws text as a QR code in a PNG image of about size pixels, for
// a page (the TV's join codes) to show as a data: URL.
func QRPNG(text string, size int) ([]byte, error) {
	png, err := qrcode.Encode(text, qrcode.Medium, size)
	if err != nil {
		return nil, fmt.Errorf("term: QR code for %q: %w", text, err)
	}
	return png, nil
}
