package all

import (
	"math"
	"testing"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
)

// TestRaisedLevelsHoldTheirModels: on every board sample a model on a
// raised level stays in the area its ledges close off (package board: a
// ledge bars movement on its level), whatever random play does. The
// samples' raised areas are rectangles closed by ledges and the table's
// edges, so a model that stays in one never crosses a ledge of its level
// between one decision and the next, in a straight line, and its base never
// lies across one; checked here with the test's own geometry. A model that
// changes level (a fall) is followed from where it lands.
func TestRaisedLevelsHoldTheirModels(t *testing.T) {
	for _, d := range decodedSamples(t, true) {
		b, ok := d.su.Board.(*board.Board)
		if !ok || len(b.Ledges) == 0 {
			continue
		}
		raised := 0
		for seed := uint64(1); seed <= 6; seed++ {
			last := make([]engine.Pos, len(d.su.Models))
			for i, m := range d.su.Models {
				last[i] = m.Start
			}
			playRandom(t, d, seed, func(g *engine.Game) {
				s := g.State()
				for m := range s.Models {
					p, q := s.Models[m].Pos, last[m]
					last[m] = p
					if !s.Models[m].InPlay || p.Level == 0 || p.Level != q.Level {
						continue
					}
					raised++
					for i, l := range b.Ledges {
						if l.A.Level != int(p.Level) {
							continue
						}
						if crosses(float64(q.X), float64(q.Y), float64(p.X), float64(p.Y), l.A.X, l.A.Y, l.B.X, l.B.Y) {
							t.Fatalf("%s seed %d: %s went from (%v, %v) to (%v, %v) on level %d, across ledge %d",
								d.key, seed, s.Static(m).ID, q.X, q.Y, p.X, p.Y, p.Level, i)
						}
						if gap := pointSeg(float64(p.X), float64(p.Y), l.A.X, l.A.Y, l.B.X, l.B.Y); gap < s.Static(m).Base/2-1e-6 {
							t.Fatalf("%s seed %d: %s at (%v, %v) stands across ledge %d", d.key, seed, s.Static(m).ID, p.X, p.Y, i)
						}
					}
				}
			})
		}
		if raised == 0 {
			t.Errorf("%s: no model stood on a raised level", d.key)
		}
	}
}

// crosses reports whether segments p0–p1 and q0–q1 properly intersect.
func crosses(px0, py0, px1, py1, qx0, qy0, qx1, qy1 float64) bool {
	side := func(ax, ay, bx, by, cx, cy float64) float64 { return (bx-ax)*(cy-ay) - (by-ay)*(cx-ax) }
	d1, d2 := side(qx0, qy0, qx1, qy1, px0, py0), side(qx0, qy0, qx1, qy1, px1, py1)
	d3, d4 := side(px0, py0, px1, py1, qx0, qy0), side(px0, py0, px1, py1, qx1, qy1)
	return d1*d2 < 0 && d3*d4 < 0
}

// pointSeg is the distance from (x, y) to segment a–b.
func pointSeg(x, y, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	t := math.Max(0, math.Min(1, ((x-ax)*dx+(y-ay)*dy)/(dx*dx+dy*dy)))
	return math.Hypot(x-ax-t*dx, y-ay-t*dy)
}
