package board

import (
	"math"
	"math/bits"

	"github.com/skirmish-engine/skirmish/engine"
)

// Helpers rulesets share for moving models on a board.

// GapAt is the base-edge gap between model m standing at p and model n, or
// +Inf when n is on another level.
func GapAt(s *engine.State, m int, p engine.Pos, n int) float64 {
	if centre(s, n).Level != int(p.Level) {
		return math.Inf(1)
	}
	return FlatGap(s, m, p, n)
}

// FlatGap is GapAt in plan, whatever the levels: the base-edge gap between
// model m standing at p and model n seen from above (Fallout: Factions'
// Proximity reaches 2" up, and models engage across small heights).
func FlatGap(s *engine.State, m int, p engine.Pos, n int) float64 {
	q := centre(s, n)
	return hyp(float64(p.X)-q.X, float64(p.Y)-q.Y) - radius(s, m) - radius(s, n)
}

// PassesWide reports, cheaply, that model n stands so far from the box
// round m's straight move to p (grown by both radii and gap) that the
// move passes it with more than gap inches between their bases: PassGap
// would be above gap. False means it may not: ask PassGap.
func PassesWide(s *engine.State, m int, p engine.Pos, n int, gap float64) bool {
	a, q := s.Models[m].Pos, s.Models[n].Pos
	e := float32(radius(s, m) + radius(s, n) + gap + 1e-3) // float32 positions: a thousandth to spare
	x0, x1, y0, y1 := a.X, p.X, a.Y, p.Y
	if x1 < x0 {
		x0, x1 = x1, x0
	}
	if y1 < y0 {
		y0, y1 = y1, y0
	}
	// (not the min and max builtins, whose care for NaN and -0 costs more
	// than the rest here; a NaN answers false, and PassGap decides)
	return q.X < x0-e || q.X > x1+e || q.Y < y0-e || q.Y > y1+e
}

// PassGap is the smallest base-edge gap between model n and model m as m
// moves straight from where it stands to p, or +Inf when n is on another
// level (the 1" rules of N26 and Trench Crusade).
func PassGap(s *engine.State, m int, p engine.Pos, n int) float64 {
	if centre(s, n).Level != centre(s, m).Level {
		return math.Inf(1)
	}
	g, _ := FlatPassGap(s, m, p, n)
	return g
}

// KeepsOff reports whether m's straight move to p keeps more than gap
// inches between its base and n's (PassGap), or, when m already stands
// within gap of n, never brings it closer than it starts: the 1" rules
// forbid coming within 1" of an enemy, and a model that is already there
// (an enemy stood up beside it, it landed there) may still move, away or
// round, but not nearer (rules.md §2.3.5; our reading, the seeds say
// nothing of it).
func KeepsOff(s *engine.State, m int, p engine.Pos, n int, gap float64) bool {
	if PassesWide(s, m, p, n, gap) {
		return true
	}
	g := PassGap(s, m, p, n)
	if g > gap {
		return true
	}
	a := s.Models[m].Pos
	start := GapAt(s, m, a, n)
	return start <= gap && g >= start-1e-6
}

// FlatPassGap is PassGap in plan, whatever the levels, with the point of
// m's straight move to p where it comes closest to n.
func FlatPassGap(s *engine.State, m int, p engine.Pos, n int) (float64, Point) {
	a, q := centre(s, m), centre(s, n)
	dx, dy := float64(p.X)-a.X, float64(p.Y)-a.Y
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = max(0, min(1, ((q.X-a.X)*dx+(q.Y-a.Y)*dy)/l2))
	}
	x, y := a.X+t*dx, a.Y+t*dy
	return hyp(x-q.X, y-q.Y) - radius(s, m) - radius(s, n), Point{x, y, a.Level}
}

// Screened reports whether a wall or box standing on a's level, at least
// height inches tall, lies between a and c in plan (Fallout: Factions: a
// wall as tall as a model stops its Proximity).
func (b *Board) Screened(a, c Point, height float64) bool {
	for _, w := range b.Walls {
		if w.A.Level == a.Level && w.Height >= height-1e-9 {
			if _, ok := crossAt(a.X, a.Y, c.X, c.Y, w.A.X, w.A.Y, w.B.X, w.B.Y); ok {
				return true
			}
		}
	}
	for _, bx := range b.Boxes {
		if bx.Level == a.Level && bx.Height >= height-1e-9 {
			if _, _, ok := clipBox(a.X, a.Y, c.X, c.Y, bx.X0, bx.Y0, bx.X1, bx.Y1); ok {
				return true
			}
		}
	}
	return false
}

// Elevation is the height of a level above the ground, in inches.
func (b *Board) Elevation(level int) float64 { return b.elev(level) }

