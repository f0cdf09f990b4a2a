package board

import (
	"cmp"
	"math"
	"slices"

	"github.com/skirmish-engine/skirmish/engine"
)

// Paths that keep out of round areas as well as going round terrain: a
// Fallout: Factions move may not enter an enemy's Proximity, 1" round its
// base, except to end in base contact with it (seed 004, Engagement &
// Proximity), so the length of a move is that of its shortest path round
// terrain and those areas, not of the straight line.

// Zone is a round area, seen from above, that a path keeps out of: the
// moving base's centre stays more than R inches from C in plan, whatever
// the levels. When Screen is positive, the walls and boxes standing on C's
// level at least Screen inches tall stop the zone (Screened): a point
// behind one, seen from C, is outside it.
type Zone struct {
	C      Point
	R      float64
	Screen float64
	// Core is how near C the last stretch of a path into the zone may come
	// (LengthInto): a move into base contact with a model may enter the
	// area round it, not its base.
	Core float64
}

// zoneSides is how many corners a path round a zone may turn at: those of
// a regular polygon drawn round the zone's circle (a hundredth of an inch
// out, as terrain corners are), so that no path touches the circle and a
// path round it is at most 1/cos(π/16), under 2 %, longer along its arc.
const zoneSides = 16

// unitCircle is the direction of each corner of a zone's polygon.
var unitCircle = func() (u [zoneSides][2]float64) {
	for k := range u {
		th := 2 * math.Pi * float64(k) / zoneSides
		u[k] = [2]float64{math.Cos(th), math.Sin(th)}
	}
	return u
}()

// Router gives model m's shortest paths from where it stands, of at most
// a reach, that go round terrain as PathLength's do and keep out of a set
// of zones. Reset sets it up for one move; Length then answers for each
// end point, sharing the work: the straight line when it is clear,
// otherwise the shortest path through the corners of terrain and zones
// (worked out from the start, corner by corner nearest first, as far as
// the points asked need, and kept until the next Reset). A ruleset
// keeps one in its scratch; its buffers are reused. Its zero value is
// ready; it is not safe for concurrent use.
type Router struct {
	b      *Board
	s      *engine.State
	m      int
	lim    float64
	o      origin
	zones  []Zone
	kept   []int32   // the index in zones of each zone given to Reset, or -1
	screen []bool    // zone i has a wall or box near enough to screen part of it
	nodes  []Point   // corners a path may turn at: terrain's within lim, then zones'
	tix    []int32   // the terrain corner's index in o.g, or -1 for a zone's
	side   []corner  // which zone's polygon a zone's corner is on, and where
	dist   []float64 // shortest clear length from the start to each corner
	prev   []int32   // the corner before it on that path, -1 for the start
	done   []bool
	order  []via
	solved bool
	// What the last solve was for: Reset with the same board, setup,
	// mover, zones and models where they stood, within its reach, keeps
	// it (a ruleset lists a model's moves of several lengths, or lists
	// them again, from one position).
	key struct {
		b      *Board
		su     *engine.Setup
		m      int
		lim    float64
		zones  []Zone
		models []memoModel
	}
}

