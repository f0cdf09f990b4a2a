package board

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// TestNearAgreesWithBoard: a neighbourhood's checks give the board's
// answers for every point and straight path within its reach, on crowded
// boards of two levels with boxes, walls, ledges and forty models (some
// out of play).
func TestNearAgreesWithBoard(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 26))
	checked := 0
	for range 40 {
		b, s := crowdedBoard(t, r, 2, 12, 4)
		for range 4 {
			a := Point{r.Float64() * 48, r.Float64() * 48, 1}
			b.Ledges = append(b.Ledges, Ledge{A: a, B: Point{a.X + r.Float64()*16 - 8, a.Y + r.Float64()*16 - 8, 1}})
		}
		for i := range s.Models {
			if r.IntN(8) == 0 {
				s.Models[i].InPlay = false
			}
		}
		for range 20 {
			m := r.IntN(len(s.Models))
			lim := []float64{1, 3, 6, 12}[r.IntN(4)]
			o := origin{p: centre(s, m), r: radius(s, m)}
			var nr near
			nr.fill(b, s, m, &o, lim)
			if !nr.on {
				t.Fatal("a neighbourhood of a small board overflowed")
			}
			for range 60 {
				// a point within lim of the origin, some right at the edge
				d := lim * math.Sqrt(r.Float64())
				if r.IntN(4) == 0 {
					d = lim
				}
				a := r.Float64() * 2 * math.Pi
				p := Point{round2(o.p.X + d*math.Cos(a)), round2(o.p.Y + d*math.Sin(a)), o.p.Level}
				if got, want := nr.fits(b, s, m, p), b.Fits(s, m, p, 0); got != want {
					t.Fatalf("fits(m%d at %v, lim %v) = %v, the board says %v", m, p, lim, got, want)
				}
				if got, want := nr.clearFor(b, o.p, p, o.r), b.clearFor(o.p, p, o.r); got != want {
					t.Fatalf("clearFor(%v → %v, lim %v) = %v, the board says %v", o.p, p, lim, got, want)
				}
				checked++
			}
		}
	}
	if checked < 40*20*60 {
		t.Fatalf("checked %d", checked)
	}
}

// TestNearAroundAPoint: a neighbourhood filled round any point (as
// Spots fills it: bases within lim of the point, kept apart from enemies)
// gives the board's Fits with that apart, and its between, for every
// point within lim, on the crowded boards of TestNearAgreesWithBoard.
func TestNearAroundAPoint(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 35))
	checked, fit, shut := 0, 0, 0
	for range 30 {
		b, s := crowdedBoard(t, r, 2, 12, 4)
		for range 20 {
			m := r.IntN(len(s.Models))
			p := Point{r.Float64() * 48, r.Float64() * 48, r.IntN(2)}
			lim := []float64{1, 2.5, 6}[r.IntN(3)]
			apart := []float64{0, 1, 2}[r.IntN(3)]
			var nr near
			nr.fillAt(b, s, m, p, radius(s, m), lim, apart)
			if !nr.on {
				t.Fatal("a neighbourhood of a small board overflowed")
			}
			for range 60 {
				d, a := lim*math.Sqrt(r.Float64()), r.Float64()*2*math.Pi
				q := Point{round2(p.X + d*math.Cos(a)), round2(p.Y + d*math.Sin(a)), p.Level}
				if hyp(q.X-p.X, q.Y-p.Y) > lim {
					continue
				}
				got, want := nr.fitsApart(b, s, m, q, apart), b.Fits(s, m, q, apart)
				if got != want {
					t.Fatalf("fitsApart(m%d at %v, apart %v, round %v within %v) = %v, the board says %v", m, q, apart, p, lim, got, want)
				}
				if got, want := nr.between(b, p, q), b.between(p, q); got != want {
					t.Fatalf("between(%v, %v) = %v, the board says %v", p, q, got, want)
				}
				checked++
				if want {
					fit++
				}
				if b.between(p, q) {
					shut++
				}
			}
		}
	}
	// both answers of each check came up, so the agreement means something
	if checked < 30*20*50 || fit == 0 || fit == checked || shut == 0 || shut == checked {
		t.Fatalf("checked %d points: %d fit, %d behind terrain", checked, fit, shut)
	}
}

