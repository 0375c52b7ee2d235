package moderator

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"tablemaster/engine"
)

// Server serves the table screens and the phones of every table in a store.
type Server struct {
	store *Store
	lang  engine.Lang // default when a browser says nothing usable
	// Logf reports server trouble; it never receives a secret.
	Logf func(format string, args ...any)
	// Keepalive is how often an idle live connection gets a comment line.
	Keepalive time.Duration
}

// NewServer returns the HTTP handler for a store.
func NewServer(st *Store, lang engine.Lang) *Server {
	return &Server{store: st, lang: lang, Logf: log.Printf, Keepalive: 20 * time.Second}
}

// Handler routes every request.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.home)
	mux.HandleFunc("GET /t/{tok}", s.tablePage)
	mux.HandleFunc("GET /t/{tok}/events", s.tableEvents)
	mux.HandleFunc("GET /s/{tok}", s.seatPage)
	mux.HandleFunc("GET /s/{tok}/events", s.seatEvents)
	mux.HandleFunc("POST /s/{tok}/act", s.seatAct)
	mux.HandleFunc("POST /s/{tok}/undo", s.seatUndo)
	mux.HandleFunc("POST /s/{tok}/confirm", s.seatConfirm)
	mux.HandleFunc("/", s.notFound)
	return securityHeaders(gzipPages(mux))
}

func securityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
		hd.Set("Referrer-Policy", "no-referrer")
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Cache-Control", "no-store")
		h.ServeHTTP(w, r)
	})
}

// pageLang picks the reader's language: ?lang=, then the cookie, then
// Accept-Language, then the table's.
func (s *Server) pageLang(w http.ResponseWriter, r *http.Request) engine.Lang {
	if q := r.URL.Query().Get("lang"); q != "" {
		if l, ok := engine.ParseLang(q); ok {
			http.SetCookie(w, &http.Cookie{Name: "lang", Value: string(l), Path: "/", MaxAge: 365 * 24 * 3600, SameSite: http.SameSiteLaxMode})
			return l
		}
	}
	if c, err := r.Cookie("lang"); err == nil {
		if l, ok := engine.ParseLang(c.Value); ok {
			return l
		}
	}
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		if l, ok := engine.ParseLang(strings.SplitN(part, ";", 2)[0]); ok {
			return l
		}
	}
	return s.lang
}

// notFound is the answer for every unknown or revoked link: the same
// bytes whatever the link was, so it tells nothing about what existed.
func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusNotFound)
	io.WriteString(w, "Not found. / 見つかりません。\n")
}

func badRequest(w http.ResponseWriter, msg string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusBadRequest)
	io.WriteString(w, msg+"\n")
}

func (s *Server) home(w http.ResponseWriter, r *http.Request) {
	l := s.pageLang(w, r)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, "<!doctype html><meta charset=utf-8><meta name=viewport content=\"width=device-width\"><title>tablemaster</title><p>%s</p>\n",
		htmlEscape(l.S("mod.home")))
}

func (s *Server) seat(r *http.Request) (*Table, engine.Seat, bool) {
	return s.store.BySeatToken(r.PathValue("tok"))
}

