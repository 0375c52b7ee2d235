package moderator

import (
	"os"
	"testing"
)

// TestMain makes every live update the tests check a patch, whatever the
// size of the page: the strictest setting (patchMinBody).
func TestMain(m *testing.M) {
	patchMinBody = 0
	os.Exit(m.Run())
}
