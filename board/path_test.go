package board

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// TestLimitedPathsAgree: a path search with a limit (a move's reach, as
// Destinations, PathWithin and Closest's reacher run it) gives, bit for
// bit, the length of the unlimited search whenever that is within the
// limit, and refuses when it is not (and PathWithin agrees with
// PathLength likewise), on crowded boards of boxes and walls: the limited
// search skips the corners no path within the limit can pass, works out
// which corners the origin sees only when a search needs them, and keeps
// both for the origin's next search, whose limit may be longer. Some
// boards have more corners than a search holds on the stack.
func TestLimitedPathsAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 26))
	agreed, refused, bent := 0, 0, 0
	for bi := range 30 {
		boxes := 12
		if bi%3 == 0 {
			boxes = 45 // 180 corners and more
		}
		b, s := crowdedBoard(t, r, 1, boxes, 3)
		for range 10 {
			m := r.IntN(len(s.Models))
			lim := []float64{3, 6, 12, 20}[r.IntN(4)]
			o := origin{p: centre(s, m), r: radius(s, m)}
			if r.IntN(2) == 0 {
				o.near.fill(b, s, m, &o, lim)
			}
			for range 60 {
				// mostly the origin's first limit; now and then a longer one
				// (its corners are not those kept from the first search)
				lim := lim
				if r.IntN(4) == 0 {
					lim *= 1.5
				}
				d := lim * 1.3 * math.Sqrt(r.Float64())
				a := r.Float64() * 2 * math.Pi
				p := Point{round2(o.p.X + d*math.Cos(a)), round2(o.p.Y + d*math.Sin(a)), 0}
				want, wok := b.path(o.p, p, o.r, math.Inf(1))
				got, gok := b.pathFrom(&o, p, lim+1e-6)
				switch {
				case wok && want <= lim+1e-6:
					if !gok || math.Float64bits(got) != math.Float64bits(want) {
						t.Fatalf("board %d: m%d to %v within %v: got %v %v, unlimited %v", bi, m, p, lim, got, gok, want)
					}
					agreed++
					if want > hyp(p.X-o.p.X, p.Y-o.p.Y)+1e-9 {
						bent++
					}
				case gok:
					t.Fatalf("board %d: m%d to %v within %v: got %v, unlimited %v %v", bi, m, p, lim, got, want, wok)
				default:
					refused++
				}
				// PathWithin, as the rulesets call it: the same float32
				// length wherever PathLength's is within the limit
				q := engine.Pos{X: float32(p.X), Y: float32(p.Y)}
				pl, found := b.PathLength(s, m, q)
				wl, wfound := PathWithin(b, s, m, q, lim)
				if in := found && float64(pl) <= lim+1e-6; in != (wfound && float64(wl) <= lim+1e-6) || in && wl != pl {
					t.Fatalf("board %d: PathWithin(m%d, %v, %v) = %v %v, PathLength %v %v", bi, m, q, lim, wl, wfound, pl, found)
				}
			}
		}
	}
	if agreed < 2000 || refused < 500 || bent < 300 {
		t.Fatalf("agreed %d (%d round terrain), refused %d: too few of some", agreed, bent, refused)
	}
	t.Logf("agreed %d (%d round terrain), refused %d", agreed, bent, refused)
}

// TestTowardAsBefore: Toward's search of the hundredths round a full
// move's end, which works each row's and column's terms out once, picks
// the point the plain search over the sixteen (towardRef, the code before)
// picks, for moves of the full reach and half of it in every direction.
// .ci/run also runs it on a GOAMD64=v3 build, whose compiler fuses hyp's
// multiply and add: moves at 45°, where two points tie, tell the two
// kinds of build apart.
func TestTowardAsBefore(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 26))
	searched := 0
	for range 400000 {
		x0, y0 := round2(r.Float64()*48), round2(r.Float64()*48)
		if r.IntN(2) == 0 {
			x0, y0 = r.Float64()*48, r.Float64()*48
		}
		a := r.Float64() * 2 * math.Pi
		if r.IntN(4) == 0 {
			a = float64(r.IntN(16)) * math.Pi / 8
		}
		lim := []float64{1, 2.5, 3, 4, 5, 6, 7.25, 8, 12}[r.IntN(9)]
		d := []float64{lim, lim, lim / 2, r.Float64() * lim}[r.IntN(4)]
		dx, dy := math.Cos(a), math.Sin(a)
		got, want := Toward(x0, y0, dx, dy, d, lim, 0), towardRef(x0, y0, dx, dy, d, lim, 0)
		if got != want {
			t.Fatalf("Toward(%v, %v, %v, %v, %v, %v) = %v, the plain search %v", x0, y0, dx, dy, d, lim, got, want)
		}
		if x, y := x0+dx*d, y0+dy*d; hyp(float64(float32(round2(x)))-x0, float64(float32(round2(y)))-y0) > lim+9e-7 {
			searched++
		}
	}
	if searched < 50000 {
		t.Fatalf("only %d moves searched round their end", searched)
	}
}

func towardRef(x0, y0, dx, dy, d, lim float64, lvl int8) engine.Pos {
	l := hyp(dx, dy)
	if l == 0 {
		dx, dy, l, d = 1, 0, 1, 0
	}
	x, y := x0+dx/l*d, y0+dy/l*d
	within := func(gx, gy float64) bool {
		return hyp(float64(float32(gx))-x0, float64(float32(gy))-y0) <= lim+9e-7
	}
	qx, qy := round2(x), round2(y)
	if !within(qx, qy) {
		best := math.Inf(1)
		fx, fy := math.Floor(x*100), math.Floor(y*100)
		for i := -1.0; i <= 2; i++ {
			for j := -1.0; j <= 2; j++ {
				gx, gy := (fx+i)/100, (fy+j)/100
				if e := hyp(gx-x, gy-y); e < best && within(gx, gy) {
					qx, qy, best = gx, gy, e
				}
			}
		}
	}
	return engine.Pos{X: float32(qx), Y: float32(qy), Level: lvl}
}
