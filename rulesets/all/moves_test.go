package all

import (
	"math"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// TestNoMoveOfNothing: no destination a ruleset offers on a board is where
// the model already stands (a wasted action, and a dot on the model in the
// companion); random games of every board sample, each decision's list.
func TestNoMoveOfNothing(t *testing.T) {
	for _, d := range decodedSamples(t, true) {
		n := 0
		for seed := uint64(1); seed <= 10; seed++ {
			playRandom(t, d, seed, func(g *engine.Game) {
				s := g.State()
				for _, a := range g.Legal() {
					if !a.HasPos || a.Actor < 0 {
						continue
					}
					n++
					p := s.Models[a.Actor].Pos
					if math.Hypot(float64(p.X-a.X), float64(p.Y-a.Y)) < 0.005 {
						t.Errorf("%s seed %d: %s is where %s stands", d.key, seed, a, s.Static(a.Actor).ID)
					}
				}
			})
		}
		if n < 1000 {
			t.Errorf("%s: only %d destinations offered in 10 games", d.key, n)
		}
	}
}
