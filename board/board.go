// Package board is the geometry of board mode (DESIGN.md §4), in inches: a
// rectangular table with levels at given elevations, terrain boxes that
// block movement and sight, walls, ledges, ductway pairs, objectives and
// tokens; models are circular bases at positions on levels. It answers the
// engine's geometry questions (engine.Board) and proposes candidate
// destinations for movement.
//
// The model is 2.5-D: a box has a footprint on one level and a height; a
// model's eyes are EyeHeight above its level. Paths stay on a model's level
// and go round boxes, walls and ledges through their corners, so a path
// length is exact for the polygonal obstacles used here. A Router's paths
// also keep out of round zones (other models' bases, Fallout: Factions'
// Proximity), turning at the corners of polygons drawn round them. Climbing, jumping
// and falling between levels are the rulesets' business (FactFall gives
// the height).
//
// A raised level is bounded by its ledges: a ledge bars movement on its
// level as a wall does (no path crosses it, no base stands across it), so a
// model on a raised level stays within the area its ledges close off with
// the table's edges, boxes and walls, and leaves it only by falling
// (Landing: to the foot of the ledge). Its candidate moves stop at a
// ledge towards a model below and slide along it (Destinations). A
// scenario closes each raised area
// with ledges, and puts a box under it on the level below when models
// there must not walk beneath it (docs/scenarios.md).
//
// Candidate end points are at hundredths of an inch (what a player types
// and the log shows). A move of the full distance is put on the nearest
// such point within that distance, never one just past it, and a point
// that rounds to where the model stands is not offered.
package board

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/skirmish-engine/skirmish/engine"
)

// EyeHeight is how far above its level a model sees from, in inches.
const EyeHeight = 1.0

// Contact is the largest gap, in inches, that still counts as base contact.
const Contact = 0.01

// Board is a battlefield. Its zero value is not usable; build one with a
// Width and Height. Once paths have been asked of it, a Board must not
// change: it keeps which terrain corners see each other. It is safe for
// concurrent use by several games.
type Board struct {
	Width, Height float64
	Levels        []float64 // elevation of each level; level 0 is the ground at 0
	Boxes         []Box
	Walls         []Wall
	Ledges        []Ledge
	Ducts         []Duct
	Objectives    []Point
	Tokens        []Token

	vis sync.Map // visKey → *visGraph, built on first use
}

// Point is a position on a level.
type Point struct {
	X, Y  float64
	Level int
}

// Box is a block of terrain: an axis-aligned footprint on a level, rising
// Height inches. It blocks movement and, where taller than the line of
// sight, sight.
type Box struct {
	X0, Y0, X1, Y1 float64
	Level          int
	Height         float64
}

// Wall is a thin barrier from A to B with a height; it blocks like a box.
type Wall struct {
	A, B   Point
	Height float64
}

// Ledge is an edge of a raised level, from A to B, with the level below.
// It bars movement on its level as a wall does; it does not block sight.
type Ledge struct {
	A, B  Point
	Below int
}

// Duct is a ductway: two linked ends.
type Duct struct{ A, B Point }

// Token is a marker on the table (a search token, a loot crate).
type Token struct {
	Kind string
	At   Point
}

// Check reports a malformed board, naming the field.
func (b *Board) Check() error {
	bad := func(path, format string, a ...any) error {
		return &engine.FieldError{Path: "board." + path, Problem: fmt.Sprintf(format, a...)}
	}
	if !(b.Width > 0 && b.Height > 0 && b.Width <= 200 && b.Height <= 200) { // NaN too
		return bad("size", "%gx%g\" is not a table; allowed above 0 up to 200\"", b.Width, b.Height)
	}
	if len(b.Levels) == 0 {
		b.Levels = []float64{0}
	}
	if b.Levels[0] != 0 {
		return bad("levels[0]", "the ground level is at elevation 0, not %g", b.Levels[0])
	}
	for i, e := range b.Levels {
		if !(math.Abs(e) <= 1000) {
			return bad(fmt.Sprintf("levels[%d]", i), "elevation %g is out of range; allowed -1000 to 1000", e)
		}
	}
	lvl := func(path string, l int) error {
		if l < 0 || l >= len(b.Levels) {
			return bad(path, "level %d does not exist; allowed 0 to %d", l, len(b.Levels)-1)
		}
		return nil
	}
	in := func(path string, p Point) error {
		if !(p.X >= 0 && p.Y >= 0 && p.X <= b.Width && p.Y <= b.Height) { // NaN too
			return bad(path, "(%g, %g) is off the %gx%g\" table", p.X, p.Y, b.Width, b.Height)
		}
		return lvl(path+".level", p.Level)
	}
	for i, x := range b.Boxes {
		p := fmt.Sprintf("boxes[%d]", i)
		if !(x.X1 > x.X0 && x.Y1 > x.Y0 && x.Height > 0 && x.Height <= 1000) { // NaN too
			return bad(p, "needs x0 < x1, y0 < y1 and a positive height")
		}
		if err := in(p, Point{x.X0, x.Y0, x.Level}); err != nil {
			return err
		}
		if err := in(p, Point{x.X1, x.Y1, x.Level}); err != nil {
			return err
		}
	}
	// a wall or ledge is a line on one level, not a point
	line := func(p string, a, c Point) error {
		if err := in(p+".a", a); err != nil {
			return err
		}
		if err := in(p+".b", c); err != nil {
			return err
		}
		if a.Level != c.Level {
			return bad(p+".b.level", "level %d is not its other end's level, %d; both ends stand on one level", c.Level, a.Level)
		}
		if hyp(c.X-a.X, c.Y-a.Y) < 0.01 {
			return bad(p, "its ends are the same point (%g, %g); allowed a line at least 0.01\" long", a.X, a.Y)
		}
		return nil
	}
	for i, w := range b.Walls {
		p := fmt.Sprintf("walls[%d]", i)
		if !(w.Height > 0 && w.Height <= 1000) { // NaN too
			return bad(p+".height", "must be positive, up to 1000\"")
		}
		if err := line(p, w.A, w.B); err != nil {
			return err
		}
	}
	for i, l := range b.Ledges {
		p := fmt.Sprintf("ledges[%d]", i)
		if err := line(p, l.A, l.B); err != nil {
			return err
		}
		if err := lvl(p+".below", l.Below); err != nil {
			return err
		}
		if b.Levels[l.Below] >= b.Levels[l.A.Level] {
			return bad(p+".below", "level %d is not below level %d", l.Below, l.A.Level)
		}
	}
	for i, d := range b.Ducts {
		if err := in(fmt.Sprintf("ducts[%d].a", i), d.A); err != nil {
			return err
		}
		if err := in(fmt.Sprintf("ducts[%d].b", i), d.B); err != nil {
			return err
		}
	}
	for i, o := range b.Objectives {
		if err := in(fmt.Sprintf("objectives[%d]", i), o); err != nil {
			return err
		}
	}
	for i, t := range b.Tokens {
		if err := in(fmt.Sprintf("tokens[%d]", i), t.At); err != nil {
			return err
		}
	}
	return nil
}

