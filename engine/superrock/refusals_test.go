package superrock

import (
	"errors"
	"testing"

	"tablemaster/engine"
)

// refusal applies an action that must be refused with a rule error (not
// "it is not your turn") and returns its text in English and Japanese.
func refusal(t *testing.T, g *Game, s engine.Seat, a string) (key, en, ja string) {
	t.Helper()
	_, err := g.Apply(s, engine.Action(a))
	var me *engine.MsgError
	if !errors.As(err, &me) || !errors.Is(err, engine.ErrIllegal) || errors.Is(err, engine.ErrNotYourTurn) {
		t.Fatalf("Apply(%d, %v) = %v, want a rule refusal", s, a, err)
	}
	return me.Msg.Key, engine.EN.Text(me.Msg), engine.JA.Text(me.Msg)
}

// A refusal to answer a victory declaration names its real reason, in
// both languages, instead of "it is not your turn" (SR-40, SR-32, SR-41).
// Every reason is public: the answer order is announced with the
// declaration; who saw whose card, who is dead and who exposed their
// identity are on the table screen.
func TestSR40RefusalsNameTheirReason(t *testing.T) {
	g := toPlay(t)
	cast(t, g, seven...)
	apply(t, g, 2, "identity Dai") // Chika has seen Dai's card (SR-31)
	apply(t, g, 0, "dies Fumi")
	apply(t, g, 1, "expose") // Ben's identity is exposed (SR-32)
	apply(t, g, 2, "declare")
	if got := g.decl.order; len(got) != 3 || got[0] != 4 || got[1] != 6 || got[2] != 0 {
		t.Fatalf("SR-40: answer order %v, want Eri, Gen, Aki", got)
	}
	tests := []struct {
		rule   string
		s      engine.Seat
		action string
		key    string
		en, ja string
	}{
		{"SR-40", 3, "veto", "sr.err.answer_seen",
			"Chika has seen your character: only the players whose character the declarer has not seen answer (SR-40)",
			"Chikaさんはあなたのキャラクターを見ています。返答するのは、宣言者がキャラクターを見ていないプレイヤーだけです（SR-40）"},
		{"SR-32", 1, "veto", "sr.err.veto_exposed",
			"you exposed your own identity: you can no longer veto (SR-32)",
			"自分の正体が露顕しているので、もう拒否はできません（SR-32）"},
		{"SR-32", 1, "accept", "sr.err.answer_exposed",
			"you exposed your own identity: you no longer answer victory declarations (SR-32)",
			"自分の正体が露顕しているので、勝利宣言には返答しません（SR-32）"},
		{"SR-40", 5, "veto", "sr.err.answer_dead",
			"Fumi is dead: dead players do not answer a victory declaration (SR-40)",
			"Fumiさんは死亡しています。死亡したプレイヤーは勝利宣言に返答しません（SR-40）"},
		{"SR-40", 2, "veto", "sr.err.own_declaration",
			"you declared victory: the other players answer it (SR-40)",
			"勝利宣言をしたのはあなたです。返答するのは他のプレイヤーです（SR-40）"},
		{"SR-40", 6, "veto", "sr.err.answer_wait",
			"Eri answers first: the answers go in turn, left from the declarer (SR-40)",
			"先にEriさんが返答します。返答は宣言者の左隣から順番です（SR-40）"},
	}
	for _, tt := range tests {
		key, en, ja := refusal(t, g, tt.s, tt.action)
		if key != tt.key || en != tt.en || ja != tt.ja {
			t.Errorf("%s: Apply(%d, %s) = %s %q / %q, want %s %q / %q", tt.rule, tt.s, tt.action, key, en, ja, tt.key, tt.en, tt.ja)
		}
	}
	apply(t, g, 4, "accept")
	if key, _, ja := refusal(t, g, 4, "veto"); key != "sr.err.answered" || ja != "この勝利宣言にはすでに返答しています（SR-40）" {
		t.Errorf("SR-40: Eri answers twice: %s %q", key, ja)
	}
	apply(t, g, 6, "veto")
	// SR-41: only the declarer overrides or withdraws.
	if key, en, ja := refusal(t, g, 6, "withdraw"); key != "sr.err.not_declarer" ||
		en != "only Chika, who declared victory, overrides the veto or withdraws (SR-41)" ||
		ja != "拒否を無効化するか取り下げるのは、勝利宣言をしたChikaさんだけです（SR-41）" {
		t.Errorf("SR-41: Gen withdraws Chika's declaration: %s %q / %q", key, en, ja)
	}
}

// A reject after keeping is refused for what it is (SR-13).
func TestSR13RejectAfterKeep(t *testing.T) {
	cfg := players(7)
	g0 := newGame(t, cfg, 1)
	apply(t, g0, 0, "deal")
	cfg.PlayedTonight = [][]string{nil, nil, {g0.character(2).ID}}
	g := newGame(t, cfg, 1)
	apply(t, g, 0, "deal")
	if !g.eligibleReject(2) {
		t.Fatal("SR-13: seat 2 may not reject")
	}
	apply(t, g, 2, "keep")
	key, en, ja := refusal(t, g, 2, "reject")
	if key != "sr.err.reject_after_keep" || en != "you have kept your character: it is too late to reject it (SR-13)" ||
		ja != "キャラクターを確定したので、もう拒否はできません（SR-13）" {
		t.Errorf("SR-13: reject after keep = %s %q / %q", key, en, ja)
	}
	if key, _, _ := refusal(t, g, 2, "keep"); key != "sr.err.already_kept" {
		t.Errorf("SR-13: keep twice = %s", key)
	}
}
