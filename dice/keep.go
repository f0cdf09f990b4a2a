package dice

import (
	"fmt"
	"math/big"
	"slices"
)

// KeepHighest returns the distribution of the sum of the k highest values
// shown by n dice d. It panics unless 1 ≤ k ≤ n ≤ MaxDice, or, keeping one
// or two dice (a closed form that needs no binomial table), n ≤ MaxKeepTwo.
//
// The result is computed once per (die, n, k) and then served from a cache.
func KeepHighest(d Die, n, k int) Dist {
	if r, ok := keepMemo.Get(keepKey(d, n, k, 1)); ok && keepOK(n, k) {
		return r
	}
	return keepMiss(d, n, k, true)
}

// KeepLowest returns the distribution of the sum of the k lowest values shown
// by n dice d. It panics unless 1 ≤ k ≤ n ≤ MaxDice, or k ≤ 2 and n ≤
// MaxKeepTwo.
func KeepLowest(d Die, n, k int) Dist {
	if r, ok := keepMemo.Get(keepKey(d, n, k, 0)); ok && keepOK(n, k) {
		return r
	}
	return keepMiss(d, n, k, false)
}

// PickOne returns the distribution of the value a player keeps when rolling n
// dice d and keeping one: the highest value if highest, else the lowest. For a
// symbol die the value is the symbol's rank.
func PickOne(d Die, n int, highest bool) Dist {
	if highest {
		return KeepHighest(d, n, 1)
	}
	return KeepLowest(d, n, 1)
}

var keepMemo Memo[Dist]

// MaxKeepTwo is the largest pool KeepHighest and KeepLowest take when they
// keep one or two dice (Trench Crusade's rolls: every extra die counts,
// even from a long fall).
const MaxKeepTwo = 1000

// keepKey packs the cache key; it is only trusted once keepOK holds.
func keepKey(d Die, n, k int, highest uint64) uint64 {
	return uint64(d.id)<<32 | uint64(n&0xfffff)<<12 | uint64(k&0x3ff)<<2 | highest
}

func keepOK(n, k int) bool {
	return k >= 1 && k <= n && (n <= MaxDice || k <= 2 && n <= MaxKeepTwo)
}

func keepMiss(d Die, n, k int, highest bool) Dist {
	checkKeep(n, k)
	r := keepDist(d.weights(), n, k, highest)
	h := uint64(0)
	if highest {
		h = 1
	}
	keepMemo.Put(keepKey(d, n, k, h), r)
	return r
}

func checkKeep(n, k int) {
	if !keepOK(n, k) {
		panic(fmt.Sprintf("dice: keep %d of %d dice: need 1 ≤ k ≤ n ≤ %d (%d keeping one or two)", k, n, MaxDice, MaxKeepTwo))
	}
}

// keepDist computes, without the cache, the distribution of the sum of the k
// highest (or lowest) of n dice whose values 1..len(w) come up with weights w.
func keepDist(w []uint64, n, k int, highest bool) Dist {
	checkKeep(n, k)
	if !highest {
		// The k lowest of the dice are the k highest of the mirrored dice
		// (value v ↦ V+1-v); mirror the weights in, and the sums back out.
		w = slices.Clone(w)
		slices.Reverse(w)
	}
	var s uint64
	for _, x := range w {
		s += x // die tables are small; a sum past 2^64 is a broken table
	}
	r := tiered(k, bitsOf(s, n), keepArgs{w, n, k},
		keep[uint64, *ar64], keep[u128, *ar128], keep[*big.Int, arBig])
	if !highest {
		// Mirrored sums s' map to k(V+1)-s'; the range [k, kV] maps onto itself.
		if r.isWide() {
			slices.Reverse(r.p.bw)
		} else {
			slices.Reverse(r.p.w)
		}
	}
	return r
}

type keepArgs struct {
	w    []uint64 // w[v-1] is the weight of value v
	n, k int
}

// keep returns the weights of the kept sums k..kV and the total (sum w)^n.
func keep[W any, A arith[W]](ar A, p keepArgs) ([]W, W) {
	if p.k <= 2 {
		return keepFew(ar, p)
	}
	return keepDP(ar, p)
}

