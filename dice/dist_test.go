package dice

import (
	"math/big"
	"strings"
	"testing"
)

func TestTwoD6(t *testing.T) {
	d := D6.Dist().Add(D6.Dist())
	want := "{2:1/36 3:1/18 4:1/12 5:1/9 6:5/36 7:1/6 8:5/36 9:1/9 10:1/12 11:1/18 12:1/36}"
	if got := d.String(); got != want {
		t.Errorf("2d6 = %s\nwant %s", got, want)
	}
	if d.Min() != 2 || d.Max() != 12 || d.Len() != 11 {
		t.Errorf("2d6 range %d..%d (%d)", d.Min(), d.Max(), d.Len())
	}
	if m := d.Mean(); m < 6.999999 || m > 7.000001 {
		t.Errorf("mean 2d6 = %v", m)
	}
	if !d.Equal(D6.Dist().Repeat(2)) || !d.Equal(KeepHighest(D6, 2, 2)) {
		t.Error("2d6 three ways differ")
	}
	if got := d.PAtLeast(10).String(); got != "1/6" {
		t.Errorf("P(2d6 ≥ 10) = %s", got)
	}
}

func TestMapNegShiftTrim(t *testing.T) {
	d := NewDist(-1, 1, 0, 2, 0) // -1:1/3, 1:2/3, 2:0
	if got := d.Neg().String(); got != "{-1:2/3 1:1/3}" {
		t.Errorf("neg = %s", got)
	}
	if got := d.Shift(10).String(); got != "{9:1/3 11:2/3}" {
		t.Errorf("shift = %s", got)
	}
	if tr := d.Trim(); tr.Min() != -1 || tr.Max() != 1 {
		t.Errorf("trim range %d..%d", tr.Min(), tr.Max())
	}
	if got := d.Map(func(x int) int { return x * x }).String(); got != "{1:1/1}" && got != "{1:1}" {
		t.Errorf("square = %s", got)
	}
	if (Dist{}).Trim().Len() != 0 || NewDist(0, 0, 1, 0).Trim().Len() != 1 {
		t.Error("trim of sparse dists")
	}
	if !d.P(100).IsZero() || !d.P(-100).IsZero() {
		t.Error("outside the range should be zero")
	}
}

func TestOpposed(t *testing.T) {
	o := Opposed(D6.Dist().Shift(3), D6.Dist().Shift(4))
	// brute force: attacker d+3 ≥ defender e+4
	wins := 0
	for d := 1; d <= 6; d++ {
		for e := 1; e <= 6; e++ {
			if d+3 >= e+4 {
				wins++
			}
		}
	}
	if got, want := o.PAtLeast(0).Rat(), big.NewRat(int64(wins), 36); got.Cmp(want) != 0 {
		t.Errorf("opposed = %s, want %s", got.RatString(), want.RatString())
	}
}

// Sums past 2^128 move to math/big by themselves and stay exact.
func TestWideAdd(t *testing.T) {
	d := D10.Dist().Repeat(40) // total 10^40
	if !d.isWide() {
		t.Fatal("40d10 should be wide")
	}
	if got, want := d.P(40).String(), "1/"+"1"+strings.Repeat("0", 40); got != want {
		t.Errorf("P(all ones) = %s, want %s", got, want)
	}
	if got := d.P(400).Float64(); got != 1e-40 {
		t.Errorf("P(all tens) = %g", got)
	}
	// A narrow and a wide dist still add, compare and map.
	e := d.Add(D6.Dist())
	if !e.isWide() || e.Min() != 41 || e.Max() != 406 {
		t.Errorf("wide+narrow range %d..%d", e.Min(), e.Max())
	}
	if !d.Map(func(int) int { return 0 }).P(0).Rat().IsInt() {
		t.Error("a wide dist mapped to one outcome should have probability 1")
	}
	if d.Equal(D10.Dist().Repeat(39)) {
		t.Error("40d10 equals 39d10")
	}
}

// The 64-bit, 128-bit and big tiers give the same 20d6 (6^20 < 2^64 < 6^25).
func TestTiersAgree(t *testing.T) {
	small := D6.Dist().Repeat(20)
	mid := D6.Dist().Repeat(30) // 6^30 ≈ 2^77.5
	if small.isWide() || mid.isWide() || mid.p.tot.hi == 0 {
		t.Fatal("expected 64- and 128-bit totals")
	}
	w, tot := small.big()
	big1 := wide(small.Min(), w, tot)
	if !big1.Equal(small) || !mid.Equal(mid.Add(NewDist(0, 7))) {
		t.Error("tiers differ")
	}
}