// elev is a level's elevation; a board without levels is all ground.
func (b *Board) elev(level int) float64 {
	if level < len(b.Levels) {
		return b.Levels[level]
	}
	return 0
}

// model geometry from a state.
func radius(s *engine.State, m int) float64 { return s.Static(m).Base / 2 }

func centre(s *engine.State, m int) Point {
	p := s.Models[m].Pos
	return Point{float64(p.X), float64(p.Y), int(p.Level)}
}

// Distance is the base-edge to base-edge distance between models a and b:
// across levels, the straight line between the bases. Zero when they touch
// or overlap.
func (b *Board) Distance(s *engine.State, m, n int) float64 {
	pa, pb := centre(s, m), centre(s, n)
	d := hyp(pa.X-pb.X, pa.Y-pb.Y) - radius(s, m) - radius(s, n)
	dz := b.elev(pa.Level) - b.elev(pb.Level)
	return math.Max(0, hyp(math.Max(0, d), dz))
}

// sightLines is how many of three lines between the eyes of models m and
// n (to n's centre and to both sides of its base) clear every box and
// wall, counted up to enough: Sight needs one, Cover all three.
func (b *Board) sightLines(s *engine.State, m, n, enough int) int {
	pa, pb := centre(s, m), centre(s, n)
	za, zb := b.elev(pa.Level)+EyeHeight, b.elev(pb.Level)+EyeHeight
	dx, dy := pb.X-pa.X, pb.Y-pa.Y
	l := hyp(dx, dy)
	if l == 0 {
		return 3
	}
	r := radius(s, n) * 0.9
	ox, oy := -dy/l*r, dx/l*r
	// The boxes and walls that could stand in any of the three lines,
	// found once: those meeting the rectangle round both ends (a pure
	// filter, so that on a large board the lines visit a handful).
	var in sightSet
	in.fill(b, min(pa.X, pb.X-r), min(pa.Y, pb.Y-r), max(pa.X, pb.X+r), max(pa.Y, pb.Y+r))
	clear := 0
	for _, k := range []float64{0, 1, -1} {
		if !b.blocked(&in, pa.X, pa.Y, za, pb.X+k*ox, pb.Y+k*oy, zb) {
			if clear++; clear == enough {
				break
			}
		}
	}
	return clear
}

// sightSet is the boxes and walls of a board that a sight line within a
// rectangle can meet, by index in the board's order; all when there are
// more than it holds.
type sightSet struct {
	boxes, walls [nearCap]uint16
	nb, nw       int
	all          bool
}

// fill keeps the boxes and walls whose extent meets the rectangle x0–x1,
// y0–y1 (with a margin far above rounding): a segment within it misses
// the rest.
func (in *sightSet) fill(b *Board, x0, y0, x1, y1 float64) {
	const eps = 1e-6
	x0, y0, x1, y1 = x0-eps, y0-eps, x1+eps, y1+eps
	in.nb, in.nw, in.all = 0, 0, false
	for i := range b.Boxes {
		bx := &b.Boxes[i]
		if bx.X1 < x0 || bx.X0 > x1 || bx.Y1 < y0 || bx.Y0 > y1 {
			continue
		}
		if in.nb == nearCap {
			in.all = true
			return
		}
		in.boxes[in.nb] = uint16(i)
		in.nb++
	}
	for i := range b.Walls {
		w := &b.Walls[i]
		if max(w.A.X, w.B.X) < x0 || min(w.A.X, w.B.X) > x1 || max(w.A.Y, w.B.Y) < y0 || min(w.A.Y, w.B.Y) > y1 {
			continue
		}
		if in.nw == nearCap {
			in.all = true
			return
		}
		in.walls[in.nw] = uint16(i)
		in.nw++
	}
}

// blocked reports whether the 3-D segment from (x0,y0,z0) to (x1,y1,z1)
// passes through a box or wall taller than the segment where it crosses,
// of those in in (a segment within the rectangle in was filled for).
func (b *Board) blocked(in *sightSet, x0, y0, z0, x1, y1, z1 float64) bool {
	box := func(bx *Box) bool {
		t0, t1, ok := clipBox(x0, y0, x1, y1, bx.X0, bx.Y0, bx.X1, bx.Y1)
		if !ok {
			return false
		}
		top := b.elev(bx.Level) + bx.Height
		return z0+(z1-z0)*t0 < top || z0+(z1-z0)*t1 < top
	}
	wall := func(w *Wall) bool {
		t, ok := crossAt(x0, y0, x1, y1, w.A.X, w.A.Y, w.B.X, w.B.Y)
		return ok && z0+(z1-z0)*t < b.elev(w.A.Level)+w.Height
	}
	if in.all {
		for i := range b.Boxes {
			if box(&b.Boxes[i]) {
				return true
			}
		}
		for i := range b.Walls {
			if wall(&b.Walls[i]) {
				return true
			}
		}
		return false
	}
	for _, i := range in.boxes[:in.nb] {
		if box(&b.Boxes[i]) {
			return true
		}
	}
	for _, i := range in.walls[:in.nw] {
		if wall(&b.Walls[i]) {
			return true
		}
	}
	return false
}

