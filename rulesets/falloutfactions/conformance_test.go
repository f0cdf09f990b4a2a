package falloutfactions_test

import (
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
	"github.com/skirmish-engine/skirmish/rulesets/falloutfactions"
)

// registry holds the ruleset alone.
func registry() *engine.Registry {
	reg := &engine.Registry{}
	reg.Register(falloutfactions.New())
	return reg
}

// sample decodes a built-in sample scenario and returns a fresh setup.
func sample(t testing.TB, name string) *engine.Setup {
	t.Helper()
	s, ok := falloutfactions.Samples().Find("falloutfactions", name)
	if !ok {
		t.Fatalf("no sample %q", name)
	}
	su, err := s.Setup(registry(), "")
	if err != nil {
		t.Fatal(err)
	}
	return su
}

// The conformance suite on both samples: 500 games in all (issue 11), every
// dice mode, bots and people. Every decision is checked for clones, JSON
// and prompts; every fifth also tries every legal action on a copy, every
// twentieth rebuilds the state from the log (both are quadratic in a
// game's length). A further 10 games a sample check everything at every
// step.
func TestConformance(t *testing.T) {
	games, full := 250, 10
	if testing.Short() || raceEnabled {
		games, full = 20, 2
	}
	for _, name := range []string{"junction-yard", "dry-gulch"} {
		setup := func(int) *engine.Setup { return sample(t, name) }
		t.Run(name, func(t *testing.T) {
			enginetest.Run(t, enginetest.Suite{Ruleset: falloutfactions.New(), Setup: setup, Games: games, TryEvery: 5, RebuildEvery: 20})
		})
		t.Run(name+"/every-step", func(t *testing.T) {
			enginetest.Run(t, enginetest.Suite{Ruleset: falloutfactions.New(), Setup: setup, Games: full, Seed: 99})
		})
	}
}
