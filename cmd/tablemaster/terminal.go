package main

import (
	"tablemaster/moderator"
	"tablemaster/moderator/term"
)

// safeTerminal makes everything the commands print, and every question the
// console asks, safe for a terminal (moderator.TerminalSafe): a player's
// name or any text from a log, however it was written, reaches the
// terminal as visible escapes, never as control sequences.
func safeTerminal(f *Factory) {
	f.Out, f.ErrOut = moderator.TerminalWriter(f.Out), moderator.TerminalWriter(f.ErrOut)
	if p := f.Prompter; p != nil {
		f.Prompter = func() term.Prompter {
			if q := p(); q != nil {
				return safePrompter{q}
			}
			return nil
		}
	}
}

// safePrompter shows its prompts and options through TerminalSafe.
type safePrompter struct{ p term.Prompter }

func safeAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = moderator.TerminalSafe(s)
	}
	return out
}

func (s safePrompter) Select(prompt string, options []string, def int) (int, error) {
	return s.p.Select(moderator.TerminalSafe(prompt), safeAll(options), def)
}

func (s safePrompter) Input(prompt, def string) (string, error) {
	return s.p.Input(moderator.TerminalSafe(prompt), moderator.TerminalSafe(def))
}

func (s safePrompter) Confirm(prompt string, def bool) (bool, error) {
	return s.p.Confirm(moderator.TerminalSafe(prompt), def)
}

func (s safePrompter) Wait(prompt string) error { return s.p.Wait(moderator.TerminalSafe(prompt)) }

// Interrupt passes a stop (SIGTERM) on to the prompter it wraps, so the
// filter never hides that a question can be broken off.
func (s safePrompter) Interrupt() { term.Interrupt(s.p) }
