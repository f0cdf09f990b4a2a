package rules

import "github.com/skirmish-engine/skirmish/engine"

// Standing is the shape of the rulesets' evaluations for bots (package
// bot's Evaluator): worth(m) for each model in play, at least 0.05 (a model
// is never better gone), counted for side when it is side's and against
// it otherwise; then sideWorth(k) for each side k (nil: none), likewise.
func Standing(s *engine.State, side int, worth func(m int) float64, sideWorth func(k int) float64) float64 {
	v := 0.0
	for m := range s.Models {
		if !s.Models[m].InPlay {
			continue
		}
		x := max(worth(m), 0.05)
		if s.SideOf(m) == side {
			v += x
		} else {
			v -= x
		}
	}
	if sideWorth == nil {
		return v
	}
	for k := range s.Sides {
		if x := sideWorth(k); k == side {
			v += x
		} else {
			v -= x
		}
	}
	return v
}
