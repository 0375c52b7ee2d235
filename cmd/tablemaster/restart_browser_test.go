package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablemaster/internal/browsertest"
)

// device is one open page of the restart test, in one browser.
type device struct {
	t    *testing.T
	name string
	p    browsertest.Page
}

func (d *device) eval(js string, out any) {
	d.t.Helper()
	if err := d.p.Eval(js, out); err != nil {
		d.t.Fatalf("%s: %s: %v", d.name, js, err)
	}
}

// waitFor polls the JavaScript condition cond until it holds, for up to
// within.
func (d *device) waitFor(what, cond string, within time.Duration) {
	d.t.Helper()
	deadline := time.Now().Add(within)
	for {
		var ok bool
		err := d.p.Eval("!!("+cond+")", &ok)
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			var text string
			d.p.Eval(`document.body ? document.body.innerText : ""`, &text)
			d.t.Fatalf("%s: not %s within %v (%v); the page shows:\n%s", d.name, what, within, err, text)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// open opens url in a new page of b sized w×h, and waits until its live
// connection is up.
func open(t *testing.T, b browsertest.Browser, name, url string, w, h int, live string) *device {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	p, err := b.Open(ctx, w, h)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	t.Cleanup(func() { p.Close() })
	d := &device{t: t, name: name, p: p}
	if err := p.Navigate(url); err != nil {
		t.Fatalf("%s: open %s: %v", name, url, err)
	}
	d.eval(browsertest.WatchErrorsJS, nil)
	d.waitFor("live", live, 10*time.Second)
	d.eval(`window.__loaded = Date.now() + Math.random()`, nil)
	return d
}

// noErrors fails the test if the page's script threw.
func (d *device) noErrors() {
	d.t.Helper()
	var errs []string
	d.eval(browsertest.ErrorsJS, &errs)
	if len(errs) > 0 {
		d.t.Errorf("%s: script errors: %q", d.name, errs)
	}
}

// tapFirst taps the phone's first move that lies open (no fold to open, no
// confirmation to give) and returns its action.
func (d *device) tapFirst() string {
	d.t.Helper()
	var action string
	d.eval(`(() => { for (const b of document.querySelectorAll('#app button[name="a"]')) {
		if (b.closest("details:not([open])") || b.hasAttribute("data-confirm") || b.disabled) continue;
		document.querySelectorAll("[data-tap]").forEach(x => x.removeAttribute("data-tap"));
		b.setAttribute("data-tap", "1"); return b.value } return "" })()`, &action)
	if action == "" {
		d.t.Fatalf("%s: no open move to tap", d.name)
	}
	if err := d.p.Click(`[data-tap="1"]`); err != nil {
		d.t.Fatalf("%s: tap %s: %v", d.name, action, err)
	}
	return action
}

// TestBrowserHostRestart is the night's promise, in Chromium and in WebKit:
// a host starts a table from the host page, a phone and the TV open it;
// the host process dies (SIGKILL) or is stopped (SIGTERM) and is started
// again with the same flags and no --port. The same open pages say the
// laptop is gone, then carry on by themselves, and the next tap acts.
func TestBrowserHostRestart(t *testing.T) {
	for _, name := range browsertest.Names {
		for _, how := range []string{"SIGKILL", "SIGTERM"} {
			t.Run(name+"/"+how, func(t *testing.T) {
				b := browsertest.Need(t, name)
				testHostRestart(t, b, how)
			})
		}
	}
}

func testHostRestart(t *testing.T, b browsertest.Browser, how string) {
	dir := t.TempDir()
	h, link := hostLink(t, dir)
	host := open(t, b, "host page", link, 1280, 900, `document.getElementById("new")`)
	// Start a table as the host does: the form, then a real click.
	host.eval(`(document.getElementById("game").value = "noir", document.getElementById("game").dispatchEvent(new Event("change")),
		document.getElementById("players").value = "Aki, Ben", true)`, nil)
	if err := host.p.Click(`#new button`); err != nil {
		t.Fatalf("host page: create: %v", err)
	}
	var logs []string
	for deadline := time.Now().Add(10 * time.Second); len(logs) == 0 && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		logs, _ = filepath.Glob(filepath.Join(dir, "tables", "*.jsonl"))
	}
	if len(logs) != 1 {
		t.Fatalf("%d tables after one Create", len(logs))
	}
	id := strings.TrimSuffix(filepath.Base(logs[0]), ".jsonl")
	hd := currentHeader(t, dir, id)
	base := fmt.Sprintf("http://%s:%d", hd.Addr, hd.Port)
	const live = `(window.tmLive || 0) >= 1 && document.querySelector("#app #status")`
	phone := open(t, b, "Aki's phone", base+"/s/"+hd.Tokens[0], 390, 844, live)
	tv := open(t, b, "TV", base+"/t/"+hd.TableToken, 1920, 1080, live)
	first := phone.tapFirst()
	tv.waitFor("updated after "+first, `(window.tmUpdates || 0) >= 1`, 10*time.Second)

	if how == "SIGKILL" {
		h.kill()
	} else {
		h.stop()
	}
	for _, d := range []*device{phone, tv} {
		// Within 5 s: the banner, in the page's language, and no tap.
		d.waitFor("offline", `window.tmOffline === true && !document.getElementById("tm-offline").hidden`, 5*time.Second)
		var banner string
		d.eval(`document.getElementById("tm-offline").innerText`, &banner)
		if !strings.Contains(banner, "Lost the connection to the game master's laptop") {
			t.Errorf("%s: banner %q", d.name, banner)
		}
	}
	var enabled int
	phone.eval(`document.querySelectorAll("#app button:not(:disabled)").length`, &enabled)
	if enabled != 0 {
		t.Errorf("Aki's phone: %d buttons enabled while the laptop is gone", enabled)
	}
	var marks string
	tv.eval(`[...document.querySelectorAll(".on")].map(e => getComputedStyle(e, ":before").content).join(",")`, &marks)
	if !strings.Contains(marks, `"?"`) {
		t.Errorf("TV: the connected marks show %s while the laptop is gone, want \"?\"", marks)
	}

	h2, link2 := hostLink(t, dir)
	if link2 != link {
		t.Errorf("host link after the restart = %s, want %s", link2, link)
	}
	for _, d := range []*device{phone, tv} {
		d.waitFor("back", `window.tmOffline === false && document.getElementById("tm-offline").hidden && !!document.querySelector("#app #status")`, 15*time.Second)
		var loaded bool
		d.eval(`window.__loaded !== undefined`, &loaded)
		if !loaded {
			t.Errorf("%s: the page was loaded again instead of carrying on", d.name)
		}
	}
	var before int
	tv.eval(`window.tmUpdates || 0`, &before)
	// Ben's turn now? The tap goes to whoever may move: the Killer's
	// phone has moves on every Killer turn; wait for one.
	ben := open(t, b, "Ben's phone", base+"/s/"+hd.Tokens[1], 390, 844, live)
	var who *device
	for deadline := time.Now().Add(10 * time.Second); who == nil && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		for _, d := range []*device{phone, ben} {
			var n int
			d.eval(`[...document.querySelectorAll('#app button[name="a"]')].filter(b => !b.disabled && !b.closest("details:not([open])") && !b.hasAttribute("data-confirm")).length`, &n)
			var folded bool
			d.eval(`!!document.querySelector('#app details#moves:not([open]) button[name="a"]:not([data-confirm])')`, &folded)
			if n == 0 && folded {
				// A move that would tell a secret waits behind the fold
				// (the glance rule): open it as a player does, with a tap.
				if err := d.p.Click(`#app details#moves > summary`); err != nil {
					t.Fatalf("%s: open the moves: %v", d.name, err)
				}
				continue
			}
			if n > 0 {
				who = d
				break
			}
		}
	}
	if who == nil {
		t.Fatalf("no phone offers a move after the restart")
	}
	var story string
	tv.eval(`document.querySelector("#app").innerText`, &story)
	next := who.tapFirst()
	var got []string
	for deadline := time.Now().Add(10 * time.Second); len(got) < 2 && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		got = actions(readLog(t, filepath.Join(dir, "tables", id+".jsonl")))
	}
	if len(got) != 2 {
		var text string
		who.eval(`document.body.innerText`, &text)
		t.Fatalf("log actions %q, want %s then %s; %s shows:\n%s", got, first, next, who.name, text)
	}
	tv.waitFor("updated after "+next, fmt.Sprintf(`(window.tmUpdates || 0) > %d && document.querySelector("#app").innerText !== %q`, before, story), 10*time.Second)
	for _, d := range []*device{host, phone, tv, ben} {
		d.noErrors()
	}
	h2.stop()
}
