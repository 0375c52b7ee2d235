package browsertest_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"tablemaster/internal/browsertest"
)

// page is the self-test's page: a button that counts its clicks, a
// confirm-first button, a hold area that shows while a finger is down, and
// a script error on demand. Its Content-Security-Policy is the one the
// game pages send: it forbids eval, which the drivers must not need.
const page = `<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>self-test</title></head>
<body style="margin:0">
<div style="height:1500px">tall: the button below is out of view</div>
<button id="count">0</button>
<details id="more"><summary>more</summary><button id="inner">inner</button></details>
<div id="hold" style="height:80px;background:#ccc">hold</div>
<script>
var n = 0, b = document.getElementById("count");
b.addEventListener("click", function() { n++; b.textContent = String(n) });
document.getElementById("inner").addEventListener("click", function() { window.inner = true });
window.held = false;
document.addEventListener("pointerdown", function(e) { if (e.target.closest("#hold")) window.held = true });
window.addEventListener("pointerup", function() { window.held = false });
window.loaded = true;
window.sawFirst = window.first || "";
</script></body></html>`

// TestBrowsers opens the page in each browser, clicks, holds and reads
// back: the things the game tests rely on.
func TestBrowsers(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'none'; script-src 'unsafe-inline'")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page)
	}))
	t.Cleanup(srv.Close)
	for _, name := range browsertest.Names {
		t.Run(name, func(t *testing.T) {
			start := time.Now()
			b := browsertest.Need(t, name, browsertest.Screenshots)
			if b.Name() != name {
				t.Errorf("Name() = %q, want %q", b.Name(), name)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			p, err := b.Open(ctx, 390, 844)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: opened in %v", name, time.Since(start).Round(time.Millisecond))
			must := func(what string, err error) {
				t.Helper()
				if err != nil {
					t.Fatalf("%s: %s: %v", name, what, err)
				}
			}
			// A phone's page is a phone's size, in CSS pixels (MiniBrowser's
			// toolbar once kept WebKit's at least 447 px wide).
			var phone struct{ W, H int }
			must("eval", p.Eval(`({W: innerWidth, H: innerHeight})`, &phone))
			if phone.W != 390 || phone.H != 844 {
				t.Errorf("a page opened at 390×844 is %d×%d", phone.W, phone.H)
			}
			// A Preparer runs a script before the page's own, in every
			// document it loads.
			pre, prepares := p.(browsertest.Preparer)
			if prepares {
				must("run a script first", pre.BeforeScripts(`window.first = "before the page"`))
			} else if name == browsertest.Chromium {
				t.Errorf("a Chromium page is not a browsertest.Preparer")
			}
			must("navigate", p.Navigate(srv.URL))
			must("watch errors", p.Eval(browsertest.WatchErrorsJS, nil))
			if prepares {
				for range 2 {
					var first string
					must("eval", p.Eval(`window.sawFirst`, &first))
					if first != "before the page" {
						t.Errorf("the page's script saw window.first = %q, want the script run before it", first)
					}
					must("navigate again", p.Navigate(srv.URL+"/again"))
					must("watch errors", p.Eval(browsertest.WatchErrorsJS, nil))
				}
			}
			var loaded bool
			must("eval", p.Eval(`window.loaded`, &loaded))
			if !loaded {
				t.Fatalf("the page's script did not run")
			}
			var width int
			must("eval", p.Eval(`innerWidth`, &width))
			if width < 390 || width > 460 {
				t.Errorf("innerWidth = %d in a 390-px page, want 390 (WebKit: up to 447)", width)
			}
			for i := 1; i <= 2; i++ {
				must("click", p.Click("#count"))
				var got string
				must("read", p.Eval(`document.getElementById("count").textContent`, &got))
				if want := fmt.Sprint(i); got != want {
					t.Errorf("after %d clicks the button reads %q, want %q", i, got, want)
				}
			}
			// A button in a closed fold is not clickable until it opens.
			old := browsertest.StepTimeout
			browsertest.StepTimeout = 300 * time.Millisecond
			err = p.Click("#inner")
			browsertest.StepTimeout = old
			if err == nil {
				t.Errorf("Click on a button in a closed <details> succeeded, want an error")
			}
			must("open the fold", p.Click("#more > summary"))
			must("click inside the fold", p.Click("#inner"))
			var inner bool
			must("read", p.Eval(`!!window.inner`, &inner))
			if !inner {
				t.Errorf("the button in the opened fold was not clicked")
			}
			for _, down := range []bool{true, false, true, false} {
				must("pointer", p.Pointer("#hold", down))
				var held bool
				must("read", p.Eval(`window.held`, &held))
				if held != down {
					t.Errorf("after Pointer(down=%v) the page's finger is down = %v", down, held)
				}
			}
			// An exception is an error; a script error is collected.
			if err := p.Eval(`nosuchname.x`, nil); err == nil {
				t.Errorf("Eval of a throwing expression gave no error")
			}
			// A promise is awaited, in both browsers; a rejected one is an
			// error. Wait sees a condition that holds later, and gives up
			// on one that never does.
			var later int
			must("await a promise", p.Eval(`new Promise(ok => setTimeout(() => ok(42), 50))`, &later))
			if later != 42 {
				t.Errorf("Eval of a promise of 42 = %d, want 42", later)
			}
			if err := p.Eval(`Promise.reject(new Error("no"))`, nil); err == nil {
				t.Errorf("Eval of a rejected promise gave no error")
			}
			must("set a flag later", p.Eval(`(window.flag = false, setTimeout(() => { window.flag = true }, 1500), true)`, nil))
			must("wait for the flag", browsertest.Wait(p, `window.flag`, 5*time.Second))
			if err := browsertest.Wait(p, `window.nosuchflag`, 200*time.Millisecond); err == nil {
				t.Errorf("Wait for a condition that never holds gave no error")
			}
			if err := browsertest.Wait(p, `nosuchname.x`, 200*time.Millisecond); err == nil || !strings.Contains(err.Error(), "nosuchname") {
				t.Errorf("Wait for a condition that throws: %v, want the page's error", err)
			}
			must("throw later", p.Eval(`(setTimeout(() => { throw new Error("boom") }, 0), true)`, nil))
			var errs []string
			for range 100 {
				must("read errors", p.Eval(browsertest.ErrorsJS, &errs))
				if len(errs) > 0 {
					break
				}
				time.Sleep(10 * time.Millisecond)
			}
			if len(errs) != 1 || !bytes.Contains([]byte(errs[0]), []byte("boom")) {
				t.Errorf("collected errors %q, want the one boom", errs)
			}
			png, err := p.Screenshot()
			must("screenshot", err)
			if !bytes.HasPrefix(png, []byte("\x89PNG")) {
				t.Errorf("the screenshot is not a PNG: % x", png[:min(8, len(png))])
			}
			if name == browsertest.WebKit {
				// Without Screenshots a WebKit page draws without
				// compositing: asked for a picture, it says so at once
				// instead of hanging until StepTimeout.
				q, err := browsertest.Need(t, name).Open(ctx, 390, 844)
				must("open a page without Screenshots", err)
				asked := time.Now()
				if _, err := q.Screenshot(); err == nil || !strings.Contains(err.Error(), "browsertest.Screenshots") || time.Since(asked) > time.Second {
					t.Errorf("a screenshot of a WebKit page without Screenshots: %v after %v, want a refusal naming browsertest.Screenshots at once", err, time.Since(asked))
				}
			}
			must("resize", p.SetSize(1280, 800))
			must("eval", p.Eval(`innerWidth`, &width))
			if width != 1280 {
				t.Errorf("innerWidth = %d after SetSize(1280, 800)", width)
			}
			must("close", p.Close())
			t.Logf("%s: self-test took %v", name, time.Since(start).Round(time.Millisecond))
		})
	}
}

