package moderator

import (
	"crypto/subtle"
	"encoding/base64"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"

	"tablemaster/engine"
	"tablemaster/moderator/face"
	"tablemaster/moderator/term"
)

// Hub is the night's host page: every table the server runs, a form to
// start a table of any game with its options, each table's join codes for
// the TV (one seat at a time, as the console shows them) and the night
// sheet. Its link is secret: whoever holds it runs the night.
type Hub struct {
	Token   string // the host link's secret: /h/TOKEN
	BaseURL string // how phones reach the server: http://192.168.1.20:8080
	Addr    string // written into new tables' headers, as the commands do
	Port    int
	Seed    func() uint64    // a new table's seed
	Now     func() time.Time // the night's clock
	// Hold, when set, holds a new table's log for as long as the process
	// runs, as the commands hold the tables they serve (a second
	// tablemaster then leaves it alone).
	Hold func(path string) error
	// MovedFrom, when set, is where the links pointed before this run
	// ("192.168.1.5:8777"): the host moved with --port, or the laptop's
	// address changed. The host page says that every seat must scan again.
	MovedFrom string

	live hubLive // what keeps the host pages live (hub_stream.go)
}

// hold holds a new table's log, if the hub says how.
func (s *Server) hold(t *Table) {
	if s.Hub.Hold != nil {
		if err := s.Hub.Hold(s.store.LogPath(t.ID())); err != nil {
			s.Logf("hold %s: %v", t.ID(), err)
		}
	}
}

// hubRoutes adds the host page's routes to mux.
func (s *Server) hubRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /h/{tok}", s.hubPage)
	mux.HandleFunc("POST /h/{tok}/new", s.hubNew)
	mux.HandleFunc("GET /h/{tok}/join/{id}", s.hubJoin)
	mux.HandleFunc("GET /h/{tok}/relinked/{id}", s.hubJoin) // one seat's new code, then back
	mux.HandleFunc("POST /h/{tok}/rematch/{id}", s.hubRematch)
	mux.HandleFunc("POST /h/{tok}/table/{id}", s.hubTableAction)
	mux.HandleFunc("GET /h/{tok}/events", s.hubEvents)
	mux.HandleFunc("GET /h/{tok}/join/{id}/events", s.hubJoinEvents)
	if s.Hub != nil {
		s.hubLive() // failed saves reach the terminal even before the page is opened
	}
}

// hubOK reports whether the request holds the host link.
func (s *Server) hubOK(r *http.Request) bool {
	h := s.Hub
	return h != nil && h.Token != "" && subtle.ConstantTimeCompare([]byte(r.PathValue("tok")), []byte(h.Token)) == 1
}

// hubTable is one table as the host page lists it: public facts only.
type hubTable struct {
	ID, Game, Players, Status string
	Over, Rematch, Moved      bool // Rematch: offered; Moved: its links went to a rematch or it was abandoned
	Played                    bool // an action stands: else it may be put away
	Screen, Join              string
	Seats                     []string
	Undo                      string // the undo request waiting, in words
	// Waiting are the seats whose answer the undo waits for: the host may
	// answer for them, as the GM console's agree and refuse do.
	Waiting []hubSeat
}

// hubSeat is a seat by number and name.
type hubSeat struct {
	Seat int
	Name string
}

// hubData is what the host page shows.
type hubData struct {
	Lang, Other engine.Lang
	Base        string
	Flash       string
	Games       []hubGame
	Tables      []hubTable
	Night       *NightSheet // nil without a state folder or when it cannot be read
	Trouble     []string    // failed saves, until the table saves again
	// Parts are the live parts as the page holds them, Hash their name
	// for the stream (hub_stream.go).
	Parts struct{ Trouble, Tables, Night string }
	Hash  string
}

type hubGame struct {
	Name, Title string
	Default     string // default seats
	Options     []hubOption
}

type hubOption struct {
	Field, Label string
	Values       []string
}

