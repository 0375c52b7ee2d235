package main

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// The floor (-floor) is the least a server can do for tmload's rounds, to
// measure tablemaster against in the same run, on the same machine: a bare
// Go server with Server-Sent Events that, on an action POST, appends it to
// a log with fsync, as tablemaster does, and sends every page of the
// table one message of floorMessage bytes (tablemaster's live updates are
// about that size), built once for all. It keeps no game: the message
// offers the same shift to both seats every time (tmload posts as the first), with the version tmload
// posts back. Everything tablemaster does beyond this is its cost over the
// floor.

// floorMessage is the size of the floor's live message.
const floorMessage = 3 << 10

type floorTable struct {
	mu      sync.Mutex
	ver     int
	msg     string // the current message, "data: …" lines
	clients map[chan string]struct{}
	log     *os.File
}

// message is the table's message for version v: the page fragment tmload
// reads (a version and a choice), padded to floorMessage bytes.
func floorPage(v int) string {
	page := `<form method="post" action="act"><input type="hidden" name="v" value="` + strconv.Itoa(v) +
		`"><button name="a" value="shift row 1 left">shift row 1 left</button></form>`
	pad := floorMessage - len(page)
	if pad > 0 {
		page += "<p>" + strings.Repeat("x", pad-7) + "</p>"
	}
	return page
}

func (t *floorTable) publish() {
	t.msg = "id: " + strconv.Itoa(t.ver) + "\ndata: " + floorPage(t.ver) + "\n\n"
	for c := range t.clients {
		select {
		case c <- t.msg:
		default: // a slow reader catches up with the next message
		}
	}
}

// floorServe runs the floor server in place of tablemaster's (the child
// process with -floor).
func floorServe(o *options, ln net.Listener) (serverInfo, func(), error) {
	info := serverInfo{PID: os.Getpid(), Addr: ln.Addr().String()}
	tables := map[string]*floorTable{}
	token := func() string {
		b := make([]byte, 16)
		rand.Read(b)
		return hex.EncodeToString(b)
	}
	var all []*floorTable
	for i := 0; i < o.Tables; i++ {
		f, err := os.OpenFile(filepath.Join(o.State, fmt.Sprintf("floor-%d.log", i)), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
		if err != nil {
			return info, nil, err
		}
		t := &floorTable{clients: map[chan string]struct{}{}, log: f}
		t.publish()
		l := tableLinks{ID: fmt.Sprintf("floor-%d", i), Table: token(), Seats: []string{token(), token()}}
		tables[l.Table] = t
		for _, s := range l.Seats {
			tables[s] = t
		}
		info.Tables = append(info.Tables, l)
		all = append(all, t)
	}
	mux := http.NewServeMux()
	events := func(w http.ResponseWriter, r *http.Request) {
		t := tables[r.PathValue("tok")]
		if t == nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		fl := w.(http.Flusher)
		c := make(chan string, 4)
		t.mu.Lock()
		t.clients[c] = struct{}{}
		first := t.msg
		t.mu.Unlock()
		defer func() { t.mu.Lock(); delete(t.clients, c); t.mu.Unlock() }()
		w.Write([]byte(first))
		fl.Flush()
		for {
			select {
			case <-r.Context().Done():
				return
			case m := <-c:
				if _, err := w.Write([]byte(m)); err != nil {
					return
				}
				fl.Flush()
			}
		}
	}
	page := func(w http.ResponseWriter, r *http.Request) {
		t := tables[r.PathValue("tok")]
		if t == nil {
			http.NotFound(w, r)
			return
		}
		t.mu.Lock()
		v := t.ver
		t.mu.Unlock()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte("<!doctype html><main>" + floorPage(v) + "</main>"))
	}
	mux.HandleFunc("GET /s/{tok}", page)
	mux.HandleFunc("GET /t/{tok}", page)
	mux.HandleFunc("GET /s/{tok}/events", events)
	mux.HandleFunc("GET /t/{tok}/events", events)
	mux.HandleFunc("POST /s/{tok}/act", func(w http.ResponseWriter, r *http.Request) {
		t := tables[r.PathValue("tok")]
		if t == nil || r.ParseForm() != nil {
			http.NotFound(w, r)
			return
		}
		line := strconv.Quote(r.PostForm.Get("a")) + "\n"
		t.mu.Lock()
		_, err := t.log.WriteString(line)
		if err == nil {
			err = t.log.Sync()
		}
		if err != nil {
			t.mu.Unlock()
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		t.ver++
		t.publish()
		v := t.ver
		t.mu.Unlock()
		w.Header().Set("X-Tablemaster-Version", strconv.Itoa(v))
		w.Write([]byte(floorPage(v)))
	})
	hs := &http.Server{Handler: mux}
	go hs.Serve(ln)
	return info, func() {
		hs.Close()
		for _, t := range all {
			t.log.Close()
		}
	}, nil
}
