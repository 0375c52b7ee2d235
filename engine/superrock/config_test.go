package superrock

import (
	"encoding/json"
	"reflect"
	"testing"
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
			var c Config
			err := json.Unmarshal([]byte(tc.text), &c)
			if (err == nil) != tc.ok {
				t.Fatalf("Unmarshal(%s) = %v, want ok=%v", tc.text, err, tc.ok)
			}
			if !tc.ok {
				return
			}
			if !reflect.DeepEqual(c, tc.want) {
				t.Errorf("Unmarshal(%s) = %+v, want %+v", tc.text, c, tc.want)
			}
			b, err := json.Marshal(c)
			var back Config
			if err != nil || json.Unmarshal(b, &back) != nil || !reflect.DeepEqual(back, c) {
				t.Errorf("Marshal(%+v) = %s, %v, which does not read back", c, b, err)
			}
		})
	}
}