// Reset sets r up for model m's moves of up to lim inches on its level,
// keeping out of zones (copied). A zone that m's centre is already inside
// is left out: a model may move about within an area it stands in.
func (r *Router) Reset(b *Board, s *engine.State, m int, lim float64, zones []Zone) {
	same := r.solved && r.sameAs(b, s, m, lim, zones)
	r.b, r.s, r.m, r.lim, r.solved = b, s, m, lim, same
	if same {
		return // the zones kept, corners and their distances stand
	}
	k := &r.key
	k.b, k.su, k.m, k.lim, k.zones = b, s.Setup(), m, lim, append(k.zones[:0], zones...)
	k.models = k.models[:0]
	for i := range s.Models {
		k.models = append(k.models, memoModel{s.Models[i].Pos, s.Models[i].InPlay})
	}
	r.o = origin{p: centre(s, m), r: radius(s, m)}
	r.o.near.fill(b, s, m, &r.o, lim)
	r.zones, r.screen, r.kept = r.zones[:0], r.screen[:0], r.kept[:0]
	for _, z := range zones {
		r.kept = append(r.kept, -1)
		if hyp(z.C.X-r.o.p.X, z.C.Y-r.o.p.Y) > lim+z.R {
			continue // out of reach
		}
		r.zones = append(r.zones, z)
		r.screen = append(r.screen, z.Screen > 0 && b.screensNear(z))
		k := len(r.zones) - 1
		if r.zoneHit(k, r.o.p, r.o.p, -1) { // inside it already
			r.zones, r.screen = r.zones[:k], r.screen[:k]
			continue
		}
		r.kept[len(r.kept)-1] = int32(k)
	}
}

// sameAs reports whether a Reset would set r up as its last solve was,
// for a reach no longer than that solve's: the same question.
func (r *Router) sameAs(b *Board, s *engine.State, m int, lim float64, zones []Zone) bool {
	k := &r.key
	if k.b != b || k.su != s.Setup() || k.m != m || lim > k.lim || !slices.Equal(k.zones, zones) || len(k.models) != len(s.Models) {
		return false
	}
	for i := range k.models {
		if md := &s.Models[i]; k.models[i].pos != md.Pos || k.models[i].inPlay != md.InPlay {
			return false
		}
	}
	return true
}

// Mover is the model r was last Reset for.
func (r *Router) Mover() int { return r.m }

// Zones is how many zones r keeps out of (those Reset kept).
func (r *Router) Zones() int { return len(r.zones) }

// Length is the length of the shortest path from m's start to p of at
// most the reach, round terrain and out of every zone, and whether there
// is one and m can stand at p. p must be on m's level.
func (r *Router) Length(p engine.Pos) (float64, bool) { return r.LengthInto(p, -1) }

// LengthInto is Length for a path whose last stretch may enter zone goal
// (its index among the zones given to Reset; -1 for none), coming no
// nearer its centre than its Core: a move into base contact with the
// model the zone is round. The rest of the path keeps out of it.
func (r *Router) LengthInto(p engine.Pos, goal int) (float64, bool) {
	l, _, ok := r.route(p, goal)
	return l, ok
}

// route is LengthInto with the corner the path comes to p from last (-1
// for a straight path).
func (r *Router) route(p engine.Pos, goal int) (float64, int, bool) {
	if goal >= 0 {
		goal = int(r.kept[goal]) // -1 when the zone was left out
	}
	q := Point{float64(p.X), float64(p.Y), int(p.Level)}
	from := r.o.p
	d := hyp(q.X-from.X, q.Y-from.Y)
	if q.Level != from.Level || d > r.lim+1e-6 || !r.o.near.fits(r.b, r.s, r.m, q) || r.inZone(q, goal) {
		return 0, -1, false
	}
	if r.clear(from, q, goal) {
		return d, -1, true
	}
	r.prepare()
	// The settled corners in order of the length through them: the first
	// with a clear last stretch is the best path through them. Then more
	// corners are settled, nearest the start first, while one could still
	// give a shorter path (none can once the nearest unsettled corner is
	// as far as the best path found).
	r.order = r.order[:0]
	for i, c := range r.nodes {
		if !r.done[i] {
			continue
		}
		if l := r.dist[i] + hyp(q.X-c.X, q.Y-c.Y); l <= r.lim+1e-6 && r.wraps(q, i) {
			r.order = append(r.order, via{l, int32(i)})
		}
	}
	slices.SortFunc(r.order, func(a, b via) int { return cmp.Compare(a.l, b.l) })
	best, last := math.Inf(1), -1
	for _, v := range r.order {
		if r.clear(r.nodes[v.i], q, goal) {
			best, last = v.l, int(v.i)
			break
		}
	}
	for {
		u := r.settle(min(best, r.lim+1e-6))
		if u < 0 {
			break
		}
		c := r.nodes[u]
		if l := r.dist[u] + hyp(q.X-c.X, q.Y-c.Y); l < best && l <= r.lim+1e-6 && r.wraps(q, u) && r.clear(c, q, goal) {
			best, last = l, u
		}
	}
	return best, last, last >= 0
}

