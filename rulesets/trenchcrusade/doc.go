// Package trenchcrusade implements Trench Crusade, rules v1.0 (seed
// 003_c670c0ffa6e63837.txt, specified in our own words in rules.md §4).
//
// So far it provides the game's dice procedures for package dice: the
// Success Roll (tc-success) and the Injury Roll (tc-injury). Both roll two
// six-sided dice plus or minus extra dice, which cancel pairwise; with extra
// dice left over the two highest (or, with minus dice, the two lowest) are
// kept and summed, then flat modifiers are added and the total is looked up
// on a ladder.
//
// Rule options (rules.md §8, gap 6):
//   - NaturalCrit: a Success Roll is critical only when the kept dice are a
//     natural 12. Off by default: a modified total of 12 or more is critical
//     (rules.md §6.3-e).
package trenchcrusade
