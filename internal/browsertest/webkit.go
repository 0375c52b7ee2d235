package browsertest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// MiniBrowser is WebKitGTK's browser that WebKitWebDriver drives; the
// environment variable TABLEMASTER_MINIBROWSER names another.
const MiniBrowser = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"

// webkitDriver is the WebDriver server of WebKitGTK (Debian's
// webkit2gtk-driver).
const webkitDriver = "WebKitWebDriver"

// webkitPaths finds the driver, MiniBrowser and, when there is no display,
// Xvfb; it fails with ErrMissing when one is not installed.
func webkitPaths() (driver, browser, xvfb string, err error) {
	driver, err = exec.LookPath(webkitDriver)
	if err != nil {
		return "", "", "", fmt.Errorf("%w: no %s", ErrMissing, webkitDriver)
	}
	browser = MiniBrowser
	if p := os.Getenv("TABLEMASTER_MINIBROWSER"); p != "" {
		browser = p
	}
	if _, err := os.Stat(browser); err != nil {
		return "", "", "", fmt.Errorf("%w: no MiniBrowser at %s", ErrMissing, browser)
	}
	if os.Getenv("DISPLAY") == "" {
		xvfb, err = exec.LookPath("Xvfb")
		if err != nil {
			return "", "", "", fmt.Errorf("%w: DISPLAY is unset and there is no Xvfb", ErrMissing)
		}
	}
	return driver, browser, xvfb, nil
}

// webkit is WebKitGTK's MiniBrowser, one per page, each driven by a
// WebKitWebDriver of its own. A page closed is made blank and kept for the
// next Open (see keep): starting a MiniBrowser costs about a CPU second.
type webkit struct {
	driver, browser string
	display         string    // DISPLAY for the drivers
	screenshots     bool      // pages composite, so that they can be photographed
	xvfb            *exec.Cmd // the virtual display we started, or nil
	config          string    // XDG_CONFIG_HOME for the MiniBrowsers (gtkCSS)

	mu     sync.Mutex
	procs  []*wkProc // every MiniBrowser running
	idle   []*wkProc // those kept for the next Open
	blank  *http.Server
	blankU string // the blank page's URL, once it is served
	closed bool
}

// maxIdle is how many blank MiniBrowsers are kept for later pages.
const maxIdle = 16

func startWebKit(screenshots bool) (Browser, error) {
	driver, browser, xvfb, err := webkitPaths()
	if err != nil {
		return nil, err
	}
	w := &webkit{driver: driver, browser: browser, display: os.Getenv("DISPLAY"), screenshots: screenshots}
	if w.config, err = os.MkdirTemp("", "browsertest-webkit-"); err != nil {
		return nil, err
	}
	err = os.MkdirAll(filepath.Join(w.config, "gtk-3.0"), 0o755)
	if err == nil {
		err = os.WriteFile(filepath.Join(w.config, "gtk-3.0", "gtk.css"), []byte(gtkCSS), 0o644)
	}
	if err != nil {
		os.RemoveAll(w.config)
		return nil, fmt.Errorf("browsertest: MiniBrowser's style sheet: %w", err)
	}
	if xvfb != "" {
		if err := w.startXvfb(xvfb); err != nil {
			os.RemoveAll(w.config)
			return nil, err
		}
	}
	return w, nil
}

// gtkCSS shrinks MiniBrowser's toolbar to nothing. Its buttons and address
// entry held the window at least 447 px wide, so that a page asked to be a
// 390 px phone was 447 px; with the toolbar's widgets allowed no size,
// the page gets the width asked for. (The page's own text is WebKit's, not
// GTK's: this changes nothing in it.)
const gtkCSS = `* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }
`

