package main

import (
	"fmt"
	"html"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
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
)

// These tests run the real binary headless (stdin and stdout are not a
// terminal), play over HTTP as the phones would, kill it with SIGKILL in
// the middle of a game and `tablemaster resume` it: the links must still
// work and nothing accepted may be lost (DESIGN.md principle 3).

// child is a running tablemaster.
type child struct {
	t      *testing.T
	name   string
	cmd    *exec.Cmd
	out    *lineBuffer
	errOut *syncBuffer
	done   chan struct{} // closed once the process has been waited for
	err    error         // from Wait, once done is closed
}

// lineBuffer collects a child's stdout as lines.
type lineBuffer struct {
	mu      sync.Mutex
	partial []byte
	lines   []string
}

func (b *lineBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.partial = append(b.partial, p...)
	for {
		i := strings.IndexByte(string(b.partial), '\n')
		if i < 0 {
			break
		}
		b.lines = append(b.lines, string(b.partial[:i]))
		b.partial = b.partial[i+1:]
	}
	return len(p), nil
}

func (b *lineBuffer) Lines() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.lines...)
}

// startChild starts the binary with no terminal: stdin is /dev/null and
// stdout a pipe. It is killed when the test ends, if it still runs.
func startChild(t *testing.T, name string, args ...string) *child {
	t.Helper()
	cmd := exec.Command(tablemasterBin(t), args...)
	cmd.Env = append(os.Environ(), "TABLEMASTER_LANG=en")
	c := &child{t: t, name: name, cmd: cmd, out: &lineBuffer{}, errOut: &syncBuffer{}, done: make(chan struct{})}
	cmd.Stdout, cmd.Stderr = c.out, c.errOut
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", name, err)
	}
	go func() {
		c.err = cmd.Wait()
		close(c.done)
	}()
	t.Cleanup(func() {
		select {
		case <-c.done:
			return
		default:
		}
		cmd.Process.Kill()
		select {
		case <-c.done:
		case <-time.After(5 * time.Second):
			t.Errorf("%s: still running 5s after SIGKILL", name)
		}
	})
	return c
}

// waitLines waits until the child printed at least n lines.
func (c *child) waitLines(n int) []string {
	c.t.Helper()
	err := waitFor(10*time.Second, func() bool {
		select {
		case <-c.done:
			return true
		default:
			return len(c.out.Lines()) >= n
		}
	})
	lines := c.out.Lines()
	if err != nil || len(lines) < n {
		c.t.Fatalf("%s printed %d lines, want %d (%v); stdout:\n%s\nstderr:\n%s", c.name, len(lines), n, err,
			strings.Join(lines, "\n"), c.errOut)
	}
	return lines
}

// kill sends SIGKILL: no deferred function, no flush, no goodbye.
func (c *child) kill() {
	c.t.Helper()
	if err := c.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		c.t.Fatalf("kill %s: %v", c.name, err)
	}
	c.wait(5 * time.Second)
}

// stop sends SIGTERM, as a service manager would, and wants a clean exit.
func (c *child) stop() {
	c.t.Helper()
	if err := c.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		c.t.Fatalf("SIGTERM %s: %v", c.name, err)
	}
	if err := c.wait(5 * time.Second); err != nil {
		c.t.Errorf("%s after SIGTERM: %v, want exit code 0; stderr:\n%s", c.name, err, c.errOut)
	}
}

func (c *child) wait(d time.Duration) error {
	c.t.Helper()
	select {
	case <-c.done:
		return c.err
	case <-time.After(d):
		c.t.Fatalf("%s did not exit within %v", c.name, d)
		return nil
	}
}

// links is what a headless tablemaster prints first.
type links struct {
	table string
	seats []string // by seat: Aki, Ben
}

var (
	tableLineRE = regexp.MustCompile(`^table (http://127\.0\.0\.1:\d+/t/[A-Za-z0-9_-]{22})$`)
	seatLineRE  = regexp.MustCompile(`^seat (\S+) (http://127\.0\.0\.1:\d+/s/[A-Za-z0-9_-]{22})$`)
)