// keepFew is the closed form for keeping one or two dice. With cum(x) the
// weight of values ≤ x:
//
//   - the highest die is v in cum(v)^n - cum(v-1)^n ways;
//   - the two highest are a > b when exactly one die shows a and the other
//     n-1 have maximum b: n·w(a)·(cum(b)^(n-1) - cum(b-1)^(n-1)) ways;
//   - they are a = a when two or more dice show a and the rest less:
//     cum(a)^n - cum(a-1)^n - n·w(a)·cum(a-1)^(n-1) ways.
func keepFew[W any, A arith[W]](ar A, p keepArgs) ([]W, W) {
	V, n := len(p.w), p.n
	pn := ar.tmp(V + 1)  // cum(x)^n
	pn1 := ar.tmp(V + 1) // cum(x)^(n-1)
	cum := uint64(0)
	for x := range V + 1 {
		if x > 0 {
			cum += p.w[x-1]
		}
		pn1[x] = ar.pow(cum, n-1)
		pn[x] = ar.scale(pn1[x], cum)
	}
	if p.k == 1 {
		out := make([]W, V)
		for v := 1; v <= V; v++ {
			out[v-1] = ar.sub(pn[v], pn[v-1])
		}
		return out, pn[V]
	}
	out := zeros(ar, 2*V-1) // sums 2..2V
	d := ar.tmp(V + 1)      // d[b] = ways n-1 dice have maximum exactly b
	for b := 1; b <= V; b++ {
		d[b] = ar.sub(pn1[b], pn1[b-1])
	}
	for a := 1; a <= V; a++ {
		if p.w[a-1] == 0 {
			continue
		}
		nwa := ar.scale(ar.of(p.w[a-1]), uint64(n))
		pair := ar.sub(ar.sub(pn[a], pn[a-1]), ar.mul(nwa, pn1[a-1]))
		out[2*a-2] = ar.add(out[2*a-2], pair)
		ar.axpy(out[a-1:], nwa, d[1:a]) // sums a+1 .. 2a-1
	}
	return out, pn[V]
}

// keepDP is the order-statistics dynamic programme behind KeepHighest for any
// k. It never enumerates faces: it walks the values from the highest down,
// keeping, for each number m < k of dice already placed above the current
// value, the weights of the partial sums of those dice. At value v, either
// enough of the remaining dice show v to complete the k kept (then every other
// die is lower and is dropped, collapsed into one binomial tail term), or c
// more dice show v and the state moves to m+c. The cost is O(V·k²·(k·V))
// small operations, independent of n except through binomial coefficients.
func keepDP[W any, A arith[W]](ar A, p keepArgs) ([]W, W) {
	w, n, k := p.w, p.n, p.k
	V := len(w)
	width := k*V + 1
	rows := ar.tmp(k * width)
	out := zeros(ar, k*(V-1)+1)
	row := func(m int) []W { return rows[m*width : (m+1)*width] }
	lo := make([]int, k) // row m holds partial sums lo[m]..hi[m]; hi < lo when empty
	hi := make([]int, k)
	for m := 1; m < k; m++ {
		lo[m], hi[m] = 1, 0
	}
	row(0)[0] = ar.of(1)

	below := make([]uint64, V+1) // below[v] = weight of values < v
	for v := 2; v <= V; v++ {
		below[v] = below[v-1] + w[v-2]
	}
	base := n - k + 1 // smallest exponent of the lower-value powers needed
	pw := make([]W, k)
	pl := make([]W, k)
	pc := make([]W, k)
	// pc[i] = (weight of values ≤ v)^(base+i), pl[i] = (weight of values < v)^(base+i):
	// going down, one value's pl is the next one's pc.
	pc[0] = ar.pow(below[V]+w[V-1], base)
	for i := 1; i < k; i++ {
		pc[i] = ar.scale(pc[i-1], below[V]+w[V-1])
	}
	for v := V; v >= 1; v-- {
		pl[0] = ar.pow(below[v], base)
		for i := 1; i < k; i++ {
			pl[i] = ar.scale(pl[i-1], below[v])
		}
		if w[v-1] == 0 {
			pc, pl = pl, pc // equal: no weight at v
			continue        // nothing can show v: every state carries over
		}
		pw[0] = ar.of(1)
		for i := 1; i < k; i++ {
			pw[i] = ar.scale(pw[i-1], w[v-1])
		}
		// Complete the kept dice at v: j = k-m or more of the r = n-m
		// unplaced dice show v, the rest show less.
		for m := range k {
			if hi[m] < lo[m] {
				continue
			}
			r, j := n-m, k-m
			t := pc[r-base]
			for c := range j {
				t = ar.sub(t, ar.scale(ar.mul(pw[c], pl[r-c-base]), binom[r][c]))
			}
			ar.axpy(out[lo[m]+j*v-k:], t, row(m)[lo[m]:hi[m]+1])
		}
		// Or c ≥ 1 more dice show v without completing: m → m2 = m+c < k.
		// Rows are updated from the top so each reads its sources unchanged.
		for m2 := k - 1; m2 >= 1; m2-- {
			for m := range m2 {
				if hi[m] < lo[m] {
					continue
				}
				c := m2 - m
				coef := ar.scale(pw[c], binom[n-m][c])
				ar.axpy(row(m2)[lo[m]+c*v:], coef, row(m)[lo[m]:hi[m]+1])
				a, b := lo[m]+c*v, hi[m]+c*v
				if hi[m2] < lo[m2] {
					lo[m2], hi[m2] = a, b
				} else {
					lo[m2], hi[m2] = min(lo[m2], a), max(hi[m2], b)
				}
			}
		}
		pc, pl = pl, pc
	}
	return out, ar.pow(below[V]+w[V-1], n)
}
