package trenchcrusade

import "github.com/skirmish-engine/skirmish/engine"

// Evaluate scores a game still going for side, for bots (package bot finds
// it by type assertion): in units of about one model, its own count for it
// and the enemy's against it. A model in play counts 1 (models left decide
// the game at its end, GameOver), less 0.3 when Down (rules.md §4.2.3),
// 0.1 for each Blood marker (each makes its injuries worse, §4.2.2) and
// gains 0.05 for each Blessing marker; each Morale Check the side has
// failed in a row counts 0.75 against it (two lose the game, GameOver).
func (r *Rules) Evaluate(s *engine.State, side int) float64 {
	v := 0.0
	for m := range s.Models {
		md := &s.Models[m]
		if !md.InPlay {
			continue
		}
		x := 1.0
		if md.Status == down {
			x -= 0.3
		}
		x += -0.1*float64(md.Counters[cBlood]) + 0.05*float64(md.Counters[cBlessing])
		x = max(x, 0.05) // never better gone
		if s.SideOf(m) == side {
			v += x
		} else {
			v -= x
		}
	}
	for k := range s.Sides {
		f := 0.75 * float64(s.Sides[k].Counters[sMoraleFails])
		if k == side {
			v -= f
		} else {
			v += f
		}
	}
	return v
}
