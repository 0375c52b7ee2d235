package browsertest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// The browsers a test can ask for.
const (
	Chromium = "chromium"
	WebKit   = "webkit"
)

// Names are the browsers this package drives, in the order tests run them.
var Names = []string{Chromium, WebKit}

// StepTimeout bounds one call of a Page: a hung page fails that call
// instead of stalling the test.
var StepTimeout = 10 * time.Second

// Page is one device: a browser tab (Chromium) or window (WebKit) with a
// profile of its own, so pages share no cookies or connections.
type Page interface {
	// Navigate loads url and returns once its load event has fired.
	Navigate(url string) error
	// Eval evaluates the JavaScript expression js in the page and decodes
	// its value, as JSON, into out (nil: the value is dropped). A thrown
	// exception is an error. A promise is awaited, within StepTimeout, and
	// its value decoded; a rejected one is an error, and so is a load of
	// another page while it waits.
	Eval(js string, out any) error
	// Click waits until the first element matching the CSS selector css
	// is shown and enabled, then clicks it as a person does: a real mouse
	// click at its centre, through the browser's input pipeline.
	Click(css string) error
	// Pointer puts a finger down on the centre of the first element
	// matching css (down) or lifts it (!down; css is then ignored).
	// Chromium sends touch events; WebKitWebDriver turns its "touch"
	// pointer into mouse events, so the page sees pointerType "mouse".
	Pointer(css string, down bool) error
	// SetSize sets the page's viewport to w×h CSS pixels, as near as the
	// browser allows (a WebKit window is at least 447 pixels wide).
	SetSize(w, h int) error
	// Screenshot is a PNG of the page. A WebKit page takes one only when
	// its Browser was started with Screenshots.
	Screenshot() ([]byte, error)
	// Close closes the page and ends what was started for it.
	Close() error
}

// Preparer is a Page that can run a script in each document it loads
// before the document's own scripts: a test installs a stand-in for a
// browser API there (a recording speechSynthesis) that the page's script
// then finds. Chromium's pages are Preparers; WebDriver has no such step,
// so WebKit's are not.
type Preparer interface {
	Page
	// BeforeScripts runs js in every document the page loads from now
	// on, before any of the document's own scripts.
	BeforeScripts(js string) error
}

// Browser opens pages.
type Browser interface {
	// Name is Chromium or WebKit.
	Name() string
	// Open opens a blank page with a w×h viewport; ctx bounds the opening.
	Open(ctx context.Context, w, h int) (Page, error)
	// Close closes every page and ends every process the Browser started.
	Close()
}

// Option changes how Start starts a browser.
type Option int

// Screenshots makes every page able to take a Screenshot. Only WebKit
// needs it: under Xvfb there is no GPU, and WebKit's compositing, drawn
// on the CPU, was half of what its pages cost (the seven-phone Super Rock
// board: 81 CPU seconds with it, 43 without). So its pages draw without
// compositing unless asked for Screenshots, and WebKitWebDriver cannot
// photograph such a page. Layout, style and script are the same either
// way: what the tests check of a page does not change.
const Screenshots Option = 1

// ErrMissing is wrapped by Start's error when the browser is not installed.
var ErrMissing = errors.New("browsertest: browser not installed")

// Start starts the browser called name (Chromium or WebKit), with the
// options opts. It fails with an error wrapping ErrMissing when that
// browser is not installed.
func Start(name string, opts ...Option) (Browser, error) {
	switch name {
	case Chromium:
		return startChromium()
	case WebKit:
		return startWebKit(slices.Contains(opts, Screenshots))
	}
	return nil, fmt.Errorf("browsertest: no browser called %q (want one of %s)", name, strings.Join(Names, ", "))
}

// Need starts the browser called name, with the options opts, for the
// test t and closes it when t ends; under Main it lends t the test
// binary's own, and closes t's pages when t ends. It skips t in -short
// mode, and when the browser is not installed, except under CI=true: CI
// must run the browser tests, so there a missing browser fails t.
func Need(t testing.TB, name string, opts ...Option) Browser {
	t.Helper()
	if testing.Short() {
		t.Skipf("the %s test is skipped in -short mode", name)
	}
	b, err := start(name, opts...)
	if errors.Is(err, ErrMissing) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s: %v; CI must run the browser tests: %s", t.Name(), err, install[name])
		}
		t.Skipf("%v (%s); skipping", err, install[name])
	}
	if err != nil {
		t.Fatalf("start %s: %v", name, err)
	}
	t.Cleanup(b.Close)
	return b
}