// startXvfb starts a virtual display on a free display number, which Xvfb
// picks and writes to the pipe given as -displayfd.
func (w *webkit) startXvfb(exe string) error {
	r, wr, err := os.Pipe()
	if err != nil {
		return err
	}
	defer r.Close()
	cmd := exec.Command(exe, "-displayfd", "3", "-screen", "0", "2560x1600x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{wr}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		wr.Close()
		return fmt.Errorf("browsertest: start Xvfb: %w", err)
	}
	wr.Close()
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(r).ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	select {
	case s := <-line:
		if _, err := strconv.Atoi(s); err != nil {
			kill(cmd)
			return fmt.Errorf("browsertest: Xvfb gave no display (%q): %s", s, stderr.String())
		}
		w.display, w.xvfb = ":"+s, cmd
		return nil
	case <-time.After(StepTimeout):
		kill(cmd)
		return fmt.Errorf("browsertest: Xvfb gave no display in %v: %s", StepTimeout, stderr.String())
	}
}

func (w *webkit) Name() string { return WebKit }

func (w *webkit) Close() {
	w.mu.Lock()
	procs, blank := w.procs, w.blank
	w.procs, w.idle, w.closed = nil, nil, true
	w.mu.Unlock()
	var wg sync.WaitGroup
	for _, p := range procs {
		wg.Go(p.end)
	}
	wg.Wait()
	if blank != nil {
		blank.Close()
	}
	if w.xvfb != nil {
		kill(w.xvfb)
	}
	os.RemoveAll(w.config)
}

// forget ends p and drops it from the browser's list.
func (w *webkit) forget(p *wkProc) {
	w.mu.Lock()
	w.procs = slices.DeleteFunc(w.procs, func(q *wkProc) bool { return q == p })
	w.mu.Unlock()
	p.end()
}

