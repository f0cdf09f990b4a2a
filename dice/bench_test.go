package dice

import "testing"

// The targets these measure are in docs/PERFORMANCE.md.

// injuryLadder is Trench Crusade's injury table (rules.md §4.2.1) on the
// kept sum: ≤1, 2–6, 7–8, ≥9.
func injuryLadder(s int) int {
	switch {
	case s <= 1:
		return 0
	case s <= 6:
		return 1
	case s <= 8:
		return 2
	}
	return 3
}

// Keep the two highest of 12d6 and read the injury table, from scratch.
func BenchmarkKeep12d6Keep2Injury(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		keepDist(D6.weights(), 12, 2, true).Map(injuryLadder)
	}
}

func BenchmarkKeep20d10Keep2(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		keepDist(D10.weights(), 20, 2, true)
	}
}

func BenchmarkKeep16d10Keep8(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		keepDist(D10.weights(), 16, 8, true)
	}
}

// 40d10 needs math/big (10^40 > 2^128).
func BenchmarkKeep40d10Keep2Big(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		keepDist(D10.weights(), 40, 2, true)
	}
}

// A query served from the cache.
func BenchmarkKeepHighestMemoized(b *testing.B) {
	KeepHighest(D6, 12, 2)
	b.ReportAllocs()
	for b.Loop() {
		KeepHighest(D6, 12, 2)
	}
}

func BenchmarkAdd2d6(b *testing.B) {
	d := D6.Dist()
	b.ReportAllocs()
	for b.Loop() {
		d.Add(d)
	}
}

func BenchmarkFace(b *testing.B) {
	r := NewRNG(1)
	b.ReportAllocs()
	for b.Loop() {
		r.Face(6)
	}
}
