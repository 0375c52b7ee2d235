package moderator

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/noir"
	"tablemaster/moderator/term"
)

// screenPrompter is a Fake that also writes each Wait into the console's
// output, so the transcript shows what was on the screen when the GM was
// asked to press Enter.
type screenPrompter struct {
	*term.Fake
	out *bytes.Buffer
}

func (p screenPrompter) Wait(prompt string) error {
	fmt.Fprintf(p.out, "[%s ⏎]\n", prompt)
	return p.Fake.Wait(prompt)
}

// TestSeatCodesHidden checks that every secret QR code the console draws
// is wiped off the laptop screen once its owner pressed Enter: links did
// it, relink left the new code in view. An interrupted wait (Ctrl-C,
// SIGTERM) wipes it too. Transcripts in testdata/console/codes-*.txt.
func TestSeatCodesHidden(t *testing.T) {
	tests := []struct {
		name  string
		cmd   Command
		steps []term.Step
		err   error
		shown []int // seats whose code is drawn
	}{
		{"relink", Command{Verb: "relink", Arg: "Aki"}, []term.Step{
			{Prompt: "Only Aki (Killer) looks now"},
			{Prompt: "Scanned? Press Enter to hide it."},
		}, nil, []int{0}},
		{"relink-interrupted", Command{Verb: "relink", Arg: "Ben"}, []term.Step{
			{Prompt: "Only Ben (Inspector) looks now"},
			{Prompt: "Scanned? Press Enter to hide it.", Err: term.ErrInterrupted},
		}, term.ErrInterrupted, []int{1}},
		{"links", Command{Verb: "links"}, []term.Step{
			{Prompt: "show the code of Ben"},
			{Prompt: "Scanned? Press Enter to hide it."},
		}, nil, []int{0, 1}},
		{"links-interrupted", Command{Verb: "links"}, []term.Step{
			{Prompt: "show the code of Ben", Err: term.ErrInterrupted},
		}, term.ErrInterrupted, []int{0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, tb := newTestTable(t, noir.Config{}, 42)
			var out bytes.Buffer
			fake := term.NewFake(tt.steps...)
			c := &Console{T: tb, Out: &out, Lang: engine.EN, BaseURL: "http://127.0.0.1:8080",
				Prompter: screenPrompter{fake, &out},
				QR:       func(u string) (string, error) { return "[QR code of " + u + "]\n", nil }}
			if err := c.Exec(tt.cmd, false); !errors.Is(err, tt.err) {
				t.Fatalf("Exec(%v) = %v, want %v", tt.cmd, err, tt.err)
			}
			fake.Verify(t)
			h := tb.Header()
			s := out.String()
			// What stays on the screen: everything after the last wipe.
			i := strings.LastIndex(s, clearScreen)
			if i < 0 {
				t.Fatalf("the screen was never cleared:\n%s", s)
			}
			for _, seat := range tt.shown {
				if !strings.Contains(s, "[QR code of http://127.0.0.1:8080/s/"+h.Tokens[seat]+"]") {
					t.Errorf("seat %d's code was never shown:\n%s", seat, s)
				}
			}
			for seat, tok := range h.Tokens {
				if strings.Contains(s[i:], tok) {
					t.Errorf("seat %d's link stays on the screen after Enter:\n%s", seat, s[i:])
				}
			}
			// Tokens are random: name them in the transcript.
			r := []string{clearScreen, "«screen cleared»\n", h.TableToken, "TABLE-TOKEN"}
			for seat, tok := range h.Tokens {
				r = append(r, tok, fmt.Sprintf("SEAT-%d-TOKEN", seat))
			}
			golden(t, "console/codes-"+tt.name+".txt", []byte(strings.NewReplacer(r...).Replace(s)))
		})
	}
}
