package board

import (
	"container/heap"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// TestRouterWithoutZonesIsPathLength: with no zones a Router's paths are
// the board's own, to the same length and refused where PathWithin refuses
// them, on crowded boards of boxes and walls.
func TestRouterWithoutZonesIsPathLength(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 31))
	var rt Router
	agreed, refused := 0, 0
	for range 10 {
		b, s := crowdedBoard(t, r, 1, 12, 3)
		for range 10 {
			m := r.IntN(len(s.Models))
			lim := []float64{3, 6, 8, 12}[r.IntN(4)]
			rt.Reset(b, s, m, lim, nil)
			o := centre(s, m)
			for range 40 {
				d := lim * 1.3 * math.Sqrt(r.Float64())
				a := r.Float64() * 2 * math.Pi
				p := engine.Pos{X: float32(round2(o.X + d*math.Cos(a))), Y: float32(round2(o.Y + d*math.Sin(a)))}
				want, wok := PathWithin(b, s, m, p, lim)
				wok = wok && float64(want) <= lim+1e-6
				got, gok := rt.Length(p)
				switch {
				case wok != gok:
					t.Fatalf("m%d to %v within %v: router %v %v, board %v %v", m, p, lim, got, gok, want, wok)
				case wok && math.Abs(got-float64(want)) > 1e-4:
					t.Fatalf("m%d to %v within %v: router %v, board %v", m, p, lim, got, want)
				case wok:
					agreed++
				default:
					refused++
				}
			}
		}
	}
	if agreed < 500 || refused < 500 {
		t.Errorf("agreed %d, refused %d: the boards test too little", agreed, refused)
	}
}

