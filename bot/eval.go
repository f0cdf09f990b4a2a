package bot

import (
	"math"

	"github.com/skirmish-engine/skirmish/engine"
)

// Evaluator is the optional capability of a ruleset that scores positions
// for bots: how good s is for side, in units of about one model taken out
// of action, higher better. It is asked only of games still going
// (Evaluate scores a finished game by its result), and must be cheap and
// deterministic. A ruleset implements it without importing this package:
//
//	func (r *Rules) Evaluate(s *engine.State, side int) float64
type Evaluator interface {
	Evaluate(s *engine.State, side int) float64
}

// Win is the value of a game won (and -Win of one lost, 0 of a draw).
const Win = 100

// Evaluate scores s for side: by the result when the game is over; else by
// the ruleset's Evaluator, or Generic when it has none, with in both cases
// a small reward for closing in on the enemy (Closeness an inch; see
// MeanNearest), so that a bot with nothing better to do advances.
func Evaluate(rs engine.Ruleset, s *engine.State, side int) float64 {
	if s.Over {
		switch s.Winner {
		case side:
			return Win
		case -1:
			return 0
		}
		return -Win
	}
	if e, ok := rs.(Evaluator); ok {
		return e.Evaluate(s, side) - Closeness*MeanNearest(s, side)
	}
	return Generic(s, side) - Closeness*MeanNearest(s, side)
}

// Closeness is what an inch nearer the enemy is worth, on average over a
// side's models: a tie-breaker between quiet moves, far below a model.
const Closeness = 0.01

// Generic is the evaluation of a ruleset without its own: each model in
// play counts 1 for its side and -1 for the others.
func Generic(s *engine.State, side int) float64 {
	v := 0.0
	for m := range s.Models {
		if !s.Models[m].InPlay {
			continue
		}
		if s.SideOf(m) == side {
			v++
		} else {
			v--
		}
	}
	return v
}

// MeanNearest is the mean distance in inches from each of side's models in
// play to the nearest enemy in play (0 if either has none), for
// evaluations that reward closing in. Levels count 3 inches each.
func MeanNearest(s *engine.State, side int) float64 {
	sum, n := 0.0, 0
	for m := range s.Models {
		if !s.Models[m].InPlay || s.SideOf(m) != side {
			continue
		}
		best := math.Inf(1)
		for e := range s.Models {
			if !s.Models[e].InPlay || s.SideOf(e) == side {
				continue
			}
			a, b := s.Models[m].Pos, s.Models[e].Pos
			dx, dy, dz := float64(a.X-b.X), float64(a.Y-b.Y), 3*float64(a.Level-b.Level)
			best = min(best, math.Sqrt(dx*dx+dy*dy+dz*dz))
		}
		if !math.IsInf(best, 1) {
			sum += best
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}
