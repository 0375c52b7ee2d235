package term

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// These tests drive the real promptui through a real terminal, the way
// a person at the GM console would, to show the library works with our
// settings and without a human.

func TestPromptuiSelect(t *testing.T) {
	skipIfRace(t)
	p := newPTY(t)
	pr := NewPromptui(p.slave, p.slave)
	options := []string{"noir", "ayatsuri", "superrock", "outlaws"}

	// Each question has a prompt of its own, so that waitFor cannot match
	// what the previous one left on the screen and type too early, before
	// the terminal is in raw mode.
	wait := ask(t, func() (int, error) { return pr.Select("Which game (arrows)", options, 1) })
	p.waitFor("Which game (arrows)")
	p.waitFor("outlaws")
	p.typeKeys("\x1b[B") // down arrow
	p.typeKeys("\x1b[B")
	p.typeKeys("\x1b[A") // up arrow
	p.typeKeys("\r")
	if i, err := wait(); i != 2 || err != nil {
		t.Errorf("Select after down, down, up, Enter = %d, %v, want 2, nil", i, err)
	}
	// promptui shows the cursor again as the last thing it draws.
	if out := p.waitFor(showCursor); strings.Contains(out, "\a") {
		t.Errorf("the arrow keys rang the bell: %q", out)
	}

	wait = ask(t, func() (int, error) { return pr.Select("Which game (default)", options, 3) })
	p.waitFor("Which game (default)")
	p.waitFor("outlaws")
	p.typeKeys("\r")
	if i, err := wait(); i != 3 || err != nil {
		t.Errorf("Select, Enter with default 3 = %d, %v, want 3, nil", i, err)
	}

	wait = ask(t, func() (int, error) { return pr.Select("Which game (ctrl-c)", options, 0) })
	p.waitFor("Which game (ctrl-c)")
	p.waitFor("outlaws")
	p.typeKeys("\x03") // Ctrl-C
	if _, err := wait(); !errors.Is(err, ErrInterrupted) {
		t.Errorf("Select, Ctrl-C = %v, want ErrInterrupted", err)
	}
}

func TestPromptuiInput(t *testing.T) {
	skipIfRace(t)
	p := newPTY(t)
	pr := NewPromptui(p.slave, p.slave)
	tests := []struct {
		name, def, keys, want string
		wantErr               error
	}{
		{"typed", "", "Aki\r", "Aki", nil},
		{"default", "Aki,Ben", "\r", "Aki,Ben", nil},
		{"default edited", "Aki,Ben", "\x7f\x7f\x7fCy\r", "Aki,Cy", nil},
		{"japanese", "", "アキ\r", "アキ", nil},
		{"ctrl-c", "Aki", "\x03", "", ErrInterrupted},
		{"ctrl-d", "", "\x04", "", ErrInterrupted},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// A prompt of its own, so that waitFor cannot match what the
			// previous question left on the screen and type too early,
			// before the terminal is in raw mode.
			prompt := "Players (" + tt.name + ")"
			wait := ask(t, func() (string, error) { return pr.Input(prompt, tt.def) })
			p.waitFor(prompt)
			p.typeKeys(tt.keys)
			if s, err := wait(); s != tt.want || !errors.Is(err, tt.wantErr) {
				t.Errorf("Input(%q) typing %q = %q, %v, want %q, %v", tt.def, tt.keys, s, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestPromptuiConfirm(t *testing.T) {
	skipIfRace(t)
	p := newPTY(t)
	pr := NewPromptui(p.slave, p.slave)
	tests := []struct {
		name    string
		def     bool
		keys    string
		want    bool
		wantErr error
	}{
		{"y", false, "y\r", true, nil},
		{"yes", false, "yes\r", true, nil},
		{"n", true, "n\r", false, nil},
		{"default yes", true, "\r", true, nil},
		{"default no", false, "\r", false, nil},
		{"typo asks again", false, "t\r\x7fy\r", true, nil},
		{"ctrl-c", true, "\x03", false, ErrInterrupted},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prompt := "Start the game (" + tt.name + ")"
			wait := ask(t, func() (bool, error) { return pr.Confirm(prompt, tt.def) })
			p.waitFor(prompt)
			p.typeKeys(tt.keys)
			if y, err := wait(); y != tt.want || !errors.Is(err, tt.wantErr) {
				t.Errorf("Confirm(%v) typing %q = %v, %v, want %v, %v", tt.def, tt.keys, y, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestPromptuiWait(t *testing.T) {
	skipIfRace(t)
	p := newPTY(t)
	pr := NewPromptui(p.slave, p.slave)

	wait := ask(t, func() (struct{}, error) { return struct{}{}, pr.Wait("Pass the laptop to Aki") })
	p.waitFor("Pass the laptop to Aki")
	p.typeKeys("\r")
	if _, err := wait(); err != nil {
		t.Errorf("Wait, Enter = %v, want nil", err)
	}

	wait = ask(t, func() (struct{}, error) { return struct{}{}, pr.Wait("Pass the laptop to Ben") })
	p.waitFor("Pass the laptop to Ben")
	p.typeKeys("\x03")
	if _, err := wait(); !errors.Is(err, ErrInterrupted) {
		t.Errorf("Wait, Ctrl-C = %v, want ErrInterrupted", err)
	}
}

// showCursor is the escape sequence promptui ends every question with.
const showCursor = "\x1b[?25h"

// ask runs one question in the background and returns a function that waits
// for its result.
func ask[T any](t *testing.T, q func() (T, error)) func() (T, error) {
	type result struct {
		v   T
		err error
	}
	ch := make(chan result, 1)
	go func() {
		v, err := q()
		ch <- result{v, err}
	}()
	return func() (T, error) {
		t.Helper()
		select {
		case r := <-ch:
			return r.v, r.err
		case <-time.After(10 * time.Second):
			t.Fatal("the question did not return")
			panic("unreachable")
		}
	}
}
