// Package trenchcrusade is Trench Crusade, rules v1.0 (seed
// 003_c670c0ffa6e63837.txt, restated in our own words in rules.md §4), as a
// ruleset for package engine, with its dice procedures for package dice.
//
// # What it plays
//
// Everything seed 003 states (rules.md §4.2): the Injury Roll (2D6 plus or
// minus injury dice, which cancel pairwise; the two highest or lowest kept;
// flat modifiers, the negative ones at most −3 together) and its four
// results (no effect; a Minor Hit's Blood marker; Down with one Blood marker,
// or two when already Down; Out of Action); every source of injury dice
// and modifiers (Blessing markers spent by the target's player, Blood
// markers by the attacker's, a Critical Success, a melee attack on a Down
// model — once —, the weapon's, the Armour characteristic, armour and
// shields); falls of 3" or more (+1 injury die per full 3"); and Down (the
// activation ends, −1 DICE on the model's rolls, no moving until it stands,
// standing at its next activation with Movement halved, and at a ledge a
// Success Roll or a fall).
//
// And what it refers to (rules.md §4.3): Success Rolls and Risky ones;
// Blood and Blessing markers, at most six each, offered as choices when a
// roll they may change is made; turns of an Initiative phase (fewer models
// standing has it; ties rolled off; the holder picks who goes first), an
// Activation phase (each model once, alternating) and a Morale phase (half
// or more Down or out: a Morale Check); actions once each an activation,
// one of Move, Charge and Retreat; Dash as a Risky extra move; Retreat
// with a strike from each enemy within 1"; Shoot with elevation, cover,
// long range and shooting into a melee; Fight with a second weapon and
// FEAR; the Assault exception to Shoot and Charge; TOUGH.
//
// # Options (rules.md §8)
//
//	critical          modified (default) | natural   Critical Success at a modified 12+, or a natural 12 (§6.3-e, gap 6)
//	morale            two-fails (default) | shaken   a failed Morale Check in two turns in a row loses, or no effect (§6.3-d)
//	charge-exclusion  shoot (default) | shoot-and-fight  what a Charge excludes without Assault (§6.3-c, gap 7)
//
// # Warbands
//
// Profiles are Movement (inches), Ranged and Melee (±DICE on attacks) and
// Armour (a negative injury modifier). Gear: ranged weapons (range, dice,
// injury-dice, injury-mod; trait assault), melee weapons (dice,
// injury-dice, injury-mod; at most two are used), armour and shields
// (injury-mod). Keywords: tough and fear have effects; elite, infiltrator
// and strong are carried. Starting Blessing markers are a model's
// "blessing" counter.
//
// # Choices made where the rules are silent
//
//   - A warband with no model left, or two failed Morale Checks in a row,
//     loses; after the last turn the warband with more models in play wins
//     (scenario objectives and Glory are not modelled). When both lose at
//     once (both fail their second check in one Morale phase) the game is
//     a draw.
//   - A warband whose models in play are all Down still takes its Morale
//     Check: the roll is the player's, not a model's.
//   - "Two in a row" counts turns: a turn in which the warband takes no
//     Morale Check (it is back under half Down or out) ends a run of
//     failures, as a pass does.
//   - Two warbands only: a scenario with more sides is refused.
//   - Every enemy within 1" of a retreating model may strike once, with its
//     first melee weapon, a Down one too (at −1 DICE, seed 003: rolls
//     taken for a Down model); a model without a melee weapon cannot
//     Fight.
//   - Shooting is not allowed with an enemy within 1" (rules.md §8).
//   - A Charge that cannot reach its target ends as close as it may, more
//     than 1" from enemies.
//   - Whoever holds the Initiative picks the first warband each turn; the
//     roll-off for it is highest wins.
//   - A Down model stands up before it acts, so its −1 DICE applies to the
//     rolls taken for it outside its activation: its strike at a model
//     retreating from it. (A model already Down is not "taken Down" again
//     by a Down result, so it makes no ledge roll then.)
//   - A model that fails its ledge roll falls, and its fall's own Injury
//     Roll may lay it Down (at the ledge's foot: no second ledge roll, so
//     at a table a fall is never asked again in a loop, issue 32); the Down result that sent it over the edge is
//     then applied to a model already Down, and places two Blood markers
//     as the Injury Table says for that case (seed 003 applies the result
//     after the fall).
//   - At a table, a "no" to a measurement that makes a target legal (sight
//     or range for a Shoot, sight or 12" for a Charge, 1" for a Fight)
//     refuses the action, changing nothing, as if it had never been
//     offered.
//   - A Fight's later weapons strike only a target still within 1": one
//     that fell from a ledge under an earlier weapon is measured again on
//     a board, and asked about at a table.
//   - At a table, Move, Dash, Charge and Shoot ask whether an enemy is
//     within 1" of the model (a "yes" refuses them), and Retreat whether
//     one is (a "no" refuses it): once an activation, since a move never
//     ends within 1" of an enemy and enemies do not come nearer in it;
//     once the players have said none is near, Fight and Retreat are not
//     offered. (The measurement's expected answer is the rule's own,
//     engine.Fact.Start: odds sheets start there.)
//
// # Not modelled
//
// Jumping and diving (only falls from ledges), climbing (so a model on a
// raised level stays there, within its ledges, until it falls: package
// board), defended obstacles, diving charges, the glory and campaign rules,
// and abilities beyond the keywords above.
//
// # Dice procedures
//
// tc-success (Success Roll) and tc-injury (Injury Roll): 2D6 plus or minus
// extra dice, which cancel pairwise; with extra dice left over the two
// highest (or, with minus dice, the two lowest) are kept and summed, then
// flat modifiers are added and the total is looked up. The cancelling is
// rules.md §4.2.1's (from the game's page on plus and minus dice): read
// alone, seed 003's injury roll keeps the lowest two whenever any minus
// injury die was used, so three Blood markers and one Blessing spent would
// keep the lowest; here they leave two plus dice, and keep the highest. Inside the game also
// tc-d6 and tc-pick. Every die counts: in a game nothing caps the number of
// extra dice (boxed, allocation-free procedures cover ±10; beyond, each roll
// is made afresh), and odds and roll take up to ±98 (100 dice).
//
// A model taken Down within 1" of a ledge takes its Success Roll first, then
// falls (from the nearest ledge, landing at its foot on the level below:
// board.Landing), then gets the Down
// result's Blood marker and is Down (seed 003, Down results).
//
// # Post-battle
//
// The seed has no post-game injury rules (rules.md §7.0): the report
// (Report, Results) lists the models out of action at the end, and a
// campaign (package campaign, docs/campaigns.md) leaves their injuries to
// the players.
package trenchcrusade
