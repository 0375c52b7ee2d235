package moderator_test

// What the browser tests share: finding Chromium, starting it and the real
// server, opening a tab per device, pressing a phone's buttons, waiting for
// the live updates, hold-to-reveal, the no-leak checks on the live DOM, and
// the README's screenshots.

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablemaster/engine"
	"tablemaster/moderator"
)

// updateScreens rewrites the README's pictures of the table screen and a
// phone (docs/table-screen.png, docs/phone.png) from TestBrowserGame.
var updateScreens = flag.Bool("update-screens", false, "write docs/table-screen.png and docs/phone.png from TestBrowserGame")

// browserBudget bounds everything one browser test does in the browser, so
// a hung page fails the test instead of stalling the run.
const browserBudget = 60 * time.Second

// stepTimeout bounds one wait in one tab.
const stepTimeout = 10 * time.Second

// browserNames are where browserPath looks for a browser, in order.
var browserNames = []string{"/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"}

// browserPath finds a Chromium or Chrome to drive, or "". The environment
// variable TABLEMASTER_CHROMIUM names one outright.
func browserPath() string {
	if p := os.Getenv("TABLEMASTER_CHROMIUM"); p != "" {
		if p, err := exec.LookPath(p); err == nil {
			return p
		}
		return ""
	}
	for _, name := range browserNames {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// needBrowser returns the browser a browser test drives. It skips the test
// in -short mode, and when no browser is found, except under CI=true: CI
// must run the browser tests, so there a missing Chromium fails the test.
func needBrowser(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("the browser test is skipped in -short mode")
	}
	exe := browserPath()
	if exe == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s: no Chromium found (looked for $TABLEMASTER_CHROMIUM, %s); CI must run the browser tests: apt-get install chromium",
				t.Name(), strings.Join(browserNames, ", "))
		}
		t.Skip("no Chromium found (apt-get install chromium); skipping the browser test")
	}
	return exe
}

// findSeed returns the plan of the first seed below 2000 that plan accepts,
// or fails the test saying what no seed gave.
func findSeed[P any](t *testing.T, what string, plan func(seed uint64) (P, bool)) P {
	t.Helper()
	for seed := uint64(1); seed < 2000; seed++ {
		if p, ok := plan(seed); ok {
			return p
		}
	}
	var zero P
	t.Fatalf("no seed below 2000 %s", what)
	return zero
}

// move is one button a phone presses.
type move struct {
	Seat   engine.Seat
	Action string
}

// audience is whose page a move's events tell: the seats whose stories gain
// a line, and whether the table screen's does.
type audience struct {
	Told   []engine.Seat
	Public bool
}

// audienceOf is the audience of the events evs at a table of seats seats.
// Instructions for the physical cards (Event.Table) are in no story.
func audienceOf(evs []engine.Event, seats int) audience {
	var a audience
	for _, e := range evs {
		if e.Table {
			continue
		}
		a.Public = a.Public || e.IsPublic()
		for s := range seats {
			if e.Sees(engine.Seat(s)) && !slices.Contains(a.Told, engine.Seat(s)) {
				a.Told = append(a.Told, engine.Seat(s))
			}
		}
	}
	return a
}

// story reports whether the page of seat (engine.Public: the table screen)
// gains a story line.
func (a audience) story(seat engine.Seat) bool {
	return a.Public || (seat != engine.Public && slices.Contains(a.Told, seat))
}

// everyone is the story of a move that every page tells.
func everyone(engine.Seat) bool { return true }

// browserGame is a table on the real server, headless Chromium, and the
// devices open on the table: each a tab in a browser context of its own,
// so the phones and the table screen share no cookies or connections.
type browserGame struct {
	t       *testing.T
	table   *moderator.Table
	url     string // the server's
	browser context.Context
	phones  []*tab // by seat
	screen  *tab   // the table screen
	tabs    []*tab // the phones, then the table screen
}

// startGame creates the table spec in a fresh store, serves it on a
// loopback port and starts the browser exe (from needBrowser). It opens no
// tab yet.
func startGame(t *testing.T, exe string, spec moderator.NewTableSpec) *browserGame {
	t.Helper()
	st, err := moderator.NewStore(t.TempDir(), time.Now)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	table, err := st.Create(spec)
	if err != nil {
		t.Fatal(err)
	}
	srv := moderator.NewServer(st, engine.EN)
	srv.Logf = t.Logf
	url := httptestServer(t, srv)
	return &browserGame{t: t, table: table, url: url, browser: startBrowser(t, exe)}
}

// openPhone opens the seat link token on a phone-sized tab.
func (g *browserGame) openPhone(name, token string) *tab {
	g.t.Helper()
	return openTab(g.t, g.browser, name, g.url+"/s/"+token, 390, 844, 2)
}