func parseLinks(t *testing.T, lines []string, names ...string) links {
	t.Helper()
	var l links
	m := tableLineRE.FindStringSubmatch(lines[0])
	if m == nil {
		t.Fatalf("first line %q, want \"table http://127.0.0.1:PORT/t/TOKEN\"", lines[0])
	}
	l.table = m[1]
	for i, name := range names {
		m := seatLineRE.FindStringSubmatch(lines[1+i])
		if m == nil || m[1] != name {
			t.Fatalf("line %d = %q, want \"seat %s http://127.0.0.1:PORT/s/TOKEN\"", i+2, lines[1+i], name)
		}
		l.seats = append(l.seats, m[2])
	}
	return l
}

// freePort finds a port nobody listens on, on loopback.
func freePort(t *testing.T) int {
	t.Helper()
	// A port below the kernel's ephemeral range (32768 and up on Linux),
	// free on every interface as the binary listens: no client socket of a
	// test running beside this one (the moderator's hold on many loopback
	// addresses) can take it between here and the binary's listen, or
	// between a SIGKILL and the resume that listens on it again.
	r := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), uint64(os.Getpid())))
	for range 200 {
		port := 20000 + r.IntN(12000)
		ln, err := net.Listen("tcp", net.JoinHostPort("", strconv.Itoa(port)))
		if err == nil {
			ln.Close()
			return port
		}
	}
	t.Fatal("no free port between 20000 and 32000")
	return 0
}

// phones plays over HTTP exactly as the pages' plain forms do.
type phones struct {
	t      *testing.T
	client *http.Client
	links  links
	rng    *rand.Rand
	played []string // accepted actions, "seat action", in order
}

