package ayatsuri

import (
	"errors"
	"strings"
	"testing"

	"tablemaster/engine"
)

// refusalText applies a "Name action" line that must be refused and
// returns the refusal's key and its text in English and Japanese.
func refusalText(t *testing.T, g *Game, line string, kind error) (key, en, ja string) {
	t.Helper()
	refuse(t, g, line, kind) // nothing changed
	name, a, _ := strings.Cut(strings.TrimSpace(line), " ")
	_, err := g.Apply(seatOf(t, g, name), engine.Action(a))
	var me *engine.MsgError
	if !errors.As(err, &me) {
		t.Fatalf("Apply(%q) = %v, want a catalogue refusal", line, err)
	}
	return me.Msg.Key, engine.EN.Text(me.Msg), engine.JA.Text(me.Msg)
}

// AY-16, AY-21: an Assassin killed this round lost the turn; a
// declaration from them is refused for that reason, not as "not your
// turn". The kill is public; the message says nothing of the role.
func TestAY16KilledAssassinDeclarationSaysWhy(t *testing.T) {
	g, _ := rig(t, fourChips, "Aki:1 Ben:2 Chika:6 Dai:7")
	play(t, g, "Aki reveal", "Aki accuse Ben", "Ben reveal")
	waits(t, g, "Chika reveal") // Ben, killed, does not declare
	key, en, ja := refusalText(t, g, "Ben declare 5", engine.ErrIllegal)
	if key != "ay.err.killed" ||
		en != "you were killed this round: you lose your turn, and with it your role's ability, until the next round (AY-16)" ||
		ja != "このラウンドで殺害されたので、次のラウンドまで手番を失い、役割の能力も使えません（AY-16）" {
		t.Errorf("AY-16: Ben declares = %s %q / %q", key, en, ja)
	}
	// A player not killed who is not called is still told it is not their turn.
	if key, en, ja := refusalText(t, g, "Dai declare 5", engine.ErrNotYourTurn); key != "err.not_your_turn" ||
		en != "it is not your turn" || ja != "あなたの手番ではありません" {
		t.Errorf("AY-14: Dai declares = %s %q / %q", key, en, ja)
	}
}

// Refusals name the action in words of the reader's language, never the
// notation's verb: "今は役割の宣言はできません", not "「declare 5」は今はできません".
func TestAYRefusalNamesTheActionInWords(t *testing.T) {
	g, _ := rig(t, four, "Aki:1 Ben:2 Chika:5 Dai:6")
	key, en, ja := refusalText(t, g, "Aki accuse Ben", engine.ErrIllegal) // AY-14: reveal first
	if key != "ay.err.not_now" || en != "naming the murderer is not possible now" || ja != "今は殺人犯の指名はできません" {
		t.Errorf("AY-14: accuse before the reveal = %s %q / %q", key, en, ja)
	}
	// AY-16, AY-27: the Doctor may not treat a player killed this round.
	g, _ = rig(t, fourChips, "Aki:1 Ben:2 Chika:6 Dai:7")
	play(t, g, "Aki reveal", "Aki accuse Ben", "Ben reveal", "Chika reveal")
	key, en, ja = refusalText(t, g, "Chika treat Ben", engine.ErrIllegal)
	if key != "ay.err.not_offered" || en != "that is not one of your choices now (treating a player)" || ja != "それは今の選択肢にありません（闇治療）" {
		t.Errorf("AY-27: treat a killed player = %s %q / %q", key, en, ja)
	}
}
