package browsertest

import (
	"context"
	"fmt"
	"sync"
	"testing"
)

// Starting Chromium costs about a CPU second (its processes, a fresh
// profile), and a package's browser tests started one each: thirty of
// them in the moderator package. A test binary whose TestMain runs Main
// starts each browser once, at the first Need that asks for it, and every
// test borrows it: its pages, each in a profile of its own as before, are
// closed when the test ends, and the browser when the binary's tests are
// done.

// shared are the browsers this test binary shares, by name and options,
// once Main turned sharing on.
var shared struct {
	sync.Mutex
	on       bool
	browsers map[string]Browser
}

// Main runs the tests of m with every Need sharing one browser of each
// kind, then closes the browsers; a TestMain returns its result:
//
//	func TestMain(m *testing.M) { os.Exit(browsertest.Main(m)) }
func Main(m *testing.M) int {
	shared.Lock()
	shared.on = true
	shared.Unlock()
	code := m.Run()
	closeShared()
	return code
}

// closeShared ends the sharing and closes the shared browsers.
func closeShared() {
	shared.Lock()
	bs := shared.browsers
	shared.browsers, shared.on = nil, false
	shared.Unlock()
	for _, b := range bs {
		b.Close()
	}
}

// start starts the browser Need asks for: the binary's shared one, lent
// to one test, when Main runs the tests, or a browser of its own.
func start(name string, opts ...Option) (Browser, error) {
	shared.Lock()
	defer shared.Unlock()
	if !shared.on {
		return Start(name, opts...)
	}
	key := fmt.Sprint(name, opts)
	b := shared.browsers[key]
	if b == nil {
		var err error
		if b, err = Start(name, opts...); err != nil {
			return nil, err
		}
		if shared.browsers == nil {
			shared.browsers = map[string]Browser{}
		}
		shared.browsers[key] = b
	}
	return &lent{Browser: b}, nil
}

// lent is a shared browser lent to one test: Close closes the pages the
// test opened, not the browser.
type lent struct {
	Browser
	mu    sync.Mutex
	pages []Page
}

func (l *lent) Open(ctx context.Context, w, h int) (Page, error) {
	p, err := l.Browser.Open(ctx, w, h)
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	l.pages = append(l.pages, p)
	l.mu.Unlock()
	return p, nil
}

func (l *lent) Close() {
	l.mu.Lock()
	pages := l.pages
	l.pages = nil
	l.mu.Unlock()
	var wg sync.WaitGroup
	for _, p := range pages {
		wg.Go(func() { p.Close() })
	}
	wg.Wait()
}
