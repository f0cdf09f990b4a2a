package falloutfactions

import (
	"fmt"

	"github.com/skirmish-engine/skirmish/dice"
)

// Procedures returns the specs of this ruleset's dice procedures.
func Procedures() []*dice.Spec {
	return []*dice.Spec{
		{
			Name:    "ff-test",
			Game:    "falloutfactions",
			Summary: "S.P.E.C.I.A.L. test: d10 pool, hit ≤ stat, 10 a dud; Luck dice, Fortune Smiles, critical, Lucky Break",
			Source:  "rules.md §5.2.2, §6.3-j, §6.3-k",
			Params: []dice.Param{
				{Name: "dice", Kind: dice.IntParam, Min: 1, Max: MaxPool, Required: true, Usage: "N, the test's dice (2 in 2I)"},
				{Name: "stat", Kind: dice.IntParam, Min: 1, Max: 10, Required: true, Usage: "the S.P.E.C.I.A.L. value tested"},
				{Name: "luck", Kind: dice.IntParam, Min: 0, Max: MaxPool, Usage: "Luck dice in the pool (at most the pool)"},
				{Name: "bonus", Kind: dice.IntParam, Min: 0, Max: MaxPool - 1, Usage: "bonus dice (none on an Unlucky test)"},
				{Name: "unlucky", Kind: dice.BoolParam, Usage: "an Unlucky test: no bonus dice, no Fortune Smiles, no critical"},
				{Name: "lucky-break", Kind: dice.BoolParam, Usage: "spend Lucky Break: re-roll every dud once after step 2"},
			},
			Build: func(a dice.Args) (dice.Procedure, error) {
				t := Test{Dice: a.Int("dice"), Stat: a.Int("stat"), Luck: a.Int("luck"), Bonus: a.Int("bonus"),
					Unlucky: a.Bool("unlucky"), LuckyBreak: a.Bool("lucky-break")}
				switch {
				case t.Unlucky && t.Bonus > 0:
					return nil, a.Error("bonus", "an Unlucky test cannot gain bonus dice (rules.md §5.2.2)", "0 with --unlucky")
				case t.pool() > MaxPool:
					return nil, a.Error("bonus", fmt.Sprintf("the pool of %d dice + %d bonus exceeds %d", t.Dice, t.Bonus, MaxPool), fmt.Sprintf("0 to %d with %d dice", MaxPool-t.Dice, t.Dice))
				case t.Luck > t.pool():
					return nil, a.Error("luck", fmt.Sprintf("more Luck dice than the pool of %d (rules.md §5.2.2)", t.pool()), fmt.Sprintf("0 to %d", t.pool()))
				}
				return t, nil
			},
		},
		{
			Name:    "ff-rummage",
			Game:    "falloutfactions",
			Summary: "Rummage: 2d10; option A chem by total (≥18 rare), option B caps = higher, parts = lower; a 10 leaves radiation",
			Source:  "rules.md §5.2.1",
			Params: []dice.Param{
				{Name: "option", Kind: dice.ChoiceParam, Choices: []string{"a", "b"}, Usage: "a: chems by total; b: caps and parts"},
			},
			Build: func(a dice.Args) (dice.Procedure, error) { return Rummage{OptionB: a.Choice("option") == "b"}, nil },
		},
	}
}
