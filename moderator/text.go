package moderator

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"tablemaster/engine"
)

// TextView renders a snapshot for a terminal: the same public information
// as the table screen (or, for pass-and-play, one seat's private screen).
func TextView(t *Table, snap Snapshot, l engine.Lang) string {
	var b strings.Builder
	t.face.Text(&b, &snap, l)
	if t.face.Role(0) == "" {
		return b.String() // secret roles: the game's view lists the players
	}
	for i, name := range snap.Seats {
		role := ""
		if k := t.face.Role(engine.Seat(i)); k != "" {
			role = " (" + l.S(k) + ")"
		}
		fmt.Fprintf(&b, "  %s%s", name, role)
	}
	b.WriteString("\n")
	return b.String()
}

// VisibleText shows every character of s that could not be seen or that
// acts on the text around it — control characters (a line break too),
// format characters such as zero-width spaces and bidi controls, variation
// selectors — as an escape (\x1b, \n, \u200b), so that a message
// quoting a refused name shows what is wrong with it.
func VisibleText(s string) string {
	return escapeText(s, func(r rune) bool {
		return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || invisible(r)
	})
}

// TerminalSafe makes text fit to print on a terminal: every control
// character but the line feed and the tab (ESC above all, which starts the
// terminal's escape sequences, and CR and BS, which overwrite what is
// shown), the line and paragraph separators and the bidi controls (which
// reorder a line as shown) become visible escapes. Invalid UTF-8 bytes too.
// Names are checked when a table is created (CheckNames), but a log
// written before that, or edited by hand, can hold anything.
func TerminalSafe(s string) string { return escapeText(s, terminalUnsafe) }

func terminalUnsafe(r rune) bool {
	if r == '\n' || r == '\t' {
		return false
	}
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Bidi_Control, r)
}

func escapeText(s string, bad func(rune) bool) string {
	i := strings.IndexFunc(s, bad)
	if i < 0 && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, "\\x%02x", s[0])
		case bad(r):
			q := strconv.QuoteRuneToASCII(r) // '\x1b', '\n', '\u200b'
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[:n])
		}
		s = s[n:]
	}
	return b.String()
}

// TerminalWriter returns a writer that passes what is written to w through
// TerminalSafe, except the console's own screen-clearing sequence, written
// on its own. Every command of tablemaster prints through one, so no name,
// log line or typed text reaches the terminal as a control sequence.
func TerminalWriter(w io.Writer) io.Writer {
	if _, ok := w.(terminalWriter); ok {
		return w
	}
	return terminalWriter{w}
}

type terminalWriter struct{ w io.Writer }

func (t terminalWriter) Write(p []byte) (int, error) {
	if string(p) == clearScreen || !bytes.ContainsFunc(p, terminalUnsafe) && utf8.Valid(p) {
		return t.w.Write(p)
	}
	if _, err := io.WriteString(t.w, TerminalSafe(string(p))); err != nil {
		return 0, err
	}
	return len(p), nil
}
