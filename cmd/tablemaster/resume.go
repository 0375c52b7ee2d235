package main

import (
	"fmt"
	"net"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"tablemaster/engine"
	"tablemaster/moderator"
)

type resumeOptions struct {
	f     *Factory
	g     *globalOptions
	Table string
}

func newCmdResume(f *Factory, g *globalOptions, runF func(*resumeOptions) error) *cobra.Command {
	opts := &resumeOptions{f: f, g: g}
	return &cobra.Command{
		Use:   "resume [TABLE]",
		Short: "Restart the unfinished tables (or TABLE) from their logs, with the same links",
		Long: `Rebuild tables from their event logs after a crash, a closed lid or a dead
battery. Every table keeps its links and port, so phones just reload.
A half-written last log line is reported and dropped; nothing before it is lost.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Table = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return resumeRun(opts)
		},
	}
}

func resumeRun(o *resumeOptions) error {
	f := o.f
	lang, err := f.lang(o.g.Lang)
	if err != nil {
		return err
	}
	st, err := openStore(f, o.g)
	if err != nil {
		return err
	}
	defer st.Close()
	ids := []string{o.Table}
	if o.Table == "" {
		if ids, err = st.IDs(); err != nil {
			return err
		}
	}
	var tables []*moderator.Table
	for _, id := range ids {
		t, res, err := st.Open(id)
		if err != nil {
			if o.Table != "" {
				return errorf("cannot resume %s: %v", id, err)
			}
			fmt.Fprintf(f.ErrOut, "tablemaster: skipping %s: %v\n", id, err)
			continue
		}
		if res.Dropped != nil {
			fmt.Fprintf(f.ErrOut, "tablemaster: %s: dropped a half-written last line (%d bytes); everything before it is kept\n", id, len(res.Dropped))
		}
		if t.Snapshot(engine.Public).Outcome.Over && o.Table == "" {
			t.Close()
			continue
		}
		tables = append(tables, t)
	}
	if len(tables) == 0 {
		return errorf("no unfinished table in %s", st.Dir())
	}
	// One listener per port the tables were started on, so links still work.
	ports := map[int]bool{}
	for _, t := range tables {
		ports[t.Header().Port] = true
	}
	var lns []net.Listener
	for p := range ports {
		ln, err := listen(f, p)
		if err != nil {
			for _, l := range lns {
				l.Close()
			}
			return err
		}
		lns = append(lns, ln)
	}
	for _, ln := range lns {
		srv := serve(f, st, ln, lang)
		defer srv.stop()
	}
	consoles := make([]*moderator.Console, len(tables))
	for i, t := range tables {
		h := t.Header()
		consoles[i] = &moderator.Console{T: t, Out: f.Out, Lang: lang, BaseURL: baseURL(h.Addr, h.Port), QR: f.QR}
		fmt.Fprintf(f.Out, "resumed %s (%s, %s)\n", h.ID, h.Game, strings.Join(h.Seats, ", "))
	}
	if len(consoles) == 1 {
		return runConsole(f, o.g, consoles[0], nil, false)
	}
	ctx, stop := untilSignal(f)
	defer stop()
	var wg sync.WaitGroup
	for _, c := range consoles {
		wg.Add(1)
		go func(c *moderator.Console) {
			defer wg.Done()
			c.Headless(ctx)
		}(c)
	}
	<-ctx.Done()
	wg.Wait()
	return nil
}
