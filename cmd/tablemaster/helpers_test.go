package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"tablemaster/engine"
	"testing"
	"time"

	"tablemaster/internal/browsertest"
	"tablemaster/moderator/term"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func TestMain(m *testing.M) {
	flag.Parse()
	code := browsertest.Main(m) // one Chromium and one WebKit for the package
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// The real binary is built at most once per package run, and only by the
// tests that need it.
var (
	buildOnce sync.Once
	binDir    string
	binPath   string
	buildErr  error
)

// tablemasterBin builds ./cmd/tablemaster into a temporary folder and
// returns the path of the binary.
func tablemasterBin(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the binary; skipped with -short")
	}
	buildOnce.Do(func() {
		gobin, err := exec.LookPath("go")
		if err != nil {
			buildErr = fmt.Errorf("no go command to build the binary: %w", err)
			return
		}
		binDir, buildErr = os.MkdirTemp("", "tablemaster-test-")
		if buildErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "tablemaster")
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, gobin, "build", "-o", binPath, ".")
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// fixedNow is the clock of in-process runs, so table ids and log times
// do not depend on the day.
var fixedNow = time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)

// testFactory is a Factory with no terminal, no environment, a fixed
// clock and seed, and a network that only reaches loopback. Out and ErrOut
// are the returned buffers.
func testFactory(t *testing.T) (f *Factory, out, errOut *bytes.Buffer) {
	out, errOut = &bytes.Buffer{}, &bytes.Buffer{}
	f = &Factory{
		In:         strings.NewReader(""),
		Out:        out,
		ErrOut:     errOut,
		IsTerminal: func() bool { return false },
		Prompter: func() term.Prompter {
			t.Error("unexpected prompter: there is no terminal")
			return nil
		},
		Now:  func() time.Time { return fixedNow },
		Seed: func() uint64 { return 1 },
		Listen: func(string) (net.Listener, error) {
			return net.Listen("tcp", "127.0.0.1:0")
		},
		LANAddress: func() net.IP { return net.IPv4(127, 0, 0, 1) },
		OwnAddress: func(a string) bool { return a == "127.0.0.1" },
		Getenv:     func(string) string { return "" },
		QR:         nil,
		SignalNotify: func() (<-chan os.Signal, func()) {
			return make(chan os.Signal), func() {}
		},
	}
	return f, out, errOut
}

// golden compares got with testdata/name, or rewrites the file with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(gl) || i < len(wl); i++ {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w || i >= len(gl) || i >= len(wl) {
			t.Errorf("%s differs from line %d (go test -update rewrites it):\n got: %q\nwant: %q", path, i+1, g, w)
			break
		}
	}
	t.Logf("got:\n%s", got)
}

// syncBuffer is a bytes.Buffer safe for a child's output and a test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// errTimeout is what a bounded wait returns when time runs out.
var errTimeout = errors.New("timed out")

// waitFor polls cond every 10ms until it holds or d has passed.
func waitFor(d time.Duration, cond func() bool) error {
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			return errTimeout
		}
		time.Sleep(10 * time.Millisecond)
	}
	return nil
}

// withoutHeadless is a command's stderr without the line that says it
// runs without a terminal (every test runs so).
func withoutHeadless(s string) string {
	return strings.Replace(s, "tablemaster: "+engine.EN.S("cmd.headless")+"\n", "", 1)
}