// via is a path's length through a corner.
type via struct {
	l float64
	i int32
}

// Path appends to out the points of the path LengthInto measures, from m's
// start to p, and reports whether there is one (for tests and drawing).
func (r *Router) Path(p engine.Pos, goal int, out []Point) ([]Point, bool) {
	_, i, ok := r.route(p, goal)
	if !ok {
		return out, false
	}
	n0 := len(out)
	out = append(out, Point{float64(p.X), float64(p.Y), int(p.Level)})
	for ; i >= 0; i = int(r.prev[i]) {
		out = append(out, r.nodes[i])
	}
	out = append(out, r.o.p)
	slices.Reverse(out[n0:])
	return out, true
}

// Straight reports whether m can stand at p and get there in a straight
// line of at most reach (and of the reach Reset was given), out of every
// zone: the first thing Length tries, without the search round corners.
// A point it accepts, Length measures at its straight distance; one it
// refuses may still have a path round.
func (r *Router) Straight(p engine.Pos, reach float64) bool {
	q := Point{float64(p.X), float64(p.Y), int(p.Level)}
	from := r.o.p
	d := hyp(q.X-from.X, q.Y-from.Y)
	return q.Level == from.Level && d <= min(reach, r.lim)+1e-6 && r.o.near.fits(r.b, r.s, r.m, q) && !r.inZone(q, -1) && r.clear(from, q, -1)
}

// inZone reports whether a base centred at q is inside a zone (inside
// goal's Core, for goal).
func (r *Router) inZone(q Point, goal int) bool {
	for i := range r.zones {
		if r.zoneHit(i, q, q, goal) {
			return true
		}
	}
	return false
}

// clear reports whether m's base can slide straight from a to c without
// touching terrain or entering a zone (goal's Core, for goal).
func (r *Router) clear(a, c Point, goal int) bool {
	if !r.o.near.clearFor(r.b, a, c, r.o.r) {
		return false
	}
	for i := range r.zones {
		if r.zoneHit(i, a, c, goal) {
			return false
		}
	}
	return true
}

// zoneHit reports whether the straight stretch a–c passes through zone i:
// within its R of the centre, at a point not screened from it; or, when i
// is goal, within its Core.
func (r *Router) zoneHit(i int, a, c Point, goal int) bool {
	z := &r.zones[i]
	if i == goal {
		return segDist2(z.C.X, z.C.Y, a.X, a.Y, c.X, c.Y) <= z.Core*z.Core
	}
	rr := z.R * z.R
	if segDist2(z.C.X, z.C.Y, a.X, a.Y, c.X, c.Y) > rr {
		return false
	}
	if !r.screen[i] {
		return true
	}
	// The stretch's part within R of the centre, a + t(c-a) for t in
	// [t0, t1], is cut where a wall's or box's shadow seen from the centre
	// begins or ends, and where it crosses one; between two cuts it is
	// screened all along or nowhere, so one point of each piece decides.
	dx, dy := c.X-a.X, c.Y-a.Y
	fx, fy := a.X-z.C.X, a.Y-z.C.Y
	qa := dx*dx + dy*dy
	if qa < 1e-18 {
		return !r.b.Screened(z.C, a, z.Screen)
	}
	qb, qc := 2*(fx*dx+fy*dy), fx*fx+fy*fy-rr
	sq := math.Sqrt(max(0, qb*qb-4*qa*qc))
	t0, t1 := max(0, (-qb-sq)/(2*qa)), min(1, (-qb+sq)/(2*qa))
	var buf [32]float64
	ts := append(buf[:0], t0, t1)
	cut := func(ex, ey float64) { // the line through the centre and (ex, ey)
		ux, uy := ex-z.C.X, ey-z.C.Y
		if den := ux*dy - uy*dx; den != 0 {
			if t := -(ux*fy - uy*fx) / den; t > t0 && t < t1 {
				ts = append(ts, t)
			}
		}
	}
	cross := func(p, q Point) { // the stretch crossing p–q
		if t, ok := crossAt(a.X, a.Y, c.X, c.Y, p.X, p.Y, q.X, q.Y); ok && t > t0 && t < t1 {
			ts = append(ts, t)
		}
	}
	r.b.eachScreen(*z, func(p, q Point) {
		cut(p.X, p.Y)
		cut(q.X, q.Y)
		cross(p, q)
	})
	slices.Sort(ts)
	for k := range len(ts) - 1 {
		t := (ts[k] + ts[k+1]) / 2
		if !r.b.Screened(z.C, Point{a.X + t*dx, a.Y + t*dy, a.Level}, z.Screen) {
			return true
		}
	}
	return t0 == t1 && !r.b.Screened(z.C, Point{a.X + t0*dx, a.Y + t0*dy, a.Level}, z.Screen)
}

