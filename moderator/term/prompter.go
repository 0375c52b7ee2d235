package term

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/manifoldco/promptui"
)

// ErrInterrupted is returned by a Prompter when the person pressed Ctrl-C or
// the input ended (Ctrl-D, a closed pipe). Callers treat it as "stop asking",
// not as a failure worth a stack of error text.
var ErrInterrupted = errors.New("term: interrupted")

// Prompter asks the person at the GM console one question at a time. It is
// the only way the rest of tablemaster reads from a person at the terminal, so
// that a test can replace it with a Fake.
type Prompter interface {
	// Select offers options and returns the index of the one chosen;
	// def is the index highlighted at the start.
	Select(prompt string, options []string, def int) (int, error)
	// Input reads one line of text; pressing Enter at once accepts def.
	Input(prompt, def string) (string, error)
	// Confirm asks a yes/no question; pressing Enter at once accepts def.
	Confirm(prompt string, def bool) (bool, error)
	// Wait shows prompt and returns when Enter is pressed, as in
	// "Pass the laptop to Aki, then press Enter".
	Wait(prompt string) error
}

// Interrupter is a Prompter whose questions can be broken off from another
// goroutine: when the process is told to stop (SIGTERM) while a question
// waits for a key, the question must end, or the process never does.
type Interrupter interface {
	// Interrupt ends the question being asked, if any, and every later
	// one at once, with ErrInterrupted, as Ctrl-C would. The terminal is
	// left as the question found it. It may be called more than once.
	Interrupt()
}

// Interrupt interrupts p if it is an Interrupter, and reports whether it is.
func Interrupt(p Prompter) bool {
	i, ok := p.(Interrupter)
	if ok {
		i.Interrupt()
	}
	return ok
}

// NewPromptui returns a Prompter that draws its questions with
// github.com/manifoldco/promptui, reading keys from in and drawing on out.
// When in is a terminal it is put in raw mode for the length of each
// question, so arrow keys and Ctrl-C arrive as keys.
//
// promptui v0.9.0 has a data race of its own (manifoldco/promptui#148,
// #210; the fixes were never merged): on Enter, readline hands the key both
// to promptui's listener and back to Run, and both redraw the prompt. The
// worst seen is a prompt drawn twice; the writes to out are at least kept
// whole and in one sequence here, so out need not be safe for concurrent
// use.
//
// Interrupt can break off a question only if in has read deadlines: a
// file Go polls, such as one from OpenInput or os.OpenFile. os.Stdin is in
// blocking mode, where a read waits for a key whatever happens.
func NewPromptui(in io.Reader, out io.Writer) Prompter {
	return &promptuiPrompter{in: in, out: &bellFilter{w: out}}
}

type promptuiPrompter struct {
	in  io.Reader
	out *bellFilter
	// stopped is set by Interrupt: no question is asked any more.
	stopped atomic.Bool
}

var _ Interrupter = (*promptuiPrompter)(nil)

// Interrupt sets a read deadline in the past on in, so the read a question
// waits in fails at once (readline takes it as the end of input), and so
// does every later one.
func (p *promptuiPrompter) Interrupt() {
	p.stopped.Store(true)
	if d, ok := p.in.(interface{ SetReadDeadline(time.Time) error }); ok {
		// An error means in cannot have deadlines; the question then
		// ends with the next key, and no later one is asked.
		d.SetReadDeadline(time.Now())
	}
}

// The size of the Select list before it scrolls; the longest lists are seat
// names, and a table has at most about ten.
const selectSize = 10

func (p *promptuiPrompter) Select(prompt string, options []string, def int) (int, error) {
	if p.stopped.Load() {
		return 0, ErrInterrupted
	}
	if len(options) == 0 {
		return 0, fmt.Errorf("term: Select(%q) has no options", prompt)
	}
	def = max(0, min(def, len(options)-1))
	size := min(len(options), selectSize)
	s := promptui.Select{
		Label:  prompt,
		Items:  options,
		Size:   size,
		Stdin:  p.stdin(),
		Stdout: p.stdout(),
	}
	defer p.raw()()
	// Scroll just far enough that def is on screen.
	i, _, err := s.RunCursorAt(def, max(0, def-size+1))
	if err != nil {
		return 0, mapErr(err)
	}
	return i, nil
}

