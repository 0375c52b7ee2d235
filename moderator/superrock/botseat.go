package superrock

import (
	"encoding/json"
	"errors"

	"tablemaster/engine"
)

// ErrBotBoard is the refusal of a bot seat at a Super Rock table.
var ErrBotBoard = errors.New("a bot cannot play the board")

// BotSeat refuses every seat: tablemaster keeps Super Rock's hidden parts
// (the deal, identities, ambushes, declarations), but moving on the board
// and combat are played with the real cards and dice, which the engine
// does not know. A bot would only answer questions and never move.
func (Face) BotSeat(json.RawMessage, engine.Seat) error {
	return engine.Errorf(ErrBotBoard, "superrock", engine.M("sr.bot.board"))
}

func init() {
	engine.Register(map[string]engine.Text{
		"sr.bot.board": {EN: "tablemaster keeps Super Rock's secrets but not its board: moves and combat are played with the real cards and dice, so it cannot play a seat",
			JA: "tablemasterは超人ロックの秘密は預かりますが、盤面は扱いません。移動と戦闘は実物のカードとダイスで行うので、席をプレイできません"},
	})
}
