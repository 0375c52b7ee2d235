package moderator_test

// The laptop goes away and comes back (issue 24, item 3): every open page
// says so within seconds, keeps its buttons off, keeps a tap that could not
// be sent on the page, and carries on by itself once the laptop serves the
// same tables on the same address again.

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/noir"
	"tablemaster/internal/browsertest"
	"tablemaster/moderator"
)

// The banner's texts, as a person reads them. Written out here, not taken
// from the catalogue, so that a lost key or a lost translation fails.
const (
	lostEN   = "Lost the connection to the game master's laptop — reconnecting…"
	lostJA   = "ゲームマスターのノートPCとの接続が切れました。再接続中…"
	unsentEN = "Not sent: the laptop could not be reached. Tap again once reconnected."
)

// lostWithin is how soon a page must say that the laptop is gone.
const lostWithin = 5 * time.Second

// scenarioPage is an open page as the reconnect scenario drives it, in
// whichever browser: *tab drives Chromium.
type scenarioPage interface {
	label() string
	// waitFor polls the JavaScript condition cond until it holds; the test
	// fails if it does not within stepTimeout.
	waitFor(what, cond string)
	// evalString evaluates js, an expression that gives a string.
	evalString(js string) string
	// press taps the phone's button for action, as a player does.
	press(action string)
}

func (tb *tab) label() string { return tb.name }

func (tb *tab) evalString(js string) string {
	tb.t.Helper()
	return evalIn[string](tb, js)
}

// laptop is tablemaster serving one table from a state folder on a fixed
// loopback address, which the test can kill (listener and every
// connection cut at once, as a crash or a lost Wi-Fi does) and start again
// from the same folder on the same address, as a restarted process does.
type laptop struct {
	t    *testing.T
	dir  string
	id   string
	addr string // host:port, the same across restarts
	logf func(string, ...any)

	mu    sync.Mutex
	st    *moderator.Store
	table *moderator.Table
	hs    *http.Server
	ln    net.Listener
	conns map[net.Conn]bool // open connections → taken over by an event stream
	// dead, once set, fails every write of the running server's
	// connections: the laptop is gone, nothing more leaves it, not even
	// what a page closing at the same moment would have set off.
	dead *atomic.Bool
}

// laptopConn is a connection of the laptop, which writes nothing once the
// laptop is dead.
type laptopConn struct {
	net.Conn
	dead *atomic.Bool
}

func (c laptopConn) Write(b []byte) (int, error) {
	if c.dead.Load() {
		return 0, net.ErrClosed
	}
	return c.Conn.Write(b)
}

// laptopListener hands out laptopConns.
type laptopListener struct {
	net.Listener
	dead *atomic.Bool
}

func (ln laptopListener) Accept() (net.Conn, error) {
	c, err := ln.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return laptopConn{c, ln.dead}, nil
}

// newLaptop creates the table spec in a fresh state folder and serves it
// on a loopback port it keeps for every restart.
func newLaptop(t *testing.T, spec moderator.NewTableSpec) *laptop {
	t.Helper()
	dir := t.TempDir()
	st, err := moderator.NewStore(dir, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	table, err := st.Create(spec)
	if err != nil {
		t.Fatal(err)
	}
	id := table.ID()
	st.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var done atomic.Bool
	t.Cleanup(func() { done.Store(true) })
	l := &laptop{t: t, dir: dir, id: id, addr: ln.Addr().String(), logf: func(format string, args ...any) {
		if !done.Load() { // a server's goroutine may log after the test
			t.Logf(format, args...)
		}
	}}
	l.serve(ln)
	t.Cleanup(func() { l.kill(nil) })
	return l
}

// url is the laptop's address, the same across restarts.
func (l *laptop) url() string { return "http://" + l.addr }

// header is the table's header as the running laptop holds it.
func (l *laptop) header() moderator.Header {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.table.Header()
}

// serve opens the state folder and the table from its log, as `tablemaster
// resume` does, and serves them on ln, or on the laptop's address when ln
// is nil.
func (l *laptop) serve(ln net.Listener) {
	l.t.Helper()
	if ln == nil {
		var err error
		if ln, err = net.Listen("tcp", l.addr); err != nil {
			l.t.Fatalf("serve again on %s: %v", l.addr, err)
		}
	}
	st, err := moderator.NewStore(l.dir, time.Now)
	if err != nil {
		l.t.Fatal(err)
	}
	table, _, err := st.Open(l.id)
	if err != nil {
		l.t.Fatal(err)
	}
	srv := moderator.NewServer(st, engine.EN)
	srv.Logf = l.logf
	hs := srv.HTTPServer()
	counted := hs.ConnState
	hs.ConnState = func(c net.Conn, s http.ConnState) {
		l.mu.Lock()
		switch s {
		case http.StateNew:
			l.conns[c] = false
		case http.StateHijacked:
			l.conns[c] = true
		case http.StateClosed:
			delete(l.conns, c)
		}
		l.mu.Unlock()
		if counted != nil {
			counted(c, s)
		}
	}
	dead := new(atomic.Bool)
	l.mu.Lock()
	l.st, l.table, l.hs, l.ln, l.conns, l.dead = st, table, hs, ln, map[net.Conn]bool{}, dead
	l.mu.Unlock()
	go hs.Serve(laptopListener{ln, dead})
}

// refuse closes the listener and every connection net/http holds, but not
// the event streams: the pages still think the laptop is there, and the
// next post finds nobody.
func (l *laptop) refuse() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.ln != nil {
		l.ln.Close()
	}
	for c, stream := range l.conns {
		if !stream {
			c.Close()
			delete(l.conns, c)
		}
	}
}