func (p *promptuiPrompter) Input(prompt, def string) (string, error) {
	if p.stopped.Load() {
		return "", ErrInterrupted
	}
	q := promptui.Prompt{
		Label:   prompt,
		Default: def,
		// Without AllowEdit the first key pressed wipes the default, so a
		// name could not be corrected by one letter.
		AllowEdit: true,
		Stdin:     p.stdin(),
		Stdout:    p.stdout(),
	}
	defer p.raw()()
	s, err := q.Run()
	if err != nil {
		return "", mapErr(err)
	}
	return s, nil
}

func (p *promptuiPrompter) Confirm(prompt string, def bool) (bool, error) {
	if p.stopped.Load() {
		return false, ErrInterrupted
	}
	d := "n"
	if def {
		d = "y"
	}
	q := promptui.Prompt{
		Label:     prompt,
		Default:   d,
		IsConfirm: true,
		// promptui alone takes anything but "y" as no, so a typo such as
		// "yes" or "t" would silently answer no; ask again instead.
		Validate: func(s string) error {
			if _, ok := parseYesNo(s); !ok {
				return errors.New("answer y or n")
			}
			return nil
		},
		Stdin:  p.stdin(),
		Stdout: p.stdout(),
	}
	defer p.raw()()
	s, err := q.Run()
	// promptui reports "no" as ErrAbort; the answer itself is in s.
	if err != nil && !errors.Is(err, promptui.ErrAbort) {
		return false, mapErr(err)
	}
	yes, _ := parseYesNo(s)
	if strings.TrimSpace(s) == "" {
		yes = def
	}
	return yes, nil
}

func (p *promptuiPrompter) Wait(prompt string) error {
	if p.stopped.Load() {
		return ErrInterrupted
	}
	plain := "{{ . }} "
	q := promptui.Prompt{
		Label: prompt,
		// Not a question: no "?" icon, no colon, nothing to validate.
		Templates: &promptui.PromptTemplates{
			Prompt:  plain,
			Valid:   plain,
			Invalid: plain,
			Success: plain,
		},
		Stdin:  p.stdin(),
		Stdout: p.stdout(),
	}
	defer p.raw()()
	_, err := q.Run()
	return mapErr(err)
}

// raw puts in into raw mode if it is a terminal and returns the function
// that restores it. readline, under promptui, only ever switches file
// descriptor 0; doing it here as well makes any terminal work as in, such as
// the pty slave in this package's tests.
func (p *promptuiPrompter) raw() (restore func()) {
	f, ok := p.in.(*os.File)
	if !ok {
		return func() {}
	}
	return makeRaw(f)
}

// stdin hides in's Close from promptui: it closes its own wrappers only, but
// os.Stdin must stay open for the next question whatever it does.
func (p *promptuiPrompter) stdin() io.ReadCloser {
	return io.NopCloser(p.in)
}

func (p *promptuiPrompter) stdout() io.WriteCloser {
	return p.out
}

func mapErr(err error) error {
	if errors.Is(err, promptui.ErrInterrupt) || errors.Is(err, promptui.ErrEOF) || errors.Is(err, io.EOF) ||
		errors.Is(err, os.ErrDeadlineExceeded) {
		return ErrInterrupted
	}
	return err
}

// parseYesNo reads a Confirm answer; ok is false for anything it cannot
// take as yes or no. An empty answer is ok and means the default.
func parseYesNo(s string) (yes, ok bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "":
		return false, true
	case "y", "yes":
		return true, true
	case "n", "no":
		return false, true
	}
	return false, false
}

// bellFilter drops the BEL byte on its way to the terminal. readline, under
// promptui, rings the bell whenever an arrow key has no history to move
// through — that is, on every arrow key in a Select — and a beeping laptop
// in the middle of the table gives away that someone is choosing. promptui
// never writes an OSC sequence, the one place a BEL would mean something
// else, so every BEL can go. It also serialises writes, which readline
// makes from two goroutines.
type bellFilter struct {
	mu sync.Mutex
	w  io.Writer
}

func (b *bellFilter) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if bytes.IndexByte(p, '\a') < 0 {
		return b.w.Write(p)
	}
	q := bytes.ReplaceAll(p, []byte{'\a'}, nil)
	n, err := b.w.Write(q)
	if err != nil {
		// Which of the caller's bytes got through is unknowable once some
		// were dropped; report none rather than too many.
		return 0, err
	}
	if n < len(q) {
		return 0, io.ErrShortWrite
	}
	return len(p), nil
}

// Close does nothing: the stream belongs to whoever made the Prompter.
func (b *bellFilter) Close() error { return nil }
