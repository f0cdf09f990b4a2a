// Package dice is skirmish's exact dice engine: distributions, the
// algorithms that build them without enumerating faces, dice procedures, and
// the random source. It knows distributions, not games: the games' procedures
// live in their rulesets (rulesets/n26, rulesets/trenchcrusade,
// rulesets/falloutfactions) and are listed by rulesets/all. It imports only
// the standard library.
//
// # Distributions
//
// A Dist maps consecutive integer outcomes to integer weights over one common
// denominator, so probabilities are exact fractions (Prob) that print reduced
// ("11/36"). Dists are immutable one-word handles, free to copy and share.
//
// Weights live in one of three tiers, chosen per computation:
//
//   - uint64 while the total fits in 64 bits (12d6, 16d10),
//   - a 128-bit integer while it fits in 128 bits (20d10, a 20-die d10 pool
//     with Luck dice), with no allocation per operation,
//   - math/big beyond (40d10, a 40-die pool with Lucky Break).
//
// Each exact algorithm is written once, against a small arithmetic interface
// (arith) with the three tiers as implementations. The 64- and 128-bit tiers
// report overflow instead of wrapping, and the computation is rerun on the
// next tier, so an overflow is never silent. DESIGN.md §2/§6 ask for a uint64
// fast path with math/big on overflow; the 128-bit middle tier was added
// because two of the four benchmark cases (20d10, the N = 20 test pool) have
// totals between 2^64 and 2^128 and would otherwise run on math/big.
//
// Inner loops are vector kernels of the arithmetic (axpy, powers, mulv,
// scalev), one call per row; scratch rows come from a pooled arena, results
// are always freshly allocated.
//
// # Algorithms
//
//   - KeepHighest, KeepLowest: the sum of the k highest (lowest) of n dice,
//     by a dynamic programme over values from the top down whose state is
//     how many dice sit above the current value and the sum of those kept;
//     dropped dice are collapsed into one binomial tail term, so faces are
//     never enumerated (as in icepool). Keeping one or two dice has a closed
//     form. Keep-lowest mirrors the die.
//   - PickOne: keep one die of n by rank, for symbol dice such as the
//     Necromunda injury die.
//   - Binomial and CountSuccesses: pools that count hits.
//   - HitPool: a hit-counting pool with re-rolls of misses and dice whose
//     hits earn an extra die (Fallout: Factions' Luck dice).
//   - Opposed, Dist.Add (convolution), Dist.Map (ladders and tables).
//
// Results of KeepHighest, KeepLowest and PickOne, and each procedure's Odds,
// are cached in a Memo: a lock-free direct-mapped table whose hit costs one
// multiply and two loads and allocates nothing.
//
// # Procedures
//
// A Procedure is what a rule asks for: "roll this, tell me the outcome". One
// Resolve method, written as straight-line code against a Tray, serves both
// digital dice (Sample: faces from an RNG) and physical dice typed by a
// player (Read: faces validated against each die as it is rolled, with a
// FacesError naming the face and what was allowed). A Roller rolls like
// Sample for a game that keeps only the outcome and the faces: it reuses
// its tray, and Tray.Explains tells the procedure to skip its explanation,
// the text a person reads, which would otherwise be most of what a roll
// allocates. Odds gives the exact
// distribution of the same outcomes. A Spec describes a kind of procedure
// with its parameters, validates raw values (a ParamError names the
// parameter and its allowed range; nothing is clamped) and builds it; a
// Registry holds specs by name.
//
// # Randomness
//
// RNG is a ChaCha8 stream from math/rand/v2 seeded from one uint64, with its
// state serializable. Faces are mapped from it by Lemire's
// multiply-and-reject method implemented here, so a seed gives the same faces
// on every Go version. (DESIGN.md §2 names PCG and §6 ChaCha8; ChaCha8 is the
// one the foundation issue specifies.) DeriveSeed gives each game of a
// simulated batch its own seed, so that any one game replays alone.
//
// # Concurrency
//
// Dists, Procedures, Specs, the Registry and the Memo are safe for
// concurrent use: any number of games may share them. An RNG, a Tray and a
// Roller are not; each game has its own.
package dice