// TestRouterAgainstAGrid checks a Router's paths two ways on random boards
// with boxes, a wall, and zones (some screened by a tall wall through
// them): every path it gives keeps, point by point, on the table, off the
// terrain and out of every zone (a point behind a screen, seen from the
// zone's centre, being outside it), is as long as it says and no longer
// than the reach; and a shortest path on a fine grid, found independently
// (Dijkstra over sixteen directions, every stretch checked point by
// point), is never beaten by much, nor beats it by more than the router's
// polygons round zones allow (2 %), wherever the grid reaches.
func TestRouterAgainstAGrid(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 17))
	var rt Router
	checked, reached, bent := 0, 0, 0
	for bi := range 12 {
		b := &Board{Width: 14, Height: 14}
		for range 3 {
			x, y := 1+r.Float64()*10, 1+r.Float64()*10
			b.Boxes = append(b.Boxes, Box{X0: x, Y0: y, X1: x + 0.5 + r.Float64()*2.5, Y1: y + 0.5 + r.Float64()*2.5, Height: 2})
		}
		a := Point{2 + r.Float64()*10, 2 + r.Float64()*10, 0}
		b.Walls = append(b.Walls, Wall{A: a, B: Point{a.X + r.Float64()*6 - 3, a.Y + r.Float64()*6 - 3, 0}, Height: 3})
		var start Point
		for {
			start = Point{1 + r.Float64()*12, 1 + r.Float64()*12, 0}
			ok := true
			for _, bx := range b.Boxes {
				ok = ok && !circleHitsBox(start.X, start.Y, 0.6, bx)
			}
			for _, w := range b.Walls {
				ok = ok && segDist(start.X, start.Y, w.A.X, w.A.Y, w.B.X, w.B.Y) > 0.6
			}
			if ok {
				break
			}
		}
		s := state(t, b, start)
		var zones []Zone
		for k := range 3 {
			c := Point{r.Float64() * 14, r.Float64() * 14, 0}
			if bi%2 == 0 && k == 0 { // a zone the wall runs through
				c = Point{(a.X + b.Walls[0].B.X) / 2, (a.Y + b.Walls[0].B.Y) / 2, 0}
				c.X += 0.3
			}
			z := Zone{C: c, R: 1 + r.Float64()*1.5}
			if k == 0 {
				z.Screen = 2.5
			}
			if bi%3 == 1 && k == 1 { // the start just outside a zone, within its polygon's reach
				th := r.Float64() * 2 * math.Pi
				z.C = Point{start.X + (z.R+0.02)*math.Cos(th), start.Y + (z.R+0.02)*math.Sin(th), 0}
				zones = append(zones, z)
				continue
			}
			if hyp(c.X-start.X, c.Y-start.Y) > z.R+0.3 {
				zones = append(zones, z)
			}
		}
		lim := 8.0
		rt.Reset(b, s, 0, lim, zones)
		rad := radius(s, 0)
		// Where the base may be, as the board's paths see it: on the
		// table, off each box grown square by the radius (its paths go
		// round boxes through the grown corners), and off each wall.
		free := func(q Point) bool {
			if q.X < rad || q.Y < rad || q.X > b.Width-rad || q.Y > b.Height-rad {
				return false
			}
			for _, bx := range b.Boxes {
				if q.X > bx.X0-rad && q.X < bx.X1+rad && q.Y > bx.Y0-rad && q.Y < bx.Y1+rad {
					return false
				}
			}
			for _, w := range b.Walls {
				if segDist2(q.X, q.Y, w.A.X, w.A.Y, w.B.X, w.B.Y) < rad*rad {
					return false
				}
			}
			for _, z := range zones {
				if hyp(q.X-z.C.X, q.Y-z.C.Y) <= z.R && !(z.Screen > 0 && b.Screened(z.C, q, z.Screen)) {
					return false
				}
			}
			return true
		}
		grid := gridPaths(b, start, rad, lim*1.05, free)
		for range 150 {
			q := Point{round2(rad + r.Float64()*(14-2*rad)), round2(rad + r.Float64()*(14-2*rad)), 0}
			p := engine.Pos{X: float32(q.X), Y: float32(q.Y)}
			got, ok := rt.Length(p)
			checked++
			if ok {
				reached++
				path, _ := rt.Path(p, -1, nil)
				if len(path) > 2 {
					bent++
				}
				total := 0.0
				for i := 1; i < len(path); i++ {
					u, v := path[i-1], path[i]
					l := hyp(v.X-u.X, v.Y-u.Y)
					total += l
					for k := 0; k <= int(l*200); k++ {
						f := float64(k) / math.Max(1, l*200)
						if w := (Point{u.X + f*(v.X-u.X), u.Y + f*(v.Y-u.Y), 0}); !free(w) {
							t.Fatalf("board %d: the path to %v (%v) passes %v, in terrain or a zone", bi, q, path, w)
						}
					}
				}
				if math.Abs(total-got) > 1e-6 || got > lim+1e-6 {
					t.Fatalf("board %d: the path to %v is %v long, Length says %v (reach %v)", bi, q, total, got, lim)
				}
			}
			g, gok := grid(q)
			switch {
			case gok && g <= lim/1.03-0.3 && !ok:
				t.Fatalf("board %d: the grid reaches %v in %.3f\", the router not at all", bi, q, g)
			case gok && ok && got > g*1.02+0.05:
				t.Fatalf("board %d: to %v the router's path is %.3f\", the grid's %.3f\"", bi, q, got, g)
			case gok && ok && got < (g-0.2)/1.03:
				t.Fatalf("board %d: to %v the router's path is %.3f\", shorter than the grid's %.3f\" allows", bi, q, got, g)
			}
		}
	}
	t.Logf("checked %d, reached %d (bent %d)", checked, reached, bent)
	if reached < 300 || bent < 30 || checked-reached < 300 {
		t.Errorf("checked %d, reached %d (bent %d): the boards test too little", checked, reached, bent)
	}
}

