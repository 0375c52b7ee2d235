package moderator

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"tablemaster/moderator/face"
	"tablemaster/moderator/patch"
	"time"

	"tablemaster/engine"
)

// Server serves the table screens and the phones of every table in a store.
type Server struct {
	store *Store
	lang  engine.Lang // default when a browser says nothing usable
	// Logf reports server trouble; it never receives a secret.
	Logf func(format string, args ...any)
	// Keepalive is how often an idle live connection gets a ping event
	// (stream.go, pingEvent). A page takes two intervals without one for a
	// lost laptop and says so (assuming 2 s until its first ping), so it
	// stays at 2 s: a thousand open pages then cost the laptop 500 writes
	// of 24 bytes a second.
	Keepalive time.Duration
	// Limits bound the connections of the server HTTPServer returns; an
	// event stream also writes each message within Limits.Write.
	Limits Limits
	// Hub, when set, serves the night's host page (hub.go).
	Hub *Hub
	// refusals keep, per seat link, the reason of the last refused plain
	// form post (a phone without the page script) until the page it is
	// sent back to shows it once, in that page's language.
	refusals sync.Map // link token → error
	// Sheet, when set, writes a game's reference sheet as one
	// self-contained HTML page in a language (the command sets it from
	// printables): every device then reaches it from its page at
	// /s/TOKEN/rules or /t/TOKEN/rules, without the internet.
	Sheet func(w io.Writer, game string, l engine.Lang) error
	// BotPlay is the pace and strength of the seats tablemaster plays
	// (botseat.go, RunBots).
	BotPlay BotPlay

	// stop ends on shutdown (stopNow, which HTTPServer registers with the
	// http.Server's Shutdown), and with it the event streams (stream.go).
	stop    context.Context
	stopNow context.CancelFunc
}

// NewServer returns the HTTP handler for a store.
func NewServer(st *Store, lang engine.Lang) *Server {
	s := &Server{store: st, lang: lang, Logf: log.Printf, Keepalive: 2 * time.Second, Limits: DefaultLimits, BotPlay: DefaultBotPlay}
	s.stop, s.stopNow = context.WithCancel(context.Background())
	return s
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
	mux.HandleFunc("GET /s/{tok}/rules", s.seatRules)
	mux.HandleFunc("GET /t/{tok}/rules", s.tableRules)
	mux.HandleFunc("GET /s/{tok}/story", s.seatStory)
	mux.HandleFunc("GET /t/{tok}/story", s.tableStory)
	s.hubRoutes(mux)
	mux.HandleFunc("/", s.notFound)
	// Every post from another site is refused before any route sees it.
	return refuseOverCap(securityHeaders(s.sameOrigin(gzipPages(mux))))
}

func securityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		// Set by key, as Header.Set would: the keys are canonical and the
		// values shared, so every answer does not make them again.
		for _, kv := range securityHeaderValues {
			hd[kv.key] = kv.value
		}
		h.ServeHTTP(w, r)
	})
}

// securityHeaderValues are the headers every answer carries. The values
// are shared by every answer: a handler that changes one sets a new slice
// (Header.Set does), never writes into this one.
var securityHeaderValues = []struct {
	key   string
	value []string
}{
	{"Content-Security-Policy", []string{"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"}},
	{"Referrer-Policy", []string{"same-origin"}},
	{"X-Content-Type-Options", []string{"nosniff"}},
	{"Cache-Control", []string{"no-store"}},
}

// pageLang picks the reader's language: ?lang=, then the cookie, then
// Accept-Language, then the table's (readerLang). A ?lang= is remembered
// in the cookie.
func (s *Server) pageLang(w http.ResponseWriter, r *http.Request) engine.Lang {
	if l, ok := engine.ParseLang(r.URL.Query().Get("lang")); ok {
		http.SetCookie(w, &http.Cookie{Name: "lang", Value: string(l), Path: "/", MaxAge: 365 * 24 * 3600, SameSite: http.SameSiteLaxMode})
		return l
	}
	return s.readerLang(r)
}

// notFound is the answer for every unknown or revoked link: the same
// bytes whatever the link was, for the same reader, so it tells nothing
// about what existed (safety.go). A link revoked while its request was
// read may have had a cookie set: it is dropped.
func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	s.deadLinkPage(w, r)
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
		face.Escape(l.S("mod.home")))
}

