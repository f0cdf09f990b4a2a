// Package bot plays any ruleset through the engine's legal list, its exact
// odds and lookahead games, without knowing which ruleset it plays:
//
//   - Random picks a kind of action uniformly (engine.ActionKinds), then
//     one of its actions, and any option of a choice (engine.RandomPolicy,
//     under this package's name);
//   - Greedy takes the action whose resulting position has the highest
//     expected value: the exact expectation over every dice outcome
//     (engine.Game.Expect) where the action's outcomes number fewer than
//     the path cap, and the mean of sampled outcomes past it;
//   - MCTS is Monte Carlo tree search with UCT: open-loop over dice (each
//     iteration samples them afresh, and the tree is keyed by actions
//     only), the root's actions starting from Greedy's exact values, the
//     nodes below it kept to the few actions those values rank best
//     (among a sample of each kind of action), asking the engine about
//     those few rather than listing every action,
//     depth-limited random playouts scored by the evaluation at the leaf,
//     and a budget in iterations (deterministic for a seed) or in time
//     (not).
//
// Positions are scored by Evaluate: the ruleset's own evaluation when it
// has one (an optional capability, Evaluator, that rulesets implement
// without importing this package), else a generic one (models in play,
// closeness to the enemy), and always the game's result once it is over.
//
// Choices in the middle of an action (spend a marker? keep which die?)
// are settled the same way by Greedy and MCTS: each option is tried a few
// times from the choice onwards (engine.ChoiceTrier) and the one with the
// best mean evaluation for the chooser is taken. Choices met inside those
// tries, and inside Greedy's lookahead games, take the first option;
// inside MCTS's search each option is tried once (MCTS.ChoiceSamples), so
// that the search plays the markers and ploys that the bots play at the
// table.
//
// A bot draws its randomness only from the RNG the engine hands it (the
// game's bot stream), so a game between bots with an iteration budget
// replays exactly from its seed. A bot holds scratch space and is not safe
// for concurrent use: make one per game, or per worker playing games in
// turn.
package bot
