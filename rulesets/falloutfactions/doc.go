// Package falloutfactions implements Fallout: Factions (seed
// 004_49c025eca987cbfb.txt, specified in our own words in rules.md §5).
//
// So far it provides the game's dice procedures for package dice: the
// S.P.E.C.I.A.L. test (ff-test) with all five of its steps, and Rummage
// (ff-rummage).
//
// Choices made here, where the rules leave room (rules.md §6.3-j, §6.3-k):
//   - Luck is the number of Luck dice in the pool, which may not exceed the
//     pool (dice plus bonus dice); a model whose Luck stat is higher rolls as
//     many Luck dice as the pool holds, so give that number.
//   - An Unlucky test takes no bonus dice (asking for some is an error, not a
//     silent drop) and skips Fortune Smiles and the critical; its Luck dice
//     behave as standard dice.
//   - Lucky Break re-rolls every dud once, right after step 2, even when every
//     die was a dud; Fortune Smiles dice are rolled after it and are never
//     re-rolled. It may be used on Unlucky tests too.
package falloutfactions
