package moderator

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/noir"
	"tablemaster/engine/superrock"
)

// The benchmarks are for profiling the path an action takes to every
// device, e.g.
//
//	go test ./moderator -run '^$' -bench Act/subs=10/log=none -cpuprofile cpu.out
//	go tool pprof -top moderator.test cpu.out

// perfMidGame is a table 40 moves into a long game: a full phone story.
func perfMidGame(b testing.TB) (*Store, *Table) {
	st, t := perfTable(b, noir.Config{}, 1)
	r := engine.NewRand(101)
	for range 40 {
		perfStep(b, t, r, true)
	}
	return st, t
}

func BenchmarkRenderPhone(b *testing.B) {
	_, t := perfMidGame(b)
	s := perfMover(t)
	base := "/s/" + t.Header().Tokens[s]
	for _, bc := range []struct {
		name   string
		render func(io.Writer, *Table, engine.Seat, engine.Lang, string, string) error
		seat   engine.Seat
	}{
		{"app", renderApp, s},               // what every live update sends
		{"page", renderPage, s},             // a page load
		{"table", renderApp, engine.Public}, // the table screen's update
	} {
		b.Run(bc.name, func(b *testing.B) {
			var buf bytes.Buffer
			b.ReportAllocs()
			for b.Loop() {
				buf.Reset()
				if err := bc.render(&buf, t, bc.seat, engine.JA, "", base); err != nil {
					b.Fatal(err)
				}
			}
			b.SetBytes(int64(buf.Len()))
		})
	}
}

// benchStream stands for a device's connection: the server takes it over
// (Hijack) as it does a real one, and the id of every event-stream message
// written to it is reported on ids.
type benchStream struct {
	hdr    http.Header
	ids    chan int
	last   int      // the latest id read from ids
	client net.Conn // the device's end
}

func (w *benchStream) Header() http.Header         { return w.hdr }
func (w *benchStream) WriteHeader(int)             {}
func (w *benchStream) Write(p []byte) (int, error) { return len(p), nil }

func (w *benchStream) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	server, client := net.Pipe()
	w.client = client
	go func() {
		br := bufio.NewReader(client)
		for {
			line, err := br.ReadSlice('\n')
			if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
				return
			}
			// A patch has its id after its event line, the whole body first.
			if rest, ok := bytes.CutPrefix(line, []byte("id: ")); ok {
				end := bytes.IndexAny(rest, "-\n")
				if n, err := strconv.Atoi(string(rest[:end])); err == nil {
					w.ids <- n
				}
			}
		}
	}()
	return server, nil, nil
}

// benchTable is a table with live subscribers, as the server runs it.
type benchTable struct {
	t       *Table
	handler http.Handler
	streams []*benchStream
	cancel  context.CancelFunc
	done    chan struct{}
	ver     int // the state version the next form carries
}

// newBenchTable starts a table 4 moves in (the opening is over, shifts
// are legal) with subs event streams: per table as many phones per seat
// as screens, as cmd/tmload connects them. Without a log, Act skips the
// fsync, which shows the cost of the rest.
func newBenchTable(b *testing.B, subs int, withLog bool) *benchTable {
	b.Helper()
	st, err := NewStore(b.TempDir(), time.Now)
	if err != nil {
		b.Fatal(err)
	}
	var t *Table
	if withLog {
		if t, err = st.Create(NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	} else {
		opts, _ := json.Marshal(noir.Config{})
		hdr := Header{ID: "bench", Game: "noir", Seed: 1, Options: opts, Seats: []string{"Aki", "Ben"},
			Tokens: []string{NewToken(), NewToken()}, TableToken: NewToken()}
		if t, err = newTable(hdr, nil, nil, time.Now); err != nil {
			b.Fatal(err)
		}
		st.add(t)
	}
	r := engine.NewRand(7)
	for range 4 {
		perfStep(b, t, r, true)
	}
	srv := NewServer(st, engine.EN)
	srv.Keepalive = time.Hour
	ctx, cancel := context.WithCancel(context.Background())
	bt := &benchTable{t: t, handler: srv.Handler(), cancel: cancel, done: make(chan struct{}), ver: t.Snapshot(0).StateVer}
	hdr := t.Header()
	for i := 0; i < subs; i++ {
		path := "/t/" + hdr.TableToken + "/events"
		if i%5 != 4 { // four phones to every screen: 2 seats × 2 + 1
			path = "/s/" + hdr.Tokens[i%2] + "/events"
		}
		w := &benchStream{hdr: http.Header{}, ids: make(chan int, 1024), last: -1}
		bt.streams = append(bt.streams, w)
		req := httptest.NewRequest("GET", path, nil).WithContext(ctx)
		go func() {
			bt.handler.ServeHTTP(w, req)
			bt.done <- struct{}{}
		}()
	}
	// Let every stream connect and send its first message. A page is
	// sent only what changes on it, and a phone does not show who else
	// came online: once the connections have stopped moving the version,
	// every stream holds the current page, whichever version it was last
	// sent.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		t.mu.Lock()
		all := len(t.subs) == subs
		t.mu.Unlock()
		if all {
			break
		}
		if time.Now().After(deadline) {
			b.Fatal("the streams did not all connect within 10 s")
		}
	}
	bt.settle(b, 0)
	for quiet := time.After(50 * time.Millisecond); ; {
		select {
		case <-quiet:
			for _, w := range bt.streams {
				w.last = t.currentVersion()
			}
			return bt
		default:
		}
		for _, w := range bt.streams {
			select {
			case w.last = <-w.ids:
			default:
			}
		}
		time.Sleep(time.Millisecond)
	}
}