func (s *Server) seatPage(w http.ResponseWriter, r *http.Request) {
	t, seat, ok := s.seat(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	l := s.pageLang(w, r)
	if r.URL.Query().Has("lang") {
		// Drop the query so a reload keeps a clean link.
		http.Redirect(w, r, "/s/"+url.PathEscape(r.PathValue("tok")), http.StatusSeeOther)
		return
	}
	t.MarkJoined(seat)
	flash := flashText(l, r.URL.Query().Get("m"))
	s.writePage(w, t, seat, l, flash, "/s/"+r.PathValue("tok"))
}

func (s *Server) tablePage(w http.ResponseWriter, r *http.Request) {
	t, ok := s.store.ByTableToken(r.PathValue("tok"))
	if !ok {
		s.notFound(w, r)
		return
	}
	l := s.pageLang(w, r)
	if r.URL.Query().Has("lang") {
		http.Redirect(w, r, "/t/"+url.PathEscape(r.PathValue("tok")), http.StatusSeeOther)
		return
	}
	s.writePage(w, t, engine.Public, l, "", "/t/"+r.PathValue("tok"))
}

func (s *Server) writePage(w http.ResponseWriter, t *Table, seat engine.Seat, l engine.Lang, flash, base string) {
	var buf bytes.Buffer
	if err := renderPage(&buf, t, seat, l, flash, base); err != nil {
		s.Logf("render %s: %v", t.ID(), err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(buf.Bytes())
}

// flash messages come back from a form post as a short code, never as text
// that could carry anything else.
var flashKeys = map[string]string{
	"stale": "mod.flash.stale", "turn": "mod.flash.turn", "undo": "mod.flash.undo_asked",
	"undone": "mod.flash.undone", "norequest": "mod.flash.norequest", "illegal": "mod.flash.illegal",
	"notsaved": "mod.err.not_saved", "diskfull": "mod.err.not_saved_full",
}

func flashText(l engine.Lang, code string) string {
	if k, ok := flashKeys[code]; ok {
		return l.S(k)
	}
	return ""
}

// isFetch tells a request made by the page's script (which wants the new
// page body back) from a plain form post (which wants a redirect).
func isFetch(r *http.Request) bool { return r.Header.Get("X-Tablemaster") == "fetch" }

// reply finishes a post: a fetch gets the fresh page body with a message,
// a plain form a redirect back to the page.
func (s *Server) reply(w http.ResponseWriter, r *http.Request, t *Table, seat engine.Seat, status int, code, msg string) {
	tok := r.PathValue("tok")
	if !isFetch(r) {
		loc := "/s/" + url.PathEscape(tok)
		if code != "" {
			loc += "?m=" + code
		}
		http.Redirect(w, r, loc, http.StatusSeeOther)
		return
	}
	l := s.pageLang(w, r)
	if msg == "" {
		msg = flashText(l, code)
	}
	var body []byte
	if msg == "" {
		// The same page the seat's live pages are about to get.
		e := t.rendered(seat, l, "/s/"+tok)
		if e.err != nil {
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		}
		body = e.html
	} else {
		var buf bytes.Buffer
		if err := renderApp(&buf, t, seat, l, msg, "/s/"+tok); err != nil {
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		}
		body = buf.Bytes()
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	w.Write(body)
}

// parseForm reads a small urlencoded form; anything else is a 400.
func parseForm(w http.ResponseWriter, r *http.Request) bool {
	r.Body = http.MaxBytesReader(w, r.Body, 4096)
	if err := r.ParseForm(); err != nil {
		badRequest(w, "Bad request: the form could not be read.")
		return false
	}
	return true
}

func (s *Server) seatAct(w http.ResponseWriter, r *http.Request) {
	t, seat, ok := s.seat(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	if !parseForm(w, r) {
		return
	}
	action := r.PostForm.Get("a")
	v, err := strconv.Atoi(r.PostForm.Get("v"))
	if action == "" || len(action) > 64 || err != nil || v < 0 {
		badRequest(w, "Bad request: an action needs the fields a (the action) and v (the page version).")
		return
	}
	// Only an action the phone could have been offered is accepted
	// (principle 2); anything else is out of turn or out of date.
	offered := false
	for _, c := range t.Legal(seat) {
		offered = offered || string(c.Action) == action
	}
	_, err = t.Act(seat, action, v)
	switch {
	case errors.Is(err, ErrStale):
		s.reply(w, r, t, seat, http.StatusConflict, "stale", "")
	case err == nil:
		s.reply(w, r, t, seat, http.StatusOK, "", "")
	case !offered && plainNotYourTurn(err):
		s.reply(w, r, t, seat, http.StatusConflict, "turn", "")
	case errors.Is(err, ErrNotSaved):
		s.reply(w, r, t, seat, http.StatusServiceUnavailable, notSavedCode(err), "")
	default:
		// The refusal names its real reason ("you exposed your own
		// identity: you can no longer veto"), about the seat's own action,
		// its own view and public facts only (the engines see to it).
		s.reply(w, r, t, seat, http.StatusConflict, "illegal", errText(s.pageLang(w, r), err))
	}
}

// plainNotYourTurn reports the bare "it is not your turn", which the page
// answers with its own flash; a refusal with a reason of its own is shown
// as it is.
func plainNotYourTurn(err error) bool {
	var me *engine.MsgError
	return errors.Is(err, engine.ErrNotYourTurn) && (!errors.As(err, &me) || me.Msg.Key == "err.not_your_turn")
}

// errText renders an error in the reader's language when it carries a
// catalogue message.
func errText(l engine.Lang, err error) string {
	var me *engine.MsgError
	if errors.As(err, &me) {
		return l.Text(me.Msg)
	}
	for _, k := range []struct {
		err error
		key string
	}{{ErrStale, "mod.flash.stale"}, {ErrNothingToUndo, "mod.err.nothing_to_undo"}, {ErrNotActor, "mod.err.not_actor"}, {ErrNoRequest, "mod.flash.norequest"}} {
		if errors.Is(err, k.err) {
			return l.S(k.key)
		}
	}
	return err.Error()
}

func (s *Server) seatUndo(w http.ResponseWriter, r *http.Request) {
	s.seatPost(w, r, func(t *Table, seat engine.Seat) (bool, error) { return t.RequestUndo(seat) }, "undo")
}

func (s *Server) seatConfirm(w http.ResponseWriter, r *http.Request) {
	s.seatPost(w, r, func(t *Table, seat engine.Seat) (bool, error) {
		ans := r.PostForm.Get("yes")
		if ans != "1" && ans != "0" {
			return false, errBadAnswer
		}
		return t.ConfirmUndo(seat, ans == "1")
	}, "")
}

var errBadAnswer = errors.New("answer with yes=1 or yes=0")

// seatPost runs an undo step for the seat a link belongs to and answers
// with the fresh page: "undone" when it took place, pending otherwise.
func (s *Server) seatPost(w http.ResponseWriter, r *http.Request, step func(*Table, engine.Seat) (bool, error), pending string) {
	t, seat, ok := s.seat(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	if !parseForm(w, r) {
		return
	}
	done, err := step(t, seat)
	switch {
	case errors.Is(err, errBadAnswer):
		badRequest(w, "Bad request: "+err.Error()+".")
	case err != nil:
		s.reply(w, r, t, seat, http.StatusConflict, "", errText(s.pageLang(w, r), err))
	case done:
		s.reply(w, r, t, seat, http.StatusOK, "undone", "")
	default:
		s.reply(w, r, t, seat, http.StatusOK, pending, "")
	}
}

func (s *Server) seatEvents(w http.ResponseWriter, r *http.Request) {
	t, seat, ok := s.seat(r)
	if !ok {
		s.notFound(w, r)
		return
	}
	t.connect(seat, +1)
	defer t.connect(seat, -1)
	s.stream(w, r, t, seat, "/s/"+r.PathValue("tok"))
}

func (s *Server) tableEvents(w http.ResponseWriter, r *http.Request) {
	t, ok := s.store.ByTableToken(r.PathValue("tok"))
	if !ok {
		s.notFound(w, r)
		return
	}
	s.stream(w, r, t, engine.Public, "/t/"+r.PathValue("tok"))
}

// stream sends the page body after every change, as Server-Sent Events.
// The first message goes out at once, so a page that reconnects (phone
// asleep, Wi-Fi lost) catches up by itself; a reader that falls behind
// skips straight to the latest state.
func (s *Server) stream(w http.ResponseWriter, r *http.Request, t *Table, seat engine.Seat, base string) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	l := s.pageLang(w, r)
	ch, cancel := t.Subscribe()
	defer cancel()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	io.WriteString(w, "retry: 1000\n\n")
	last := -1
	tick := time.NewTicker(s.Keepalive)
	defer tick.Stop()
	send := func() bool {
		if t.currentVersion() == last {
			return true
		}
		msg, ver, err := t.streamMessage(seat, l, base)
		if err != nil {
			s.Logf("render %s: %v", t.ID(), err)
			return false
		}
		last = ver
		if _, err := w.Write(msg); err != nil {
			return false
		}
		fl.Flush()
		return true
	}
	if !send() {
		return
	}
	for {
		select {
		case <-r.Context().Done():
			return
		case <-ch:
			if !send() {
				return
			}
		case <-tick.C:
			if _, err := io.WriteString(w, ": keepalive\n\n"); err != nil {
				return
			}
			fl.Flush()
		}
	}
}
