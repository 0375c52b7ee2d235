package term

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// pty is a pseudo-terminal whose master side is read continuously, so that
// a test can wait for what the program under test has drawn.
type pty struct {
	t      *testing.T
	master *os.File
	slave  *os.File

	mu   sync.Mutex
	out  bytes.Buffer
	more chan struct{} // closed and replaced on every read
	done chan struct{} // closed when the reader stops
}

func newPTY(t *testing.T) *pty {
	t.Helper()
	master, slave, err := OpenPTY()
	if err != nil {
		t.Fatalf("OpenPTY() = %v", err)
	}
	p := &pty{t: t, master: master, slave: slave, more: make(chan struct{}), done: make(chan struct{})}
	go p.read()
	t.Cleanup(func() {
		slave.Close()
		master.Close()
		<-p.done
	})
	return p
}

func (p *pty) read() {
	defer close(p.done)
	buf := make([]byte, 4096)
	for {
		n, err := p.master.Read(buf)
		p.mu.Lock()
		p.out.Write(buf[:n])
		close(p.more)
		p.more = make(chan struct{})
		p.mu.Unlock()
		if err != nil {
			return
		}
	}
}

// waitFor waits until the output since the last call contains s, and
// consumes and returns the output up to the end of s.
func (p *pty) waitFor(s string) string {
	p.t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		p.mu.Lock()
		i := strings.Index(p.out.String(), s)
		if i >= 0 {
			out := string(p.out.Next(i + len(s)))
			p.mu.Unlock()
			return out
		}
		more, got := p.more, p.out.String()
		p.mu.Unlock()
		select {
		case <-more:
		case <-deadline:
			p.t.Fatalf("no %q on the terminal; it shows %q", s, got)
		}
	}
}

// rest returns every byte read so far and not consumed.
func (p *pty) rest() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.out.String()
}

// typeKeys writes keys as if typed at the terminal.
func (p *pty) typeKeys(keys string) {
	p.t.Helper()
	if _, err := p.master.Write([]byte(keys)); err != nil {
		p.t.Fatalf("typing %q: %v", keys, err)
	}
}

func TestOpenPTY(t *testing.T) {
	p := newPTY(t)
	cmd := exec.Command("/bin/sh", "-c", "test -t 0 && test -t 1 && echo TTY")
	cmd.Stdin, cmd.Stdout = p.slave, p.slave
	if err := cmd.Run(); err != nil {
		t.Fatalf("sh on the pty: %v; it printed %q", err, p.rest())
	}
	p.waitFor("TTY")
}

func TestIsTerminal(t *testing.T) {
	p := newPTY(t)
	if !IsTerminal(p.slave) {
		t.Errorf("IsTerminal(pty slave) = false, want true")
	}
	if !IsTerminal(p.master) {
		t.Errorf("IsTerminal(pty master) = false, want true")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if IsTerminal(r) || IsTerminal(w) {
		t.Errorf("IsTerminal(pipe) = true, want false")
	}
	f, err := os.CreateTemp(t.TempDir(), "plain")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if IsTerminal(f) {
		t.Errorf("IsTerminal(regular file) = true, want false")
	}
}

func TestMakeRawRestores(t *testing.T) {
	p := newPTY(t)
	before, err := getTermios(p.slave)
	if err != nil {
		t.Fatal(err)
	}
	restore := makeRaw(p.slave)
	raw, err := getTermios(p.slave)
	if err != nil {
		t.Fatal(err)
	}
	if raw.Lflag&(syscall.ICANON|syscall.ECHO) != 0 {
		t.Errorf("after makeRaw, Lflag = %#o still has ICANON or ECHO", raw.Lflag)
	}
	restore()
	after, err := getTermios(p.slave)
	if err != nil {
		t.Fatal(err)
	}
	if *after != *before {
		t.Errorf("after restore, termios = %+v, want %+v", *after, *before)
	}
}