func (s *Server) hubPage(w http.ResponseWriter, r *http.Request) {
	if !s.hubOK(r) {
		s.notFound(w, r)
		return
	}
	l := s.pageLang(w, r)
	if r.URL.Query().Has("lang") {
		http.Redirect(w, r, "/h/"+url.PathEscape(r.PathValue("tok")), http.StatusSeeOther)
		return
	}
	s.writeHub(w, r, l, flashText(l, r.URL.Query().Get("m")))
}

func (s *Server) writeHub(w http.ResponseWriter, r *http.Request, l engine.Lang, flash string) {
	d := hubData{Lang: l, Other: engine.JA, Base: "/h/" + r.PathValue("tok"), Flash: flash}
	if l == engine.JA {
		d.Other = engine.EN
	}
	for _, name := range face.Names() {
		f, _ := face.Lookup(name)
		c, ok := f.(face.Configurer)
		if !ok {
			continue
		}
		g := hubGame{Name: name, Title: l.S(name + ".name"), Default: strings.Join(f.Seats().Default, ", ")}
		if !engine.Has(name + ".name") {
			g.Title = name
		}
		for _, o := range c.Options() {
			g.Options = append(g.Options, hubOption{Field: name + "." + o.Name, Label: l.Text(o.Label), Values: o.Values})
		}
		d.Games = append(d.Games, g)
	}
	parts, err := s.hubParts(r.Context(), l, d.Base)
	if err == nil {
		d.Parts.Trouble, d.Parts.Tables, d.Parts.Night = parts[0], parts[1], parts[2]
		d.Hash = bodyHash(joinParts(parts))
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		// Only a failing writer fails here: the page may be cut short.
		if err = hubPageHTML(&d).Render(r.Context(), w); err != nil {
			s.Logf("host page: %v", err)
		}
		return
	}
	s.Logf("host page: %v", err)
	http.Error(w, "internal error", http.StatusInternalServerError)
}

// hubFill fills in the live parts' data: the tables, the night sheet
// and the failed saves.
func (s *Server) hubFill(d *hubData) {
	l := d.Lang
	tables := s.store.Tables()
	sort.SliceStable(tables, func(i, j int) bool { return tables[i].ID() > tables[j].ID() })
	names := map[string]engine.Msg{}
	for _, t := range tables {
		row := hubRow(t, l, d.Base)
		row.Moved = s.store.Retired(t.ID())
		_, remembers := t.face.(face.Rememberer)
		_, rematches := t.face.(face.Rematcher)
		row.Rematch = row.Over && !row.Moved && (!remembers || rematches)
		d.Tables = append(d.Tables, row)
		names[t.ID()] = t.gameName()
	}
	if dir := s.store.Dir(); dir != "" {
		sheet, _, err := Night(dir, NightOf(s.Hub.Now()))
		if err == nil {
			d.Night = &sheet
		}
	}
	if s.Hub.MovedFrom != "" {
		d.Trouble = append(d.Trouble, l.S("mod.hub.links_changed", "old", s.Hub.MovedFrom, "new", strings.TrimPrefix(s.Hub.BaseURL, "http://")))
	}
	for _, x := range s.hubLive().troubles() {
		d.Trouble = append(d.Trouble, hubTrouble(l, x.ID, names[x.ID], x.X))
	}
}

// hubRow is a table's line on the host page: its game, players, whose
// turn it is or how it ended.
func hubRow(t *Table, l engine.Lang, base string) hubTable {
	snap := t.Snapshot(engine.Public)
	h := t.Header()
	game := h.Game
	if name := t.gameName(); name.Key != "" && engine.Has(name.Key) {
		game = l.Text(name) // with its variant: "Noir (Automata)"
	} else if engine.Has(game + ".name") {
		game = l.S(game + ".name")
	}
	row := hubTable{ID: h.ID, Game: game, Players: engine.Names(h.Seats), Over: snap.Outcome.Over,
		Screen: "/t/" + h.TableToken, Join: base + "/join/" + h.ID, Seats: h.Seats, Played: len(t.steps()) > 0}
	if snap.Undo != nil {
		row.Undo = l.Text(snap.Undo.Text)
		for _, w := range snap.Undo.Waiting {
			if int(w) >= 0 && int(w) < len(h.Seats) {
				row.Waiting = append(row.Waiting, hubSeat{Seat: int(w), Name: h.Seats[w]})
			}
		}
	}
	if snap.Outcome.Over {
		row.Status = l.Text(snap.Outcome.Reason)
	} else {
		var turn []string
		for i, on := range snap.Turn {
			if on {
				turn = append(turn, h.Seats[i])
			}
		}
		row.Status = l.S("mod.hub.turn", "players", engine.Names(turn))
	}
	return row
}

