package enginetest

import (
	"encoding/json"
	"reflect"
	"testing"
)

// ConfigJSON checks that text reads as the table options want (or, when
// ok is false, that it is refused), and that the options read are written
// back in a form that reads the same: a log holds "physical", not 1. C is
// the game's Config.
func ConfigJSON[C any](t testing.TB, text string, want C, ok bool) {
	t.Helper()
	var c C
	err := json.Unmarshal([]byte(text), &c)
	if (err == nil) != ok {
		t.Fatalf("Unmarshal(%s) = %v, want ok=%v", text, err, ok)
	}
	if !ok {
		return
	}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("Unmarshal(%s) = %+v, want %+v", text, c, want)
	}
	b, err := json.Marshal(c)
	var back C
	if err != nil || json.Unmarshal(b, &back) != nil || !reflect.DeepEqual(back, c) {
		t.Errorf("Marshal(%+v) = %s, %v, which does not read back", c, b, err)
	}
}
