package board

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSpotsAreTheNearest: Spots gives exactly the points, at hundredths of
// an inch, nearest p among all where the base Fits (apart from enemies
// when asked), its edge is within reach of p, and no terrain stands
// between p and it; checked against every such point within reach, on
// random boards with boxes, walls and models, p on and off the grid.
func TestSpotsAreTheNearest(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 9))
	found, none, ties := 0, 0, 0
	for bi := range 60 {
		b := &Board{Width: 12, Height: 12}
		for range 2 {
			x, y := 2+r.Float64()*7, 2+r.Float64()*7
			b.Boxes = append(b.Boxes, Box{X0: x, Y0: y, X1: x + 0.3 + r.Float64()*2, Y1: y + 0.3 + r.Float64()*2, Height: 2})
		}
		a := Point{3 + r.Float64()*6, 3 + r.Float64()*6, 0}
		b.Walls = append(b.Walls, Wall{A: a, B: Point{a.X + r.Float64()*4 - 2, a.Y + r.Float64()*4 - 2, 0}, Height: 3})
		var pts []Point
		for len(pts) < 4 {
			q := Point{1 + r.Float64()*10, 1 + r.Float64()*10, 0}
			ok := true
			for _, bx := range b.Boxes {
				ok = ok && !circleHitsBox(q.X, q.Y, 0.6, bx)
			}
			for _, w := range b.Walls {
				ok = ok && segDist(q.X, q.Y, w.A.X, w.A.Y, w.B.X, w.B.Y) > 0.6
			}
			for _, o := range pts {
				ok = ok && hyp(q.X-o.X, q.Y-o.Y) > 1.1
			}
			if ok {
				pts = append(pts, q)
			}
		}
		s := state(t, b, pts...)
		// p: on a model, on the wall, or anywhere; on the grid or not
		p := []Point{pts[1], a, {3 + r.Float64()*6, 3 + r.Float64()*6, 0}}[bi%3]
		if bi%2 == 0 {
			p = Point{round2(p.X), round2(p.Y), 0}
		}
		reach, apart := 1.0, float64(bi%2)
		got := b.Spots(s, 0, p, reach, apart, nil)
		// every point within reach, nearest first
		var want []Point
		best := math.Inf(1)
		lim := radius(s, 0) + reach
		for x := math.Floor((p.X - lim) * 100); x <= math.Ceil((p.X+lim)*100); x++ {
			for y := math.Floor((p.Y - lim) * 100); y <= math.Ceil((p.Y+lim)*100); y++ {
				q := Point{x / 100, y / 100, 0}
				d := hyp(x-p.X*100, y-p.Y*100)
				if d > lim*100 || d > best+1e-9 || !b.Fits(s, 0, q, apart) || b.between(p, q) {
					continue
				}
				if d < best-1e-9 {
					want, best = want[:0], d
				}
				want = append(want, q)
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("board %d: p %v: Spots %v, want %v", bi, p, got, want)
		}
		switch {
		case len(want) == 0:
			none++
		case len(want) > 1:
			ties++
			fallthrough
		default:
			found++
		}
	}
	if found < 20 || none < 3 || ties < 3 {
		t.Errorf("found %d, none %d, ties %d: the boards test too little", found, none, ties)
	}
}

// A spot is on the end's side of a wall: with a wall just past the end,
// the nearest point that fits on the far side of it (measured through the
// wall) is not taken, the one on the end's side is (issue 31: a ductway
// put a fighter back through its wall).
func TestSpotKeepsToItsSide(t *testing.T) {
	b := &Board{Width: 20, Height: 20, Walls: []Wall{{A: Point{0, 10, 0}, B: Point{20, 10, 0}, Height: 3}}}
	s := state(t, b, Point{5, 5, 0}, Point{10, 10.9, 0}, Point{15, 15, 0})
	end := Point{10, 10.2, 0} // just north of the wall, a model standing over it
	q, ok := b.Spot(s, 0, end, 1, 0)
	if !ok || q.Y < 10 {
		t.Fatalf("spot %v %v: want one north of the wall", q, ok)
	}
	if d := hyp(q.X-end.X, q.Y-end.Y) - radius(s, 0); d > 1+1e-9 {
		t.Errorf("spot %v: its edge is %.3f\" from the end, more than 1\"", q, d)
	}
}