// settle waits until every stream has been sent version v or later.
func (bt *benchTable) settle(b *testing.B, v int) {
	var timeout <-chan time.Time
	for i, w := range bt.streams {
		for w.last < v {
			if timeout == nil {
				timeout = time.After(10 * time.Second)
			}
			select {
			case w.last = <-w.ids:
			case <-timeout:
				b.Fatalf("stream %d: no message with version %d within 10s", i, v)
			}
		}
	}
}

func (bt *benchTable) close() {
	bt.cancel()
	for range bt.streams {
		<-bt.done
	}
	for _, w := range bt.streams {
		w.client.Close()
	}
	// The streams end once their devices have gone.
	for {
		bt.t.mu.Lock()
		n := len(bt.t.subs)
		bt.t.mu.Unlock()
		if n == 0 {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// act posts a shift from the seat to move, as a phone's script does, and
// waits until every stream was sent the new state.
func (bt *benchTable) act(b *testing.B, r *engine.Rand) {
	s := perfMover(bt.t)
	var shifts []string
	offered, _ := bt.t.offers(s) // read only: no copy
	for _, c := range offered {
		if strings.HasPrefix(string(c.Action), "shift ") {
			shifts = append(shifts, string(c.Action))
		}
	}
	if len(shifts) == 0 {
		b.Fatalf("seat %v has no shift", s)
	}
	form := url.Values{"a": {shifts[r.IntN(len(shifts))]}, "v": {strconv.Itoa(bt.ver)}}
	req := httptest.NewRequest("POST", "/s/"+bt.t.Header().Tokens[s]+"/act", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Tablemaster", "fetch")
	rec := httptest.NewRecorder()
	bt.handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		b.Fatalf("POST %v = %d, want 200: %.200s", form, rec.Code, rec.Body.String())
	}
	bt.ver++
	bt.settle(b, bt.t.currentVersion())
}

// BenchmarkAct measures one action from a phone's post until every
// connected device was sent its new page: the reply to the post, the log
// write and one render per live stream.
func BenchmarkAct(b *testing.B) {
	for _, subs := range []int{0, 10} {
		for _, withLog := range []bool{false, true} {
			name := fmt.Sprintf("subs=%d/log=none", subs)
			if withLog {
				name = fmt.Sprintf("subs=%d/log=sync", subs)
			}
			b.Run(name, func(b *testing.B) {
				defer func(min int) { patchMinBody = min }(patchMinBody)
				patchMinBody = 8 << 10 // as the server runs
				r := engine.NewRand(3)
				bt := newBenchTable(b, subs, withLog)
				n := 0
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					// A long game has some 100 moves; a fresh table keeps
					// the table screen's story that long.
					if n++; n == 100 {
						b.StopTimer()
						bt.close()
						bt = newBenchTable(b, subs, withLog)
						n = 0
						b.StartTimer()
					}
					bt.act(b, r)
				}
				b.StopTimer()
				bt.close()
			})
		}
	}
}

// BenchmarkScript runs a script of n shifts through the GM console, as
// --script does (each action logged with fsync, its lines printed). The
// time per action must not grow with the game's length: compare n=1000
// with n=10000 (ns/action).
func BenchmarkScript(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			var text strings.Builder
			text.WriteString("Aki: draw\nAki: kill D1\nBen: draw\nBen: keep ♦2\n")
			for i := range n {
				if i%2 == 0 {
					text.WriteString("Aki: shift row 3 left\n")
				} else {
					text.WriteString("Ben: shift row 4 left\n")
				}
			}
			cmds, err := ParseScript(strings.NewReader(text.String()))
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				b.StopTimer()
				st, err := NewStore(b.TempDir(), fixedClock)
				if err != nil {
					b.Fatal(err)
				}
				tb, err := st.Create(NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{ShiftRule: noir.NoUndo}, Seed: 3})
				if err != nil {
					b.Fatal(err)
				}
				c := &Console{T: tb, Out: io.Discard, Lang: engine.EN, Reveal: true}
				b.StartTimer()
				if err := c.RunScript(cmds); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				st.Close()
				b.StartTimer()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/action")
		})
	}
}