// gridPaths is an independent shortest-path search on a grid of tenths of
// an inch, sixteen directions, from start: each stretch between points
// checked every twentieth of an inch with free. The returned function
// gives the length to the grid point nearest q plus the way from there to
// q (straight, checked likewise), or false.
func gridPaths(b *Board, start Point, r, lim float64, free func(Point) bool) func(q Point) (float64, bool) {
	const step = 0.1
	nx, ny := int(b.Width/step)+1, int(b.Height/step)+1
	dist := make([]float64, nx*ny)
	for i := range dist {
		dist[i] = math.Inf(1)
	}
	at := func(i int) Point { return Point{float64(i%nx) * step, float64(i/nx) * step, 0} }
	clearLine := func(u, v Point) bool {
		l := hyp(v.X-u.X, v.Y-u.Y)
		for k := 0; k <= int(l*20); k++ {
			f := float64(k) / math.Max(1, l*20)
			if !free(Point{u.X + f*(v.X-u.X), u.Y + f*(v.Y-u.Y), 0}) {
				return false
			}
		}
		return true
	}
	pq := &gridQueue{}
	// the start joins the grid points round it that it reaches straight
	sx, sy := int(start.X/step), int(start.Y/step)
	for dx := -1; dx <= 2; dx++ {
		for dy := -1; dy <= 2; dy++ {
			x, y := sx+dx, sy+dy
			if x < 0 || y < 0 || x >= nx || y >= ny {
				continue
			}
			i := y*nx + x
			if p := at(i); clearLine(start, p) {
				dist[i] = hyp(p.X-start.X, p.Y-start.Y)
				heap.Push(pq, gridItem{i, dist[i]})
			}
		}
	}
	dirs := [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1},
		{2, 1}, {2, -1}, {-2, 1}, {-2, -1}, {1, 2}, {1, -2}, {-1, 2}, {-1, -2}}
	for pq.Len() > 0 {
		it := heap.Pop(pq).(gridItem)
		if it.d > dist[it.i] || it.d > lim {
			continue
		}
		x, y := it.i%nx, it.i/nx
		for _, d := range dirs {
			x2, y2 := x+d[0], y+d[1]
			if x2 < 0 || y2 < 0 || x2 >= nx || y2 >= ny {
				continue
			}
			j := y2*nx + x2
			nd := it.d + step*math.Hypot(float64(d[0]), float64(d[1]))
			if nd < dist[j] && clearLine(at(it.i), at(j)) {
				dist[j] = nd
				heap.Push(pq, gridItem{j, nd})
			}
		}
	}
	return func(q Point) (float64, bool) {
		if !free(q) {
			return 0, false
		}
		best := math.Inf(1)
		qx, qy := int(q.X/step), int(q.Y/step)
		for dx := -1; dx <= 2; dx++ {
			for dy := -1; dy <= 2; dy++ {
				x, y := qx+dx, qy+dy
				if x < 0 || y < 0 || x >= nx || y >= ny {
					continue
				}
				i := y*nx + x
				p := at(i)
				if l := dist[i] + hyp(q.X-p.X, q.Y-p.Y); l < best && clearLine(p, q) {
					best = l
				}
			}
		}
		if clearLine(start, q) {
			best = min(best, hyp(q.X-start.X, q.Y-start.Y))
		}
		return best, !math.IsInf(best, 1)
	}
}

type gridItem struct {
	i int
	d float64
}

type gridQueue []gridItem

func (q gridQueue) Len() int           { return len(q) }
func (q gridQueue) Less(i, j int) bool { return q[i].d < q[j].d }
func (q gridQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *gridQueue) Push(x any)        { *q = append(*q, x.(gridItem)) }
func (q *gridQueue) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}

// A zone screened by a wall through it: a path may run along the wall's
// far side, inside the zone's circle but behind the wall seen from its
// centre, and not along its near side (Fallout: Factions, seed 004: a
// wall as tall as a model stops its Proximity).
func TestRouterScreenedZone(t *testing.T) {
	b := &Board{Width: 20, Height: 20, Walls: []Wall{{A: Point{4, 10, 0}, B: Point{16, 10, 0}, Height: 3}}}
	s := state(t, b, Point{2, 11, 0})
	z := Zone{C: Point{10, 9.2, 0}, R: 2.5}
	var rt Router
	far := engine.Pos{X: 18, Y: 11}
	for _, tc := range []struct {
		screen float64
		want   float64 // straight along the far side; or round the zone's top
	}{{3, 16}, {0, 0}, {3.5, 0}} {
		rt.Reset(b, s, 0, 20, []Zone{{C: z.C, R: z.R, Screen: tc.screen}})
		got, ok := rt.Length(far)
		switch {
		case tc.want > 0 && (!ok || math.Abs(got-tc.want) > 1e-9):
			t.Errorf("screen %v: %v %v, want straight %v", tc.screen, got, ok, tc.want)
		case tc.want == 0 && (!ok || got < 16.03):
			t.Errorf("screen %v: %v %v, want a path round the zone, longer than 16\"", tc.screen, got, ok)
		}
	}
	// Ending inside the unscreened part is refused; inside the screened
	// part, allowed.
	rt.Reset(b, s, 0, 20, []Zone{{C: z.C, R: z.R, Screen: 3}})
	if _, ok := rt.Length(engine.Pos{X: 10, Y: 10.6}); !ok {
		t.Error("a point behind the wall is refused")
	}
	if _, ok := rt.Length(engine.Pos{X: 10, Y: 8}); ok {
		t.Error("a point in the zone, on its centre's side of the wall, is reached")
	}
}