// kill stops the laptop abruptly: the listener and every connection, the
// event streams too, closed at once. last, if not nil, is given the table
// first: an action accepted (and saved) just before the end, which no page
// was told of.
func (l *laptop) kill(last func(*moderator.Table)) {
	l.mu.Lock()
	if l.dead != nil {
		l.dead.Store(true)
	}
	l.mu.Unlock()
	l.refuse()
	l.mu.Lock()
	defer l.mu.Unlock()
	for c := range l.conns {
		c.Close()
	}
	l.conns = map[net.Conn]bool{}
	if l.st == nil {
		return
	}
	if last != nil {
		last(l.table)
	}
	l.hs.Close()
	l.st.Close()
	l.st, l.table, l.hs, l.ln = nil, nil, nil, nil
}

// Scripts the scenario runs in the pages.
const (
	bannerShownJS = `(b => !!b && !b.hidden && getComputedStyle(b).display !== "none" && b.getBoundingClientRect().height > 0)(document.getElementById("tm-offline"))`
	bannerTextJS  = `document.querySelector("#tm-offline .lost").textContent`
	unsentTextJS  = `document.querySelector("#tm-offline .unsent").textContent`
	// buttonsOffJS: every button of the page is off, and n at least are there.
	buttonsOffJS = `(n => { const b = Array.from(document.querySelectorAll("#app button")); return b.length >= n && b.every(x => x.disabled) })`
	// marksJS: every "connected" mark shows content c before its text, and
	// its text is hidden (c "?") or shown (c "none"), and n at least are there.
	marksJS = `((c, n) => { const m = Array.from(document.querySelectorAll("#app .on"));
		return m.length >= n && m.every(e => getComputedStyle(e, "::before").content === c && (getComputedStyle(e).fontSize === "0px") === (c !== "none")) })`
	markJS = `String(window.__reconnectMark || "")`
	// watchOfflineJS notes in window.__offAt when the page goes offline
	// (Date.now()), so that the time is the page's, not the polling's.
	watchOfflineJS = `(window.__offAt = 0, new MutationObserver(() => {
		if (!window.__offAt && document.body.classList.contains("offline")) window.__offAt = Date.now() }).observe(document.body, {attributes: true}), "")`
)

// offlineAfter is how long after since the page p went offline.
func offlineAfter(p scenarioPage, since time.Time) time.Duration {
	var at int64
	fmt.Sscan(p.evalString(`String(window.__offAt)`), &at)
	return time.UnixMilli(at).Sub(since)
}

// sameAsFresh fails the test unless the live page is what a fresh load of
// it shows now: the page caught up exactly (freshJS).
func sameAsFresh(t *testing.T, p scenarioPage, after string) {
	t.Helper()
	if diff := p.evalString(freshJS + `.then(f => f.diff)`); diff != "" {
		t.Fatalf("%s: after %s the live page differs from a fresh load:\n%s", p.label(), after, diff)
	}
}

// storyOf is the page's story text.
func storyOf(p scenarioPage) string { return p.evalString(storyJS) }

// reconnectDevice is one open page of the scenario and the language it
// was opened in: the banner's text it must show.
type reconnectDevice struct {
	page scenarioPage
	lost string
}

