package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// The worked script of the Automata variant (docs/noir.md) plays a whole game:
// a Canvas, a pretended Disguise taken back and taken again, a Collapse
// chosen suspect by suspect, a real Disguise, and an Accuse that decides
// the game (NA-5, NA-7, NA-9, NA-10).
func TestScriptAutomata(t *testing.T) {
	r := runNoirScript(t, "automata_win.txt", "--variant", "automata", "--reveal")
	if r.code != 0 || r.errOut != "" {
		t.Fatalf("exit code %d, stderr %q; want 0 and nothing", r.code, r.errOut)
	}
	golden(t, "automata_win.golden", []byte(r.out))
	for _, want := range []string{
		"The Killer disguised.",
		"🔒 [Aki] You pretended: your identity is still ♥5",
		"🔒 [Aki] You swapped: your identity is now ♥2",
		"The grid is now 5×4.",
		"The Inspector discards Joker from the hand",
		"The Killer was ♠2, disguised as ♠5; the Inspector was ♣2.",
	} {
		if !strings.Contains(r.out, want) {
			t.Errorf("the transcript lacks %q", want)
		}
	}
	if !strings.HasSuffix(r.out, "The Inspector named the Killer's identity and disguise. The Inspector wins.\n  Aki (Killer)  Ben (Inspector)\n") {
		t.Errorf("the transcript does not end with the Inspector's win")
	}
	recs := readLog(t, r.logs[0])
	var opts struct {
		Variant string `json:"variant"`
		Kills   int    `json:"kills"`
	}
	if err := json.Unmarshal(recs[0].Header.Options, &opts); err != nil || opts.Variant != "automata" || opts.Kills != 10 {
		t.Errorf("logged options %s (%v), want variant automata, kills 10", recs[0].Header.Options, err)
	}
	// The public transcript never says whether a Disguise was real.
	pub := runNoirScript(t, "automata_win.txt", "--variant", "automata")
	if strings.Contains(pub.out, "swapped") || strings.Contains(pub.out, "pretended") || lockedLines(pub.out) != nil {
		t.Errorf("the public transcript tells how the Killer disguised")
	}
	// The log replays to the same end.
	code, out, errOut := replayOf(t, r.logs[0])
	if code != 0 || errOut != "" || !strings.Contains(out, "The Inspector named the Killer's identity and disguise.") {
		t.Errorf("replay: exit code %d, stderr %q", code, errOut)
	}
}
