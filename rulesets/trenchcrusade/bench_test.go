package trenchcrusade

import (
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
)

func BenchmarkInjuryOddsMemoized(b *testing.B) {
	r := InjuryRoll{Dice: 10, Mods: []int{-1}}
	r.Odds()
	b.ReportAllocs()
	for b.Loop() {
		r.Odds()
	}
}

func BenchmarkInjurySample(b *testing.B) {
	r := InjuryRoll{Dice: 1, Mods: []int{-1}}
	rng := dice.NewRNG(1)
	b.ReportAllocs()
	for b.Loop() {
		dice.Sample(r, rng)
	}
}
