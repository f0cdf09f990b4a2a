package engine

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestAddExact: sums kept by addExact compare as the exact rational sums
// of the same float64s do (big.Rat, which Expect's choices used before),
// for values of every magnitude: subnormals, the largest, negatives,
// and sums that differ in their last bit only.
func TestAddExact(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 4))
	pick := func() float64 {
		switch r.IntN(6) {
		case 0:
			return math.Float64frombits(r.Uint64N(1<<52)) * []float64{1, -1}[r.IntN(2)] // a subnormal
		case 1:
			return math.MaxFloat64 * (r.Float64()*2 - 1) / 64
		case 2:
			return math.Ldexp(r.Float64()*2-1, r.IntN(2000)-1000)
		case 3:
			return float64(r.IntN(21) - 10)
		default:
			return r.NormFloat64()
		}
	}
	sum := func(vs []float64) (*big.Int, *big.Rat) {
		z, bits, q := new(big.Int), new(big.Int), new(big.Rat)
		for _, v := range vs {
			addExact(z, bits, v)
			q.Add(q, new(big.Rat).SetFloat64(v))
		}
		return z, q
	}
	signs := [3]int{}
	for range 3000 {
		a := make([]float64, 1+r.IntN(6))
		for i := range a {
			a[i] = pick()
		}
		b := append([]float64(nil), a...)
		switch r.IntN(3) {
		case 0: // the same values in another order: equal sums
			r.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
		case 1: // one value a step away
			i := r.IntN(len(b))
			b[i] = math.Nextafter(b[i], math.Inf([]int{1, -1}[r.IntN(2)]))
		default:
			for i := range b {
				b[i] = pick()
			}
		}
		za, qa := sum(a)
		zb, qb := sum(b)
		got, want := za.Cmp(zb), qa.Cmp(qb)
		if got != want {
			t.Fatalf("%v against %v: addExact compares %d, the rational sums %d", a, b, got, want)
		}
		// and the whole number is the sum itself, in 2^-1074ths
		if back := new(big.Rat).SetFrac(za, new(big.Int).Lsh(big.NewInt(1), 1074)); back.Cmp(qa) != 0 {
			t.Fatalf("%v: addExact's sum is %v, not %v", a, back, qa)
		}
		signs[got+1]++
	}
	if signs[0] == 0 || signs[1] == 0 || signs[2] == 0 {
		t.Fatalf("comparisons %v: every outcome should come up", signs)
	}
}
