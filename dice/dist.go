package dice

import (
	"fmt"
	"math/big"
	"math/bits"
	"strings"
)

// Dist is an exact finite probability distribution over consecutive integers.
//
// Every outcome x in [Min, Max] has a non-negative integer weight, and its
// probability is weight/total over one common denominator, so 1/3 stays 1/3.
// Weights are 128-bit integers when the total fits in 128 bits (the fast path,
// no allocation per operation) and math/big integers otherwise; operations pick
// the representation themselves and never overflow silently.
//
// A Dist is a one-word handle to immutable data: copying it is free, and it
// is safe for concurrent use. The zero Dist has no outcomes.
type Dist struct{ p *dist }

type dist struct {
	lo  int
	w   []u128 // weights when narrow
	tot u128
	bw  []*big.Int // weights when wide (non-nil exactly when wide)
	bt  *big.Int
}

// NewDist returns the distribution giving outcome lo+i the weight weights[i].
// It panics if there are no weights or they sum to zero: a distribution table
// is program data, not user input.
func NewDist(lo int, weights ...uint64) Dist {
	ar := &ar128{}
	w := make([]u128, len(weights))
	var tot u128
	for i, x := range weights {
		w[i] = u64(x)
		tot = ar.add(tot, w[i])
	}
	if tot.isZero() {
		panic("dice: NewDist: weights sum to zero")
	}
	if ar.over {
		panic("dice: NewDist: weights overflow") // unreachable for ≤ 2^64 entries
	}
	return narrow(lo, w, tot)
}

// Uniform returns the uniform distribution over lo..hi; it panics if hi < lo.
func Uniform(lo, hi int) Dist {
	if hi < lo {
		panic(fmt.Sprintf("dice: Uniform(%d, %d): empty range", lo, hi))
	}
	w := make([]uint64, hi-lo+1)
	for i := range w {
		w[i] = 1
	}
	return NewDist(lo, w...)
}

func narrow(lo int, w []u128, tot u128) Dist { return Dist{&dist{lo: lo, w: w, tot: tot}} }

func wide(lo int, w []*big.Int, tot *big.Int) Dist {
	for i := range w {
		if w[i] == nil {
			w[i] = bigZero
		}
	}
	return Dist{&dist{lo: lo, bw: w, bt: tot}}
}

func (d Dist) isWide() bool { return d.p != nil && d.p.bw != nil }

// Len is the number of outcomes from Min to Max, including any of weight zero.
func (d Dist) Len() int {
	switch {
	case d.p == nil:
		return 0
	case d.p.bw != nil:
		return len(d.p.bw)
	}
	return len(d.p.w)
}

// Min is the smallest outcome.
func (d Dist) Min() int {
	if d.p == nil {
		return 0
	}
	return d.p.lo
}

// Max is the largest outcome.
func (d Dist) Max() int { return d.Min() + d.Len() - 1 }

// P returns the exact probability of outcome x (zero outside [Min, Max]).
func (d Dist) P(x int) Prob {
	if d.p == nil {
		return Prob{}
	}
	p := d.p
	i := x - p.lo
	if p.bw != nil {
		if i < 0 || i >= len(p.bw) {
			return Prob{bn: bigZero, bd: p.bt}
		}
		return Prob{bn: p.bw[i], bd: p.bt}
	}
	if i < 0 || i >= len(p.w) {
		return Prob{d: p.tot}
	}
	return Prob{n: p.w[i], d: p.tot}
}

// PAtLeast returns the probability that the outcome is x or more.
func (d Dist) PAtLeast(x int) Prob {
	return d.Map(func(y int) int {
		if y >= x {
			return 1
		}
		return 0
	}).P(1)
}

// Mean returns the expected outcome, rounded to a float64.
func (d Dist) Mean() float64 {
	var m float64
	for x := d.Min(); x <= d.Max(); x++ {
		m += float64(x) * d.P(x).Float64()
	}
	return m
}

// big returns d's weights and total as big integers.
func (d Dist) big() ([]*big.Int, *big.Int) {
	if d.isWide() {
		return d.p.bw, d.p.bt
	}
	w := make([]*big.Int, len(d.p.w))
	for i, x := range d.p.w {
		w[i] = x.big()
	}
	return w, d.p.tot.big()
}

