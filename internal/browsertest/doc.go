// Package browsertest drives real browsers for the end-to-end tests: the
// same test code runs in headless Chromium (through chromedp and the
// DevTools protocol) and in WebKit, the engine of every iPhone browser
// (through WebKitWebDriver and the W3C WebDriver protocol, spoken over
// plain HTTP and JSON).
//
// A test asks for a browser by name, opens a page per device and works
// it through the small Page interface:
//
//	b := browsertest.Need(t, browsertest.WebKit) // skips, or fails under CI=true
//	p, err := b.Open(ctx, 390, 844)
//	if err != nil {
//		t.Fatal(err)
//	}
//	err = p.Navigate(url)
//	err = p.Click(`button[name="a"]`)
//	var title string
//	err = p.Eval(`document.title`, &title)
//
// Each Page of the WebKit browser is a MiniBrowser of its own, driven by a
// WebKitWebDriver process of its own on a free port (the driver serves one
// session), under a virtual display (Xvfb) that the Browser starts when
// DISPLAY is unset. A MiniBrowser costs about a CPU second to start: when
// its page is closed it is made new (its origin's storage cleared, a blank
// page, 127.0.0.1's cookies deleted) and serves the next Open. Chromium's
// tabs, each in a browser context of its own, are kept the same way. Close ends every process the Browser started. WebKit's
// pages draw without compositing, which halves their cost under Xvfb but
// cannot be photographed: a test that wants WebKit screenshots asks for
// them (Need(t, WebKit, Screenshots)).
//
// A package whose TestMain runs Main shares one browser of each kind
// among its tests, each test's pages closed when it ends:
//
//	func TestMain(m *testing.M) { os.Exit(browsertest.Main(m)) }
package browsertest