// reconnectScenario runs item 3 of issue 24 on open pages of a Noir table
// served by l: the Killer's phone, the Inspector's phone and the table
// screen (devices in that order), with the Killer to move. moves are the
// game's first two moves, both the Killer's. The same scenario runs in
// every browser.
//
//  1. The laptop stops taking connections but the pages' live streams are
//     still open: the Killer taps moves[0]. The post fails; the page stays
//     (no reload), shows the banner with the tap's "not sent" line, and its
//     buttons go off.
//  2. The laptop dies: within 5 s every page shows the banner in its own
//     language, its buttons off, and the table screen's "connected"
//     marks read "?". Before it died the laptop took moves[0] from the GM
//     console, which no page heard.
//  3. The laptop serves the same folder on the same address again: the
//     banners go, every page catches up without a reload (the Killer's
//     phone offers moves[1], each page is what a fresh load shows), and
//     the Killer's next tap acts on every page.
func reconnectScenario(t *testing.T, l *laptop, devices []reconnectDevice, moves [2]move) {
	t.Helper()
	killer, screen := devices[0].page, devices[len(devices)-1].page
	for i, d := range devices {
		p := d.page
		p.evalString(fmt.Sprintf(`String(window.__reconnectMark = "mark-%d-%d")`, i, time.Now().UnixNano()))
		p.waitFor("the banner hidden while connected", `!(`+bannerShownJS+`) && window.tmOffline === false && !document.body.classList.contains("offline")`)
	}
	marks := make([]string, len(devices))
	lives := make([]string, len(devices))
	for i, d := range devices {
		marks[i] = d.page.evalString(markJS)
		lives[i] = d.page.evalString(`String(window.tmLive || 0)`)
	}
	screen.waitFor("both players marked connected", marksJS+`("none", 2)`)
	// stayed checks that no page was loaded again: each keeps its mark.
	stayed := func(after string) {
		t.Helper()
		for i, d := range devices {
			if got := d.page.evalString(markJS); got != marks[i] {
				t.Fatalf("%s: after %s the page was loaded again (mark %q, was %q)", d.page.label(), after, got, marks[i])
			}
		}
	}

	// 1. A tap that finds nobody.
	l.refuse()
	killer.press(moves[0].Action)
	killer.waitFor("the tap says it was not sent", unsentTextJS+` === `+jsString(unsentEN))
	killer.waitFor("the banner shown after the failed tap", bannerShownJS+` && window.tmOffline === true && document.body.classList.contains("offline")`)
	killer.waitFor("the buttons off after the failed tap", buttonsOffJS+`(1)`)
	stayed("a tap that could not be sent")

	// 2. The laptop dies, having accepted moves[0] from the console.
	before := make([]string, len(devices))
	for i, d := range devices {
		before[i] = storyOf(d.page)
	}
	for _, d := range devices {
		d.page.evalString(watchOfflineJS)
	}
	start := time.Now()
	l.kill(func(table *moderator.Table) {
		if _, err := table.Act(moves[0].Seat, moves[0].Action, -1); err != nil {
			t.Fatalf("Act(%d, %q) = %v", moves[0].Seat, moves[0].Action, err)
		}
	})
	for _, d := range devices {
		p := d.page
		p.waitFor("the banner shown once the laptop is gone", bannerShownJS+` && window.tmOffline === true && document.body.classList.contains("offline")`)
		if took := offlineAfter(p, start); took > lostWithin {
			t.Errorf("%s: the banner came %v after the laptop went, want within %v", p.label(), took.Round(time.Millisecond), lostWithin)
		}
		if got := p.evalString(bannerTextJS); got != d.lost {
			t.Errorf("%s: the banner says %q, want %q", p.label(), got, d.lost)
		}
		if got := p.evalString(`document.getElementById("tm-offline").getAttribute("role") || ""`); got != "status" {
			t.Errorf("%s: the banner's role is %q, want status", p.label(), got)
		}
		if got := p.evalString(`document.getElementById("tm-offline").closest("#app") ? "inside" : "outside"`); got != "outside" {
			t.Errorf("%s: the banner is %s #app, want outside (a live swap would remove it)", p.label(), got)
		}
		p.waitFor("every button off while the laptop is gone", buttonsOffJS+`(0)`)
	}
	killer.waitFor("the Killer's buttons off", buttonsOffJS+`(1)`)
	// Aki's phone left at the failed tap, which the screen heard: Ben's
	// mark is the one left to read "?".
	screen.waitFor(`the "connected" marks read "?"`, marksJS+`('"?"', 1)`)
	// A tap on a button that is off does nothing: still no reload.
	killer.evalString(`(document.querySelector("#app button[name=a]").click(), "")`)
	if got := killer.evalString(unsentTextJS); got != unsentEN {
		t.Errorf("%s: while the laptop is gone the not-sent line reads %q, want %q", killer.label(), got, unsentEN)
	}
	time.Sleep(1500 * time.Millisecond) // a few reconnection attempts, which must not reload
	stayed("the laptop went")

	// 3. The laptop is back, on the same address, from the same folder.
	l.serve(nil)
	back := time.Now()
	for i, d := range devices {
		p := d.page
		p.waitFor("the banner gone once the laptop is back", `!(`+bannerShownJS+`) && window.tmOffline === false && !document.body.classList.contains("offline")`)
		p.waitFor("a new live connection", `(window.tmLive || 0) > `+lives[i])
		if got := p.evalString(unsentTextJS); got != "" {
			t.Errorf("%s: once reconnected the not-sent line still reads %q", p.label(), got)
		}
	}
	t.Logf("the pages were live again %v after the laptop was", time.Since(back).Round(time.Millisecond))
	stayed("the laptop came back")
	// The pages caught up with what the laptop accepted before it died.
	for i, d := range devices {
		d.page.waitFor("the story of "+moves[0].Action, storyJS+` !== `+jsString(before[i]))
	}
	killer.waitFor("the next move offered, on", `(b => !!b && !b.disabled)(document.querySelector(`+jsString(fmt.Sprintf(`#app button[name="a"][value=%s]`, jsString(moves[1].Action)))+`))`)
	screen.waitFor("both players marked connected again", marksJS+`("none", 2)`)
	for _, d := range devices {
		sameAsFresh(t, d.page, "the laptop came back")
	}

	// The next tap acts, and every page follows live.
	for i, d := range devices {
		before[i] = storyOf(d.page)
	}
	killer.press(moves[1].Action)
	for i, d := range devices {
		d.page.waitFor("the story of "+moves[1].Action, storyJS+` !== `+jsString(before[i]))
	}
	for _, d := range devices {
		sameAsFresh(t, d.page, moves[1].Action)
	}
	stayed(moves[1].Action)
}

