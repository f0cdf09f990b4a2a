package n26

import "github.com/skirmish-engine/skirmish/dice"

var modParam = dice.Param{Name: "mod", Kind: dice.IntsParam, Min: -MaxMod, Max: MaxMod, MaxItems: MaxMods,
	Usage: "a modifier (repeatable, signed)"}

// Procedures returns the specs of this ruleset's dice procedures.
func Procedures() []*dice.Spec {
	return []*dice.Spec{
		{
			Name:    "n26-injury",
			Game:    "n26",
			Summary: "injury dice for a wounded model: roll L, the attacker keeps the worst for the target",
			Source:  "rules.md §2.3.1, §2.3.4",
			Params: []dice.Param{{Name: "dice", Kind: dice.IntParam, Min: 1, Max: MaxDice, Default: 1,
				Usage: "injury dice rolled (the weapon's Lethality)"}},
			Build: func(a dice.Args) (dice.Procedure, error) { return Injury{Dice: a.Int("dice")}, nil },
		},
		{
			Name:    "n26-recovery",
			Game:    "n26",
			Summary: "Recovery test: roll K injury dice, the controlling player keeps the best",
			Source:  "rules.md §2.2.6",
			Params: []dice.Param{{Name: "dice", Kind: dice.IntParam, Min: 1, Max: MaxDice, Default: 1,
				Usage: "injury dice rolled (1, +1 assisted, +1 Tend Wounds/Conduct Repairs, …)"}},
			Build: func(a dice.Args) (dice.Procedure, error) { return Recovery{Dice: a.Int("dice")}, nil },
		},
		{
			Name:    "n26-coup-de-grace",
			Game:    "n26",
			Summary: "Coup de Grace: D6 + attacker's S against D6 + target's S; ties take the target out of action",
			Source:  "rules.md §2.2.3, §6.2-i",
			Params: []dice.Param{
				{Name: "attacker", Kind: dice.IntParam, Min: 1, Max: 10, Required: true, Usage: "the attacker's Strength"},
				{Name: "target", Kind: dice.IntParam, Min: 1, Max: 10, Required: true, Usage: "the target's Strength"},
			},
			Build: func(a dice.Args) (dice.Procedure, error) {
				return CoupDeGrace{Attacker: a.Int("attacker"), Target: a.Int("target")}, nil
			},
		},
		{
			Name:    "n26-check",
			Game:    "n26",
			Summary: "characteristic check: 2D6 (or D6) ≤ value + modifiers passes",
			Source:  "rules.md §2.3.1",
			Params: []dice.Param{
				{Name: "value", Kind: dice.IntParam, Min: 1, Max: 10, Required: true, Usage: "the characteristic checked (Ld, Cl, Wil, Int, or S, T, I…)"},
				modParam,
				{Name: "dice", Kind: dice.IntParam, Min: 1, Max: 2, Default: 2, Usage: "2 for Ld/Cl/Wil/Int checks, 1 for other characteristics"},
			},
			Build: func(a dice.Args) (dice.Procedure, error) {
				return Check{Value: a.Int("value"), Mods: a.Ints("mod"), Dice: a.Int("dice")}, nil
			},
		},
		{
			Name:    "n26-test",
			Game:    "n26",
			Summary: "D6 test (hit roll, save): D6 + modifiers ≥ target passes; natural 1 fails, 6 passes (save: 1–2 fail)",
			Source:  "rules.md §2.3.1, §2.3.4",
			Params: []dice.Param{
				{Name: "target", Kind: dice.IntParam, Min: 2, Max: 6, Required: true, Usage: "the number needed: 4 for 4+ (BS, WS, Sv)"},
				modParam,
				{Name: "save", Kind: dice.BoolParam, Usage: "a save: naturals 1–2 always fail, no automatic pass"},
			},
			Build: func(a dice.Args) (dice.Procedure, error) {
				return Test{Target: a.Int("target"), Mods: a.Ints("mod"), Save: a.Bool("save")}, nil
			},
		},
	}
}