func TestProb(t *testing.T) {
	for _, tc := range []struct {
		p    Prob
		want string
		f    float64
	}{
		{ProbOf(0, 5), "0", 0},
		{ProbOf(5, 5), "1", 1},
		{ProbOf(10, 36), "5/18", 10.0 / 36},
		{Prob{}, "0", 0},
		{Prob{bn: big.NewInt(2), bd: big.NewInt(8)}, "1/4", 0.25},
		{Prob{n: u128{1, 0}, d: u128{2, 0}}, "1/2", 0.5},
	} {
		if got := tc.p.String(); got != tc.want {
			t.Errorf("%+v: %s, want %s", tc.p, got, tc.want)
		}
		if got := tc.p.Float64(); got != tc.f {
			t.Errorf("%+v: %v, want %v", tc.p, got, tc.f)
		}
	}
	if ProbOf(1, 3).Cmp(ProbOf(2, 6)) != 0 || ProbOf(1, 3).Cmp(ProbOf(1, 2)) != -1 || ProbOf(1, 2).Cmp(Prob{bn: big.NewInt(1), bd: big.NewInt(3)}) != 1 {
		t.Error("Cmp")
	}
}

func TestPanicsOnProgrammerErrors(t *testing.T) {
	for name, f := range map[string]func(){
		"NewDist zero":    func() { NewDist(0, 0, 0) },
		"Uniform empty":   func() { Uniform(3, 2) },
		"keep k>n":        func() { KeepHighest(D6, 2, 3) },
		"keep n>MaxDice":  func() { KeepHighest(D6, MaxDice+1, 3) },
		"keep n>MaxTwo":   func() { KeepHighest(D6, MaxKeepTwo+1, 2) },
		"keep k=0":        func() { KeepLowest(D6, 2, 0) },
		"Binomial":        func() { Binomial(-1, 1, 1) },
		"Repeat 0":        func() { D6.Dist().Repeat(0) },
		"ProbOf":          func() { ProbOf(2, 1) },
		"D(1)":            func() { D(1) },
		"Symbols":         func() { Symbols("x", []string{"a"}, []int{0}) },
		"HitPool marked":  func() { HitPool{Dice: 1, Marked: 2, Hit: 1, Miss: 1}.Odds() },
		"HitPool weights": func() { HitPool{Dice: 1, Hit: 1 << 21, Miss: 1}.Odds() },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

// Keeping one or two dice takes pools beyond MaxDice (Trench Crusade: every
// extra injury die counts). Checked against the closed forms for a pair of
// sixes and for no six at all, computed independently with big integers.
func TestKeepTwoOfLargePools(t *testing.T) {
	for _, n := range []int{MaxDice + 1, 200, MaxKeepTwo} {
		d := KeepHighest(D6, n, 2)
		sum := new(big.Rat)
		for x := d.Min(); x <= d.Max(); x++ {
			sum.Add(sum, d.P(x).Rat())
		}
		if sum.Cmp(big.NewRat(1, 1)) != 0 {
			t.Errorf("%d dice: odds sum to %s", n, sum.RatString())
		}
		// P(two sixes) = 1 − (5/6)^n − n·(1/6)·(5/6)^(n−1).
		six := func(num int64, e int) *big.Rat {
			return new(big.Rat).SetFrac(new(big.Int).Exp(big.NewInt(num), big.NewInt(int64(e)), nil), new(big.Int).Exp(big.NewInt(6), big.NewInt(int64(e)), nil))
		}
		want := new(big.Rat).Sub(big.NewRat(1, 1), six(5, n))
		want.Sub(want, new(big.Rat).Mul(big.NewRat(int64(n), 6), six(5, n-1)))
		if got := d.P(12).Rat(); got.Cmp(want) != 0 {
			t.Errorf("%d dice: P(12) = %s…, want %s…", n, got.FloatString(20), want.FloatString(20))
		}
		// The two lowest are 2 unless fewer than two dice show 1.
		low := KeepLowest(D6, n, 2)
		if got, want := low.P(2).Rat(), d.P(12).Rat(); got.Cmp(want) != 0 {
			t.Errorf("%d dice: lowest pair 2 has %s, want the mirror %s", n, got.FloatString(20), want.FloatString(20))
		}
	}
}
