package moderator

import (
	"slices"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/superrock"
)

// srLineupTable plays seeded seven-player preparations at random until one
// reaches the line-up with at least two Evil silhouettes (SR-15).
func srLineupTable(t *testing.T) (*Store, *Table) {
	t.Helper()
	for seed := uint64(1); seed <= 40; seed++ {
		st, tb := newSuperrockTable(t, 7, superrock.VirtualDice, superrock.VirtualBoard, seed)
		r := engine.NewRand(seed)
		for i := 0; i < 200 && slices.Contains([]string{"deal", "reject", "shadow"}, srPhase(tb)); i++ {
			srStep(t, tb, r)
		}
		if srPhase(tb) == "lineup" {
			return st, tb
		}
	}
	t.Fatal("no seed from 1 to 40 reaches a line-up")
	return nil, nil
}

// srEvilSeats lists the seats with an Evil silhouette.
func srEvilSeats(tb *Table) []engine.Seat {
	var out []engine.Seat
	for _, p := range tb.Snapshot(engine.Public).View.(superrock.PublicView).Players {
		if p.Silhouette != nil && p.Silhouette.Attr == "E" {
			out = append(out, p.Seat)
		}
	}
	return out
}

// TestSuperrockLineupPages (SR-15): in the line-up the table screen and
// the phones say, in both languages, that the rulebook leaves "too many
// Evil silhouettes" to the table; only the Evil silhouettes' phones ask
// "keep or switch", in the second person, with keep first; an answer
// takes that phone out of the question and marks the player on the
// table screen; its player takes it back alone (nothing was revealed);
// the last answer makes the line-up final.
func TestSuperrockLineupPages(t *testing.T) {
	st, tb := srLineupTable(t)
	h := NewServer(st, engine.EN).Handler()
	hdr := tb.Header()
	evil := srEvilSeats(tb)
	if len(evil) < 2 {
		t.Fatalf("a line-up with Evil silhouettes %v", evil)
	}
	page := func(path, lang string) string {
		t.Helper()
		return do(t, h, "GET", path, nil, "Accept-Language", lang).Body.String()
	}
	phone := func(s engine.Seat) string { return "/s/" + hdr.Tokens[s] }
	table := "/t/" + hdr.TableToken
	rulebook := map[string]string{
		"en": "The rulebook leaves it to the table whether there are too many Evil silhouettes: talk it over.",
		"ja": "Evilが多すぎるかどうかはルールブックでは卓に任されています。",
	}
	yourMove := map[string]string{
		"en": "Your move: keep your Evil silhouette or switch to a non-Evil one.",
		"ja": "あなたの番：Evilのシルエットをそのままにするか、Evil以外に変えるかを選んでください。",
	}
	for lang, want := range rulebook {
		if body := page(table, lang); !strings.Contains(body, want) {
			t.Errorf("SR-15 (%s): the table screen does not say %q:\n%s", lang, want, srStatus(body))
		}
		for s := range hdr.Seats {
			seat := engine.Seat(s)
			body := page(phone(seat), lang)
			asked := slices.Contains(evil, seat)
			if !strings.Contains(body, want) {
				t.Errorf("SR-15 (%s): %s's phone does not say %q", lang, hdr.Seats[s], want)
			}
			if got := strings.Contains(body, `value="keep"`); got != asked || strings.Contains(body, yourMove[lang]) != asked {
				t.Errorf("SR-15 (%s): %s (Evil %v): keep button %v, says %q: %v", lang, hdr.Seats[s], asked, got, yourMove[lang], srStatus(body))
			}
			if i, j := strings.Index(body, `value="keep"`), strings.Index(body, `value="switch `); asked && j >= 0 && i > j {
				t.Errorf("SR-15 (%s): %s's phone offers the switches before keep", lang, hdr.Seats[s])
			}
		}
	}
	srGolden(t, h, tb, "lineup", [][2]string{{"evil", phone(evil[0])}, {"table", table}})

	// The first Evil silhouette keeps: it is no longer asked, and the
	// table screen says it keeps its silhouette.
	first := evil[0]
	mustAct(t, tb, first, "keep")
	if srPhase(tb) != "lineup" {
		t.Fatalf("SR-15: after one keep of %d Evil silhouettes: phase %s", len(evil), srPhase(tb))
	}
	if body := page(phone(first), "en"); strings.Contains(body, `value="keep"`) || strings.Contains(body, yourMove["en"]) {
		t.Errorf("SR-15: %s kept, and is still asked: %s", hdr.Seats[first], srStatus(body))
	}
	if body := page(table, "en"); !strings.Contains(body, "✓ keeps it") {
		t.Errorf("SR-15: the table screen does not mark %s's keep", hdr.Seats[first])
	}
	if body := page(table, "ja"); !strings.Contains(body, "✓ このまま") {
		t.Errorf("SR-15 (ja): the table screen does not mark %s's keep", hdr.Seats[first])
	}

	// DESIGN.md principle 4: the answer revealed nothing; its player
	// takes it back alone and is asked again.
	done, err := tb.RequestUndo(first)
	if err != nil || !done {
		t.Fatalf("SR-15: RequestUndo(%s) = %v, %v; want done at once", hdr.Seats[first], done, err)
	}
	if body := page(phone(first), "en"); !strings.Contains(body, `value="keep"`) || !strings.Contains(body, yourMove["en"]) {
		t.Errorf("SR-15: after the undo %s is not asked again: %s", hdr.Seats[first], srStatus(body))
	}

	// Each Evil silhouette keeps; the last answer makes the line-up final.
	for i, s := range evil {
		if srPhase(tb) != "lineup" {
			t.Fatalf("SR-15: the line-up ended after %d of %d answers", i, len(evil))
		}
		mustAct(t, tb, s, "keep")
	}
	if srPhase(tb) != "ambush" {
		t.Fatalf("SR-15: after every Evil silhouette kept: phase %s", srPhase(tb))
	}
	for _, p := range tb.Snapshot(engine.Public).View.(superrock.PublicView).Players {
		if p.Base != slices.Contains(evil, p.Seat) {
			t.Errorf("SR-16: %s base %v, Evil silhouettes %v", p.Name, p.Base, evil)
		}
	}
}
