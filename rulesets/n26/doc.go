// Package n26 is the Necromunda 2026 core rules (seed
// 000_962f23426be46907.txt, restated in our own words in rules.md §2) as a
// ruleset for package engine, with its dice procedures for package dice.
//
// # What it plays
//
// Everything seed 000 states (rules.md §2.2): the two-slot activation of
// Single, Double and Free actions, none twice; one action for a model
// Suppressed when it activates; the 23 actions with their types, who may
// take them and their effects; Charge and Engage with the forced free Fight
// or Coup de Grace; Group Activation; Engaged and Seriously Injured models'
// own actions; Recovery tests at the end of an activation begun Seriously
// Injured, or at once from Treat Ally and Repair, with the automatic Out of
// Action beside an enemy, assistance, and the extra die of Tend Wounds and
// Conduct Repairs; Sabotage and Desperate Escape.
//
// And what it refers to (rules.md §2.3): the round (Priority roll, Ready
// models, alternating activations, the End phase's Bottle checks, the
// choice to flee the battle once a third of the gang is gone, and the
// victory check: a gang with no model left loses; after the last round,
// more objectives held, then more models standing); ranged and melee
// attacks (hit tests with naturals, Aimed Shot, Suppression on a ranged
// hit, random allocation of hits into a combat, the wound table, one save
// with AP and cover, Damage, Lethality injury dice kept by the attacker,
// Nerve checks within 3" with a Leader's or Champion's Cool on a board;
// Initiative order with Unwieldy and the Charge bonus, simultaneous strikes
// at equal Initiative, assistance and interference); Heavy, Rapid Fire with
// firepower dice, ammo symbols, Out of Ammo, jamming and Reload; the 1"
// rule; falls from ledges; and the Lasting Injury and Lasting Damage tables
// in a post-battle report (Reporter), with the check for succumbing.
//
// # Options (rules.md §8)
//
//	suppressed-removal  start (default) | end    when the Suppressed marker goes (seed 000; §6.2-b, gap 4)
//	ammo-check          d6 (default) | off       Ammo (X+) without Rapid Fire: D6 after the attack, Out of Ammo below X (gap 3)
//	cover-bonus         1-2 (default) | 2-1 | 1-1 save bonus in cover within Short / Long Range (§6.2-f, gap 5)
//	group-order         player (default) | selected  Group Activation members' order (gap 10)
//	healer-assists      no (default) | yes       may Treat Ally's healer also assist (§6.2-e)
//	escape-counts-ooa   yes (default) | no       Desperate Escape counts as Out of Action for Bottle and Nerve (§6.2-d)
//	lasting-on-kill     yes (default) | no       Coup de Grace and Sabotage victims roll lasting tables (§2.3.9)
//	succumb             yes (default) | no       post-battle D6 for models that ended Seriously Injured (§2.3.9)
//	hit-seriously-injured 0 (default) | -1       ranged hit modifier against a Seriously Injured target (§2.3.4)
//	ductways            none (default) | some    at a table, whether the table has ductways (on a board its ducts say)
//
// suppressed-removal defaults to the seed's own reading: a model Suppressed
// when it activates loses the marker then (one action this activation);
// "end" keeps the status until that activation ends, as the handbook behind
// rules.md §2.3.2 has it. Either way a Suppression gained during the
// activation (a failed Nerve check) stands.
//
// hit-seriously-injured: seed 000 points Aimed Shot at the hit-roll page
// without stating that page's modifiers, and rules.md §2.3.4 lists none for
// a Seriously Injured target. The best public restatement of that page
// found (the consolidated N26 handbook in github.com/dmitrriykriv/
// necromunda-digital, pages/core-rules.html) gives a plain BS test with
// only the naturals and random allocation into a combat, and cover as a
// save bonus; one public N26 attack calculator (github.com/Seewhy3160/
// necromunda-n26-attack-simulator) applies −1 to shoot a Seriously
// Injured target, but cites no rules text for it (N23 had −1 against a
// Prone target at Long Range only). So the default is no modifier, and -1
// is there for groups who play it that way. It is ranged only: a
// Seriously Injured model is never Engaged, so never a melee target.
// # Board and table
//
// On a board the game measures: movement actions offer destinations
// (towards and away from enemies, to objectives and cover) that keep the 1"
// rule, a Charge or Engage reaches base contact if a path of its length
// does, or else stops as close as it may; shots list the enemies in sight
// and range; ductways, tokens (Interact), ledges and objectives are the
// board's. At a table the players move the models and answer what the
// rules ask: sight, range, cover, base contact, who is within 1" or 3".
//
// # Choices made where the rules are silent
//
//   - Dice choices go the way their owner wants: the attacker keeps the
//     injury die worst for the target, the controlling player the best
//     Recovery die; assistance is always taken (an extra die can only help).
//   - The activating model's melee attacks all go at the enemy it picked; if
//     that one falls, the rest go at the next enemy Engaged with it. Its
//     primary weapon is its first Melee weapon, else its first Light one;
//     the second weapon is the next. A vehicle without one makes no attacks.
//   - A Charge or Engage may target a Seriously Injured enemy, but never
//     ends Engaged with it (seed 000): the model moves as close as it can,
//     beside it if it reaches, and takes no free action; it may spend what
//     it has left on a Coup de Grace. A Charge or Engage that ends Engaged
//     gives a free Fight or a free Coup de Grace (at a Seriously Injured
//     fighter within 1"), the only Coup de Grace an Engaged model may take.
//     Engagement comes from base contact between fighters (from deployment
//     on), from a Charge or Engage into a vehicle, or from a scenario's
//     engaged-with (at a table).
//   - Each player rolls their own die of a Coup de Grace: with physical dice
//     each side types its own.
//   - At a table, a "no" to a measurement that makes the target legal (line
//     of sight for a shot, within 1" for Coup de Grace, Treat Ally, Repair
//     and Sabotage, a vehicle's turn to face its Charge target, a ductway
//     within 1") refuses the action, changing nothing, as if it had never
//     been offered (a forced free Coup de Grace refused leaves the free
//     Fight to take). A target beyond Long Range is a legal target that is
//     missed automatically (rules.md §2.3.4).
//   - Fire All fires every ranged weapon that has an enemy in sight and
//     range; each weapon's target is the player's pick when it has several.
//     At a table every enemy is offered for each weapon, and "none" (no
//     enemy in its sight and range: it does not fire); every declared
//     target's sight is asked before any dice, and a "no" refuses the
//     action, to be declared again.
//   - A model selected by a Group Activation is marked at once, whether or
//     not the Leadership check passes.
//   - Moves on a board end beside friends and beside Seriously Injured
//     enemies (as well as short of other enemies, to objectives and cover).
//     No move goes through another model's base (rules.md §2.3.5), a
//     friend's included: the straight line from start to end is checked
//     (a path bent round terrain only along that line). A Retreat also
//     offers straight steps of I" and half that in sixteen directions, so
//     that a model with enemies on two sides can step aside.
//   - A fighter already within 1" of an enemy without being Engaged (the
//     enemy recovered beside it) may still Move or Dash, away or round,
//     never closer to that enemy (board.KeepsOff; the seed is silent).
//   - A Charge or Engage that falls short ends as close to its target as
//     it may (seed 000): straight at it, or where something bars that line,
//     the straight move of a fan of directions (22.5°, 45° and 67.5°
//     either side) that ends nearest, by more than a quarter inch, and
//     nearer than it stands (board.Closest). A vehicle's, after its one
//     turn, only straight.
//   - Crawl Through Ductway is offered only where there are ductways: on a
//     board with ducts, near one; at a table when the scenario says its
//     table has some (option ductways; none unless it says so), so that a
//     table without them never offers it (issue 31, as n23).
//   - Crawl Through Ductway places the fighter at the spot nearest the far
//     end that keeps the seed's conditions, on the end's side of any wall
//     (never measured through it), searching every position at hundredths
//     of an inch outward from the end (board.Spots); when spots a quarter
//     inch or more apart are equally near, its player chooses; with none,
//     the action is not offered (why says so).
//   - Ammo (X+) on a Rapid Fire weapon adds nothing (its firepower dice
//     already carry the ammo symbols).
//   - A model that falls takes its hit as an automatic wound without a save;
//     a fall over 6" is Out of Action.
//   - Objectives decide only on a board; at a table the standing models do.
//   - On a board a vehicle has a facing (the counter "facing", degrees
//     anticlockwise from +x): it deploys facing the nearest enemy, and
//     after every move faces the way it went. Its one turn of up to 90° on
//     a Charge or Dash is taken at the start of a straight move, so a
//     Charge or Dash never goes round terrain (its path must be the
//     straight line); a Move or Freewheel may. It may
//     only Charge a model it can face with that turn (seed 000): on a board
//     only those are offered; at a table the players are asked, and a "no"
//     refuses the Charge, changing nothing (engine.Ctx.Refuse).
//
// # Not modelled
//
// Vehicles' movement by pivots about their centre and turns part-way
// through a move: on a board a vehicle moves straight. Difficult and dangerous
// terrain, climbing, gaps, doors and riding on vehicles: boards have none.
// The −1 to hit after charging a target out of sight, Consolidation after
// a Fight, choosing to Engage a vehicle within 1" at the start of an
// activation, reinforcements, skills, wargear and the post-battle sequence
// beyond the lasting rolls. The report's results (Results, engine.Result)
// are applied to a roster by package campaign; docs/campaigns.md says
// which post-battle steps are modelled and which are the players'.
// Interact marks the object's token used (on a board) and no more: what an
// object does is the scenario's, and the players apply it. At a table, a
// vehicle's Dash does not ask about its one turn of up to 90° (its
// Charge does): the players keep to it.
//
// # Dice procedures
//
// The mechanics n26 shares with n23 (Necromunda 2023) are written once in
// package rules/necromunda: the wound table, tests and saves with their
// naturals, checks, injury and Recovery dice, firepower dice with Ammo and
// Reload, the D66 lasting tables, random allocation, falls and the
// Priority roll; n26 gives them its names and sources (its edition).
//
// n26-injury and n26-recovery (injury dice, the worst or the best kept),
// n26-coup-de-grace (the whole opposed roll, for odds; in a game each
// player's die is its own n26-d6 roll), n26-check (2D6 and D6 checks),
// n26-test (D6 tests with naturals); inside the game also n26-d6,
// n26-firepower, n26-pick
// (random allocation), n26-bottle and the D66 lasting tables. The injury
// die is a six-sided die with symbols: Injured on two faces, Seriously
// Injured on three, Out of Action on one (rules.md §2.3.1). A player typing
// physical dice may give the symbol, its initials (i, si, ooa) or the face
// number 1–6; the firepower die's faces are typed by bullets (1, 2, 3) or
// 1-ammo. Every roll asked of a player says what it is for, who rolls how
// many dice of which kind, and what they need (see describe.go).
package n26
