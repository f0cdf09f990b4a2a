package falloutfactions_test

import (
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
	"github.com/skirmish-engine/skirmish/rulesets/falloutfactions"
)

// Speed benchmarks, quoted against the yardstick of the same run
// (docs/PERFORMANCE.md; .ci/bench-gate checks the ratios).

func BenchmarkYardstick(b *testing.B) { enginetest.Yardstick(b) }

func bots(b *testing.B) *engine.Game {
	g, err := engine.New(falloutfactions.New(), sample(b, "junction-yard"), engine.Config{Seed: 1, Dice: engine.SampledDice, Players: engine.Bots(2)})
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkPlayout is one decision of a random playout of the board
// sample, both sides bots, dice sampled from exact odds: the fast path.
// (At a table the players measure, and bots do not measure for them.)
func BenchmarkPlayout(b *testing.B) {
	b.Run("junction-yard", func(b *testing.B) { enginetest.Playout(b, bots(b)) })
}

// BenchmarkGames plays whole games of the board sample, random bots on both
// sides and sampled dice: games a second on one core.
func BenchmarkGames(b *testing.B) { enginetest.Games(b, bots(b)) }
