package ayatsuri

import (
	"encoding/json"
	"errors"

	"tablemaster/engine"
	rules "tablemaster/engine/ayatsuri"
)

// ErrBotToss is the refusal of a bot seat at a table that tosses real chips.
var ErrBotToss = errors.New("a bot cannot toss a real chip")

// BotSeat lets tablemaster play any seat: the roles are dealt and drafted
// in the laptop, and the bot's chips lie in front of its place, moved by
// the table as the screen says. With --toss chips a patient tosses a real
// chip and enters the side itself, which a bot cannot: refused.
func (Face) BotSeat(raw json.RawMessage, _ engine.Seat) error {
	var cfg rules.Config
	if err := json.Unmarshal(raw, &cfg); err != nil {
		return err
	}
	if cfg.Toss == rules.TossChips {
		return engine.Errorf(ErrBotToss, "ayatsuri", engine.M("ay.bot.toss"))
	}
	return nil
}

func init() {
	engine.Register(map[string]engine.Text{
		"ay.bot.toss": {EN: "with real chips (--toss chips) a patient tosses a chip and enters the side, which tablemaster cannot do: for a seat tablemaster plays, let tablemaster toss (--toss engine)",
			JA: "実物のチップ（--toss chips）では患者がチップを投げて結果を入力しますが、tablemasterにはできません。tablemasterが席をプレイするときはtablemasterに投げさせてください（--toss engine）"},
	})
}