func newPhones(t *testing.T, l links, seed uint64) *phones {
	return &phones{t: t, links: l, rng: rand.New(rand.NewPCG(seed, 1)), client: &http.Client{
		Timeout: 5 * time.Second,
		// Fresh connections only: the server is killed under us.
		Transport: &http.Transport{DisableKeepAlives: true},
		// A form post answers with a redirect; its Location says how it went.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

func (p *phones) get(link string) string {
	p.t.Helper()
	resp, err := p.client.Get(link)
	if err != nil {
		p.t.Fatalf("GET %s: %v", link, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		p.t.Fatalf("GET %s: %d %v", link, resp.StatusCode, err)
	}
	return string(body)
}

// waitUp waits until the server answers the table link.
func (p *phones) waitUp() {
	p.t.Helper()
	err := waitFor(10*time.Second, func() bool {
		resp, err := p.client.Get(p.links.table)
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	})
	if err != nil {
		p.t.Fatalf("%s does not answer: %v", p.links.table, err)
	}
}

var (
	versionRE = regexp.MustCompile(`name="v" value="(\d+)"`)
	buttonRE  = regexp.MustCompile(`<button name="a" value="([^"]*)"`)
	playersRE = regexp.MustCompile(`<div class="players">.*?</div>`)
)

// choices reads a phone page: the state version of its forms and the
// actions of its buttons.
func choices(page string) (v int, acts []string) {
	v = -1
	if m := versionRE.FindStringSubmatch(page); m != nil {
		v, _ = strconv.Atoi(m[1])
	}
	for _, m := range buttonRE.FindAllStringSubmatch(page, -1) {
		acts = append(acts, html.UnescapeString(m[1]))
	}
	return v, acts
}

func over(page string) bool { return strings.Contains(page, `id="over"`) }

// step lets the seat whose page offers actions take one: not a shift
// seven times in ten, so the game ends soon. It reports false once the
// game is over.
func (p *phones) step() bool {
	p.t.Helper()
	if over(p.get(p.links.table)) {
		return false
	}
	for seat, link := range p.links.seats {
		v, acts := choices(p.get(link))
		if len(acts) == 0 {
			continue
		}
		if v != len(p.played) {
			p.t.Fatalf("seat %d's page is at version %d after %d accepted actions", seat, v, len(p.played))
		}
		p.act(seat, p.pick(acts), v)
		return true
	}
	p.t.Fatalf("the game is not over but no seat is offered an action")
	return false
}

// pick chooses one of a page's actions.
func (p *phones) pick(acts []string) string {
	var notShift []string
	for _, a := range acts {
		if !strings.HasPrefix(a, "shift ") {
			notShift = append(notShift, a)
		}
	}
	if len(notShift) > 0 && p.rng.Float64() < 0.7 {
		return notShift[p.rng.IntN(len(notShift))]
	}
	return acts[p.rng.IntN(len(acts))]
}

// act posts the form a phone's button submits.
func (p *phones) act(seat int, action string, v int) {
	p.t.Helper()
	if loc, want := p.post(seat, action, v), p.path(seat); loc != want {
		p.t.Fatalf("seat %d: %q at version %d: redirect to %q, want %s (accepted)", seat, action, v, loc, want)
	}
	p.played = append(p.played, fmt.Sprintf("%d %s", seat, action))
}

// post submits an action form and returns where the answer redirects.
func (p *phones) post(seat int, action string, v int) string {
	p.t.Helper()
	resp, err := p.client.PostForm(p.links.seats[seat]+"/act", url.Values{"a": {action}, "v": {strconv.Itoa(v)}})
	if err != nil {
		p.t.Fatalf("seat %d: %q: %v", seat, action, err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		p.t.Fatalf("seat %d: %q at version %d: %s, want 303 See Other", seat, action, v, resp.Status)
	}
	return resp.Header.Get("Location")
}

func (p *phones) path(seat int) string {
	u, err := url.Parse(p.links.seats[seat])
	if err != nil {
		p.t.Fatal(err)
	}
	return u.Path
}

// screens is every page of the table, minus who is online (a restart
// forgets that on purpose).
// bodyRE finds the page's note of the body it holds.
var bodyRE = regexp.MustCompile(` data-v="\d+" data-h="[0-9a-z]+"`)

func (p *phones) screens() []string {
	p.t.Helper()
	// Which body a page holds (data-v, data-h) names the versions of
	// this run, which count who came and went: set aside, with who is
	// online on the table screen.
	out := []string{bodyRE.ReplaceAllString(playersRE.ReplaceAllString(p.get(p.links.table), ""), "")}
	for _, l := range p.links.seats {
		out = append(out, bodyRE.ReplaceAllString(p.get(l), ""))
	}
	return out
}

func TestResumeAfterKill(t *testing.T) {
	for _, tt := range []struct {
		name string
		seed uint64
		// halfLine is appended to the log after the kill, as if the
		// machine died in the middle of a write.
		halfLine string
	}{
		{name: "clean kill", seed: 11},
		{name: "half-written line", seed: 14, halfLine: `{"t":"act","at":"2025-01-02T03:04:05Z","seat":1,"a":"arr`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			testResumeAfterKill(t, tt.seed, tt.halfLine)
		})
	}
}

func testResumeAfterKill(t *testing.T, seed uint64, halfLine string) {
	dir := t.TempDir()
	port := freePort(t)
	first := startChild(t, "noir", "noir", "--players", "Aki,Ben", "--seed", strconv.FormatUint(seed, 10),
		"--port", strconv.Itoa(port), "--addr", "127.0.0.1", "--state", dir)
	l := parseLinks(t, first.waitLines(3), "Aki", "Ben")
	if want := fmt.Sprintf("http://127.0.0.1:%d/", port); !strings.HasPrefix(l.table, want) {
		t.Fatalf("table link %s, want it on %s", l.table, want)
	}
	p := newPhones(t, l, seed)
	p.waitUp()

	// Half a game: past the deal, into the turns.
	const half = 14
	for len(p.played) < half {
		if !p.step() {
			t.Fatalf("seed %d: the game ended after %d actions; pick a longer one", seed, len(p.played))
		}
	}
	before := p.screens()
	if !strings.Contains(before[0], `<b id="kills">`) || !strings.Contains(before[0], `<table class="grid">`) {
		t.Fatalf("the table screen shows no grid or kill count:\n%s", before[0])
	}
	// The GM console printed the public events, and nothing private.
	if err := waitFor(5*time.Second, func() bool {
		return strings.Contains(strings.Join(first.out.Lines(), "\n"), "The Inspector drew four cards.")
	}); err != nil {
		t.Errorf("the headless console did not print the public events:\n%s", strings.Join(first.out.Lines(), "\n"))
	}
	first.kill()
	for _, line := range first.out.Lines() {
		if strings.Contains(line, "🔒") || strings.Contains(line, "Your identity") {
			t.Errorf("the headless console printed a secret: %q", line)
		}
	}

	logs, _ := filepath.Glob(filepath.Join(dir, "tables", "*.jsonl"))
	if len(logs) != 1 {
		t.Fatalf("logs = %q, want one", logs)
	}
	id := strings.TrimSuffix(filepath.Base(logs[0]), ".jsonl")
	// Every action the phones were told was accepted is on disk.
	if got := actions(readLog(t, logs[0])); strings.Join(got, "\n") != strings.Join(p.played, "\n") {
		t.Fatalf("log after the kill:\n%s\nwant the accepted actions:\n%s", strings.Join(got, "\n"), strings.Join(p.played, "\n"))
	}
	if halfLine != "" {
		f, err := os.OpenFile(logs[0], os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString(halfLine); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}

	second := startChild(t, "resume", "resume", "--state", dir)
	lines := second.waitLines(4)
	if want := "resumed " + id + " (noir, Aki, Ben)"; lines[0] != want {
		t.Errorf("resume printed %q first, want %q", lines[0], want)
	}
	// The same links: same tokens, same port.
	if l2 := parseLinks(t, lines[1:], "Aki", "Ben"); l2.table != l.table || strings.Join(l2.seats, " ") != strings.Join(l.seats, " ") {
		t.Fatalf("links after resume %+v, want %+v", l2, l)
	}
	p.waitUp()
	if halfLine != "" {
		want := fmt.Sprintf("tablemaster: %s: dropped a half-written last line (%d bytes); everything before it is kept\n", id, len(halfLine))
		if err := waitFor(5*time.Second, func() bool { return strings.Contains(second.errOut.String(), want) }); err != nil {
			t.Errorf("resume stderr = %q, want %q", second.errOut, want)
		}
	} else if s := withoutHeadless(second.errOut.String()); s != "" {
		t.Errorf("resume stderr = %q, want nothing", s)
	}

	// Every page is as it was before the kill: board, kills, story, each
	// seat's secrets and choices, and the state version of the forms.
	after := p.screens()
	for i := range before {
		if before[i] != after[i] {
			t.Errorf("page %d after resume differs from before the kill:\n%s", i, firstDiff(before[i], after[i]))
		}
	}

	// A phone that stayed open through the crash acts from its old page
	// without reloading; a page older than that is refused as out of date.
	acted := false
	for seat, page := range before[1:] {
		v, acts := choices(page)
		if len(acts) == 0 {
			continue
		}
		a := p.pick(acts)
		if loc, want := p.post(seat, a, v-1), p.path(seat)+"?m=stale"; loc != want {
			t.Fatalf("seat %d: %q from a page at version %d of %d: redirect to %q, want %q", seat, a, v-1, v, loc, want)
		}
		p.act(seat, a, v)
		acted = true
		break
	}
	if !acted {
		t.Fatal("no page before the kill offered an action")
	}

	// Play on to the end with the same links.
	for p.step() {
		if len(p.played) > 400 {
			t.Fatalf("no winner after %d actions", len(p.played))
		}
	}
	t.Logf("seed %d: %d actions, %d of them before the kill", seed, len(p.played), half)
	end := p.screens()
	for i, page := range end {
		if !over(page) {
			t.Errorf("page %d does not show the game over", i)
		}
		if _, acts := choices(page); len(acts) != 0 {
			t.Errorf("page %d still offers %q after the game", i, acts)
		}
	}
	if !strings.Contains(end[0], "wins") {
		t.Errorf("the table screen names no winner")
	}
	second.stop()

	recs := readLog(t, logs[0]) // the cut line is gone: every line is a record
	if got := actions(recs); strings.Join(got, "\n") != strings.Join(p.played, "\n") || len(recs) != 1+len(p.played) {
		t.Errorf("final log (%d records):\n%s\nwant the header and the accepted actions:\n%s", len(recs),
			strings.Join(got, "\n"), strings.Join(p.played, "\n"))
	}
	if h := recs[0].Header; h.Port != port || h.Addr != "127.0.0.1" || h.Seed != seed {
		t.Errorf("header %+v, want port %d, addr 127.0.0.1, seed %d", h, port, seed)
	}

	// A finished table is not resumed again.
	third := startChild(t, "resume again", "resume", "--state", dir)
	if err := third.wait(10 * time.Second); err == nil || !strings.Contains(third.errOut.String(), "no unfinished table") {
		t.Errorf("resume of a finished night: %v, stderr %q; want exit code 1, \"no unfinished table\"", err, third.errOut)
	}
}

// firstDiff shows where two pages part.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(i-80, 0)
	return fmt.Sprintf("before: …%s\n after: …%s", a[from:min(i+120, len(a))], b[from:min(i+120, len(b))])
}
