package all

import (
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// TestUnmetAgrees: wherever a ruleset names the condition of an action that
// fails (engine.ActionDef.Unmet), it names one exactly when Available says
// no, for every model in play at every decision of seeded random games on
// every sample, board and table.
func TestUnmetAgrees(t *testing.T) {
	for _, d := range decodedSamples(t, false) {
		defs := d.rs.Info().Actions
		checked, refused := 0, 0
		for seed := range uint64(4) {
			playRandom(t, d, seed+1, func(g *engine.Game) {
				s := g.State()
				for m := range s.Models {
					if !s.Models[m].InPlay {
						continue
					}
					for i := range defs {
						def := &defs[i]
						if def.Unmet == nil || def.Available == nil {
							continue
						}
						avail, why := def.Available(s, m), def.Unmet(s, m)
						if avail != (why == "") {
							t.Fatalf("%s seed %d: %s for %s: Available %v, Unmet %q", d.key, seed+1, def.ID, s.Static(m).ID, avail, why)
						}
						checked++
						if !avail {
							refused++
						}
					}
				}
			})
		}
		if refused == 0 {
			t.Errorf("%s: %d checks, none refused: the test saw no condition fail", d.key, checked)
		}
	}
}
