//go:build !race

package term

import "testing"

// skipIfRace does nothing without the race detector; see race_test.go.
func skipIfRace(t *testing.T) {}
