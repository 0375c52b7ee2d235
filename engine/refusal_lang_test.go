package engine_test

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/ayatsuri"
	"tablemaster/engine/noir"
	"tablemaster/engine/outlaws"
	"tablemaster/engine/superrock"
)

// asciiWord is a word in ASCII letters.
var asciiWord = regexp.MustCompile(`[A-Za-z]+`)

// actionWords are the verbs of the three games' notation: the words that
// leaked into Japanese refusals ("今はconfirmできません").
var actionWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`draw drew keep kill shift move disguise arrest clear citizen point
		deal reject roll rolled confirm pick switch ambush identity telepathy convert converted dies revives
		expose disintegrate transform declare accept veto override withdraw end own land use party leave
		appear stay info sprung hub enter sum open destroy endplanet enterbase enterat
		pass bomb reveal hand give accuse guard treat toss pay take target`) {
		actionWords[w] = true
	}
}

// jaWholeCheck collects the refusals of a game and checks that each reads
// whole in Japanese: no argument brings an action word of the notation
// into the Japanese text (a hint the Japanese entry itself writes, like
// "enter 4", was chosen by a person). Notation errors are not checked:
// they quote what was typed.
type jaWholeCheck struct {
	t     *testing.T
	seen  map[string]bool // keys met
	fails int
}

func (c *jaWholeCheck) refusal(game, probe string, err error) {
	c.t.Helper()
	if err == nil || errors.Is(err, engine.ErrNotation) {
		return
	}
	var me *engine.MsgError
	if !errors.As(err, &me) {
		c.t.Fatalf("%s: Apply(%q) = %v, want a catalogue refusal", game, probe, err)
	}
	c.seen[me.Msg.Key] = true
	ja := engine.JA.Text(me.Msg)
	own := map[string]bool{}
	for _, w := range asciiWord.FindAllString(engine.JA.Raw(me.Msg.Key), -1) {
		own[w] = true
	}
	for _, w := range asciiWord.FindAllString(ja, -1) {
		if actionWords[strings.ToLower(w)] && !own[w] && c.fails < 20 {
			c.fails++
			c.t.Errorf("%s: the refusal of %q reads %q in Japanese: %q comes from an argument (%s %v)", game, probe, ja, w, me.Msg.Key, me.Msg.Args)
		}
	}
}

// Japanese player names, so that a name never counts as an English word.
var jaNames = []string{"明", "弘", "千佳", "大輔", "絵里", "文", "玄", "遥", "健", "優"}