// openDevices opens every seat's phone, called after the seat's name in
// names, and the table screen.
func (g *browserGame) openDevices(names ...string) {
	g.t.Helper()
	h := g.table.Header()
	for s, name := range names {
		g.phones = append(g.phones, g.openPhone(name+"'s phone", h.Tokens[s]))
	}
	g.screen = openTab(g.t, g.browser, "table screen", g.url+"/t/"+h.TableToken, 1280, 800, 1)
	g.tabs = append(slices.Clone(g.phones), g.screen)
}

// seatOf is the seat whose phone tb is, or engine.Public for the screen.
func (g *browserGame) seatOf(tb *tab) engine.Seat {
	if i := slices.Index(g.phones, tb); i >= 0 {
		return engine.Seat(i)
	}
	return engine.Public
}

// play presses m's button on its seat's phone and waits until every page
// has followed live, without a reload: with a new story line where
// story(seat) says the move tells that page, and at least updated on the
// others (a move told to other seats only changes no story line there).
func (g *browserGame) play(what string, m move, story func(engine.Seat) bool) {
	g.t.Helper()
	before := map[*tab]tabState{}
	for _, tb := range g.tabs {
		before[tb] = tb.state()
	}
	g.phones[m.Seat].press(m.Action)
	for _, tb := range g.tabs {
		// The acting phone is updated once: by the reply to its post or
		// by the live update, whichever comes first; the other brings
		// the body it already shows and changes nothing.
		seat := g.seatOf(tb)
		tb.waitUpdates(before[tb], what, 1, story(seat))
	}
}

// pages calls f with every device's tab, its seat (engine.Public for the
// table screen) and the page's live HTML.
func (g *browserGame) pages(f func(tb *tab, seat engine.Seat, html string)) {
	g.t.Helper()
	for _, tb := range g.tabs {
		f(tb, g.seatOf(tb), tb.state().HTML)
	}
}

// secret is a text a page may not hold, and what it is, for the failure
// message.
type secret struct{ what, text string }

// checkNoLeak fails the test for every secret that html, the page's live
// DOM or a part of it, holds (DESIGN.md principle 1). Empty texts are
// passed over.
func (tb *tab) checkNoLeak(after, html string, secrets ...secret) {
	tb.t.Helper()
	for _, s := range secrets {
		if s.text != "" && strings.Contains(html, s.text) {
			tb.t.Errorf("%s after %s: the page holds %s (%s), which it may not know", tb.name, after, s.what, s.text)
		}
	}
}

// domText escapes s as the browser writes a text node in outerHTML: only
// &, < and > (an apostrophe stays one, unlike html.EscapeString).
func domText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\u00a0", "&nbsp;").Replace(s)
}

// tab is one device: a browser tab in a browser context of its own.
type tab struct {
	t      *testing.T
	name   string
	ctx    context.Context
	loaded float64 // window.__loaded, set once after the first load
}

// tabState is what the test reads from a page between moves.
type tabState struct {
	Updates int     `json:"updates"`
	Resyncs int     `json:"resyncs"`
	Body    string  `json:"body"`
	Loaded  float64 `json:"loaded"`
	Feed    string  `json:"feed"`
	HTML    string  `json:"html"`
}

// storyJS is the text of the page's story: the last ul.feed in #app (an
// Ayatsuri page lists the round's declarations in a ul.feed before it).
const storyJS = `((Array.from(document.querySelectorAll("#app ul.feed")).pop() || {}).textContent || "")`

const stateJS = `({
	updates: window.tmUpdates || 0,
	resyncs: window.tmResyncs || 0,
	body: window.tmBody || "",
	loaded: window.__loaded || 0,
	feed: ` + storyJS + `,
	html: document.documentElement.outerHTML
})`

// jsString quotes s for a JavaScript expression.
func jsString(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func (tb *tab) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, stepTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		tb.t.Fatalf("%s: %s: %v\npage now:\n%s", tb.name, what, err, tb.text())
	}
}

func evalIn[T any](tb *tab, js string) T {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, stepTimeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		tb.t.Fatalf("%s: evaluate %s: %v", tb.name, js, err)
	}
	return v
}