// TestBrowserReconnect: the laptop dies under a Noir table and comes back
// on the same address; the Killer's phone and the table screen in English,
// the Inspector's phone in Japanese, in Chromium.
func TestBrowserReconnect(t *testing.T) { testBrowserReconnect(t, browsertest.Chromium) }

// TestBrowserReconnectWebKit is the same in WebKit, iPhones' engine.
func TestBrowserReconnectWebKit(t *testing.T) { testBrowserReconnect(t, browsertest.WebKit) }

func testBrowserReconnect(t *testing.T, name string) {
	t.Parallel()
	browser := browsertest.Need(t, name)
	p := planGame(t)
	l := newLaptop(t, moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: p.Seed})
	h := l.header()
	killer := openTab(t, browser, "Killer's phone", l.url()+"/s/"+h.Tokens[noir.Killer], 390, 844)
	inspector := openTab(t, browser, "Inspector's phone (ja)", l.url()+"/s/"+h.Tokens[noir.Inspector]+"?lang=ja", 390, 844)
	screen := openTab(t, browser, "table screen", l.url()+"/t/"+h.TableToken, 1280, 800)
	reconnectScenario(t, l, []reconnectDevice{{killer, lostEN}, {inspector, lostJA}, {screen, lostEN}}, [2]move{p.Moves[0], p.Moves[1]})
}

// wifi stands between the pages and the laptop like a Wi-Fi network that
// can drop without a word: while it is down, nothing gets through either
// way and nothing is closed, so a page hears no error. Once it is back,
// the connections it swallowed are closed (their packets were lost) and
// new ones go through.
type wifi struct {
	t     *testing.T
	ln    net.Listener
	to    string
	mu    sync.Mutex
	down  bool
	conns map[net.Conn]*bool // a page's connection → swallowed
}

// newWifi forwards a loopback port of its own to the address to.
func newWifi(t *testing.T, to string) *wifi {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	w := &wifi{t: t, ln: ln, to: to, conns: map[net.Conn]*bool{}}
	t.Cleanup(func() {
		ln.Close()
		w.mu.Lock()
		defer w.mu.Unlock()
		for c := range w.conns {
			c.Close()
		}
	})
	go w.accept()
	return w
}

func (w *wifi) url() string { return "http://" + w.ln.Addr().String() }

func (w *wifi) accept() {
	for {
		c, err := w.ln.Accept()
		if err != nil {
			return
		}
		w.mu.Lock()
		swallowed := new(bool)
		*swallowed = w.down
		w.conns[c] = swallowed
		w.mu.Unlock()
		go w.forward(c, swallowed)
	}
}

