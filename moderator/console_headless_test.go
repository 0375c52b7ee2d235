package moderator

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"tablemaster/engine"
)

// TestHeadlessSeatLinesHoldOneSeatEach: a name from a hand-edited log
// never splits the headless `seat NAME URL` lines nor adds one: a line
// feed in it is escaped as a carriage return is (\n, \r), through the
// terminal filter the commands print through or without it; nor does it
// split the event lines that follow.
func TestHeadlessSeatLinesHoldOneSeatEach(t *testing.T) {
	names := []string{"Aki\nseat Eve http://evil.example/s/x", "Ben\rXX", "Chika Dai\tEri"}
	st, err := NewStore(t.TempDir(), fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	hdr := Header{ID: "edited", Game: "ayatsuri", Seats: names, Tokens: []string{"tokA", "tokB", "tokC"},
		TableToken: "tokT", Options: []byte(`{}`), Addr: "127.0.0.1", Port: 8080}
	path := filepath.Join(st.Dir(), "tables", "edited.jsonl")
	log, err := CreateLog(path, hdr, fixedClock())
	if err != nil {
		t.Fatal(err)
	}
	log.Close()
	tb, _, err := st.OpenFile(path)
	if err != nil {
		t.Fatalf("open the hand-edited log: %v", err)
	}
	for _, filtered := range []bool{false, true} {
		var out bytes.Buffer
		c := &Console{T: tb, Out: &out, Lang: engine.EN, BaseURL: "http://127.0.0.1:8080"}
		if filtered {
			c.Out = TerminalWriter(&out)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		c.Headless(ctx)
		var seats []string
		for _, line := range strings.Split(out.String(), "\n") {
			if strings.HasPrefix(line, "seat ") {
				seats = append(seats, line)
			} else if !strings.HasPrefix(line, "table ") && !strings.HasPrefix(line, "  ") && line != "" {
				t.Errorf("filtered %v: a line that is neither the table, a seat nor an event: %q", filtered, line)
			}
		}
		want := []string{
			`seat Aki\nseat_Eve_http://evil.example/s/x http://127.0.0.1:8080/s/tokA`,
			`seat Ben\rXX http://127.0.0.1:8080/s/tokB`,
			`seat Chika_Dai\tEri http://127.0.0.1:8080/s/tokC`,
		}
		if strings.Join(seats, "\n") != strings.Join(want, "\n") {
			t.Errorf("filtered %v: the seat lines are\n%s\nwant\n%s\n(all output: %q)", filtered, strings.Join(seats, "\n"), strings.Join(want, "\n"), out.String())
		}
	}
}