func (s *Server) hubNew(w http.ResponseWriter, r *http.Request) {
	if !s.hubOK(r) {
		s.notFound(w, r)
		return
	}
	l := s.pageLang(w, r)
	if err := r.ParseForm(); err != nil {
		badRequest(w, "Bad request: "+err.Error())
		return
	}
	t, err := s.hubCreate(r.PostForm)
	if err != nil {
		w.WriteHeader(http.StatusUnprocessableEntity)
		s.writeHub(w, r, l, l.S("mod.hub.not_created", "why", errText(l, err)))
		return
	}
	http.Redirect(w, r, "/h/"+url.PathEscape(r.PathValue("tok"))+"/join/"+url.PathEscape(t.ID()), http.StatusSeeOther)
}

// hubCreate starts a table from the host page's form: game, players in
// seat order (comma-separated), and the game's options as game.option.
func (s *Server) hubCreate(form url.Values) (*Table, error) {
	game := form.Get("game")
	f, err := face.Lookup(game)
	if err != nil {
		return nil, err
	}
	c, ok := f.(face.Configurer)
	if !ok {
		return nil, engine.Errorf(engine.ErrIllegal, "moderator", engine.M("mod.hub.no_options", "game", game))
	}
	var seats []string
	for _, p := range strings.Split(form.Get("players"), ",") {
		if p = strings.TrimSpace(p); p != "" {
			seats = append(seats, p)
		}
	}
	if len(seats) == 0 {
		seats = append(seats, f.Seats().Default...)
	}
	if err := CheckNames(seats); err != nil {
		return nil, err
	}
	values := map[string]string{}
	for key, v := range form {
		if name, ok := strings.CutPrefix(key, game+"."); ok && len(v) > 0 {
			values[name] = v[0]
		}
	}
	var remembered [][]string
	if _, ok := f.(face.Rememberer); ok && s.store.Dir() != "" {
		remembered, _, _ = NightMemory(s.store.Dir(), game, seats, s.Hub.Now())
	}
	opts, err := c.Configure(seats, values, remembered)
	if err != nil {
		return nil, err
	}
	// The seats tablemaster plays, named as the players are.
	bots, err := CheckBots(game, opts, seats, strings.Split(form.Get("bots"), ","))
	if err != nil {
		return nil, err
	}
	t, err := s.store.Create(NewTableSpec{Game: game, Seats: seats, Options: opts, Seed: s.Hub.Seed(),
		Addr: s.Hub.Addr, Port: s.Hub.Port, Bots: bots})
	if err == nil {
		s.hold(t)
	}
	return t, err
}

// hubRematch starts the same game for the same players, who keep their
// links (their phones and the TV move to it by themselves); where the game
// has sides (Noir), they change hands: every player moves one seat on.
// A game that remembers the night (Super Rock, SR-13) is started afresh
// from the form instead, where the memory decides what may be dealt.
func (s *Server) hubRematch(w http.ResponseWriter, r *http.Request) {
	if !s.hubOK(r) {
		s.notFound(w, r)
		return
	}
	l := s.pageLang(w, r)
	old := s.store.Table(r.PathValue("id"))
	if old == nil {
		s.notFound(w, r)
		return
	}
	t, err := s.rematch(old)
	if err != nil {
		w.WriteHeader(http.StatusConflict)
		s.writeHub(w, r, l, l.S("mod.hub.not_created", "why", errText(l, err)))
		return
	}
	http.Redirect(w, r, "/h/"+url.PathEscape(r.PathValue("tok"))+"#"+url.PathEscape(t.ID()), http.StatusSeeOther)
}