// Add returns the distribution of the sum of independent outcomes of d and e
// (their convolution).
func (d Dist) Add(e Dist) Dist {
	if d.Len() == 0 || e.Len() == 0 {
		return Dist{}
	}
	return tiered(d.Min()+e.Min(), d.bitLen()+e.bitLen(), [2]Dist{d, e},
		convDists[uint64, *ar64], convDists[u128, *ar128], convDists[*big.Int, arBig])
}

// bitLen is the bit length of d's total.
func (d Dist) bitLen() int {
	if d.isWide() {
		return d.p.bt.BitLen()
	}
	if d.p.tot.hi != 0 {
		return 64 + bits.Len64(d.p.tot.hi)
	}
	return bits.Len64(d.p.tot.lo)
}

// weightsAs returns d's weights and total in ar's type; ok is false when they
// do not fit it.
func weightsAs[W any, A arith[W]](ar A, d Dist) (w []W, tot W) {
	switch ar := any(ar).(type) {
	case *ar64:
		if d.isWide() || d.p.tot.hi != 0 {
			ar.over = true
			return nil, any(uint64(0)).(W)
		}
		w64 := make([]uint64, d.Len())
		for i, x := range d.p.w {
			w64[i] = x.lo
		}
		return any(w64).([]W), any(d.p.tot.lo).(W)
	case *ar128:
		if d.isWide() {
			ar.over = true
			return nil, any(u128{}).(W)
		}
		return any(d.p.w).([]W), any(d.p.tot).(W)
	default:
		bw, bt := d.big()
		return any(bw).([]W), any(bt).(W)
	}
}

func convDists[W any, A arith[W]](ar A, p [2]Dist) ([]W, W) {
	a, ta := weightsAs(ar, p[0])
	b, tb := weightsAs(ar, p[1])
	if ar.overflowed() {
		return nil, ta
	}
	return conv(ar, a, b), ar.mul(ta, tb)
}

// Repeat returns the distribution of the sum of n independent outcomes of d.
// It panics if n < 1.
func (d Dist) Repeat(n int) Dist {
	if n < 1 {
		panic(fmt.Sprintf("dice: Repeat(%d): need at least one", n))
	}
	r := d
	for i := 1; i < n; i++ {
		r = r.Add(d)
	}
	return r
}

// conv returns the convolution of a and b.
func conv[W any, A arith[W]](ar A, a, b []W) []W {
	return convInto(ar, zeros(ar, len(a)+len(b)-1), a, b)
}

// convInto adds the convolution of a and b to out (len(a)+len(b)-1 long,
// zeroed by the caller) and returns it.
func convInto[W any, A arith[W]](ar A, out, a, b []W) []W {
	if len(a) > len(b) {
		a, b = b, a // fewer, longer vector operations
	}
	for i, x := range a {
		if !ar.zero(x) {
			ar.axpy(out[i:], x, b)
		}
	}
	return out
}

// Neg returns the distribution of -x.
func (d Dist) Neg() Dist {
	return d.Map(func(x int) int { return -x })
}

// Shift returns the distribution of x+k.
func (d Dist) Shift(k int) Dist {
	if d.p == nil {
		return d
	}
	r := *d.p
	r.lo += k
	return Dist{&r}
}

// Map returns the distribution of f(x). f must be deterministic: it is
// called twice per outcome.
func (d Dist) Map(f func(int) int) Dist {
	n := d.Len()
	if n == 0 {
		return Dist{}
	}
	p := d.p
	lo, hi := f(p.lo), f(p.lo)
	for i := 1; i < n; i++ {
		y := f(p.lo + i)
		lo, hi = min(lo, y), max(hi, y)
	}
	if p.bw != nil {
		w := make([]*big.Int, hi-lo+1)
		var ar arBig
		for i, x := range p.bw {
			if y := f(p.lo+i) - lo; !ar.zero(x) {
				w[y] = ar.add(w[y], x)
			}
		}
		return wide(lo, w, p.bt)
	}
	w := make([]u128, hi-lo+1)
	for i, x := range p.w {
		y := f(p.lo+i) - lo
		w[y], _ = w[y].add(x) // partial sums of the total cannot overflow
	}
	return narrow(lo, w, p.tot)
}

