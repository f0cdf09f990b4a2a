package n26

import "github.com/skirmish-engine/skirmish/engine"

// Evaluate scores a game still going for side, for bots (package bot finds
// it by type assertion): in units of about one model, its own models count
// for it and the enemy's against it. A model in play counts 1, less 0.6
// when Seriously Injured (it does nothing and can be finished off, rules.md
// §2.2.5; it counts for nothing at the end, §2.3.8), 0.1 when Suppressed,
// and up to 0.2 for the wounds it has lost (§2.3.2); each objective a
// side would control if the game ended now counts 0.5 (§2.3.8), the
// tiebreak of the end of the game.
func (r *Rules) Evaluate(s *engine.State, side int) float64 {
	v := 0.0
	for m := range s.Models {
		md := &s.Models[m]
		if !md.InPlay {
			continue
		}
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
		x = max(x, 0.05) // never better gone
		if s.SideOf(m) == side {
			v += x
		} else {
			v -= x
		}
	}
	obj := objectives(s)
	for k := range s.Sides {
		if k == side {
			v += 0.5 * float64(obj[k])
		} else {
			v -= 0.5 * float64(obj[k])
		}
	}
	return v
}
