// Package engine runs activation-based skirmish games: the state, the legal
// actions of each decision, resolution of actions with dice, choices and
// measurements, the log that is the game's source of truth, replay, undo,
// saves and exact odds. It imports only the standard library and package
// dice; rulesets plug into it, and it never names a game.
//
// # A tour
//
// A ruleset describes itself in an Info (phases, actions with their types,
// the action economy, statuses, conditions, counters, options) and sets a
// game up in Start. New starts a game from a Setup (package scenario reads
// one from YAML). At every decision, Legal lists what the deciding side may
// do, sorted; Apply takes one, and refuses anything not in the list with a
// reason a player can read, changing nothing. The list is finite, for menus
// and bots; where a rule lets a person give any value (a heading in whole
// degrees), the definition's ActionDef.Unlisted takes what a person types
// beyond the list, while an action of the same ID and actor is listed and
// the economy allows it.
//
// Rule code is plain Go that asks through a Ctx: Roll for a dice
// procedure, Choose for a choice (reaction windows are choices with a
// "pass" option), Fact for a measurement. It never learns who answers:
//
//   - dice come from the seeded RNG face by face (DigitalDice), straight
//     from the exact odds (SampledDice, allocation-free, for simulations),
//     or from real dice a player types (PhysicalDice);
//   - choices come from a bot (Config.Players) or a person;
//   - facts come from the board (board mode) or the players (table mode);
//   - when a log is replayed, everything comes from the log; when odds are
//     enumerated, every dice outcome is tried with its exact weight.
//
// When a person must answer, the action stops and Pending returns the
// question; Answer gives the reply, and the action is run again from its
// start, on a fresh copy of the state, with every answer so far given back
// in order. So rule code must be deterministic given its answers, and the
// state only changes when an action completes. When every answer is at
// hand, nothing runs twice.
//
// Every question speaks for itself: a roll carries an About (what it is
// for, the models concerned, a detail such as the weapon), the procedure
// describes its dice (dice.Describer), a fact carries its Why, and the
// prompt's Text joins them ("Ranged hit for b against w (lasgun) — Wardens:
// roll 1 D6: 4+ passes; …"). The text is made only when a person is
// asked. A measurement may show that an action was not legal after all (a
// vehicle that cannot turn to face its Charge target): Ctx.Refuse then
// stops it, nothing of it is applied, and the dice it drew are put back,
// as they are when a waiting action is cancelled, so that taking it again
// rolls the same dice and a replay derives every die from the seed.

// Time is rounds of phases; activation phases alternate sides, one
// activation at a time, with chained activations (Ctx.Chain), extra ones
// (Ctx.ExtraActivation, optionally for another model than the one that
// just went), passing (Activation.MayPass, which a rule option may forbid
// through Passing), forced free follow-ups (Ctx.FollowUp, part of the
// action that gave them: they are not counted as actions) and hooks at the
// start and end of rounds, phases, activations and actions (optional
// interfaces: RoundHooks, PhaseHooks, ActivationHooks, ActionHooks).
// Models may activate several times a round where Eligibility says so. The
// action economy is data (Economy, ActionDef.Type, Excludes, Family,
// TypeOf, Opening) and covers slot budgets with Single/Double/Free,
// Simple/Basic with name clashes (an action retyped by an effect clashes
// as its declared type too), once per type with exclusive groups,
// fatigue-priced turns of one or two actions (MinActions, MaxActions, Pay,
// PerRound: once a round, exclusions too), and opening actions taken
// before an activation's first action and not counted as one (N23: a
// fighter turns to face any way when it is activated; a Free action, which
// is none of its actions, may come before the turn). A model has one
// status, or one on each of two axes (Info.Secondary: N23's Standing or
// Prone, and Active, Engaged, Pinned or Seriously Injured), and any number
// of conditions.
//
// A rule may also ask the players whether a model is near something the
// ruleset tracks itself, such as a Search token (FactNear, with the thing
// named for people).
//
// Every applied action is logged with its answers and events (Log). The
// state can always be rebuilt from the log (Rebuild); Undo reverts whole
// actions and keeps them, marked, in the log; Save writes one JSON file with
// digests of its setup and final state, and Load replays it, checking the
// digests, every action and the side that took it, every answer, and every
// digital die against the seed (docs/saves.md). Odds enumerates an action's dice outcomes through
// its whole resolution for exact probabilities of its results.
//
// Bots (package bot) look ahead with three tools: Expect, the exact
// expected value of any function of the resulting state over an action's
// dice, enumerated as Odds does; Lookahead, a game positioned at any state
// of another, with its own sampled dice and an empty log, that Restart puts
// back at a state for the next try; and the ChoiceTrier capability of a
// Policy, which lets a bot try each option of a choice in the middle of an
// action before it answers.
//
// # Plugging in a ruleset
//
// Implement Ruleset (Info and Start), and any of RoundHooks, PhaseHooks,
// ActivationHooks, ActionHooks, Eligibility, Ender, Summarizer and ExtCodec
// it needs. Register it in a Registry (package rulesets/all does, for the
// built-in games), and run the conformance suite in its tests:
//
//	func TestConformance(t *testing.T) {
//		enginetest.Run(t, enginetest.Suite{Ruleset: New(), Setup: sample, Games: 500})
//	}
//
// For allocation-free play, keep dice procedures boxed (in a variable or a
// table) rather than making struct literals per roll, and give Choose
// option slices that are package variables. Give an action whose options
// are costly to list (a move's destinations) an Any: the engine only needs
// to know whether the activation goes on after each action, and a
// decision's kinds (ActionKinds, which the random bot and MCTS use) whether
// the action has any option; the options are listed when someone asks
// (Legal, KindActions). Any is only consulted for a definition whose type
// is fixed (no TypeOf), where the economy's verdict is the same for every
// option, and it must agree with Options exactly (enginetest checks it).
//
// # Concurrency
//
// Many games run at once on shared rulesets and setups (a server, a batch
// simulation), so:
//
//   - a Ruleset, and every hook it implements, must be safe for concurrent
//     use: its Info is read-only once registered, and all per-game data
//     lives in the State (or its Ext) the engine hands it; the built-in
//     rulesets are, and rulesets/all's race test plays them at once;
//   - a Registry is safe for concurrent use;
//   - a Setup is read-only once a game has started from it: any number of
//     games may share one (states point at it and never change it); do not
//     change it, or its Board, while a game uses it;
//   - RandomPolicy is stateless (the randomness is the game's bot RNG) and
//     safe to share; a Policy of your own that several games share must be
//     safe for concurrent use too;
//   - a Game, and a State, are not: one goroutine per game, or a lock
//     around it. Clone a State to hand it elsewhere.
package engine
