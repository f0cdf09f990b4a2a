package trenchcrusade

import "github.com/skirmish-engine/skirmish/dice"

var (
	diceParam = func(what string) dice.Param {
		return dice.Param{Name: "dice", Kind: dice.IntParam, Min: -MaxExtraDice, Max: MaxExtraDice,
			Usage: "net extra " + what + " after cancelling pairs: positive keeps the two highest, negative the two lowest"}
	}
	modParam = func(what string) dice.Param {
		return dice.Param{Name: "mod", Kind: dice.IntsParam, Min: -MaxMod, Max: MaxMod, MaxItems: MaxMods,
			Usage: "a flat " + what + " (repeatable, signed)"}
	}
)

// Procedures returns the specs of this ruleset's dice procedures.
func Procedures() []*dice.Spec {
	return []*dice.Spec{
		{
			Name:    "tc-success",
			Game:    "trenchcrusade",
			Summary: "Success Roll: 2D6 ± dice keep two, + modifiers; ≤6 failure, 7–11 success, ≥12 critical",
			Source:  "rules.md §4.3, §6.3-e",
			Params: []dice.Param{
				diceParam("dice"),
				modParam("modifier"),
				{Name: "natural-crit", Kind: dice.BoolParam, Usage: "critical only on a natural 12 (rule option; default: modified total ≥ 12)"},
			},
			Build: func(a dice.Args) (dice.Procedure, error) {
				return SuccessRoll{Dice: a.Int("dice"), Mods: a.Ints("mod"), NaturalCrit: a.Bool("natural-crit")}, nil
			},
		},
		{
			Name:    "tc-injury",
			Game:    "trenchcrusade",
			Summary: "Injury Roll: 2D6 ± injury dice keep two, + modifiers (negatives capped at -3); ≤1 / 2–6 / 7–8 / ≥9",
			Source:  "rules.md §4.2.1, §6.3-g",
			Params:  []dice.Param{diceParam("injury dice"), modParam("injury modifier")},
			Build: func(a dice.Args) (dice.Procedure, error) {
				return InjuryRoll{Dice: a.Int("dice"), Mods: a.Ints("mod")}, nil
			},
		},
	}
}