// prepare sets up the corners of terrain and zones within the reach of the
// Reset that worked them out (key.lim, which later Resets for as far or
// less share), and the straight clear length from the start to each; a
// corner's shortest length is final once settle has settled it.
func (r *Router) prepare() {
	if r.solved {
		return
	}
	r.solved = true
	from := r.o.p
	if r.o.g == nil {
		r.o.g = r.b.graph(from.Level, r.o.r)
	}
	g := r.o.g
	r.nodes, r.tix, r.side = r.nodes[:0], r.tix[:0], r.side[:0]
	for i, c := range g.nodes {
		if hyp(c.X-from.X, c.Y-from.Y) <= r.key.lim {
			r.nodes, r.tix, r.side = append(r.nodes, c), append(r.tix, int32(i)), append(r.side, corner{})
		}
	}
	for i := range r.zones {
		z := &r.zones[i]
		far := (z.R + 0.01) / math.Cos(math.Pi/zoneSides)
		for k := range zoneSides {
			c := polyCorner(z.C, far, k)
			c.Level = from.Level
			if hyp(c.X-from.X, c.Y-from.Y) > r.key.lim || !r.o.near.fits(r.b, r.s, r.m, c) || r.inZone(c, -1) {
				continue
			}
			r.nodes, r.tix = append(r.nodes, c), append(r.tix, -1)
			r.side = append(r.side, corner{c: z.C, far2: far * far, p: polyCorner(z.C, far, k-1), n: polyCorner(z.C, far, k+1)})
		}
	}
	n := len(r.nodes)
	r.dist, r.done = slices.Grow(r.dist[:0], n)[:n], slices.Grow(r.done[:0], n)[:n]
	r.prev = slices.Grow(r.prev[:0], n)[:n]
	for i, c := range r.nodes {
		r.dist[i], r.done[i], r.prev[i] = math.Inf(1), false, -1
		if r.wraps(from, i) && r.clear(from, c, -1) {
			r.dist[i] = hyp(c.X-from.X, c.Y-from.Y)
		}
	}
}

