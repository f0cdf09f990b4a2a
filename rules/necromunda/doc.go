// Package necromunda holds the mechanics that Necromunda's two editions
// share, written once for the rulesets n26 (the 2026 core rules, seed 000,
// rules.md §2) and n23 (the 2023 core rulebook, seed 002, rules.md §3).
//
// Why a package of its own, and not package rules: rules holds small
// building blocks any game may use (a D6, a random pick, compiled setups);
// what is here is one game family's (the wound table, Necromunda's tests
// and saves with their naturals, injury dice, firepower dice, the D66
// lasting tables, ammo, random allocation of hits into a combat, falls from
// ledges, the Priority roll). Putting it in rules would make every ruleset
// depend on another game's vocabulary; putting it in one of the two
// rulesets would make the other import a sibling ruleset.
//
// What differs between the editions is data, in an Edition: the names the
// procedures carry in logs ("n26-test", "n23-test"), where each mechanic is
// documented, the injury die's symbols and how many faces show each
// (rules.md §6.3-p: face counts are data), the naturals that fail a save,
// which way a characteristic check passes (rules.md §6.3-o: N26 2D6 at most
// the value, N23 2D6 at least the target), what an ammo symbol means, and
// the lasting tables. The dice procedures are generic over the edition, a
// zero-size type of the ruleset's: n26 plays necromunda.Test[n26's
// edition], n23 necromunda.Test[n23's], so a procedure's value holds only
// its parameters and prints as it always has ({Target:4 Mods:[] Save:false}).
//
// Shared, as the rulesets use it:
//
//   - WoundTarget: Strength against Toughness (rules.md §2.3.4; the N23
//     Resolve Hits page has the same table, rules.md §3.3);
//   - Test: a D6 test with naturals (hit rolls, saves with AP, Agility and
//     Initiative tests), Check: 2D6 (or D6) against a value or a target;
//   - Injury and Recovery: injury dice, one kept (the attacker's worst, the
//     controlling player's best), from the edition's injury die;
//   - Firepower: Rapid Fire's firepower dice with the ammo symbol (rules.md
//     §2.3.1, §2.3.6), and the gear bits of Ammo and Reload (OutOfAmmo,
//     RunOut, Reload);
//   - Lasting: a D66 table read tens then units (rules.md §2.3.4);
//   - Allocate: a hit on a model in a combat goes to one of its models at
//     random (rules.md §2.3.4, Ranged step 4);
//   - Falls and Fall: the Agility test at a ledge and the fall's height and
//     landing (rules.md §2.3.5);
//   - PriorityRoll and SidesFrom: the Priority roll and the End phase's
//     order, the Priority side first (rules.md §2.3.3, §3.3).
//
// The Bottle check is the same step of the same phase in both editions but
// a different roll (N26: 2D6 at most the highest Leadership; N23: D6 plus
// the gang's casualties against its starting size, rules.md §3.3), so each
// ruleset keeps its own procedure, and the order of the sides is shared.
//
// Hot paths allocate nothing: names are made once per edition, odds are
// memoized per edition, and the helpers take boxed procedures.
package necromunda
