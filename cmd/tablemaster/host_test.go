package main

import (
	"bytes"
	"io"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer the test reads while the command writes.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// `tablemaster host` serves the night: it prints the host page's link,
// the page starts a table whose phones and table screen are served by the
// same process, and Ctrl-C stops it with the table saved.
func TestHostServesTheNight(t *testing.T) {
	f, _, _ := testFactory(t)
	out := &lockedBuffer{}
	f.Out = out
	sig := make(chan os.Signal, 1)
	f.SignalNotify = func() (<-chan os.Signal, func()) { return sig, func() {} }
	state := t.TempDir()
	done := make(chan int)
	go func() { done <- run(f, []string{"host", "--state", state}) }()
	link := regexp.MustCompile(`http://\S+/h/\S+`)
	var host string
	for start := time.Now(); host == ""; time.Sleep(10 * time.Millisecond) {
		if time.Since(start) > 10*time.Second {
			t.Fatalf("no host link printed:\n%s", out)
		}
		host = link.FindString(out.String())
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.PostForm(host+"/new", url.Values{"game": {"noir"}, "players": {"Aki,Ben"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("starting a table: %d", resp.StatusCode)
	}
	resp, err = http.Get(host)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	screen := regexp.MustCompile(`href="(/t/[^"]+)"`).FindStringSubmatch(string(page))
	if screen == nil {
		t.Fatalf("the host page lists no table screen:\n%s", page)
	}
	base := host[:strings.Index(host, "/h/")]
	if resp, err = http.Get(base + screen[1]); err != nil || resp.StatusCode != 200 {
		t.Fatalf("the table screen: %v %v", resp, err)
	}
	resp.Body.Close()
	// One tablemaster per state folder: a game command next to the host
	// is refused, naming the host.
	f2, _, errOut2 := testFactory(t)
	if code := run(f2, []string{"noir", "--players", "Chika,Dai", "--state", state}); code == 0 ||
		!strings.Contains(errOut2.String(), "another tablemaster is serving the tables of "+state) || !strings.Contains(errOut2.String(), "(pid ") {
		t.Errorf("noir beside the host: exit %d, stderr %q", code, errOut2)
	}
	sig <- syscall.SIGTERM
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("host stopped with %d", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("host does not stop on SIGTERM")
	}
	logs, _ := os.ReadDir(state + "/tables")
	if len(logs) != 1 {
		t.Errorf("%d table logs, want the one started", len(logs))
	}
	// The night goes on: a new host picks up the table still in play,
	// on the same table screen link.
	out2 := &lockedBuffer{}
	f.Out = out2
	go func() { done <- run(f, []string{"host", "--state", state}) }()
	host = ""
	for start := time.Now(); host == ""; time.Sleep(10 * time.Millisecond) {
		if time.Since(start) > 10*time.Second {
			t.Fatalf("no host link printed the second time:\n%s", out2)
		}
		host = link.FindString(out2.String())
	}
	base = host[:strings.Index(host, "/h/")]
	resp, err = http.Get(host)
	if err != nil {
		t.Fatal(err)
	}
	page, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(page), `href="`+screen[1]+`"`) {
		t.Errorf("the second host does not list the table in play:\n%s", page)
	}
	if resp, err = http.Get(base + screen[1]); err != nil || resp.StatusCode != 200 {
		t.Errorf("the table screen after the host started again: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}
	sig <- syscall.SIGTERM
	<-done
}

// Run without a terminal (piped output, a service), a game command says
// on stderr that it runs without the console, and stdout keeps the links.
func TestHeadlessSaysSo(t *testing.T) {
	f, out, errOut := testFactory(t)
	sig := make(chan os.Signal, 1)
	sig <- syscall.SIGTERM // stop as soon as it serves
	f.SignalNotify = func() (<-chan os.Signal, func()) { return sig, func() {} }
	if code := run(f, []string{"noir", "--players", "Aki,Ben", "--state", t.TempDir()}); code != 0 {
		t.Fatalf("noir: exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut.String(), "no terminal") || strings.Contains(out.String(), "no terminal") {
		t.Errorf("stderr %q, stdout %q: want the note on stderr only", errOut, out)
	}
	if !strings.Contains(out.String(), "seat Aki http://") {
		t.Errorf("stdout lacks the links:\n%s", out)
	}
}