// clipBox clips the segment to the rectangle (Liang–Barsky), returning the
// parameters where it enters and leaves.
func clipBox(x0, y0, x1, y1, rx0, ry0, rx1, ry1 float64) (float64, float64, bool) {
	// Quick reject: the segment's bounding box misses the rectangle.
	if max(x0, x1) < rx0 || min(x0, x1) > rx1 || max(y0, y1) < ry0 || min(y0, y1) > ry1 {
		return 0, 0, false
	}
	t0, t1 := 0.0, 1.0
	dx, dy := x1-x0, y1-y0
	clip := func(p, q float64) bool {
		if p == 0 {
			return q >= 0
		}
		t := q / p
		if p < 0 {
			t0 = max(t0, t)
		} else {
			t1 = min(t1, t)
		}
		return t0 <= t1
	}
	if !clip(-dx, x0-rx0) || !clip(dx, rx1-x0) || !clip(-dy, y0-ry0) || !clip(dy, ry1-y0) {
		return 0, 0, false
	}
	return t0, t1, t1-t0 > 1e-9
}

// crossAt reports whether segment p crosses segment q, and where along p.
func crossAt(px0, py0, px1, py1, qx0, qy0, qx1, qy1 float64) (float64, bool) {
	rx, ry := px1-px0, py1-py0
	sx, sy := qx1-qx0, qy1-qy0
	den := rx*sy - ry*sx
	if den == 0 {
		return 0, false
	}
	t := ((qx0-px0)*sy - (qy0-py0)*sx) / den
	u := ((qx0-px0)*ry - (qy0-py0)*rx) / den
	return t, t >= 0 && t <= 1 && u >= 0 && u <= 1
}

// segDist is the distance from point (x, y) to segment a–b.
func segDist(x, y, ax, ay, bx, by float64) float64 { return math.Sqrt(segDist2(x, y, ax, ay, bx, by)) }

// segDist2 is segDist squared.
func segDist2(x, y, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = max(0, min(1, ((x-ax)*dx+(y-ay)*dy)/l2))
	}
	ex, ey := x-ax-t*dx, y-ay-t*dy
	return ex*ex + ey*ey
}

// nearestLedge is the edge distance from model m to the closest ledge of its
// level, and the drop there; ok is false when its level has none.
func (b *Board) nearestLedge(s *engine.State, m int) (dist, drop float64, ok bool) {
	l, dist, ok := b.NearestLedge(s, m)
	if !ok {
		return dist, 0, false
	}
	return dist, b.elev(int(s.Models[m].Pos.Level)) - b.elev(l.Below), true
}

// NearestLedge is the ledge of model m's level closest to its base, and
// the edge distance to it; ok is false when its level has none. A model
// that falls, falls from this ledge to its level Below (N26 and Trench
// Crusade falls).
func (b *Board) NearestLedge(s *engine.State, m int) (l Ledge, dist float64, ok bool) {
	p := centre(s, m)
	dist = math.Inf(1)
	for _, x := range b.Ledges {
		if x.A.Level != p.Level {
			continue
		}
		d := segDist(p.X, p.Y, x.A.X, x.A.Y, x.B.X, x.B.Y) - radius(s, m)
		if d < dist {
			l, dist, ok = x, math.Max(0, d), true
		}
	}
	return l, dist, ok
}

// Landing is where model m comes down when it falls from the nearest ledge
// of its level (NearestLedge): on the ledge's level Below, at its foot,
// which is the point of the ledge nearest m pushed a base's radius beyond
// it, away from m; or, when m's base does not fit there, a point near it
// where it does: within 2" (Spot), else on rings out to 8". ok is false
// when m's level has no ledge, or no room is found that near: a ruleset
// then leaves m where it stood.
func (b *Board) Landing(s *engine.State, m int) (p engine.Pos, ok bool) {
	l, _, ok := b.NearestLedge(s, m)
	if !ok {
		return engine.Pos{}, false
	}
	c, r := centre(s, m), radius(s, m)
	dx, dy := l.B.X-l.A.X, l.B.Y-l.A.Y
	t := 0.0
	if l2 := dx*dx + dy*dy; l2 > 0 {
		t = max(0, min(1, ((c.X-l.A.X)*dx+(c.Y-l.A.Y)*dy)/l2))
	}
	qx, qy := l.A.X+t*dx, l.A.Y+t*dy
	ux, uy := qx-c.X, qy-c.Y
	if n := hyp(ux, uy); n > 1e-6 {
		ux, uy = ux/n, uy/n
	} else if n := hyp(dx, dy); n > 0 { // standing on the line: off to its left
		ux, uy = -dy/n, dx/n
	}
	foot := Point{round2(qx + ux*(r+0.01)), round2(qy + uy*(r+0.01)), l.Below}
	if q, ok := b.Spot(s, m, foot, 2, 0); ok {
		return engine.Pos{X: float32(q.X), Y: float32(q.Y), Level: int8(l.Below)}, true
	}
	for d := 3.0; d <= 8; d += 0.5 {
		for k := range 32 {
			a := float64(k) * math.Pi / 16
			q := Point{round2(foot.X + d*math.Cos(a)), round2(foot.Y + d*math.Sin(a)), l.Below}
			if b.Fits(s, m, q, 0) {
				return engine.Pos{X: float32(q.X), Y: float32(q.Y), Level: int8(l.Below)}, true
			}
		}
	}
	return engine.Pos{}, false
}

// Fact answers the engine's geometry questions.
func (b *Board) Fact(s *engine.State, f engine.Fact) (int, bool) {
	yes := func(v bool) int {
		if v {
			return 1
		}
		return 0
	}
	hundredths := func(v float64) int { return int(math.Round(v * 100)) }
	switch f.Kind {
	case engine.FactWithin:
		return yes(b.Distance(s, f.A, f.B) <= float64(f.Inches)+1e-9), true
	case engine.FactWithinAny:
		for n := range s.Models {
			if f.Set&(1<<n) != 0 && n != f.A && b.Distance(s, f.A, n) <= float64(f.Inches)+1e-9 {
				return 1, true
			}
		}
		return 0, true
	case engine.FactContact:
		return yes(b.Distance(s, f.A, f.B) <= Contact), true
	case engine.FactDistance:
		return hundredths(b.Distance(s, f.A, f.B)), true
	case engine.FactSight:
		return yes(b.sightLines(s, f.A, f.B, 1) > 0), true
	case engine.FactCover:
		n := b.sightLines(s, f.A, f.B, 3)
		return yes(n > 0 && n < 3), true
	case engine.FactElevation:
		return hundredths(b.elev(int(s.Models[f.A].Pos.Level)) - b.elev(int(s.Models[f.B].Pos.Level))), true
	case engine.FactNearLedge:
		d, _, ok := b.nearestLedge(s, f.A)
		return yes(ok && d <= float64(f.Inches)), true
	case engine.FactNearDuct:
		_, ok := b.Ductway(s, f.A)
		return yes(ok), true
	case engine.FactDuctRoom:
		end, ok := b.Ductway(s, f.A)
		if !ok {
			return 0, true
		}
		_, room := b.Spot(s, f.A, end, 1, 1)
		return yes(room), true
	case engine.FactFall:
		_, drop, ok := b.nearestLedge(s, f.A)
		if !ok {
			return 0, true
		}
		return hundredths(drop), true
	}
	return 0, false
}

