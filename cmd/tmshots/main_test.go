package main

import "testing"

func TestParse(t *testing.T) {
	for _, tt := range []struct {
		arg  string
		want shot
		ok   bool
	}{
		{"tv=http://127.0.0.1:8080/t/AbC@1920x1080", shot{"tv", "http://127.0.0.1:8080/t/AbC", 1920, 1080}, true},
		{"aki=http://h/s/x?lang=ja@390x844", shot{"aki", "http://h/s/x?lang=ja", 390, 844}, true},
		{"http://h/t/x@390x844", shot{}, false},
		{"tv=http://h/t/x", shot{}, false},
		{"tv=http://h/t/x@big", shot{}, false},
		{"tv=http://h/t/x@0x844", shot{}, false},
	} {
		got, err := parse(tt.arg)
		if (err == nil) != tt.ok || (tt.ok && got != tt.want) {
			t.Errorf("parse(%q) = %+v, %v; want %+v, ok %v", tt.arg, got, err, tt.want, tt.ok)
		}
	}
}
