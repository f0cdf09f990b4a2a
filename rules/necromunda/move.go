package necromunda

import (
	"fmt"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
)

// TypedDestination (rules.md §2.2.3, §3.3: a move goes up to its reach)
// is the part both editions share of judging a move's
// destination a person typed (a movement action's engine.ActionDef.
// Unlisted): on a board, a place and no target, where the model can stand
// and get to within reach inches (round terrain and models). It returns
// the place, or why not; the edition then checks its own rules there (the
// 1" rule).
func TypedDestination(s *engine.State, a engine.Action, reach float64) (engine.Pos, string) {
	b := s.Setup().Board
	switch {
	case b == nil:
		return engine.Pos{}, rules.TableMoveWhy(a)
	case !a.HasPos:
		return engine.Pos{}, "on a board a move names its destination, as in @10.5,9.6"
	case a.Target != engine.NoModel:
		return engine.Pos{}, "a move names no target"
	}
	m := a.Actor
	p := engine.Pos{X: a.X, Y: a.Y, Level: s.Models[m].Pos.Level}
	l, ok := board.PathWithin(b, s, m, p, reach)
	switch {
	case !ok:
		return p, fmt.Sprintf("%s cannot stand at %g,%g, or get there within %g\" (round terrain and models)", s.Static(m).ID, a.X, a.Y, reach)
	case float64(l) > reach+1e-6:
		return p, fmt.Sprintf("%g,%g is %.2f\" away by the shortest path, more than %g\"", a.X, a.Y, l, reach)
	}
	return p, ""
}