// TestNeedMissing runs Need for a browser that is not installed (its path
// pointed nowhere) in a child test process: it skips, except under
// CI=true, where it fails.
func TestNeedMissing(t *testing.T) {
	if os.Getenv("BROWSERTEST_CHILD") != "" {
		browsertest.Need(t, os.Getenv("BROWSERTEST_CHILD"))
		t.Fatal("Need returned for a missing browser")
	}
	if testing.Short() {
		t.Skip("runs the test binary again")
	}
	for _, tt := range []struct {
		browser, env string
	}{
		{browsertest.Chromium, "TABLEMASTER_CHROMIUM"},
		{browsertest.WebKit, "TABLEMASTER_MINIBROWSER"},
	} {
		t.Setenv(tt.env, "/nonexistent/browser")
		if _, err := browsertest.Start(tt.browser); !errors.Is(err, browsertest.ErrMissing) {
			t.Errorf("Start(%s) with %s pointing nowhere: %v, want ErrMissing", tt.browser, tt.env, err)
		}
		for _, ci := range []string{"", "true"} {
			cmd := exec.Command(os.Args[0], "-test.run=^TestNeedMissing$", "-test.v")
			cmd.Env = append(os.Environ(), "BROWSERTEST_CHILD="+tt.browser, "CI="+ci)
			out, err := cmd.CombinedOutput()
			skipped := err == nil && strings.Contains(string(out), "--- SKIP")
			failed := err != nil && strings.Contains(string(out), "--- FAIL") && strings.Contains(string(out), "CI must run the browser tests")
			if ci == "true" && !failed || ci == "" && !skipped {
				t.Errorf("Need(%s) missing, CI=%q: err %v, want a %s:\n%s", tt.browser, ci, err, map[string]string{"": "skip", "true": "failure"}[ci], out)
			}
		}
	}
}
