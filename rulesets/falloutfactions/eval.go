package falloutfactions

import (
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
)

// Evaluate scores a game still going for side, for bots (package bot finds
// it by type assertion): in units of about one model, its own count for it
// and the enemy's against it. A model in play counts 1, less 0.5 when
// Incapacitated, 0.1 for each Harm token and 0.2 for each Injury
// (rules.md §5.2.3), 0.05 for each level of Fatigue (§5.2.4); each
// objective point a crew has scored counts 0.5 and each of its models on
// an objective now 0.25 (points decide the game, GameOver; the demo
// scenario's rule, §5.3).
func (r *Rules) Evaluate(s *engine.State, side int) float64 {
	b := concrete(s)
	return rules.Standing(s, side, func(m int) float64 {
		md := &s.Models[m]
		x := 1.0
		if s.Has(m, cIncapacitated) {
			x -= 0.5
		}
		x -= 0.1*float64(md.Counters[cHarm]) + 0.2*float64(md.Counters[cInjuries]) + 0.05*float64(md.Counters[cFatigue])
		if b != nil {
			for _, o := range b.Objectives {
				if onObjective(s, m, o) {
					x += 0.25
				}
			}
		}
		return x
	}, func(k int) float64 { return 0.5 * float64(s.Sides[k].Counters[sPoints]) })
}
