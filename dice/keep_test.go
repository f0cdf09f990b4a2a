package dice

import (
	"fmt"
	"math/big"
	"slices"
	"testing"
)

// bruteKeep enumerates every face sequence of n dice d and tallies the sum of
// the k highest (or lowest) values. It shares no code with keep.
func bruteKeep(d Die, n, k int, highest bool) map[int]int64 {
	counts := map[int]int64{}
	faces := make([]int, n)
	for i := range faces {
		faces[i] = 1
	}
	for {
		vals := make([]int, n)
		for i, f := range faces {
			vals[i] = d.Value(f)
		}
		slices.Sort(vals)
		if highest {
			slices.Reverse(vals)
		}
		s := 0
		for _, v := range vals[:k] {
			s += v
		}
		counts[s]++
		i := 0
		for i < n && faces[i] == d.Sides() {
			faces[i] = 1
			i++
		}
		if i == n {
			return counts
		}
		faces[i]++
	}
}

// wantDist turns tallies over all d.Sides()^n sequences into a Dist-comparable check.
func checkAgainst(t *testing.T, got Dist, counts map[int]int64) {
	t.Helper()
	var total int64
	for _, c := range counts {
		total += c
	}
	for x := got.Min() - 1; x <= got.Max()+1; x++ {
		want := new(big.Rat).SetFrac64(counts[x], total)
		if g := got.P(x).Rat(); g.Cmp(want) != 0 {
			t.Errorf("P(%d) = %s, want %s", x, g.RatString(), want.RatString())
		}
	}
	for x := range counts {
		if x < got.Min() || x > got.Max() {
			t.Errorf("outcome %d (count %d) missing from %v", x, counts[x], got)
		}
	}
}

var injuryDieForTest = Symbols("injury die", []string{"injured", "seriously-injured", "out-of-action"}, []int{2, 3, 1})

func TestKeepMatchesBruteForce(t *testing.T) {
	dice := []Die{D(3), D6, D10, injuryDieForTest, Symbols("lopsided", []string{"a", "b", "c", "d"}, []int{1, 4, 2, 3})}
	for _, d := range dice {
		for n := 1; n <= 5; n++ {
			if d.Sides() >= 10 && n > 4 {
				continue
			}
			for k := 1; k <= n; k++ {
				for _, hi := range []bool{true, false} {
					t.Run(fmt.Sprintf("%s/%dk%d/highest=%v", d.Name(), n, k, hi), func(t *testing.T) {
						want := bruteKeep(d, n, k, hi)
						checkAgainst(t, keepDist(d.weights(), n, k, hi), want)
						if hi && k <= 2 { // the closed form answers these; check the DP too
							w, tot := keepDP(&ar128{}, keepArgs{d.weights(), n, k})
							checkAgainst(t, narrow(k, w, tot), want)
						}
					})
				}
			}
		}
	}
}

// The u128 and math/big instantiations of keep agree, on sizes the u128 path
// can hold.
func TestKeepFastEqualsSlow(t *testing.T) {
	for _, tc := range []struct{ sides, n, k int }{{6, 12, 2}, {10, 16, 8}, {10, 20, 2}, {6, 40, 3}, {10, 30, 5}} {
		p := keepArgs{D(tc.sides).weights(), tc.n, tc.k}
		ar := &ar128{}
		fo, ft := keep(ar, p)
		if ar.over {
			t.Fatalf("%+v: fast overflowed", tc)
		}
		so, st := keep(arBig{}, p)
		if ft.big().Cmp(st) != 0 {
			t.Errorf("%+v: totals differ", tc)
		}
		for i := range fo {
			if fo[i].big().Cmp(nz(so[i])) != 0 {
				t.Errorf("%+v: weight %d: fast %s slow %s", tc, i, fo[i].big(), so[i])
			}
		}
	}
}

// Sizes past 128 bits switch to math/big and stay exact: the weights still
// sum to the total and the extremes are the single all-ones/all-max sequences.
func TestKeepWide(t *testing.T) {
	d := keepDist(D10.weights(), 40, 2, true) // 10^40 > 2^128
	if !d.isWide() {
		t.Fatal("40d10 should need math/big")
	}
	sum := new(big.Int)
	for _, w := range d.p.bw {
		sum.Add(sum, w)
	}
	if want := new(big.Int).Exp(big.NewInt(10), big.NewInt(40), nil); sum.Cmp(want) != 0 || d.p.bt.Cmp(want) != 0 {
		t.Errorf("weights sum to %s, total %s, want %s", sum, d.p.bt, want)
	}
	if got, want := d.P(2).String(), "1/10000000000000000000000000000000000000000"; got != want {
		t.Errorf("P(2) = %s, want %s", got, want)
	}
}

// rules.md §2.3.4 gives the injury and recovery tables to three places.
func TestPickOneInjuryTables(t *testing.T) {
	for _, tc := range []struct {
		n       int
		highest bool
		want    [3]string
	}{
		{1, true, [3]string{"1/3", "1/2", "1/6"}},
		{2, true, [3]string{"1/9", "7/12", "11/36"}},
		{3, false, [3]string{"19/27", "7/24", "1/216"}},
		{2, false, [3]string{"5/9", "5/12", "1/36"}},
	} {
		d := PickOne(injuryDieForTest, tc.n, tc.highest)
		for v := 1; v <= 3; v++ {
			if got := d.P(v).String(); got != tc.want[v-1] {
				t.Errorf("%d dice highest=%v: P(%s) = %s, want %s", tc.n, tc.highest, injuryDieForTest.Symbol(v), got, tc.want[v-1])
			}
		}
	}
}
