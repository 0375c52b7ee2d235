package superrock

import (
	"testing"

	"tablemaster/engine/enginetest"
)

// The table options read their flag values and write them back the same
// way, so a log holds "physical", not 1.
func TestConfigJSON(t *testing.T) {
	five := Counts{1, 0, 2, 1, 1}
	for _, tc := range []struct {
		text string
		want Config
		ok   bool
	}{
		{`{"players":["A","B"],"dice":"virtual","board":"virtual"}`, Config{Players: []string{"A", "B"}}, true},
		{`{"players":["A"],"counts":{"L":1,"G":0,"E":2,"S":1,"X":1},"raisa_good":true,"played_tonight":[["riot"]],"dice":"physical","board":"Physical"}`,
			Config{Players: []string{"A"}, Counts: &five, RaisaGood: true, PlayedTonight: [][]string{{"riot"}}, Dice: PhysicalDice, Board: PhysicalBoard}, true},
		{`{"dice":"loaded"}`, Config{}, false},
		{`{"board":"paper"}`, Config{}, false},
	} {
		t.Run(tc.text, func(t *testing.T) {
			enginetest.ConfigJSON(t, tc.text, tc.want, tc.ok)
		})
	}
}