// seat finds the table and seat of the request's link and watches the
// request until done is called, so that a Relink meanwhile cuts its answer
// (links.go): nothing is answered on a revoked link but "not found".
func (s *Server) seat(w http.ResponseWriter, r *http.Request) (t *Table, seat engine.Seat, g *linkGuard, done func(), ok bool) {
	tok := r.PathValue("tok")
	t, seat, ok = s.store.BySeatToken(tok)
	if !ok || t.IsBot(seat) {
		// A seat tablemaster plays has no phone: its secrets stay in
		// the laptop, whoever finds its link in the log.
		return nil, engine.Public, nil, nil, false
	}
	if g, ok = t.watchLink(seat, tok, w); !ok {
		return nil, engine.Public, nil, nil, false
	}
	return t, seat, g, func() { t.unwatchLink(seat, g) }, true
}

func (s *Server) seatPage(w http.ResponseWriter, r *http.Request) {
	t, seat, g, done, ok := s.seat(w, r)
	if !ok {
		s.notFound(w, r)
		return
	}
	defer done()
	l := s.pageLang(w, r)
	if r.URL.Query().Has("lang") {
		if !g.begin(time.Time{}) {
			s.notFound(w, r)
			return
		}
		// Drop the query so a reload keeps a clean link.
		http.Redirect(w, r, "/s/"+url.PathEscape(r.PathValue("tok")), http.StatusSeeOther)
		return
	}
	t.MarkJoined(seat)
	flash := flashText(l, r.URL.Query().Get("m"))
	if r.URL.Query().Get("m") == "why" {
		// A refused plain post: its reason, once; a reload says only
		// that the move was refused.
		flash = l.S("mod.flash.illegal")
		if err, ok := s.refusals.LoadAndDelete(r.PathValue("tok")); ok {
			flash = errText(l, err.(error))
		}
	}
	s.writePage(w, r, g, t, seat, l, flash, "/s/"+r.PathValue("tok"))
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
	s.writePage(w, r, nil, t, engine.Public, l, "", "/t/"+r.PathValue("tok"))
}

func (s *Server) seatRules(w http.ResponseWriter, r *http.Request) {
	t, _, _, done, ok := s.seat(w, r)
	if !ok {
		s.notFound(w, r)
		return
	}
	defer done()
	s.rules(w, r, t)
}

func (s *Server) seatStory(w http.ResponseWriter, r *http.Request) {
	t, seat, _, done, ok := s.seat(w, r)
	if !ok {
		s.notFound(w, r)
		return
	}
	defer done()
	s.story(w, r, t, seat)
}

func (s *Server) tableStory(w http.ResponseWriter, r *http.Request) {
	t, ok := s.store.ByTableToken(r.PathValue("tok"))
	if !ok {
		s.notFound(w, r)
		return
	}
	s.story(w, r, t, engine.Public)
}

