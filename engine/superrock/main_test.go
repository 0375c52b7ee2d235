package superrock

import (
	"os"
	"testing"

	"tablemaster/engine/enginetest"
)

// TestMain paces the collector for the seeded games' garbage
// (enginetest.GCPercent), unless GOGC is set.
func TestMain(m *testing.M) { os.Exit(enginetest.Run(m, os.Getenv("GOGC"))) }
