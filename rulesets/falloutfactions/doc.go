// Package falloutfactions is Fallout: Factions (seed
// 004_49c025eca987cbfb.txt, restated in our own words in rules.md §5) as a
// ruleset for package engine, with its dice procedures for package dice.
//
// # What it plays
//
// Everything seed 004 states (rules.md §5.2): the actions of unengaged
// models (Get Moving, 8" or 12" Hurrying for a second Fatigue, with
// Movement Orders to friends in the Control Area, each Taking Fatigue to
// move; Open Fire with a Pistol, Rifle, Heavy or Grenade weapon at a
// Visible enemy, Supporting Fire from up to Charisma friends in the
// Control Area, each Taking Fatigue, bonus dice for each supporter, each
// Harm on the target and a Wide Open target, an Unlucky test beyond the
// Effective Range, and no shot at all beyond it with a CQB weapon; Patch
// Up; Rummage at a Search token, option A a chem by the dice's total, a
// Rare Chem at 18 or more, option B the higher die in caps and the lower
// in parts, a 10 leaving a Radiation token) and of engaged ones (Back Off
// 2", not ending in an enemy's Proximity; Brawl with a melee weapon or,
// by a model that has none, the Makeshift Weapon (our reading of seed
// 004's "or": the fallback), 2S without traits or critical, bonus dice for moving
// into Engagement this Turn, for each Harm and for each other friend
// Engaged with the target and with no other enemy); the S.P.E.C.I.A.L.
// test's five steps (Luck dice up to the Luck stat, never more than the
// pool; Duds; Fortune Smiles; the critical on an attack; Unlucky tests
// without bonus dice, Luck dice or critical), Fail Forward XP and roll-offs
// (lowest wins, ties roll again); damage (hits against Endurance: Harm, an
// Injury and Harm, Incapacitated at twice it), the Harm limit (3, 4 Burly
// or in Power Armor) with Excess Harm becoming Injuries, Health boxes,
// Incapacitation with Confusion Tests (2I) for friends within 3" (flee or
// Take Fatigue; Machines neither take nor cause them) and the Champion XP,
// once a game; Fatigue (Normal, Weary, Exhausted; Taking it is refused at
// Exhausted, Suffering it is then ignored, and Hardy and Power Armor
// models never Suffer it; all of it gone at the end of the Round);
// Engagement and Proximity (a 1" zone of unengaged models, stopped by
// walls as tall as the model, reaching 2" above its base, and 2" below it
// by our choice below; Engaging across at most 2" of height, the higher
// base no higher than the lower model's top), the Control Area (Charisma inches, the model itself included,
// Inspirational +2"); Ploy tokens (the crew's Tier, at most 3) and the
// three standard ploys at their timing windows, each offered as a choice
// to the crew it belongs to: Teamwork at the end of a friendly Turn
// (another Turn, a different model), Second Wind at the start of a Turn
// (the active model Recovers its Fatigue, even Exhausted), Lucky Break
// after step 2 of any test (every Dud re-rolled).
//
// And what it refers to (rules.md §5.3): Rounds of alternating Turns of
// one model each, one or two actions a Turn, each Taking Fatigue, several
// Turns a model a Round until it is Exhausted, each action once a Round;
// weapon profiles with their test (4P), type, Effective Range, traits (Aim,
// Area, CQB, Fast, Slow, Storm, Unwieldy, Wind Up, Non-Lethal) and
// critical effects (Ignite, Maim, Meltdown, Pierce, Poison, Pushback,
// Suppress, Tranquilize); Wide Open and Obscured (the board's cover, or
// the players' word at a table); objectives scored at the end of each
// Round (the demo scenario's rule); and the post-game Treat the Wounded
// step in a post-battle report (Reporter).
//
// # Options (rules.md §8)
//
//	first-turn            roll-off (default) | alternate          who takes a Round's first Turn (gap 1)
//	round-end             both-pass (default) | exhausted         when a Round ends: both crews pass in a row, or only when no model can act (gap 1)
//	wide-open             unobscured (default) | never            when a target is Wide Open (gap 2)
//	second-wind           all (default) | one                     Fatigue Second Wind recovers (§6.3-i, gap 8)
//	lucky-break-all-duds  yes (default) | no                      Lucky Break on a test of nothing but Duds (§6.3-j, gap 8)
//	excess-harm           inflict-damage (default) | damage-only  whether Maim's Harm beyond the limit is an Injury too (§6.3-l, gap 9)
//	exhausted-confusion   flee (default) | no-effect              an Exhausted model failing its Confusion Test (§6.3-m, gap 9)
//	supporting-fire       control-area (default) | line-of-sight  who may give Supporting Fire (§8, further gaps)
//	order-hurry           no (default) | yes                      a second Fatigue for a 12" ordered move (§8, further gaps)
//
// order-hurry departs from rules.md §8's proposal ("allow"), which calls
// the seed silent on it: seed 004 says that each ordered model takes a
// Fatigue and moves 8", so by default an ordered model moves up to 8";
// "yes" adds the designer's blog's 12" for a second Fatigue.
//
// # Crews
//
// A model's type is leader, champion or grunt; its profile S, P, E, C, I,
// A (1–10), L (Luck, 0–10) and Health (1–10); its keywords are perks used
// by these rules: burly, power-armor, hardy, machine, natural-leader,
// inspirational, eye-catching, sniper. A weapon's kind is pistol, rifle,
// heavy, grenade or melee (wargear is carried, not used); its stats are
// its test (one characteristic and the dice, P: 4 for 4P) and, unless
// melee, its Effective Range (range); its traits are the weapon traits
// and at most one critical effect, with its (X) where it has one ("aim 1",
// "cqb", "poison 2"). A crew's tier counter gives its Ploy tokens. A
// model's height (inches, default 1.5") matters for Proximity and
// Engagement across levels. Board tokens are search or radiation tokens.
//
// # Board and table
//
// On a board the game measures: moves offer the board's destinations that
// the model reaches by a path keeping out of enemies' Proximity, and base
// contact with each enemy the model can reach and may Engage, on its level
// or across heights as above (which Engages it: that enemy is the move's
// target), the path entering that enemy's Proximity only on its last
// stretch. A move's length is that of the shortest such path, round
// terrain, other models and Proximity (board.Router), not of the straight
// line (issue 31). The destinations listed are a sample of the board
// (towards and away from models, objectives and cover); when none of
// them will do, the ends of straight moves in sixteen directions round
// the model, of the whole reach and of half, are listed instead, so that
// a model that can move always has a move. A person may type any
// destination of a Get Moving, an ordered move or a Back Off (as
// @10.5,9.6), and it is judged on its own (rules audit, version 5). A
// model Engaged is
// one in base contact, also across levels; Open
// Fire lists the Visible enemies (a CQB weapon only those in range); Wide
// Open is having no part of the target's base in cover; the Control Area,
// the Confusion Tests' 3", Area weapons and Search tokens are measured.
// At a table the players move the models and answer what the rules ask:
// whether a target is Visible, within the Effective Range or half of it,
// obscured; whether a friend is in the Control Area; whether a move into
// base contact got there; who is within 3" of a fallen model or within an
// Area; whether a Search token is within 1"; whether a model that Backed
// Off ended within 1" of an enemy it left (a yes refuses the Back Off: the
// players judge a screening wall themselves). A "no" that shows an action
// was never legal (a target not Visible, beyond a CQB weapon's range, a
// supporter or an ordered model outside the Control Area, no Search token
// near) refuses the action, changing nothing (engine.Ctx.Refuse).
//
// # Choices made where the rules are silent
//
//   - The steps within an action are free follow-ups of it
//     (engine.Ctx.FollowUp): a Get Moving's Movement Orders, given after the
//     model's own move and from where it then stands, one model at a time
//     ("no more orders" ends them), each ordered model moving before the
//     next order; an Open Fire's declarations, Supporting Fire model by
//     model and Aim, then Fire. So the odds of an attack are those of its
//     Fire, with its supporters declared. Supporting Fire and Aim are
//     offered only when the test can gain bonus dice.
//   - With a Ploy token in hand a test is rolled in stages, so that the
//     player sees step 2 before deciding on Lucky Break: the pool (Luck dice
//     first), then the re-roll of every Dud (Luck Duds first), then Fortune
//     Smiles; without one it is a single ff-test roll. Re-rolled Luck dice
//     stay Luck dice. Lucky Break is the tester's crew's to spend; it may be
//     spent on an Unlucky test. It is not offered on a Confusion or
//     Meltdown Test passed already at step 2, whose further hits change
//     nothing: it could only waste the token.
//   - The odds of an action follow the engine's odds policy for the
//     choices inside it: each crew chooses what does best for it by the
//     results, so a crew with a Ploy token spends Lucky Break after step 2
//     wherever re-rolling its Duds does better. The results that count on
//     a token spent say so in their label ("incapacitated; 1 Ploy token
//     spent on Lucky Break"); the token itself is not scored.
//   - A crew that spends Teamwork takes its extra Turn: no pass is offered
//     then, which would only waste the token.
//   - No question is asked that has one answer: an Exhausted model that
//     fails its Confusion Test flees (or, with exhausted-confusion
//     no-effect, nothing happens) without its player being asked to choose,
//     its test's prompt saying so and the log why; at a table the players
//     are asked whether a target is within half the Effective Range only
//     when Storm's dice could count (not with an Area weapon, nor an
//     Unwieldy one in too weak hands).
//   - At a table a Natural Leader, which passes its Confusion Tests anyway,
//     is not measured for them (whether it is within 3").
//   - A Turn is at least one action: End is offered after the first. On a
//     board a model is offered a Turn only when one of its actions has
//     something to take it against (a Visible enemy, a destination, a
//     Search token near), and Teamwork only for such a model (version 5);
//     a model activated that has nothing it can do ends its Turn at once
//     and takes no more Turns that Round. At a table, where only the players know
//     whether an enemy is in sight or a Search token near, a model left with
//     nothing but actions a measurement may refuse can Hold instead: its
//     Turn ends, and it takes no more Turns that Round.
//   - Fast allows a second Open Fire or Brawl in the same Turn with the same
//     weapon (the Turn's two actions); Slow, one attack a Round with the
//     weapon. An Area weapon's target point is a model's position: every
//     other model within X" of it, of either crew, is hit by the one test.
//   - Wind Up's second die, like the Brawl's first, is for a model that
//     moved into Engagement this Turn, with any enemy.
//   - Non-Lethal: a model it Incapacitates needs no Treat the Wounded roll,
//     as with Tranquilize (Clean Bill of Health).
//   - Meltdown's test is skipped against a target without Harm (no score
//     can be fewer hits than none).
//   - A Champion's XP is for a leader or a champion Incapacitated (not
//     fled). An Exhausted model may be activated only to spend Second Wind,
//     which is then spent without asking.
//   - Pushback moves the target straight away from the attacker in quarter
//     inches as far as it can; at a table a push of 1" or more breaks base
//     contact with the attacker.
//   - A tied roll-off is taken as typed and asked for again, saying so,
//     so that the players see the tie; the third ask rolls any further
//     ties itself (its dice typed after the tied ones), which keeps the
//     exact odds of an action that ends a Round to a few branches.
//   - After the last Round the crew with more objective points wins (a
//     point for each model within 1" of an objective marker at the end of
//     each Round, on a board), then the one with more models left; a crew
//     with none left loses at once.
//   - Back Off may not end in base contact with an enemy. A model already
//     inside an enemy's Proximity may move within it.
//   - A move goes round other models' bases, friends' too, never through
//     them (the seed is silent; as in most skirmish games, and Necromunda's
//     rules.md §2.3.5). Back Off, a move of 2" out of combat, is judged on
//     where it ends only, as the seed says.
//   - A path round an enemy's Proximity turns at the corners of a
//     sixteen-sided polygon drawn round it (board.Zone), so its length is
//     at most 2 % longer along the curve than the exact one: a destination
//     right at the limit of a move by that detour may be refused, never
//     one beyond it offered.
//   - A move into base contact with an enemy is offered once per enemy: to
//     the point of contact, facing the mover or at one of sixteen round the
//     enemy, that the shortest path reaches (so when another enemy's
//     Proximity stands in the straight way, the approach from another side).
//   - A board's paths stay on a level, so a move into Engagement with an
//     enemy on another level (within 2" of height, the higher base no
//     higher than the lower model's top) ends on the mover's own level,
//     its base touching the enemy's seen from above: at the foot of the
//     higher level, or at its edge over the lower model. A base stays
//     wholly on its level (package board: ledges bound a raised level), so
//     a model on a gantry engages one below only if that one stands at
//     the gantry's foot.
//   - Proximity reaches 2" below a model's base as well as 2" above it:
//     the seed limits it only above, and says nothing of below, so the
//     same 2" rule is taken both ways, like Engagement's. A model on the
//     ground stays out of the Proximity of an enemy on a gantry over it
//     (within 1" seen from above) unless it moves into base contact.
//
// # Not modelled
//
// Climbing and jumping between levels (a board's paths stay on a level),
// falling, the target point of an Area weapon away from a model, Big
// Swing, Irradiate, One & Done, Selective Fire, Haul, Seize, Showstopper,
// perks other than those above, chems in play (Rummage's are reported),
// what a Radiation token does (the seed only places it), the campaign
// (XP, caps and parts are counted and reported, not spent), the Treat the
// Wounded table itself (the report lists who needs it), and scenario
// objectives beyond the markers.
//
// # Dice procedures
//
// ff-test (the whole test) and ff-rummage (either option, or with the
// option chosen after the roll) are registered; inside the game also
// ff-pool (one stage of a test: standard and Luck hits apart), ff-count (a
// critical effect's X dice, counting those above a characteristic) and
// ff-roll-off. Every roll asked of a player says what it is for, who rolls
// how many d10 and what they need; an attack test's also how its pool is
// made (the weapon's test, then each source of bonus dice, a Wide Open
// that Eye Catching or a Sniper makes automatic, or why it gains none, as
// Unlucky); choices say what each option means.
//
// # Post-battle
//
// The report (Report, Results) gives each crew's XP, caps, parts and
// objective points, the chems found and the models to treat; a campaign
// (package campaign, docs/campaigns.md) adds the XP, caps, parts and finds
// to the crew's roster and leaves Treat the Wounded to the players.
package falloutfactions
