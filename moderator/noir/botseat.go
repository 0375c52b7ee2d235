package noir

import (
	"encoding/json"
	"errors"

	"tablemaster/engine"
	rules "tablemaster/engine/noir"
)

// ErrBotDeck is the refusal of a bot seat at a table with a real deck.
var ErrBotDeck = errors.New("a bot cannot draw from a real deck")

// BotSeat lets tablemaster play either side with the virtual deck: its
// identity, disguise and hand are dealt in the laptop, and the grid of
// suspects is public. With a real deck the bot's draws would be real
// cards that nobody may look at and the bot cannot see: refused.
func (Face) BotSeat(raw json.RawMessage, _ engine.Seat) error {
	var cfg rules.Config
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &cfg); err != nil {
			return err
		}
	}
	if cfg.Deck == rules.Physical {
		return engine.Errorf(ErrBotDeck, "noir", engine.M("noir.bot.physical"))
	}
	return nil
}

func init() {
	engine.Register(map[string]engine.Text{
		"noir.bot.physical": {EN: "tablemaster cannot draw real cards it may not show anyone: for a seat tablemaster plays, use the virtual deck (--deck virtual)",
			JA: "tablemasterは誰にも見せられない実物のカードを引けません。tablemasterが席をプレイするときは仮想の山札（--deck virtual）にしてください"},
	})
}
