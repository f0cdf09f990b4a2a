package board

import (
	"math"
	"math/bits"

	"github.com/skirmish-engine/skirmish/engine"
)

// near is what a move of up to lim inches from one origin can touch: the
// boxes, walls and ledges of its level and the models in play on it close enough
// to matter for a base standing, or a straight stretch of path running,
// within lim of the origin. Destinations works it out once per call, so a
// candidate's checks (Fits, clearFor) visit a handful of things instead of
// the whole board; on large boards with many models that keeps a move's
// cost from growing with the square of the models. It is a pure filter:
// everything it leaves out is too far to give a different answer (with
// half an inch to spare, against rounding), which TestNearAgreesWithBoard
// checks point by point.
type near struct {
	on     bool    // filled in; otherwise the checks visit everything
	lim    float64 // the reach it was filled for
	boxes  [nearCap]uint16
	walls  [nearCap]uint16 // walls and ledges, as Board.bar numbers them
	nb, nw int
	models uint64 // bit n: model n is close enough
}

// nearCap is how many boxes and walls (with ledges) a neighbourhood holds; a board with
// more of either near one origin is checked in full.
const nearCap = 48

// nearSlack is what near adds to every reach, in inches: rounding of
// candidates to hundredths and of float32 positions is far smaller.
const nearSlack = 0.5

// fill works out the neighbourhood of o for moves of up to lim inches by
// model m. Paths of at most lim stay within lim of the origin, and a base
// of radius r is touched by terrain within r of it (boxes, grown square by
// r for paths, within r·√2 < 1.5r).
func (nr *near) fill(b *Board, s *engine.State, m int, o *origin, lim float64) {
	nr.fillAt(b, s, m, o.p, o.r, lim, 0)
}

// fillAt is fill for bases of radius r (model m's) centred within lim of
// p, on p's level, that are also to be kept more than apart inches from
// enemies (Spots; fitsApart).
func (nr *near) fillAt(b *Board, s *engine.State, m int, p Point, r, lim, apart float64) {
	nr.on, nr.nb, nr.nw, nr.models = false, 0, 0, 0
	reach := lim + 1.5*r + nearSlack
	for i, bx := range b.Boxes {
		if bx.Level != p.Level || boxDist(p.X, p.Y, bx) > reach {
			continue
		}
		if nr.nb == nearCap {
			return
		}
		nr.boxes[nr.nb] = uint16(i)
		nr.nb++
	}
	for i := range b.bars() {
		if a, c := b.bar(i); a.Level != p.Level || math.Sqrt(segDist2(p.X, p.Y, a.X, a.Y, c.X, c.Y)) > reach {
			continue
		}
		if nr.nw == nearCap {
			return
		}
		nr.walls[nr.nw] = uint16(i)
		nr.nw++
	}
	for n := range s.Models {
		if n == m || !s.Models[n].InPlay || int(s.Models[n].Pos.Level) != p.Level {
			continue
		}
		q := centre(s, n)
		if hyp(q.X-p.X, q.Y-p.Y) <= lim+r+radius(s, n)+apart+nearSlack {
			nr.models |= 1 << n
		}
	}
	nr.on, nr.lim = true, lim
}

// boxDist is the distance from (x, y) to the nearest point of bx's
// footprint, 0 inside it.
func boxDist(x, y float64, bx Box) float64 {
	dx := max(bx.X0-x, 0, x-bx.X1)
	dy := max(bx.Y0-y, 0, y-bx.Y1)
	return hyp(dx, dy)
}

// fits is b.Fits(s, m, p, 0) for a point p within the neighbourhood's lim
// of its origin.
func (nr *near) fits(b *Board, s *engine.State, m int, p Point) bool {
	return nr.fitsApart(b, s, m, p, 0)
}

// fitsApart is b.Fits(s, m, p, apart) for a point p within the lim of
// fillAt's p, filled with the same apart.
func (nr *near) fitsApart(b *Board, s *engine.State, m int, p Point, apart float64) bool {
	if !nr.on {
		return b.Fits(s, m, p, apart)
	}
	r := radius(s, m)
	if p.X-r < 0 || p.Y-r < 0 || p.X+r > b.Width || p.Y+r > b.Height {
		return false
	}
	for _, i := range nr.boxes[:nr.nb] {
		if circleHitsBox(p.X, p.Y, r, b.Boxes[i]) {
			return false
		}
	}
	for _, i := range nr.walls[:nr.nw] {
		if wa, wb := b.bar(int(i)); segDist2(p.X, p.Y, wa.X, wa.Y, wb.X, wb.Y) < r*r {
			return false
		}
	}
	for set := nr.models; set != 0; set &= set - 1 {
		n := bits.TrailingZeros64(set)
		q := centre(s, n)
		dx, dy := p.X-q.X, p.Y-q.Y
		rn := radius(s, n)
		if apart <= 0 || s.SideOf(n) == s.SideOf(m) {
			if reach := r + rn - Contact; dx*dx+dy*dy < reach*reach {
				return false
			}
			continue
		}
		if reach := r + rn + apart; dx*dx+dy*dy <= reach*reach {
			return false
		}
	}
	return true
}

// between is b.between(a, c) for a segment from the neighbourhood's
// point (fillAt's p, or the origin) within its lim.
func (nr *near) between(b *Board, a, c Point) bool {
	if !nr.on {
		return b.between(a, c)
	}
	for _, i := range nr.boxes[:nr.nb] {
		if bx := &b.Boxes[i]; bx.Level == a.Level {
			if _, _, hit := clipBox(a.X, a.Y, c.X, c.Y, bx.X0, bx.Y0, bx.X1, bx.Y1); hit {
				return true
			}
		}
	}
	for _, i := range nr.walls[:nr.nw] {
		if wa, wb := b.bar(int(i)); wa.Level == a.Level {
			if t, hit := crossAt(a.X, a.Y, c.X, c.Y, wa.X, wa.Y, wb.X, wb.Y); hit && t > 1e-9 {
				return true
			}
		}
	}
	return false
}

// clearFor is b.clearFor(a, c, r) for a segment within the neighbourhood's
// lim of its origin, on its level.
func (nr *near) clearFor(b *Board, a, c Point, r float64) bool {
	if !nr.on {
		return b.clearFor(a, c, r)
	}
	for _, i := range nr.boxes[:nr.nb] {
		bx := &b.Boxes[i]
		if _, _, hit := clipBox(a.X, a.Y, c.X, c.Y, bx.X0-r, bx.Y0-r, bx.X1+r, bx.Y1+r); hit {
			return false
		}
	}
	for _, i := range nr.walls[:nr.nw] {
		if wa, wb := b.bar(int(i)); barsPath(a, c, wa, wb, r) {
			return false
		}
	}
	return true
}
