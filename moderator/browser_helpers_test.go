package moderator_test

// What the browser tests share: starting a browser (Chromium or WebKit,
// through internal/browsertest) and the real server, opening a page per
// device, pressing a phone's buttons, waiting for the live updates,
// hold-to-reveal, the no-leak checks on the live DOM, and the README's
// screenshots. The same scenario code runs in both browsers.

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/internal/browsertest"
	"tablemaster/moderator"
)

// updateScreens rewrites the README's pictures of the table screen and a
// phone (docs/table-screen.png, docs/phone.png) from TestBrowserGame.
var updateScreens = flag.Bool("update-screens", false, "write docs/table-screen.png and docs/phone.png from TestBrowserGame")

// stepTimeout bounds one wait in one tab.
const stepTimeout = 10 * time.Second

// Chromium and WebKit are the browsers a scenario runs in: each game's
// main scenario is a test function taking the browser's name, run by a
// Test… for Chromium and a Test…WebKit for WebKit (the engine of every
// iPhone browser), so `go test -run 'Browser.*WebKit'` runs the WebKit ones.
const (
	Chromium = browsertest.Chromium
	WebKit   = browsertest.WebKit
)

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

// browserGame is a table on the real server, a browser, and the devices
// open on the table: each a page with a profile of its own, so the phones
// and the table screen share no cookies or connections.
type browserGame struct {
	t       *testing.T
	table   *moderator.Table
	url     string // the server's
	browser browsertest.Browser
	phones  []*tab // by seat
	screen  *tab   // the table screen
	tabs    []*tab // the phones, then the table screen
}

// startGame starts the browser called name (browsertest.Need: skipped, or
// failed under CI=true, when it is missing), creates the table spec in a
// fresh store and serves it on a loopback port. It opens no page yet.
func startGame(t *testing.T, name string, spec moderator.NewTableSpec) *browserGame {
	t.Helper()
	browser := browsertest.Need(t, name)
	st, srv := newServer(t)
	table, err := st.Create(spec)
	if err != nil {
		t.Fatal(err)
	}
	url := httptestServer(t, srv)
	return &browserGame{t: t, table: table, url: url, browser: browser}
}

// openPhone opens the seat link token on a phone-sized tab.
func (g *browserGame) openPhone(name, token string) *tab {
	g.t.Helper()
	return openTab(g.t, g.browser, name, g.url+"/s/"+token, 390, 844)
}

// openDevices opens every seat's phone, called after the seat's name in
// names, and the table screen.
func (g *browserGame) openDevices(names ...string) {
	g.t.Helper()
	h := g.table.Header()
	for s, name := range names {
		g.phones = append(g.phones, g.openPhone(name+"'s phone", h.Tokens[s]))
	}
	g.screen = openTab(g.t, g.browser, "table screen", g.url+"/t/"+h.TableToken, 1280, 800)
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
	before := readAll[tabState](g.t, g.tabs, beforeJS)
	ver := g.table.Snapshot(engine.Public).StateVer
	if ph := g.phones[m.Seat]; ph.page == nil {
		g.post(what, m)
	} else {
		ph.press(m.Action)
	}
	// The tap's post is on its way when press returns: the pages are
	// checked once the table has taken the move, or a page told nothing
	// could compare itself with a fresh load from before the move.
	for deadline := time.Now().Add(stepTimeout); g.table.Snapshot(engine.Public).StateVer == ver; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			g.t.Fatalf("%s: the table did not take the move in %v", what, stepTimeout)
		}
	}
	// The acting phone is updated once: by the reply to its post or by the
	// live update, whichever comes first; the other brings the body it
	// already shows and changes nothing.
	each(g.t, g.tabs, func(i int, tb *tab) error {
		return tb.updated(before[i], what, 1, story(g.seatOf(tb)))
	})
}

