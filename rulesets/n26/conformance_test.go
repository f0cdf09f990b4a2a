package n26_test

import (
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
	"github.com/skirmish-engine/skirmish/rulesets/n26"
)

// sample decodes a built-in sample scenario and returns a fresh setup.
func sample(t testing.TB, name string) *engine.Setup {
	t.Helper()
	s, ok := n26.Samples().Find("n26", name)
	if !ok {
		t.Fatalf("no sample %q", name)
	}
	reg := &engine.Registry{}
	reg.Register(n26.New())
	sc, err := s.Decode(reg)
	if err != nil {
		t.Fatal(err)
	}
	su, err := sc.Setup("")
	if err != nil {
		t.Fatal(err)
	}
	return su
}

func TestConformance(t *testing.T) {
	games := 250
	if testing.Short() {
		games = 20
	}
	for _, name := range []string{"sump-crossing", "hab-block-brawl"} {
		t.Run(name, func(t *testing.T) {
			enginetest.Run(t, enginetest.Suite{Ruleset: n26.New(), Setup: func(int) *engine.Setup { return sample(t, name) }, Games: games})
		})
	}
}

// BenchmarkPlayout is one decision of a random playout of each sample
// scenario, both sides bots, dice sampled from exact odds: the fast path.
// At the table the bots also answer the measurements. A finished game is
// Reset with the next seed.
func BenchmarkPlayout(b *testing.B) {
	for _, name := range []string{"sump-crossing", "hab-block-brawl"} {
		b.Run(name, func(b *testing.B) {
			g, err := engine.New(n26.New(), sample(b, name), engine.Config{Seed: 1, Dice: engine.SampledDice, Players: engine.Bots(2)})
			if err != nil {
				b.Fatal(err)
			}
			seed := uint64(1)
			b.ReportAllocs()
			for b.Loop() {
				if g.Over() {
					seed++
					if err := g.Reset(seed); err != nil {
						b.Fatal(err)
					}
				}
				if _, err := g.Step(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