// story sends the whole story of the table as seat sees it (the pages
// show its end and link here).
func (s *Server) story(w http.ResponseWriter, r *http.Request, t *Table, seat engine.Seat) {
	var b bytes.Buffer
	if err := renderStory(&b, t, seat, s.pageLang(w, r)); err != nil {
		s.Logf("story: %v", err)
		s.notFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(b.Bytes())
}

func (s *Server) tableRules(w http.ResponseWriter, r *http.Request) {
	t, ok := s.store.ByTableToken(r.PathValue("tok"))
	if !ok {
		s.notFound(w, r)
		return
	}
	s.rules(w, r, t)
}

// rules sends the table's game's reference sheet in the page's language:
// the same sheet `tablemaster print` writes, holding nothing of the table.
func (s *Server) rules(w http.ResponseWriter, r *http.Request, t *Table) {
	if s.Sheet == nil {
		s.notFound(w, r)
		return
	}
	var b bytes.Buffer
	name := t.Header().Game
	if sh, ok := t.face.(face.Sheeter); ok {
		name = sh.Sheet(t.Header().Options)
	}
	if err := s.Sheet(&b, name, s.pageLang(w, r)); err != nil {
		s.Logf("rules sheet for %s: %v", name, err)
		s.notFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// No caching: the address holds the link's secret token, and a
	// browser's cache is one more place it would be kept (the security
	// headers' no-store stands).
	w.Write(b.Bytes())
}

// writePage renders a whole page and sends it, if the link g (nil for the
// table screen) is still current once it is rendered.
func (s *Server) writePage(w http.ResponseWriter, r *http.Request, g *linkGuard, t *Table, seat engine.Seat, l engine.Lang, flash, base string) {
	var buf bytes.Buffer
	err := renderPage(&buf, t, seat, l, flash, base)
	if !g.begin(time.Time{}) {
		s.notFound(w, r)
		return
	}
	if err != nil {
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
// a plain form a redirect back to the page. A link revoked meanwhile gets
// "not found" instead.
func (s *Server) reply(w http.ResponseWriter, r *http.Request, t *Table, seat engine.Seat, status int, code, msg string) {
	tok := r.PathValue("tok")
	g := linkOf(r)
	if !isFetch(r) {
		if !g.begin(time.Time{}) {
			s.notFound(w, r)
			return
		}
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
	var err error
	var version int
	hash := ""
	if msg == "" {
		// The same page the seat's live pages are about to get.
		e := t.rendered(seat, l, "/s/"+tok)
		body, err, version, hash = e.html, e.err, e.version, e.hash
	} else {
		var buf bytes.Buffer
		version, err = renderAppVersion(&buf, t, seat, l, msg, "/s/"+tok)
		body, hash = buf.Bytes(), patch.Hash(buf.Bytes())
	}
	// Rendered before this check, the page shows the link's seat as it
	// was while the link was current.
	if !g.begin(time.Time{}) {
		s.notFound(w, r)
		return
	}
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// The page keeps the newest body it got: a reply overtaken by a live
	// update on its way (the game went on meanwhile) is not shown over it.
	w.Header().Set("X-Tablemaster-Version", strconv.Itoa(version))
	// Live updates patch the body named so.
	w.Header().Set("X-Tablemaster-Body", hash)
	// With its length the body goes as it is, not in chunks.
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	w.Write(body)
}

// refuse answers a malformed request on a seat link with a short 400, or
// with "not found" if the link was revoked meanwhile.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, g *linkGuard, msg string) {
	if !g.begin(time.Time{}) {
		s.notFound(w, r)
		return
	}
	badRequest(w, msg)
}

// parseForm reads a small urlencoded form of at most limit bytes;
// anything else is a 400.
func (s *Server) parseForm(w http.ResponseWriter, r *http.Request, g *linkGuard, limit int64) bool {
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	if err := r.ParseForm(); err != nil {
		s.refuse(w, r, g, "Bad request: the form could not be read.")
		return false
	}
	return true
}

func (s *Server) seatAct(w http.ResponseWriter, r *http.Request) {
	t, seat, g, done, ok := s.seat(w, r)
	if !ok {
		s.notFound(w, r)
		return
	}
	defer done()
	r = withLink(r, g)
	// Whatever the seat is offered fits the transport (transport.go).
	choices, cur := t.offers(seat)
	bound := actionBound(t, choices)
	if !s.parseForm(w, r, g, formLimit(bound)) {
		return
	}
	action := r.PostForm.Get("a")
	v, err := strconv.Atoi(r.PostForm.Get("v"))
	// Only an action the phone could have been offered is accepted
	// (principle 2); anything else is out of turn or out of date.
	offered := false
	for _, c := range choices {
		offered = offered || string(c.Action) == action
	}
	if action == "" || err != nil || v < 0 || tooLong(action, bound, offered, v, cur) {
		s.refuse(w, r, g, "Bad request: an action needs the fields a (the action) and v (the page version).")
		return
	}
	if !g.live() {
		// Relinked while the post was read: it is not the seat's any more.
		s.notFound(w, r)
		return
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
		if !isFetch(r) {
			s.refusals.Store(r.PathValue("tok"), err)
			s.reply(w, r, t, seat, http.StatusConflict, "why", "")
			return
		}
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
	t, seat, g, release, ok := s.seat(w, r)
	if !ok {
		s.notFound(w, r)
		return
	}
	defer release()
	// Parsed before withLink copies the request: step reads the form
	// from the request it was given.
	if !s.parseForm(w, r, g, formLimit(0)) {
		return
	}
	r = withLink(r, g)
	if !g.live() {
		s.notFound(w, r)
		return
	}
	done, err := step(t, seat)
	switch {
	case errors.Is(err, errBadAnswer):
		s.refuse(w, r, g, "Bad request: "+err.Error()+".")
	case err != nil:
		s.reply(w, r, t, seat, http.StatusConflict, "", errText(s.pageLang(w, r), err))
	case done:
		s.reply(w, r, t, seat, http.StatusOK, "undone", "")
	default:
		s.reply(w, r, t, seat, http.StatusOK, pending, "")
	}
}