// settle settles the corner nearest the start of those not settled yet,
// if it is nearer than bound and within the reach (one step of
// Dijkstra's search, each stretch checked only when it would shorten a
// path), and returns it, or -1.
func (r *Router) settle(bound float64) int {
	u, n := -1, len(r.nodes)
	for i := range n {
		if !r.done[i] && (u < 0 || r.dist[i] < r.dist[u]) {
			u = i
		}
	}
	if u < 0 || r.dist[u] >= bound || r.dist[u] > r.key.lim {
		return -1
	}
	r.done[u] = true
	g := r.o.g
	gn := len(g.nodes)
	cu := r.nodes[u]
	for v := range n {
		if r.done[v] {
			continue
		}
		cv := r.nodes[v]
		d := r.dist[u] + hyp(cv.X-cu.X, cv.Y-cu.Y)
		if d >= r.dist[v] || d > r.key.lim || !r.wraps(cu, v) || !r.wraps(cv, u) {
			continue
		}
		ok := false
		if tu, tv := r.tix[u], r.tix[v]; tu >= 0 && tv >= 0 {
			ok = !math.IsInf(g.d[int(tu)*gn+int(tv)], 1) && r.zonesClear(cu, cv)
		} else {
			ok = r.clear(cu, cv, -1)
		}
		if ok {
			r.dist[v], r.prev[v] = d, int32(u)
		}
	}
	return u
}

// wraps reports whether a shortest path may come from a to corner i (or
// leave i for a) and turn there: for a zone's corner, the line from a
// touches the zone's polygon at i without cutting into it, so that both
// of i's neighbours on the polygon lie on one side of it (a taut path
// bends round an obstacle only where it is tangent to it). A line that
// cuts in is never part of a shortest path through i: what it would reach
// by bending at i, it reaches straighter past the polygon's other side.
// Terrain's corners are not pruned (their graph is worked out once).
func (r *Router) wraps(a Point, i int) bool {
	if r.tix[i] >= 0 {
		return true
	}
	v, c := r.nodes[i], &r.side[i]
	if ex, ey := a.X-c.c.X, a.Y-c.c.Y; ex*ex+ey*ey <= c.far2 {
		return true // a is within the polygon's reach: no pruning
	}
	p, n := c.p, c.n
	dx, dy := v.X-a.X, v.Y-a.Y
	c1 := dx*(p.Y-v.Y) - dy*(p.X-v.X)
	c2 := dx*(n.Y-v.Y) - dy*(n.X-v.X)
	return c1*c2 >= -1e-12
}

// corner is where a zone's corner is on its polygon: the zone's centre,
// the square of the polygon's circumradius, and the corners either side.
type corner struct {
	c    Point
	far2 float64
	p, n Point
}

// polyCorner is corner k (mod zoneSides) of the polygon of circumradius
// far round c.
func polyCorner(c Point, far float64, k int) Point {
	u := unitCircle[(k+zoneSides)%zoneSides]
	return Point{c.X + far*u[0], c.Y + far*u[1], c.Level}
}

// zonesClear reports whether a–c enters no zone.
func (r *Router) zonesClear(a, c Point) bool {
	for i := range r.zones {
		if r.zoneHit(i, a, c, -1) {
			return false
		}
	}
	return true
}

// eachScreen calls f with each wall, and each side of each box, that can
// screen part of zone z: on z's level, at least z.Screen tall, within z.R
// of its centre.
func (b *Board) eachScreen(z Zone, f func(p, q Point)) {
	for _, w := range b.Walls {
		if w.A.Level == z.C.Level && w.Height >= z.Screen-1e-9 && segDist2(z.C.X, z.C.Y, w.A.X, w.A.Y, w.B.X, w.B.Y) <= z.R*z.R {
			f(w.A, w.B)
		}
	}
	for _, bx := range b.Boxes {
		if bx.Level == z.C.Level && bx.Height >= z.Screen-1e-9 && boxDist(z.C.X, z.C.Y, bx) <= z.R {
			l := bx.Level
			c := [4]Point{{bx.X0, bx.Y0, l}, {bx.X1, bx.Y0, l}, {bx.X1, bx.Y1, l}, {bx.X0, bx.Y1, l}}
			for k := range 4 {
				f(c[k], c[(k+1)%4])
			}
		}
	}
}

// screensNear reports whether any wall or box can screen part of z.
func (b *Board) screensNear(z Zone) bool {
	found := false
	b.eachScreen(z, func(Point, Point) { found = true })
	return found
}
