package sim_test

import (
	"context"
	"testing"

	"github.com/skirmish-engine/skirmish/sim"
)

// BenchmarkRandomGame is whole games between random bots on each ruleset's
// board scenario, as skirmish sim plays them: a batch of b.N games on one
// worker (digital dice, sides swapped in odd games); it reports games per
// second.
func BenchmarkRandomGame(b *testing.B) {
	for _, bd := range []struct{ ruleset, scenario string }{
		{"n26", "sump-crossing"}, {"n23", "scrapyard-run"}, {"trenchcrusade", "no-mans-land"}, {"falloutfactions", "junction-yard"},
	} {
		b.Run(bd.ruleset, func(b *testing.B) {
			c := config(b, bd.ruleset, bd.scenario, max(1, b.N), "random", "random")
			c.Workers = 1
			b.ReportAllocs()
			b.ResetTimer()
			played := 0
			if err := sim.Run(context.Background(), c, func(*sim.Game) error { played++; return nil }); err != nil {
				b.Fatal(err)
			}
			if played != c.Games {
				b.Fatalf("%d games played of %d", played, c.Games)
			}
			b.ReportMetric(float64(played)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
