package moderator

import (
	"bytes"
	"encoding/json"
	"errors"
	"html"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/noir"
)

// These tests make the log's writes fail as a full disk does and check
// DESIGN.md principle 3: an action the log could not store did not
// happen — not in the game, the story, any page or the file — the
// devices are told so without a path, the GM console says it loudly with
// the cause, and play goes on with nothing lost once there is room.

// diskFull makes every write of the table's log fail with ENOSPC: the
// log writes to /dev/full, whose writes the kernel refuses that way. The
// returned function gives the log its real file back (space is back).
func diskFull(t *testing.T, tb *Table) (spaceIsBack func()) {
	t.Helper()
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full here: %v", err)
	}
	tb.mu.Lock()
	real := tb.log.f
	tb.log.f = full
	tb.mu.Unlock()
	return func() {
		tb.mu.Lock()
		tb.log.f = real
		tb.mu.Unlock()
		full.Close()
	}
}

// crampedFile is the real log file on a file system with room bytes left:
// a write that does not fit stops short and then fails with ENOSPC, as
// the kernel does, leaving the bytes that fitted in the file.
type crampedFile struct {
	*os.File
	room     int
	failSync bool // Sync fails with EIO, as a dying disk's does
}

func (c *crampedFile) Write(p []byte) (int, error) {
	if len(p) <= c.room {
		c.room -= len(p)
		return c.File.Write(p)
	}
	n, err := c.File.Write(p[:c.room])
	c.room -= n
	if err == nil {
		err = &os.PathError{Op: "write", Path: c.Name(), Err: syscall.ENOSPC}
	}
	return n, err
}

func (c *crampedFile) Sync() error {
	if c.failSync {
		return &os.PathError{Op: "sync", Path: c.Name(), Err: syscall.EIO}
	}
	return c.File.Sync()
}

// everything is what every device and the console may see of a table.
func everything(tb *Table) []Snapshot {
	return []Snapshot{tb.Snapshot(engine.Public), tb.Snapshot(noir.Killer), tb.Snapshot(noir.Inspector)}
}

// sameEverything compares what each device sees. Version also counts who
// opened a page, which a restart forgets on purpose: it is left out.
func sameEverything(t *testing.T, what string, before, after []Snapshot) {
	t.Helper()
	for i := range before {
		b, a := before[i], after[i]
		for _, f := range []struct {
			name string
			b, a any
		}{{"view", b.View, a.View}, {"choices", b.Choices, a.Choices}, {"story", b.Feed, a.Feed},
			{"table instructions", b.Todo, a.Todo}, {"undo request", b.Undo, a.Undo},
			{"state version", b.StateVer, a.StateVer}, {"outcome", b.Outcome, a.Outcome}} {
			if !sameJSON(f.b, f.a) {
				jb, _ := json.Marshal(f.b)
				ja, _ := json.Marshal(f.a)
				t.Errorf("%s: the %s seat %d sees changed:\n%s", what, f.name, i-1, firstDiffM(string(jb), string(ja)))
			}
		}
	}
}

