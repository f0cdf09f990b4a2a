package main

import (
	"fmt"
	"strings"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/rules"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func newRoll(e *env) *cobra.Command {
	var (
		asJSON bool
		seed   string
		faces  string
	)
	c := &cobra.Command{
		Use:   "roll <procedure> [flags]",
		Short: "Roll a dice procedure, or read physical dice, and explain the result",
		Long: `roll rolls a dice procedure and shows every die, which were kept, the
modifiers, the outcome and a one-line explanation.

The dice come from a seeded random generator: --seed repeats a roll exactly
(on any machine and Go version); without it a random seed is drawn and
printed. With --faces the dice are the physical ones you rolled, typed in the
order the procedure rolls them, and the explanation is the same.`,
		Example: `  skirmish roll tc-injury --dice 1 --seed 42
  skirmish roll n26-recovery --dice 2 --faces si,injured
  skirmish roll ff-test --dice 3 --stat 6 --luck 1 --faces 2,7,10,4`,
		RunE: needProcedure(e, "roll"),
	}
	c.Flags().Bool("list", false, "list the procedures, one line each")
	c.AddCommand(procedureCommands(e,
		func(fs *pflag.FlagSet) {
			fs.BoolVar(&asJSON, "json", false, "print JSON")
			fs.StringVar(&seed, "seed", "", "seed of the dice (0 to 18446744073709551615; default random)")
			fs.StringVar(&faces, "faces", "", "read these physical dice instead of rolling, as in 3,5,6")
		},
		func(cmd *cobra.Command, s *dice.Spec, a dice.Args, p dice.Procedure) error {
			var (
				res  dice.Result
				err  error
				used *uint64
			)
			switch {
			case cmd.Flags().Changed("faces") && cmd.Flags().Changed("seed"):
				return usagef("--seed and --faces: give one or the other (a seed rolls the dice, faces are dice already rolled)")
			case cmd.Flags().Changed("faces"):
				var fs []string
				if fs, err = dice.ParseFaces(faces); err != nil {
					return err
				}
				if res, err = dice.Read(p, fs); err != nil {
					return err
				}
			default:
				n, err := seedFlag(cmd, seed)
				if err != nil {
					return err
				}
				used = &n
				if res, err = dice.Sample(p, dice.NewRNG(n)); err != nil {
					return err
				}
			}
			if asJSON {
				return writeJSON(cmd, rollJSON(s, a, p, res, used))
			}
			printRoll(cmd, s, a, p, res, used)
			return nil
		})...)
	return c
}

func flagNames(p dice.Procedure, flags uint) []string {
	var names []string
	for i, f := range p.Flags() {
		if flags>>i&1 == 1 {
			names = append(names, f)
		}
	}
	return names
}

func rollJSON(s *dice.Spec, a dice.Args, p dice.Procedure, res dice.Result, seed *uint64) ordered {
	o := ordered{{"procedure", s.Name}, {"params", a}}
	if seed != nil {
		o = append(o, field{"seed", *seed})
	}
	o = append(o, field{"dice", res.Dice})
	if len(res.Mods) > 0 {
		o = append(o, field{"modifiers", res.Mods})
	}
	if res.Total != nil {
		o = append(o, field{"total", *res.Total})
	}
	o = append(o, field{"outcome", p.Outcomes()[res.Outcome]})
	if f := flagNames(p, res.Flags); len(f) > 0 {
		o = append(o, field{"flags", f})
	}
	return append(o, field{"explanation", res.Explain})
}

func printRoll(cmd *cobra.Command, s *dice.Spec, a dice.Args, p dice.Procedure, res dice.Result, seed *uint64) {
	w := cmd.OutOrStdout()
	head := s.Name
	if t := paramsText(s, a); t != "" {
		head += "  " + t
	}
	fmt.Fprintln(w, head)
	if seed != nil {
		fmt.Fprintf(w, "seed     %d (repeat with --seed %d)\n", *seed, *seed)
	} else {
		fmt.Fprintln(w, "dice     typed in (--faces)")
	}
	fmt.Fprintf(w, "rolled   %s\n", diceText(res.Dice))
	if len(res.Mods) > 0 {
		fmt.Fprintf(w, "mods     %s\n", strings.TrimPrefix(rules.ModsText(res.Mods), "modifiers "))
	}
	if res.Total != nil {
		fmt.Fprintf(w, "total    %d\n", *res.Total)
	}
	outcome := p.Outcomes()[res.Outcome]
	if f := flagNames(p, res.Flags); len(f) > 0 {
		outcome += " + " + strings.Join(f, " + ")
	}
	fmt.Fprintf(w, "outcome  %s\n", outcome)
	fmt.Fprintf(w, "why      %s\n", res.Explain)
}

// diceText lists the dice by role, kept ones in brackets:
// "Luck die [3]; standard die [2] 7 10".
func diceText(ds []dice.Rolled) string {
	var groups []string
	for i := 0; i < len(ds); {
		j := i
		var faces []string
		for ; j < len(ds) && ds[j].Role == ds[i].Role; j++ {
			f := ds[j].Label
			if ds[j].Kept {
				f = "[" + f + "]"
			}
			faces = append(faces, f)
		}
		groups = append(groups, fmt.Sprintf("%s: %s", ds[i].Role, strings.Join(faces, " ")))
		i = j
	}
	return strings.Join(groups, "; ") + "   ([kept])"
}
