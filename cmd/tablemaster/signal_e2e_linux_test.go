package main

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"tablemaster/moderator/term"
)

// These tests run the real binary with its stdin and stdout on a
// pseudo-terminal, as a person at the GM console does, and stop it with
// SIGTERM (a service manager, a closing lid's shutdown) or quit.

// ttyChild is a tablemaster on a pseudo-terminal.
type ttyChild struct {
	t      *testing.T
	cmd    *exec.Cmd
	master *os.File
	slave  *os.File
	errOut *syncBuffer
	done   chan struct{}
	err    error

	mu     sync.Mutex
	screen strings.Builder // everything drawn, never consumed
	seen   int             // how far waitFor has matched
}

func startTTYChild(t *testing.T, args ...string) *ttyChild {
	t.Helper()
	master, slave, err := term.OpenPTY()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	cmd := exec.Command(tablemasterBin(t), args...)
	cmd.Env = append(os.Environ(), "TABLEMASTER_LANG=en")
	c := &ttyChild{t: t, cmd: cmd, master: master, slave: slave, errOut: &syncBuffer{}, done: make(chan struct{})}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, c.errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	read := make(chan struct{})
	go func() {
		defer close(read)
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			c.mu.Lock()
			c.screen.Write(buf[:n])
			c.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	go func() {
		c.err = cmd.Wait()
		close(c.done)
	}()
	t.Cleanup(func() {
		select {
		case <-c.done:
		default:
			cmd.Process.Kill()
			<-c.done
		}
		slave.Close()
		master.Close()
		<-read
	})
	return c
}

// waitFor waits until the terminal shows s after what was matched last.
func (c *ttyChild) waitFor(s string) {
	c.t.Helper()
	err := waitFor(10*time.Second, func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		if i := strings.Index(c.screen.String()[c.seen:], s); i >= 0 {
			c.seen += i + len(s)
			return true
		}
		return false
	})
	if err != nil {
		c.t.Fatalf("no %q on the terminal; it shows:\n%s\nstderr:\n%s", s, c.shown(), c.errOut)
	}
}

func (c *ttyChild) shown() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.screen.String()
}

func (c *ttyChild) typeKeys(keys string) {
	c.t.Helper()
	if _, err := c.master.Write([]byte(keys)); err != nil {
		c.t.Fatal(err)
	}
}

// exited waits for the process to end and wants exit code 0.
func (c *ttyChild) exited(why string) {
	c.t.Helper()
	select {
	case <-c.done:
	case <-time.After(10 * time.Second):
		c.t.Fatalf("still running 10s after %s; the terminal shows:\n%s", why, c.shown())
	}
	if c.err != nil {
		c.t.Errorf("after %s: %v, want exit code 0; stderr:\n%s", why, c.err, c.errOut)
	}
}

// clearScreen is what the console writes to wipe a QR code off the screen.
const clearScreen = "\x1b[2J\x1b[H\x1b[3J"

func TestConsoleStops(t *testing.T) {
	for _, tt := range []struct {
		name string
		// at is the last text waited for before stop.
		at   string
		stop func(c *ttyChild)
	}{
		// A question waiting for a key used to keep SIGTERM from doing
		// anything: the process stayed up until killed.
		{"sigterm at the command line", "Type a command", func(c *ttyChild) { c.cmd.Process.Signal(syscall.SIGTERM) }},
		{"sigterm with a QR code shown", "", func(c *ttyChild) { c.cmd.Process.Signal(syscall.SIGTERM) }},
		{"quit", "Type a command", func(c *ttyChild) { c.typeKeys("quit\r") }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(t.TempDir(), "my night") // a space: the hint quotes it
			c := startTTYChild(t, "noir", "--players", "Aki,Ben", "--seed", "5", "--addr", "127.0.0.1", "--state", dir)
			c.waitFor("Scanned? Press Enter to hide it and show the code of Ben")
			if tt.at != "" {
				c.typeKeys("\r")
				c.waitFor("Scanned? Press Enter to hide it.")
				c.typeKeys("\r")
				c.waitFor(tt.at)
				c.waitFor("tablemaster") // the command prompt, drawn after
			}
			logs, _ := filepath.Glob(filepath.Join(dir, "tables", "*.jsonl"))
			if len(logs) != 1 {
				t.Fatalf("logs = %q, want one", logs)
			}
			id := strings.TrimSuffix(filepath.Base(logs[0]), ".jsonl")
			tt.stop(c)
			c.exited(tt.name)
			want := "Everything is saved. To go on: tablemaster resume " + id + " --state '" + dir + "'"
			c.waitFor(want)
			screen := c.shown()
			if tt.at == "" {
				// Stopped while Aki's code was up: it is wiped first.
				if i, j := strings.LastIndex(screen, clearScreen), strings.LastIndex(screen, "/s/"); i < j {
					t.Errorf("a seat link stays on the screen after the stop:\n%q", screen[j:])
				}
			}
			// The terminal is back as the shell needs it: not raw.
			var tio syscall.Termios
			if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, c.slave.Fd(), syscall.TCGETS, uintptr(unsafe.Pointer(&tio))); errno != 0 {
				t.Fatal(errno)
			}
			if tio.Lflag&(syscall.ICANON|syscall.ECHO) != syscall.ICANON|syscall.ECHO {
				t.Errorf("after the stop the terminal is left raw (lflag %#o)", tio.Lflag)
			}
			if s := c.errOut.String(); s != "" {
				t.Errorf("stderr = %q, want nothing", s)
			}

			// The hint's command works: the table comes back with its links.
			r := startChild(t, "resume", "resume", id, "--state", dir)
			// Four lines: the links come once the signals are caught.
			if lines := r.waitLines(4); lines[0] != "resumed "+id+" (noir, Aki, Ben)" {
				t.Errorf("resume printed %q first", lines[0])
			}
			r.stop()
		})
	}
}