// crowdedBoard is a 48" board of levels levels with forty models on a
// jittered grid of 7" cells (no two bases overlap), then boxes of up to
// side+0.5 inches a side and six walls, each model, box and wall on a
// random level: terrain comes after the models, so models may stand in it.
func crowdedBoard(t *testing.T, r *rand.Rand, levels, boxes int, side float64) (*Board, *engine.State) {
	t.Helper()
	b := &Board{Width: 48, Height: 48}
	for l := range levels {
		b.Levels = append(b.Levels, 3*float64(l))
	}
	var pts []Point
	for i := range 40 {
		pts = append(pts, Point{3.5 + float64(i%7)*7 + r.Float64()*4 - 2, 3.5 + float64(i/7)*7 + r.Float64()*4 - 2, r.IntN(levels)})
	}
	s := state(t, b, pts...)
	for range boxes {
		x, y := r.Float64()*44, r.Float64()*44
		b.Boxes = append(b.Boxes, Box{X0: x, Y0: y, X1: x + 0.5 + r.Float64()*side, Y1: y + 0.5 + r.Float64()*side, Level: r.IntN(levels), Height: 2})
	}
	for range 6 {
		a := Point{r.Float64() * 48, r.Float64() * 48, r.IntN(levels)}
		b.Walls = append(b.Walls, Wall{A: a, B: Point{a.X + r.Float64()*8 - 4, a.Y + r.Float64()*8 - 4, a.Level}, Height: 2})
	}
	return b, s
}

// TestSortPos: sortPos orders points as comparing their floats would, for
// negative and positive coordinates, ties in x, and lists longer than its
// stack buffer.
func TestSortPos(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 2, 7, 50, 300} {
		ps := make([]engine.Pos, n)
		for i := range ps {
			ps[i] = engine.Pos{X: float32(r.IntN(40)-10) / 4, Y: float32(r.NormFloat64() * 10), Level: 1}
		}
		want := slices.Clone(ps)
		slices.SortFunc(want, func(p, q engine.Pos) int {
			if c := cmp.Compare(p.X, q.X); c != 0 {
				return c
			}
			return cmp.Compare(p.Y, q.Y)
		})
		sortPos(ps)
		if !slices.Equal(ps, want) {
			t.Fatalf("%d points: sortPos gave %v, want %v", n, ps, want)
		}
	}
	for _, f := range []float32{0, 1, -1, 0.01, -0.01, 1e30, -1e30, 23.99} {
		if keyFloat(floatKey(f)) != f {
			t.Errorf("keyFloat(floatKey(%v)) = %v", f, keyFloat(floatKey(f)))
		}
	}
}

// TestSightSetAgreesWithBoard: the three sight lines between two models,
// checked against the boxes and walls sightSet keeps, are blocked exactly
// when they are against every box and wall of the board, on the crowded
// boards of TestNearAgreesWithBoard with walls that cross the lines.
func TestSightSetAgreesWithBoard(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 6))
	counts := [4]int{}
	for range 30 {
		b, s := crowdedBoard(t, r, 2, 24, 6)
		for range 8 {
			a := Point{r.Float64() * 48, r.Float64() * 48, r.IntN(2)}
			b.Walls = append(b.Walls, Wall{A: a, B: Point{a.X + r.Float64()*30 - 15, a.Y + r.Float64()*30 - 15, a.Level}, Height: 1 + 3*r.Float64()})
		}
		all := sightSet{all: true}
		for m := range s.Models {
			for n := range s.Models {
				if m == n {
					continue
				}
				// the lines as sightLines draws them, each against the whole board
				pa, pb := centre(s, m), centre(s, n)
				za, zb := b.elev(pa.Level)+EyeHeight, b.elev(pb.Level)+EyeHeight
				dx, dy := pb.X-pa.X, pb.Y-pa.Y
				l := hyp(dx, dy)
				rr := radius(s, n) * 0.9
				want := 0
				for _, k := range []float64{0, 1, -1} {
					if !b.blocked(&all, pa.X, pa.Y, za, pb.X-k*dy/l*rr, pb.Y+k*dx/l*rr, zb) {
						want++
					}
				}
				if got := b.sightLines(s, m, n, 3); got != want {
					t.Fatalf("m%d to m%d: %d lines clear, %d against the whole board", m, n, got, want)
				}
				if got := b.sightLines(s, m, n, 1); got != min(want, 1) {
					t.Fatalf("m%d to m%d: enough of one line: %d lines clear, want %d", m, n, got, min(want, 1))
				}
				counts[want]++
			}
		}
	}
	for k, c := range counts {
		if c == 0 {
			t.Fatalf("no pair had %d lines clear (%v): the test checks too little", k, counts)
		}
	}
}
