package main

import (
	"fmt"
	"sync"

	"github.com/spf13/cobra"

	"tablemaster/moderator"
)

// hostOptions holds the flags of `tablemaster host` and its dependencies.
type hostOptions struct {
	f *Factory
	g *globalOptions

	Addr string
	Port int
}

func newCmdHost(f *Factory, g *globalOptions, runF func(*hostOptions) error) *cobra.Command {
	opts := &hostOptions{f: f, g: g}
	cmd := &cobra.Command{
		Use:   "host",
		Short: "Run a game night from a browser: the host page starts tables of every game",
		Long: `Serve the night: prints the host page's link and QR code. The host page
(on the laptop or the host's phone; the link is secret) lists the night's
tables, starts new ones of any game with their options, shows each table's
join codes one seat at a time for the TV, and the night sheet. Stop with
Ctrl-C; every table is saved as it is played.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return hostRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Addr, "addr", "", "address phones use to reach this laptop (default: found on the LAN)")
	fl.IntVar(&opts.Port, "port", 0, "port to serve on (default: a free one)")
	return cmd
}

func hostRun(o *hostOptions) error {
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
	unlock, err := lockState(st.Dir(), f.Now())
	if err != nil {
		return errorf("%v", err)
	}
	defer unlock()
	addr := o.Addr
	if addr == "" {
		addr = f.LANAddress().String()
	}
	ln, err := listen(f, o.Port)
	if err != nil {
		return err
	}
	port := portOf(ln)
	held := &heldLogs{}
	defer held.release()
	// The night's tables still in play come back, each held as resume
	// holds it (a table another process serves is left to it).
	ids, err := moderator.Unfinished(st.Dir(), moderator.NightOf(f.Now()))
	if err != nil {
		fmt.Fprintln(f.ErrOut, "tablemaster:", err)
	}
	for _, id := range ids {
		if err := held.hold(st.LogPath(id)); err != nil {
			fmt.Fprintln(f.ErrOut, "tablemaster:", lang.S("cmd.host.held", "table", id))
			continue
		}
		if _, _, err := st.Open(id); err != nil {
			fmt.Fprintln(f.ErrOut, "tablemaster:", err)
		}
	}
	hub := &moderator.Hub{Token: moderator.NewToken(), BaseURL: baseURL(addr, port), Addr: addr, Port: port,
		Seed: f.Seed, Now: f.Now, Hold: held.hold}
	srv := serveHub(f, st, ln, lang, hub)
	defer srv.stop()
	link := hub.BaseURL + "/h/" + hub.Token
	fmt.Fprintln(f.Out, lang.S("cmd.host.link", "url", link))
	if f.QR != nil && f.IsTerminal() {
		if qr, err := f.QR(link); err == nil {
			fmt.Fprint(f.Out, qr)
		}
	}
	fmt.Fprintln(f.Out, lang.S("cmd.host.stop"))
	ctx, stop := untilSignal(f)
	defer stop()
	<-ctx.Done()
	return nil
}

// heldLogs are the logs of the tables a host serves, each held as resume
// holds it, until the host stops.
type heldLogs struct {
	mu       sync.Mutex
	releases []func()
}

func (h *heldLogs) hold(path string) error {
	release, err := holdLog(path)
	if err != nil {
		return err
	}
	h.mu.Lock()
	h.releases = append(h.releases, release)
	h.mu.Unlock()
	return nil
}

func (h *heldLogs) release() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, r := range h.releases {
		r()
	}
	h.releases = nil
}
