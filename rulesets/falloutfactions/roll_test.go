package falloutfactions

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/dice/dicetest"
)

// bruteTest walks every face of every die the five steps of rules.md §5.2.2
// can roll, written here from the digest and sharing no code with Test, and
// returns the exact probability of each (hits, critical). A path that rolls k
// dice weighs 10^(K-k), K being the most dice any path rolls.
func bruteTest(r Test) map[[2]int]*big.Rat {
	counts := map[[2]int]int64{}
	hit := func(f int) bool { return f <= r.Stat && f != 10 }
	luck := r.Luck
	if r.Unlucky {
		luck = 0 // §6.3-k: Luck dice act as standard dice
	}
	pool := r.Dice + r.Bonus
	K := pool + luck
	if r.LuckyBreak {
		K += pool
	}
	pow10 := func(e int) int64 {
		x := int64(1)
		for range e {
			x *= 10
		}
		return x
	}
	finish := func(faces []int, rolled int) {
		hits, luckHits := 0, 0
		for i, f := range faces {
			if hit(f) {
				hits++
				if i < luck {
					luckHits++
				}
			}
		}
		crit := 0
		if luckHits > 0 {
			crit = 1
		}
		// Fortune Smiles: one standard die per Luck die that hit.
		var fortune func(left, extra, rolled int)
		fortune = func(left, extra, rolled int) {
			if left == 0 {
				counts[[2]int{hits + extra, crit}] += pow10(K - rolled)
				return
			}
			for f := 1; f <= 10; f++ {
				e := extra
				if hit(f) {
					e++
				}
				fortune(left-1, e, rolled+1)
			}
		}
		fortune(luckHits, 0, rolled)
	}
	// Lucky Break: re-roll each dud once, in pool order.
	var reroll func(faces []int, i, rolled int)
	reroll = func(faces []int, i, rolled int) {
		for i < len(faces) && hit(faces[i]) {
			i++
		}
		if i == len(faces) {
			finish(faces, rolled)
			return
		}
		for f := 1; f <= 10; f++ {
			g := append([]int(nil), faces...)
			g[i] = f
			reroll(g, i+1, rolled+1)
		}
	}
	faces := make([]int, pool)
	var walk func(i int)
	walk = func(i int) {
		if i == pool {
			if r.LuckyBreak {
				reroll(append([]int(nil), faces...), 0, pool)
			} else {
				finish(faces, pool)
			}
			return
		}
		for f := 1; f <= 10; f++ {
			faces[i] = f
			walk(i + 1)
		}
	}
	walk(0)
	out := map[[2]int]*big.Rat{}
	for k, c := range counts {
		out[k] = big.NewRat(c, pow10(K))
	}
	return out
}

func TestTestBruteForce(t *testing.T) {
	var cases []Test
	for _, stat := range []int{1, 4, 7, 9, 10} {
		for _, lb := range []bool{false, true} {
			for pool := 1; pool <= 3; pool++ {
				if lb && pool > 2 {
					continue // keep the walk small: 10^9 leaves
				}
				for luck := 0; luck <= pool; luck++ {
					cases = append(cases, Test{Dice: pool, Stat: stat, Luck: luck, LuckyBreak: lb})
				}
			}
		}
	}
	cases = append(cases,
		Test{Dice: 2, Bonus: 1, Stat: 6, Luck: 2},
		Test{Dice: 3, Stat: 6, Luck: 2, Unlucky: true},
		Test{Dice: 2, Stat: 5, Luck: 1, Unlucky: true, LuckyBreak: true},
		Test{Dice: 4, Stat: 5, Luck: 1},
	)
	for _, r := range cases {
		want := bruteTest(r)
		odds := r.Odds()
		for h := 0; h <= r.MaxHits(); h++ {
			for c := range 2 {
				w := want[[2]int{h, c}]
				if w == nil {
					w = new(big.Rat)
				}
				if got := odds.P(dice.Code(h, uint(c), 1)).Rat(); got.Cmp(w) != 0 {
					t.Errorf("%+v: P(hits=%d, critical=%d) = %s, brute force %s", r, h, c, got.RatString(), w.RatString())
				}
			}
		}
	}
}

