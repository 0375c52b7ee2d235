package moderator

import (
	"bytes"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/noir"
	"tablemaster/moderator/term"
)

func TestParseLine(t *testing.T) {
	tests := []struct {
		in   string
		want Command
		ok   bool
		err  string
	}{
		{in: "", ok: false},
		{in: "   # just a comment", ok: false},
		{in: "Aki: kill B3", want: Command{Seat: "Aki", Verb: "act", Arg: "kill B3"}, ok: true},
		{in: "  killer :  shift  row 2   left # note", want: Command{Seat: "killer", Verb: "act", Arg: "shift row 2 left"}, ok: true},
		{in: "shift col B up", want: Command{Verb: "act", Arg: "shift col B up"}, ok: true},
		{in: "undo", want: Command{Verb: "undo"}, ok: true},
		{in: "Ben: agree", want: Command{Seat: "Ben", Verb: "agree"}, ok: true},
		{in: "relink Aki", want: Command{Verb: "relink", Arg: "Aki"}, ok: true},
		{in: "EXIT", want: Command{Verb: "quit"}, ok: true},
		{in: ": kill B3", err: "nothing before"},
		{in: "Aki:", err: "nothing after"},
		{in: "Aki: status", err: "takes no player name"},
		{in: "relink", err: "needs a player"},
		{in: "undo now", err: "takes nothing after"},
		{in: "Aki: kill \xff", err: "UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok, err := ParseLine(tt.in)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("ParseLine(%q) = %v, want error with %q", tt.in, err, tt.err)
				}
				return
			}
			if err != nil || ok != tt.ok || got != tt.want {
				t.Fatalf("ParseLine(%q) = %+v, %v, %v; want %+v, %v", tt.in, got, ok, err, tt.want, tt.ok)
			}
		})
	}
}

func TestParseScriptNamesTheLine(t *testing.T) {
	_, err := ParseScript(strings.NewReader("Aki: draw\n\n: oops\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "line 3:") {
		t.Fatalf("err = %v, want line 3", err)
	}
}

// FuzzParseLine checks properties, not values: no panic, and a command
// that was read writes back to text that reads as the same command.
func FuzzParseLine(f *testing.F) {
	for _, s := range []string{"Aki: kill B3", "shift row 2 left", "undo", "Ben: refuse", "# x", "relink Ben", "a:b:c", "Aki: ♠7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if len(line) > 256 {
			// A script line is a short command: a longer one only makes
			// the fuzzer's minimiser stall for seconds on it.
			return
		}
		cmd, ok, err := ParseLine(line)
		if err != nil || !ok {
			return
		}
		again, ok2, err2 := ParseLine(cmd.String())
		if err2 != nil || !ok2 {
			t.Fatalf("%q → %q does not parse again: %v", line, cmd.String(), err2)
		}
		again.Line = cmd.Line
		if again != cmd {
			t.Fatalf("%q → %+v → %q → %+v", line, cmd, cmd.String(), again)
		}
	})
}

func TestScriptStopsAtFailingLine(t *testing.T) {
	_, tb := newTestTable(t, noir.Config{}, 42)
	cmds, err := ParseScript(strings.NewReader("Aki: draw\nAki: kill E5\nAki: kill B2\n"))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	c := &Console{T: tb, Out: &out, Lang: engine.EN}
	err = c.RunScript(cmds)
	if err == nil || !strings.HasPrefix(err.Error(), "line 2: ") || !strings.Contains(err.Error(), "not next to") {
		t.Fatalf("RunScript = %v, want line 2 refused", err)
	}
	if tb.Snapshot(engine.Public).StateVer != 1 {
		t.Fatal("line 1 should stand")
	}
}

func TestConsoleRefusesPrivateMoves(t *testing.T) {
	_, tb := newTestTable(t, noir.Config{}, 42)
	var out bytes.Buffer
	c := &Console{T: tb, Out: &out, Lang: engine.EN}
	setup(t, tb)
	// A kill is the Killer's private move: refused without asking the engine,
	// whether or not it would be legal, so the answer tells nothing.
	for _, line := range []string{"Aki: kill A1", "Aki: kill C2", "killer: disguise"} {
		cmd, _, _ := ParseLine(line)
		if err := c.Exec(cmd, false); err == nil || !strings.Contains(err.Error(), "own phone") {
			t.Fatalf("Exec(%q) = %v, want refused", line, err)
		}
	}
	cmd, _, _ := ParseLine("shift row 3 right")
	if err := c.Exec(cmd, false); err != nil {
		t.Fatalf("a shift at the console = %v", err)
	}
}

