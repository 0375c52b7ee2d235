package moderator

import (
	"fmt"
	"io"
	"os"
	"strings"

	"tablemaster/engine"
)

// Replay prints a whole game from its log with every secret revealed:
// each action as its seat took it, every public and private event, and
// the end state. It only reads the file.
func Replay(w io.Writer, path string, l engine.Lang) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	res, err := ReadLog(f)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	hdr := *res.Records[0].Header
	t, err := newTable(hdr, nil, nil, nil)
	if err != nil {
		return err
	}
	c := &Console{T: t, Out: w, Lang: l, Reveal: true}
	fmt.Fprintf(w, "%s · %s · seed %d · %s\n", hdr.ID, hdr.Game, hdr.Seed, strings.Join(hdr.Seats, ", "))
	fmt.Fprintf(w, "options %s\n", hdr.Options)
	for i, r := range res.Records[1:] {
		switch r.Type {
		case "act":
			fmt.Fprintf(w, "> %s: %s\n", t.SeatName(engine.Seat(r.Seat)), r.Action)
			if _, err := t.applyLocked(engine.Seat(r.Seat), engine.Action(r.Action)); err != nil {
				return fmt.Errorf("log line %d: %w", i+2, err)
			}
		case "undo":
			fmt.Fprintf(w, "> %s: undo\n", c.seatName(engine.Seat(r.Seat)))
			if err := t.undoLocked(engine.Seat(r.Seat)); err != nil {
				return fmt.Errorf("log line %d: %w", i+2, err)
			}
		case "relink":
			fmt.Fprintf(w, "> relink %s\n", t.SeatName(engine.Seat(r.Seat)))
		}
		c.PrintNew()
	}
	if res.Dropped != nil {
		fmt.Fprintf(w, "(the last line was cut short by a crash and is ignored: %d bytes)\n", len(res.Dropped))
	}
	fmt.Fprint(w, TextView(t, t.Snapshot(engine.Public), l))
	for s := range hdr.Seats {
		snap := t.Snapshot(engine.Seat(s))
		fmt.Fprintf(w, "— %s —\n", hdr.Seats[s])
		fmt.Fprint(w, TextView(t, snap, l))
	}
	return nil
}
