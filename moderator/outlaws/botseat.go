package outlaws

import (
	"encoding/json"

	"tablemaster/engine"
)

// BotSeat lets tablemaster play either side. Its street lives in the
// laptop: at the table it is eight face-down cards of its suit laid in any
// order, which tell nothing, and the table screen names each of its cards
// when one is shown (README, "A seat tablemaster plays").
func (Face) BotSeat(json.RawMessage, engine.Seat) error { return nil }