// keep makes a closed page's MiniBrowser like a new one and keeps it for
// the next Open, and reports whether it did. A new page must know nothing
// of the last: the storage of the origin it was on is cleared, it is
// taken to a blank page of the browser's own on 127.0.0.1, and the
// cookies of 127.0.0.1 (which every port shares) are deleted. A page that
// went to another host, or to two origins (whose first storage would be
// left), or is on an origin it was not sent to, is not kept.
func (w *webkit) keep(p *webkitPage, finger bool) bool {
	if p.session == "" || len(p.origins) > 1 {
		return false
	}
	for o := range p.origins {
		if u, err := url.Parse(o); err != nil || u.Hostname() != "127.0.0.1" {
			return false
		}
	}
	blank, err := w.blankURL()
	if err != nil {
		return false
	}
	proc := p.wkProc
	if finger && proc.do(http.MethodDelete, "/actions", nil, nil) != nil {
		return false
	}
	// The page may have gone elsewhere by itself (a link, a redirect).
	var now string
	if proc.do(http.MethodPost, "/execute/sync", map[string]any{"script": "return location.origin;", "args": []any{}}, &now) != nil ||
		(strings.HasPrefix(now, "http") && !p.origins[now]) {
		return false
	}
	if len(p.origins) > 0 && proc.do(http.MethodPost, "/execute/sync", map[string]any{"script": clearStorageJS, "args": []any{}}, nil) != nil {
		return false
	}
	if proc.do(http.MethodPost, "/url", map[string]string{"url": blank}, nil) != nil ||
		proc.do(http.MethodDelete, "/cookie", nil, nil) != nil {
		return false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed || len(w.idle) >= maxIdle {
		return false
	}
	w.idle = append(w.idle, proc)
	return true
}

// clearStorageJS empties the page's local and session storage.
const clearStorageJS = `try { localStorage.clear(); sessionStorage.clear() } catch (e) {} return true;`

// blankURL serves the blank page kept MiniBrowsers wait on, once, and
// returns its URL.
func (w *webkit) blankURL() (string, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return "", errors.New("browsertest: the WebKit browser is closed")
	}
	if w.blankU != "" {
		return w.blankU, nil
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	w.blank = &http.Server{Handler: http.HandlerFunc(func(rw http.ResponseWriter, _ *http.Request) {
		rw.Header().Set("Content-Type", "text/html; charset=utf-8")
		rw.Header().Set("Cache-Control", "no-store")
		io.WriteString(rw, "<!doctype html><title>blank</title>")
	})}
	go w.blank.Serve(ln)
	w.blankU = "http://" + ln.Addr().String() + "/"
	return w.blankU, nil
}

// Open starts a WebKitWebDriver on a free port, and a session in it, which
// starts a MiniBrowser. A driver that does not answer (one that lost the
// race for its port) is given up and another started.
func (w *webkit) Open(ctx context.Context, width, height int) (Page, error) {
	w.mu.Lock()
	var proc *wkProc
	if n := len(w.idle); n > 0 {
		proc, w.idle = w.idle[n-1], w.idle[:n-1]
	}
	w.mu.Unlock()
	if proc != nil {
		p := &webkitPage{wkProc: proc, w: w}
		if err := p.SetSize(width, height); err == nil {
			return p, nil
		}
		w.forget(proc)
	}
	var err error
	for range 3 {
		var proc *wkProc
		proc, err = w.open(ctx)
		if err == nil {
			p := &webkitPage{wkProc: proc, w: w}
			if err = p.SetSize(width, height); err != nil {
				w.forget(proc)
				return nil, err
			}
			return p, nil
		}
		if ctx.Err() != nil {
			break
		}
	}
	return nil, err
}

func (w *webkit) open(ctx context.Context) (*wkProc, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(w.driver, "--port="+strconv.Itoa(port))
	// Under Xvfb there is no GPU, and Skia's GPU path runs on a software
	// OpenGL: Skia's own CPU rendering costs less (the Super Rock
	// scenario: 58 CPU seconds instead of 68). Turning compositing off
	// saves about half of what is left (the Super Rock board: 43 CPU
	// seconds instead of 81), but then WebKitWebDriver's screenshots
	// hang: it stays on unless the Browser was started for Screenshots.
	cmd.Env = append(os.Environ(), "DISPLAY="+w.display, "WEBKIT_SKIA_ENABLE_CPU_RENDERING=1", "XDG_CONFIG_HOME="+w.config)
	if !w.screenshots {
		cmd.Env = append(cmd.Env, "WEBKIT_DISABLE_COMPOSITING_MODE=1")
	}
	// The driver's group holds the MiniBrowser it starts: kill ends both.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var out lockedBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("browsertest: start %s: %w", w.driver, err)
	}
	p := &wkProc{cmd: cmd, base: fmt.Sprintf("http://127.0.0.1:%d", port), out: &out, screenshots: w.screenshots,
		client: &http.Client{Timeout: StepTimeout + 5*time.Second}}
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		kill(cmd)
		return nil, errors.New("browsertest: the WebKit browser is closed")
	}
	w.procs = append(w.procs, p)
	w.mu.Unlock()
	fail := func(err error) (*wkProc, error) {
		w.forget(p)
		return nil, fmt.Errorf("%w\n%s says:\n%s", err, webkitDriver, out.String())
	}
	// Wait until the driver listens.
	start := time.Now()
	for {
		var st struct{ Ready bool }
		if err := p.call(ctx, http.MethodGet, "/status", nil, &st); err == nil {
			break
		}
		select {
		case <-ctx.Done():
			return fail(fmt.Errorf("browsertest: %s on port %d: %w", webkitDriver, port, ctx.Err()))
		case <-time.After(50 * time.Millisecond):
		}
		if time.Since(start) > StepTimeout {
			return fail(fmt.Errorf("browsertest: %s on port %d did not answer in %v", webkitDriver, port, StepTimeout))
		}
	}
	caps := map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
		"webkitgtk:browserOptions": map[string]any{"binary": w.browser, "args": []string{"--automation"}},
		"timeouts":                 map[string]int{"pageLoad": int(StepTimeout / time.Millisecond), "script": int(StepTimeout / time.Millisecond), "implicit": 0},
	}}}
	var sess struct {
		SessionID string `json:"sessionId"`
	}
	if err := p.call(ctx, http.MethodPost, "/session", caps, &sess); err != nil {
		return fail(fmt.Errorf("browsertest: new WebKit session: %w", err))
	}
	p.session = "/session/" + sess.SessionID
	return p, nil
}

