package main

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"tablemaster/moderator"
)

// A log renamed by hand is found by the id it holds: `host` serves its
// table, and never says it is being served by another tablemaster.
func TestHostFindsARenamedLog(t *testing.T) {
	state := t.TempDir()
	st, err := moderator.NewStore(state, func() time.Time { return fixedNow })
	if err != nil {
		t.Fatal(err)
	}
	tb, err := st.Create(moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Seed: 1, Addr: "127.0.0.1", Port: 8080})
	if err != nil {
		t.Fatal(err)
	}
	screen := "/t/" + tb.Header().TableToken
	st.Close()
	tables := filepath.Join(state, "tables")
	if err := os.Rename(filepath.Join(tables, tb.ID()+".jsonl"), filepath.Join(tables, "saturday.jsonl")); err != nil {
		t.Fatal(err)
	}

	f, _, _ := testFactory(t)
	out, errOut := &lockedBuffer{}, &lockedBuffer{}
	f.Out, f.ErrOut = out, errOut
	sig := make(chan os.Signal, 1)
	f.SignalNotify = func() (<-chan os.Signal, func()) { return sig, func() {} }
	done := make(chan int)
	go func() { done <- run(f, []string{"host", "--state", state}) }()
	defer func() {
		sig <- syscall.SIGTERM
		<-done
	}()
	link := regexp.MustCompile(`http://\S+/h/\S+`)
	var host string
	for start := time.Now(); host == ""; time.Sleep(10 * time.Millisecond) {
		if time.Since(start) > 10*time.Second {
			t.Fatalf("no host link printed:\n%s\n%s", out, errOut)
		}
		host = link.FindString(out.String())
	}
	if s := errOut.String(); strings.Contains(s, "another tablemaster") {
		t.Errorf("the renamed log is said to be another tablemaster's:\n%s", s)
	}
	resp, err := http.Get(host)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(page), `href="`+screen+`"`) {
		t.Errorf("the host page does not list the renamed log's table (stderr %q):\n%s", errOut, page)
	}
	resp, err = http.Get(host[:strings.Index(host, "/h/")] + screen)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("the renamed log's table screen: %v %v", resp, err)
	}
	resp.Body.Close()
}