// Ductway returns the other end of a ductway whose end is within reach of
// model m (base edge within 1"), and whether there is one.
func (b *Board) Ductway(s *engine.State, m int) (Point, bool) {
	p := centre(s, m)
	for _, d := range b.Ducts {
		for _, e := range [2][2]Point{{d.A, d.B}, {d.B, d.A}} {
			if e[0].Level == p.Level && hyp(p.X-e[0].X, p.Y-e[0].Y)-radius(s, m) <= 1 {
				return e[1], true
			}
		}
	}
	return Point{}, false
}

// Ductways appends to out the far end of every ductway with an end within
// reach of model m (base edge within 1"), in the board's order: a fighter
// by two ductways may crawl through either (seed 000, Crawl Through
// Ductway).
func (b *Board) Ductways(s *engine.State, m int, out []Point) []Point {
	p := centre(s, m)
	for _, d := range b.Ducts {
		for _, e := range [2][2]Point{{d.A, d.B}, {d.B, d.A}} {
			if e[0].Level == p.Level && hyp(p.X-e[0].X, p.Y-e[0].Y)-radius(s, m) <= 1 {
				out = append(out, e[1])
				break
			}
		}
	}
	return out
}

// Fits reports whether model m can stand at p: on the table, off every box,
// wall and ledge of its level, and not overlapping another model in play on that
// level. If apart is positive it must also be more than apart inches from
// every enemy (N26 ductway placement).
func (b *Board) Fits(s *engine.State, m int, p Point, apart float64) bool {
	r := radius(s, m)
	if !b.Clear(p, r) {
		return false
	}
	for n := range s.Models {
		if n == m || !s.Models[n].InPlay || int(s.Models[n].Pos.Level) != p.Level {
			continue
		}
		q := centre(s, n)
		dx, dy := p.X-q.X, p.Y-q.Y
		rn := radius(s, n)
		reach := r + rn + apart // apart only from enemies
		if apart <= 0 || s.SideOf(n) == s.SideOf(m) {
			reach = r + rn - Contact
			if dx*dx+dy*dy < reach*reach {
				return false
			}
			continue
		}
		if dx*dx+dy*dy <= reach*reach {
			return false
		}
	}
	return true
}

// Clear reports whether a base of radius r (inches) centred at p is on the
// table and off every box, wall and ledge of p's level: Fits without the
// models (a scenario placing models before the game).
func (b *Board) Clear(p Point, r float64) bool {
	if p.X-r < 0 || p.Y-r < 0 || p.X+r > b.Width || p.Y+r > b.Height {
		return false
	}
	for _, bx := range b.Boxes {
		if bx.Level == p.Level && circleHitsBox(p.X, p.Y, r, bx) {
			return false
		}
	}
	for i := range b.bars() {
		if a, c := b.bar(i); a.Level == p.Level && segDist2(p.X, p.Y, a.X, a.Y, c.X, c.Y) < r*r {
			return false
		}
	}
	return true
}

func circleHitsBox(x, y, r float64, bx Box) bool {
	cx := max(bx.X0, min(x, bx.X1))
	cy := max(bx.Y0, min(y, bx.Y1))
	dx, dy, rr := x-cx, y-cy, r-1e-9
	return rr > 0 && dx*dx+dy*dy < rr*rr
}

// PathLength is the length of model m's shortest path to p on its level,
// going round boxes, walls and ledges, and whether p can be reached and stood on.
func (b *Board) PathLength(s *engine.State, m int, p engine.Pos) (float32, bool) {
	from := centre(s, m)
	to := Point{float64(p.X), float64(p.Y), int(p.Level)}
	if to.Level != from.Level || !b.Fits(s, m, to, 0) {
		return 0, false
	}
	d, ok := b.path(from, to, radius(s, m), math.Inf(1))
	return float32(d), ok
}

// PathWithin is b.PathLength(s, m, p) for a caller that wants only paths
// of at most limit inches: on a *Board the search gives up on longer ones
// (reporting false), instead of finding the shortest path whatever its
// length. It searches a hundred-thousandth of an inch past limit, so that
// a caller's own check of the float32 length against limit, with its
// slack of up to 1e-6", sees every length PathLength would give it (for
// any limit below 64"; float32 rounds there by less than 4e-6).
func PathWithin(b engine.Board, s *engine.State, m int, p engine.Pos, limit float64) (float32, bool) {
	bd, ok := b.(*Board)
	if !ok {
		return b.PathLength(s, m, p)
	}
	from := centre(s, m)
	to := Point{float64(p.X), float64(p.Y), int(p.Level)}
	if to.Level != from.Level || !bd.Fits(s, m, to, 0) {
		return 0, false
	}
	d, found := bd.path(from, to, radius(s, m), limit+1e-5)
	return float32(d), found
}

// PathLengths is PathLength for several points at once, sharing the work
// that depends only on where model m stands: out[i] is the length of m's
// shortest legal path to ps[i], or -1 when ps[i] cannot be reached and
// occupied within limit inches (a ruleset's moves into base contact, one per
// enemy). It appends to out[:0] and returns it.
func (b *Board) PathLengths(s *engine.State, m int, ps []engine.Pos, limit float32, out []float32) []float32 {
	out = out[:0]
	o := origin{p: centre(s, m), r: radius(s, m)}
	lim := float64(limit)
	for _, p := range ps {
		l := float32(-1)
		q := Point{float64(p.X), float64(p.Y), int(p.Level)}
		if q.Level == o.p.Level && b.Fits(s, m, q, 0) {
			if d, ok := b.pathFrom(&o, q, lim+1e-6); ok && d <= lim+1e-6 {
				l = float32(d)
			}
		}
		out = append(out, l)
	}
	return out
}