// wkProc is one MiniBrowser window and the driver that drives it, which
// may serve one page after another (webkit.keep).
type wkProc struct {
	cmd     *exec.Cmd
	base    string // the driver's URL
	session string // "/session/ID", once there is one
	client  *http.Client
	out     *lockedBuffer
	// screenshots: the page composites and can be photographed.
	screenshots bool
	endOnce     sync.Once
}

// webkitPage is a page: a MiniBrowser window from one Open to its Close.
type webkitPage struct {
	*wkProc
	w *webkit

	gone      atomic.Bool // closed: its MiniBrowser may serve another page
	mu        sync.Mutex
	fingerSet bool            // a finger is down
	origins   map[string]bool // where Navigate went (scheme://host:port)
}

// wdError is an error the WebDriver answered.
type wdError struct {
	Status  int
	Err     string `json:"error"`
	Message string `json:"message"`
}

func (e *wdError) Error() string {
	return fmt.Sprintf("webdriver: %s (HTTP %d): %s", e.Err, e.Status, strings.TrimSpace(e.Message))
}

// call sends one WebDriver command and decodes the answer's "value" into
// out.
func (p *wkProc) call(ctx context.Context, method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, p.base+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json; charset=utf-8")
	}
	resp, err := p.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	var reply struct{ Value json.RawMessage }
	if err := json.Unmarshal(b, &reply); err != nil {
		return fmt.Errorf("webdriver: %s %s: HTTP %d, not JSON: %.200s", method, path, resp.StatusCode, b)
	}
	if resp.StatusCode != http.StatusOK {
		e := &wdError{Status: resp.StatusCode}
		_ = json.Unmarshal(reply.Value, e)
		return e
	}
	return decode(reply.Value, out)
}

// do sends a command of the session within StepTimeout.
func (p *wkProc) do(method, path string, body, out any) error {
	ctx, cancel := context.WithTimeout(context.Background(), StepTimeout)
	defer cancel()
	return p.call(ctx, method, p.session+path, body, out)
}

// do is wkProc.do for a page still open.
func (p *webkitPage) do(method, path string, body, out any) error {
	if p.gone.Load() {
		return errors.New("browsertest: the WebKit page is closed")
	}
	return p.wkProc.do(method, path, body, out)
}

func (p *webkitPage) Navigate(to string) error {
	if u, err := url.Parse(to); err == nil && (u.Scheme == "http" || u.Scheme == "https") {
		p.mu.Lock()
		if p.origins == nil {
			p.origins = map[string]bool{}
		}
		p.origins[u.Scheme+"://"+u.Host] = true
		p.mu.Unlock()
	}
	return p.do(http.MethodPost, "/url", map[string]string{"url": to}, nil)
}

func (p *webkitPage) Eval(js string, out any) error {
	return p.do(http.MethodPost, "/execute/sync", map[string]any{"script": "return (" + js + "\n);", "args": []any{}}, out)
}

// elementKey names an element reference in WebDriver's JSON.
const elementKey = "element-6066-11e4-a52e-4f735466cecf"

func (p *webkitPage) Click(css string) error {
	if err := waitClickable(p, css); err != nil {
		return err
	}
	var el map[string]string
	if err := p.do(http.MethodPost, "/element", map[string]string{"using": "css selector", "value": css}, &el); err != nil {
		return fmt.Errorf("find %s: %w", css, err)
	}
	if err := p.do(http.MethodPost, "/element/"+el[elementKey]+"/click", map[string]any{}, nil); err != nil {
		return fmt.Errorf("click %s: %w", css, err)
	}
	return nil
}