// ContactPoint is where model m's base would touch model t's, on the line
// between their centres and on t's level, at hundredths of an inch: a
// point whose gap to t is within Contact and never an overlap (a Charge's
// end).
func ContactPoint(s *engine.State, m, t int) engine.Pos {
	a, b := centre(s, m), centre(s, t)
	return ContactToward(s, m, t, a.X-b.X, a.Y-b.Y)
}

// ContactToward is ContactPoint on the side of t in direction (dx, dy)
// from its centre, rather than towards m (+x when that is zero).
func ContactToward(s *engine.State, m, t int, dx, dy float64) engine.Pos {
	b := centre(s, t)
	d := hyp(dx, dy)
	if d == 0 {
		dx, dy, d = 1, 0, 1
	}
	r := radius(s, m) + radius(s, t)
	x, y := b.X+dx/d*(r+Contact/2), b.Y+dy/d*(r+Contact/2)
	for _, fx := range [2]func(float64) float64{math.Floor, math.Ceil} {
		for _, fy := range [2]func(float64) float64{math.Floor, math.Ceil} {
			p := engine.Pos{X: float32(fx(x*100) / 100), Y: float32(fy(y*100) / 100), Level: int8(b.Level)}
			if g := hyp(float64(p.X)-b.X, float64(p.Y)-b.Y) - r; g >= 0 && g <= Contact {
				return p
			}
		}
	}
	return engine.Pos{X: float32(x), Y: float32(y), Level: int8(b.Level)}
}

// Around is the set of models on m's level (bit n for model n) that a
// move of m's of up to reach inches, along a straight line and at its end,
// may bring within gap inches of, base edge to base edge: the only ones a
// rule keeping moving models apart (PassGap, GapAt) needs to look at. It
// errs on the side of including (by half an inch), so that filtering a
// rule's loop by it never changes the rule's answer.
func Around(s *engine.State, m int, reach, gap float64) uint64 {
	a, r := centre(s, m), radius(s, m)
	var set uint64
	for n := range s.Models {
		q := centre(s, n)
		if n != m && q.Level == a.Level && hyp(q.X-a.X, q.Y-a.Y) <= reach+r+radius(s, n)+gap+nearSlack {
			set |= 1 << n
		}
	}
	return set
}

// Straight is where a straight move of m ends that goes from its centre in
// direction (dx, dy) as far as it can, at most d inches: the first end,
// stepping back a quarter of an inch at a time from d, that ok accepts
// (the ruleset's test of where a model may stop, such as its 1" rule) and
// that b reaches by a path of at most reach inches. Each end is placed by
// Toward. It reports false when no end further than 0.05" will do (and
// returns m's position); with no direction, every end is the start. The
// rulesets' moves a set distance towards or away from something (a charge
// that falls short, a retreat) use it.
func Straight(b engine.Board, s *engine.State, m int, dx, dy, d, reach float64, ok func(engine.Pos) bool) (engine.Pos, bool) {
	rc := reacher{b: b, s: s, m: m, reach: reach}
	return rc.straight(dx, dy, d, ok)
}

// maxSteps bounds the quarter-inch steps back of Straight and Closest's
// fan: 250", past any move, so that an infinite d ends.
const maxSteps = 1000

// straight is Straight, its paths sharing rc's start.
func (rc *reacher) straight(dx, dy, d float64, ok func(engine.Pos) bool) (engine.Pos, bool) {
	p0 := rc.s.Models[rc.m].Pos
	x0, y0 := float64(p0.X), float64(p0.Y)
	for k := 0; d > 0.05 && k < maxSteps; d, k = d-0.25, k+1 {
		p := Toward(x0, y0, dx, dy, d, rc.reach, p0.Level)
		if ok(p) && rc.reaches(p) {
			return p, true
		}
	}
	return p0, false
}

