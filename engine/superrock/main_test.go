package superrock

import (
	"testing"

	"tablemaster/engine/enginetest"
)

// TestMain bounds the fuzzer's minimisation of new inputs (FuzzMain).
func TestMain(m *testing.M) { enginetest.FuzzMain(m) }