// post sends m as its seat's page does when the button is tapped (the
// form, the state it was drawn from, over a real socket), for a seat whose
// phone has no page in this test (openSpeakingDevices).
func (g *browserGame) post(what string, m move) {
	g.t.Helper()
	form := url.Values{"a": {m.Action}, "v": {strconv.Itoa(g.table.Snapshot(m.Seat).StateVer)}}
	req, err := http.NewRequest("POST", g.url+"/s/"+g.table.Header().Tokens[m.Seat]+"/act", strings.NewReader(form.Encode()))
	if err != nil {
		g.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Tablemaster", "fetch")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		g.t.Fatalf("%s: %v", what, err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		g.t.Fatalf("%s: the post got %s", what, resp.Status)
	}
}

// pages calls f with every device's tab, its seat (engine.Public for the
// table screen) and the page's live HTML.
func (g *browserGame) pages(f func(tb *tab, seat engine.Seat, html string)) {
	g.t.Helper()
	states := readAll[tabState](g.t, g.tabs, stateJS)
	for i, tb := range g.tabs {
		f(tb, g.seatOf(tb), states[i].HTML)
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

// tab is one device: a page with a profile of its own.
type tab struct {
	t        *testing.T
	name     string
	page     browsertest.Page
	loaded   float64 // window.__loaded, set once after the first load
	confirms int     // the taps that answered a button's "Sure?"
	// hands: the page is only a player's hands in this test, which
	// replays a game another test checks page by page. After a move it is
	// waited for, and its counters checked, but not compared with a fresh
	// load of itself (the costliest check of a step).
	hands bool
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

// beforeJS is stateJS without the page's HTML: what a wait for the next
// update compares with.
const beforeJS = `({
	updates: window.tmUpdates || 0,
	resyncs: window.tmResyncs || 0,
	body: window.tmBody || "",
	loaded: window.__loaded || 0,
	feed: ` + storyJS + `
})`

// jsString quotes s for a JavaScript expression.
func jsString(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// check fails the test if err, a step called what, failed.
func (tb *tab) check(what string, err error) {
	tb.t.Helper()
	if err != nil {
		tb.t.Fatalf("%s: %s: %v\npage now:\n%s", tb.name, what, err, tb.text())
	}
}

// navigate loads url in the page, after checking the page it leaves for
// script errors, and watches the new one.
func (tb *tab) navigate(url string) {
	tb.t.Helper()
	tb.checkErrors()
	tb.check("open "+url, tb.page.Navigate(url))
	tb.watchErrors()
}

// click clicks the element css, once it is shown and enabled.
func (tb *tab) click(what, css string) {
	tb.t.Helper()
	tb.check(what, tb.page.Click(css))
}

// waitVisible waits until the element css is shown.
func (tb *tab) waitVisible(what, css string) {
	tb.t.Helper()
	tb.waitFor(what, `(e => !!e && e.checkVisibility())(document.querySelector(`+jsString(css)+`))`)
}

func evalIn[T any](tb *tab, js string) T {
	tb.t.Helper()
	v, err := evalErr[T](tb, js)
	if err != nil {
		tb.t.Fatal(err)
	}
	return v
}

// evalErr is evalIn, for any goroutine: it returns the failure.
func evalErr[T any](tb *tab, js string) (T, error) {
	var v T
	if err := tb.page.Eval(js, &v); err != nil {
		return v, fmt.Errorf("%s: evaluate %s: %v", tb.name, js, err)
	}
	return v, nil
}

// each runs f for every tab side by side (each is a page of its own, so
// their round trips to the browser overlap), then fails the test with
// every error f returned, in the order of tabs.
func each(t *testing.T, tabs []*tab, f func(i int, tb *tab) error) {
	t.Helper()
	errs := make([]error, len(tabs))
	var wg sync.WaitGroup
	for i, tb := range tabs {
		wg.Go(func() { errs[i] = f(i, tb) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if slices.ContainsFunc(errs, func(err error) bool { return err != nil }) {
		t.FailNow()
	}
}

// readAll evaluates js in every tab, side by side (each), and gives the
// values in the order of tabs.
func readAll[T any](t *testing.T, tabs []*tab, js string) []T {
	t.Helper()
	out := make([]T, len(tabs))
	each(t, tabs, func(i int, tb *tab) error {
		var err error
		out[i], err = evalErr[T](tb, js)
		return err
	})
	return out
}

// text is the page as a person reads it, for failure messages.
func (tb *tab) text() string {
	var s string
	if err := tb.page.Eval(`document.body ? document.body.innerText : ""`, &s); err != nil {
		return "(unreadable: " + err.Error() + ")"
	}
	return s
}

// waitFor waits until a JavaScript condition holds in the page, which
// polls it itself (browsertest.Wait): the condition is code the test sends,
// not a string the page's script turns into a function, which the pages'
// Content-Security-Policy (rightly) forbids.
func (tb *tab) waitFor(what, cond string) {
	tb.t.Helper()
	if err := tb.wait(what, cond); err != nil {
		tb.t.Fatal(err)
	}
}

// wait is waitFor, for any goroutine: it returns the failure instead.
func (tb *tab) wait(what, cond string) error {
	if err := browsertest.Wait(tb.page, cond, stepTimeout); err != nil {
		return fmt.Errorf("%s: waiting until %s: %v\npage now:\n%s", tb.name, what, err, tb.text())
	}
	return nil
}

func (tb *tab) state() tabState {
	tb.t.Helper()
	return evalIn[tabState](tb, stateJS)
}

// openTab opens url on a new page of browser with the given viewport,
// waits for the live connection's first update, and marks the page so a
// reload would show.
func openTab(t *testing.T, browser browsertest.Browser, name, url string, w, h int) *tab {
	t.Helper()
	return openTabBefore(t, browser, name, url, w, h, "")
}

// openTabBefore is openTab with the script before run in each document
// the page loads, ahead of the document's own (browsertest.Preparer): a
// stand-in for a browser API the test records. A browser whose pages
// cannot do that skips the test.
func openTabBefore(t *testing.T, browser browsertest.Browser, name, url string, w, h int, before string) *tab {
	t.Helper()
	tb := openPageBefore(t, browser, name, url, w, h, before)
	tb.waitVisible("the page shows its status", "#app #status")
	// The page holds the current body: its live connection is open, and
	// sends it nothing until something changes.
	tb.waitFor("the live connection", `(window.tmLive || 0) >= 1`)
	tb.loaded = evalIn[float64](tb, `window.__loaded = Date.now() + Math.random()`)
	return tb
}

// openPage opens url on a new page of browser, as any page (not only a
// table's), and watches it for script errors: when the test ends, every
// uncaught error or unhandled rejection the page had fails it. (An error
// while the page loads shows as a page whose script never went live.)
func openPage(t *testing.T, browser browsertest.Browser, name, url string, w, h int) *tab {
	t.Helper()
	return openPageBefore(t, browser, name, url, w, h, "")
}

// openPageBefore is openPage with the script before run first in each
// document the page loads (see openTabBefore).
func openPageBefore(t *testing.T, browser browsertest.Browser, name, url string, w, h int, before string) *tab {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	page, err := browser.Open(ctx, w, h)
	if err != nil {
		t.Fatalf("%s: open a %s page: %v", name, browser.Name(), err)
	}
	if before != "" {
		p, ok := page.(browsertest.Preparer)
		if !ok {
			page.Close()
			t.Skipf("%s: a %s page cannot run a script before the page's own", name, browser.Name())
		}
		if err := p.BeforeScripts(before); err != nil {
			page.Close()
			t.Fatalf("%s: install the script to run first: %v", name, err)
		}
	}
	tb := &tab{t: t, name: name, page: page}
	t.Cleanup(func() {
		if !t.Failed() {
			tb.checkErrors()
		}
		page.Close()
	})
	tb.navigate(url)
	return tb
}

// watchErrors starts collecting the page's script errors; a load of the
// page starts afresh, so it is called after each. A page that goes on to
// another at once (a form posted by its script) may end the first try:
// the page it lands on is watched then.
func (tb *tab) watchErrors() {
	tb.t.Helper()
	tb.check("watch for script errors", browsertest.Wait(tb.page, browsertest.WatchErrorsJS, stepTimeout))
}

// checkErrors fails the test for every script error the page had.
func (tb *tab) checkErrors() {
	tb.t.Helper()
	var errs []string
	if err := tb.page.Eval(browsertest.ErrorsJS, &errs); err != nil {
		tb.t.Errorf("%s: read the script errors: %v", tb.name, err)
	}
	for _, e := range errs {
		tb.t.Errorf("%s: script error: %s", tb.name, e)
	}
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
		tb.click("open "+id, "#app details#"+id+" > summary")
		tb.waitFor(id+" are open", `document.querySelector("#app details#`+id+`").open`)
	}
	tb.click("press "+action, sel)
	// A choice that asks first shows its question on the button: the
	// second tap takes it, as a player does.
	if evalIn[bool](tb, `(b => !!b && b.classList.contains("armed"))(`+q+`)`) {
		tb.click("confirm "+action, sel)
		tb.confirms++
	}
}

// updated waits until the page has swapped #app at least updates more
// times and, if story, shows a new story line; it checks that the page got
// there by live updates, not by loading again, and returns the failure (it
// runs in any goroutine). A move told to other seats only (an Ayatsuri
// pick) changes no story line on this page, but the page is still updated
// live.
func (tb *tab) updated(before tabState, after string, updates int, story bool) error {
	js := freshJS
	if tb.hands {
		js = freshHashJS
	}
	if !story {
		f, err := evalErr[fresh](tb, js)
		if err != nil {
			return err
		}
		if f.Hash == before.Body {
			// Nothing this page shows changed: it is sent nothing.
			return f.check(tb, after)
		}
	}
	what, changed := "the page is updated after "+after, "true"
	if story {
		what, changed = "the story changes after "+after, storyJS+" !== "+jsString(before.Feed)
	}
	// A reload ends the wait too, so that it is reported as such.
	if err := tb.wait(what, fmt.Sprintf(`(window.__loaded || 0) !== %v || ((window.tmUpdates || 0) >= %d && %s)`,
		tb.loaded, before.Updates+updates, changed)); err != nil {
		return err
	}
	f, err := evalErr[fresh](tb, `(s => `+js+`.then(f => (f.state = s, f)))(`+beforeJS+`)`)
	if err != nil {
		return err
	}
	now := f.State
	if now.Loaded != tb.loaded {
		return fmt.Errorf("%s: after %s window.__loaded = %v, want %v: the page was loaded again instead of updated live", tb.name, after, now.Loaded, tb.loaded)
	}
	if now.Updates < before.Updates+updates || (story && now.Feed == before.Feed) {
		return fmt.Errorf("%s: after %s window.tmUpdates = %d (was %d), story changed = %v", tb.name, after, now.Updates, before.Updates, now.Feed != before.Feed)
	}
	if now.Resyncs > 0 {
		return fmt.Errorf("%s: after %s a live patch did not fit the page, which asked for the whole body %d times", tb.name, after, now.Resyncs)
	}
	return f.check(tb, after)
}

// fresh is what freshJS reads: a fresh load of the page, against the page
// as its live updates made it (and, with them, its state).
type fresh struct {
	Hash  string   `json:"hash"` // the hash of the body a fresh load shows now
	Diff  string   `json:"diff"` // the live and fresh #app, when they differ
	State tabState `json:"state"`
}

// freshJS loads the page afresh, in the page, and compares it with the
// page as its live updates made it: the patches must have rebuilt it
// exactly. What the page's script itself sets (folds left open, buttons
// kept disabled while a tap is on its way, the table screen's Speak
// switch pressed) is left aside.
const freshJS = `fetch(location.href).then(r => r.text()).then(t => {
	const norm = s => s.replace(/ (open|disabled)=""/g, "").replace(/ aria-pressed="(true|false)"/g, "");
	const app = new DOMParser().parseFromString(t, "text/html").getElementById("app");
	const fresh = norm(app.innerHTML), live = norm(document.getElementById("app").innerHTML);
	return {hash: app.dataset.h, diff: fresh === live ? "" : "live:\n" + live + "\nfresh:\n" + fresh};
})`

// freshHashJS is freshJS for a page that is only hands (tab.hands): the
// hash of the body a fresh load shows, and no comparison.
const freshHashJS = `fetch(location.href).then(r => r.text()).then(t => ({hash: (/ id="app"[^>]* data-h="([^"]*)"/.exec(t) || [])[1] || "", diff: ""}))`

// check fails when the live page differs from the fresh load.
func (f fresh) check(tb *tab, after string) error {
	if f.Diff != "" {
		return fmt.Errorf("%s: after %s the live page differs from a fresh load:\n%s", tb.name, after, f.Diff)
	}
	return nil
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
	// At rest the secrets take no room (display: none), and show while held.
	const vis = `(e => e.getClientRects().length > 0 && getComputedStyle(e).visibility === "visible" ? "visible" : "hidden")(document.querySelector("#app .hold .secret"))`
	if v := evalIn[string](tb, vis); v != "hidden" {
		tb.t.Errorf("%s: .secret before pointerdown is %q, want hidden", tb.name, v)
	}
	got := evalIn[string](tb, `document.querySelector("#app .hold .secret").textContent`)
	for _, secret := range secrets {
		if !strings.Contains(got, secret) {
			tb.t.Errorf("%s: .secret = %q, want it to hold %s", tb.name, got, secret)
		}
	}
	tb.pointer(true)
	if v := evalIn[string](tb, vis); v != "visible" {
		tb.t.Errorf("%s: .secret during pointerdown is %q, want visible", tb.name, v)
	}
	tb.pointer(false)
	// Chromium turns a short touch into a tap, whose :active (which shows
	// .secret too) lasts a moment after the finger is lifted.
	tb.waitFor(".secret is hidden again after pointerup", vis+` === "hidden"`)
}

// pointer puts a finger down on the .hold area, or lifts it: a real touch
// through the browser's input (in WebKit, WebDriver's touch pointer, which
// arrives as a mouse).
func (tb *tab) pointer(down bool) {
	tb.t.Helper()
	tb.check(fmt.Sprintf("finger down = %v on the hold area", down), tb.page.Pointer("#app .hold", down))
}

// switchLang taps the page's language link, which loads the page again in
// the other language, and checks that the page is now in lang, live again
// and free of script errors. The page is marked afresh, so the moves that
// follow check live updates from here.
func (tb *tab) switchLang(lang string) {
	tb.t.Helper()
	tb.checkErrors()
	before := tb.loaded
	tb.click("switch the language to "+lang, "#app .lang a")
	tb.waitFor("the page is in "+lang, `(window.__loaded || 0) !== `+fmt.Sprint(before)+` && document.documentElement.lang === `+jsString(lang)+
		` && (window.tmLive || 0) >= 1`)
	tb.watchErrors()
	tb.loaded = evalIn[float64](tb, `window.__loaded = Date.now() + Math.random()`)
}

func (tb *tab) screenshot(path string) {
	tb.t.Helper()
	png, err := tb.page.Screenshot()
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

// newServer makes a store in a fresh folder, closed when the test ends,
// and a server over it that reports its trouble to the test.
func newServer(t *testing.T) (*moderator.Store, *moderator.Server) {
	t.Helper()
	st, err := moderator.NewStore(t.TempDir(), time.Now)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	srv := moderator.NewServer(st, engine.EN)
	srv.Logf = t.Logf
	return st, srv
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
