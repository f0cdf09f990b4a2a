package n23_test

import (
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
	"github.com/skirmish-engine/skirmish/rulesets/n23"
)

// registry holds the ruleset alone.
func registry() *engine.Registry {
	reg := &engine.Registry{}
	reg.Register(n23.New())
	return reg
}

// sample decodes a built-in sample scenario and returns a fresh setup.
func sample(t testing.TB, name string) *engine.Setup {
	t.Helper()
	s, ok := n23.Samples().Find("n23", name)
	if !ok {
		t.Fatalf("no sample %q", name)
	}
	su, err := s.Setup(registry(), "")
	if err != nil {
		t.Fatal(err)
	}
	return su
}

// The conformance suite on both samples: 500 games in all (issue 12), every
// dice mode, bots and people. Every decision is checked for clones, JSON and
// prompts; every fifth also tries every legal action on a copy, every
// twentieth rebuilds the state from the log (both are quadratic in a game's
// length, so checking them at every step would take CI minutes). A further
// 10 games a sample check everything at every step.
func TestConformance(t *testing.T) {
	games, full := 250, 10
	if testing.Short() || raceEnabled {
		games, full = 20, 2
	}
	for _, name := range []string{"scrapyard-run", "furnace-duel"} {
		setup := func(int) *engine.Setup { return sample(t, name) }
		t.Run(name, func(t *testing.T) {
			enginetest.Run(t, enginetest.Suite{Ruleset: n23.New(), Setup: setup, Games: games, TryEvery: 5, RebuildEvery: 20})
		})
		t.Run(name+"/every-step", func(t *testing.T) {
			enginetest.Run(t, enginetest.Suite{Ruleset: n23.New(), Setup: setup, Games: full, Seed: 99})
		})
	}
}

// BenchmarkPlayout is one decision of a random playout of the board sample,
// both sides bots, dice sampled from exact odds: the fast path. (At a table
// the players measure, and bots do not measure for them.)
func BenchmarkPlayout(b *testing.B) {
	b.Run("scrapyard-run", func(b *testing.B) {
		g, err := engine.New(n23.New(), sample(b, "scrapyard-run"), engine.Config{Seed: 1, Dice: engine.SampledDice, Players: engine.Bots(2)})
		if err != nil {
			b.Fatal(err)
		}
		enginetest.Playout(b, g)
	})
}
