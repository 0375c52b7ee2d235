// Package term holds what tablemaster needs from the terminal it was started
// in, the GM console: questions asked through a Prompter, a check for whether
// a stream is a terminal at all, QR codes drawn in text so a phone can scan a
// seat link off the screen, the LAN address those links point at, and a
// pseudo-terminal for tests that must run a program the way a person would.
//
// Everything that talks to a person goes through the Prompter interface, so a
// command takes one from its options and a test hands it a Fake:
//
//	p := term.NewPromptui(os.Stdin, os.Stdout)
//	i, err := p.Select("Which game?", []string{"noir", "ayatsuri"}, 0)
//	if errors.Is(err, term.ErrInterrupted) {
//		return nil // Ctrl-C or end of input: the GM changed their mind
//	}
//
// and in a test:
//
//	fake := term.NewFake(
//		term.Step{Prompt: "Which game", Answer: "noir"},
//		term.Step{Prompt: "Start", Answer: "y"},
//	)
//	err := run(opts{Prompter: fake})
//	fake.Verify(t)
//
// The seat links themselves are printed like this:
//
//	url := fmt.Sprintf("http://%s:%d/s/%s", term.LANAddress(), port, token)
//	qr, err := term.QR(url)
package term
