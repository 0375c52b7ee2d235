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
// the end state. It only reads the file. It reads and checks the log as
// resume does (ReadLog, then the same replay), so a log one refuses the
// other refuses too, with the same message.
func Replay(w io.Writer, path string, l engine.Lang) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	res, err := ReadLog(f)
	if err != nil {
		return inFile(path, err)
	}
	hdr := *res.Records[0].Header
	fmt.Fprintf(w, "%s · %s · seed %d · %s\n", hdr.ID, hdr.Game, hdr.Seed, strings.Join(hdr.Seats, ", "))
	fmt.Fprintf(w, "options %s\n", hdr.Options)
	var c *Console
	t, err := replayTable(hdr, nil, res.Records, nil, func(t *Table, r Record) {
		if c == nil {
			c = &Console{T: t, Out: w, Lang: l, Reveal: true}
		}
		switch r.Type {
		case "act":
			fmt.Fprintf(w, "> %s: %s\n", t.SeatName(engine.Seat(r.Seat)), r.Action)
		case "undo":
			fmt.Fprintf(w, "> %s: undo\n", c.seatName(engine.Seat(r.Seat)))
		case "relink":
			fmt.Fprintf(w, "> relink %s\n", t.SeatName(engine.Seat(r.Seat)))
		default:
			return
		}
		c.PrintNew()
	})
	if err != nil {
		return inFile(path, err)
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
