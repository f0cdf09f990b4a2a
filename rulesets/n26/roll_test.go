package n26

import (
	"fmt"
	"math/big"
	"strconv"
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/dice/dicetest"
)

// severity is the test's own reading of the injury die (rules.md §2.3.1):
// faces 1–2 Injured, 3–5 Seriously Injured, 6 Out of Action.
func severity(f int) int {
	switch {
	case f <= 2:
		return 0
	case f <= 5:
		return 1
	}
	return 2
}

func brute(n int, outcome func(faces []int) int) map[int]*big.Rat {
	return dicetest.Tally(6, n, outcome)
}

// The attacker keeps the worst injury die for the target (rules.md §2.3.4);
// the controlling player keeps the best Recovery die (rules.md §2.2.6).
func TestInjuryAndRecoveryBruteForce(t *testing.T) {
	for n := 1; n <= 5; n++ {
		dicetest.CheckOdds(t, Injury{Dice: n}, brute(n, func(faces []int) int {
			worst := 0
			for _, f := range faces {
				worst = max(worst, severity(f))
			}
			return worst
		}))
		dicetest.CheckOdds(t, Recovery{Dice: n}, brute(n, func(faces []int) int {
			best := 2
			for _, f := range faces {
				best = min(best, severity(f))
			}
			return best
		}))
	}
}

// rules.md §2.3.4 tabulates injury (L = 1..4) and recovery (k = 1..3) odds.
func TestRulesDigestInjuryTables(t *testing.T) {
	injury := map[int][3]string{ // injured only, SI, OOA
		1: {"0.333", "0.500", "0.167"}, 2: {"0.111", "0.583", "0.306"},
		3: {"0.037", "0.542", "0.421"}, 4: {"0.012", "0.470", "0.518"},
	}
	recovery := map[int][3]string{
		1: {"0.333", "0.500", "0.167"}, 2: {"0.556", "0.417", "0.028"}, 3: {"0.704", "0.292", "0.005"},
	}
	for _, tc := range []struct {
		name  string
		table map[int][3]string
		proc  func(n int) dice.Procedure
	}{
		{"injury", injury, func(n int) dice.Procedure { return Injury{Dice: n} }},
		{"recovery", recovery, func(n int) dice.Procedure { return Recovery{Dice: n} }},
	} {
		for n, want := range tc.table {
			odds := tc.proc(n).Odds()
			for o := range 3 {
				if got := strconv.FormatFloat(odds.P(o).Float64(), 'f', 3, 64); got != want[o] {
					t.Errorf("rules.md §2.3.4 %s table, %d dice: P(%s) = %s, table %s", tc.name, n, injuryOutcomes[o], got, want[o])
				}
			}
		}
	}
}

// Coup de Grace: D6+S each side, ties to the attacker (rules.md §2.2.3, §6.2-i).
func TestCoupDeGraceBruteForce(t *testing.T) {
	for a := 1; a <= 10; a++ {
		for d := 1; d <= 10; d++ {
			dicetest.CheckOdds(t, CoupDeGrace{Attacker: a, Target: d}, brute(2, func(f []int) int {
				if f[0]+a >= f[1]+d {
					return 0
				}
				return 1
			}))
		}
	}
	if got := (CoupDeGrace{Attacker: 3, Target: 3}).Odds().P(0).String(); got != "7/12" {
		t.Errorf("equal Strength: P(out-of-action) = %s, want 7/12 (ties go to the attacker)", got)
	}
}

// Checks: 2D6 (or D6) at most value + modifiers, no automatic results
// (rules.md §2.3.1); the digest's 2D6 table for values 4..10.
func TestCheck(t *testing.T) {
	for n := 1; n <= 2; n++ {
		for v := 1; v <= 10; v++ {
			for _, mods := range [][]int{nil, {-1}, {2, -4}} {
				need := v
				for _, m := range mods {
					need += m
				}
				dicetest.CheckOdds(t, Check{Value: v, Mods: mods, Dice: n}, brute(n, func(f []int) int {
					s := 0
					for _, x := range f {
						s += x
					}
					if s <= need {
						return 0
					}
					return 1
				}))
			}
		}
	}
	table := map[int]string{4: "0.167", 5: "0.278", 6: "0.417", 7: "0.583", 8: "0.722", 9: "0.833", 10: "0.917"}
	for v, want := range table {
		if got := strconv.FormatFloat(Check{Value: v, Dice: 2}.Odds().P(0).Float64(), 'f', 3, 64); got != want {
			t.Errorf("rules.md §2.3.1: 2D6 check against %d passes with %s, table %s", v, got, want)
		}
	}
}