// syncBuf is a console's output, written by its watcher goroutine.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func waitContains(t *testing.T, b *syncBuf, want string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(b.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("the console printed %q, want %q in it", b.String(), want)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestDiskFullActionIsRefusedEverywhere(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	setup(t, tb)
	srv := NewServer(st, engine.EN).Handler()
	hdr := tb.Header()
	killer := "/s/" + hdr.Tokens[noir.Killer]
	pages := func() []string {
		var out []string
		for _, p := range []string{"/t/" + hdr.TableToken, killer, "/s/" + hdr.Tokens[noir.Inspector]} {
			out = append(out, do(t, srv, "GET", p, nil).Body.String())
		}
		return out
	}
	pages() // every seat has joined: opening a page changes the next one
	var console syncBuf
	c := &Console{T: tb, Out: &console, Lang: engine.EN}
	stopWatch := c.watchTrouble()
	defer stopWatch()

	path := st.LogPath(tb.ID())
	fileBefore, _ := os.ReadFile(path)
	before, pagesBefore := everything(tb), pages()
	spaceIsBack := diskFull(t, tb)

	// The GM console's own action.
	_, err := tb.Act(noir.Killer, "shift row 1 left", -1)
	if !errors.Is(err, ErrNotSaved) || !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("Act on a full disk = %v, want ErrNotSaved wrapping ENOSPC", err)
	}
	for _, l := range engine.Langs {
		if got, want := errText(l, err), l.S("mod.err.not_saved_full"); got != want {
			t.Errorf("errText(%s) = %q, want the catalogue's %q", l, got, want)
		}
	}
	sameEverything(t, "after a refused action", before, everything(tb))

	// A phone's action, over HTTP: refused with a message in the page's
	// language that names no file, and no page shows the action.
	v := strconv.Itoa(before[1].StateVer)
	for _, tc := range []struct {
		lang engine.Lang
		hdr  []string
	}{{engine.EN, []string{"X-Tablemaster", "fetch"}}, {engine.JA, []string{"X-Tablemaster", "fetch", "Accept-Language", "ja"}}} {
		r := do(t, srv, "POST", killer+"/act", url.Values{"a": {"shift row 1 left"}, "v": {v}}, tc.hdr...)
		body := r.Body.String()
		if r.Code != http.StatusServiceUnavailable || !strings.Contains(body, html.EscapeString(tc.lang.S("mod.err.not_saved_full"))) {
			t.Errorf("%s phone's action on a full disk = %d, want 503 with %q:\n%s", tc.lang, r.Code, tc.lang.S("mod.err.not_saved_full"), body)
		}
		for _, leak := range []string{st.Dir(), "jsonl", "no space left", "/dev/full"} {
			if strings.Contains(body, leak) {
				t.Errorf("the phone's answer names %q", leak)
			}
		}
	}
	if r := do(t, srv, "POST", killer+"/act", url.Values{"a": {"shift row 1 left"}, "v": {v}}); r.Code != http.StatusSeeOther || r.Header().Get("Location") != killer+"?m=diskfull" {
		t.Errorf("plain form on a full disk = %d → %q, want 303 → %s?m=diskfull", r.Code, r.Header().Get("Location"), killer)
	}
	sameEverything(t, "after a phone's refused action", before, everything(tb))
	for i, p := range pages() {
		if p != pagesBefore[i] {
			t.Errorf("page %d changed after a refused action:\n%s", i, firstDiffM(pagesBefore[i], p))
		}
	}

	// The console says it loudly, with the real cause: it is the host's.
	waitContains(t, &console, "‼ NOT SAVED: the disk is full, so an action was refused")
	waitContains(t, &console, "no space left on device")
	if strings.Contains(console.String(), "shift") {
		t.Errorf("the console names the refused action (it may be a secret one): %q", console.String())
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, fileBefore) {
		t.Fatalf("the log changed although nothing was saved:\n%q\nwant\n%q", got, fileBefore)
	}

	// Space is back: play goes on, and the log holds exactly what was accepted.
	spaceIsBack()
	mustAct(t, tb, noir.Killer, "shift row 1 left")
	mustAct(t, tb, noir.Inspector, string(tb.Legal(noir.Inspector)[0].Action))
	want := everything(tb)
	tb.Close()
	st2, _ := NewStore(st.Dir(), fixedClock)
	tb2, res, err := st2.Open(tb.ID())
	if err != nil || res.Dropped != nil {
		t.Fatalf("reopen = %v, dropped %q", err, res.Dropped)
	}
	defer tb2.Close()
	if n := len(res.Records); n != 1+6 {
		t.Errorf("the log holds %d records, want the header and 6 accepted actions", n)
	}
	sameEverything(t, "after reopening", want, everything(tb2))
}

// firstDiffM shows where two pages part.
func firstDiffM(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(i-80, 0)
	return "before: …" + a[from:min(i+120, len(a))] + "\n after: …" + b[from:min(i+120, len(b))]
}

