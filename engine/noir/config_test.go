package noir

import (
	"testing"

	"tablemaster/engine/enginetest"
)

// The table options (NC-2, NC-4, NC-7) read their flag values and write
// them back the same way, so a log holds "physical", not 1.
func TestConfigOptions(t *testing.T) {
	for _, tc := range []struct {
		text string
		want Config
		ok   bool
	}{
		{`{"deck":"virtual","layout":"ordered","kings":false,"shift_rule":"no-repeat"}`, Config{}, true},
		{`{"deck":"physical","layout":"shuffled","kings":true,"shift_rule":"no-undo"}`,
			Config{Deck: Physical, Layout: Shuffled, Kings: true, ShiftRule: NoUndo}, true},
		{`{"deck":"Physical","layout":"SHUFFLED","kings":false,"shift_rule":"No-Undo"}`,
			Config{Deck: Physical, Layout: Shuffled, ShiftRule: NoUndo}, true},
		{`{"deck":"paper"}`, Config{}, false},
		{`{"layout":"spiral"}`, Config{}, false},
		{`{"shift_rule":"anything"}`, Config{}, false},
	} {
		t.Run(tc.text, func(t *testing.T) {
			enginetest.ConfigJSON(t, tc.text, tc.want, tc.ok)
		})
	}
	for _, tc := range []struct {
		parse func(string) error
		good  []string
		bad   []string
	}{
		{func(s string) error { _, err := ParseDeck(s); return err }, []string{"virtual", "physical"}, []string{"", "real"}},
		{func(s string) error { _, err := ParseLayout(s); return err }, []string{"ordered", "shuffled"}, []string{"", "random"}},
		{func(s string) error { _, err := ParseShiftRule(s); return err }, []string{"no-repeat", "no-undo"}, []string{"", "none"}},
	} {
		for _, s := range tc.good {
			if err := tc.parse(s); err != nil {
				t.Errorf("parse(%q) = %v, want nil", s, err)
			}
		}
		for _, s := range tc.bad {
			if err := tc.parse(s); err == nil {
				t.Errorf("parse(%q) = nil, want an error", s)
			}
		}
	}
}
