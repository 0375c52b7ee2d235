// Package noir implements the rules of Noir: Killer vs Inspector in its two
// variants: the one played with one ordinary deck of playing cards (NG and
// NC below; Config.Variant Cards, the default) and the Automata NOIR rules
// with the disguise card (NG and NA; Config.Variant Automata). Both play on
// the same Grid in the same Game; automata.go holds what differs.
//
// Seat 0 is the Killer, seat 1 the Inspector. Actions are written in a
// small notation that is also the GM console's:
//
//	draw                  draw (virtual deck: the identity, the four cards)
//	drew ♥7               the card drawn from a physical deck
//	kill ♠7 | kill B3     kill a neighbour of the identity
//	shift row 2 left      shift a row (left/right) or a column (up/down)
//	disguise              draw a card to disguise
//	arrest ♣9             arrest the own identity or a living neighbour
//	clear | clear ♦9      draw, then choose the card that clears a suspect
//	citizen ♦9 | point B2 citizen's arrest: show a card, then point
//	keep ♦9               keep one of the four setup cards as identity
//
// and in the Automata variant:
//
//	disguise swap         swap identity and disguise
//	disguise pretend      take a Disguise without swapping
//	collapse rows         a Collapse, one dead suspect from each row;
//	remove B3             then the suspect chosen in a row (one per row)
//	collapse cols         the same, one from each column
//	canvas ♦9             lay a hand card and ask about the Killer
//	accuse                an Accuse: then name ♠2 and name C4
//	cancel                leave a Collapse or an Accuse before it is done
//
// # The rules as enforced
//
// The grid, both variants:
//   - NG-1 Two players. 25 suspects lie face up in a 5×5 grid; cells are
//     named column then row, B3 = column B, row 3.
//   - NG-2 A suspect's neighbours are the up to 8 cards around it,
//     diagonals included. The grid does not wrap: a corner has 3.
//   - NG-3 A shift moves a whole row or column by one cell; the card pushed
//     off re-enters at the other end. Chips and cards on a suspect travel
//     with it.
//   - NG-4 Whole rows or columns may leave the grid; the rest closes up in
//     order and the cells are renamed (a 4×5 grid has rows 1–4).
//   - NG-5 A suspect is alive, dead or removed; separately it may be
//     innocent (an evidence card lies on it).
//   - NG-6 Every question is answered from the grid as it lies at that
//     moment.
//
// The playing-card variant:
//   - NC-1 Suspects ♠A–♠Q, ♣A–♣Q and a Joker; evidence ♥A–♥Q, ♦A–♦Q and the
//     other Joker: ♥n names ♠n, ♦n names ♣n. Option kings: ♠K and ♥K for
//     the Jokers.
//   - NC-2 Layout ordered (row by row, ♠A first) or shuffled.
//   - NC-3 16 kill chips.
//   - NC-4 Deck virtual (tablemaster deals) or physical (each draw entered
//     on the phone; an entry naming a card the other side holds stands and
//     loses the game when that side shows it — Decision).
//   - NC-5 The Killer draws an identity and kills a neighbour of it.
//   - NC-6 The Inspector draws four and keeps a living one as identity;
//     three form the hand.
//   - NC-7 Move: a shift. Option no-repeat (default): no position may occur
//     twice; no-undo: not the reverse of the opponent's shift just before.
//   - NC-8 Disguise: draw one card. Its suspect dead or removed: the disguise
//     fails and the card is shown. Otherwise the old identity is laid face
//     up (innocent) and the drawn card is the new identity.
//   - NC-9 Kill a living neighbour of the identity.
//   - NC-10 Killing the Inspector's identity wins for the Killer.
//   - NC-11 Killing an innocent suspect: tablemaster says whether the
//     Inspector is among its neighbours.
//   - NC-12 Arrest the own identity or a living neighbour: the Killer's
//     identity wins for the Inspector, otherwise "no".
//   - NC-13 Clear: draw, then lay a hand card on its suspect (innocent) and
//     hear whether the Killer is among its neighbours; a removed suspect's
//     card is only shown.
//   - NC-14 Citizen's arrest, 3 a game: lay a hand card, then point at one of
//     its living neighbours; no draw. A card of a removed suspect still uses
//     one (Decision); a card whose suspect has no living neighbour is not
//     offered (Decision).
//   - NC-15 After every kill and shift a row or column all of whose suspects
//     are dead leaves the grid.
//   - NC-16 16 dead suspects win for the Killer.
//   - NC-17 A win ends the game at once; both identities are shown.
//
// The Automata variant (differences from NC; NG holds):
//   - NA-1 The same playing cards as NC-1 and the layouts of NC-2, or a boxed
//     edition's 25 named suspects from a roster file (the evidence cards
//     carry the same names). Option kills: the dead suspects that win
//     (default 10; other editions 14 or 16).
//   - NA-2 The Killer draws an identity and then a disguise, both secret,
//     and kills a neighbour of the identity. The Inspector draws four and
//     keeps a living one; three form the hand.
//   - NA-3 The Killer's actions: Move, Collapse, Kill, Disguise. The
//     Inspector's: Move, Collapse, Arrest, Canvas, Accuse.
//   - NA-4 Move: a shift, not the reverse of the opponent's shift just
//     before (the only shift rule of this variant).
//   - NA-5 Collapse: when every row (or every column) holds a dead suspect,
//     choose one dead suspect in each; they leave and the grid closes up by
//     exactly one column (or row). The Inspector then discards the hand
//     cards of suspects who left and draws as many, fewer if the deck runs
//     out. No line ever leaves by itself. Decisions: the choices are made
//     on the table one suspect at a time and may be abandoned ("cancel")
//     until the last; a Collapse that would take the grid's last column
//     (or row) is refused; the discarded hand cards are shown.
//   - NA-6 Kill: a living neighbour of the identity. The Inspector's
//     identity wins for the Killer, and so do `kills` dead suspects
//     (those removed by a Collapse still count). Killing an innocent
//     suspect: tablemaster says whether the Inspector is among its
//     neighbours, and its evidence card is discarded. Once the disguise's
//     suspect is dead no Disguise is possible.
//   - NA-7 Disguise: swap identity and disguise, or pretend to. The table
//     hears only that the Killer disguised; the log keeps which.
//   - NA-8 Arrest: the own identity or a living neighbour (dead suspects
//     are not offered — Decision, as NC-12). The Killer's identity wins for
//     the Inspector; otherwise "no" and the turn passes.
//   - NA-9 Canvas (not with an empty deck): lay a hand card on its suspect;
//     tablemaster says whether the Killer is among its neighbours. The card
//     stays on a living suspect (innocent) and is discarded from a dead one.
//     Draw back up to 3. Decision: a card drawn whose suspect has already
//     left the grid is shown, discarded and replaced, so a hand card always
//     has a suspect to be laid on.
//   - NA-10 Accuse: name two suspects, dead or removed ones too (the
//     disguise may have left the grid — Decision, the rule says "dead ones
//     allowed"), in either order. Both the identity and the disguise: the
//     Inspector wins; anything else: the Killer wins. The second name asks
//     for a confirmation that says so.
//   - NA-11 A corner is not next to the card at the opposite edge (NG-2).
//
// Each rule is checked by a test that names it (rules_test.go,
// automata_rules_test.go).
//
// Example:
//
//	g := noir.New(noir.Config{}, 42)
//	g.Apply(noir.Killer, "draw")
//	for _, c := range g.Legal(noir.Killer) {
//		fmt.Println(c.Action) // kill ♠2, kill ♠7, …
//	}
package noir
