// Package n23 is the Necromunda 2023 core rulebook (seed
// 002_234bbfdee5ee68a7.txt, "Types Of Action", restated in our own words in
// rules.md §3) as a ruleset for package engine, with its dice procedures
// for package dice.
//
// # What it plays
//
// Everything seed 002 states (rules.md §3.2): the activation of two actions
// of four types — Simple actions repeatable, each repeat an action; Basic
// actions once; Double actions costing both, refused with one action left
// or when the model has only one this activation; Free actions costing
// nothing, each once, and never sharing a name with a Basic action taken in
// the same activation, either way round, even when an effect changed the
// Basic action's type (engine.Economy.Clash) — each action resolved before the
// next is declared; facing: a Standing fighter turns as it is activated,
// before its actions, without it counting as a move or an action, and
// turning while Standing and Engaged costs its hit rolls; a Prone fighter
// has no facing and picks one when it stands; an action's type changed by
// an effect (Unwieldy makes Shoot a Double action), with every effect on an
// action keyed on the action, whatever its type (Aim's bonus goes to the
// next Shoot, Basic, Double or Free).
//
// And what it refers to (rules.md §3.3): statuses on two axes, Standing or
// Prone and Active, Engaged, Pinned or Seriously Injured (Broken beside
// them), and which actions each allows — Move, Charge (into a free Fight),
// Take Cover, Shoot, Aim, Reload with its Ammo check, Coup de Grace and
// Crawl Through Ductway Standing and Active; Fight (with reaction attacks
// and, when it leaves its target Seriously Injured, a free Coup de Grace
// the fighter may take as its next action or let go by taking another:
// version 4, after a rules audit found it forced) and Retreat Engaged;
// Stand Up, Crawl
// and Blind Fire Prone and Pinned; Crawl Seriously Injured; Running for
// Cover Broken. Vehicles, whose actions differ (seed 002): Mobile or
// Stationary, and Active, Stalled or Wrecked; Move and Ram (Double) when
// Mobile, Shoot, Aim and Reload by their crew, Jump Start (a Restart test)
// when Stalled; Hull Points and the vehicle damage die (Glancing on three
// faces, Penetrating on two, Catastrophic on one). Vision arcs from facing
// (what a fighter may shoot, and when it must turn to fight); Pinning on a
// ranged hit; the wound table, saves with AP, Damage, and injury dice one
// at a time (Flesh Wound −1 Toughness, Out of Action at 0; Serious Injury,
// a second counting as a Flesh Wound; Out of Action); Nerve tests for
// friends within 3" of a casualty (failed: Broken); characteristic tests as
// 2D6 at least a target; the round with the Priority roll, Ready models and
// the End phase: Bottle checks (D6 + casualties against the starting crew),
// Cool tests to flee for a bottled gang, Recovery tests for Seriously
// Injured fighters and Restart tests for Stalled vehicles, and Cool tests
// to rally Broken ones; falls from ledges; a post-battle lasting roll.
//
// The mechanics N23 shares with N26 are one implementation, in package
// rules/necromunda (the wound table, tests and saves with their naturals,
// the 2D6 test, injury and Recovery dice, firepower dice with Ammo and
// Reload, the D66 lasting table, random allocation of hits into a combat,
// falls, the Priority roll): n23 gives them its names, sources and data
// (its editions, procs.go).
//
// # Statuses and facing in the engine
//
// The two axes are the engine's Info.Statuses (standing, prone; mobile,
// stationary for vehicles) and Info.Secondary (active, engaged, pinned,
// seriously-injured; stalled, wrecked). The turn at activation is an
// opening action (engine.ActionDef.Opening): only before the activation's
// first action (a Free action, which is not one of its two, may come
// before it), not one of them, at most once. On a board the ruleset keeps
// each model's facing (the counter "facing", degrees anticlockwise from +x)
// and works out vision arcs; at a table the players turn the models and
// are asked (engine.FactArc).
//
// Seed 002 lets a fighter turn to face any direction. On a board what a
// heading decides is which enemies are in the vision arc: an enemy is in
// it while the facing is within half the arc, plus its base as seen from
// the fighter, of the heading to it (whole degrees both). So the list a
// menu or a bot chooses from offers, for a turn and for a Stand Up, a turn
// to face each enemy in play that is not Wrecked ("turn m0 >m3"), and one
// heading for each other set of enemies that some heading puts in the arc
// ("turn m0 #135", degrees anticlockwise from +x): the middle of the
// widest run of headings that put exactly that set in it. A turn leaves
// out the set the fighter's facing already has, and the enemy it faces
// already: turns that change nothing in the arc; Stand Up does not (a
// Prone fighter has no facing),
// and with no enemy to face it offers the heading the fighter had. Any
// other whole-degree heading, 0 to 359, is legal when a person types it
// (engine.ActionDef.Unlisted); bots keep to the list. At a table the
// players turn the model: the plain action, no heading.
//
// A Flesh Wound on a Recovery test with recovery-flesh-wound=standing
// stands the fighter up in the End phase, and seed 002 has its player pick
// its facing: on a board the player chooses from Stand Up's headings (an
// option is an enemy's ID, or "<degrees>-degrees"), the nearest enemy
// first, which is a bot's default; at a table, as for Stand Up, the
// players turn the model and nothing is asked.
//
// # Options (rules.md §8: gaps, each with its default)
//
//	injury-faces          2-3-1 (default) | 3-2-1     faces of Flesh Wound, Serious Injury, Out of Action (rules.md §6.3-p)
//	save-natural          1 (default) | 1-2           natural saves that always fail
//	vision-arc            90 (default) | 180 | 360    a Standing fighter's vision arc, degrees about its facing
//	engaged-turn-penalty  -1 (default) | -2 | 0       hit modifier after turning while Standing and Engaged (seed 002)
//	crawl                 2 (default) | half-m        how far Crawl goes
//	blind-fire            -2 (default) | -1           Blind Fire's hit modifier
//	bottle-comparison     higher (default) | at-least Bottle: D6 + casualties against the starting crew (rules.md §8, fetched)
//	recovery-flesh-wound  pinned (default) | standing a Flesh Wound on a Recovery test (rules.md §8)
//	lasting-table         n26 (default) | none        post-battle lasting tables
//	reaction-attacks      attacks (default) | 1       reaction attacks of a fighter Fought
//	charge-attack-bonus   1 (default) | 0             extra attacks in a Charge's free Fight
//	ammo-roll             every-shot (default) | rapid-fire  which shots roll a firepower die for its ammo symbol
//	ductways              none (default) | some       at a table, whether the table has ductways (on a board, its ducts say)
//
// Sources: rules.md §8 asks to fetch the N23 pages before filling its gaps.
// Of them, the End phase page (necrodamus.org, the-end-phase) was reachable
// from its start: its four steps and the Bottle check (D6 plus the gang's
// Prone and Seriously Injured or Out of Action fighters and Wrecked
// vehicles, against the starting crew, bottled when higher) follow that
// page; the Resolve Hits page from its start (the wound table, one save a
// hit); the Close Combat page from its start (the Fight sequence: turning
// to face costs −1, reaction attacks, then Coup de Grace; a Prone and
// Pinned fighter charged stands, counting as turned; −1 after charging a
// target out of sight); the Vehicle Impacts page from its start (the
// collision table by Movement). What they did not show is an option above,
// or a choice below.
//
// # Choices made where the rules are silent
//
//   - A vehicle's W is its Hull Points and its I its Handling (a target
//     number, for the Restart test and dodging); it has one Toughness all
//     round (no arcs), its crew fire its weapons and see all round.
//   - A fighter's wounds go one Damage point at a time: while it has two or
//     more, a point costs a wound; the point that takes the last one, and
//     each after it, rolls one injury die, applied at once. A vehicle the
//     same with its Hull Points and the vehicle damage die. A Glancing hit
//     does nothing more; Penetrating leaves it Stationary and Stalled;
//     Catastrophic Wrecked: it stays on the table, out of the fight.
//   - Shooting: the target must be in sight, within Long Range and (for a
//     Standing fighter's Shoot) within its vision arc; at a table a "no" to
//     any of these refuses the action, changing nothing. Accuracy is the
//     weapon's within Short Range, else its long one; cover −1; Aim +1 to
//     the next Shoot this activation. A Rapid Fire (X) weapon rolls X
//     firepower dice, its hits the bullets shown; by default every shot of
//     a weapon with an Ammo value rolls one firepower die at least, for its
//     ammo symbol, which calls for an Ammo check (D6 at least the value,
//     else Out of Ammo); Reload is the same check.
//   - Aim (rules.md §3.3: +1 on a later Shoot this activation, its only
//     effect) is offered only when a Shoot could follow it; the rules are
//     silent on an Aim that does nothing. A Shoot could follow when the
//     model has an enemy it may shoot now, with a weapon that can fire, and
//     an action left for that Shoot once the Aim is paid: none after a Move,
//     nor for an Unwieldy weapon's Double Shoot, nor once the activation's
//     Shoot is taken; quick-draw's free Shoot needs none. Refused, it says
//     which is missing.
//   - A fighter already within 1" of an enemy that engages, but not in
//     base contact (the enemy stood up beside it), may still Move, away or
//     round, never closer to it (board.KeepsOff; the seed is silent).
//   - A Charge moves M + D3" (a D6 halved, rounding up) into base contact,
//     passing within 1" of enemies only to get there, else ends as close as
//     it may; it need not see its target (−1 on the free Fight if not).
//     On a board a Charge is offered only at a target it could reach, or
//     at least get closer to, on some roll of its D3: one that would go
//     nowhere (a fighter on a gantry's edge, its target below) would spend
//     both actions for nothing; refused, it says so.
//     Moves on a board keep more than 1" from Standing enemy fighters and
//     vehicles, and leave a model facing the way it went.
//   - A Fight is with the fighter's first Melee or Sidearm weapon (its
//     Attacks) and one attack with a second; unarmed it uses its Strength.
//     Only the target makes reaction attacks, if it still stands; a vehicle
//     makes none. Consolidation is not modelled.
//   - Retreat: an Initiative test (D6, naturals as for hit rolls); passed,
//     the fighter goes D6" straight away from its foes, ending more than 1"
//     from every enemy, or stays if there is no room; failed, it stays
//     Engaged. Running for Cover goes up to 2M" the same way.
//   - A Broken fighter may only Run for Cover while Standing (or Retreat,
//     while Engaged), and Crawl or Stand Up while Prone. A Nerve test is for friendly fighters within 3"
//     that are not down or Broken; a Broken fighter rallies in the End
//     phase on a Cool test.
//   - Ram: the vehicle goes up to M" straight at its target; reaching it, a
//     fighter dodges on an Initiative test (+1 Standing), else takes the
//     collision's hit (by the vehicle's Movement) and, Standing and Active,
//     is Pinned; a vehicle takes the hit.
//   - A fighter with the keyword quick-draw may Shoot with a Sidearm as a
//     Free action: it stands for the skills and gang tactics that grant
//     one, so that the name clash of seed 002 can be played. The counter
//     "actions" at 1 stands for effects that leave a model one action.
//   - Bottle checks count fighters that fled as neither; once bottled a gang
//     stays bottled, and makes its Cool tests to flee every End phase.
//   - Priority ties: rules.md §3.3 does not say how they break; N23 uses
//     N26's rule (rules.md §2.3.3): in round 1 the tied sides roll again,
//     later the tie goes to the side that did not have Priority last round.
//   - The game ends when a gang has no model in the fight; after the last
//     round, the gang with more models in the fight wins.
//   - Crawl Through Ductway needs a ductway: on a board, within 1" of a
//     duct's end, with a spot at the far end where the fighter can be
//     set up (else it is not offered); at a table the players say whether the fighter is at
//     one, and the scenario says whether its table has any (option
//     ductways, none unless it says some), so that a scenario without
//     ductways never offers it.
//   - At a table, fighters are Engaged through a Charge (or a scenario's
//     engaged-with); on a board through base contact, Standing to Standing.
//
// # Not modelled
//
// Skills, wargear beyond weapons and armour's save, gang tactics, scenario
// victory conditions and objectives, Fire Through Ductway (the board
// measures from a model's own base, and a shot from a ductway's far end
// needs measurements from a point), Consolidate, Stray Shots, weapon traits
// beyond Rapid Fire, Unwieldy, Melee and Sidearm, vehicles' Front, Side and
// Rear arcs and Toughness, location dice, crews and passengers, Free Wheel
// and the other vehicle actions beyond Move, Ram, Shoot and Jump Start,
// running over fighters on an ordinary move, N23's own lasting tables (not
// reachable; the option lasting-table uses N26's), and the campaign.
//
// # Dice procedures
//
// n23-test (D6 tests with naturals), n23-check (2D6 at least a target),
// n23-injury and n23-recovery (the injury die: flesh-wound, serious-injury,
// out-of-action; typed as fw, si, ooa or a face number; both take the
// option injury-faces as a parameter, --injury-faces 3-2-1), n23-bottle,
// n23-vehicle-damage (glancing, penetrating, catastrophic: g, p, c); inside
// the game also n23-d6, n23-firepower, n23-pick (random allocation) and the
// lasting tables. Every roll asked of a player says what it is for, who
// rolls how many dice of which kind, and what they need.
//
// # Post-battle
//
// With the option lasting-table at n26, every fighter out of action and
// every Wrecked vehicle rolls on N26's lasting tables (a stand-in: N23's
// own were not in the sources); the report (Report, Results) lists them,
// and a campaign (package campaign, docs/campaigns.md) applies them. n23
// does not check whether a Seriously Injured fighter succumbs.
package n23
