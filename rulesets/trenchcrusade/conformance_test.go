package trenchcrusade_test

import (
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
	"github.com/skirmish-engine/skirmish/rulesets/trenchcrusade"
)

func TestConformance(t *testing.T) {
	games, full := 250, 10
	if testing.Short() || raceEnabled {
		games, full = 20, 2
	}
	for _, name := range []string{"no-mans-land", "shell-crater"} {
		setup := func(int) *engine.Setup { return sample(t, name) }
		t.Run(name, func(t *testing.T) {
			enginetest.Run(t, enginetest.Suite{Ruleset: trenchcrusade.New(), Setup: setup, Games: games, TryEvery: 5, RebuildEvery: 20})
		})
		t.Run(name+"/every-step", func(t *testing.T) {
			enginetest.Run(t, enginetest.Suite{Ruleset: trenchcrusade.New(), Setup: setup, Games: full, Seed: 99})
		})
	}
}

// BenchmarkPlayout is one decision of a random playout of the board sample,
// both sides bots, dice sampled from exact odds: the fast path.
func BenchmarkPlayout(b *testing.B) {
	b.Run("no-mans-land", func(b *testing.B) {
		g, err := engine.New(trenchcrusade.New(), sample(b, "no-mans-land"), engine.Config{Seed: 1, Dice: engine.SampledDice, Players: engine.Bots(2)})
		if err != nil {
			b.Fatal(err)
		}
		enginetest.Playout(b, g)
	})
}
