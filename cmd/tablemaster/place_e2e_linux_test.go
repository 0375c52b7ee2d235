package main

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// listening returns the local addresses ("127.0.0.1:8080", "[::]:8080")
// of the TCP sockets listening on port, as `ss -ltn` shows them.
func listening(t *testing.T, port int) []string {
	t.Helper()
	var out []string
	for _, l := range listeners(port) {
		out = append(out, procIP(l.hexAddr)+":"+strconv.Itoa(port))
	}
	return out
}

// procIP turns /proc/net/tcp's hex address (little-endian words) into
// text: "0100007F" is 127.0.0.1; an all-zero tcp6 address is [::].
func procIP(h string) string {
	if len(h) == 8 {
		b, _ := strconv.ParseUint(h, 16, 32)
		return fmt.Sprintf("%d.%d.%d.%d", b&0xff, b>>8&0xff, b>>16&0xff, b>>24)
	}
	if strings.Trim(h, "0") == "" {
		return "[::]"
	}
	return "[" + h + "]"
}

// portOfLink is the port of a link.
func portOfLink(t *testing.T, link string) int {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := strconv.Atoi(u.Port())
	return p
}

// TestAddrBinds: with --addr 127.0.0.1, host and a game command listen on
// that address alone (ss -ltn would show 127.0.0.1:PORT, not *:PORT), and
// their links carry it.
func TestAddrBinds(t *testing.T) {
	for _, args := range [][]string{
		{"host", "--addr", "127.0.0.1"},
		{"noir", "--players", "Aki,Ben", "--addr", "127.0.0.1"},
	} {
		t.Run(args[0], func(t *testing.T) {
			dir := t.TempDir()
			c := startChild(t, args[0], append(args, "--state", dir)...)
			line := c.waitLines(1)[0]
			i := strings.Index(line, "http://")
			if i < 0 {
				t.Fatalf("first line %q has no link", line)
			}
			link := strings.Fields(line[i:])[0]
			if !strings.HasPrefix(link, "http://127.0.0.1:") {
				t.Errorf("link %q, want it at 127.0.0.1", link)
			}
			port := portOfLink(t, link)
			if got := listening(t, port); len(got) != 1 || got[0] != fmt.Sprintf("127.0.0.1:%d", port) {
				t.Errorf("listening on %v, want [127.0.0.1:%d] alone", got, port)
			}
			c.stop()
		})
	}
}

// hostLink starts `tablemaster host` on dir and returns it with its host
// page link.
func hostLink(t *testing.T, dir string, extra ...string) (*child, string) {
	t.Helper()
	c := startChild(t, "host", append([]string{"host", "--addr", "127.0.0.1", "--state", dir}, extra...)...)
	line := c.waitLines(1)[0]
	i := strings.Index(line, "http://")
	if i < 0 {
		t.Fatalf("host's first line %q has no link", line)
	}
	return c, strings.Fields(line[i:])[0]
}

// getOK fetches link and wants 200.
func getOK(t *testing.T, link string) string {
	t.Helper()
	var last error
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		resp, err := http.Get(link)
		if err != nil {
			last = err
			continue
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s = %d:\n%s", link, resp.StatusCode, b)
		}
		return string(b)
	}
	t.Fatalf("GET %s: %v", link, last)
	return ""
}

// TestHostRestartKeepsLinks: host killed with SIGKILL (or stopped with
// SIGTERM) and started again with the same flags and no --port serves on
// the same port with the same host link, and brings back the table made
// from its host page, on the same links. SIGTERM prints what was saved and
// the command that goes on.
func TestHostRestartKeepsLinks(t *testing.T) {
	for _, how := range []string{"SIGKILL", "SIGTERM"} {
		t.Run(how, func(t *testing.T) {
			dir := t.TempDir()
			h, link := hostLink(t, dir)
			getOK(t, link)
			// A table started from the host page, as the host does.
			form := url.Values{"game": {"noir"}, "players": {"Aki, Ben"}}
			client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			resp, err := client.PostForm(link+"/new", form)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusSeeOther {
				t.Fatalf("POST new = %d, want 303", resp.StatusCode)
			}
			logs, _ := filepath.Glob(filepath.Join(dir, "tables", "*.jsonl"))
			if len(logs) != 1 {
				t.Fatalf("%d logs after one new table", len(logs))
			}
			id := strings.TrimSuffix(filepath.Base(logs[0]), ".jsonl")
			hd := currentHeader(t, dir, id)
			base := fmt.Sprintf("http://%s:%d", hd.Addr, hd.Port)
			seat := base + "/s/" + hd.Tokens[0]
			screen := base + "/t/" + hd.TableToken
			getOK(t, seat)
			// The first action: a table never played is not brought back.
			page := getOK(t, seat)
			_, acts := choices(page)
			if len(acts) == 0 {
				t.Fatalf("the Killer's page offers nothing:\n%s", page)
			}
			resp, err = client.PostForm(seat+"/act", url.Values{"a": {acts[0]}})
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()

			if how == "SIGKILL" {
				h.kill()
			} else {
				h.stop()
				out := strings.Join(h.out.Lines(), "\n")
				for _, want := range []string{"Stopped. Everything is saved. Tables still open (1):\n  " + id + "  Noir: Killer vs Inspector: Aki, Ben\n" +
					"To go on, on the same links: tablemaster host --state " + dir + " --addr 127.0.0.1"} {
					if !strings.Contains(out, want) {
						t.Errorf("after SIGTERM host printed:\n%s\nwant %q", out, want)
					}
				}
			}
			h2, link2 := hostLink(t, dir)
			if link2 != link {
				t.Errorf("host link after the restart = %s, want %s", link2, link)
			}
			getOK(t, link2)
			getOK(t, seat)
			getOK(t, screen)
			if hd2 := currentHeader(t, dir, id); hd2.Port != hd.Port || hd2.Addr != hd.Addr {
				t.Errorf("table after restart at %s:%d, want %s:%d", hd2.Addr, hd2.Port, hd.Addr, hd.Port)
			}
			h2.stop()
		})
	}
}

// TestHostMovedOnPurpose: `host --port 0` after a night on another port
// says loudly, on the terminal and on the host page, that every link
// changed and every seat must scan again.
func TestHostMovedOnPurpose(t *testing.T) {
	dir := t.TempDir()
	h, link := hostLink(t, dir)
	old := portOfLink(t, link)
	h.stop()
	h2, link2 := hostLink(t, dir, "--port", "0")
	port := portOfLink(t, link2)
	if port == old {
		t.Skipf("the free port is the old one again (%d)", port)
	}
	if strings.Replace(link2, fmt.Sprint(port), fmt.Sprint(old), 1) != link {
		t.Errorf("host link after the move = %s, want %s on the new port: the night's link keeps its token", link2, link)
	}
	want := fmt.Sprintf("‼ Served on port %d, no longer on %d: every link has changed.", port, old)
	if err := waitFor(10*time.Second, func() bool { return strings.Contains(strings.Join(h2.out.Lines(), "\n"), want) }); err != nil {
		t.Errorf("host printed:\n%s\nwant %q", strings.Join(h2.out.Lines(), "\n"), want)
	}
	page := getOK(t, link2)
	if want := fmt.Sprintf("Every link changed since the last run (127.0.0.1:%d → 127.0.0.1:%d)", old, port); !strings.Contains(page, want) {
		t.Errorf("the host page does not say %q", want)
	}
	h2.stop()
}
