package moderator_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablemaster/engine"
	"tablemaster/engine/noir"
	"tablemaster/moderator"
)

// updateScreens rewrites the README's pictures of the table screen and a
// phone (docs/table-screen.png, docs/phone.png) from TestBrowserGame.
var updateScreens = flag.Bool("update-screens", false, "write docs/table-screen.png and docs/phone.png from TestBrowserGame")

// browserBudget bounds everything one browser test (TestBrowserGame,
// TestBrowserAyatsuri) does in the browser, so a hung page fails the test
// instead of stalling the run.
const browserBudget = 60 * time.Second

// stepTimeout bounds one wait in one tab.
const stepTimeout = 10 * time.Second

// browserPath finds a Chromium or Chrome to drive, or "". The environment
// variable TABLEMASTER_CHROMIUM names one outright.
func browserPath() string {
	if p := os.Getenv("TABLEMASTER_CHROMIUM"); p != "" {
		if p, err := exec.LookPath(p); err == nil {
			return p
		}
		return ""
	}
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// move is one button a phone presses.
type move struct {
	Seat   engine.Seat
	Action string
}

// plan is a short Noir game worked out with the engine before the browser
// plays it: the moves, and the secrets the test must never see leak.
type plan struct {
	Seed  uint64
	Moves []move
	// Killer and Inspector are the identities, revealed at the end.
	Killer, Inspector noir.Card
	// InspectorCards are the evidence cards the Inspector holds (identity
	// and hand): the Killer's phone and the table must never show them.
	InspectorCards []string
}

// planGame finds a seed on which this six-move game ends with the
// Inspector's arrest: the Killer draws and kills (NC-5), the Inspector
// draws four and keeps one (NC-6), the Killer shifts (NC-7, a public
// button), the Inspector arrests the Killer (NC-12). The engine is
// deterministic (principle 5), so the moderator plays the same game.
func planGame(t *testing.T) plan {
	t.Helper()
	for seed := uint64(1); seed < 2000; seed++ {
		if p, ok := planSeed(seed); ok {
			return p
		}
	}
	t.Fatal("planGame: no seed below 2000 gives a six-move arrest")
	return plan{}
}

func planSeed(seed uint64) (plan, bool) {
	g := noir.New(noir.Config{}, seed)
	if _, err := g.Apply(noir.Killer, "draw"); err != nil {
		return plan{}, false
	}
	killer := *g.View(noir.Killer).(noir.View).Identity
	// The Joker's evidence card has the same name as its suspect, which
	// the grid shows to everyone: the no-leak check could not tell them apart.
	if killer.Evidence == killer.Suspect {
		return plan{}, false
	}
	for _, kill := range g.Legal(noir.Killer) {
		g1 := g.Clone()
		if _, err := g1.Apply(noir.Killer, kill.Action); err != nil {
			continue
		}
		if _, err := g1.Apply(noir.Inspector, "draw"); err != nil {
			continue
		}
		var inspCards []string
		for _, c := range g1.View(noir.Inspector).(noir.View).Drawn {
			if c.Evidence == c.Suspect {
				return plan{}, false
			}
			inspCards = append(inspCards, c.Evidence)
		}
		for _, keep := range g1.Legal(noir.Inspector) {
			g2 := g1.Clone()
			if _, err := g2.Apply(noir.Inspector, keep.Action); err != nil {
				continue
			}
			insp := *g2.View(noir.Inspector).(noir.View).Identity
			for _, shift := range g2.Legal(noir.Killer) {
				if !shift.Public {
					continue
				}
				g3 := g2.Clone()
				if _, err := g3.Apply(noir.Killer, shift.Action); err != nil {
					continue
				}
				arrest := engine.Action("arrest " + killer.Suspect)
				if _, err := g3.Apply(noir.Inspector, arrest); err != nil {
					continue
				}
				if o := g3.Outcome(); !o.Over || len(o.Winners) != 1 || o.Winners[0] != noir.Inspector {
					continue
				}
				return plan{
					Seed: seed,
					Moves: []move{
						{noir.Killer, "draw"},
						{noir.Killer, string(kill.Action)},
						{noir.Inspector, "draw"},
						{noir.Inspector, string(keep.Action)},
						{noir.Killer, string(shift.Action)},
						{noir.Inspector, string(arrest)},
					},
					Killer:         killer,
					Inspector:      insp,
					InspectorCards: inspCards,
				}, true
			}
		}
	}
	return plan{}, false
}

// tab is one device: a browser tab in a browser context of its own, so
// the phones and the table screen share no cookies or connections.
type tab struct {
	t      *testing.T
	name   string
	ctx    context.Context
	loaded float64 // window.__loaded, set once after the first load
}

// tabState is what the test reads from a page between moves.
type tabState struct {
	Updates int     `json:"updates"`
	Loaded  float64 `json:"loaded"`
	Feed    string  `json:"feed"`
	HTML    string  `json:"html"`
}

// storyJS is the text of the page's story: the last ul.feed in #app (an
// Ayatsuri page lists the round's declarations in a ul.feed before it).
const storyJS = `((Array.from(document.querySelectorAll("#app ul.feed")).pop() || {}).textContent || "")`

const stateJS = `({
	updates: window.tmUpdates || 0,
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
	// The stream sends the current page at once: after it the page is live.
	tb.waitFor("the first live update", `(window.tmUpdates || 0) >= 1`)
	tb.loaded = evalIn[float64](tb, `window.__loaded = Date.now() + Math.random()`)
	return tb
}

// press clicks the phone's button for action, opening the folded moves
// first when the button sits inside them, as a player has to.
func (tb *tab) press(action string) {
	tb.t.Helper()
	sel := fmt.Sprintf(`#app button[name="a"][value=%s]`, jsString(action))
	q := `document.querySelector(` + jsString(sel) + `)`
	tb.waitFor("the button "+action+" is offered", `(b => !!b && !b.disabled)(`+q+`)`)
	if evalIn[bool](tb, `(b => { const d = b.closest("details"); return !!d && !d.open })(`+q+`)`) {
		tb.do("open the moves", chromedp.Click(chromedp.CSS("#app details#moves > summary")))
		tb.waitFor("the moves are open", `document.querySelector("#app details#moves").open`)
	}
	tb.do("press "+action, chromedp.Click(chromedp.CSS(sel), chromedp.NodeEnabled))
}

