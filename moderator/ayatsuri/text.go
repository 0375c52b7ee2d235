package ayatsuri

import (
	"fmt"
	"strconv"
	"strings"

	"tablemaster/engine"
	rules "tablemaster/engine/ayatsuri"
	"tablemaster/moderator/face"
)

// chips draws a number of chips as symbols with the count.
func chips(n int, symbol string) string {
	if n <= 0 {
		return "0"
	}
	return strconv.Itoa(n) + " " + strings.Repeat(symbol, min(n, 8))
}

// Text draws the table screen, or a seat's private screen, for a terminal.
func (Face) Text(b *strings.Builder, snap *face.Snapshot, l engine.Lang) {
	switch v := snap.View.(type) {
	case rules.PublicView:
		text(b, v, nil, l)
	case rules.View:
		text(b, v.PublicView, &v, l)
	}
}

// text draws the players' chips, the public roles and what the
// table waits for; on a private screen also the seat's role and hand.
func text(b *strings.Builder, v rules.PublicView, me *rules.View, l engine.Lang) {
	fmt.Fprintf(b, "  %s %d", l.S("ay.ui.round"), v.Round)
	if len(v.FaceUp) > 0 {
		fmt.Fprintf(b, " · %s %s", l.S("ay.ui.face_up"), roleCards(v.FaceUp, l))
	}
	fmt.Fprintf(b, " · %s %d\n", l.S("ay.ui.face_down"), v.FaceDown)
	for _, p := range v.Players {
		var marks []string
		if p.Marker {
			marks = append(marks, l.S("ay.ui.marker"))
		}
		if p.Guarded {
			marks = append(marks, l.S("ay.ui.guarded"))
		}
		if p.BombCard {
			marks = append(marks, l.S("ay.ui.bomb_card"))
		}
		if p.Killed {
			marks = append(marks, l.S("ay.ui.killed"))
		}
		role := "?"
		if p.Role != nil {
			role = roleCards([]rules.RoleCard{*p.Role}, l)
		}
		turn := " "
		if p.Turn {
			turn = ">"
		}
		fmt.Fprintf(b, "  %s %s %s %d  %s %d  %s  %s\n", turn, face.Pad(p.Name, 10), l.S("ay.ui.life"), p.Life,
			l.S("ay.ui.kills"), p.Kills, face.Pad(role, 16), strings.Join(marks, ", "))
	}
	for _, d := range v.Declarations {
		pending := ""
		if d.Pending {
			pending = " (" + l.S("ay.ui.pending") + ")"
		}
		fmt.Fprintf(b, "  · %s%s\n", l.Text(d.Msg), pending)
	}
	if me != nil {
		if me.Role != nil {
			fmt.Fprintf(b, "  %s %s\n", l.S("ay.ui.your_role"), roleCards([]rules.RoleCard{*me.Role}, l))
		}
		if len(me.Hand) > 0 {
			fmt.Fprintf(b, "  %s %s\n", l.S("ay.ui.hand"), roleCards(me.Hand, l))
		}
		if len(me.Serial) > 0 {
			fmt.Fprintf(b, "  %s %s\n", l.S("ay.ui.serial"), strings.Join(me.Serial, ", "))
		}
	}
	if v.Over {
		for _, h := range v.History {
			var roles []string
			for i, r := range h.Roles {
				if r != nil {
					roles = append(roles, v.Players[i].Name+" "+r.Mark)
				}
			}
			fmt.Fprintf(b, "  %s %d: %s\n", l.S("ay.ui.round"), h.No, strings.Join(roles, ", "))
		}
		fmt.Fprintf(b, "  %s\n", l.Text(v.Reason))
	} else {
		fmt.Fprintf(b, "  %s\n", l.Text(v.Status))
	}
}

func roleCards(cs []rules.RoleCard, l engine.Lang) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, c.Mark+" "+l.S(c.Key))
	}
	return strings.Join(parts, ", ")
}

func init() {
	engine.Register(map[string]engine.Text{
		"ayatsuri.help": {EN: `Ayatsuri actions (players by name, roles by number, ③ or name):
  pick 3 | pass | reveal | bomb kill | bomb spare | hand Ben | keep card | give Ben
  accuse Ben | declare 5 | guard Ben | treat Ben | toss white | toss black | draw
  pay life | pay kill | take life | take kill | target Ben`, JA: `あやつり殺人事件の行動（プレイヤーは名前、役割は番号・③・名前で）：
  pick 3（選ぶ） | pass（渡す） | reveal（公開） | bomb kill / bomb spare（自爆娘の殺害宣言）
  hand Ben / keep card / give Ben（自爆娘のカード） | accuse Ben（暴力警官） | declare 5（暗殺者）
  guard Ben（悪徳探偵） | treat Ben（闇医者） | toss white / toss black（トス） | draw（テロリスト）
  pay life / pay kill（報酬を払う） | take life / take kill（報酬の面） | target Ben（殺人鬼）`},
		"ay.opt.bomb_girl":     {EN: "Play with the promo card Bomb Girl (0)", JA: "プロモカード「自爆娘」（0）を入れる"},
		"ay.opt.toss":          {EN: "The Doctor's toss: engine (tablemaster draws it) or chips (a real chip)", JA: "闇医者のトス：engine（tablemasterが決める）またはchips（実物のチップを投げる）"},
		"ay.ui.life":           {EN: "Life", JA: "ライフ"},
		"ay.ui.kills":          {EN: "Kills", JA: "キル"},
		"ay.ui.role":           {EN: "Role", JA: "役割"},
		"ay.ui.marker":         {EN: "dictator marker", JA: "独裁者マーカー"},
		"ay.ui.guarded":        {EN: "guarded", JA: "護衛中"},
		"ay.ui.bomb_card":      {EN: "holds the Bomb Girl card", JA: "自爆娘のカード"},
		"ay.ui.killed":         {EN: "killed", JA: "殺害済"},
		"ay.ui.round":          {EN: "Round", JA: "ラウンド"},
		"ay.ui.face_up":        {EN: "Face up:", JA: "表向き："},
		"ay.ui.face_down":      {EN: "Face down:", JA: "裏向き："},
		"ay.ui.serial_targets": {EN: "Serial Killer's targets:", JA: "殺人鬼の殺害人数："},
		"ay.ui.declarations":   {EN: "Declarations this round", JA: "このラウンドの宣言"},
		"ay.ui.pending":        {EN: "waiting for the reveal", JA: "公開待ち"},
		"ay.ui.history":        {EN: "Rounds (role · life / kills after the round)", JA: "ラウンド記録（役割・終了時のライフ／キル）"},
		"ay.ui.your_role":      {EN: "Your role:", JA: "あなたの役割："},
		"ay.ui.no_role":        {EN: "You have not chosen a role yet.", JA: "まだ役割を選んでいません。"},
		"ay.ui.hand":           {EN: "Cards handed to you:", JA: "渡されたカード："},
		"ay.ui.serial":         {EN: "Your targets so far:", JA: "指名済み："},
	})
}
