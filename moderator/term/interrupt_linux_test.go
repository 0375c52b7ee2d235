package term

import (
	"errors"
	"os"
	"testing"
)

// TestPromptuiInterrupt breaks off a question waiting for a key, as SIGTERM
// does at the GM console: it must end with ErrInterrupted, put the terminal
// back as it was, and no later question may wait for a key either.
func TestPromptuiInterrupt(t *testing.T) {
	skipIfRace(t)
	p := newPTY(t)
	in, err := OpenInput(p.slave)
	if err != nil {
		t.Fatalf("OpenInput(pty) = %v", err)
	}
	defer in.Close()
	before, err := getTermios(p.slave)
	if err != nil {
		t.Fatal(err)
	}
	pr := NewPromptui(in, p.slave)

	// The reopened terminal reads keys as the original would.
	wait := ask(t, func() (string, error) { return pr.Input("Command (typed)", "") })
	p.waitFor("Command (typed)")
	p.typeKeys("status\r")
	if s, err := wait(); s != "status" || err != nil {
		t.Fatalf("Input, typing status = %q, %v, want \"status\", nil", s, err)
	}

	wait = ask(t, func() (string, error) { return pr.Input("Command (interrupted)", "") })
	p.waitFor("Command (interrupted)")
	if !Interrupt(pr) {
		t.Fatal("Interrupt(promptui prompter) = false, want true")
	}
	if s, err := wait(); !errors.Is(err, ErrInterrupted) {
		t.Fatalf("Input, interrupted = %q, %v, want ErrInterrupted", s, err)
	}
	after, err := getTermios(p.slave)
	if err != nil {
		t.Fatal(err)
	}
	if *after != *before {
		t.Errorf("after the interrupted question, termios = %+v, want %+v", *after, *before)
	}

	// Nothing is asked any more, not even a Wait.
	wait2 := ask(t, func() (struct{}, error) { return struct{}{}, pr.Wait("Press Enter (after)") })
	if _, err := wait2(); !errors.Is(err, ErrInterrupted) {
		t.Errorf("Wait after Interrupt = %v, want ErrInterrupted", err)
	}
}

func TestOpenInputNotTerminal(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "plain")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if in, err := OpenInput(f); err == nil {
		in.Close()
		t.Errorf("OpenInput(regular file) = nil error, want one")
	}
}
