package board

import (
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// TestStraight checks the shared straight move that charges falling short
// and retreats use: the whole distance when nothing is in the way, a
// quarter inch back at a time from what the ruleset refuses and from what
// no path within reach leads to, and no move at all when nothing will do.
func TestStraight(t *testing.T) {
	yes := func(engine.Pos) bool { return true }
	from := func(s *engine.State, p engine.Pos) float64 {
		a := s.Models[0].Pos
		return hyp(float64(p.X-a.X), float64(p.Y-a.Y))
	}
	open := &Board{Width: 24, Height: 24}
	s := state(t, open, Point{5.13, 5.07, 0}, Point{20, 20, 0})
	for _, dir := range [][2]float64{{1, 0}, {3, 4}, {1, 1}, {-2, 7}, {0, -1}} {
		p, ok := Straight(open, s, 0, dir[0], dir[1], 4, 4, yes)
		if d := from(s, p); !ok || d > 4+1e-6 || d < 3.985 {
			t.Errorf("open board along %v: %v (%v), %.4f\" from the start; want the whole 4\"", dir, p, ok, d)
		}
	}
	// a move shorter than the reach (up to a target 2.5" away) stops at its
	// length; no direction, no move
	if p, ok := Straight(open, s, 0, 1, 0, 2.5, 4, yes); !ok || from(s, p) > 2.5+1e-6 || from(s, p) < 2.485 {
		t.Errorf("2.5\" of a 4\" reach: %v (%v), %.4f\" away; want 2.5\"", p, ok, from(s, p))
	}
	if p, ok := Straight(open, s, 0, 0, 0, 4, 4, yes); !ok || from(s, p) > 0.01 {
		t.Errorf("no direction: %v (%v), %.4f\" away; want the start", p, ok, from(s, p))
	}
	// the ruleset refuses ends past 3.1": 4, 3.75, 3.5, 3.25 are refused, 3 is taken
	short := func(p engine.Pos) bool { return from(s, p) <= 3.1 }
	if p, ok := Straight(open, s, 0, 3, 4, 4, 4, short); !ok || from(s, p) < 2.985 || from(s, p) > 3+1e-6 {
		t.Errorf("ends past 3.1\" refused: %v (%v), %.4f\" away; want 3\"", p, ok, from(s, p))
	}
	// nothing will do: no move, the start returned
	if p, ok := Straight(open, s, 0, 1, 0, 4, 4, func(engine.Pos) bool { return false }); ok || p != s.Models[0].Pos {
		t.Errorf("every end refused: %v (%v); want the start and false", p, ok)
	}
	// a tall box across the way: the ends beyond it are a long way round,
	// so the move stops in front of it
	wall := &Board{Width: 24, Height: 24, Boxes: []Box{{X0: 7, Y0: 2, X1: 9, Y1: 10, Height: 3}}}
	s = state(t, wall, Point{5, 6, 0}, Point{20, 20, 0})
	p, ok := Straight(wall, s, 0, 1, 0, 6, 6, yes)
	if !ok || p.X > 6.5+1e-6 || p.X < 6.2 || p.Y != 6 {
		t.Errorf("box in the way: %v (%v); want a stop in front of it, 6.25 to 6.5 along the row", p, ok)
	}
}
