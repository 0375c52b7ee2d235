package main

import (
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// The log cannot grow, for real, under the real binary: the test lowers
// the running tablemaster's file size limit (RLIMIT_FSIZE, set from
// outside with prlimit(2), as `prlimit --pid` does) to a few bytes past
// its log. The kernel then writes what fits of the next line and refuses
// the rest (EFBIG) — a write cut short on a real file, the path a full
// disk takes (the ENOSPC wording itself is checked with /dev/full in
// moderator/fulldisk_test.go). No test hook is compiled into the binary.
// Raising the limit again is "space is back".

// setFileLimit sets a running process's RLIMIT_FSIZE (bytes; ^0: none).
func setFileLimit(t *testing.T, pid int, limit uint64) {
	t.Helper()
	lim := syscall.Rlimit{Cur: limit, Max: ^uint64(0)}
	if _, _, errno := syscall.RawSyscall6(syscall.SYS_PRLIMIT64, uintptr(pid), uintptr(syscall.RLIMIT_FSIZE),
		uintptr(unsafe.Pointer(&lim)), 0, 0, 0); errno != 0 {
		t.Skipf("prlimit(%d, RLIMIT_FSIZE): %v", pid, errno)
	}
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

func TestLogCannotGrowThenKillAndResume(t *testing.T) {
	const seed = 11
	dir := t.TempDir()
	port := freePort(t)
	first := startChild(t, "noir", "noir", "--players", "Aki,Ben", "--seed", strconv.Itoa(seed),
		"--port", strconv.Itoa(port), "--addr", "127.0.0.1", "--state", dir)
	l := parseLinks(t, first.waitLines(3), "Aki", "Ben")
	p := newPhones(t, l, seed)
	p.waitUp()
	for len(p.played) < 6 {
		if !p.step() {
			t.Fatal("the game ended early")
		}
	}
	logs, _ := filepath.Glob(filepath.Join(dir, "tables", "*.jsonl"))
	if len(logs) != 1 {
		t.Fatalf("logs = %q, want one", logs)
	}
	logPath := logs[0]
	before := p.screens()
	size := fileSize(t, logPath)

	// The log may grow by 10 bytes: the next line is cut short.
	setFileLimit(t, first.cmd.Process.Pid, uint64(size)+10)
	seat, v, action := -1, 0, ""
	for s, page := range before[1:] {
		if pv, acts := choices(page); len(acts) > 0 {
			seat, v, action = s, pv, p.pick(acts)
			break
		}
	}
	if seat < 0 {
		t.Fatal("no seat is offered an action")
	}
	// The page's script posts and shows the answer: a message in the
	// page's language that names no file.
	for _, lang := range []string{"en", "ja"} {
		req, _ := http.NewRequest("POST", l.seats[seat]+"/act", strings.NewReader(url.Values{"a": {action}, "v": {strconv.Itoa(v)}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Tablemaster", "fetch")
		req.Header.Set("Accept-Language", lang)
		resp, err := p.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		want := map[string]string{"en": "The game master&#39;s laptop could not save this. Nothing was done",
			"ja": "ゲームマスターのノートPCに保存できませんでした。何も行われていません"}[lang]
		if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), want) {
			t.Errorf("%s: %q with the log full = %s, want 503 and %q", lang, action, resp.Status, html.UnescapeString(want))
		}
		for _, leak := range []string{dir, ".jsonl", "file too large"} {
			if strings.Contains(string(body), leak) {
				t.Errorf("%s: the phone is shown %q", lang, leak)
			}
		}
	}
	// A plain form is sent back to its page with the same message.
	if loc, want := p.post(seat, action, v), p.path(seat)+"?m=notsaved"; loc != want {
		t.Errorf("plain form with the log full: redirect to %q, want %q", loc, want)
	}
	if got := fileSize(t, logPath); got != size {
		t.Fatalf("the log is %d bytes after the refused action, want %d: the torn line stayed", got, size)
	}
	after := p.screens()
	for i := range before {
		if before[i] != after[i] {
			t.Errorf("page %d shows the refused action:\n%s", i, firstDiff(before[i], after[i]))
		}
	}
	// The console says it loudly, with the cause, and names no action.
	if err := waitFor(5*time.Second, func() bool {
		out := strings.Join(first.out.Lines(), "\n")
		return strings.Contains(out, "‼ NOT SAVED: the log could not be written, so an action was refused") &&
			strings.Contains(out, "file too large")
	}); err != nil {
		t.Errorf("the console did not report the failure:\n%s", strings.Join(first.out.Lines(), "\n"))
	}

	// Space is back: the same action goes through, and play goes on.
	setFileLimit(t, first.cmd.Process.Pid, ^uint64(0))
	p.act(seat, action, v)
	for len(p.played) < 10 {
		if !p.step() {
			t.Fatal("the game ended early")
		}
	}
	beforeKill := p.screens()
	first.kill()
	if got := actions(readLog(t, logPath)); strings.Join(got, "\n") != strings.Join(p.played, "\n") {
		t.Fatalf("log after the kill:\n%s\nwant the accepted actions:\n%s", strings.Join(got, "\n"), strings.Join(p.played, "\n"))
	}

	second := startChild(t, "resume", "resume", "--state", dir)
	second.waitLines(4)
	p.waitUp()
	if s := withoutHeadless(second.errOut.String()); s != "" {
		t.Errorf("resume stderr = %q, want nothing (nothing dropped)", s)
	}
	for i, page := range p.screens() {
		if page != beforeKill[i] {
			t.Errorf("page %d after resume differs:\n%s", i, firstDiff(beforeKill[i], page))
		}
	}
	second.stop()
}

// A damaged complete line is not resumed and not touched; once a person
// chose to, --set-aside-damaged copies it (and what follows) beside the
// log and resumes from the lines before it.
func TestResumeSetsAsideADamagedLineOnlyWhenAsked(t *testing.T) {
	r := runNoirScript(t, "noir_win.txt")
	if r.code != 0 || len(r.logs) != 1 {
		t.Fatalf("script: code %d, logs %q", r.code, r.logs)
	}
	whole, _ := os.ReadFile(r.logs[0])
	lines := strings.SplitAfter(string(whole), "\n")
	dir := t.TempDir()
	id := strings.TrimSuffix(filepath.Base(r.logs[0]), ".jsonl")
	path := filepath.Join(dir, "tables", id+".jsonl")
	os.MkdirAll(filepath.Dir(path), 0o700)
	good := strings.Join(lines[:5], "")
	damaged := strings.Replace(lines[5], `"act"`, `"acT"`, 1)
	if err := os.WriteFile(path, []byte(good+damaged), 0o600); err != nil {
		t.Fatal(err)
	}

	refused := startChild(t, "resume", "resume", "--state", dir)
	if err := refused.wait(10 * time.Second); err == nil {
		t.Fatal("resume of a damaged log succeeded")
	}
	for _, want := range []string{"skipping " + id, path + ": line 6: unknown record type", "--set-aside-damaged " + id} {
		if !strings.Contains(refused.errOut.String(), want) {
			t.Errorf("resume stderr %q, want %q", refused.errOut, want)
		}
	}
	if got, _ := os.ReadFile(path); string(got) != good+damaged {
		t.Fatalf("the log changed:\n%s", got)
	}

	resumed := startChild(t, "resume --set-aside-damaged", "resume", "--set-aside-damaged", "--state", dir, id)
	if lines := resumed.waitLines(1); lines[0] != fmt.Sprintf("resumed %s (noir, Aki, Ben)", id) {
		t.Errorf("first line %q", lines[0])
	}
	aside := filepath.Join(dir, "tables", id+".from-line-6.damaged")
	if want := fmt.Sprintf("%s: line 6 and everything after it were set aside in %s", id, aside); !strings.Contains(resumed.errOut.String(), want) {
		t.Errorf("stderr %q, want %q", resumed.errOut, want)
	}
	if got, _ := os.ReadFile(aside); string(got) != damaged {
		t.Errorf("set aside %q, want %q", got, damaged)
	}
	// The table was never served (port 0), so resume gives it a free port
	// and writes that move after the kept lines; nothing else may follow.
	got, _ := os.ReadFile(path)
	rest, ok := strings.CutPrefix(string(got), good)
	for _, l := range strings.Split(strings.TrimSuffix(rest, "\n"), "\n") {
		ok = ok && (l == "" || strings.HasPrefix(l, `{"t":"port",`))
	}
	if !ok {
		t.Errorf("the log is now:\n%s\nwant the lines before the damage (and a port move)", got)
	}
	resumed.stop()
}