// Closest is where a move of m's of up to reach inches ends nearest model
// t, base edge to base edge, of straight moves in a fan of directions: the
// one at t first, then 22.5° either side of it, 45° and 67.5°. Each goes (as Straight does: ok's test, a path of at most reach)
// as far as the point of its line nearest t, beyond which it would only
// draw away. An end of the fan must be nearer by more than the quarter
// inch Straight steps back by to beat the direct line's, an earlier
// direction's, or where m stands (a move that ends no nearer is no move
// towards t). A direct move that goes its whole way is taken at once,
// since no other can end nearer, as is one that ends within a quarter
// inch of floor (the nearest to t that ok lets a move end, such as a 1"
// rule's) or of what reach allows; so the fan is tried only when
// something stands in the direct line's way (for a rule that a charge
// falling short end as near its target as it can). It reports false, and
// m's position, when no move ends nearer t.
func Closest(b engine.Board, s *engine.State, m, t int, reach, floor float64, ok func(engine.Pos) bool) (engine.Pos, bool) {
	p0 := s.Models[m].Pos
	a, c := centre(s, m), centre(s, t)
	dx, dy := c.X-a.X, c.Y-a.Y
	l := hyp(dx, dy)
	if l == 0 {
		return p0, false
	}
	// ends are measured against where m stands: a move that ends no
	// nearer t is no move towards it
	best, found, bestGap := p0, false, FlatGap(s, m, p0, t)
	bound := max(floor, l-radius(s, m)-radius(s, t)-reach) + 0.25 // nothing ends nearer than bound-0.25
	rc := reacher{b: b, s: s, m: m, reach: reach}                 // the fan's paths share their start's work
	for k := range 7 {
		th := float64((k+1)/2) * math.Pi / 8
		if k%2 == 0 {
			th = -th
		}
		cos, sin := math.Cos(th), math.Sin(th)
		ux, uy := dx*cos-dy*sin, dx*sin+dy*cos
		d := math.Min(reach, l*cos)
		if k == 0 {
			p, moved := rc.straight(ux, uy, d, ok)
			if g := FlatGap(s, m, p, t); moved && g < bestGap {
				best, found, bestGap = p, true, g
			}
			if moved && hyp(float64(p.X)-a.X, float64(p.Y)-a.Y) >= d-0.02 || bestGap < bound {
				break // the direct move went its whole way, or as near as any could
			}
			continue
		}
		if p, moved := fanEnd(&rc, t, ux, uy, d, bestGap-0.25, ok); moved {
			if g := FlatGap(s, m, p, t); g < bestGap-0.25 {
				best, found, bestGap = p, true, g
				if bestGap < bound {
					break
				}
			}
		}
	}
	return best, found
}

// fanEnd is Straight's end for one of Closest's fan directions, given up
// once the ends left (each a quarter inch further back, so further from t,
// up to which d never goes past; with 0.02" to spare for the rounding of
// ends to hundredths) can no longer end nearer t than beat: the same end
// as Straight's whenever Closest could take it, at a fraction of the paths
// worked out.
func fanEnd(rc *reacher, t int, dx, dy, d, beat float64, ok func(engine.Pos) bool) (engine.Pos, bool) {
	s, m := rc.s, rc.m
	p0 := s.Models[m].Pos
	x0, y0 := float64(p0.X), float64(p0.Y)
	for k := 0; d > 0.05 && k < maxSteps; d, k = d-0.25, k+1 {
		p := Toward(x0, y0, dx, dy, d, rc.reach, p0.Level)
		if FlatGap(s, m, p, t) >= beat+0.02 {
			break
		}
		if !ok(p) {
			continue
		}
		if rc.reaches(p) {
			return p, true
		}
	}
	return p0, false
}

// reacher answers whether m can stand at a point and get there by a path
// of at most reach inches, as PathLength does; on a *Board, its paths
// share their start's work (which corners it sees, and the neighbourhood
// a move of reach can touch), as Destinations' do. The zero origin is
// filled on first use.
type reacher struct {
	b     engine.Board
	s     *engine.State
	m     int
	reach float64
	bb    *Board
	o     origin
	ready bool
}

func (rc *reacher) reaches(p engine.Pos) bool {
	if !rc.ready {
		rc.bb, _ = rc.b.(*Board)
		rc.o = origin{p: centre(rc.s, rc.m), r: radius(rc.s, rc.m)}
		if rc.bb != nil {
			rc.o.near.fill(rc.bb, rc.s, rc.m, &rc.o, rc.reach)
		}
		rc.ready = true
	}
	if rc.bb == nil {
		pl, found := rc.b.PathLength(rc.s, rc.m, p)
		return found && float64(pl) <= rc.reach+1e-6
	}
	q := Point{float64(p.X), float64(p.Y), int(p.Level)}
	if q.Level != rc.o.p.Level || !rc.o.near.fits(rc.bb, rc.s, rc.m, q) {
		return false
	}
	d, found := rc.bb.pathFrom(&rc.o, q, rc.reach+1e-5) // as PathWithin does
	return found && float64(float32(d)) <= rc.reach+1e-6
}

// Unblocked reports whether m's straight move to p passes through no base
// of a model in play on its level, other than m's own, among set (bit n
// for model n; Around gives those a move can touch): ending in base
// contact, or starting there, is not passing through (a gap down to
// -Contact is contact).
func Unblocked(s *engine.State, m int, p engine.Pos, set uint64) bool {
	for ; set != 0; set &= set - 1 {
		n := bits.TrailingZeros64(set)
		if n != m && s.Models[n].InPlay && !PassesWide(s, m, p, n, -Contact) && PassGap(s, m, p, n) < -Contact {
			return false
		}
	}
	return true
}