func (s *Server) rematch(old *Table) (*Table, error) {
	h := old.Header()
	if !old.Snapshot(engine.Public).Outcome.Over {
		return nil, engine.Errorf(engine.ErrIllegal, "moderator", engine.M("mod.hub.not_over"))
	}
	_, remembers := old.face.(face.Rememberer)
	rematcher, ok := old.face.(face.Rematcher)
	if remembers && !ok {
		return nil, engine.Errorf(engine.ErrIllegal, "moderator", engine.M("mod.hub.no_rematch"))
	}
	n := len(h.Seats)
	seatOf := make([]int, n)
	seats := make([]string, n)
	for i := range seatOf {
		seatOf[i] = i
		if old.face.Role(0) != "" { // sides change hands
			seatOf[i] = (i + 1) % n
		}
		seats[i] = h.Seats[seatOf[i]]
	}
	var options any = h.Options
	if rematcher != nil {
		var remembered [][]string
		if remembers && s.store.Dir() != "" {
			remembered, _, _ = NightMemory(s.store.Dir(), h.Game, seats, s.Hub.Now())
		}
		var err error
		if options, err = rematcher.Rematch(h.Options, seats, remembered); err != nil {
			return nil, err
		}
	}
	var bots []int // tablemaster plays the same players again
	for i, from := range seatOf {
		if old.IsBot(engine.Seat(from)) {
			bots = append(bots, i)
		}
	}
	t, err := s.store.Rematch(old, NewTableSpec{Game: h.Game, Seats: seats, Options: options, Seed: s.Hub.Seed(),
		Addr: h.Addr, Port: h.Port, Lang: engine.Lang(h.Lang), Bots: bots}, seatOf)
	if err == nil {
		s.hold(t)
	}
	return t, err
}

// hubTableAction is what the host does to a running table, as the GM
// console does: relink a seat (a lost or shared phone: the old link stops
// at once, and the seat's new code is shown), ask to undo the last action
// (the seats that learned something agree on their phones), answer an undo
// request for a seat that waits (as the console's agree and refuse), or
// abandon the table (its links stop; its log stays as it is).
func (s *Server) hubTableAction(w http.ResponseWriter, r *http.Request) {
	if !s.hubOK(r) {
		s.notFound(w, r)
		return
	}
	t := s.store.Table(r.PathValue("id"))
	if t == nil {
		s.notFound(w, r)
		return
	}
	l := s.pageLang(w, r)
	if err := r.ParseForm(); err != nil {
		badRequest(w, "Bad request: "+err.Error())
		return
	}
	host := "/h/" + url.PathEscape(r.PathValue("tok"))
	if r.PostForm.Get("do") == "putaway" {
		// An abandoned table may be put away too: nobody played it.
		if _, err := s.store.putAway(t); err != nil {
			w.WriteHeader(http.StatusConflict)
			s.writeHub(w, r, l, errText(l, err))
			return
		}
		http.Redirect(w, r, host, http.StatusSeeOther)
		return
	}
	if s.store.Retired(t.ID()) {
		s.notFound(w, r)
		return
	}
	var err error
	switch r.PostForm.Get("do") {
	case "relink":
		seat, convErr := strconv.Atoi(r.PostForm.Get("seat"))
		if convErr != nil || seat < 0 || seat >= len(t.Header().Seats) {
			badRequest(w, "Bad request: relink needs a seat number.")
			return
		}
		if _, err = t.Relink(engine.Seat(seat)); err == nil {
			http.Redirect(w, r, host+"/relinked/"+url.PathEscape(t.ID())+"?seat="+strconv.Itoa(seat), http.StatusSeeOther)
			return
		}
	case "undo":
		_, err = t.RequestUndo(engine.Public)
	case "agree", "refuse":
		seat, convErr := strconv.Atoi(r.PostForm.Get("seat"))
		if convErr != nil || seat < 0 || seat >= len(t.Header().Seats) {
			badRequest(w, "Bad request: an answer needs a seat number.")
			return
		}
		_, err = t.ConfirmUndo(engine.Seat(seat), r.PostForm.Get("do") == "agree")
	case "abandon":
		s.store.Abandon(t)
	default:
		badRequest(w, "Bad request: do must be relink, undo, agree, refuse, abandon or putaway.")
		return
	}
	if err != nil {
		w.WriteHeader(http.StatusConflict)
		s.writeHub(w, r, l, errText(l, err))
		return
	}
	http.Redirect(w, r, host+"#"+url.PathEscape(t.ID()), http.StatusSeeOther)
}

