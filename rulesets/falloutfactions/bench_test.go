package falloutfactions

import (
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
)

// Exact ff-test odds at N = 20, from scratch: what Odds computes on a cache
// miss. Stat 6 keeps the weights in 64 bits; stat 7 needs 128 bits.
func BenchmarkTestN20(b *testing.B) {
	for _, tc := range []struct {
		name string
		t    Test
	}{
		{"stat6-luck1", Test{Dice: 20, Stat: 6, Luck: 1}},
		{"stat7-luck1", Test{Dice: 20, Stat: 7, Luck: 1}},
		{"stat7-luck3-luckybreak", Test{Dice: 20, Stat: 7, Luck: 3, LuckyBreak: true}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			p := tc.t.Pool()
			b.ReportAllocs()
			for b.Loop() {
				p.Odds()
			}
		})
	}
}

func BenchmarkTestMemoized(b *testing.B) {
	t := Test{Dice: 20, Stat: 7, Luck: 1}
	t.Odds()
	b.ReportAllocs()
	for b.Loop() {
		t.Odds()
	}
}

func BenchmarkTestSample(b *testing.B) {
	t := Test{Dice: 5, Stat: 6, Luck: 2}
	r := dice.NewRNG(1)
	b.ReportAllocs()
	for b.Loop() {
		dice.Sample(t, r)
	}
}
