package bot_test

import (
	"testing"

	"github.com/skirmish-engine/skirmish/bot"
	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
	"github.com/skirmish-engine/skirmish/rulesets/all"
)

// midgame is a state of each board scenario a few random actions in, at a
// decision with several legal actions.
func midgame(b *testing.B, bd board) (engine.Ruleset, *engine.Game) {
	reg := all.Rulesets()
	s, _ := all.Samples().Find(bd.ruleset, bd.scenario)
	su, _ := s.Setup(reg, "")
	rs, _ := reg.Lookup(bd.ruleset)
	// the old random bot (enginetest.ListBots): the positions the numbers
	// in docs/PERFORMANCE.md before issue 35 were taken at
	g, err := engine.New(rs, su, engine.Config{Seed: 3, Players: enginetest.ListBots(2)})
	if err != nil {
		b.Fatal(err)
	}
	for g.Step(); len(g.Legal()) < 4 && !g.Over(); {
		g.Step()
	}
	return rs, g
}

// BenchmarkYardstick is the yardstick the MCTS goal is a multiple of
// (enginetest.Yardstick, docs/PERFORMANCE.md), run beside it.
func BenchmarkYardstick(b *testing.B) { enginetest.Yardstick(b) }

// BenchmarkMCTS is one decision of MCTS with 200 iterations; it reports
// iterations per second.
func BenchmarkMCTS(b *testing.B) {
	for _, bd := range boards {
		b.Run(bd.ruleset, func(b *testing.B) {
			rs, g := midgame(b, bd)
			m := bot.NewMCTS(rs)
			m.Iterations = 200
			rng := dice.NewRNG(1)
			b.ReportAllocs()
			iters := 0
			for b.Loop() {
				m.Act(g.State(), g.Legal(), rng)
				iters += m.Done
			}
			b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iters/s")
		})
	}
}

// BenchmarkGreedy is one greedy decision.
func BenchmarkGreedy(b *testing.B) {
	for _, bd := range boards {
		b.Run(bd.ruleset, func(b *testing.B) {
			rs, g := midgame(b, bd)
			gr := bot.NewGreedy(rs)
			rng := dice.NewRNG(1)
			b.ReportAllocs()
			for b.Loop() {
				gr.Act(g.State(), g.Legal(), rng)
			}
		})
	}
}
