// Package superrock runs the hidden and random parts of the Super Rock
// (超人ロック) card game, KMC rules (rules/superrock.md, SR-1 … SR-43): the
// preparation of chapter 7.1 (SR-10 … SR-18), the identities ledger
// (SR-30 … SR-34), the planet and secret base boards (SR-20 … SR-27),
// victory declarations and vetoes (SR-40, SR-41) and the end with its
// grades (SR-42, SR-43). Combat stays with the real cards and dice.
//
// # Data
//
// The roster, the silhouettes, the planet cards and tables 7.1–7.3 are
// facts from the rulebook, kept in an editable text file (data/kmc.txt,
// embedded). Default returns them; Parse reads another edition's file
// (--roster FILE) and returns a *DataError naming the file and line of the
// first problem. Reference sheets print from the same Data:
//
//	d := superrock.Default()
//	for _, c := range d.Characters { // table 2.1
//		// c.NameKey() (catalogue: "ロック1" / "Locke 1"), c.Attr (G, E, S, E/G),
//		// c.Sex, c.Married, c.Level, c.Power, c.Endurance, c.Will,
//		// c.Release, c.Transform, c.NotesKey() (own win condition, equipment),
//		// c.Silhouettes (SR-3), c.Attr.WinKey() (chapter 6.3.2)
//	}
//	for _, s := range d.Silhouettes { /* s.NameKey(), s.Attr, s.Count */ }
//	d.SilhouetteTotals()         // cards per attribute: G 35, E 13, S 12
//	for _, p := range d.Players { /* table 7.1: p.Players, p.L, p.G, p.E, p.S, p.X */ }
//	for die, r := range d.Shadow { /* table 7.2: face die+1 allows r.Key() */ }
//	for _, b := range d.BasePlanetCards { /* table 7.3: b.NonBase, b.OrMore, b.Cards */ }
//	for _, c := range d.PlanetCards { /* appendix C: c.NameKey(), c.Kind, c.Count */ }
//	for _, c := range d.BaseCards { /* chapter 4: c.NameKey(), c.Hub, c.Count; hubs first */ }
//	d.NewCharacterView(c)        // a whole character card, ready to render
//	superrock.DeclarationSteps   // chapter 11.1, then OverrideKeys (SR-40, SR-41)
//	superrock.EndKeys            // the ends of 6.4 (SR-42)
//	for _, g := range superrock.Grades { superrock.GradeKey(g) } // A–D (SR-43)
//
// Every name and note is a catalogue key (engine.Lang.S renders it in
// English or Japanese); the default roster's keys start with "sr.kmc.".
//
// # The preparation
//
// New(cfg, seed) checks the players and counts (SR-10) and waits for the
// deal. The notation, which Legal offers and the GM console reads:
//
//	deal                 SR-11, SR-12: draw the counts and deal (anyone)
//	keep | reject        SR-13: every player answers; reject only when it applies
//	roll | rolled 4      SR-14: the shadow roll (virtual dice | a real die, entered)
//	pick rag1            SR-14: a silhouette the roll allows, with a copy left
//	keep | switch locke  SR-15: each Evil silhouette keeps it or switches away
//	ambush A 3-4         SR-16: hide ambush A on planet 3, square 4
//	roll | rolled 5      SR-17: the turn-order roll (anyone | each non-base player)
//
// SR-18 follows by itself. Phase() is PlayPhase when the preparation is
// complete; Base, TurnOrder and PlanetOrder then tell who is who. In play
// the table enters what happened on the board:
//
//	identity Ben         SR-31: someone's identity revealed (Ben's card to me alone)
//	expose               SR-32: own identity exposed (public; no veto from now on)
//	telepathy Ben        SR-33: my contact telepathy on Ben succeeded
//	convert Ben          SR-33: I (a Locke) show my card to Ben for a conversion check
//	converted Ben        SR-33: the check succeeded (an E/G is Good until revived)
//	disintegrate         SR-33: Jessica shows her card to everyone
//	transform            SR-34: my character transforms; a new one is dealt
//	dies Ben | revives Ben
//	declare              SR-40: victory declaration; answers go left
//	accept | veto        SR-40: the player whose turn it is to answer
//	override | withdraw  SR-41: the declarer after a veto
//	end hubs             SR-42: also alone, all-dead, nova, king (Yuki Hijiri only)
//	own Ben won          SR-43: the table confirms Ben's own win condition
//
// # The boards
//
// Stage() tells where play stands: PlanetStage, HubStage (virtual board
// only), BaseStage. The PublicView carries the boards (Planet, Base,
// Hubs, Used, PlanetEnd) and per player Info, Leader, Entered, FreeEntry,
// EntryTries, Declared; a base player's View adds the ambush squares
// (PlanetSquareView.Ambush) and the hubs (BaseSquareView.Hub,
// HubView.Square); every View has its own planet cards (Hand, Drawn for
// those taken from the board). The notation:
//
//	land 3-4             SR-20 (virtual): I stop on face-down planet 3, square 4 and read it
//	use mirror5          SR-20 (virtual): I show and use (or give back) an ability card
//	party Ben            SR-21: Ben joins my party (I lead); leave: I leave mine
//	info Ben             SR-21 (physical): Ben took an information card
//	sprung A             SR-24 (physical): ambush A was opened
//	end planet           SR-21 (physical): the table says the planet phase is over
//	appear | appear 5    SR-24: the ambush owner appears (henchman die rolled | entered)
//	stay                 SR-24: the ambush owner does not appear
//	hub command 2-3      SR-25 (virtual): a base player places the next hub on row 2, column 3
//	enter 4 | sum 7      SR-26: I declare level 4 and roll 2D6 (virtual dice | then enter the sum)
//	enter | enter 3-4    SR-26: a base player enters at a random square (rolled | entered)
//	open 3-4             SR-25 (virtual): I stop on a face-down base square; it opens for all
//	destroy command      SR-27: my Good character destroys a hub (four: end hubs)
//	3-4                  the square action I have now (land, the next hub, enter, open)
//
// Outcome, Grade (A–D) and the views give the result.
//
// # Decisions where the rules are unclear
//
//   - Every player answers the reject question (keep or reject), so that
//     waiting for one player never tells the table they drew a character
//     they played tonight. A reject redeals at once; everyone answers again.
//   - A shadow roll of 6 with no Evil silhouette left (only possible with a
//     roster that has few) allows any silhouette.
//   - The rulebook leaves to the table whether there are too many Evil
//     silhouettes. So the line-up waits for each Evil silhouette that may
//     still switch to answer, keep or switch, and is final with the last
//     answer; a non-Evil silhouette has nothing to answer. A keep stands
//     when another player switches after it. With a single Evil silhouette
//     (at the reveal, or left by a switch) nobody may switch, and the
//     line-up is final at once.
//   - Base players see both ambushes, their own and the other's: the
//     rulebook only makes the non-base players look away. So the owner of B
//     can be refused the square of A without learning anything new.
//   - With a physical board the planet card an ambush replaces goes back
//     to the planet deck.
//   - With a virtual board the base players' planet cards are dealt from the
//     whole planet deck without the ambushes (the board is laid later, in
//     the planet phase, from what is left: the same as the rulebook's order
//     for a shuffled deck). With a physical board they draw real cards, and
//     the tool does not know them.
//   - Table 7.3 for 1 or 2 non-base players: 6 cards (rules/superrock.md).
//   - SR-22 for the first deal (virtual board): a base player dealt three
//     or more information cards shows them at once and the planet phase
//     ends before it begins (PublicView.PlanetPhaseOver). With a physical
//     board the table instruction says so.
//   - The turn-order roll with virtual dice is one button for the table,
//     and rolls the ties again by itself.
//   - "Left" is the next seat in the order of Config.Players.
//   - Who looked at whose card (SR-30) is public, as at the real table;
//     what they saw is told to them alone.
//   - Deaths and revivals are entered by the table (dies, revives).
//   - A declaration may be made at any time in play (the tool does not
//     track turns on the board); a transformation while it is pending
//     cancels it (11.1.4).
//   - SR-41 as far as the tool can check: Elmi — at least half of the
//     other players dead; Dr. Wong — at least half of all players dead;
//     S-Stroheim — he has seen the card of a Locke (Raisa counts) who is
//     dead, and the table vouches that he killed him; Lord Leon — no
//     character he has seen is above level 4 (levels known other ways, a
//     disintegration, are the table's word). The override reveals the card.
//     The four are recognised by their ids in the data file (elmi, wong,
//     stroheim-s, leon), as are jessica and hijiri.
//   - After a transformation the old character is out of the game; it is
//     not put back in the pile. Ledger entries about that player, and an
//     exposure, are cleared: the new character was never seen.
//   - The boards. The tool does not keep the turns of the planet phase:
//     a player may stop on a face-down square outside their turn (an
//     escape in a battle, a base player who appeared from an ambush), so
//     any living player may enter land, base players too. The reading is
//     the player's own; the table sees the card's kind once it is placed.
//   - An ability card goes into the drawer's hand; "use" shows it and
//     takes it out of the game, both for cards used up and for those
//     broken (3.1.2). Giving one away (歓楽街) is not tracked yet.
//     Instruction cards stay face up on their square in the view; the
//     table removes battles and traps on the real board only as it
//     pleases. Information cards lie in front of the drawer, counted.
//   - "Own identity exposed" exposes the drawer at once (SR-32); for
//     "someone's identity revealed" the drawer then enters identity Ben.
//   - When the planet deck cannot fill the board (many base players dealt
//     six cards each) the squares left over are empty and count as open.
//   - SR-24: while an ambush owner decides, nobody lands and the planet
//     phase does not end (the battle comes first). An ambush opened while
//     its owner is dead has nobody appear. Henchman die 1–2: none.
//   - SR-21 parties are entered (party Ben, leave) during the planet
//     phase only, between living non-base players with different
//     silhouettes; the player who proposes leads; a party of one is none;
//     a death takes the player out. Only information cards shown count
//     for a party (a base player's hidden ones are not "clear"). Parties
//     end with the planet phase, when the pins go back (7.2.3).
//   - SR-23 with a virtual board: a living base player's dealt identity
//     cards are used at the planet phase's end, a dead one's when they
//     come back to life. With a physical board the table instruction says
//     so.
//   - With a physical board the table enters the information cards taken
//     (anyone may: they are public), the ambushes opened, and the end of
//     the planet phase when the counts the tool sees do not show it (a
//     base player's hidden information cards, every card open).
//   - SR-25: the 56 other secret base cards are shuffled and 36 laid; a
//     hub takes the place of the card on its square, which goes back to
//     the rest. The hubs are placed in the order of the data file, one at
//     a time (a phone offers 36 squares, not 144), by any base player,
//     alive or dead; every base player sees every hub.
//   - SR-26: a player may declare any level from 0 to their own (a lower
//     one hides the level). With real dice the declaration and the sum
//     are two steps. Whoever holds three information cards when the
//     planet phase ends, alone or with their party, comes in without a
//     roll (7.3.1). A base player's random square with virtual dice is
//     the first die for the row, the second for the column.
//   - The tool does not track pins: open is entered by a living non-base
//     player who is in the base; a base player's stop opens nothing
//     (9.3.2). Destroy needs a living player whose attribute is Good now
//     (a converted E/G counts) and, with a virtual board, the hub's square
//     open; the tool trusts that they stand on it. The fourth destroyed
//     hub ends the game (SR-42's end hubs, which the table may still
//     enter itself, as with a physical board or a correction).
//   - SR-43: the attribute part is computed (chapter 6.3.2): an E/G counts
//     as Good after a successful conversion until it is revived; when
//     every Good and Evil character is dead, both lose; when the hubs fall
//     or Nova goes off, Good's condition holds and Evil's fails; the King
//     editing room makes Yuki Hijiri the only winner. The table confirms
//     the own condition only of players whose attribute part holds.
//
// Example:
//
//	g, err := superrock.New(superrock.Config{Players: []string{"Aki", "Ben", "Chika", "Dai", "Eri", "Fumi", "Gen"}}, 42)
//	events, err := g.Apply(0, "deal")
//	for _, e := range events {
//		// e.To == nil: the table screen; otherwise only those phones
//	}
package superrock