// D6 tests: natural 1 fails and 6 passes on hit rolls; 1–2 fail a save with
// no automatic pass (rules.md §2.3.1, §2.3.4).
func TestTestNaturals(t *testing.T) {
	for _, tc := range []struct {
		test Test
		want string // P(pass)
	}{
		{Test{Target: 4}, "1/2"},
		{Test{Target: 4, Mods: []int{1}}, "2/3"},             // Aimed Shot +1
		{Test{Target: 6, Mods: []int{-3}}, "1/6"},            // only the natural 6
		{Test{Target: 2, Mods: []int{5}}, "5/6"},             // the natural 1 still misses
		{Test{Target: 3, Save: true}, "2/3"},                 // 3+ save
		{Test{Target: 3, Mods: []int{2}, Save: true}, "2/3"}, // 1–2 still fail
		{Test{Target: 5, Mods: []int{-2}, Save: true}, "0"},  // no automatic pass on a save
	} {
		if got := tc.test.Odds().P(0).String(); got != tc.want {
			t.Errorf("%+v: P(pass) = %s, want %s", tc.test, got, tc.want)
		}
	}
}

func TestExplanations(t *testing.T) {
	dicetest.CheckExplanations(t, []dicetest.Explained{
		{P: Injury{Dice: 2}, Faces: "si,6", Want: "rolled 2 injury dice: seriously-injured, out-of-action; the attacker keeps the worst for the target: out-of-action (rules.md §2.3.4)"},
		{P: Injury{Dice: 1}, Faces: "i", Want: "rolled 1 injury die: injured (rules.md §2.3.4)"},
		{P: Recovery{Dice: 3}, Faces: "ooa,SERIOUSLY-INJURED,2", Want: "rolled 3 injury dice: out-of-action, seriously-injured, injured; the controlling player keeps the best: injured (rules.md §2.2.6)"},
		{P: CoupDeGrace{Attacker: 3, Target: 4}, Faces: "4,3", Want: "attacker 4 + S3 = 7 against target 3 + S4 = 7: 7 ≥ 7, out-of-action (rules.md §2.2.3; ties go to the attacker)"},
		{P: Check{Value: 7, Mods: []int{-1}, Dice: 2}, Faces: "3,4", Want: "rolled 3+4 = 7 against 6 (value 7, modifiers -1): 7 > 6, fail (rules.md §2.3.1)"},
		{P: Test{Target: 4, Mods: []int{-3}}, Faces: "6", Want: "rolled 6, modifiers -3 → 3 against 4+: a natural 6 always passes, pass (rules.md §2.3.1)"},
		{P: Test{Target: 3, Save: true, Mods: []int{3}}, Faces: "2", Want: "rolled 2, modifiers +3 → 5 against 3+: a natural 2 always fails a save, fail (rules.md §2.3.1)"},
	})
}

func TestProcedureContract(t *testing.T) {
	for i, p := range []dice.Procedure{
		Injury{Dice: 1}, Injury{Dice: 3}, Recovery{Dice: 2}, CoupDeGrace{Attacker: 3, Target: 4},
		Check{Value: 7, Dice: 2}, Check{Value: 3, Dice: 1, Mods: []int{1}}, Test{Target: 4}, Test{Target: 3, Save: true},
		Bottle{Value: 7}, Bottle{Value: 2}, Bottle{Value: 12},
	} {
		t.Run(fmt.Sprintf("%s/%d", p.Name(), i), func(t *testing.T) { dicetest.CheckProcedure(t, p, uint64(100+i), 20000) })
	}
}
