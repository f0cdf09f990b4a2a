package trenchcrusade_test

import (
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
	"github.com/skirmish-engine/skirmish/rulesets/trenchcrusade"
)

// midGame is a board game of the sample after some bot decisions.
func midGame(t testing.TB, steps int) *engine.Game {
	g, err := engine.New(trenchcrusade.New(), sample(t, "no-mans-land"), engine.Config{Seed: 11, Players: engine.Bots(2)})
	if err != nil {
		t.Fatal(err)
	}
	for range steps {
		if _, err := g.Step(); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// The state decoder, with the ruleset's Ext, never panics on bad input,
// and what it accepts encodes again.
func FuzzDecodeState(f *testing.F) {
	enginetest.FuzzDecodeState(f, midGame(f, 80), []byte(`{"ext":{"report":["x"],"queue":[1,2]}}`), []byte(`{"ext":{"queue":"no"}}`))
}

// A saved game loads back to the same state; a corrupt save is an error,
// never a panic.
func FuzzLoad(f *testing.F) {
	s, _ := trenchcrusade.Samples().Find("trenchcrusade", "no-mans-land")
	enginetest.FuzzLoad(f, midGame(f, 40), func() (*engine.Setup, error) { return s.Setup(registry(), "") })
}
