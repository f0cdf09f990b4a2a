// Package n26 implements the Necromunda 2026 core rules (seed
// 000_962f23426be46907.txt, specified in our own words in rules.md §2).
//
// So far it provides the game's dice procedures for package dice: the injury
// dice rolled for a wounded model (n26-injury) and for a Recovery test
// (n26-recovery), the opposed Coup de Grace roll, 2D6 and D6 checks
// (n26-check) and D6 tests with naturals (n26-test).
//
// The injury die is a six-sided die with symbols: Injured on two faces,
// Seriously Injured on three, Out of Action on one (rules.md §2.3.1, §6.3-p).
// A player typing physical dice may give the symbol, its initials (i, si,
// ooa) or the face number 1–6, where 1–2 are Injured, 3–5 Seriously Injured
// and 6 Out of Action.
//
// Choices the rules leave to a player are made the way that player wants: the
// attacker keeps the injury die worst for the target, the controlling player
// keeps the best Recovery die.
package n26
