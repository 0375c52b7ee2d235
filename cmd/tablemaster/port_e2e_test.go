package main

import (
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// startedTable is a table started by the real binary, played a little
// over HTTP and killed.
type startedTable struct {
	id    string
	port  int
	links links
	p     *phones
	pages []string // every page just before the kill
}

// startAndKill starts a noir table on a free port in dir, plays n actions
// from the phones and kills the process.
func startAndKill(t *testing.T, dir string, seed uint64, n int) startedTable {
	t.Helper()
	before, _ := filepath.Glob(filepath.Join(dir, "tables", "*.jsonl"))
	// No --port: a port found free beforehand may be taken by a test
	// running beside this one before the table gets it.
	c := startChild(t, "noir", "noir", "--players", "Aki,Ben", "--seed", strconv.FormatUint(seed, 10),
		"--addr", "127.0.0.1", "--state", dir)
	l := parseLinks(t, c.waitLines(3), "Aki", "Ben")
	u, err := url.Parse(l.table)
	if err != nil {
		t.Fatal(err)
	}
	port, _ := strconv.Atoi(u.Port())
	p := newPhones(t, l, seed)
	p.waitUp()
	for len(p.played) < n {
		if !p.step() {
			t.Fatalf("seed %d: the game ended after %d actions", seed, len(p.played))
		}
	}
	pages := p.screens()
	c.kill()
	after, _ := filepath.Glob(filepath.Join(dir, "tables", "*.jsonl"))
	for _, path := range after {
		if !strings.Contains(strings.Join(before, "\n"), path) {
			return startedTable{id: strings.TrimSuffix(filepath.Base(path), ".jsonl"), port: port, links: l, p: p, pages: pages}
		}
	}
	t.Fatalf("no new log in %s", dir)
	return startedTable{}
}

// moved is l with its port changed.
func (l links) moved(from, to int) links {
	r := strings.NewReplacer(fmt.Sprintf(":%d/", from), fmt.Sprintf(":%d/", to))
	out := links{table: r.Replace(l.table)}
	for _, s := range l.seats {
		out.seats = append(out.seats, r.Replace(s))
	}
	return out
}

// linkLines are the lines a headless tablemaster prints for l.
func (l links) lines() []string {
	out := []string{"table " + l.table}
	for i, name := range []string{"Aki", "Ben"} {
		out = append(out, "seat "+name+" "+l.seats[i])
	}
	return out
}

// waitOut waits until the child printed every one of want, in any order
// with other lines between.
func (c *child) waitOut(want ...string) {
	c.t.Helper()
	missing := func() []string {
		got := "\n" + strings.Join(c.out.Lines(), "\n") + "\n"
		var m []string
		for _, w := range want {
			if !strings.Contains(got, "\n"+w+"\n") {
				m = append(m, w)
			}
		}
		return m
	}
	if err := waitFor(10*time.Second, func() bool { return len(missing()) == 0 }); err != nil {
		c.t.Fatalf("%s did not print %q; stdout:\n%s\nstderr:\n%s", c.name, missing(), strings.Join(c.out.Lines(), "\n"), c.errOut)
	}
}

var movedRE = regexp.MustCompile(`^Table (\S+) moves to port (\d+)\.`)

// TestResumeBusyPort resumes two tables whose port another program holds.
// A game command started again serves on the state folder's port, so both
// tables share it. Resume waits for the port, then stops and names who
// holds it: links are not moved behind the host's back. With --port 0 both
// tables move on purpose to one free port, with their new links printed
// and working (same tokens, same game). The move is in the log, so a
// second resume and print links use the new port, and a resume while one
// runs leaves its tables alone.
func TestResumeBusyPort(t *testing.T) {
	dir := t.TempDir()
	a := startAndKill(t, dir, 11, 6)
	b := startAndKill(t, dir, 14, 4)
	if b.port != a.port {
		t.Errorf("the second table was served on port %d, want %d: the port the state folder was served on", b.port, a.port)
	}

	// Another program takes the port.
	hold, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", a.port))
	if err != nil {
		t.Fatal(err)
	}
	defer hold.Close()

	busy := startChild(t, "resume busy", "resume", "--state", dir)
	if err := busy.wait(30 * time.Second); err == nil {
		t.Errorf("resume with its port taken: exit code 0, want 1")
	}
	want := fmt.Sprintf("Port %d, where this state folder's tables were served, is in use by pid %d (", a.port, os.Getpid())
	if s := busy.errOut.String(); !strings.Contains(s, want) || !strings.Contains(s, "--port N") {
		t.Errorf("resume with its port taken: stderr = %q, want %q… and how to move with --port N", s, want)
	}
	for _, id := range []string{a.id, b.id} {
		if p := portRecords(t, dir, id); len(p) != 0 {
			t.Errorf("%s: port records %v after a refused resume, want none", id, p)
		}
	}

	r := startChild(t, "resume", "resume", "--port", "0", "--state", dir)
	r.waitOut("resumed "+a.id+" (noir, Aki, Ben)", "resumed "+b.id+" (noir, Aki, Ben)")
	var newPort int
	movedTables := map[string]bool{}
	for _, line := range r.out.Lines() {
		if m := movedRE.FindStringSubmatch(line); m != nil {
			p, _ := strconv.Atoi(m[2])
			if newPort != 0 && p != newPort {
				t.Errorf("resume says %q, want every table on port %d", line, newPort)
			}
			newPort = p
			movedTables[m[1]] = true
		}
	}
	if newPort == 0 || newPort == a.port || !movedTables[a.id] || !movedTables[b.id] {
		t.Fatalf("resume --port 0 names no new port for %s and %s; stdout:\n%s\nstderr:\n%s", a.id, b.id, strings.Join(r.out.Lines(), "\n"), r.errOut)
	}
	// Their own tokens on the new port.
	aLinks := a.links.moved(a.port, newPort)
	bLinks := b.links.moved(b.port, newPort)
	r.waitOut(append(aLinks.lines(), bLinks.lines()...)...)
	b.p.links = bLinks

	// The pages on the new port are table a's, as they were.
	a.p.links = aLinks
	a.p.waitUp()
	for i, page := range a.p.screens() {
		if page != a.pages[i] {
			t.Errorf("page %d of %s on port %d differs from before:\n%s", i, a.id, newPort, firstDiff(a.pages[i], page))
		}
	}
	a.p.step()
	b.p.waitUp()
	b.p.step()

	// print links, run beside it, reads the move from the log.
	cards := filepath.Join(t.TempDir(), "cards.html")
	pr := startChild(t, "print links", "print", "links", "--table", a.id, "--format", "html", "-o", cards, "--state", dir)
	if err := pr.wait(20 * time.Second); err != nil {
		t.Fatalf("print links: %v; stderr:\n%s", err, pr.errOut)
	}
	html, err := os.ReadFile(cards)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range aLinks.seats {
		if !strings.Contains(string(html), s) {
			t.Errorf("the join cards do not carry the new link %s", s)
		}
	}

	// A second resume while this one runs takes nothing: one tablemaster
	// serves a state folder, and two processes must never write one log.
	// The refusal names the running one.
	twice := startChild(t, "resume twice", "resume", "--state", dir)
	if err := twice.wait(10 * time.Second); err == nil {
		t.Errorf("a second resume while one runs: exit code 0, want 1")
	}
	if want := "another tablemaster is serving the tables of " + dir + " (pid "; !strings.Contains(twice.errOut.String(), want) ||
		!strings.Contains(twice.errOut.String(), "resume --port 0 --state "+dir) {
		t.Errorf("second resume: stderr = %q, want %q and the running command", twice.errOut, want)
	}

	// SIGTERM: the hint names the command for every unfinished table.
	r.stop()
	r.waitOut("Everything is saved. To go on: tablemaster resume --state " + dir)

	// The old port is free again, but the phones hold the new links: the
	// next resume keeps the tables on the new port, and says nothing moved.
	hold.Close()
	again := startChild(t, "resume again", "resume", "--state", dir)
	again.waitOut(append(aLinks.lines(), bLinks.lines()...)...)
	a.p.waitUp()
	a.p.step()
	again.stop()
	for _, line := range again.out.Lines() {
		if movedRE.MatchString(line) {
			t.Errorf("the second resume moved a table again: %q", line)
		}
	}
	if s := again.errOut.String(); s != "" {
		t.Errorf("second resume: stderr = %q, want nothing", s)
	}
	recs := readLog(t, filepath.Join(dir, "tables", a.id+".jsonl"))
	var ports []int
	for _, r := range recs {
		if r.Type == "port" {
			ports = append(ports, r.Port)
		}
	}
	if len(ports) != 1 || ports[0] != newPort {
		t.Errorf("port records in %s's log = %v, want [%d]", a.id, ports, newPort)
	}
	if got := actions(recs); strings.Join(got, "\n") != strings.Join(a.p.played, "\n") {
		t.Errorf("log of %s:\n%s\nwant the accepted actions:\n%s", a.id, strings.Join(got, "\n"), strings.Join(a.p.played, "\n"))
	}
}
