package engine_test

import (
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
	"github.com/skirmish-engine/skirmish/internal/mini"
)

// BenchmarkPlayout is one action of a random playout of the mini ruleset
// on a board, every side a bot, dice sampled from exact odds: the fast path.
// A finished game is Reset with the next seed.
func BenchmarkPlayout(b *testing.B) {
	for _, p := range mini.Presets {
		b.Run(p, func(b *testing.B) {
			g, err := engine.New(mini.New(p), mini.BoardSetup(testBoard()), engine.Config{Seed: 1, Dice: engine.SampledDice, Players: engine.Bots(2)})
			if err != nil {
				b.Fatal(err)
			}
			enginetest.Playout(b, g)
		})
	}
}

// twenty is a 20-model state: ten a side.
func twenty(b *testing.B) *engine.State {
	su := mini.BoardSetup(testBoard())
	base := su.Models
	su.Models = nil
	for i := range 20 {
		m := base[i%len(base)]
		m.ID = m.ID + string(rune('a'+i))
		m.Side = i % 2
		m.Start = engine.Pos{X: float32(1 + i), Y: float32(1 + 20*(i%2))}
		su.Models = append(su.Models, m)
	}
	g, err := engine.New(mini.New("n26"), su, engine.Config{Seed: 1, Dice: engine.SampledDice, Players: engine.Bots(2)})
	if err != nil {
		b.Fatal(err)
	}
	return g.State()
}

func BenchmarkClone20(b *testing.B) {
	s := twenty(b)
	dst := s.Clone()
	b.ReportAllocs()
	for b.Loop() {
		dst = s.CopyInto(dst)
	}
}

// BenchmarkYardstick is the yardstick engine numbers are quoted against
// (enginetest.Yardstick): every package with speed goals runs it beside
// its own benchmarks, so that ratios compare on a noisy machine.
func BenchmarkYardstick(b *testing.B) { enginetest.Yardstick(b) }
