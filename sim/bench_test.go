package sim_test

import (
	"testing"

	"github.com/skirmish-engine/skirmish/sim"
)

// BenchmarkRandomGame is one whole game between random bots on each
// ruleset's board scenario, as skirmish sim plays it (digital dice, one
// worker); it reports games per second.
func BenchmarkRandomGame(b *testing.B) {
	for _, bd := range []struct{ ruleset, scenario string }{
		{"n26", "sump-crossing"}, {"n23", "scrapyard-run"}, {"trenchcrusade", "no-mans-land"}, {"falloutfactions", "junction-yard"},
	} {
		b.Run(bd.ruleset, func(b *testing.B) {
			c := config(b, bd.ruleset, bd.scenario, sim.MaxGames, "random", "random")
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := sim.Play(c, i); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
