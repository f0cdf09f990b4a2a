package trenchcrusade

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/dice/dicetest"
)

// keptSum is the test's own reading of rules.md §4.2.1 steps 1–3.
func keptSum(faces []int, net int) int {
	s := slices.Clone(faces)
	slices.Sort(s)
	if net < 0 {
		return s[0] + s[1]
	}
	return s[len(s)-1] + s[len(s)-2]
}

// bruteOdds tallies outcome(faces) over every face sequence of 2+|net| dice.
func bruteOdds(net int, outcome func(faces []int) int) map[int]*big.Rat {
	return dicetest.Tally(6, 2+abs(net), outcome)
}

// Success Roll against every face sequence (rules.md §4.3, §6.3-e: a
// modified 12 or more is critical unless the natural-crit option is on).
func TestSuccessRollBruteForce(t *testing.T) {
	for net := -4; net <= 4; net++ {
		for _, mods := range [][]int{nil, {1}, {-2}, {3, -1}, {-6}} {
			for _, nat := range []bool{false, true} {
				r := SuccessRoll{Dice: net, Mods: mods, NaturalCrit: nat}
				dicetest.CheckOdds(t, r, bruteOdds(net, func(faces []int) int {
					pair := keptSum(faces, net)
					total := pair
					for _, m := range mods {
						total += m
					}
					switch {
					case nat && pair == 12:
						return 2
					case total <= 6:
						return 0
					case total >= 12 && !nat:
						return 2
					}
					return 1
				}))
			}
		}
	}
}

// Injury Roll against every face sequence (rules.md §4.2.1: negative flat
// modifiers count for at most -3 in all, positive ones in full, §6.3-g).
func TestInjuryRollBruteForce(t *testing.T) {
	for net := -4; net <= 4; net++ {
		for _, mods := range [][]int{nil, {-1}, {-2, -2}, {-3, 2}, {-5, -1, 1}, {4}} {
			r := InjuryRoll{Dice: net, Mods: mods}
			dicetest.CheckOdds(t, r, bruteOdds(net, func(faces []int) int {
				total, neg := keptSum(faces, net), 0
				for _, m := range mods {
					if m > 0 {
						total += m
					} else {
						neg += m
					}
				}
				total += max(neg, -3)
				switch {
				case total <= 1:
					return 0
				case total <= 6:
					return 1
				case total <= 8:
					return 2
				}
				return 3
			}))
		}
	}
}

// rules.md §4.3 tabulates both rolls for -3..+3 net dice to three places.
func TestRulesDigestTables(t *testing.T) {
	success := map[int][3]string{
		-3: {"0.906", "0.094", "0.000"}, -2: {"0.826", "0.173", "0.001"}, -1: {"0.681", "0.315", "0.005"},
		0: {"0.417", "0.556", "0.028"}, 1: {"0.194", "0.731", "0.074"}, 2: {"0.090", "0.778", "0.132"},
		3: {"0.042", "0.762", "0.196"},
	}
	injury := map[int][3]string{ // minor hit, down, out of action
		-2: {"0.826", "0.133", "0.040"}, -1: {"0.681", "0.213", "0.106"}, 0: {"0.417", "0.306", "0.278"},
		1: {"0.194", "0.282", "0.523"}, 2: {"0.090", "0.215", "0.694"}, 3: {"0.042", "0.152", "0.806"},
	}
	for net, want := range success {
		odds := SuccessRoll{Dice: net}.Odds()
		for o := range 3 {
			if got := strconv.FormatFloat(odds.P(o).Float64(), 'f', 3, 64); got != want[o] {
				t.Errorf("rules.md §4.3: success roll %+d dice: P(%s) = %s, table %s", net, successOutcomes[o], got, want[o])
			}
		}
	}
	for net, want := range injury {
		odds := InjuryRoll{Dice: net}.Odds()
		for o := range 3 {
			if got := strconv.FormatFloat(odds.P(o+1).Float64(), 'f', 3, 64); got != want[o] {
				t.Errorf("rules.md §4.3: injury roll %+d dice: P(%s) = %s, table %s", net, injuryOutcomes[o+1], got, want[o])
			}
		}
	}
	flat := map[int][4]string{-1: {"0.028", "0.556", "0.250", "0.167"}, -2: {"0.083", "0.639", "0.194", "0.083"}, -3: {"0.167", "0.667", "0.139", "0.028"}}
	for mod, want := range flat {
		odds := InjuryRoll{Mods: []int{mod}}.Odds()
		for o := range 4 {
			if got := strconv.FormatFloat(odds.P(o).Float64(), 'f', 3, 64); got != want[o] {
				t.Errorf("rules.md §4.3: injury roll, modifier %d: P(%s) = %s, table %s", mod, injuryOutcomes[o], got, want[o])
			}
		}
	}
}