// path is the shortest obstacle-avoiding path between two points for a base
// of radius r: straight when clear, else through the corners of boxes and
// the ends of walls, pushed out by the radius (A* over a few nodes, with
// the straight line as the estimate). It gives up, reporting false, once
// every path left is longer than limit. Which corners see each other is
// the same for every path of a radius on a level, so it is worked out once
// (graph) and only the two ends are checked per path.
func (b *Board) path(from, to Point, r, limit float64) (float64, bool) {
	o := origin{p: from, r: r}
	return b.pathFrom(&o, to, limit)
}

// origin is where paths start, with which corners it sees (worked out
// once, when a path first needs them): every candidate destination of one
// move shares it.
type origin struct {
	p    Point
	r    float64
	g    *visGraph
	seen bool         // vis is set up: NaN for corners not yet checked
	near near         // what moves from here can touch, when filled
	vbuf [128]float64 // clear length to each corner, +Inf where blocked
	big  []float64    // the same, for boards of more than 128 corners
	// The corners no further than wlim from the origin, wlim being the
	// limit of its first search: every search of one move has the same.
	wbuf [128]int32
	wn   int
	wbig []int32 // the same, for boards of more than 128 corners
	wlim float64
}

// within is the corners no further from the origin than wlim.
func (o *origin) within() []int32 {
	if o.wbig != nil {
		return o.wbig
	}
	return o.wbuf[:o.wn]
}

// vis is the clear length from the origin to each corner of g, NaN where
// not yet worked out.
func (o *origin) vis() []float64 {
	if o.big != nil {
		return o.big
	}
	return o.vbuf[:len(o.g.nodes)]
}

// pathStack is how many corners one path search holds on the stack; a
// search over more allocates.
const pathStack = 64

func (b *Board) pathFrom(o *origin, to Point, limit float64) (float64, bool) {
	from, r := o.p, o.r
	if hyp(to.X-from.X, to.Y-from.Y) > limit {
		return 0, false
	}
	// Every stretch of a path within limit lies within limit of the
	// origin: the neighbourhood's checks answer for it when it was filled
	// for that reach (with its half inch to spare), and the board's
	// otherwise.
	nr := &o.near
	if nr.on && limit > nr.lim+1e-4 {
		nr = &near{}
	}
	if nr.clearFor(b, from, to, r) {
		return hyp(to.X-from.X, to.Y-from.Y), true
	}
	if o.g == nil {
		o.g = b.graph(from.Level, r)
	}
	g := o.g
	n := len(g.nodes)
	if n == 0 {
		return 0, false
	}
	if !o.seen {
		if n > len(o.vbuf) {
			o.big = make([]float64, n)
		}
		if n > len(o.wbuf) {
			o.wbig = make([]int32, 0, n)
		}
		vis := o.vis()
		o.wn = 0
		for i := range vis {
			vis[i] = math.NaN()
			if c := g.nodes[i]; hyp(c.X-from.X, c.Y-from.Y) <= limit {
				if o.wbig != nil {
					o.wbig = append(o.wbig, int32(i))
				} else {
					o.wbuf[o.wn] = int32(i)
				}
				o.wn++
			}
		}
		o.wlim, o.seen = limit, true
	}
	vis := o.vis()
	// The search runs over the corners a path of at most limit may pass
	// (the straight lines through them are no longer): act[i] is the
	// corner, dist[i] the shortest length to it so far and h[i] the
	// straight length on to the goal, the estimate. Index k = len(act) is
	// the goal. Whether the origin sees a corner is worked out the first
	// time a search needs it, and kept.
	var actBuf [pathStack]int32
	var distBuf, hBuf [pathStack + 1]float64
	var doneBuf [pathStack + 1]bool
	act, dist, h := actBuf[:0], distBuf[:0], hBuf[:0]
	within := o.within()
	for j := range n {
		i := j
		if limit <= o.wlim {
			if j >= len(within) {
				break
			}
			i = int(within[j])
		}
		c := g.nodes[i]
		df, dt := hyp(c.X-from.X, c.Y-from.Y), hyp(to.X-c.X, to.Y-c.Y)
		if df+dt > limit {
			continue
		}
		if math.IsNaN(vis[i]) {
			vis[i] = math.Inf(1)
			if nr.clearFor(b, from, c, r) {
				vis[i] = df
			}
		}
		act, dist, h = append(act, int32(i)), append(dist, vis[i]), append(h, dt)
	}
	k := len(act)
	dist = append(dist, math.Inf(1))
	var done []bool
	if k+1 <= len(doneBuf) {
		done = doneBuf[:k+1]
	} else {
		done = make([]bool, k+1)
	}
	for {
		u, eu := -1, math.Inf(1)
		for i := range k {
			if !done[i] && !math.IsInf(dist[i], 1) && (u < 0 || dist[i]+h[i] < eu) {
				u, eu = i, dist[i]+h[i]
			}
		}
		if !done[k] && !math.IsInf(dist[k], 1) && (u < 0 || dist[k] < eu) {
			u, eu = k, dist[k]
		}
		if u < 0 || eu > limit {
			return 0, false
		}
		if u == k {
			return dist[k], true
		}
		done[u] = true
		row := g.d[int(act[u])*n:]
		for v := range k {
			if e := row[act[v]]; !done[v] && dist[u]+e < dist[v] {
				dist[v] = dist[u] + e
			}
		}
		if eu < dist[k] && nr.clearFor(b, g.nodes[act[u]], to, r) {
			dist[k] = eu
		}
	}
}

// visGraph is the corners a base of one radius may pass on one level, and
// the straight clear lengths between them (+Inf where blocked).
type visGraph struct {
	nodes []Point
	d     []float64 // d[i*len(nodes)+j]
}

type visKey struct {
	level int
	r     float64
}

