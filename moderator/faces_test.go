package moderator

// The core's tests run tables of every game, as the command does: these
// imports link the four faces in (cmd/tablemaster/games.go).
import (
	"slices"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/ayatsuri"
	"tablemaster/engine/noir"
	"tablemaster/engine/outlaws"
	"tablemaster/engine/superrock"
	_ "tablemaster/moderator/ayatsuri"
	"tablemaster/moderator/face"
	_ "tablemaster/moderator/noir"
	_ "tablemaster/moderator/outlaws"
	srface "tablemaster/moderator/superrock"
)

// defaultOptions are a game's options with every default, as its command
// stores them.
func defaultOptions(game string, seats []string) any {
	switch game {
	case "noir":
		return noir.Config{}
	case "ayatsuri":
		return ayatsuri.Config{Players: seats}
	case "superrock":
		return srface.NewOptions(superrock.Config{}, "")
	case "outlaws":
		return outlaws.Config{}
	}
	return nil
}

// TestFacesKeepTheContract: every face the command links in builds its
// game with its default seats, writes both its pages the core
// executes, and gives the night sheet one line per seat.
func TestFacesKeepTheContract(t *testing.T) {
	names := face.Names()
	if want := []string{"ayatsuri", "noir", "outlaws", "superrock"}; !slices.Equal(names, want) {
		t.Fatalf("faces %v, want %v", names, want)
	}
	for _, name := range names {
		f, err := face.Lookup(name)
		if err != nil || f.Name() != name {
			t.Fatalf("Lookup(%s) = %v, %v", name, f, err)
		}
		seats := f.Seats()
		if n := len(seats.Default); n < seats.Min || n > seats.Max || seats.Min < 1 {
			t.Errorf("%s: %d default seats, bounds %d–%d", name, n, seats.Min, seats.Max)
		}
		st, err := NewStore(t.TempDir(), fixedClock)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(st.Close)
		tb, err := st.Create(NewTableSpec{Game: name, Seats: seats.Default, Options: defaultOptions(name, seats.Default), Seed: 1})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, seat := range []engine.Seat{engine.Public, 0} {
			var b strings.Builder
			if err := renderApp(&b, tb, seat, engine.EN, "", "/s/x"); err != nil || !strings.Contains(b.String(), `<div class="top"><h1>`) {
				t.Errorf("%s: seat %d's page has no heading (%v):\n%s", name, seat, err, b.String())
			}
		}
		if n := f.Night(tb.game); len(n.Seats) != len(seats.Default) || n.Name.Key == "" || !engine.Has(n.Name.Key) {
			t.Errorf("%s: Night gives %d seats and the name %v", name, len(n.Seats), n.Name)
		}
		var b strings.Builder
		f.Text(&b, &Snapshot{View: tb.game.PublicView()}, engine.EN)
		if b.Len() == 0 {
			t.Errorf("%s: the terminal view of the table is empty", name)
		}
	}
	if _, err := face.Lookup("chess"); err == nil || !strings.Contains(err.Error(), `unknown game "chess" (known: [ayatsuri noir outlaws superrock])`) {
		t.Errorf("Lookup(chess) = %v", err)
	}
}