// TestResumeBusyPortTerminal resumes a table whose port another program
// took, at a terminal: the console says so and shows the new links as a
// start does — table screen, then one seat's QR code at a time, each wiped
// after Enter — on the new port with the same tokens.
func TestResumeBusyPortTerminal(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "my night")
	a := startAndKill(t, dir, 11, 4)
	hold, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", a.port))
	if err != nil {
		t.Fatal(err)
	}
	defer hold.Close()

	// Moved on purpose, away from the port another program took.
	c := startTTYChild(t, "resume", "--port", "0", "--state", dir)
	c.waitFor(fmt.Sprintf("Table %s moves to port ", a.id))
	c.waitFor("Scanned? Press Enter to hide it and show the code of Ben")
	m := regexp.MustCompile(`moves to port (\d+)\.`).FindStringSubmatch(c.shown())
	if m == nil {
		t.Fatalf("no new port on the screen:\n%s", c.shown())
	}
	port, _ := strconv.Atoi(m[1])
	l := a.links.moved(a.port, port)
	screen := c.shown()
	for _, want := range []string{"Table screen", l.table, "Link of Aki (Killer) (private):", l.seats[0]} {
		if !strings.Contains(screen, want) {
			t.Errorf("before the first Enter the screen has no %q:\n%s", want, screen)
		}
	}
	if strings.Contains(screen, l.seats[1]) {
		t.Errorf("Ben's link is on the screen with Aki's")
	}
	c.typeKeys("\r")
	c.waitFor("Scanned? Press Enter to hide it.")
	if s := c.shown(); !strings.Contains(s[strings.LastIndex(s, clearScreen):], l.seats[1]) {
		t.Errorf("Ben's new link is not shown after Aki's code was wiped")
	}
	c.typeKeys("\r")
	c.waitFor("Type a command")
	c.waitFor("tablemaster")
	if s := c.shown(); strings.Contains(s[strings.LastIndex(s, clearScreen):], "/s/") {
		t.Errorf("a seat link stays on the screen at the command line")
	}
	a.p.links = l
	a.p.waitUp()
	a.p.step()

	c.cmd.Process.Signal(syscall.SIGTERM)
	c.exited("SIGTERM")
	c.waitFor("Everything is saved. To go on: tablemaster resume " + a.id + " --state '" + dir + "'")
}

// TestResumeTwoTablesBusyPortTerminal: with two tables moved on purpose,
// their new codes are shown one at a time at the terminal, table after
// table, then both tables run headless; Ctrl-C at a code stops the whole
// run cleanly.
func TestResumeTwoTablesBusyPortTerminal(t *testing.T) {
	for _, stopAtCode := range []bool{false, true} {
		t.Run(fmt.Sprintf("ctrl-c at a code %v", stopAtCode), func(t *testing.T) {
			dir := t.TempDir()
			a := startAndKill(t, dir, 11, 2)
			b := startAndKill(t, dir, 14, 2)
			hold, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", a.port))
			if err != nil {
				t.Fatal(err)
			}
			defer hold.Close()

			c := startTTYChild(t, "resume", "--port", "0", "--state", dir)
			c.waitFor("Scanned? Press Enter to hide it and show the code of Ben")
			for _, id := range []string{a.id, b.id} {
				if !strings.Contains(c.shown(), "Table "+id+" moves to port ") {
					t.Errorf("the terminal does not say that %s moves:\n%s", id, c.shown())
				}
			}
			m := regexp.MustCompile(`Table ` + b.id + ` moves to port (\d+)\.`).FindStringSubmatch(c.shown())
			if m == nil {
				t.Fatalf("no new port for %s on the screen:\n%s", b.id, c.shown())
			}
			port, _ := strconv.Atoi(m[1])
			bLinks := b.links.moved(b.port, port)
			if stopAtCode {
				c.typeKeys("\x03") // Ctrl-C in raw mode
			} else {
				c.typeKeys("\r")
				c.waitFor("Scanned? Press Enter to hide it.")
				c.typeKeys("\r")
				// Then table b's codes, one at a time.
				c.waitFor("Scanned? Press Enter to hide it and show the code of Ben")
				c.typeKeys("\r")
				c.waitFor("Scanned? Press Enter to hide it.")
				c.typeKeys("\r")
				// Then both tables run headless, links as text.
				c.waitFor("seat Ben " + bLinks.seats[1])
				b.p.links = bLinks
				b.p.waitUp()
				c.cmd.Process.Signal(syscall.SIGTERM)
			}
			c.exited("the stop")
			c.waitFor("Everything is saved. To go on: tablemaster resume --state " + dir)
			if s := c.shown(); stopAtCode && strings.Contains(s[strings.LastIndex(s, clearScreen):], "/s/") {
				t.Errorf("a seat link stays on the screen after Ctrl-C")
			}
		})
	}
}