// Pointer works a "touch" pointer through WebDriver's actions; the driver
// keeps it down between the two calls.
func (p *webkitPage) Pointer(css string, down bool) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	var acts []map[string]any
	if down {
		c, err := centre(p, css)
		if err != nil {
			return err
		}
		acts = []map[string]any{
			{"type": "pointerMove", "duration": 0, "origin": "viewport", "x": int(c.X), "y": int(c.Y)},
			{"type": "pointerDown", "button": 0},
		}
	} else {
		if !p.fingerSet {
			return nil
		}
		acts = []map[string]any{{"type": "pointerUp", "button": 0}}
	}
	body := map[string]any{"actions": []any{map[string]any{
		"type": "pointer", "id": "finger", "parameters": map[string]string{"pointerType": "touch"}, "actions": acts,
	}}}
	if err := p.do(http.MethodPost, "/actions", body, nil); err != nil {
		return err
	}
	p.fingerSet = down
	return nil
}

// SetSize sizes the window so that the page gets w×h, as near as the
// window manager lets it: the window's frame is measured and added.
func (p *webkitPage) SetSize(w, h int) error {
	was, err := p.viewport()
	if err != nil {
		return err
	}
	rect := map[string]int{"width": w, "height": h}
	for range 3 {
		if err := p.do(http.MethodPost, "/window/rect", rect, nil); err != nil {
			return err
		}
		// The driver answers before the page has its new size: wait for
		// it to change (under load it took longer than a round trip, and
		// the old size read as the new one asked for a window twice too
		// wide).
		in := was
		for deadline := time.Now().Add(2 * time.Second); in == was && was != (size{w, h}) && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			if in, err = p.viewport(); err != nil {
				return err
			}
		}
		if in == (size{w, h}) {
			return nil
		}
		// The window's frame takes the difference: ask for that much
		// more.
		rect = map[string]int{"width": rect["width"] + w - in.W, "height": rect["height"] + h - in.H}
		was = in
	}
	return fmt.Errorf("browsertest: the WebKit page is not %d×%d after three resizes", w, h)
}

// size is a page's viewport, in CSS pixels.
type size struct{ W, H int }

func (p *webkitPage) viewport() (size, error) {
	var in size
	err := p.Eval(`({W: innerWidth, H: innerHeight})`, &in)
	return in, err
}

func (p *webkitPage) Screenshot() ([]byte, error) {
	if !p.screenshots {
		// WebKitWebDriver would wait for a composited frame that never
		// comes, until StepTimeout.
		return nil, errors.New("browsertest: this WebKit page draws without compositing and cannot be photographed: start WebKit with browsertest.Screenshots")
	}
	var b64 string
	if err := p.do(http.MethodGet, "/screenshot", nil, &b64); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(b64)
}

// Close ends the page: its MiniBrowser is kept blank for another page
// (webkit.keep), or ended.
func (p *webkitPage) Close() error {
	if p.gone.Swap(true) {
		return nil
	}
	p.mu.Lock()
	finger := p.fingerSet
	p.mu.Unlock()
	if !p.w.keep(p, finger) {
		p.w.forget(p.wkProc)
	}
	return nil
}

// end ends the session (which closes the MiniBrowser), then the driver
// and what is left in its process group. It may be called more than once.
func (p *wkProc) end() {
	p.endOnce.Do(p.stop)
}

func (p *wkProc) stop() {
	if p.session != "" {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		_ = p.call(ctx, http.MethodDelete, p.session, nil, nil)
		cancel()
	}
	// The driver reaps the browser's processes if it outlives them: it
	// is asked to go first, and killed with what is left a moment later.
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	exited := make(chan struct{})
	go func() { _, _ = p.cmd.Process.Wait(); close(exited) }()
	select {
	case <-exited:
	case <-time.After(2 * time.Second):
	}
	_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	<-exited
}

// kill ends the process group of cmd, which cmd leads, and reaps cmd.
func kill(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Wait()
}

// freePort is a TCP port on the loopback interface that was free a moment
// ago.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// lockedBuffer is a bytes.Buffer the driver's output goroutines and a
// failure message can share.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.b.Len() > 64<<10 {
		return len(b), nil
	}
	return l.b.Write(b)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
