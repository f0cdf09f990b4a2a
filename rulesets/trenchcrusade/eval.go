package trenchcrusade

import (
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
)

// Evaluate scores a game still going for side, for bots (package bot finds
// it by type assertion): in units of about one model, its own count for it
// and the enemy's against it. A model in play counts 1 (models left decide
// the game at its end, GameOver), less 0.3 when Down (rules.md §4.2.3),
// 0.1 for each Blood marker (each makes its injuries worse, §4.2.2) and
// gains 0.05 for each Blessing marker; each Morale Check the side has
// failed in a row counts 0.75 against it (two lose the game, GameOver).
func (r *Rules) Evaluate(s *engine.State, side int) float64 {
	return rules.Standing(s, side, func(m int) float64 {
		md := &s.Models[m]
		x := 1.0
		if md.Status == down {
			x -= 0.3
		}
		return x + (-0.1*float64(md.Counters[cBlood]) + 0.05*float64(md.Counters[cBlessing]))
	}, func(k int) float64 { return -0.75 * float64(s.Sides[k].Counters[sMoraleFails]) })
}