// graph returns the level's corner graph for radius r, building it once.
// A Board must not change once paths have been asked of it.
func (b *Board) graph(level int, r float64) *visGraph {
	k := visKey{level, r}
	if g, ok := b.vis.Load(k); ok {
		return g.(*visGraph)
	}
	g := &visGraph{}
	m := r + 0.01
	for _, bx := range b.Boxes {
		if bx.Level != level {
			continue
		}
		g.nodes = append(g.nodes, Point{bx.X0 - m, bx.Y0 - m, level}, Point{bx.X1 + m, bx.Y0 - m, level},
			Point{bx.X0 - m, bx.Y1 + m, level}, Point{bx.X1 + m, bx.Y1 + m, level})
	}
	for i := range b.bars() {
		a, c := b.bar(i)
		if a.Level != level {
			continue
		}
		dx, dy := c.X-a.X, c.Y-a.Y
		l := hyp(dx, dy)
		if l == 0 {
			continue
		}
		ux, uy := dx/l*m, dy/l*m
		g.nodes = append(g.nodes, Point{a.X - ux - uy, a.Y - uy + ux, level}, Point{a.X - ux + uy, a.Y - uy - ux, level},
			Point{c.X + ux - uy, c.Y + uy + ux, level}, Point{c.X + ux + uy, c.Y + uy - ux, level})
	}
	// A corner where the base would hang off the table is no way round:
	// the end of a wall or ledge at the table's edge.
	g.nodes = slices.DeleteFunc(g.nodes, func(p Point) bool {
		return p.X-r < 0 || p.Y-r < 0 || p.X+r > b.Width || p.Y+r > b.Height
	})
	n := len(g.nodes)
	g.d = make([]float64, n*n)
	for i := range n {
		for j := range n {
			g.d[i*n+j] = math.Inf(1)
			if i != j && b.clearFor(g.nodes[i], g.nodes[j], r) {
				g.d[i*n+j] = hyp(g.nodes[j].X-g.nodes[i].X, g.nodes[j].Y-g.nodes[i].Y)
			}
		}
	}
	actual, _ := b.vis.LoadOrStore(k, g)
	return actual.(*visGraph)
}

// clearFor reports whether a base of radius r can slide straight from a to b
// on a's level without touching a box, wall or ledge.
func (b *Board) clearFor(a, c Point, r float64) bool {
	for _, bx := range b.Boxes {
		if bx.Level != a.Level {
			continue
		}
		grown := Box{bx.X0 - r, bx.Y0 - r, bx.X1 + r, bx.Y1 + r, bx.Level, bx.Height}
		if _, _, hit := clipBox(a.X, a.Y, c.X, c.Y, grown.X0, grown.Y0, grown.X1, grown.Y1); hit {
			return false
		}
	}
	for i := range b.bars() {
		if wa, wb := b.bar(i); wa.Level == a.Level && barsPath(a, c, wa, wb, r) {
			return false
		}
	}
	return true
}

// barsPath reports whether the wall or ledge wa–wb stops a base of radius r
// sliding straight from a to c: the path crosses it or passes one of its
// ends within r.
func barsPath(a, c, wa, wb Point, r float64) bool {
	_, hit := crossAt(a.X, a.Y, c.X, c.Y, wa.X, wa.Y, wb.X, wb.Y)
	return hit || segDist2(wa.X, wa.Y, a.X, a.Y, c.X, c.Y) < r*r || segDist2(wb.X, wb.Y, a.X, a.Y, c.X, c.Y) < r*r
}

// bars is how many barriers to movement the board has: its walls, then its
// ledges (bar).
func (b *Board) bars() int { return len(b.Walls) + len(b.Ledges) }

// bar is barrier i's two ends: wall i, or ledge i-len(Walls). Each bars
// movement on its level.
func (b *Board) bar(i int) (Point, Point) {
	if i < len(b.Walls) {
		return b.Walls[i].A, b.Walls[i].B
	}
	l := &b.Ledges[i-len(b.Walls)]
	return l.A, l.B
}

// Destinations appends the candidate end points of a move of up to max
// inches by model m: towards and away from each enemy in play, towards each
// friend (on any level, seen from above), to each objective and to each
// box's nearest side (cover), each at the full and half distance; a move
// that would cross a ledge of m's level is cut short at it and also slides
// along it; each at hundredths of an inch, within max (Toward); only
// points that can be reached within max and stood on, and that are not
// where m stands once rounded (a move of nothing), without duplicates,
// sorted by x then y. Towards a model in
// shy (bit n for model n) the move stops short of 1" from it; towards any
// other it goes into base contact (friends, and enemies a ruleset lets
// models approach, such as N26's Seriously Injured ones).
func (b *Board) Destinations(s *engine.State, m int, max float32, shy uint64, out []engine.Pos) []engine.Pos {
	lim := float64(max)
	n0 := len(out)
	o := origin{p: centre(s, m), r: radius(s, m)}
	o.near.fill(b, s, m, &o, lim)
	// Every candidate on the table first (a base off its edge does not
	// fit, as Fits would say), then each distinct one checked once, in order.
	r := o.r
	b.candidates(s, m, lim, shy, func(q engine.Pos) bool {
		if x, y := float64(q.X), float64(q.Y); x-r >= 0 && y-r >= 0 && x+r <= b.Width && y+r <= b.Height {
			out = append(out, q)
		}
		return true
	})
	sortPos(out[n0:])
	k := n0
	for i, q := range out[n0:] {
		if i > 0 && q == out[n0+i-1] {
			continue // a duplicate; the write below never changes out[n0+i-1]'s value
		}
		if b.reaches(s, m, &o, q, lim) {
			out[k] = q
			k++
		}
	}
	return out[:k]
}

// AnyDestination reports whether Destinations would give at least one
// point for which ok is true, stopping at the first: a ruleset that only
// needs to know whether a model can move (the engine's odds, which ask
// whether an activation goes on) need not list them all.
func (b *Board) AnyDestination(s *engine.State, m int, max float32, shy uint64, ok func(engine.Pos) bool) bool {
	lim := float64(max)
	o := origin{p: centre(s, m), r: radius(s, m)}
	o.near.fill(b, s, m, &o, lim)
	found := false
	b.candidates(s, m, lim, shy, func(q engine.Pos) bool {
		found = b.reaches(s, m, &o, q, lim) && ok(q)
		return !found
	})
	return found
}

