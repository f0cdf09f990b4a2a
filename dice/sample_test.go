package dice

import (
	"math"
	"testing"
)

// Sampled frequencies match the exact probabilities on all three tiers
// (each within 5 standard errors, fixed seed).
func TestDistSample(t *testing.T) {
	for name, d := range map[string]Dist{
		"2d6":         D6.Dist().Add(D6.Dist()),
		"u128 total":  D6.Dist().Repeat(30).Map(func(x int) int { return x % 7 }),
		"big total":   D10.Dist().Repeat(40).Map(func(x int) int { return x % 5 }),
		"zero weight": NewDist(3, 1, 0, 2),
	} {
		r := NewRNG(99)
		const n = 30000
		counts := map[int]int{}
		for range n {
			counts[d.Sample(r)]++
		}
		for x := d.Min(); x <= d.Max(); x++ {
			p := d.P(x).Float64()
			se := math.Sqrt(p * (1 - p) / n)
			if got := float64(counts[x]) / n; math.Abs(got-p) > 5*se+1e-12 {
				t.Errorf("%s: P(%d) sampled %.4f, exact %.4f", name, x, got, p)
			}
		}
	}
}

func BenchmarkDistSample(b *testing.B) {
	d := KeepHighest(D6, 4, 2)
	r := NewRNG(1)
	b.ReportAllocs()
	for b.Loop() {
		d.Sample(r)
	}
}