// text is the page as a person reads it, for failure messages.
func (tb *tab) text() string {
	ctx, cancel := context.WithTimeout(tb.ctx, 2*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body ? document.body.innerText : ""`))
	if err != nil {
		return "(unreadable: " + err.Error() + ")"
	}
	return s
}

// waitFor polls a JavaScript condition until it holds. It polls from Go
// with Runtime.evaluate because chromedp.Poll builds its predicate with
// new Function, which the pages' Content-Security-Policy (rightly) forbids.
func (tb *tab) waitFor(what, cond string) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, stepTimeout)
	defer cancel()
	tick := time.NewTicker(25 * time.Millisecond)
	defer tick.Stop()
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("!!("+cond+")"))
		if err == nil && ok {
			return
		}
		select {
		case <-ctx.Done():
			if err == nil {
				err = ctx.Err()
			}
			tb.t.Fatalf("%s: waiting until %s: %v\npage now:\n%s", tb.name, what, err, tb.text())
		case <-tick.C:
		}
	}
}

func (tb *tab) state() tabState {
	tb.t.Helper()
	return evalIn[tabState](tb, stateJS)
}

// openTab opens url in a new browser context with the given viewport, waits
// for the live connection's first update, and marks the page so a reload
// would show.
func openTab(t *testing.T, browser context.Context, name, url string, w, h int64, scale float64) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	// The first Run opens the tab and binds it to its context: no timeout.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("%s: open a tab: %v", name, err)
	}
	tb := &tab{t: t, name: name, ctx: ctx}
	tb.do("open "+url,
		chromedp.EmulateViewport(w, h, chromedp.EmulateScale(scale)),
		chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.CSS("#app #status")))
	// The page holds the current body: its live connection is open, and
	// sends it nothing until something changes.
	tb.waitFor("the live connection", `(window.tmLive || 0) >= 1`)
	tb.loaded = evalIn[float64](tb, `window.__loaded = Date.now() + Math.random()`)
	return tb
}

// press clicks the phone's button for action, opening the folded moves
// (or reports) first when the button sits inside them, and tapping again
// when the button asks for confirmation, as a player has to.
func (tb *tab) press(action string) {
	tb.t.Helper()
	sel := fmt.Sprintf(`#app button[name="a"][value=%s]`, jsString(action))
	q := `document.querySelector(` + jsString(sel) + `)`
	tb.waitFor("the button "+action+" is offered", `(b => !!b && !b.disabled)(`+q+`)`)
	if id := evalIn[string](tb, `(b => { const d = b.closest("details"); return d && !d.open ? d.id : "" })(`+q+`)`); id != "" {
		tb.do("open "+id, chromedp.Click(chromedp.CSS("#app details#"+id+" > summary")))
		tb.waitFor(id+" are open", `document.querySelector("#app details#`+id+`").open`)
	}
	tb.do("press "+action, chromedp.Click(chromedp.CSS(sel), chromedp.NodeEnabled))
	// A choice that asks first shows its question on the button: the
	// second tap takes it, as a player does.
	if evalIn[bool](tb, `(b => !!b && b.classList.contains("armed"))(`+q+`)`) {
		tb.do("confirm "+action, chromedp.Click(chromedp.CSS(sel), chromedp.NodeEnabled))
	}
}

// waitUpdates waits until the page has swapped #app at least updates more
// times and, if story, shows a new story line; it checks that the page got
// there by live updates, not by loading again. A move told to other seats
// only (an Ayatsuri pick) changes no story line on this page, but the page
// is still updated live.
func (tb *tab) waitUpdates(before tabState, after string, updates int, story bool) {
	tb.t.Helper()
	if !story && tb.freshBody() == before.Body {
		// Nothing this page shows changed: it is sent nothing.
		tb.checkFresh(after)
		return
	}
	what, changed := "the page is updated after "+after, "true"
	if story {
		what, changed = "the story changes after "+after, storyJS+" !== "+jsString(before.Feed)
	}
	// A reload ends the wait too, so that it is reported as such.
	tb.waitFor(what, fmt.Sprintf(`(window.__loaded || 0) !== %v || ((window.tmUpdates || 0) >= %d && %s)`,
		tb.loaded, before.Updates+updates, changed))
	now := tb.state()
	if now.Loaded != tb.loaded {
		tb.t.Fatalf("%s: after %s window.__loaded = %v, want %v: the page was loaded again instead of updated live", tb.name, after, now.Loaded, tb.loaded)
	}
	if now.Updates < before.Updates+updates || (story && now.Feed == before.Feed) {
		tb.t.Fatalf("%s: after %s window.tmUpdates = %d (was %d), story changed = %v", tb.name, after, now.Updates, before.Updates, now.Feed != before.Feed)
	}
	if now.Resyncs > 0 {
		tb.t.Fatalf("%s: after %s a live patch did not fit the page, which asked for the whole body %d times", tb.name, after, now.Resyncs)
	}
	tb.checkFresh(after)
}

// freshBody is the hash of the body a fresh load of the page shows now.
func (tb *tab) freshBody() string {
	tb.t.Helper()
	evalIn[bool](tb, `(window.__freshBody = undefined, fetch(location.href).then(r => r.text()).then(t => {
		window.__freshBody = new DOMParser().parseFromString(t, "text/html").getElementById("app").dataset.h;
	}), true)`)
	tb.waitFor("a fresh copy of the page", `window.__freshBody !== undefined`)
	return evalIn[string](tb, `window.__freshBody`)
}

// checkFresh checks that the page, as its live updates made it, is the
// page a fresh load shows now: the patches rebuilt it exactly. What the
// page's script itself sets (folds left open, buttons kept disabled while
// a tap is on its way) is left aside.
func (tb *tab) checkFresh(after string) {
	tb.t.Helper()
	const norm = `.replace(/ (open|disabled)=""/g, "")`
	evalIn[bool](tb, `(window.__fresh = undefined, fetch(location.href).then(r => r.text()).then(t => {
		const fresh = new DOMParser().parseFromString(t, "text/html").getElementById("app").innerHTML`+norm+`;
		const live = document.getElementById("app").innerHTML`+norm+`;
		window.__fresh = fresh === live ? "" : "live:\n" + live + "\nfresh:\n" + fresh;
	}), true)`)
	tb.waitFor("a fresh copy of the page", `window.__fresh !== undefined`)
	if diff := evalIn[string](tb, `window.__fresh`); diff != "" {
		tb.t.Fatalf("%s: after %s the live page differs from a fresh load:\n%s", tb.name, after, diff)
	}
}

// hasButton reports whether the page offers a button for action now.
func (tb *tab) hasButton(action string) bool {
	tb.t.Helper()
	sel := fmt.Sprintf(`#app button[name="a"][value=%s]`, jsString(action))
	return evalIn[bool](tb, `!!document.querySelector(`+jsString(sel)+`)`)
}

// checkHold checks hold-to-reveal: the secrets are hidden until a finger
// is down on the .hold area and hidden again once it is lifted.
func (tb *tab) checkHold(secrets ...string) {
	tb.t.Helper()
	const vis = `getComputedStyle(document.querySelector("#app .hold .secret")).visibility`
	if v := evalIn[string](tb, vis); v != "hidden" {
		tb.t.Errorf("%s: .secret visibility before pointerdown = %q, want hidden", tb.name, v)
	}
	got := evalIn[string](tb, `document.querySelector("#app .hold .secret").textContent`)
	for _, secret := range secrets {
		if !strings.Contains(got, secret) {
			tb.t.Errorf("%s: .secret = %q, want it to hold %s", tb.name, got, secret)
		}
	}
	tb.pointer(true)
	if v := evalIn[string](tb, vis); v != "visible" {
		tb.t.Errorf("%s: .secret visibility during pointerdown = %q, want visible", tb.name, v)
	}
	tb.pointer(false)
	if v := evalIn[string](tb, vis); v != "hidden" {
		tb.t.Errorf("%s: .secret visibility after pointerup = %q, want hidden", tb.name, v)
	}
}

// pointer puts a finger down on the .hold area, or lifts it.
func (tb *tab) pointer(down bool) {
	tb.t.Helper()
	js := `window.dispatchEvent(new PointerEvent("pointerup", {bubbles: true, pointerType: "touch"}))`
	if down {
		js = `document.querySelector("#app .hold").dispatchEvent(new PointerEvent("pointerdown", {bubbles: true, pointerType: "touch"}))`
	}
	evalIn[bool](tb, js)
}

func (tb *tab) screenshot(path string) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, stepTimeout)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		tb.t.Fatalf("%s: screenshot: %v", tb.name, err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		tb.t.Fatal(err)
	}
	tb.t.Logf("wrote %s (%d bytes)", path, len(png))
}