// reaches: m can stand at q and get there within lim.
func (b *Board) reaches(s *engine.State, m int, o *origin, q engine.Pos, lim float64) bool {
	p := Point{float64(q.X), float64(q.Y), int(q.Level)}
	if !o.near.fits(b, s, m, p) {
		return false
	}
	pl, ok := b.pathFrom(o, p, lim+1e-6)
	return ok && pl <= lim+1e-6
}

// candidates calls visit with each candidate end point of Destinations, in
// order, at hundredths of an inch, before any check, until visit returns
// false.
func (b *Board) candidates(s *engine.State, m int, lim float64, shy uint64, visit func(q engine.Pos) bool) {
	from := centre(s, m)
	r := radius(s, m)
	stop := false
	// ray visits the ends of a move in direction (dx, dy), as far as its
	// length or lim, and says which ledge cut it short within lim, if one
	// did.
	ray := func(dx, dy float64) *Ledge {
		l := hyp(dx, dy)
		if l < 1e-6 || stop {
			return nil
		}
		// A ray that leaves the level across a ledge stops at it, the base
		// wholly on the level: on a firestep, the edge towards the enemy.
		c, e := b.ledgeCut(from, dx, dy, l, r)
		if c > lim {
			e = nil // the ledge is beyond the move's reach: no slide
		}
		if c < l {
			if c < 0.01 {
				return e
			}
			dx, dy, l = dx*c/l, dy*c/l, c
		}
		for _, f := range [2]float64{1, 0.5} {
			d := math.Min(lim*f, l)
			q := Toward(from.X, from.Y, dx, dy, d, lim, int8(from.Level))
			if hyp(float64(q.X)-from.X, float64(q.Y)-from.Y) < 0.005 {
				continue // rounds to where it stands: a move of nothing
			}
			if !visit(q) {
				stop = true
				return nil
			}
		}
		return e
	}
	add := func(tx, ty float64) {
		dx, dy := tx-from.X, ty-from.Y
		// Cut short by a ledge, the move also slides along it as far as the
		// target's foot on it: a model already at a firestep's edge can
		// still move along it, towards or away from a model below.
		if e := ray(dx, dy); e != nil {
			ex, ey := e.B.X-e.A.X, e.B.Y-e.A.Y
			k := (dx*ex + dy*ey) / (ex*ex + ey*ey)
			if hyp(ex*k, ey*k) >= 0.01 { // shorter rounds to where it stands
				ray(ex*k, ey*k)
			}
		}
	}
	for n := range s.Models {
		// models on other levels too, in plan: a model on a firestep moves
		// to its edge towards an enemy below (the ray stops at the ledge)
		if n == m || !s.Models[n].InPlay {
			continue
		}
		q := centre(s, n)
		dx, dy := q.X-from.X, q.Y-from.Y
		l := hyp(dx, dy)
		if l < 1e-6 {
			continue
		}
		gap := r + radius(s, n) // base contact (Fits allows Contact of overlap)
		if shy&(1<<n) != 0 {
			gap += 1.05 // stop short of the 1" around it
		}
		if l > gap {
			add(from.X+dx/l*(l-gap), from.Y+dy/l*(l-gap))
		}
		if s.SideOf(n) != s.SideOf(m) {
			add(from.X-dx/l*lim, from.Y-dy/l*lim)
		}
	}
	for _, o := range b.Objectives {
		if o.Level == from.Level {
			add(o.X, o.Y)
		}
	}
	for _, bx := range b.Boxes {
		if bx.Level == from.Level {
			cx := math.Max(bx.X0-r-0.05, math.Min(from.X, bx.X1+r+0.05))
			cy := math.Max(bx.Y0-r-0.05, math.Min(from.Y, bx.Y1+r+0.05))
			add(cx, cy)
		}
	}
}

// Toward is the end of a straight move of d inches from (x0, y0) in
// direction (dx, dy) (no move when that is zero), on level lvl, at
// hundredths of an inch (as every destination is): the nearest such point
// to the exact end, or, when that one is more than lim from (x0, y0) (a
// move of the full distance rounded outwards, which a check of the path
// against lim then refuses), the nearest one around it that is within
// lim, as PathLength measures a straight path. Rulesets moving a model a set distance towards or away
// from something use it, as Destinations does.
func Toward(x0, y0, dx, dy, d, lim float64, lvl int8) engine.Pos {
	l := hyp(dx, dy)
	if l == 0 { // no direction: no move (not a NaN point)
		dx, dy, l, d = 1, 0, 1, 0
	}
	x, y := x0+dx/l*d, y0+dy/l*d
	// within measures to the stored (float32) point, as reaches and the
	// rulesets' checks do, with a hair less than their 1e-6 of slack, so
	// that what it accepts they do
	within := func(gx, gy float64) bool {
		return hyp(float64(float32(gx))-x0, float64(float32(gy))-y0) <= lim+9e-7
	}
	qx, qy := round2(x), round2(y)
	if !within(qx, qy) {
		// The nearest of the 4x4 hundredths around (x, y) that is within
		// (the first, in this order, of equally near ones). Each column's
		// and row's differences are worked out once; the lengths are hyp's
		// of the same differences, so the answer is the plain search's on
		// any build (where the compiler fuses hyp's multiply and add too).
		var gx, gy, ax, ay, bx, by [4]float64
		fx, fy := math.Floor(x*100), math.Floor(y*100)
		for i := range 4 {
			gx[i], gy[i] = (fx+float64(i-1))/100, (fy+float64(i-1))/100
			ax[i], ay[i] = gx[i]-x, gy[i]-y
			bx[i], by[i] = float64(float32(gx[i]))-x0, float64(float32(gy[i]))-y0
		}
		best := math.Inf(1)
		for i := range 4 {
			for j := range 4 {
				if e := hyp(ax[i], ay[j]); e < best && hyp(bx[i], by[j]) <= lim+9e-7 {
					qx, qy, best = gx[i], gy[j], e
				}
			}
		}
	}
	return engine.Pos{X: float32(qx), Y: float32(qy), Level: lvl}
}

