package n23_test

import (
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
	"github.com/skirmish-engine/skirmish/rulesets/n23"
)

// Speed benchmarks, quoted against the yardstick of the same run
// (docs/PERFORMANCE.md; .ci/bench-gate checks the ratios).

func BenchmarkYardstick(b *testing.B) { enginetest.Yardstick(b) }

// BenchmarkGames plays whole games of the board sample, random bots on both
// sides and sampled dice: games a second on one core.
func BenchmarkGames(b *testing.B) {
	g, err := engine.New(n23.New(), sample(b, "scrapyard-run"), engine.Config{Seed: 1, Dice: engine.SampledDice, Players: engine.Bots(2)})
	if err != nil {
		b.Fatal(err)
	}
	enginetest.Games(b, g)
}