// Worked values from the digest's steps (rules.md §5.2.2): a 2-dice test
// against 5 with no luck passes (≥ 1 hit) unless both dice are duds.
func TestTestValues(t *testing.T) {
	for _, tc := range []struct {
		r        Test
		outcome  int
		p, pCrit string
	}{
		{Test{Dice: 2, Stat: 5}, 0, "1/4", "0"},
		{Test{Dice: 1, Stat: 10}, 1, "9/10", "0"},                     // a 10 is always a dud
		{Test{Dice: 1, Stat: 6, Luck: 1}, 2, "9/25", "3/5"},           // Luck hit, then Fortune Smiles hit
		{Test{Dice: 1, Stat: 6, Luck: 1, Unlucky: true}, 2, "0", "0"}, // no steps 3–4
		{Test{Dice: 1, Stat: 5, LuckyBreak: true}, 0, "1/4", "0"},     // dud twice
	} {
		if got := dice.OutcomeOdds(tc.r).P(tc.outcome).String(); got != tc.p {
			t.Errorf("%+v: P(hits=%d) = %s, want %s", tc.r, tc.outcome, got, tc.p)
		}
		if got := dice.FlagOdds(tc.r, 0).String(); got != tc.pCrit {
			t.Errorf("%+v: P(critical) = %s, want %s", tc.r, got, tc.pCrit)
		}
	}
}

func TestRummageBruteForce(t *testing.T) {
	for _, optB := range []bool{false, true} {
		r := Rummage{OptionB: optB}
		counts := map[int]int{}
		for a := 1; a <= 10; a++ {
			for b := 1; b <= 10; b++ {
				var name string
				switch {
				case optB:
					name = fmt.Sprintf("caps=%d,parts=%d", max(a, b), min(a, b))
				case a+b >= 18:
					name = "rare-chem"
				default:
					name = fmt.Sprintf("total=%d", a+b)
				}
				o := -1
				for i, n := range r.Outcomes() {
					if n == name {
						o = i
					}
				}
				rad := uint(0)
				if a == 10 || b == 10 {
					rad = 1
				}
				counts[dice.Code(o, rad, 1)]++
			}
		}
		odds := r.Odds()
		for c := odds.Min(); c <= odds.Max(); c++ {
			if got, want := odds.P(c).Rat(), big.NewRat(int64(counts[c]), 100); got.Cmp(want) != 0 {
				t.Errorf("option b=%v code %s: %s, want %s", optB, dicetest.Describe(r, c), got.RatString(), want.RatString())
			}
		}
		if got := dice.FlagOdds(r, 0).String(); got != "19/100" {
			t.Errorf("P(radiation) = %s, want 19/100", got)
		}
	}
}

func TestExplanations(t *testing.T) {
	dicetest.CheckExplanations(t, []dicetest.Explained{
		{P: Test{Dice: 3, Stat: 6, Luck: 1}, Faces: "2,7,10,4", Want: "3 dice (1 Luck) against 6: 1 hit; Fortune Smiles rolled 1 die: 1 hit more; 2 hits, critical (a Luck die hit) (rules.md §5.2.2)"},
		{P: Test{Dice: 2, Stat: 4, LuckyBreak: true}, Faces: "9,10,3,8", Want: "2 dice against 4: 0 hits; Lucky Break re-rolled 2 duds: 1 hit more; 1 hit (rules.md §5.2.2)"},
		{P: Test{Dice: 2, Stat: 9, Luck: 2, Unlucky: true}, Faces: "9,1", Want: "2 dice against 9: 2 hits; Unlucky: no Fortune Smiles, no critical (rules.md §5.2.2)"},
		{P: Rummage{}, Faces: "9,10", Want: "rolled 9+10 = 19: option A, 18 or more gives a rare chem; a 10 replaces the Search token with a Radiation token (rules.md §5.2.1)"},
		{P: Rummage{OptionB: true}, Faces: "3,8", Want: "rolled 3 and 8: option B, 8 caps and 3 parts; the Search token is removed (rules.md §5.2.1)"},
	})
}

