package moderator

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Command is one line of the console's command language, which is also
// the language of scripts (--script FILE):
//
//	# a comment; blank lines are ignored
//	Aki: kill B3        an action, as the seat named Aki (or "killer:")
//	shift row 2 left    an action without a seat: the seat to move; only
//	                    public actions (shifts) can be given this way
//	Aki: undo           Aki asks to undo her last action
//	Ben: agree          Ben agrees to the waiting undo (or "Ben: refuse")
//	undo                the game master asks to undo the last action
//	status | links | relink Aki | help | quit
type Command struct {
	Line int    // 1-based line number in the script
	Seat string // the seat named before ":", or ""
	Verb string // help status links relink undo agree refuse quit print, or "act"
	Arg  string // the rest: the action text, or relink's seat
}

// consoleVerbs are words that are commands rather than game actions.
var consoleVerbs = map[string]bool{
	"help": true, "status": true, "links": true, "relink": true, "undo": true,
	"agree": true, "refuse": true, "quit": true, "exit": true, "print": true,
}

// maxLine bounds a command line; anything longer is a mistake.
const maxLine = 200

// ParseLine reads one line. ok is false for a blank line or a comment.
func ParseLine(line string) (cmd Command, ok bool, err error) {
	if !utf8.ValidString(line) {
		return cmd, false, fmt.Errorf("the line is not valid UTF-8 text")
	}
	if len(line) > maxLine {
		return cmd, false, fmt.Errorf("the line is longer than %d bytes", maxLine)
	}
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	line = strings.TrimSpace(line)
	if line == "" {
		return cmd, false, nil
	}
	// "Aki: kill B3" — a seat is a name before the first colon. Names may
	// hold spaces but no colon.
	if i := strings.IndexByte(line, ':'); i >= 0 {
		cmd.Seat = strings.TrimSpace(line[:i])
		line = strings.TrimSpace(line[i+1:])
		if cmd.Seat == "" {
			return cmd, false, fmt.Errorf("nothing before “:”: write a player's name, as in “Aki: kill B3”")
		}
		if line == "" {
			return cmd, false, fmt.Errorf("nothing after “%s:”: write an action, as in “%s: kill B3”", cmd.Seat, cmd.Seat)
		}
	}
	f := strings.Fields(line)
	verb := strings.ToLower(f[0])
	if consoleVerbs[verb] {
		cmd.Verb = verb
		if verb == "exit" {
			cmd.Verb = "quit"
		}
		cmd.Arg = strings.Join(f[1:], " ")
		if cmd.Seat != "" && verb != "undo" && verb != "agree" && verb != "refuse" {
			return cmd, false, fmt.Errorf("“%s” is a console command; it takes no player name", verb)
		}
		if (verb == "undo" || verb == "agree" || verb == "refuse") && cmd.Arg != "" {
			return cmd, false, fmt.Errorf("“%s” takes nothing after it", verb)
		}
		if verb == "relink" && cmd.Arg == "" {
			return cmd, false, fmt.Errorf("relink needs a player's name, as in “relink Aki”")
		}
		return cmd, true, nil
	}
	cmd.Verb = "act"
	cmd.Arg = strings.Join(f, " ")
	return cmd, true, nil
}

// ParseScript reads a whole script. It stops at the first line it cannot
// read and names it; nothing is run before the whole script is read.
func ParseScript(r io.Reader) ([]Command, error) {
	var out []Command
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), 64*1024)
	n := 0
	for sc.Scan() {
		n++
		cmd, ok, err := ParseLine(sc.Text())
		if err != nil {
			return out, fmt.Errorf("line %d: %w", n, err)
		}
		if ok {
			cmd.Line = n
			out = append(out, cmd)
		}
	}
	if err := sc.Err(); err != nil {
		return out, fmt.Errorf("line %d: %w", n+1, err)
	}
	return out, nil
}

// String writes the command back in the language it was read from.
func (c Command) String() string {
	var b strings.Builder
	if c.Seat != "" {
		b.WriteString(c.Seat)
		b.WriteString(": ")
	}
	if c.Verb == "act" {
		b.WriteString(c.Arg)
	} else {
		b.WriteString(c.Verb)
		if c.Arg != "" {
			b.WriteString(" ")
			b.WriteString(c.Arg)
		}
	}
	return b.String()
}
