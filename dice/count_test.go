package dice

import (
	"fmt"
	"math/big"
	"sync"
	"testing"
)

func TestBinomialBruteForce(t *testing.T) {
	for _, tc := range []struct {
		n         int
		hit, miss uint64
	}{{0, 1, 1}, {1, 1, 5}, {4, 2, 3}, {6, 9, 1}, {5, 0, 4}, {5, 4, 0}} {
		d := Binomial(tc.n, tc.hit, tc.miss)
		// Enumerate every sequence of trial outcomes, each weighted.
		counts := map[int]*big.Int{}
		var walk func(i, hits int, w *big.Int)
		walk = func(i, hits int, w *big.Int) {
			if i == tc.n {
				if counts[hits] == nil {
					counts[hits] = new(big.Int)
				}
				counts[hits].Add(counts[hits], w)
				return
			}
			walk(i+1, hits+1, new(big.Int).Mul(w, new(big.Int).SetUint64(tc.hit)))
			walk(i+1, hits, new(big.Int).Mul(w, new(big.Int).SetUint64(tc.miss)))
		}
		walk(0, 0, big.NewInt(1))
		total := new(big.Int).Exp(new(big.Int).SetUint64(tc.hit+tc.miss), big.NewInt(int64(tc.n)), nil)
		for k := 0; k <= tc.n; k++ {
			want := new(big.Rat)
			if counts[k] != nil {
				want.SetFrac(counts[k], total)
			}
			if got := d.P(k).Rat(); got.Cmp(want) != 0 {
				t.Errorf("%+v: P(%d) = %s, want %s", tc, k, got.RatString(), want.RatString())
			}
		}
	}
	if got := CountSuccesses(D6, 3, func(v int) bool { return v >= 5 }).P(3).String(); got != "1/27" {
		t.Errorf("three 5+ on 3d6 = %s", got)
	}
	if d := Binomial(MaxDice, 9, 1); d.P(MaxDice).Float64() < 0.001 || d.Len() != MaxDice+1 {
		t.Errorf("large binomial: %v", d.P(MaxDice))
	}
}

// bruteHitPool follows the HitPool rules face by face: unmarked then marked
// dice, each hit in p.Hit ways and missed in p.Miss ways.
func bruteHitPool(p HitPool) map[[2]int]*big.Rat {
	t := p.Hit + p.Miss
	out := map[[2]int]*big.Rat{}
	add := func(h, m int, w *big.Rat) {
		k := [2]int{h, m}
		if out[k] == nil {
			out[k] = new(big.Rat)
		}
		out[k].Add(out[k], w)
	}
	pHit, pMiss := big.NewRat(int64(p.Hit), int64(t)), big.NewRat(int64(p.Miss), int64(t))
	var walk func(i, hits, markedHits int, w *big.Rat)
	walk = func(i, hits, markedHits int, w *big.Rat) {
		if i == p.Dice {
			// every marked hit earns one extra die
			var extra func(left, h int, w *big.Rat)
			extra = func(left, h int, w *big.Rat) {
				if left == 0 {
					m := 0
					if markedHits > 0 {
						m = 1
					}
					add(h, m, w)
					return
				}
				extra(left-1, h+1, new(big.Rat).Mul(w, pHit))
				extra(left-1, h, new(big.Rat).Mul(w, pMiss))
			}
			extra(markedHits, hits, w)
			return
		}
		marked := i >= p.Dice-p.Marked
		mh := 0
		if marked {
			mh = 1
		}
		walk(i+1, hits+1, markedHits+mh, new(big.Rat).Mul(w, pHit))
		if p.Reroll {
			walk(i+1, hits+1, markedHits+mh, new(big.Rat).Mul(w, new(big.Rat).Mul(pMiss, pHit)))
			walk(i+1, hits, markedHits, new(big.Rat).Mul(w, new(big.Rat).Mul(pMiss, pMiss)))
		} else {
			walk(i+1, hits, markedHits, new(big.Rat).Mul(w, pMiss))
		}
	}
	walk(0, 0, 0, big.NewRat(1, 1))
	return out
}

func TestHitPoolBruteForce(t *testing.T) {
	for _, p := range []HitPool{
		{Dice: 0, Hit: 1, Miss: 1},
		{Dice: 3, Marked: 0, Hit: 4, Miss: 6},
		{Dice: 3, Marked: 2, Hit: 3, Miss: 7},
		{Dice: 4, Marked: 4, Hit: 9, Miss: 1, Reroll: true},
		{Dice: 5, Marked: 1, Hit: 5, Miss: 5, Reroll: true},
		{Dice: 2, Marked: 1, Hit: 0, Miss: 10},
		{Dice: 2, Marked: 2, Hit: 10, Miss: 0},
	} {
		t.Run(fmt.Sprintf("%+v", p), func(t *testing.T) {
			want := bruteHitPool(p)
			d := p.Odds()
			for h := 0; h <= p.Dice+p.Marked; h++ {
				for m := range 2 {
					w := want[[2]int{h, m}]
					if w == nil {
						w = new(big.Rat)
					}
					if got := d.P(2*h + m).Rat(); got.Cmp(w) != 0 {
						t.Errorf("P(hits=%d, marked=%d) = %s, want %s", h, m, got.RatString(), w.RatString())
					}
				}
			}
		})
	}
}

// The three tiers agree on a pool whose total needs 128 bits (10^20·100^2).
func TestHitPoolTiers(t *testing.T) {
	p := HitPool{Dice: 20, Marked: 2, Hit: 7, Miss: 3}
	d := p.Odds()
	if d.isWide() || d.p.tot.hi == 0 {
		t.Fatalf("want a 128-bit total, got wide=%v", d.isWide())
	}
	w, tot := hitPool(arBig{}, p)
	if !wide(0, w, tot).Equal(d) {
		t.Error("u128 and math/big differ")
	}
	huge := HitPool{Dice: 40, Marked: 40, Hit: 7, Miss: 3, Reroll: true}.Odds() // 1000^40
	if !huge.isWide() {
		t.Error("1000^40 should be wide")
	}
	sum := new(big.Rat)
	for c := huge.Min(); c <= huge.Max(); c++ {
		sum.Add(sum, huge.P(c).Rat())
	}
	if sum.Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("wide pool sums to %s", sum.RatString())
	}
}

// Results never share memory with the pooled scratch arena: distributions
// computed earlier stay intact while many more are computed, also from
// several goroutines at once.
func TestResultsOutliveScratch(t *testing.T) {
	type kept struct {
		d    Dist
		want string
	}
	make1 := func(i int) []kept {
		return []kept{
			{keepDist(D6.weights(), 3+i%5, 2, true), ""},
			{keepDist(D10.weights(), 6+i%4, 3, i%2 == 0), ""},
			{Binomial(5+i%7, 3, 7), ""},
			{HitPool{Dice: 4 + i%3, Marked: 1 + i%2, Hit: 6, Miss: 4, Reroll: i%2 == 1}.Odds(), ""},
			{D6.Dist().Add(D10.Dist().Shift(i)), ""},
		}
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var all []kept
			for i := range 50 {
				ks := make1(g*50 + i)
				for j := range ks {
					ks[j].want = ks[j].d.String()
				}
				all = append(all, ks...)
			}
			for i, k := range all {
				if got := k.d.String(); got != k.want {
					t.Errorf("goroutine %d dist %d changed after later computations:\n was %s\n now %s", g, i, k.want, got)
					return
				}
			}
		}()
	}
	wg.Wait()
}