// install says how to install each browser on Debian.
var install = map[string]string{
	Chromium: "apt-get install chromium-headless-shell (or chromium)",
	WebKit:   "apt-get install webkit2gtk-driver xvfb",
}

// WatchErrorsJS, evaluated in a page, starts collecting the page's
// uncaught script errors and unhandled promise rejections into
// window.tmErrors, which ErrorsJS reads. (WebDriver cannot run a script
// before the page's own, so an error while the page loads shows instead as
// a page whose script did not finish.)
const WatchErrorsJS = `(window.tmErrors = window.tmErrors || [],
	window.tmWatching || (window.tmWatching = true,
		addEventListener("error", e => tmErrors.push(String(e.message || e.type) + " at " + (e.filename || "") + ":" + (e.lineno || 0))),
		addEventListener("unhandledrejection", e => tmErrors.push("unhandled rejection: " + String(e.reason)))),
	true)`

// ErrorsJS is the list of errors collected since WatchErrorsJS.
const ErrorsJS = `(window.tmErrors || [])`

// decode stores the JSON value raw in out; nil and undefined are null.
func decode(raw []byte, out any) error {
	if out == nil {
		return nil
	}
	if len(raw) == 0 {
		raw = []byte("null")
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("browsertest: decode %.200s: %w", raw, err)
	}
	return nil
}

// clickableJS reports whether the element css is there, shown and enabled.
func clickableJS(css string) string {
	return `(e => !!e && !e.disabled && (e.checkVisibility ? e.checkVisibility({visibilityProperty: true, contentVisibilityAuto: true}) : e.getClientRects().length > 0))(document.querySelector(` + quote(css) + `))`
}

// centreJS scrolls the element css into view and gives its centre in the
// viewport, or null.
func centreJS(css string) string {
	return `(e => { if (!e) return null; e.scrollIntoView({block: "center", inline: "center"}); const r = e.getBoundingClientRect(); return {x: r.left + r.width / 2, y: r.top + r.height / 2} })(document.querySelector(` + quote(css) + `))`
}

type point struct{ X, Y float64 }

// centre is the centre of the element css in p's viewport.
func centre(p Page, css string) (point, error) {
	var c *point
	if err := p.Eval(centreJS(css), &c); err != nil {
		return point{}, err
	}
	if c == nil {
		return point{}, fmt.Errorf("browsertest: no element %s", css)
	}
	return *c, nil
}

// waitClickable waits until the element css is clickable in p.
func waitClickable(p Page, css string) error {
	err := Wait(p, clickableJS(css), StepTimeout)
	if errors.Is(err, errNeverHeld) {
		return fmt.Errorf("browsertest: click %s: after %v: not there, hidden or disabled", css, StepTimeout)
	}
	if err != nil {
		return fmt.Errorf("browsertest: click %s: %w", css, err)
	}
	return nil
}

// errNeverHeld is Wait's error when the condition never held (and never
// threw).
var errNeverHeld = errors.New("the condition never held")

// waitSlice is the longest one evaluation of Wait waits in the page: well
// within StepTimeout, so the wait is never cut as a hung call.
const waitSlice = time.Second

// Wait waits until the JavaScript expression cond holds in p, for at most
// timeout. The page polls cond itself every 10 ms, so a wait costs one round
// trip to the browser, and no more, when cond holds soon; Wait asks again
// after each slice of a second, and after an error (a load of the page ends
// a slice with one). The error says how long it waited and, when the last
// evaluation of cond failed (it threw), why.
func Wait(p Page, cond string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		slice := min(time.Until(deadline), waitSlice)
		var ok bool
		err := p.Eval(waitJS(cond, slice), &ok)
		if err == nil && ok {
			return nil
		}
		if time.Now().After(deadline) {
			if err == nil {
				err = errNeverHeld
			}
			return fmt.Errorf("after %v: %w", timeout, err)
		}
		if err != nil {
			time.Sleep(25 * time.Millisecond)
		}
	}
}

// waitJS is a promise that resolves true as soon as cond holds, polled in
// the page every 10 ms, or false once d has passed without it; it rejects
// when cond throws. The poll is a closure, not a string: the pages'
// Content-Security-Policy forbids eval and new Function, not this.
func waitJS(cond string, d time.Duration) string {
	return `new Promise((done, fail) => {
	const end = Date.now() + ` + fmt.Sprint(max(d.Milliseconds(), 0)) + `;
	(function poll() {
		let ok;
		try { ok = !!(` + cond + `
) } catch (e) { fail(e); return }
		if (ok || Date.now() >= end) done(ok); else setTimeout(poll, 10);
	})();
})`
}

// quote quotes s for a JavaScript expression.
func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
