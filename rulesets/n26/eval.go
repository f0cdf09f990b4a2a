package n26

import (
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
)

// Evaluate scores a game still going for side, for bots (package bot finds
// it by type assertion): in units of about one model, its own models count
// for it and the enemy's against it. A model in play counts 1, less 0.6
// when Seriously Injured (it does nothing and can be finished off, rules.md
// §2.2.5; it counts for nothing at the end, §2.3.8), 0.1 when Suppressed,
// and up to 0.2 for the wounds it has lost (§2.3.2); each objective a
// side would control if the game ended now counts 0.5 (§2.3.8), the
// tiebreak of the end of the game.
func (r *Rules) Evaluate(s *engine.State, side int) float64 {
	obj := objectives(s)
	return rules.Standing(s, side, func(m int) float64 {
		md := &s.Models[m]
		x := 1.0
		switch status(s, m) {
		case seriouslyInjured:
			x -= 0.6
		case suppressed:
			x -= 0.1
		}
		if w := s.Stat(m, sW); w > 0 {
			x -= 0.2 * float64(w-int(md.Counters[cWounds])) / float64(w)
		}
		return x
	}, func(k int) float64 { return 0.5 * float64(obj[k]) })
}