func TestConsoleTranscriptGolden(t *testing.T) {
	for _, l := range engine.Langs {
		_, tb := newTestTable(t, noir.Config{}, 42)
		var out bytes.Buffer
		c := &Console{T: tb, Out: &out, Lang: l, Reveal: true, BaseURL: "http://127.0.0.1:8080"}
		cmds, err := ParseScript(strings.NewReader(`# seed 42
Aki: draw
Aki: kill B2
Ben: draw
Ben: keep D12
shift row 1 left
Aki: undo
Aki: kill C2
Ben: clear
Ben: clear H7
Aki: disguise
Aki: undo
Ben: agree
Aki: kill A2
Ben: arrest C4
status
`))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.RunScript(cmds); err != nil {
			t.Fatalf("%s: %v\n%s", l, err, out.String())
		}
		golden(t, "console/noir-script-"+string(l)+".txt", out.Bytes())
	}
}

func TestPassAndPlay(t *testing.T) {
	_, tb := newTestTable(t, noir.Config{}, 42)
	var out bytes.Buffer
	fake := term.NewFake(
		term.Step{Prompt: "Pass the laptop to Aki"},
		term.Step{Prompt: "Your move", Answer: "Draw: Draw your identity card"},
		term.Step{Prompt: "hide your screen"},
		term.Step{Prompt: "Pass the laptop to Aki"},
		term.Step{Prompt: "Your move", Answer: "Kill: ♠7 (B2)"},
		term.Step{Prompt: "hide your screen"},
		term.Step{Prompt: "Pass the laptop to Ben"},
		term.Step{Prompt: "Your move", Err: term.ErrInterrupted},
	)
	c := &Console{T: tb, Out: &out, Lang: engine.EN, Prompter: fake}
	if err := c.Pass(); err != term.ErrInterrupted {
		t.Fatalf("Pass = %v", err)
	}
	fake.Verify(t)
	s := out.String()
	if !strings.Contains(s, "🔒 Your identity card is ♥Q") || !strings.Contains(s, "The Killer killed ♠7 (B2)") {
		t.Fatalf("transcript:\n%s", s)
	}
	// The private line is printed once, on Aki's private screen only,
	// between "pass to Aki" and the screen being cleared.
	if strings.Count(s, "Your identity card is") != 1 {
		t.Fatalf("identity shown %d times", strings.Count(s, "Your identity card is"))
	}
}

// Pass-and-play: typing status, help or quit at "Pass the laptop to Ben"
// does that, and never opens Ben's private screen; the table screen's
// link is printed for a TV.
func TestPassPromptTakesCommands(t *testing.T) {
	_, tb := newTestTable(t, noir.Config{}, 42)
	var out bytes.Buffer
	fake := term.NewFake(
		term.Step{Prompt: "Pass the laptop to Aki", Answer: "status"},
		term.Step{Prompt: "Pass the laptop to Aki", Answer: "dance"},
		term.Step{Prompt: "Pass the laptop to Aki", Answer: "help"},
		term.Step{Prompt: "Pass the laptop to Aki", Answer: "quit"},
	)
	c := &Console{T: tb, Out: &out, Lang: engine.EN, Prompter: fake, BaseURL: "http://192.0.2.1:8080"}
	if err := c.Pass(); err != nil {
		t.Fatalf("Pass = %v, want a clean stop at quit", err)
	}
	if err := fake.Err(); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	for _, w := range []string{"Table screen (for a TV; it shows no secret): http://192.0.2.1:8080/t/", "Enter opens the private screen of Aki (Killer)", "Killed 0/16"} {
		if !strings.Contains(s, w) {
			t.Errorf("pass output lacks %q:\n%s", w, s)
		}
	}
	if strings.Contains(s, "Your identity") || strings.Contains(s, "Aki's screen") && strings.Contains(s, "Your move") {
		t.Errorf("a typed command opened a private screen:\n%s", s)
	}
}