// writeScreens saves the pictures the README shows: the table screen and
// a phone with a finger on its secrets.
func writeScreens(t *testing.T, screen, phone *tab) {
	t.Helper()
	dir := filepath.Join("..", "docs")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	screen.screenshot(filepath.Join(dir, "table-screen.png"))
	phone.pointer(true)
	phone.screenshot(filepath.Join(dir, "phone.png"))
	phone.pointer(false)
}

// startBrowser starts headless Chromium for the test, with a fresh profile
// that chromedp makes and removes, and returns its root context.
func startBrowser(t *testing.T, exe string) context.Context {
	t.Helper()
	// Chromium's goroutines may log after the test ends; t.Logf would panic.
	var done atomic.Bool
	t.Cleanup(func() { done.Store(true) })
	logf := func(format string, args ...any) {
		if !done.Load() {
			t.Logf("chromedp: "+format, args...)
		}
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-background-networking", true),
	)
	budget, cancelBudget := context.WithTimeout(context.Background(), browserBudget)
	t.Cleanup(cancelBudget)
	alloc, cancelAlloc := chromedp.NewExecAllocator(budget, opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(alloc, chromedp.WithErrorf(logf))
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start %s: %v", exe, err)
	}
	return ctx
}

// httptestServer serves srv on a loopback port and returns its URL. The
// live pages hold their connections open, so they are cut before Close.
func httptestServer(t *testing.T, srv *moderator.Server) string {
	t.Helper()
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		ts.CloseClientConnections()
		ts.Close()
	})
	return ts.URL
}
