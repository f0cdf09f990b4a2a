package falloutfactions_test

import (
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
	"github.com/skirmish-engine/skirmish/rulesets/falloutfactions"
)

// midGame is a board game of the sample after some bot decisions.
func midGame(t testing.TB, steps int) *engine.Game {
	g, err := engine.New(falloutfactions.New(), sample(t, "junction-yard"), engine.Config{Seed: 11, Players: engine.Bots(2)})
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
	enginetest.FuzzDecodeState(f, midGame(f, 60), []byte(`{"ext":{"report":["x"],"finds":[270]}}`), []byte(`{"ext":{"finds":[-1]}}`),
		[]byte(`{"turn":{"barred":["kessa"]}}`))
}

// A saved game loads back to the same state; a corrupt save is an error,
// never a panic.
func FuzzLoad(f *testing.F) {
	s, _ := falloutfactions.Samples().Find("falloutfactions", "junction-yard")
	enginetest.FuzzLoad(f, midGame(f, 40), func() (*engine.Setup, error) { return s.Setup(registry(), "") })
}
