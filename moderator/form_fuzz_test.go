package moderator

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"

	"tablemaster/engine"
)

// fuzzTokens are fixed links, so that an input means the same each run.
var fuzzTokens = []string{"fuzzKillerAAAAAAAAAAAAA", "fuzzInspectorAAAAAAAAAA"}

// fuzzTable is a small Noir table with no log, after the first moves
// first legal choice by first legal choice, and the only table of st.
func fuzzTable(t *testing.T, st *Store, moves int) *Table {
	hdr := Header{ID: "fuzz", Game: "noir", Seed: 7, Options: []byte(`{}`), Seats: []string{"Aki", "Ben"},
		TableToken: "fuzzTableAAAAAAAAAAAAAA", Tokens: fuzzTokens}
	tb, err := newTable(hdr, nil, nil, fixedClock)
	if err != nil {
		t.Fatal(err)
	}
	for range moves {
		s := toMove(tb)
		if s == engine.Public {
			break
		}
		if _, err := tb.Act(s, string(tb.Legal(s)[0].Action), -1); err != nil {
			t.Fatal(err)
		}
	}
	st.mu.Lock()
	st.tables = map[string]*Table{tb.ID(): tb}
	st.mu.Unlock()
	return tb
}

// FuzzSeatForm posts arbitrary bodies under arbitrary content types to a
// seat's action, undo and confirm forms. Whatever arrives, the server never
// panics nor answers 5xx, and the game changes only by one action that was
// offered to that seat (principle 2).
func FuzzSeatForm(f *testing.F) {
	const form = "application/x-www-form-urlencoded"
	for _, s := range []struct {
		which uint8
		ctype string
		body  string
		fetch bool
	}{
		{0, form, "a=draw&v=0", false},
		{0, form, "a=draw&v=0", true},
		{4, form, "a=kill+B2&v=1", false},
		{4, form + "; charset=UTF-8", "v=1&a=kill%20%E2%99%A07", true},
		{8, form, "a=shift+row+1+left&v=2", false},
		{1, form, "", false},
		{2, form, "yes=1", true},
		{0, "multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\ndraw\r\n--x--\r\n", false},
		{0, "text/plain", "a=draw&v=0", false},
		{0, "", "a=draw&v=0", false},
		{0, form, "a=%ZZ&v=0", false},
		{0, form, "a=draw&v=-1&v=0&a=kill", false},
		{0, form, "a=draw&v=99999999999999999999", true},
		{0, form, "a=" + string(bytes.Repeat([]byte("x"), 5000)) + "&v=0", false},
	} {
		f.Add(s.which, s.ctype, []byte(s.body), s.fetch)
	}
	paths := []string{"act", "undo", "confirm"}
	st := &Store{clock: fixedClock, tables: map[string]*Table{}}
	h := NewServer(st, engine.EN).Handler()
	f.Fuzz(func(t *testing.T, which uint8, ctype string, body []byte, fetch bool) {
		seat := engine.Seat(which>>6) % 2
		tb := fuzzTable(t, st, int(which>>2)%16)
		before := tb.Snapshot(engine.Public).StateVer
		offered := map[engine.Action]bool{}
		for _, c := range tb.Legal(seat) {
			offered[c.Action] = true
		}
		nApplied := len(tb.applied)
		path := paths[int(which&3)%len(paths)]
		req := httptest.NewRequest("POST", "/s/"+fuzzTokens[seat]+"/"+path, bytes.NewReader(body))
		if ctype != "" {
			req.Header.Set("Content-Type", ctype)
		}
		if fetch {
			req.Header.Set("X-Tablemaster", "fetch")
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("POST %s %q (%s) = %d %q", path, body, ctype, rec.Code, rec.Body.String())
		}
		after := tb.Snapshot(engine.Public).StateVer
		switch {
		case path != "act" || after == before:
		case after != before+1 || len(tb.applied) != nApplied+1:
			t.Fatalf("POST act %q changed the state version %d → %d, %d → %d actions", body, before, after, nApplied, len(tb.applied))
		default:
			ap := tb.applied[nApplied]
			if ap.seat != seat || !offered[ap.action] {
				t.Fatalf("POST act %q applied %q for seat %d, which was not offered %v", body, ap.action, ap.seat, offered)
			}
			if rec.Code != http.StatusOK && rec.Code != http.StatusSeeOther {
				t.Fatalf("POST act %q was applied but answered %d", body, rec.Code)
			}
		}
	})
}