// waitLive waits until the page shows a new story line after at least
// updates more swaps of #app, and checks that it got there by live updates,
// not by loading the page again.
func (tb *tab) waitLive(before tabState, after string, updates int) {
	tb.t.Helper()
	tb.waitUpdates(before, after, updates, true)
}

// waitUpdates waits until the page has swapped #app at least updates more
// times and, if story, shows a new story line; it checks that the page got
// there by live updates, not by loading again. A move told to other seats
// only (an Ayatsuri pick) changes no story line on this page, but the page
// is still updated live.
func (tb *tab) waitUpdates(before tabState, after string, updates int, story bool) {
	tb.t.Helper()
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

// TestBrowserGame plays a short seeded Noir game in headless Chromium: the
// Killer's phone, the Inspector's phone and the table screen each in a
// browser context of its own, every move made by clicking a phone's button
// on the real server. After every move all three pages must have followed
// live, without a reload; hold-to-reveal must hide the secrets until a finger
// is down; no phone's page may ever hold the other side's identity card
// (principle 1); at the end all three show both identities.
func TestBrowserGame(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test is skipped in -short mode")
	}
	exe := browserPath()
	if exe == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("TestBrowserGame: no Chromium found (looked for $TABLEMASTER_CHROMIUM, /usr/bin/chromium, chromium, chromium-browser, google-chrome, headless-shell); CI must run the browser test: apt-get install chromium")
		}
		t.Skip("no Chromium found (apt-get install chromium); skipping the browser test")
	}
	start := time.Now()
	p := planGame(t)
	t.Logf("seed %d: %v; Killer %s (%s), Inspector %s (%s)", p.Seed, p.Moves,
		p.Killer.Suspect, p.Killer.Evidence, p.Inspector.Suspect, p.Inspector.Evidence)

	st, err := moderator.NewStore(t.TempDir(), time.Now)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	table, err := st.Create(moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: p.Seed})
	if err != nil {
		t.Fatal(err)
	}
	srv := moderator.NewServer(st, engine.EN)
	srv.Logf = t.Logf
	ts := httptestServer(t, srv)
	h := table.Header()

	browser := startBrowser(t, exe)
	phones := map[engine.Seat]*tab{
		noir.Killer:    openTab(t, browser, "Killer's phone", ts+"/s/"+h.Tokens[noir.Killer], 390, 844, 2),
		noir.Inspector: openTab(t, browser, "Inspector's phone", ts+"/s/"+h.Tokens[noir.Inspector], 390, 844, 2),
	}
	screen := openTab(t, browser, "table screen", ts+"/t/"+h.TableToken, 1280, 800, 1)
	tabs := []*tab{phones[noir.Killer], phones[noir.Inspector], screen}

	// noLeak: while the game runs, each page holds only what its device may
	// see (DESIGN.md principle 1), checked on the live DOM.
	noLeak := func(after string) {
		t.Helper()
		secrets := map[*tab][]string{
			phones[noir.Killer]:    p.InspectorCards,
			phones[noir.Inspector]: {p.Killer.Evidence},
			screen:                 append([]string{p.Killer.Evidence}, p.InspectorCards...),
		}
		for _, tb := range tabs {
			html := tb.state().HTML
			for _, s := range secrets[tb] {
				if strings.Contains(html, s) {
					t.Errorf("%s after %s: the page holds %s, a card only the other side may know", tb.name, after, s)
				}
			}
		}
	}
	noLeak("opening")

	kills := 0
	for i, m := range p.Moves {
		last := i == len(p.Moves)-1
		if last && *updateScreens {
			writeScreens(t, screen, phones[noir.Inspector])
		}
		before := map[*tab]tabState{}
		for _, tb := range tabs {
			before[tb] = tb.state()
		}
		phones[m.Seat].press(m.Action)
		what := fmt.Sprintf("move %d (%s)", i+1, m.Action)
		for _, tb := range tabs {
			// The acting phone swaps #app twice: with the reply to its
			// post and with the live update everyone gets. Waiting for
			// both keeps the next click off a page about to be replaced.
			n := 1
			if tb == phones[m.Seat] {
				n = 2
			}
			tb.waitLive(before[tb], what, n)
		}
		if strings.HasPrefix(m.Action, "kill ") {
			kills++
			want := fmt.Sprintf("%d/%d", kills, noir.KillsToWin)
			screen.waitFor("#kills shows "+want, `document.querySelector("#app #kills").textContent.trim() === `+jsString(want))
		}
		if last {
			break
		}
		noLeak(what)
		switch {
		case m.Seat == noir.Killer && m.Action == "draw":
			phones[noir.Killer].checkHold(p.Killer.Evidence)
		case strings.HasPrefix(m.Action, "keep "):
			phones[noir.Inspector].checkHold(p.Inspector.Evidence)
		}
	}

	// NC-17: the game is over and everyone sees both identities.
	for _, tb := range tabs {
		tb.do("show the game-over banner", chromedp.WaitVisible(chromedp.CSS("#app #over")))
		over := evalIn[string](tb, `document.querySelector("#app #over").textContent`)
		for _, want := range []string{p.Killer.Suspect, p.Killer.Evidence, p.Inspector.Suspect, p.Inspector.Evidence} {
			if !strings.Contains(over, want) {
				t.Errorf("%s: #over = %q, want it to name %s", tb.name, over, want)
			}
		}
		if n := evalIn[int](tb, `document.querySelectorAll("#app button[name=a]").length`); n != 0 {
			t.Errorf("%s: %d action buttons after the game ended, want 0", tb.name, n)
		}
	}
	t.Logf("browser game took %v", time.Since(start).Round(time.Millisecond))
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

// writeScreens saves the pictures the README shows: the table screen and
// the Inspector's phone with a finger on its secrets.
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