func TestProcedureContract(t *testing.T) {
	for i, p := range []dice.Procedure{
		Test{Dice: 3, Stat: 6, Luck: 1}, Test{Dice: 5, Stat: 4, Luck: 2, Bonus: 2, LuckyBreak: true},
		Test{Dice: 4, Stat: 8, Luck: 4, Unlucky: true}, Test{Dice: 1, Stat: 10, Luck: 1},
		Rummage{}, Rummage{OptionB: true},
	} {
		t.Run(fmt.Sprintf("%s/%d", p.Name(), i), func(t *testing.T) { dicetest.CheckProcedure(t, p, uint64(200+i), 20000) })
	}
}

// What to roll says which dice are Luck dice (rules.md §5.2.2, step 1): the
// first few, or all of them when the Luck fills the pool (issue 11); for
// the stages of a test (Pool) the same.
func TestDescribeLuckDice(t *testing.T) {
	for _, tc := range []struct {
		p    dice.Describer
		want string
	}{
		{Test{Dice: 2, Stat: 5, Luck: 2}, "roll 2 d10s (all Luck dice): each die of 5 or less hits"},
		{Test{Dice: 1, Stat: 5, Luck: 1}, "roll 1 d10 (a Luck die): each die"},
		{Test{Dice: 3, Stat: 5, Luck: 2}, "roll 3 d10s (the first 2 are Luck dice): each die"},
		{Test{Dice: 3, Stat: 5, Luck: 1}, "roll 3 d10s (the first is a Luck die): each die"},
		{Test{Dice: 3, Stat: 5, Luck: 3, Unlucky: true}, "roll 3 d10s: each die"},
		{Pool{Dice: 2, Luck: 2, Stat: 5}, "roll 2 d10s (all Luck dice): each die"},
	} {
		if got := tc.p.Describe(); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%+v: %q, want it to begin %q", tc.p, got, tc.want)
		}
	}
}

// fewestDice is the fewest dice any roll of p takes, found by typing every
// sequence of faces, shortest first, until one is a whole roll: a check of
// dice.NeedsLeast that shares none of its code.
func fewestDice(t *testing.T, p dice.Procedure, sides, most int) int {
	t.Helper()
	faces := [][]string{nil}
	for n := 1; n <= most; n++ {
		var next [][]string
		for _, f := range faces {
			for v := 1; v <= sides; v++ {
				next = append(next, append(slices.Clip(f), strconv.Itoa(v)))
			}
		}
		faces = next
		for _, f := range faces {
			if _, err := dice.Read(p, f); err == nil {
				return n
			}
		}
	}
	return -1
}

// The companion's keypad asks for the dice the fewest rolls take
// (dice.NeedsLeast): for tests of up to 4 dice in all, with Luck dice,
// every stat from 1 to 10 and Lucky Break, it is the fewest a brute-force
// search of typed faces finds, and it says more may follow where some
// rolls take more (the review found a 2-dice, 2-Luck test at stat 9 asked
// for 3 when two 10s end it).
func TestKeypadAsksForTheFewestDice(t *testing.T) {
	for _, r := range []Test{{Dice: 2, Luck: 2, Stat: 9}, {Dice: 1, Luck: 1, Stat: 10}, {Dice: 2, Stat: 1, LuckyBreak: true}} {
		least, more, _ := dice.NeedsLeast(r)
		if want := fewestDice(t, r, 10, 4); len(least) != want || !more {
			t.Errorf("%+v: keypad asks for %d dice (more %v); the fewest any roll takes is %d", r, len(least), more, want)
		}
	}
	for n := 1; n <= 2; n++ {
		for luck := 0; luck <= n; luck++ {
			for stat := 1; stat <= 10; stat++ {
				for _, lb := range []bool{false, true} {
					r := Test{Dice: n, Luck: luck, Stat: stat, LuckyBreak: lb}
					least, _, _ := dice.NeedsLeast(r)
					if want := fewestDice(t, r, 10, 4); len(least) != want {
						t.Errorf("%+v: keypad asks for %d dice; the fewest any roll takes is %d", r, len(least), want)
					}
				}
			}
		}
	}
}
