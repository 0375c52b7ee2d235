package term

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Step is one question a Fake expects and how to answer it.
type Step struct {
	// Prompt is a substring the question's prompt must contain.
	Prompt string
	// Answer is read according to the question: for Select the text of
	// the option to choose, for Input the text typed, for Confirm "y",
	// "yes", "n" or "no", for Wait nothing. An empty Answer accepts the
	// question's default, as pressing Enter at once does.
	Answer string
	// Err, if set, is returned instead of an answer; ErrInterrupted plays
	// the person pressing Ctrl-C.
	Err error
}

// Fake is a scripted Prompter for tests, modelled on the prompter mock of
// cli/cli: it answers questions in the order of its steps. A question whose
// prompt does not contain the next step's Prompt, or that comes after the
// last step, is a failure: the call returns an error and the Fake records
// it. Steps never asked are a failure too, reported by Verify and Err.
// A Fake is safe for concurrent use.
type Fake struct {
	mu         sync.Mutex
	steps      []Step
	next       int
	failures   []error
	transcript strings.Builder
	stopped    bool
}

var (
	_ Prompter    = (*Fake)(nil)
	_ Interrupter = (*Fake)(nil)
)

// Interrupt plays the process being told to stop: every later question
// returns ErrInterrupted without taking a step.
func (f *Fake) Interrupt() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.stopped = true
	f.transcript.WriteString("interrupt\n")
}

// NewFake returns a Fake that expects the given steps, in order.
func NewFake(steps ...Step) *Fake {
	return &Fake{steps: slices.Clone(steps)}
}

// Select answers with the index of the option equal to the step's Answer.
func (f *Fake) Select(prompt string, options []string, def int) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fmt.Fprintf(&f.transcript, "select %q %q default %d\n", prompt, options, def)
	s, err := f.take("Select", prompt)
	if err != nil {
		return 0, err
	}
	if s.Answer == "" {
		if def < 0 || def >= len(options) {
			return 0, f.fail(fmt.Errorf("term: Select(%q): default %d is not one of %d options", prompt, def, len(options)))
		}
		f.answer(strconv.Quote(options[def]))
		return def, nil
	}
	i := slices.Index(options, s.Answer)
	if i < 0 {
		return 0, f.fail(fmt.Errorf("term: Select(%q): answer %q is not one of the options %q", prompt, s.Answer, options))
	}
	f.answer(strconv.Quote(s.Answer))
	return i, nil
}

// Input answers with the step's Answer, or def if it is empty.
func (f *Fake) Input(prompt, def string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fmt.Fprintf(&f.transcript, "input %q default %q\n", prompt, def)
	s, err := f.take("Input", prompt)
	if err != nil {
		return "", err
	}
	a := s.Answer
	if a == "" {
		a = def
	}
	f.answer(strconv.Quote(a))
	return a, nil
}

// Confirm answers yes or no as the step's Answer says, or def if it is empty.
func (f *Fake) Confirm(prompt string, def bool) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fmt.Fprintf(&f.transcript, "confirm %q default %s\n", prompt, yesNo(def))
	s, err := f.take("Confirm", prompt)
	if err != nil {
		return false, err
	}
	yes, ok := parseYesNo(s.Answer)
	if !ok {
		return false, f.fail(fmt.Errorf("term: Confirm(%q): answer %q is not y or n", prompt, s.Answer))
	}
	if strings.TrimSpace(s.Answer) == "" {
		yes = def
	}
	f.answer(yesNo(yes))
	return yes, nil
}

// Wait returns as soon as its step is matched.
func (f *Fake) Wait(prompt string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	fmt.Fprintf(&f.transcript, "wait %q\n", prompt)
	s, err := f.take("Wait", prompt)
	if err != nil {
		return err
	}
	if s.Answer != "" {
		return f.fail(fmt.Errorf("term: Wait(%q): a Wait takes no answer, got %q", prompt, s.Answer))
	}
	f.answer("Enter")
	return nil
}

// Transcript returns every question asked so far with its answer, two lines
// each: the question with its options and default, then the answer — a
// quoted string, yes or no, or Enter — or the error returned. It is meant
// for golden files.
func (f *Fake) Transcript() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.transcript.String()
}

// Err returns every failure so far — unexpected questions, answers that
// did not fit — and one for the steps never asked, or nil.
func (f *Fake) Err() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	errs := slices.Clone(f.failures)
	if rest := f.steps[f.next:]; len(rest) > 0 {
		var b strings.Builder
		fmt.Fprintf(&b, "term: %d unused answer(s):", len(rest))
		for _, s := range rest {
			fmt.Fprintf(&b, " %q→%q", s.Prompt, s.Answer)
		}
		errs = append(errs, errors.New(b.String()))
	}
	return errors.Join(errs...)
}

// TB is the part of testing.TB that Verify uses; it keeps package testing
// out of the tablemaster binary.
type TB interface {
	Helper()
	Error(args ...any)
}

// Verify fails t if Err reports anything. Call it at the end of a test,
// after the code under test has stopped asking.
func (f *Fake) Verify(t TB) {
	t.Helper()
	if err := f.Err(); err != nil {
		t.Error(err)
	}
}

// take consumes the next step if prompt matches it. f.mu is held.
func (f *Fake) take(kind, prompt string) (Step, error) {
	if f.stopped {
		f.transcript.WriteString("→ error: " + ErrInterrupted.Error() + "\n")
		return Step{}, ErrInterrupted
	}
	if f.next >= len(f.steps) {
		return Step{}, f.fail(fmt.Errorf("term: unexpected %s(%q): no steps left", kind, prompt))
	}
	s := f.steps[f.next]
	if !strings.Contains(prompt, s.Prompt) {
		// The step stays: Verify reports it as unused as well.
		return Step{}, f.fail(fmt.Errorf("term: unexpected %s(%q): want a prompt containing %q", kind, prompt, s.Prompt))
	}
	f.next++
	if s.Err != nil {
		fmt.Fprintf(&f.transcript, "→ error: %v\n", s.Err)
		return Step{}, s.Err
	}
	return s, nil
}

// fail records err and returns it. f.mu is held.
func (f *Fake) fail(err error) error {
	f.failures = append(f.failures, err)
	fmt.Fprintf(&f.transcript, "→ error: %v\n", err)
	return err
}

// answer writes an answer, already formatted, to the transcript. f.mu is
// held.
func (f *Fake) answer(a string) {
	f.transcript.WriteString("→ " + a + "\n")
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
