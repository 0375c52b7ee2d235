// Package outlaws implements the rules of Outlaws: Last Man Standing, for
// two players. Seat 0 is Red, seat 1 Green. tablemaster owns every token
// and camera marker; the players keep their character cards on the table
// and arrange them on their phones.
//
// Actions are written in a small notation that is also the GM console's
// (slots 1–8; characters by name or by playing card, "sheriff" or "♥3"):
//
//	place sheriff | deal | reset      setup: lay the next card; deal the rest; start again
//	laid                              the real cards lie as the phone showed ("Done laying")
//	move 3, move 3 5, then swap | pretend
//	                                  Move: pick up two cards, one tap each ("move 3 5"
//	                                  alone does both), lay them back swapped or not
//	saloon 1, with 3, with 3 5, put K D
//	                                  Saloon move, the street cards one tap each
//	                                  ("with 3 5" alone does both): K to the Saloon, D to 3
//	check 3 | take 3 ballot           Check or Take the token at slot 3
//	shoot 2 | arrest 4 | arrest 4 5   the Assassin's or the Sheriff's attack (5: with the Mayor in 3)
//	scout 5 | scout 5 6               the Scout (6: with the Mayor in slot 4)
//	shop 4 swap 3 5 | shop 4 stock 4  the Shopkeeper
//	dance 6 7                         the Dancer: the opponent's 6 and 7 swap
//	journal 2 5, then name sheriff    the Journalist points, then names
//	thief 8 3, then name assassin     the Thief points, then names
//	release 6                         the Priest in slot 6 releases the Thief in 5
//	guard | cancel | let              the defender's answer to an attack
//
// # The rules as enforced
//
//   - OL-1 Two players, Red and Green, ten characters each: Governor,
//     Assassin, Sheriff, Scout, Shopkeeper, Dancer, Journalist, Thief,
//     Priest, Mayor.
//   - OL-2 Tokens: 3 Bullets, 3 Handcuffs, 6 Ballots, 4 Fake ballots, 1
//     Elected; 3 camera markers each.
//   - OL-3 The tokens live in tablemaster: it shuffles, lays, slides and
//     refills them and shows a checked token to the checker alone.
//   - OL-4 Each lays 8 cards face down in the Main Street (slot i faces the
//     other's slot i) and 2 face up in the Saloon, entered privately on the
//     phone one card at a time or dealt; never the Governor in the Saloon.
//     Either way the phone then lists the street while the real cards are
//     laid, until "Done laying" (laid) or the player's first action; the
//     table cannot tell a dealt street from one laid by hand. It starts
//     nothing: the game begins once both have arranged.
//   - OL-5 Each holds 1 Bullet and 1 Handcuffs; the other 13 tokens are
//     shuffled, 8 laid between the streets, 5 in the stock beyond slot 8
//     (Decision: the stock's place).
//   - OL-6 The start player is drawn.
//   - OL-7 Two actions a turn, any mix. Move: two of one's street cards
//     are picked up and laid back swapped, or not (the opponent sees only a
//     Move of those two slots). Decision: a face-up card (restrained, under
//     a camera) is seen where it goes, so a Move with one is always real.
//     Saloon move: one Saloon card and two street cards; one of the three
//     goes to the Saloon (never the Governor), two back to the slots in
//     either order. A restrained card does not move.
//   - OL-8 Check: show a street card to both, look at the token in front
//     of it alone; it stays.
//   - OL-9 Take: show a street card, declare the token in front. Right and
//     the condition holds: taken, face up. Ballot: not with the Governor;
//     Handcuffs: the Sheriff; Bullet: the Assassin; Elected: the Governor
//     with more Ballots than the opponent (wins at once). A Fake ballot is
//     never declared. Decision: only the declarations whose condition holds
//     for the card shown are offered, so a failed one means the token is
//     another: it stays, and the table is told "not taken: that token is
//     not a Bullet".
//   - OL-9a Cards: playing (default; Red ♥, Green ♣, A Governor … 10
//     Mayor; Decision: this mapping is ours) or the boxed game's.
//   - OL-10 A token taken: the tokens between the gap and the stock slide
//     one place away from the stock; slot 8 takes the top stock token, or
//     stays empty.
//   - OL-11 A card shown for an action turns face down again unless
//     restrained or under a camera: one instruction for the table, "show
//     slot 2 (♣2 Assassin), then turn it face down again", and the public
//     view draws it face up (Shown) until the next action begins.
//   - OL-20 Governor: no ability.
//   - OL-21 Assassin: spend a Bullet; the card opposite is shown; the
//     Governor: the shooter wins; otherwise the Bullet is gone.
//   - OL-22 Sheriff: spend Handcuffs; the card opposite is shown; the
//     Assassin: the Sheriff's player wins; the Thief: restrained, the
//     Handcuffs come back; otherwise they are gone.
//   - OL-23 Guard: the Assassin aims at a Governor with its Sheriff beside
//     it: its player shows both and spends Handcuffs, and wins.
//   - OL-24 A restrained card stays face up; it does not move, act, take
//     or check, and is not targeted.
//   - OL-25 Scout: the card opposite is shown to its player alone.
//   - OL-26 Shopkeeper: swap two of the tokens in front of it and beside
//     it, or the one in front with a random stock token. (The source's
//     example lets any of the three go to the stock; its text says the one
//     in front, which is what is enforced.)
//   - OL-27 Dancer: the opponent's card opposite and one of its neighbours
//     swap, for real, in view of all.
//   - OL-28 Journalist: needs a camera marker. Point at an opponent's card,
//     then name it: right, it stays face up with the marker; wrong, the
//     marker is discarded. Decision: a card under a camera still acts.
//   - OL-29 Thief: point at an opponent's card, then say Assassin or
//     Sheriff: right, take a Bullet or Handcuffs from the opponent.
//     Decision: right but none held: nothing.
//   - OL-30 Priest: release the restrained Thief on its left (slot i-1 as
//     its owner numbers them); cancel an arrest of the Assassin or Thief on
//     its left (the Handcuffs stay spent).
//   - OL-31 Mayor: with the card on its right, one place wider each way:
//     the Scout, the Shopkeeper and the Sheriff (one of the three cards
//     opposite; the Priest's cancel is about the card targeted); never the
//     Assassin, Dancer or Thief.
//   - OL-32 Reactions pause the attack and ask the defender on the phone.
//     Decision: the defender is asked whenever a reaction could be possible
//     for all the attacker knows (Handcuffs held for a guard, the Priest not
//     in the Saloon for a cancel), so that being asked tells nothing;
//     `--react-timeout` lets it go after a while.
//   - OL-40 The game ends at once on Elected, a shot Governor or an
//     arrested Assassin.
//   - OL-41 Tie-break: both hold 3 Ballots and all Bullets and Handcuffs are
//     spent: the tokens left are taken off and 3 Bullets, 3 Handcuffs and 2
//     Fake ballots are shuffled and laid; play on until a Governor is shot
//     or an Assassin arrested.
//
// Each rule is checked by a test that names it (rules_test.go).
package outlaws