// A write that stops short leaves part of a line in the file; it is cut
// off again, so the next accepted action starts on a clean line (before,
// it was glued onto the torn one and resume lost it).
func TestShortWriteIsCutBack(t *testing.T) {
	for _, tc := range []struct {
		name string
		file func(*os.File) *crampedFile
	}{
		{"disk full halfway through the line", func(f *os.File) *crampedFile { return &crampedFile{File: f, room: 17} }},
		{"sync fails", func(f *os.File) *crampedFile { return &crampedFile{File: f, room: 1 << 20, failSync: true} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, tb := newTestTable(t, noir.Config{}, 42)
			setup(t, tb)
			path := st.LogPath(tb.ID())
			fileBefore, _ := os.ReadFile(path)
			before := everything(tb)
			tb.mu.Lock()
			real := tb.log.f.(*os.File)
			cramped := tc.file(real)
			tb.log.f = cramped
			tb.mu.Unlock()

			if _, err := tb.Act(noir.Killer, "shift row 1 left", -1); !errors.Is(err, ErrNotSaved) {
				t.Fatalf("Act = %v, want ErrNotSaved", err)
			}
			if got, _ := os.ReadFile(path); !bytes.Equal(got, fileBefore) {
				t.Fatalf("the log keeps the torn line:\n%q\nwant\n%q", got[len(fileBefore):], "")
			}
			sameEverything(t, "after a torn write", before, everything(tb))

			cramped.room, cramped.failSync = 1<<20, false // space is back
			mustAct(t, tb, noir.Killer, "shift row 1 left")
			got, _ := os.ReadFile(path)
			res, err := ReadLog(bytes.NewReader(got))
			if err != nil || res.Dropped != nil || len(res.Records) != 6 || res.Records[5].Action != "shift row 1 left" {
				t.Fatalf("log after space is back: %v, dropped %q, %d records:\n%s", err, res.Dropped, len(res.Records), got)
			}
		})
	}
}

// An undo or a new link the log cannot store does not happen either.
func TestDiskFullUndoAndRelinkAreRefused(t *testing.T) {
	st, tb := newTestTable(t, noir.Config{}, 42)
	setup(t, tb)
	// Play until an undo needs the other seat's agreement.
	var actor engine.Seat
	for range 6 {
		actor = toMove(tb)
		l := tb.Legal(actor)
		mustAct(t, tb, actor, string(l[len(l)-1].Action))
	}
	if done, err := tb.RequestUndo(actor); done || err != nil {
		t.Fatalf("RequestUndo = %v, %v; want a request waiting", done, err)
	}
	waiting := tb.Snapshot(engine.Public).Undo.Waiting
	before := everything(tb)
	hdr := tb.Header()
	spaceIsBack := diskFull(t, tb)

	if done, err := tb.ConfirmUndo(waiting[0], true); done || !errors.Is(err, ErrNotSaved) {
		t.Fatalf("ConfirmUndo on a full disk = %v, %v; want ErrNotSaved", done, err)
	}
	sameEverything(t, "after a refused undo", before, everything(tb))
	if _, err := tb.Relink(noir.Killer); !errors.Is(err, ErrNotSaved) {
		t.Fatalf("Relink on a full disk = %v, want ErrNotSaved", err)
	}
	if h := tb.Header(); !sameJSON(h, hdr) {
		t.Fatalf("a relink that was not saved changed the links")
	}
	if _, seat, ok := st.BySeatToken(hdr.Tokens[noir.Killer]); !ok || seat != noir.Killer {
		t.Fatal("the old link stopped working although the new one was not saved")
	}
	sameEverything(t, "after a refused relink", before, everything(tb))

	spaceIsBack()
	if done, err := tb.ConfirmUndo(waiting[0], true); !done || err != nil {
		t.Fatalf("ConfirmUndo once space is back = %v, %v; want done", done, err)
	}
	if _, err := tb.Relink(noir.Killer); err != nil {
		t.Fatal(err)
	}
	want := everything(tb)
	tb.Close()
	st2, _ := NewStore(st.Dir(), fixedClock)
	tb2, _, err := st2.Open(tb.ID())
	if err != nil {
		t.Fatal(err)
	}
	defer tb2.Close()
	sameEverything(t, "after reopening", want, everything(tb2))
	if tb2.Header().Tokens[noir.Killer] == hdr.Tokens[noir.Killer] {
		t.Error("the saved relink was lost")
	}
}