// Equal reports whether d and e give every outcome the same probability.
func (d Dist) Equal(e Dist) bool {
	lo, hi := min(d.Min(), e.Min()), max(d.Max(), e.Max())
	for x := lo; x <= hi; x++ {
		if d.P(x).Cmp(e.P(x)) != 0 {
			return false
		}
	}
	return d.Len() > 0 == (e.Len() > 0)
}

// Trim drops outcomes of weight zero from both ends.
func (d Dist) Trim() Dist {
	lo, hi := d.Min(), d.Max()
	for lo <= hi && d.P(lo).IsZero() {
		lo++
	}
	for hi >= lo && d.P(hi).IsZero() {
		hi--
	}
	if lo > hi {
		return Dist{}
	}
	r := *d.p
	r.lo = lo
	if d.isWide() {
		r.bw = d.p.bw[lo-d.p.lo : hi-d.p.lo+1]
	} else {
		r.w = d.p.w[lo-d.p.lo : hi-d.p.lo+1]
	}
	return Dist{&r}
}

// String lists every outcome of non-zero weight with its reduced probability,
// as in "{2:1/36 3:1/18 …}".
func (d Dist) String() string {
	var b strings.Builder
	b.WriteByte('{')
	sep := ""
	for x := d.Min(); x <= d.Max(); x++ {
		if p := d.P(x); !p.IsZero() {
			fmt.Fprintf(&b, "%s%d:%s", sep, x, p)
			sep = " "
		}
	}
	b.WriteByte('}')
	return b.String()
}

// Prob is an exact probability: a fraction of two non-negative integers.
type Prob struct {
	n, d   u128
	bn, bd *big.Int // used when non-nil
}

// ProbOf returns the probability num/den; it panics if den is zero or num > den.
func ProbOf(num, den uint64) Prob {
	if den == 0 || num > den {
		panic(fmt.Sprintf("dice: ProbOf(%d, %d): not a probability", num, den))
	}
	return Prob{n: u64(num), d: u64(den)}
}

func (p Prob) wide() bool { return p.bd != nil }

// undefined reports whether p is the zero Prob, which has no denominator; it
// counts as probability zero.
func (p Prob) undefined() bool { return !p.wide() && p.d.isZero() }

// Rat returns p as a new big.Rat.
func (p Prob) Rat() *big.Rat {
	if p.undefined() {
		return new(big.Rat)
	}
	if p.wide() {
		return new(big.Rat).SetFrac(p.bn, p.bd)
	}
	return new(big.Rat).SetFrac(p.n.big(), p.d.big())
}

// Frac64 returns p as num/den when both fit in 64 bits (not reduced); ok
// is false otherwise. Exact arithmetic on the hot path (the engine's odds)
// starts here and falls back to Rat.
func (p Prob) Frac64() (num, den uint64, ok bool) {
	if p.wide() || p.undefined() || p.n.hi != 0 || p.d.hi != 0 {
		return 0, 0, false
	}
	return p.n.lo, p.d.lo, true
}

// IsZero reports whether p is zero.
func (p Prob) IsZero() bool {
	if p.wide() {
		return p.bn.Sign() == 0
	}
	return p.n.isZero()
}

// Float64 returns p rounded to a float64.
func (p Prob) Float64() float64 {
	if p.undefined() {
		return 0
	}
	if p.wide() {
		f, _ := p.Rat().Float64()
		return f
	}
	if p.d.hi == 0 {
		return float64(p.n.lo) / float64(p.d.lo)
	}
	return p.n.float() / p.d.float()
}

// Cmp compares p and q exactly: -1, 0 or +1.
func (p Prob) Cmp(q Prob) int {
	if !p.wide() && !q.wide() && !p.undefined() && !q.undefined() {
		a, o1 := p.n.mul(q.d)
		b, o2 := q.n.mul(p.d)
		if !o1 && !o2 {
			return a.cmp(b)
		}
	}
	return p.Rat().Cmp(q.Rat())
}

// String returns p as a reduced fraction: "0", "1", "11/36".
func (p Prob) String() string { return p.Rat().RatString() }
