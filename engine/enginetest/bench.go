package enginetest

import (
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// Playout benchmarks one decision of a random playout: g's players (bots)
// decide, and a finished game is Reset with the next seed, so that buffers
// are reused and allocations per decision show what steady play costs. g
// should have bots on every side and, for speed, sampled dice.
func Playout(b *testing.B, g *engine.Game) {
	b.Helper()
	seed := g.Config().Seed
	b.ReportAllocs()
	for b.Loop() {
		if g.Over() {
			seed++
			if err := g.Reset(seed); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := g.Step(); err != nil {
			b.Fatal(err)
		}
	}
}
