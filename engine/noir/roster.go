package noir

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A roster names the 25 suspects of a boxed edition (NA-1), one name a
// line in layout order: the first name lies in A1 when the layout is
// ordered, the sixth in A2. Blank lines and lines starting with # are
// skipped, so a roster file can carry a title or notes.

// RosterNameMax is the longest name a roster may give, in characters: a
// phone shows five names side by side.
const RosterNameMax = 16

// ParseRoster reads a roster file. Each mistake is told with its line
// number, so a host can find it in the file at once.
func ParseRoster(r io.Reader) ([]string, error) {
	var names []string
	var lines []int
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
		s := strings.TrimSpace(sc.Text())
		if n == 1 {
			s = strings.TrimPrefix(s, "\ufeff") // a byte order mark from a spreadsheet
		}
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		names = append(names, s)
		lines = append(lines, n)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("roster: %w", err)
	}
	if err := checkRoster(names, lines); err != nil {
		return nil, err
	}
	return names, nil
}

// CheckRoster checks a roster already read (a stored table's options).
func CheckRoster(names []string) error {
	lines := make([]int, len(names))
	for i := range lines {
		lines[i] = i + 1
	}
	return checkRoster(names, lines)
}

func checkRoster(names []string, lines []int) error {
	seen := map[string]int{}
	for i, s := range names {
		at := func(format string, a ...any) error {
			return fmt.Errorf("roster line %d: "+format, append([]any{lines[i]}, a...)...)
		}
		if i == NumSuspects {
			return at("%q is name %d; a roster names exactly %d suspects", s, i+1, NumSuspects)
		}
		switch {
		case !utf8.ValidString(s):
			return at("the line is not UTF-8 text; save the file as UTF-8")
		case strings.IndexFunc(s, unicode.IsControl) >= 0:
			return at("%q holds a control character (a tab?)", s)
		case strings.HasPrefix(s, "@"):
			return at("%q: a name may not start with @", s)
		case utf8.RuneCountInString(s) > RosterNameMax:
			return at("%q is longer than %d characters", s, RosterNameMax)
		case isCellName(s):
			return at("%q reads as a cell of the grid; give the suspect another name", s)
		}
		key := strings.ToLower(s)
		if first, ok := seen[key]; ok {
			return at("%q is already the name on line %d", s, first)
		}
		seen[key] = lines[i]
	}
	if len(names) < NumSuspects {
		last := "the file has none"
		if len(names) > 0 {
			last = fmt.Sprintf("the last is on line %d", lines[len(names)-1])
		}
		return fmt.Errorf("roster: %d names, want %d (%s)", len(names), NumSuspects, last)
	}
	return nil
}

// isCellName reports whether s names a cell of a grid, "B3" or "b3": such
// a name could not be told from the cell in an action.
func isCellName(s string) bool {
	return len(s) >= 2 && len(s) <= 3 && unicode.IsLetter(rune(s[0])) && s[0] < utf8.RuneSelf &&
		strings.Trim(s[1:], "0123456789") == ""
}