// forward carries c to the laptop and back, dropping what passes while the
// connection is swallowed.
func (w *wifi) forward(c net.Conn, swallowed *bool) {
	defer func() {
		c.Close()
		w.mu.Lock()
		delete(w.conns, c)
		w.mu.Unlock()
	}()
	gone := func() bool { w.mu.Lock(); defer w.mu.Unlock(); return *swallowed }
	if gone() {
		io.Copy(io.Discard, c)
		return
	}
	up, err := net.Dial("tcp", w.to)
	if err != nil {
		return
	}
	defer up.Close()
	pipe := func(dst, src net.Conn) {
		buf := make([]byte, 32<<10)
		for {
			n, err := src.Read(buf)
			if err != nil {
				c.Close()
				up.Close()
				return
			}
			if !gone() {
				if _, err := dst.Write(buf[:n]); err != nil {
					return
				}
			}
		}
	}
	go pipe(up, c)
	pipe(c, up)
}

// drop takes the network down: every connection goes silent.
func (w *wifi) drop() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.down = true
	for _, s := range w.conns {
		*s = true
	}
}

// restore brings it back: what it swallowed is closed.
func (w *wifi) restore() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.down = false
	for c, s := range w.conns {
		if *s {
			c.Close()
		}
	}
}

// TestBrowserReconnectSilentDrop: the Wi-Fi between the pages and the
// laptop drops without closing anything, so no page hears an error; the
// server's pings stop arriving and within 5 s every page says the laptop is
// gone. A tap made just after the drop hangs; the page gives it up when it
// sees the connection is gone and says the tap may not have gone through,
// without a reload. Once the Wi-Fi is back the pages carry on by
// themselves, and the tap can be made again. Chromium.
func TestBrowserReconnectSilentDrop(t *testing.T) {
	t.Parallel()
	browser := browsertest.Need(t, browsertest.Chromium)
	p := planGame(t)
	l := newLaptop(t, moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: p.Seed})
	w := newWifi(t, l.addr)
	h := l.header()
	killer := openTab(t, browser, "Killer's phone", w.url()+"/s/"+h.Tokens[noir.Killer], 390, 844)
	screen := openTab(t, browser, "table screen", w.url()+"/t/"+h.TableToken, 1280, 800)
	pages := []*tab{killer, screen}
	screen.waitFor("both players marked connected", marksJS+`("none", 1)`)
	before := map[*tab]tabState{}
	for _, tb := range pages {
		before[tb] = tb.state()
	}

	for _, tb := range pages {
		tb.evalString(watchOfflineJS)
	}
	w.drop()
	start := time.Now()
	killer.press(p.Moves[0].Action)
	for _, tb := range pages {
		tb.waitFor("the banner shown once the Wi-Fi is gone", bannerShownJS+` && window.tmOffline === true`)
		took := offlineAfter(tb, start)
		if took > lostWithin {
			t.Errorf("%s: the banner came %v after the Wi-Fi went, want within %v", tb.name, took.Round(time.Millisecond), lostWithin)
		}
		t.Logf("%s: the banner came %v after the Wi-Fi went", tb.name, took.Round(time.Millisecond))
		if got := tb.evalString(bannerTextJS); got != lostEN {
			t.Errorf("%s: the banner says %q, want %q", tb.name, got, lostEN)
		}
		tb.waitFor("every button off", buttonsOffJS+`(0)`)
	}
	const unsureEN = "No answer from the laptop: your tap may not have gone through. Look again once reconnected."
	killer.waitFor("the tap given up", unsentTextJS+` === `+jsString(unsureEN))
	screen.waitFor(`the "connected" marks read "?"`, marksJS+`('"?"', 1)`)
	for _, tb := range pages {
		if got := tb.state(); got.Loaded != tb.loaded {
			t.Fatalf("%s: the page was loaded again while the Wi-Fi was down", tb.name)
		}
	}

	w.restore()
	for _, tb := range pages {
		tb.waitFor("the banner gone once the Wi-Fi is back", `!(`+bannerShownJS+`) && window.tmOffline === false`)
		if got := tb.state(); got.Loaded != tb.loaded {
			t.Fatalf("%s: the page was loaded again once the Wi-Fi came back", tb.name)
		}
		sameAsFresh(t, tb, "the Wi-Fi came back")
	}
	// The swallowed tap never reached the laptop: the move is offered
	// again, and this time it acts on both pages.
	l.mu.Lock()
	table := l.table
	l.mu.Unlock()
	g := &browserGame{t: t, table: table, phones: []*tab{killer}, screen: screen, tabs: pages}
	g.play("the tap made again", p.Moves[0], everyone)
}
