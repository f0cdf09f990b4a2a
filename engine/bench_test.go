package engine_test

import (
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
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

// BenchmarkYardstick is a minimal allocation-free 10-vs-10 playout written
// without the engine: each "action" picks a random living attacker of the
// side to act and a random living target, rolls to hit and to wound on the
// same ChaCha8 dice, and removes the target at no wounds left. Engine
// numbers are quoted as multiples of it, which holds on noisy machines.
func BenchmarkYardstick(b *testing.B) {
	var hp [20]int
	var alive [2]int
	r := dice.NewRNG(1)
	reset := func() {
		for i := range hp {
			hp[i] = 2
		}
		alive = [2]int{10, 10}
	}
	pick := func(side int) int {
		k := r.Face(alive[side]) - 1
		for i := side; i < 20; i += 2 {
			if hp[i] > 0 {
				if k == 0 {
					return i
				}
				k--
			}
		}
		return -1
	}
	reset()
	side := 0
	b.ReportAllocs()
	for b.Loop() {
		if alive[0] == 0 || alive[1] == 0 {
			reset()
		}
		_ = pick(side)
		t := pick(1 - side)
		hit := r.Face(6) >= 4
		if wound := r.Face(6) >= 4; hit && wound {
			if hp[t]--; hp[t] == 0 {
				alive[1-side]--
			}
		}
		side = 1 - side
	}
}
