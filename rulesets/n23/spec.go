package n23

import "github.com/skirmish-engine/skirmish/dice"

var modParam = dice.Param{Name: "mod", Kind: dice.IntsParam, Min: -MaxMod, Max: MaxMod, MaxItems: MaxMods,
	Usage: "a modifier (repeatable, signed)"}

// facesParam is the option injury-faces for the injury die's procedures:
// which faces show Flesh Wound, Serious Injury and Out of Action.
var facesParam = dice.Param{Name: optInjuryFaces, Kind: dice.ChoiceParam, Choices: []string{"2-3-1", "3-2-1"},
	Usage: "faces of the injury die showing flesh-wound, serious-injury, out-of-action (the rule option injury-faces)"}

// faces is the index into the boxed injury and Recovery procedures for the
// injury-faces value given.
func faces(a dice.Args) int {
	if a.Choice(optInjuryFaces) == "3-2-1" {
		return 1
	}
	return 0
}

// Procedures returns the specs of this ruleset's dice procedures, for odds
// and roll (the default options but the injury die's faces, a parameter:
// the 2/3/1 injury die, saves failing on a natural 1).
func Procedures() []*dice.Spec {
	return []*dice.Spec{
		{
			Name:    "n23-injury",
			Game:    "n23",
			Summary: "one injury die: flesh-wound (2 faces), serious-injury (3), out-of-action (1); or 3, 2, 1 faces",
			Source:  "rules.md §3.3, §6.3-p",
			Params:  []dice.Param{facesParam},
			Build:   func(a dice.Args) (dice.Procedure, error) { return pInjury[faces(a)], nil },
		},
		{
			Name:    "n23-recovery",
			Game:    "n23",
			Summary: "Recovery test in the End phase: one injury die for a Seriously Injured fighter; flesh-wound recovers, serious-injury stays",
			Source:  "rules.md §3.3, §6.3-p",
			Params:  []dice.Param{facesParam},
			Build:   func(a dice.Args) (dice.Procedure, error) { return pRecovery[faces(a)], nil },
		},
		{
			Name:    "n23-check",
			Game:    "n23",
			Summary: "characteristic test: 2D6 + modifiers ≥ target (Ld, Cl, Wil, Int)",
			Source:  "rules.md §3.3, §6.3-o",
			Params: []dice.Param{
				{Name: "target", Kind: dice.IntParam, Min: 2, Max: 12, Required: true, Usage: "the target number: 7 for 7+"},
				modParam,
			},
			Build: func(a dice.Args) (dice.Procedure, error) {
				return Check{Value: a.Int("target"), Mods: a.Ints("mod"), Dice: 2}, nil
			},
		},
		{
			Name:    "n23-test",
			Game:    "n23",
			Summary: "D6 test (hit roll, Initiative, save): D6 + modifiers ≥ target; natural 1 fails, 6 passes (save: only the 1 fails)",
			Source:  "rules.md §3.3",
			Params: []dice.Param{
				{Name: "target", Kind: dice.IntParam, Min: 2, Max: 6, Required: true, Usage: "the number needed: 4 for 4+ (BS, WS, I, Sv)"},
				modParam,
				{Name: "save", Kind: dice.BoolParam, Usage: "a save: a natural 1 always fails, no automatic pass"},
			},
			Build: func(a dice.Args) (dice.Procedure, error) {
				return Test{Target: a.Int("target"), Mods: a.Ints("mod"), Save: a.Bool("save")}, nil
			},
		},
		{
			Name:    "n23-bottle",
			Game:    "n23",
			Summary: "Bottle check: D6 + casualties; higher than the starting crew and the gang is bottled",
			Source:  "rules.md §3.3",
			Params: []dice.Param{
				{Name: "casualties", Kind: dice.IntParam, Min: 0, Max: 64, Required: true, Usage: "fighters Seriously Injured or Out of Action, vehicles Wrecked"},
				{Name: "crew", Kind: dice.IntParam, Min: 1, Max: 64, Required: true, Usage: "the models the gang started with"},
			},
			Build: func(a dice.Args) (dice.Procedure, error) {
				return Bottle{Casualties: a.Int("casualties"), Crew: a.Int("crew")}, nil
			},
		},
		{
			Name:    "n23-vehicle-damage",
			Game:    "n23",
			Summary: "one vehicle damage die: glancing (3 faces), penetrating (2), catastrophic (1)",
			Source:  "rules.md §3.3",
			Build:   func(a dice.Args) (dice.Procedure, error) { return VehicleDamage{}, nil },
		},
	}
}
