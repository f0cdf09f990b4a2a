package enginetest

import (
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
)

// Playout benchmarks one decision of a random playout: g's players (bots)
// decide, and a finished game is Reset with the next seed, so that buffers
// are reused and allocations per decision show what steady play costs. g
// should have bots on every side and, for speed, sampled dice.
func Playout(b *testing.B, g *engine.Game) {
	b.Helper()
	seed := g.Config().Seed
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
}

// Yardstick is a minimal allocation-free 10-vs-10 playout written without
// the engine: each "action" picks a random living attacker of the side to
// act and a random living target, rolls to hit and to wound on the same
// ChaCha8 dice, and removes the target at no wounds left. Speed goals are
// multiples of it (docs/PERFORMANCE.md), measured in the same run, which
// holds on noisy machines; each package with goals runs it as its own
// BenchmarkYardstick.
func Yardstick(b *testing.B) {
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

// Games benchmarks whole games: g's bots play one to the end per
// iteration, each with the next seed (Reset reuses the buffers). It reports
// games/s and decisions per game.
func Games(b *testing.B, g *engine.Game) {
	b.Helper()
	seed := g.Config().Seed
	decisions := 0
	b.ReportAllocs()
	for b.Loop() {
		seed++
		if err := g.Reset(seed); err != nil {
			b.Fatal(err)
		}
		for !g.Over() {
			moved, err := g.Step()
			if err != nil {
				b.Fatal(err)
			}
			if !moved {
				b.Fatal("a bot did not move: a person's decision in a bots' game")
			}
			decisions++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
}

// ListRandom is the random bot as it was before issue 35: uniform over the
// whole legal list (not a KindPolicy), and every choice's options. Tests
// that walk to a fixed position with bot decisions use it, so that the
// position (and the perft counts pinned there) stay what they were.
type ListRandom struct{}

// Act picks a legal action at random.
func (ListRandom) Act(_ *engine.State, legal []engine.Action, rng *dice.RNG) int {
	return rng.Face(len(legal)) - 1
}

// Choose picks an option at random.
func (ListRandom) Choose(_ *engine.State, q *engine.Question, rng *dice.RNG) int {
	return rng.Face(len(q.Options)) - 1
}

// ListBots is a ListRandom for each of n sides.
func ListBots(n int) []engine.Policy {
	ps := make([]engine.Policy, n)
	for i := range ps {
		ps[i] = ListRandom{}
	}
	return ps
}