// Every refusal the three games give, for every seat at every point of
// seeded games, reads whole in Japanese: an action is named by a word of
// the catalogue ("今は役割の宣言はできません"), never by the notation's
// verb ("今はconfirmできません", "「declare 5」は今はできません").
func TestRefusalsReadWholeInJapanese(t *testing.T) {
	c := &jaWholeCheck{t: t, seen: map[string]bool{}}

	// Noir.
	for _, cfg := range []noir.Config{{}, {Kings: true, ShiftRule: noir.NoUndo}, {Variant: noir.Automata}} {
		all := universe(cfg.Kings)
		if cfg.Variant == noir.Automata {
			all = append(all, "disguise swap", "collapse rows", "collapse cols", "accuse", "cancel", "remove A1", "name B2", "canvas ♥3")
		}
		for seed := uint64(0); seed < 6; seed++ {
			g := noir.New(cfg, seed)
			r := engine.NewRand(seed)
			for step := 0; step < 200 && !g.Outcome().Over; step++ {
				for _, s := range []engine.Seat{noir.Killer, noir.Inspector} {
					for k := 0; k < 6; k++ {
						p := all[r.IntN(len(all))]
						if _, err := g.Clone().Apply(s, engine.Action(p)); err != nil {
							c.refusal("noir", p, err)
						}
					}
				}
				ch := g.Legal(g.Turn())
				if _, err := g.Apply(g.Turn(), ch[r.IntN(len(ch))].Action); err != nil {
					t.Fatal(err)
				}
			}
		}
	}

	// Super Rock.
	srAll := srUniverse()
	for i, cfg := range []superrock.Config{
		{Players: jaNames[:7]},
		{Players: jaNames[:8], Dice: superrock.PhysicalDice, Board: superrock.PhysicalBoard},
	} {
		for seed := uint64(1); seed <= 3; seed++ {
			g, err := superrock.New(cfg, seed)
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRand(seed)
			playGame(t, g, r, 300, func(s engine.Seat) {
				for k := 0; k < 4; k++ {
					p := srAll[r.IntN(len(srAll))]
					if _, err := g.Clone().Apply(s, engine.Action(p)); err != nil {
						c.refusal(fmt.Sprint("superrock ", i), p, err)
					}
				}
			})
		}
	}

	// Ayatsuri.
	ayAll := ayUniverse()
	for i, cfg := range []ayatsuri.Config{
		{Players: jaNames[:4]},
		{Players: jaNames[:5], BombGirl: true, Toss: ayatsuri.TossChips},
	} {
		for seed := uint64(1); seed <= 4; seed++ {
			g, err := ayatsuri.New(cfg, seed)
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRand(seed)
			playGame(t, g, r, 300, func(s engine.Seat) {
				for _, p := range ayAll {
					if _, err := g.Clone().Apply(s, engine.Action(p)); err != nil {
						c.refusal(fmt.Sprint("ayatsuri ", i), p, err)
					}
				}
			})
		}
	}

	// Outlaws.
	olAll := []string{"place governor", "deal", "reset", "move 1 2", "swap", "pretend", "saloon 1", "with 1 2",
		"put governor thief", "check 1", "take 1 fake", "take 2 elected", "shoot 1", "arrest 2", "scout 3", "scout 3 4",
		"shop 4 swap 1 8", "shop 4 stock 1", "dance 5 7", "journal 6 1", "thief 7 2", "name mayor", "release 8",
		"guard", "cancel", "let"}
	for seed := uint64(1); seed <= 4; seed++ {
		g := outlaws.New(outlaws.Config{}, seed)
		r := engine.NewRand(seed)
		playGame(t, g, r, 200, func(s engine.Seat) {
			for k := 0; k < 5; k++ {
				p := olAll[r.IntN(len(olAll))]
				if _, err := g.Clone().Apply(s, engine.Action(p)); err != nil {
					c.refusal("outlaws", p, err)
				}
			}
		})
	}

	for _, k := range []string{"ol.err.not_offered", "noir.err.wrong_action", "sr.err.wrong_action", "sr.err.wrong_stage", "ay.err.not_now", "ay.err.not_offered"} {
		if !c.seen[k] {
			t.Errorf("no game gave %s: the check did not reach it", k)
		}
	}
}

// playGame plays random legal moves, calling probe for every seat first.
func playGame(t *testing.T, g engine.Game, r *engine.Rand, steps int, probe func(engine.Seat)) {
	t.Helper()
	for step := 0; step < steps && !g.Outcome().Over; step++ {
		var movers []engine.Seat
		for s := 0; s < g.Seats(); s++ {
			probe(engine.Seat(s))
			if len(g.Legal(engine.Seat(s))) > 0 {
				movers = append(movers, engine.Seat(s))
			}
		}
		if len(movers) == 0 {
			return
		}
		s := movers[r.IntN(len(movers))]
		ch := g.Legal(s)
		if _, err := g.Apply(s, ch[r.IntN(len(ch))].Action); err != nil {
			t.Fatalf("Apply(%d, %s) = %v", s, ch[0].Action, err)
		}
	}
}

// srUniverse is a sample of every kind of Super Rock action.
func srUniverse() []string {
	out := []string{"deal", "keep", "reject", "roll", "rolled 3", "confirm", "pick rag1", "switch rag1",
		"ambush A 1-1", "ambush B 2-2", "sprung A", "land 1-1", "open 1-1", "enter 1-1", "enter 4", "enter",
		"hub command 1-1", "use esp", "destroy command", "sum 7", "appear", "appear 5", "stay", "leave",
		"end planet", "end hubs", "expose", "disintegrate", "transform", "declare", "accept", "veto", "override", "withdraw"}
	for _, p := range jaNames[:3] {
		out = append(out, "identity "+p, "telepathy "+p, "convert "+p, "converted "+p, "dies "+p, "revives "+p,
			"party "+p, "info "+p, "own "+p+" won")
	}
	return out
}

// ayUniverse is a sample of every kind of Ayatsuri action.
func ayUniverse() []string {
	out := []string{"pick 1", "pick 7", "pass", "bomb kill", "bomb spare", "reveal", "keep card", "draw",
		"toss white", "pay life", "take kill", "declare 5", "declare 3"}
	for _, p := range jaNames[:2] {
		out = append(out, "hand "+p, "give "+p, "accuse "+p, "guard "+p, "treat "+p, "target "+p)
	}
	return out
}
