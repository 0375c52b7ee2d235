package term

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

func TestBellFilter(t *testing.T) {
	tests := []struct {
		name string
		in   []string
		want string
	}{
		{"no bell", []string{"? Which game: "}, "? Which game: "},
		{"only bells", []string{"\a\a"}, ""},
		{"bells among text", []string{"\a\x1b[2K\r", "noir\a", "\n"}, "\x1b[2K\rnoir\n"},
		{"multibyte text", []string{"\aあやつり\a殺人事件"}, "あやつり殺人事件"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			w := &bellFilter{w: &buf}
			for _, s := range tt.in {
				// Report the caller's length, or io.Writer callers such as
				// fmt.Fprintf treat the dropped bells as a short write.
				if n, err := w.Write([]byte(s)); n != len(s) || err != nil {
					t.Errorf("Write(%q) = %d, %v, want %d, nil", s, n, err, len(s))
				}
			}
			if got := buf.String(); got != tt.want {
				t.Errorf("wrote %q, want %q", got, tt.want)
			}
			if err := w.Close(); err != nil {
				t.Errorf("Close() = %v, want nil", err)
			}
		})
	}
}

type failWriter struct{}

func (failWriter) Write(p []byte) (int, error) { return 0, io.ErrClosedPipe }

func TestBellFilterError(t *testing.T) {
	w := &bellFilter{w: failWriter{}}
	if n, err := w.Write([]byte("a\ab")); n != 0 || !errors.Is(err, io.ErrClosedPipe) {
		t.Errorf("Write = %d, %v, want 0, %v", n, err, io.ErrClosedPipe)
	}
}

func TestParseYesNo(t *testing.T) {
	tests := []struct {
		in      string
		yes, ok bool
	}{
		{"", false, true},
		{"y", true, true},
		{"Yes", true, true},
		{" n ", false, true},
		{"NO", false, true},
		{"t", false, false},
	}
	for _, tt := range tests {
		if yes, ok := parseYesNo(tt.in); yes != tt.yes || ok != tt.ok {
			t.Errorf("parseYesNo(%q) = %v, %v, want %v, %v", tt.in, yes, ok, tt.yes, tt.ok)
		}
	}
}

func TestPromptuiNoOptions(t *testing.T) {
	p := NewPromptui(bytes.NewBufferString("\n"), io.Discard)
	if _, err := p.Select("Empty", nil, 0); err == nil {
		t.Errorf("Select with no options = nil error, want one")
	}
}

func TestPromptuiNonTerminal(t *testing.T) {
	skipIfRace(t)
	// A pipe or a file as input (not a terminal) still answers, a line at
	// a time.
	var out bytes.Buffer
	p := NewPromptui(bytes.NewBufferString("Aki\n"), &out)
	if s, err := p.Input("Name", ""); s != "Aki" || err != nil {
		t.Errorf("Input = %q, %v, want Aki, nil", s, err)
	}
	p = NewPromptui(bytes.NewBufferString(""), &out)
	if _, err := p.Input("Name", ""); !errors.Is(err, ErrInterrupted) {
		t.Errorf("Input at end of input = %v, want ErrInterrupted", err)
	}
}
