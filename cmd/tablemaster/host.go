package main

import (
	"fmt"
	"net"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"tablemaster/engine"
	"tablemaster/moderator"
)

// hostOptions holds the flags of `tablemaster host` and its dependencies.
type hostOptions struct {
	f *Factory
	g *globalOptions

	Addr string
	Port portFlag
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
Ctrl-C; every table is saved as it is played.

Started again (after Ctrl-C, a crash or a reboot), it serves on the same
port with the same host link for the rest of the night, and brings back
every table still in play: every open page carries on by itself.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return hostRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Addr, "addr", "", addrUsage)
	fl.Var(&opts.Port, "port", portUsage)
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
		return lockError(lang, err)
	}
	defer unlock()
	p, err := openPlace(f, lang, st.Dir(), o.Addr, o.Port)
	if err != nil {
		return err
	}
	addr, port := p.addr, p.port
	// The host link lasts the night: a restarted host keeps it, so the
	// host page open on the laptop or a phone carries on.
	night := moderator.NightOf(f.Now()).String()
	token := p.was.HostToken
	if token == "" || p.was.Night != night {
		token = moderator.NewToken()
	}
	if err := moderator.SaveServed(st.Dir(), moderator.Served{Addr: addr, Port: port, HostToken: token, Night: night}); err != nil {
		fmt.Fprintln(f.ErrOut, "tablemaster: cannot remember the host link for the next run:", err)
	}
	held := &heldLogs{}
	defer held.release()
	// The night's tables still in play come back, each held as resume
	// holds it (a table another process serves is left to it).
	ids, err := moderator.Unfinished(st.Dir(), moderator.NightOf(f.Now()))
	if err != nil {
		fmt.Fprintln(f.ErrOut, "tablemaster:", err)
	}
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			continue // two copies of one log: the first is served
		}
		seen[id] = true
		if err := held.hold(st.LogPath(id)); err != nil {
			fmt.Fprintln(f.ErrOut, "tablemaster:", lang.S("cmd.host.held", "table", id))
			continue
		}
		t, _, err := st.Open(id)
		if err != nil {
			fmt.Fprintln(f.ErrOut, "tablemaster:", err)
			continue
		}
		// Its links now carry this host's place: written before the join
		// codes show them.
		if err := t.SetPlace(addr, port); err != nil {
			fmt.Fprintf(f.ErrOut, "tablemaster: %s: the move to %s is not saved: %v\n", id, baseURL(addr, port), err)
		}
	}
	hub := &moderator.Hub{Token: token, BaseURL: baseURL(addr, port), Addr: addr, Port: port,
		Seed: f.Seed, Now: f.Now, Hold: held.hold}
	if p.moved || p.readdressed {
		hub.MovedFrom = net.JoinHostPort(p.was.Addr, strconv.Itoa(p.was.Port))
	}
	srv := serveHub(f, st, p.ln, lang, hub)
	link := hub.BaseURL + "/h/" + hub.Token
	fmt.Fprintln(f.Out, lang.S("cmd.host.link", "url", link))
	if f.QR != nil && f.IsTerminal() {
		if qr, err := f.QR(link); err == nil {
			fmt.Fprint(f.Out, qr)
		}
	}
	p.sayMoved(f, lang)
	fmt.Fprintln(f.Out, lang.S("cmd.host.stop"))
	ctx, stop := untilSignal(f)
	defer stop()
	<-ctx.Done()
	srv.stop() // nothing is accepted after this: what is said next is all
	printHostStopped(f, o, lang, st)
	return nil
}

// printHostStopped tells the host, once the server has stopped, what was
// saved and the command that brings the night back on the same links.
func printHostStopped(f *Factory, o *hostOptions, lang engine.Lang, st *moderator.Store) {
	var open []string
	for _, t := range st.Tables() {
		snap := t.Snapshot(engine.Public)
		if !snap.Outcome.Over && !st.Retired(t.ID()) {
			h := t.Header()
			open = append(open, "  "+h.ID+"  "+t.GameName(lang)+": "+strings.Join(h.Seats, ", "))
		}
	}
	sort.Strings(open)
	cmd := "tablemaster host"
	if o.g.State != "" {
		cmd = strings.Replace(resumeCommand(o.g, ""), "tablemaster resume", cmd, 1)
	}
	if o.Addr != "" {
		cmd += " --addr " + shellQuote(o.Addr)
	}
	if len(open) == 0 {
		fmt.Fprintln(f.Out, lang.S("cmd.host.stopped_none", "command", cmd))
		return
	}
	fmt.Fprintln(f.Out, lang.S("cmd.host.stopped", "n", strconv.Itoa(len(open))))
	for _, line := range open {
		fmt.Fprintln(f.Out, line)
	}
	fmt.Fprintln(f.Out, lang.S("cmd.host.go_on", "command", cmd))
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
