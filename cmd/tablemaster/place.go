package main

import (
	"errors"
	"fmt"
	"net"
	"strconv"
	"syscall"
	"time"

	"tablemaster/engine"
	"tablemaster/moderator"
)

// portFlag is --port: a port, and whether it was given. Without it a
// command serves on the port its state folder was last served on, so the
// links of every open page stay good across a restart.
type portFlag struct {
	N     int
	Given bool
}

// String is the port given, or "" (its help says what the default is).
func (p *portFlag) String() string {
	if !p.Given {
		return ""
	}
	return strconv.Itoa(p.N)
}

func (p *portFlag) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("%q is not a port (0 to 65535; 0 picks a free one)", s)
	}
	p.N, p.Given = n, true
	return nil
}

func (p *portFlag) Type() string { return "int" }

// portUsage is the help of every serving command's --port.
const portUsage = "port to serve on (default: the one this state folder was served on last, so open pages carry on; the first time a free one). 0 picks a free one"

// addrUsage is the help of every serving command's --addr.
const addrUsage = "listen only on this address, and put it in the links (default: every interface, links with the LAN address found)"

// place is where a serving command listens and what its links carry.
type place struct {
	ln   net.Listener
	addr string // the address in the links
	port int
	// was is what the state folder remembered before this run (zero if
	// nothing); moved and readdressed say that the links changed since.
	was         moderator.Served
	moved       bool
	readdressed bool
}

// bindHost is the host part a command listens on: --addr alone when it is
// given, every interface otherwise (the phones are on the Wi-Fi). An
// unspecified address (0.0.0.0, ::) means every interface too.
func bindHost(addr string) string {
	if ip := net.ParseIP(addr); addr == "" || ip != nil && ip.IsUnspecified() {
		return ""
	}
	return addr
}

// linkAddr is the address the links carry: --addr, or the LAN address.
func linkAddr(f *Factory, addr string) string {
	return linkAddrAfter(f, addr, "")
}

// linkAddrAfter is the address the links carry when they carried prev
// until now: --addr if given; else prev while it is still one of this
// laptop's addresses, so links stay as they were; else the LAN address
// found now (the laptop moved to another network).
func linkAddrAfter(f *Factory, addr, prev string) string {
	if bindHost(addr) != "" {
		return addr
	}
	if prev != "" && f.OwnAddress != nil && f.OwnAddress(prev) {
		return prev
	}
	return f.LANAddress().String()
}

// openPlace listens where the command was told (--addr, --port), or on the
// port its state folder remembers. A port still busy — the process before
// may still be exiting — is tried again for f.PortWait before the command
// is refused, naming who holds it. The place is remembered at once, so a
// crash a second later still comes back to it.
func openPlace(f *Factory, lang engine.Lang, dir, addr string, port portFlag) (*place, error) {
	was, err := moderator.LoadServed(dir)
	if err != nil {
		fmt.Fprintln(f.ErrOut, "tablemaster:", err)
	}
	p := &place{addr: linkAddrAfter(f, addr, was.Addr), was: was}
	want := port.N
	if !port.Given {
		want = was.Port
	}
	if p.ln, err = listenWait(f, bindHost(addr), want); err != nil {
		return nil, listenError(f, lang, addr, want, port.Given, err)
	}
	p.port = portOf(p.ln)
	p.moved = was.Port != 0 && was.Port != p.port
	p.readdressed = was.Addr != "" && was.Addr != p.addr
	p.remember(f, dir)
	return p, nil
}

// listenWait listens on host:port, trying a busy port again for
// f.PortWait: the process that held it may still be exiting.
func listenWait(f *Factory, host string, port int) (net.Listener, error) {
	hostport := net.JoinHostPort(host, strconv.Itoa(port))
	deadline := time.Now().Add(f.PortWait)
	for {
		ln, err := f.Listen(hostport)
		if err == nil || port == 0 || !errors.Is(err, syscall.EADDRINUSE) || !time.Now().Before(deadline) {
			return ln, err
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// remember writes the place into the state folder, keeping the night's
// host link.
func (p *place) remember(f *Factory, dir string) {
	now := p.was
	now.Addr, now.Port = p.addr, p.port
	if err := moderator.SaveServed(dir, now); err != nil {
		fmt.Fprintln(f.ErrOut, "tablemaster: cannot remember the port for the next run:", err)
	}
}

// listenError says why the command cannot listen, and what to do.
func listenError(f *Factory, lang engine.Lang, addr string, port int, asked bool, err error) error {
	ps := strconv.Itoa(port)
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		who := portHolder(port)
		if who == "" {
			who = lang.S("cmd.place.someone")
		}
		if asked {
			return errorf("%s", lang.S("cmd.place.busy_asked", "port", ps, "who", who))
		}
		return errorf("%s", lang.S("cmd.place.busy", "port", ps, "who", who, "wait", f.PortWait.String()))
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return errorf("%s", lang.S("cmd.place.no_addr", "addr", addr))
	}
	return errorf("cannot listen on port %d: %v", port, err)
}

// sayMoved tells the console, loudly, that the links changed since the
// last run: every seat must scan again.
func (p *place) sayMoved(f *Factory, lang engine.Lang) {
	switch {
	case p.readdressed:
		fmt.Fprintln(f.Out, lang.S("cmd.place.readdressed", "old", p.was.Addr, "new", p.addr))
	case p.moved:
		fmt.Fprintln(f.Out, lang.S("cmd.place.moved", "old", strconv.Itoa(p.was.Port), "new", strconv.Itoa(p.port)))
	}
}