// Reading typed faces gives the outcome the test's own reading of the rules
// gives, for every sequence of three dice.
func TestResolveEveryFaceSequence(t *testing.T) {
	for _, net := range []int{1, -1} {
		r := InjuryRoll{Dice: net, Mods: []int{-4}}
		dicetest.EachRoll(6, 3, func(faces []int) {
			typed := make([]string, len(faces))
			for i, f := range faces {
				typed[i] = strconv.Itoa(f)
			}
			res, err := dice.Read(r, typed)
			if err != nil {
				t.Fatal(err)
			}
			total := keptSum(faces, net) - 3
			if *res.Total != total {
				t.Errorf("%v net %+d: total %d, want %d", faces, net, *res.Total, total)
			}
			kept := 0
			for _, d := range res.Dice {
				if d.Kept {
					kept++
				}
			}
			if kept != 2 {
				t.Errorf("%v: %d dice kept, want 2", faces, kept)
			}
		})
	}
}

func TestExplanations(t *testing.T) {
	dicetest.CheckExplanations(t, []dicetest.Explained{
		{P: InjuryRoll{}, Faces: "3,4", Want: "rolled 3+4 = 7, no modifiers → 7: 7 or 8 is down (rules.md §4.2.1)"},
		{P: InjuryRoll{Dice: 1, Mods: []int{-1}}, Faces: "6,3,5", Want: "rolled 3 dice (2, +1 injury die), kept the two highest 6+5 = 11, modifiers -1 → 10: 9 or more is out-of-action (rules.md §4.2.1)"},
		{P: InjuryRoll{Dice: -1, Mods: []int{-2, -2}}, Faces: "1,1,6", Want: "rolled 3 dice (2, -1 injury die), kept the two lowest 1+1 = 2, modifiers -2 -2 (negatives capped at -3) → -1: 1 or less is no-effect (rules.md §4.2.1)"},
		{P: SuccessRoll{Dice: 2}, Faces: "6,1,6,2", Want: "rolled 4 dice (2, +2 dice), kept the two highest 6+6 = 12, no modifiers → 12: 12 or more is critical (rules.md §4.3)"},
		{P: SuccessRoll{Mods: []int{2}, NaturalCrit: true}, Faces: "5,5", Want: "rolled 5+5 = 10, modifiers +2 → 12: 7 to 11 is success (rules.md §4.3)"},
		{P: SuccessRoll{Mods: []int{-1}}, Faces: "3,4", Want: "rolled 3+4 = 7, modifiers -1 → 6: 6 or less is failure (rules.md §4.3)"},
	})
}

func TestProcedureContract(t *testing.T) {
	for i, p := range []dice.Procedure{
		SuccessRoll{}, SuccessRoll{Dice: 3, Mods: []int{-1}}, SuccessRoll{Dice: -2, NaturalCrit: true},
		InjuryRoll{}, InjuryRoll{Dice: 2, Mods: []int{-4, 1}}, InjuryRoll{Dice: -3},
		SuccessRoll{Dice: 7}, InjuryRoll{Dice: -8}, // more dice than rollPair's buffer holds
	} {
		t.Run(fmt.Sprintf("%s/%d", p.Name(), i), func(t *testing.T) { dicetest.CheckProcedure(t, p, uint64(i+1), 20000) })
	}
}