// hubJoin shows one seat's join code at a time on the TV, as the console
// does; the page moves on to the next seat by itself when this seat's
// phone opens its link (or when Done is pressed on this screen), and
// after the last seat shows the spectators' code of the table screen.
// After a relink (/relinked/) it shows that seat's new code only, then
// goes back to the host page.
func (s *Server) hubJoin(w http.ResponseWriter, r *http.Request) {
	if !s.hubOK(r) {
		s.notFound(w, r)
		return
	}
	t := s.store.Table(r.PathValue("id"))
	if t == nil {
		s.notFound(w, r)
		return
	}
	l := s.pageLang(w, r)
	h := t.Header()
	seat, _ := strconv.Atoi(r.URL.Query().Get("seat"))
	seat = max(0, min(seat, len(h.Seats)))
	base := "/h/" + r.PathValue("tok")
	relink := strings.Contains(r.Pattern, "/relinked/") && seat < len(h.Seats)
	for !relink && seat < len(h.Seats) && t.IsBot(engine.Seat(seat)) {
		seat++ // tablemaster plays it: no code to scan
	}
	d := hubJoinData{Lang: l, Host: base, Screen: "/t/" + h.TableToken, Done: l.S("mod.hub.done")}
	d.Next = base + "/join/" + url.PathEscape(h.ID) + "?seat=" + strconv.Itoa(seat+1)
	if relink { // one seat's new code: then back to the host page
		d.Next, d.Done = base, l.S("mod.hub.done_back")
	}
	if seat < len(h.Seats) {
		d.Who = h.Seats[seat]
		d.Title = l.S("mod.hub.scan_live", "player", h.Seats[seat])
		if relink {
			d.Title = l.S("mod.hub.scan_relink", "player", h.Seats[seat])
		}
		d.URL = s.Hub.BaseURL + "/s/" + h.Tokens[seat]
		joined, _ := t.Presence()
		d.Joined = joined[seat]
		if !d.Joined && !s.store.Retired(h.ID) {
			// The page moves on by itself once the phone opens the link.
			d.Events = base + "/join/" + url.PathEscape(h.ID) + "/events?seat=" + strconv.Itoa(seat)
		}
	} else {
		d.Title = l.S("mod.hub.spectators")
		d.URL = s.Hub.BaseURL + "/t/" + h.TableToken
		d.Next = ""
	}
	png, err := term.QRPNG(d.URL, 512)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	// A data: URL of our own PNG: the page needs nothing from the network.
	d.QR = templ.SafeURL("data:image/png;base64," + base64.StdEncoding.EncodeToString(png))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := hubJoinHTML(&d).Render(r.Context(), w); err != nil {
		s.Logf("join page: %v", err)
	}
}

// hubJoinData is what the join-code page shows.
type hubJoinData struct {
	Lang         engine.Lang
	Title, Who   string
	URL, Next    string
	Done, Events string
	QR           templ.SafeURL // a data: URL of our own PNG
	Host, Screen string
	Joined       bool
}

// nightRole is a player's side, role or character on the night sheet,
// a dash while secret.
func nightRole(l engine.Lang, p NightPlayer) string {
	if p.Role == nil {
		return "—"
	}
	return l.Text(*p.Role)
}

// nightCell is a player's k-th column of the game's own on the night
// sheet, a dash when missing.
func nightCell(l engine.Lang, p NightPlayer, k int) string {
	if k < len(p.Columns) {
		return l.Text(p.Columns[k])
	}
	return "—"
}

// nightResult is a player's result on the night sheet: a grade, a star
// for a win, or nothing.
func nightResult(g NightGame, p NightPlayer) string {
	if p.Grade == "" && g.Over && p.Won {
		return "★"
	}
	return p.Grade
}
