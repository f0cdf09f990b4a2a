package board

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

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

// Closest: with nothing in the way it is the direct move (Straight's end);
// with the direct line barred near its start, it goes round, ending nearer
// the target than the direct line could; it never ends where ok refuses.
func TestClosest(t *testing.T) {
	open := &Board{Width: 24, Height: 24}
	yes := func(engine.Pos) bool { return true }
	clearRun := state(t, open, Point{2, 12, 0}, Point{20, 12, 0})
	want, _ := Straight(open, clearRun, 0, 1, 0, 6, 6, yes)
	if p, ok := Closest(open, clearRun, 0, 1, 6, 0, yes); !ok || p != want {
		t.Errorf("nothing in the way: %v (%v); want the direct move's %v", p, ok, want)
	}
	// the rule: never within 1" of model 2, which stands in the line
	s := state(t, open, Point{2, 12, 0}, Point{20, 12, 0}, Point{8, 12, 0})
	clear := func(p engine.Pos) bool { return PassGap(s, 0, p, 2) > 1 }
	direct, _ := Straight(open, s, 0, 1, 0, 6, 6, clear)
	p, ok := Closest(open, s, 0, 1, 6, 0, clear)
	if !ok || !clear(p) {
		t.Fatalf("barred line: %v (%v), clear %v", p, ok, clear(p))
	}
	if g, gd := FlatGap(s, 0, p, 1), FlatGap(s, 0, direct, 1); g > gd-0.25 {
		t.Errorf("barred line: ended %.2f\" from the target at %v; the direct line gets %.2f\": want nearer", g, p, gd)
	}
	if d := hyp(float64(p.X)-2, float64(p.Y)-12); d > 6+1e-6 {
		t.Errorf("barred line: moved %.3f\", more than the reach", d)
	}
	if _, ok := Closest(open, s, 0, 1, 6, 0, func(engine.Pos) bool { return false }); ok {
		t.Error("every end refused, yet a move")
	}
	// only ends off the direct line with x ≤ 2.1 allowed: the one sideways
	// step that fits ends barely nearer (0.09") and is no move towards the
	// target
	if p, ok := Closest(open, clearRun, 0, 1, 6, 0, func(p engine.Pos) bool { return p.X <= 2.1 && math.Abs(float64(p.Y)-12) >= 0.3 }); ok {
		t.Errorf("a sideways step %.2f\" nearer taken: %v", FlatGap(clearRun, 0, clearRun.Models[0].Pos, 1)-FlatGap(clearRun, 0, p, 1), p)
	}
}

// Unblocked: a straight move through another model's base is blocked; one
// that ends in base contact with it (within Contact), or starts in contact
// and moves off, is not; models outside the set, or out of play, are not
// looked at.
func TestUnblocked(t *testing.T) {
	open := &Board{Width: 24, Height: 24}
	// a at 2,12; b at 6,12 ahead; c at 2,11, touching a from below
	s := state(t, open, Point{2, 12, 0}, Point{6, 12, 0}, Point{2, 11, 0})
	all := uint64(0b111)
	for _, tc := range []struct {
		to   engine.Pos
		set  uint64
		want bool
	}{
		{engine.Pos{X: 9, Y: 12}, all, false},    // through b
		{engine.Pos{X: 9, Y: 12}, 0b101, true},   // b left out of the set
		{engine.Pos{X: 2, Y: 8}, all, false},     // through c
		{engine.Pos{X: 2, Y: 16}, all, true},     // off c, away from it
		{engine.Pos{X: 5, Y: 12}, all, true},     // into contact with b
		{engine.Pos{X: 5.005, Y: 12}, all, true}, // within Contact of it
		{engine.Pos{X: 5.2, Y: 12}, all, false},  // overlapping it
	} {
		if got := Unblocked(s, 0, tc.to, tc.set); got != tc.want {
			t.Errorf("to %v among %03b: %v, want %v", tc.to, tc.set, got, tc.want)
		}
	}
	s.Models[1].InPlay = false
	if !Unblocked(s, 0, engine.Pos{X: 9, Y: 12}, all) {
		t.Error("a model out of play blocks")
	}
}

// TestStraightEndsOnInfinity: a straight move asked to go infinitely far
// ends (it stepped back a quarter inch at a time from infinity before),
// with no move when nothing within reach will do.
func TestStraightEndsOnInfinity(t *testing.T) {
	b := &Board{Width: 24, Height: 24, Levels: []float64{0}}
	s := state(t, b, Point{12, 12, 0}, Point{20, 12, 0})
	done := make(chan struct{})
	go func() {
		defer close(done)
		if p, ok := Straight(b, s, 0, 1, 0, math.Inf(1), math.Inf(1), func(engine.Pos) bool { return false }); ok || p != s.Models[0].Pos {
			t.Errorf("Straight to infinity with nowhere to stop = %v %v, want no move", p, ok)
		}
		if p, ok := Straight(b, s, 0, 1, 0, math.Inf(1), 4, func(engine.Pos) bool { return true }); ok {
			t.Errorf("Straight of infinite length within 4\" = %v, want none (the ends tried are all further)", p)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Straight did not end")
	}
}

// TestPassesWideOnlyWhenPassGapSays: PassesWide, the quick test in front
// of PassGap, never says a move passes a model with more than gap inches
// to spare where PassGap says it does not, and does say so for most
// models well off the move's line (checked on 200,000 random moves, some
// grazing a base, with gaps of -Contact, 0 and 1).
func TestPassesWideOnlyWhenPassGapSays(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 26))
	b := &Board{Width: 48, Height: 48, Levels: []float64{0}}
	s := state(t, b, Point{24, 24, 0}, Point{30, 24, 0})
	wide, far := 0, 0
	for range 200000 {
		s.Models[0].Pos = engine.Pos{X: float32(round2(r.Float64() * 48)), Y: float32(round2(r.Float64() * 48))}
		p := engine.Pos{X: float32(round2(r.Float64() * 48)), Y: float32(round2(r.Float64() * 48))}
		if r.IntN(2) == 0 { // model 1 close to the line, its base grazing the move's
			a := s.Models[0].Pos
			f, side := r.Float32(), float32(r.Float64()*4-2)
			s.Models[1].Pos = engine.Pos{X: a.X + f*(p.X-a.X) + side, Y: a.Y + f*(p.Y-a.Y) - side}
		} else {
			s.Models[1].Pos = engine.Pos{X: float32(r.Float64() * 48), Y: float32(r.Float64() * 48)}
		}
		gap := []float64{-Contact, 0, 1}[r.IntN(3)]
		g := PassGap(s, 0, p, 1)
		if PassesWide(s, 0, p, 1, gap) {
			wide++
			if g <= gap {
				t.Fatalf("m at %v to %v, n at %v: PassesWide(gap %v) but PassGap %v", s.Models[0].Pos, p, s.Models[1].Pos, gap, g)
			}
		}
		if g > gap+3 {
			far++
		}
	}
	if wide < far/2 {
		t.Fatalf("PassesWide said so for %d moves, of %d passing 3\" wide of the gap", wide, far)
	}
}
