package engine_test

import (
	"testing"

	"tablemaster/engine"
)

// A sentence may quote another: Msg.With adds it without changing the
// original, and Text renders the quoted sentence with its own arguments
// in the reader's language.
func TestNestedMsg(t *testing.T) {
	inner := engine.M("noir.pv.drew", "card", "♥7")
	outer := engine.M("undo.table")
	got := outer.With("instruction", inner)
	if outer.Nested != nil {
		t.Fatalf("With changed the original: %+v", outer)
	}
	if s, want := engine.EN.Text(got), "Undo on the real table: You drew ♥7."; s != want {
		t.Errorf("EN = %q, want %q", s, want)
	}
	if s, want := engine.JA.Text(got), "実物の場で元に戻してください：♥7を引きました。"; s != want {
		t.Errorf("JA = %q, want %q", s, want)
	}
	if e := engine.UndoTable(inner); !e.Table || !e.IsPublic() || e.Nested["instruction"].Key != "noir.pv.drew" {
		t.Errorf("UndoTable = %+v, want a public table instruction quoting the original", e)
	}
}