// ledgeCut is how far along the ray from p, in direction (dx, dy) of
// length l, a base of radius r can go before it would stand across a ledge
// of p's level, and that ledge: l and nil when the ray crosses none.
func (b *Board) ledgeCut(p Point, dx, dy, l, r float64) (float64, *Ledge) {
	cut, by := l, (*Ledge)(nil)
	for i := range b.Ledges {
		e := &b.Ledges[i]
		if e.A.Level != p.Level {
			continue
		}
		t, ok := crossAt(p.X, p.Y, p.X+dx, p.Y+dy, e.A.X, e.A.Y, e.B.X, e.B.Y)
		if !ok {
			continue
		}
		ex, ey := e.B.X-e.A.X, e.B.Y-e.A.Y
		sin := math.Abs(dx*ey-dy*ex) / (l * hyp(ex, ey)) // crossAt found a crossing: neither is 0
		if c := t*l - (r+0.02)/sin; c < cut {
			cut, by = c, e
		}
	}
	return cut, by
}

// Spot is the first of Spots, in their order, and whether there is one.
func (b *Board) Spot(s *engine.State, m int, p Point, reach, apart float64) (Point, bool) {
	var buf [8]Point
	ps := b.Spots(s, m, p, reach, apart, buf[:0])
	if len(ps) == 0 {
		return Point{}, false
	}
	return ps[0], true
}

// Spots appends to out where model m's base can be set up nearest point p
// (on p's level): every such point equally nearest, sorted by x then y.
// A point will do when m's base Fits there (with apart as for Fits: more
// than apart inches from every enemy), its edge is within reach inches of
// p, and nothing stands between p and it: no box, wall or ledge of p's
// level crosses the straight line from p to its centre, so that the base
// is on p's side of them, never measured to p through terrain (rules.md
// §2.3.5: distances are never measured through solid terrain). Points are
// at hundredths of an inch, searched outward from p ring by ring, every
// one within reach, so that the nearest is found whenever one exists (N26
// and N23 Crawl Through Ductway; where a falling model lands). Several
// come back when they are equally near: by symmetry round p, as when a
// model stands on it; a player then chooses among them.
func (b *Board) Spots(s *engine.State, m int, p Point, reach, apart float64, out []Point) []Point {
	lim := (radius(s, m) + reach) * 100 // how far the centre may be from p, in hundredths
	px, py := p.X*100, p.Y*100
	cx, cy := math.Round(px), math.Round(py)
	n0 := len(out)
	best := math.Inf(1)
	// What a base in the search can touch, worked out once: a ring's
	// points then visit a handful of things, not the whole board.
	var nr near
	nr.fillAt(b, s, m, p, radius(s, m), lim/100, apart)
	// Ring k holds the points k to k+1 hundredths from p: a ring's points
	// are all nearer than the next ring's, so the search stops at the
	// first ring with a point that will do, once it has all of that
	// ring's nearest.
	for k := 0; float64(k) <= lim; k++ {
		lo, hi := float64(k), float64(k+1)
		for i := -k - 2; i <= k+2; i++ { // p is within a hundredth of (cx, cy)
			x := cx + float64(i)
			dx := x - px
			if dx*dx >= hi*hi {
				continue
			}
			// the ring's points in this column: |y - py| from in to on
			in, on := math.Sqrt(max(0, lo*lo-dx*dx)), math.Sqrt(hi*hi-dx*dx)
			for _, sg := range [2]float64{-1, 1} {
				ja, jb := py+sg*in-cy, py+sg*on-cy
				j0, j1 := math.Floor(min(ja, jb))-1, math.Ceil(max(ja, jb))+1
				for j := j0; j <= j1; j++ {
					y := cy + j
					d := hyp(dx, y-py)
					if d < lo || d >= hi || d > lim || d > best+1e-9 || (sg < 0) != (y < py) {
						continue // another ring's, too far, or the other half's
					}
					q := Point{x / 100, y / 100, p.Level}
					if !nr.fitsApart(b, s, m, q, apart) || nr.between(b, p, q) {
						continue
					}
					if d < best-1e-9 {
						out, best = out[:n0], d
					}
					out = append(out, q)
				}
			}
		}
		if len(out) > n0 {
			break
		}
	}
	slices.SortFunc(out[n0:], func(a, c Point) int {
		if a.X != c.X {
			return cmp.Compare(a.X, c.X)
		}
		return cmp.Compare(a.Y, c.Y)
	})
	return out
}

// between reports whether a box, wall or ledge of a's level stands
// between a and c: the straight line from a to c crosses it (touching it
// at a does not count: a ductway's end may lie on the wall it goes
// through).
func (b *Board) between(a, c Point) bool {
	for _, bx := range b.Boxes {
		if bx.Level == a.Level {
			if _, _, hit := clipBox(a.X, a.Y, c.X, c.Y, bx.X0, bx.Y0, bx.X1, bx.Y1); hit {
				return true
			}
		}
	}
	for i := range b.bars() {
		if wa, wb := b.bar(i); wa.Level == a.Level {
			if t, hit := crossAt(a.X, a.Y, c.X, c.Y, wa.X, wa.Y, wb.X, wb.Y); hit && t > 1e-9 {
				return true
			}
		}
	}
	return false
}

// sortPos sorts points of one level by x then y, as integers that order
// as the floats do (sorting them is several times faster than comparing
// floats through a function).
func sortPos(ps []engine.Pos) {
	if len(ps) < 2 {
		return
	}
	var buf [256]uint64
	keys := buf[:0]
	if len(ps) > len(buf) {
		keys = make([]uint64, 0, len(ps))
	}
	for _, p := range ps {
		keys = append(keys, uint64(floatKey(p.X))<<32|uint64(floatKey(p.Y)))
	}
	slices.Sort(keys)
	lvl := ps[0].Level
	for i, k := range keys {
		ps[i] = engine.Pos{X: keyFloat(uint32(k >> 32)), Y: keyFloat(uint32(k)), Level: lvl}
	}
}

// floatKey maps a float32 to a uint32 in the same order (negative numbers
// below positive ones; -0 just below +0).
func floatKey(f float32) uint32 {
	b := math.Float32bits(f)
	if b>>31 == 1 {
		return ^b
	}
	return b | 1<<31
}

// keyFloat undoes floatKey.
func keyFloat(k uint32) float32 {
	if k>>31 == 1 {
		return math.Float32frombits(k &^ (1 << 31))
	}
	return math.Float32frombits(^k)
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// hyp is the length of (x, y). Board lengths are far from overflow, so it
// skips the care (and the cost) of math.Hypot.
func hyp(x, y float64) float64 { return math.Sqrt(x*x + y*y) }
