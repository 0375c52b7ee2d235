// Package ayatsuri implements the rules of Ayatsuri Satsujin Jiken
// (あやつり殺人事件), with the promo Bomb Girl (rules/ayatsuri.md, AY-1 …
// AY-43, from the rulebook in seeds/003…).
//
// A round is a secret draft (each player sees only the cards handed to
// them), the calling of the roles in number order, and the round end
// (the Serial Killer, then the end-of-game check). Actions are written in
// a small notation that is also the GM console's; players are named as at
// the table, roles by number, mark or name:
//
//	pick 3 · pass                       draft: keep a card, hand the rest on
//	bomb kill · bomb spare              the marker holder before ⓪
//	reveal                              the called holder shows the role
//	hand Ben · keep card · give Ben     the Bomb Girl's card
//	accuse Ben · declare 5 · guard Ben  Cop, Assassin, Detective
//	treat Ben · toss white · draw       Doctor (and the patient's toss), Terrorist
//	pay life · take kill                a guard fee: the payer, then the Detective
//	target Ben                          the Serial Killer, one name at a time
//
// Example:
//
//	g, _ := ayatsuri.New(ayatsuri.Config{Players: []string{"Aki", "Ben", "Chika", "Dai"}}, 42)
//	for _, c := range g.Legal(g.Turn()) {
//		fmt.Println(c.Action) // pick 1, pick 2, … (Aki's hand)
//	}
//	g.Apply(g.Turn(), g.Legal(g.Turn())[0].Action) // Aki keeps a card
//	g.Apply(g.Turn(), "pass")                      // and hands the rest to Ben
package ayatsuri
