package moderator

import (
	"strings"

	"tablemaster/engine"
	"tablemaster/engine/superrock"
)

// superrockBoardText draws the virtual planet and secret base boards
// (SR-20 … SR-27) for a terminal; on a private screen also what the seat
// alone may see there.
func superrockBoardText(b *strings.Builder, v superrock.PublicView, me *superrock.View, l engine.Lang) {
	_, _, _, _ = b, v, me, l // the boards are not drawn yet (issue 4)
}