// LengthInto: a path into a zone, as a move into base contact with the
// model it is round, keeps out of the zone until its last stretch, which
// may cross the zone but not its Core; Length, for the same point, is
// refused (Fallout: Factions, seed 004: a model may enter an enemy's
// Proximity only by moving into base contact with it). Here y's zone
// stands in the straight way, so the path bends round it first.
func TestRouterIntoAZone(t *testing.T) {
	b := &Board{Width: 20, Height: 20}
	s := state(t, b, Point{3, 10, 0})
	zones := []Zone{{C: Point{11, 10, 0}, R: 2, Core: 1}, {C: Point{6.5, 10, 0}, R: 2, Core: 1}}
	var rt Router
	rt.Reset(b, s, 0, 15, zones)
	for _, p := range []engine.Pos{{X: 9.99, Y: 10}, {X: 11, Y: 11.01}, {X: 12.01, Y: 10}} {
		if _, ok := rt.Length(p); ok {
			t.Errorf("%v: inside the zone, reached without it as the goal", p)
		}
		got, ok := rt.LengthInto(p, 0)
		path, _ := rt.Path(p, 0, nil)
		if !ok {
			t.Errorf("%v: not reached into the zone", p)
			continue
		}
		for i := 1; i < len(path); i++ {
			u, v := path[i-1], path[i]
			near := math.Sqrt(segDist2(11, 10, u.X, u.Y, v.X, v.Y))
			last := i == len(path)-1
			switch {
			case near <= 1:
				t.Errorf("%v: the path %v comes %.3f\" from the centre, within the core", p, path, near)
			case near <= 2 && !last:
				t.Errorf("%v: the path %v enters the zone before its last stretch", p, path)
			}
			if near := math.Sqrt(segDist2(6.5, 10, u.X, u.Y, v.X, v.Y)); near <= 2 {
				t.Errorf("%v: the path %v enters y's zone", p, path)
			}
		}
		if got <= hyp(float64(p.X)-3, float64(p.Y)-10) {
			t.Errorf("%v: %v, no longer than the straight line", p, got)
		}
	}
}

// A Router Reset again for the same mover, zones and positions keeps its
// corners and the lengths settled so far, for any reach up to the one it
// was set up for: its answers are a fresh Router's, whichever order the
// reaches come in (a Hurry's 12" and a Get Moving's 8" share the work).
func TestRouterReusedAsFresh(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 4))
	var kept, fresh Router
	reused := 0
	defer func() {
		if reused < 20 {
			t.Errorf("reused %d times: the test tests too little", reused)
		}
	}()
	for bi := range 30 {
		b, s := crowdedBoard(t, r, 1, 12, 3)
		for range 6 {
			m := r.IntN(len(s.Models))
			o := centre(s, m)
			var zones []Zone
			for n := range s.Models {
				if q := centre(s, n); n != m && hyp(q.X-o.X, q.Y-o.Y) < 14 {
					zones = append(zones, Zone{C: q, R: radius(s, m) + radius(s, n) + float64(n%2), Core: 1})
				}
			}
			for _, lims := range [][]float64{{12, 8, 12}, {8, 12, 8}} {
				for _, lim := range lims {
					kept.Reset(b, s, m, lim, zones)
					if kept.solved {
						reused++
					}
					fresh = Router{}
					fresh.Reset(b, s, m, lim, zones)
					for k := range 1 + r.IntN(20) { // a few, leaving corners unsettled; or many
						d := lim * 1.2 * math.Sqrt(r.Float64())
						a := r.Float64() * 2 * math.Pi
						p := engine.Pos{X: float32(round2(o.X + d*math.Cos(a))), Y: float32(round2(o.Y + d*math.Sin(a)))}
						if z := zones[r.IntN(len(zones))]; k == 0 { // just behind a zone: a bent path
							dx, dy := z.C.X-o.X, z.C.Y-o.Y
							l := hyp(dx, dy)
							p = engine.Pos{X: float32(round2(z.C.X + dx/l*(z.R+0.3))), Y: float32(round2(z.C.Y + dy/l*(z.R+0.3)))}
						}
						goal := r.IntN(len(zones)+1) - 1
						gl, gok := kept.LengthInto(p, goal)
						wl, wok := fresh.LengthInto(p, goal)
						if gok != wok || gok && math.Abs(gl-wl) > 1e-9 {
							t.Fatalf("board %d, m%d, reaches %v, at %v: kept %v %v, fresh %v %v", bi, m, lims, lim, gl, gok, wl, wok)
						}
					}
				}
			}
		}
	}
}
