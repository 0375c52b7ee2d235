package term

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// recorder stands in for *testing.T so that Verify's own failures can be
// checked.
type recorder struct{ errs []string }

func (r *recorder) Helper()           {}
func (r *recorder) Error(args ...any) { r.errs = append(r.errs, fmt.Sprint(args...)) }

func TestFakeAnswers(t *testing.T) {
	f := NewFake(
		Step{Prompt: "game", Answer: "ayatsuri"},
		Step{Prompt: "Players", Answer: "Aki,Ben"},
		Step{Prompt: "Seed", Answer: ""},
		Step{Prompt: "Start", Answer: "y"},
		Step{Prompt: "Reveal", Answer: ""},
		Step{Prompt: "Pass the laptop"},
		Step{Prompt: "Which", Answer: ""},
	)
	var p Prompter = f
	if i, err := p.Select("Which game?", []string{"noir", "ayatsuri"}, 0); i != 1 || err != nil {
		t.Errorf("Select = %d, %v, want 1, nil", i, err)
	}
	if s, err := p.Input("Players", ""); s != "Aki,Ben" || err != nil {
		t.Errorf("Input = %q, %v, want Aki,Ben, nil", s, err)
	}
	if s, err := p.Input("Seed", "42"); s != "42" || err != nil {
		t.Errorf("Input with default = %q, %v, want 42, nil", s, err)
	}
	if y, err := p.Confirm("Start?", false); !y || err != nil {
		t.Errorf("Confirm = %v, %v, want true, nil", y, err)
	}
	if y, err := p.Confirm("Reveal?", true); !y || err != nil {
		t.Errorf("Confirm with default = %v, %v, want true, nil", y, err)
	}
	if err := p.Wait("Pass the laptop to Aki"); err != nil {
		t.Errorf("Wait = %v, want nil", err)
	}
	if i, err := p.Select("Which seat?", []string{"Aki", "Ben"}, 1); i != 1 || err != nil {
		t.Errorf("Select with default = %d, %v, want 1, nil", i, err)
	}
	f.Verify(t)

	want := `select "Which game?" ["noir" "ayatsuri"] default 0
→ "ayatsuri"
input "Players" default ""
→ "Aki,Ben"
input "Seed" default "42"
→ "42"
confirm "Start?" default no
→ yes
confirm "Reveal?" default yes
→ yes
wait "Pass the laptop to Aki"
→ Enter
select "Which seat?" ["Aki" "Ben"] default 1
→ "Ben"
`
	if got := f.Transcript(); got != want {
		t.Errorf("Transcript() =\n%s\nwant\n%s", got, want)
	}
}

func TestFakeFailures(t *testing.T) {
	tests := []struct {
		name    string
		steps   []Step
		ask     func(Prompter) error
		wantErr string // in the call's error and in Err()
	}{
		{
			name:  "unexpected prompt",
			steps: []Step{{Prompt: "Start", Answer: "y"}},
			ask: func(p Prompter) error {
				_, err := p.Input("Players", "")
				return err
			},
			wantErr: `unexpected Input("Players"): want a prompt containing "Start"`,
		},
		{
			name:  "no steps left",
			steps: nil,
			ask: func(p Prompter) error {
				_, err := p.Confirm("Start?", true)
				return err
			},
			wantErr: `unexpected Confirm("Start?"): no steps left`,
		},
		{
			name:  "answer not an option",
			steps: []Step{{Prompt: "game", Answer: "chess"}},
			ask: func(p Prompter) error {
				_, err := p.Select("Which game?", []string{"noir"}, 0)
				return err
			},
			wantErr: `answer "chess" is not one of the options`,
		},
		{
			name:  "confirm answer not yes or no",
			steps: []Step{{Prompt: "Start", Answer: "maybe"}},
			ask: func(p Prompter) error {
				_, err := p.Confirm("Start?", true)
				return err
			},
			wantErr: `answer "maybe" is not y or n`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := NewFake(tt.steps...)
			err := tt.ask(f)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("call = %v, want an error containing %q", err, tt.wantErr)
			}
			if err := f.Err(); err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Err() = %v, want it to contain %q", err, tt.wantErr)
			}
			var r recorder
			f.Verify(&r)
			if len(r.errs) != 1 {
				t.Errorf("Verify reported %q, want one failure", r.errs)
			}
		})
	}
}

func TestFakeUnusedAnswer(t *testing.T) {
	f := NewFake(
		Step{Prompt: "Start", Answer: "y"},
		Step{Prompt: "Players", Answer: "Aki"},
	)
	if _, err := f.Confirm("Start?", false); err != nil {
		t.Fatalf("Confirm = %v, want nil", err)
	}
	// The answers given so far were all expected...
	if _, err := f.Input("Players", ""); err != nil {
		t.Fatalf("Input = %v, want nil", err)
	}
	if err := f.Err(); err != nil {
		t.Errorf("Err() = %v after every step was used, want nil", err)
	}

	f = NewFake(
		Step{Prompt: "Start", Answer: "y"},
		Step{Prompt: "Players", Answer: "Aki"},
	)
	if _, err := f.Confirm("Start?", false); err != nil {
		t.Fatalf("Confirm = %v, want nil", err)
	}
	// ...but here the code under test stopped asking one step early.
	err := f.Err()
	if err == nil || !strings.Contains(err.Error(), `1 unused answer(s): "Players"→"Aki"`) {
		t.Errorf("Err() = %v, want it to report the unused Players answer", err)
	}
	var r recorder
	f.Verify(&r)
	if len(r.errs) != 1 {
		t.Errorf("Verify reported %q, want one failure", r.errs)
	}
}

func TestFakeStepErr(t *testing.T) {
	f := NewFake(Step{Prompt: "Start", Err: ErrInterrupted})
	if _, err := f.Confirm("Start?", true); !errors.Is(err, ErrInterrupted) {
		t.Errorf("Confirm = %v, want ErrInterrupted", err)
	}
	// A scripted error is part of the script, not a failure.
	f.Verify(t)
	if got, want := f.Transcript(), "confirm \"Start?\" default yes\n→ error: term: interrupted\n"; got != want {
		t.Errorf("Transcript() = %q, want %q", got, want)
	}
}

func TestFakeInterrupt(t *testing.T) {
	f := NewFake(Step{Prompt: "Command", Answer: "status"}, Step{Prompt: "never asked"})
	if s, err := f.Input("Command", ""); s != "status" || err != nil {
		t.Fatalf("Input = %q, %v", s, err)
	}
	if !Interrupt(f) {
		t.Fatal("Interrupt(Fake) = false, want true")
	}
	if err := f.Wait("Press Enter"); !errors.Is(err, ErrInterrupted) {
		t.Errorf("Wait after Interrupt = %v, want ErrInterrupted", err)
	}
	if err := f.Err(); err == nil || !strings.Contains(err.Error(), "never asked") {
		t.Errorf("Err() = %v, want the step never asked", err)
	}
	want := "input \"Command\" default \"\"\n→ \"status\"\ninterrupt\nwait \"Press Enter\"\n→ error: term: interrupted\n"
	if got := f.Transcript(); got != want {
		t.Errorf("Transcript() = %q, want %q", got, want)
	}
}
