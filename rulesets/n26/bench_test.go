package n26

import "testing"

func BenchmarkRecoveryOddsMemoized(b *testing.B) {
	r := Recovery{Dice: 3}
	r.Odds()
	b.ReportAllocs()
	for b.Loop() {
		r.Odds()
	}
}