// BenchmarkLongGame renders a live update (the app part of a page) of the
// table screen and of a phone at move 10, 100 and 10,000: the pages show
// the end of the story (the whole of it is a link away), so the size
// (bytes/update) and the time must not grow with the game once the story
// fills a page (at move 10 the table screen's is 14 lines of 24).
func BenchmarkLongGame(b *testing.B) {
	for _, moves := range []int{10, 100, 10000} {
		st, err := NewStore(b.TempDir(), fixedClock)
		if err != nil {
			b.Fatal(err)
		}
		tb, err := st.Create(NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{ShiftRule: noir.NoUndo}, Seed: 3})
		if err != nil {
			b.Fatal(err)
		}
		for _, a := range []struct {
			s engine.Seat
			a string
		}{{0, "draw"}, {0, "kill D1"}, {1, "draw"}, {1, "keep ♦2"}} {
			if _, err := tb.Act(a.s, a.a, -1); err != nil {
				b.Fatal(err)
			}
		}
		for i := range moves {
			a := "shift row 3 left"
			if i%2 == 1 {
				a = "shift row 4 left"
			}
			if _, err := tb.Act(engine.Seat(i%2), a, -1); err != nil {
				b.Fatal(err)
			}
		}
		for _, who := range []struct {
			name string
			seat engine.Seat
		}{{"table", engine.Public}, {"phone", 0}} {
			b.Run(fmt.Sprintf("%s/move%d", who.name, moves), func(b *testing.B) {
				var buf bytes.Buffer
				for b.Loop() {
					buf.Reset()
					if err := renderApp(&buf, tb, who.seat, engine.EN, "", "/x"); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(buf.Len()), "bytes/update")
			})
		}
		st.Close()
	}
}

// BenchmarkRenderGames renders a live update of every game in the middle
// of a game, for a phone and for the table screen: what each action costs
// per device kind at a table of that game.
func BenchmarkRenderGames(b *testing.B) {
	tables := []struct {
		name string
		make func() *Table
	}{
		{"noir", func() *Table { _, t := perfMidGame(b); return t }},
		{"ayatsuri6", func() *Table {
			_, t := newAyatsuriTable(b, 6, true, 7)
			r := engine.NewRand(7)
			for range 12 {
				if !ayStep(b, t, r) {
					break
				}
			}
			return t
		}},
		{"superrock10", func() *Table {
			_, t := newSuperrockTable(b, 10, superrock.VirtualDice, superrock.VirtualBoard, 7)
			r := engine.NewRand(7)
			srPrepare(b, t, r)
			for range 20 {
				if !srStep(b, t, r) {
					break
				}
			}
			return t
		}},
		{"outlaws", func() *Table {
			_, t := newOutlawsTable(b, 5)
			olPlay(b, t, len(olOpening))
			return t
		}},
	}
	for _, tc := range tables {
		t := tc.make()
		for _, dev := range []struct {
			name string
			seat engine.Seat
		}{{"phone", 0}, {"table", engine.Public}} {
			b.Run(tc.name+"/"+dev.name, func(b *testing.B) {
				var buf bytes.Buffer
				b.ReportAllocs()
				for b.Loop() {
					buf.Reset()
					if err := renderApp(&buf, t, dev.seat, engine.EN, "", "/s/x"); err != nil {
						b.Fatal(err)
					}
				}
				b.SetBytes(int64(buf.Len()))
			})
		}
	}
}
