package falloutfactions

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/dice/dicetest"
)

// staged composes a test from the stages a game rolls (rules.md §5.2.2,
// §6.3-j): the pool, the re-roll of its Duds when Lucky Break is spent,
// then Fortune Smiles; each stage's odds are the Pool procedure's.
func staged(tt Test) map[int]*big.Rat {
	out := map[int]*big.Rat{}
	pool, luck := tt.Dice+tt.Bonus, tt.Luck
	if tt.Unlucky {
		luck = 0
	}
	each := func(p Pool, f func(std, luck int, w *big.Rat)) {
		d := p.Odds()
		for o := d.Min(); o <= d.Max(); o++ {
			if w := d.P(o); !w.IsZero() {
				s, l := p.Split(o)
				f(s, l, w.Rat())
			}
		}
	}
	finish := func(std, lh int, w *big.Rat) {
		if tt.Unlucky || lh == 0 {
			k := dice.Code(std+lh, 0, 1)
			out[k] = new(big.Rat).Add(orZero(out[k]), w)
			return
		}
		each(Pool{Dice: lh, Stat: tt.Stat}, func(extra, _ int, v *big.Rat) {
			k := dice.Code(std+lh+extra, 1, 1)
			out[k] = new(big.Rat).Add(orZero(out[k]), new(big.Rat).Mul(w, v))
		})
	}
	each(Pool{Dice: pool, Luck: luck, Stat: tt.Stat}, func(std, lh int, w *big.Rat) {
		if !tt.LuckyBreak {
			finish(std, lh, w)
			return
		}
		each(Pool{Dice: pool - std - lh, Luck: luck - lh, Stat: tt.Stat}, func(s2, l2 int, v *big.Rat) {
			finish(std+s2, lh+l2, new(big.Rat).Mul(w, v))
		})
	})
	return out
}

func orZero(r *big.Rat) *big.Rat {
	if r == nil {
		return new(big.Rat)
	}
	return r
}

// The stages a game rolls compose to ff-test's distribution, with and
// without Lucky Break, Unlucky or not: a staged test's odds are exact, and
// the same as the test's (issue 11).
func TestStagesComposeToTest(t *testing.T) {
	for _, stat := range []int{3, 6, 10} {
		for pool := 1; pool <= 7; pool++ {
			for luck := 0; luck <= min(pool, 3); luck++ {
				for _, lb := range []bool{false, true} {
					for _, un := range []bool{false, true} {
						tt := Test{Dice: pool, Stat: stat, Luck: luck, LuckyBreak: lb, Unlucky: un}
						got := staged(tt)
						d := tt.Odds()
						for c := d.Min(); c <= d.Max(); c++ {
							if w := d.P(c).Rat(); w.Cmp(orZero(got[c])) != 0 {
								t.Errorf("%+v %s: test %s, stages %s", tt, dicetest.Describe(tt, c), w.RatString(), orZero(got[c]).RatString())
							}
						}
					}
				}
			}
		}
	}
}

// Each stage's procedure, the critical effects' dice and the roll-off keep
// the procedure contract; their odds are counted face by face.
func TestGameProcedures(t *testing.T) {
	for i, p := range []dice.Procedure{
		Pool{Dice: 4, Luck: 2, Stat: 6}, Pool{Dice: 3, Stat: 10}, Pool{Dice: 1, Luck: 1, Stat: 1},
		Count{Dice: 2, Above: 5}, Count{Dice: 3, Above: 10}, RollOff{}, RollOff{First: "Scavs", Second: "Lawmen", Ties: true}, Rummage{Choose: true},
	} {
		t.Run(fmt.Sprintf("%s/%d", p.Name(), i), func(t *testing.T) { dicetest.CheckProcedure(t, p, uint64(300+i), 20000) })
	}
	p := Pool{Dice: 3, Luck: 1, Stat: 6}
	dicetest.CheckOdds(t, p, dicetest.Tally(10, 3, func(f []int) int {
		s, l := 0, 0
		if hits(f[0], 6) {
			l++
		}
		for _, x := range f[1:] {
			if hits(x, 6) {
				s++
			}
		}
		return p.Code(s, l)
	}))
	c := Count{Dice: 3, Above: 4}
	dicetest.CheckOdds(t, c, dicetest.Tally(10, 3, func(f []int) int {
		n := 0
		for _, x := range f {
			if x > 4 {
				n++
			}
		}
		return n
	}))
	if got := dice.OutcomeOdds(RollOff{}).P(0).String(); got != "1/2" {
		t.Errorf("P(first crew wins the roll-off) = %s, want 1/2", got)
	}
	tie := RollOff{Ties: true}
	dicetest.CheckOdds(t, tie, dicetest.Tally(10, 2, func(f []int) int {
		switch {
		case f[0] < f[1]:
			return 0
		case f[1] < f[0]:
			return 1
		}
		return rollOffTie
	}))
	for o := range 55 {
		hi, lo := Rummage{Choose: true}.Pair(o)
		if (Rummage{Choose: true}).outcome(hi, lo) != o || lo < 1 || lo > hi || hi > 10 {
			t.Errorf("Pair(%d) = %d, %d", o, hi, lo)
		}
	}
}

// A roll-off typed with a tie rolls again, and reads the dice in order.
func TestRollOffExplained(t *testing.T) {
	dicetest.CheckExplanations(t, []dicetest.Explained{
		{P: RollOff{First: "Scavs", Second: "Lawmen"}, Faces: "4,4,6,2", Want: "Scavs 4 against Lawmen 4, tied; Scavs 6 against Lawmen 2: the lowest wins, Lawmen (rules.md §5.2.2)"},
		{P: RollOff{First: "Scavs", Second: "Lawmen", Ties: true}, Faces: "4,4", Want: "Scavs 4 against Lawmen 4: tied, both roll again (rules.md §5.2.2)"},
		{P: Pool{Dice: 3, Luck: 1, Stat: 5}, Faces: "5,6,1", Want: "3 dice against 5: 2 hits (1 of 1 Luck dice) (rules.md §5.2.2)"},
		{P: Count{Dice: 2, Above: 5}, Faces: "6,5", Want: "2 dice, 1 above 5 (rules.md §5.3)"},
		{P: Rummage{Choose: true}, Faces: "10,4", Want: "rolled 10 and 4: option A, a chem by their total 14; option B, 10 caps and 4 parts; a 10 replaces the Search token with a Radiation token (rules.md §5.2.1)"},
	})
}
