package browsertest

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/storage"
	"github.com/chromedp/chromedp"
)

// chromiumNames are where the Chromium browser is looked for, in order.
// The environment variable TABLEMASTER_CHROMIUM names one outright.
//
// Chromium's headless shell (Debian's chromium-headless-shell, the
// chrome-headless-shell that Puppeteer drives) comes first: it is the same
// Blink and V8 as the browser, built without the browser's windows, tabs
// strip and profile services, and the moderator's Chromium games cost
// about a third less CPU in it than in the full browser's headless mode.
// The full browser is used when it is all there is.
var chromiumNames = []string{"chromium-headless-shell", "chrome-headless-shell", "headless-shell", "/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// ChromiumPath finds a Chromium or Chrome to drive, or "".
func ChromiumPath() string {
	if p := os.Getenv("TABLEMASTER_CHROMIUM"); p != "" {
		if p, err := exec.LookPath(p); err == nil {
			return p
		}
		return ""
	}
	for _, name := range chromiumNames {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// chromium is headless Chromium with a fresh profile that chromedp makes
// and removes. Each page is a tab in a browser context of its own; a tab
// closed is made blank and kept for the next Open (see keep).
type chromium struct {
	root            context.Context
	cancel, cancelA context.CancelFunc

	mu     sync.Mutex
	idle   []chromiumTab
	closed bool
}

// chromiumTab is a tab in a browser context of its own, which may serve
// one page after another.
type chromiumTab struct {
	ctx    context.Context
	cancel context.CancelFunc
}

func startChromium() (Browser, error) {
	exe := ChromiumPath()
	if exe == "" {
		return nil, fmt.Errorf("%w: no Chromium (looked for $TABLEMASTER_CHROMIUM, %s)", ErrMissing, strings.Join(chromiumNames, ", "))
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-background-networking", true),
		// Each browser context is a window of its own, and Chromium
		// preloads two omnibox pop-ups (WebUI pages, each in a renderer)
		// for every window, which a headless tab never shows: they were
		// a quarter of the Chromium tests' CPU time.
		chromedp.Flag("disable-features", "WebUIOmniboxPopup,WebUIOmniboxAimPopup"),
	)
	alloc, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	// Chromium's goroutines may report after the test ends: they are
	// not the test's failures, so they are dropped.
	root, cancel := chromedp.NewContext(alloc, chromedp.WithErrorf(func(string, ...any) {}))
	if err := chromedp.Do(root); err != nil {
		cancel()
		cancelA()
		return nil, fmt.Errorf("browsertest: start %s: %w", exe, err)
	}
	return &chromium{root: root, cancel: cancel, cancelA: cancelA}, nil
}

func (c *chromium) Name() string { return Chromium }

func (c *chromium) Close() {
	c.mu.Lock()
	c.idle, c.closed = nil, true
	c.mu.Unlock()
	c.cancel()
	c.cancelA()
}

func (c *chromium) Open(ctx context.Context, w, h int) (Page, error) {
	c.mu.Lock()
	var kept chromiumTab
	if n := len(c.idle); n > 0 {
		kept = c.idle[n-1]
		c.idle = c.idle[:n-1]
	}
	c.mu.Unlock()
	if kept.ctx != nil {
		p := &chromiumPage{chromiumTab: kept, c: c}
		if err := p.SetSize(w, h); err == nil {
			return p, nil
		}
		kept.cancel()
	}
	tab, cancel := chromedp.NewContext(c.root, chromedp.WithNewBrowserContext())
	p := &chromiumPage{chromiumTab: chromiumTab{ctx: tab, cancel: cancel}, c: c}
	// The first Run opens the tab and binds it to its context, which
	// must outlive ctx.
	done := make(chan error, 1)
	go func() { done <- chromedp.Do(tab) }()
	select {
	case err := <-done:
		if err != nil {
			cancel()
			return nil, fmt.Errorf("browsertest: open a Chromium tab: %w", err)
		}
	case <-ctx.Done():
		cancel()
		return nil, fmt.Errorf("browsertest: open a Chromium tab: %w", ctx.Err())
	}
	if err := p.SetSize(w, h); err != nil {
		cancel()
		return nil, err
	}
	return p, nil
}

// keep makes a closed page's tab like a new one and keeps it for the next
// Open, and reports whether it did: the finger lifted, the scripts to run
// first removed, a blank page, the browser context's cookies deleted and
// the storage of every origin the page was on cleared. (Opening a tab
// costs about 0.07 CPU-s more than this; the tests open about a hundred.)
func (c *chromium) keep(p *chromiumPage) bool {
	ctx, cancel := context.WithTimeout(p.ctx, StepTimeout)
	defer cancel()
	p.mu.Lock()
	touch, scripts, origins := p.touch, p.scripts, p.origins
	p.mu.Unlock()
	if touch != nil {
		if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}}); err != nil {
			return false
		}
	}
	for _, id := range scripts {
		if _, err := chromedp.Call(ctx, page.RemoveScriptToEvaluateOnNewDocument, page.RemoveScriptToEvaluateOnNewDocumentParams{Identifier: id}); err != nil {
			return false
		}
	}
	// The origin the page is on now, which it may have reached by
	// itself.
	if now, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.origin`)); err == nil && strings.HasPrefix(now, "http") {
		origins = append(origins, now)
	}
	if _, err := chromedp.Run(ctx, chromedp.Navigate("about:blank")); err != nil {
		return false
	}
	if _, err := chromedp.Call(ctx, network.ClearBrowserCookies, cdp.Empty{}); err != nil {
		return false
	}
	for _, o := range origins {
		if _, err := chromedp.Call(ctx, storage.ClearDataForOrigin, storage.ClearDataForOriginParams{Origin: o, StorageTypes: "all"}); err != nil {
			return false
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed || len(c.idle) >= maxIdle {
		return false
	}
	c.idle = append(c.idle, p.chromiumTab)
	return true
}

// chromiumPage is a page: a tab from one Open to its Close.
type chromiumPage struct {
	chromiumTab
	c       *chromium
	gone    atomic.Bool // closed: its tab may serve another page
	mu      sync.Mutex
	touch   *input.TouchPoint // the finger that is down, or nil
	origins []string          // where Navigate went (scheme://host:port)
	scripts []page.ScriptIdentifier
}

// errClosed is what a closed page answers.
var errClosed = errors.New("browsertest: the Chromium page is closed")

// run runs a on the tab within StepTimeout.
func run[T any](p *chromiumPage, a chromedp.Action[T]) (T, error) {
	if p.gone.Load() {
		var zero T
		return zero, errClosed
	}
	ctx, cancel := context.WithTimeout(p.ctx, StepTimeout)
	defer cancel()
	return chromedp.Run(ctx, a)
}

func (p *chromiumPage) Navigate(to string) error {
	if u, err := url.Parse(to); err == nil && (u.Scheme == "http" || u.Scheme == "https") {
		p.mu.Lock()
		if o := u.Scheme + "://" + u.Host; !slices.Contains(p.origins, o) {
			p.origins = append(p.origins, o)
		}
		p.mu.Unlock()
	}
	_, err := run(p, chromedp.Navigate(to))
	return err
}

func (p *chromiumPage) Eval(js string, out any) error {
	raw, err := run(p, chromedp.Evaluate[[]byte](js, chromedp.EvalAwaitPromise))
	if err != nil {
		return err
	}
	return decode(raw, out)
}

func (p *chromiumPage) Click(css string) error {
	if err := waitClickable(p, css); err != nil {
		return err
	}
	// A mouse click at the centre, found by script: chromedp.Click finds
	// the node through the DOM domain, in more round trips (about a
	// tenth of a seven-phone game's CPU time).
	c, err := centre(p, css)
	if err != nil {
		return err
	}
	_, err = run(p, chromedp.MouseClickXY(c.X, c.Y))
	return err
}

func (p *chromiumPage) Pointer(css string, down bool) error {
	if p.gone.Load() {
		return errClosed
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	params := input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}}
	if down {
		c, err := centre(p, css)
		if err != nil {
			return err
		}
		one, id := 1.0, 0.0
		p.touch = &input.TouchPoint{X: c.X, Y: c.Y, RadiusX: &one, RadiusY: &one, Force: &one, ID: &id}
		params = input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: []*input.TouchPoint{p.touch}}
	} else if p.touch == nil {
		return nil
	} else {
		p.touch = nil
	}
	ctx, cancel := context.WithTimeout(p.ctx, StepTimeout)
	defer cancel()
	_, err := chromedp.Call(ctx, input.DispatchTouchEvent, params)
	return err
}

// SetSize sets the viewport; a phone-sized one (narrower than 600 px)
// gets a phone's two device pixels to a CSS pixel.
func (p *chromiumPage) SetSize(w, h int) error {
	scale := 1.0
	if w < 600 {
		scale = 2
	}
	_, err := run(p, chromedp.EmulateViewport(int64(w), int64(h), chromedp.EmulateScale(scale)))
	return err
}

func (p *chromiumPage) Screenshot() ([]byte, error) {
	return run(p, chromedp.FullScreenshot(100))
}

// BeforeScripts runs js in every document the page loads from now on,
// before any script of the document's own (DevTools'
// Page.addScriptToEvaluateOnNewDocument).
func (p *chromiumPage) BeforeScripts(js string) error {
	if p.gone.Load() {
		return errClosed
	}
	ctx, cancel := context.WithTimeout(p.ctx, StepTimeout)
	defer cancel()
	res, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: js})
	if err == nil {
		p.mu.Lock()
		p.scripts = append(p.scripts, res.Identifier)
		p.mu.Unlock()
	}
	return err
}

// Close ends the page: its tab is kept blank for another page
// (chromium.keep), or closed.
func (p *chromiumPage) Close() error {
	if p.gone.Swap(true) {
		return nil
	}
	if !p.c.keep(p) {
		p.cancel()
	}
	return nil
}
