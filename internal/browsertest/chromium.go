package browsertest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
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
// and removes.
type chromium struct {
	root            context.Context
	cancel, cancelA context.CancelFunc
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
	c.cancel()
	c.cancelA()
}

func (c *chromium) Open(ctx context.Context, w, h int) (Page, error) {
	tab, cancel := chromedp.NewContext(c.root, chromedp.WithNewBrowserContext())
	p := &chromiumPage{ctx: tab, cancel: cancel}
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

// chromiumPage is a tab in a browser context of its own.
type chromiumPage struct {
	ctx    context.Context
	cancel context.CancelFunc
	mu     sync.Mutex
	touch  *input.TouchPoint // the finger that is down, or nil
}

// run runs a on the tab within StepTimeout.
func run[T any](p *chromiumPage, a chromedp.Action[T]) (T, error) {
	ctx, cancel := context.WithTimeout(p.ctx, StepTimeout)
	defer cancel()
	return chromedp.Run(ctx, a)
}

func (p *chromiumPage) Navigate(url string) error {
	_, err := run(p, chromedp.Navigate(url))
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
	ctx, cancel := context.WithTimeout(p.ctx, StepTimeout)
	defer cancel()
	_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: js})
	return err
}

func (p *chromiumPage) Close() error {
	p.cancel()
	return nil
}
