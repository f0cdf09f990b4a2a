package n23_test

import (
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
	"github.com/skirmish-engine/skirmish/rulesets/n23"
)

// midGame is a board game of the sample after some bot decisions.
func midGame(t testing.TB, steps int) *engine.Game {
	g, err := engine.New(n23.New(), sample(t, "scrapyard-run"), engine.Config{Seed: 11, Players: engine.Bots(2)})
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

// The state decoder, with the ruleset's Ext and the secondary statuses,
// never panics on bad input, and what it accepts encodes again.
func FuzzDecodeState(f *testing.F) {
	enginetest.FuzzDecodeState(f, midGame(f, 80), []byte(`{"ext":{"report":["x"]}}`), []byte(`{"ext":{"report":7}}`),
		[]byte(`{"models":[{"id":"lamp-boss","status":"prone","secondary":"wrecked"}]}`))
}

// A saved game loads back to the same state; a corrupt save is an error,
// never a panic.
func FuzzLoad(f *testing.F) {
	s, _ := n23.Samples().Find("n23", "scrapyard-run")
	enginetest.FuzzLoad(f, midGame(f, 40), func() (*engine.Setup, error) { return s.Setup(registry(), "") })
}
