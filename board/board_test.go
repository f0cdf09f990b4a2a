package board

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// testState makes a state with models at the given points (1" bases)
// through a trivial ruleset, so that geometry can be asked about it.
type rules struct{ info engine.Info }

func (r *rules) Info() *engine.Info          { return &r.info }
func (r *rules) Start(s *engine.State) error { return nil }
func noop(c *engine.Ctx, a engine.Action)    {}

func state(t *testing.T, b *Board, pts ...Point) *engine.State {
	t.Helper()
	rs := &rules{engine.Info{ID: "geo", Version: "1", Phases: []engine.Phase{{ID: "p", Activations: true}},
		Statuses: []string{"ok"}, Actions: []engine.ActionDef{{ID: "wait", Type: "x", Resolve: noop}}}}
	su := &engine.Setup{Rounds: 1, Mode: "board", Board: b, Sides: []engine.SideSetup{{Name: "a"}, {Name: "b"}}}
	for i, p := range pts {
		su.Models = append(su.Models, engine.ModelSetup{ID: string(rune('a' + i)), Side: i % 2, Base: 1,
			Start: engine.Pos{X: float32(p.X), Y: float32(p.Y), Level: int8(p.Level)}})
	}
	g, err := engine.New(rs, su, engine.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return g.State()
}

func TestDistanceAndContact(t *testing.T) {
	b := &Board{Width: 24, Height: 24, Levels: []float64{0, 3}}
	s := state(t, b, Point{2, 2, 0}, Point{5, 2, 0}, Point{3, 2, 0}, Point{2, 6, 1})
	for _, tc := range []struct {
		m, n int
		want float64
	}{
		{0, 1, 2},                // centres 3" apart, two 0.5" radii
		{1, 0, 2},                // symmetric
		{0, 2, 0},                // centres 1" apart: touching
		{0, 3, math.Hypot(3, 3)}, // edge gap 3" across, 3" up
	} {
		if got := b.Distance(s, tc.m, tc.n); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("Distance(m%d, m%d) = %v, want %v", tc.m, tc.n, got, tc.want)
		}
	}
	within := func(m, n int, x float32) int {
		v, _ := b.Fact(s, engine.Fact{Kind: engine.FactWithin, A: m, B: n, Inches: x})
		return v
	}
	if within(0, 1, 1.99) != 0 || within(0, 1, 2) != 1 || within(0, 1, 6) != 1 {
		t.Error("within is not a threshold at the distance")
	}
	any := func(m int, set uint64, x float32) int {
		v, _ := b.Fact(s, engine.Fact{Kind: engine.FactWithinAny, A: m, Set: set, Inches: x})
		return v
	}
	// m1 is 2" from m0 and 1" from m2 (centres 2" apart); never itself.
	if any(1, 1<<0|1<<3, 1.5) != 0 || any(1, 1<<0|1<<2, 1.5) != 1 || any(1, 1<<1, 100) != 0 || any(1, 0, 100) != 0 {
		t.Error("within-any is not 'any model of the set, other than A'")
	}
	if v, _ := b.Fact(s, engine.Fact{Kind: engine.FactContact, A: 0, B: 2}); v != 1 {
		t.Error("touching bases are not in contact")
	}
	if v, _ := b.Fact(s, engine.Fact{Kind: engine.FactDistance, A: 0, B: 1}); v != 200 {
		t.Errorf("distance in hundredths = %d", v)
	}
	if v, _ := b.Fact(s, engine.Fact{Kind: engine.FactElevation, A: 3, B: 0}); v != 300 {
		t.Errorf("elevation = %d", v)
	}
}

func TestSightAndCover(t *testing.T) {
	b := &Board{Width: 24, Height: 24, Boxes: []Box{{X0: 9, Y0: 4, X1: 11, Y1: 8, Height: 3}}}
	s := state(t, b,
		Point{2, 6, 0},     // m0 behind the box's line
		Point{18, 6, 0},    // m1: box squarely between
		Point{18, 10.5, 0}, // m2: partly behind the box's corner
		Point{18, 14, 0},   // m3: clear
	)
	fact := func(kind string, m, n int) int { v, _ := b.Fact(s, engine.Fact{Kind: kind, A: m, B: n}); return v }
	if fact(engine.FactSight, 0, 1) != 0 {
		t.Error("sight through a tall box")
	}
	if fact(engine.FactSight, 0, 3) != 1 || fact(engine.FactCover, 0, 3) != 0 {
		t.Error("a clear target should be seen and not in cover")
	}
	if fact(engine.FactSight, 0, 2) != 1 || fact(engine.FactCover, 0, 2) != 1 {
		t.Error("a target half behind the box should be seen and in cover")
	}
	low := &Board{Width: 24, Height: 24, Boxes: []Box{{X0: 9, Y0: 4, X1: 11, Y1: 8, Height: 0.5}}}
	s2 := state(t, low, Point{2, 6, 0}, Point{18, 6, 0})
	if v, _ := low.Fact(s2, engine.Fact{Kind: engine.FactSight, A: 0, B: 1}); v != 1 {
		t.Error("a box lower than the eyes blocks sight")
	}
	walled := &Board{Width: 24, Height: 24, Walls: []Wall{{A: Point{10, 0, 0}, B: Point{10, 20, 0}, Height: 2}}}
	s3 := state(t, walled, Point{2, 6, 0}, Point{18, 6, 0})
	if v, _ := walled.Fact(s3, engine.Fact{Kind: engine.FactSight, A: 0, B: 1}); v != 0 {
		t.Error("a wall taller than the eyes does not block sight")
	}
}

func TestPathAroundObstacles(t *testing.T) {
	b := &Board{Width: 24, Height: 24, Boxes: []Box{{X0: 9, Y0: 2, X1: 11, Y1: 10, Height: 3}}}
	s := state(t, b, Point{4, 6, 0}, Point{20, 20, 0})
	straight := 12.0
	d, ok := b.PathLength(s, 0, engine.Pos{X: 16, Y: 6})
	if !ok || float64(d) <= straight+0.5 {
		t.Errorf("path round the box = %v, %v; want longer than %v", d, ok, straight)
	}
	if d, ok := b.PathLength(s, 0, engine.Pos{X: 4, Y: 14}); !ok || math.Abs(float64(d)-8) > 1e-4 {
		t.Errorf("clear path = %v, %v; want 8", d, ok)
	}
	if _, ok := b.PathLength(s, 0, engine.Pos{X: 10, Y: 6}); ok {
		t.Error("a destination inside a box is reachable")
	}
	if _, ok := b.PathLength(s, 0, engine.Pos{X: 20.2, Y: 20}); ok {
		t.Error("a destination overlapping another model is reachable")
	}
	if _, ok := b.PathLength(s, 0, engine.Pos{X: 23.8, Y: 6}); ok {
		t.Error("a destination hanging off the table is reachable")
	}
}

func TestLedgesAndDucts(t *testing.T) {
	b := &Board{Width: 24, Height: 24, Levels: []float64{0, 4},
		Ledges: []Ledge{{A: Point{10, 0, 1}, B: Point{10, 24, 1}, Below: 0}},
		Ducts:  []Duct{{A: Point{2, 2, 0}, B: Point{20, 20, 0}}}}
	s := state(t, b, Point{9.2, 5, 1}, Point{3, 2, 0}, Point{6, 6, 1})
	near := func(m int, x float32) int {
		v, _ := b.Fact(s, engine.Fact{Kind: engine.FactNearLedge, A: m, Inches: x})
		return v
	}
	if near(0, 0.5) != 1 || near(2, 0.5) != 0 || near(1, 5) != 0 {
		t.Error("near-ledge wrong")
	}
	if v, _ := b.Fact(s, engine.Fact{Kind: engine.FactFall, A: 0}); v != 400 {
		t.Errorf("fall = %d, want 400", v)
	}
	if p, ok := b.Ductway(s, 1); !ok || p != (Point{20, 20, 0}) {
		t.Errorf("ductway from m1 = %v %v", p, ok)
	}
	if _, ok := b.Ductway(s, 2); ok {
		t.Error("m2 is far from every ductway")
	}
	if b.Fits(s, 1, Point{20, 21.2, 0}, 0) != true {
		t.Error("free spot refused")
	}
	if b.Fits(s, 1, Point{6.5, 6, 1}, 0) {
		t.Error("overlapping placement accepted")
	}
}

// TestLedgesBoundTheirLevel: a raised level is bounded by its ledges (package
// doc): a model on it neither moves across one nor stands across one, a
// model on the level below is not barred by them, and a path does not go
// round a ledge's end off the table.
func TestLedgesBoundTheirLevel(t *testing.T) {
	// A firestep: level 1 is the strip y < 3 along the near edge, closed by
	// its ledge; the bank under it is a box on the ground.
	b := &Board{Width: 24, Height: 24, Levels: []float64{0, 3},
		Boxes:  []Box{{X0: 0, Y0: 0, X1: 24, Y1: 3, Height: 3}},
		Ledges: []Ledge{{A: Point{0, 3, 1}, B: Point{24, 3, 1}, Below: 0}}}
	s := state(t, b, Point{12, 2, 1}, Point{12, 8, 0})
	if _, ok := b.PathLength(s, 0, engine.Pos{X: 12, Y: 6, Level: 1}); ok {
		t.Error("a model on the firestep walks off it past its ledge")
	}
	if _, ok := b.PathLength(s, 0, engine.Pos{X: 12, Y: 3, Level: 1}); ok {
		t.Error("a model stands across the ledge")
	}
	if d, ok := b.PathLength(s, 0, engine.Pos{X: 4, Y: 2, Level: 1}); !ok || math.Abs(float64(d)-8) > 1e-4 {
		t.Errorf("along the firestep = %v, %v; want 8", d, ok)
	}
	edge := false
	for _, p := range b.Destinations(s, 0, 12, 0, nil) {
		if float64(p.Y)+0.5 > 3+1e-6 || p.Level != 1 {
			t.Errorf("destination %v is off the firestep", p)
		}
		edge = edge || p.Y >= 2.45
	}
	if !edge {
		t.Error("no destination at the firestep's edge towards the enemy below it")
	}
	// At the edge already, it still moves along it towards an enemy below
	// and to one side (the ray towards it is cut where the model stands).
	s3 := state(t, b, Point{12, 2.48, 1}, Point{4, 8, 0})
	along := false
	for _, p := range b.Destinations(s3, 0, 6, 0, nil) {
		along = along || (p.X <= 6.01 && p.Y >= 2.4)
	}
	if !along {
		t.Errorf("from the firestep's edge, no move along it towards the enemy below: %v", b.Destinations(s3, 0, 6, 0, nil))
	}
	// An enemy almost straight below: no slide of a few thousandths that
	// rounds to where the model stands (a move of nothing).
	s4 := state(t, b, Point{12, 2.48, 1}, Point{12.004, 8, 0})
	for _, p := range b.Destinations(s4, 0, 6, 0, nil) {
		if p.X == 12 && p.Y == 2.48 {
			t.Errorf("a destination where the model already stands: %v", p)
		}
		if float64(p.Y)+0.5 > 3+1e-6 {
			t.Errorf("destination %v is off the firestep", p)
		}
	}
	// Far from any ledge, a cut beyond the move's reach adds no sideways
	// slide: the plateau's ledge is 18" away, the move 6".
	pl := &Board{Width: 24, Height: 24, Levels: []float64{0, 3},
		Boxes:  []Box{{X0: 0, Y0: 0, X1: 24, Y1: 20, Height: 3}},
		Ledges: []Ledge{{A: Point{0, 20, 1}, B: Point{24, 20, 1}, Below: 0}}}
	s5 := state(t, pl, Point{12, 2, 1}, Point{2, 23, 0})
	for _, p := range pl.Destinations(s5, 0, 6, 0, nil) {
		if p.Y == 2 {
			t.Errorf("a sideways slide far from the ledge: %v", p)
		}
	}
	if d, ok := b.PathLength(s, 1, engine.Pos{X: 12, Y: 12}); !ok || math.Abs(float64(d)-4) > 1e-4 {
		t.Errorf("on the ground, across under the ledge's line = %v, %v; want 4", d, ok)
	}
	if _, ok := b.PathLength(s, 1, engine.Pos{X: 12, Y: 2}); ok {
		t.Error("a ground model walks into the bank under the firestep")
	}
	if err := b.CheckSetup(s.Setup()); err != nil {
		t.Fatal(err)
	}
	su := *s.Setup()
	su.Models = slices.Clone(su.Models)
	su.Models[0].Start.Y = 2.8
	if err := b.CheckSetup(&su); err == nil || !strings.Contains(err.Error(), "stands across ledge board.ledges[0]") {
		t.Errorf("a base across the ledge: %v", err)
	}

	// A wall from the table's edge: the way round is its other end only.
	w := &Board{Width: 24, Height: 24, Walls: []Wall{{A: Point{0, 12, 0}, B: Point{6, 12, 0}, Height: 3}}}
	s2 := state(t, w, Point{1, 10, 0}, Point{20, 20, 0})
	d, ok := w.PathLength(s2, 0, engine.Pos{X: 1, Y: 14})
	if !ok || d < 10 {
		t.Errorf("round the wall = %v, %v; want the long way, past its far end (over 10\")", d, ok)
	}
}

// TestLanding: a model that falls lands at the foot of the nearest ledge of
// its level, beyond it, on the level below; off the bank under a firestep;
// where it fits.
func TestLanding(t *testing.T) {
	b := &Board{Width: 24, Height: 24, Levels: []float64{0, 3},
		Boxes:  []Box{{X0: 0, Y0: 0, X1: 24, Y1: 3, Height: 3}},
		Ledges: []Ledge{{A: Point{0, 3, 1}, B: Point{24, 3, 1}, Below: 0}}}
	s := state(t, b, Point{12, 2.4, 1}, Point{5, 3.6, 0}, Point{5, 2.4, 1}, Point{20, 20, 0})
	p, ok := b.Landing(s, 0)
	if !ok || p != (engine.Pos{X: 12, Y: 3.51, Level: 0}) {
		t.Errorf("landing = %v, %v; want (12, 3.51) on the ground", p, ok)
	}
	// Someone stands at the foot: it lands beside them.
	p, ok = b.Landing(s, 2)
	if !ok || p.Level != 0 || !b.Fits(s, 2, Point{float64(p.X), float64(p.Y), 0}, 0) || hyp(float64(p.X)-5, float64(p.Y)-3.51) > 2.5 {
		t.Errorf("landing by a model = %v, %v; want a free spot near (5, 3.51) on the ground", p, ok)
	}
	if _, ok := b.Landing(s, 3); ok {
		t.Error("a model on the ground has no ledge to fall from")
	}
	// No room at the foot: the nearest ground that fits, never inside terrain.
	crowded := &Board{Width: 24, Height: 6, Levels: []float64{0, 3},
		Boxes:  []Box{{X0: 0, Y0: 0, X1: 24, Y1: 3, Height: 3}, {X0: 0, Y0: 3, X1: 17, Y1: 6, Height: 2}},
		Ledges: []Ledge{{A: Point{0, 3, 1}, B: Point{24, 3, 1}, Below: 0}}}
	s2 := state(t, crowded, Point{12, 2.4, 1}, Point{23, 5, 0})
	p, ok = crowded.Landing(s2, 0)
	if q := (Point{float64(p.X), float64(p.Y), int(p.Level)}); !ok || q.Level != 0 || !crowded.Fits(s2, 0, q, 0) || q.X < 17.5 {
		t.Errorf("landing with the foot built over = %v, %v; want a free spot past x 17.5 on the ground", p, ok)
	}
	// No room anywhere near: none, and the ruleset leaves it where it stood.
	crowded.Boxes[1].X1 = 24
	s3 := state(t, crowded, Point{12, 2.4, 1})
	if p, ok := crowded.Landing(s3, 0); ok {
		t.Errorf("landing on a table with no ground free = %v", p)
	}
}

func TestDestinations(t *testing.T) {
	b := &Board{Width: 24, Height: 24, Boxes: []Box{{X0: 10, Y0: 10, X1: 12, Y1: 12, Height: 2}}, Objectives: []Point{{18, 4, 0}}}
	s := state(t, b, Point{4, 4, 0}, Point{20, 20, 0}, Point{4, 20, 0})
	d := b.Destinations(s, 0, 6, ^uint64(0), nil)
	if len(d) < 4 {
		t.Fatalf("only %d destinations: %v", len(d), d)
	}
	seen := map[engine.Pos]bool{}
	for _, p := range d {
		if seen[p] {
			t.Errorf("duplicate destination %v", p)
		}
		seen[p] = true
		l, ok := b.PathLength(s, 0, p)
		if !ok || l > 6+1e-4 {
			t.Errorf("destination %v: path %v ok %v beyond the 6\" move", p, l, ok)
		}
	}
	if again := b.Destinations(s, 0, 6, ^uint64(0), nil); len(again) != len(d) {
		t.Error("destinations are not deterministic")
	}
	// Beside the box (its candidate 9.45 is 0.003" away) and almost in base
	// contact with a friend: neither gives a move that rounds to where the
	// model stands.
	s2 := state(t, b, Point{9.447, 11, 0}, Point{20, 20, 0}, Point{9.447, 12.004, 0})
	for _, p := range b.Destinations(s2, 0, 6, 0, nil) {
		if hyp(float64(p.X)-9.447, float64(p.Y)-11) < 0.005 {
			t.Errorf("destination %v is where the model stands: a move of nothing", p)
		}
	}
}

// A move of the full distance stays on offer wherever the model stands:
// its end, rounded to hundredths, is never rounded past the distance (which
// dropped it, in about half the cases, leaving only the half move).
func TestFullMoveSurvivesRounding(t *testing.T) {
	b := &Board{Width: 24, Height: 24}
	for i := range 200 {
		x := 6 + float64(i%37)*0.173
		y := 6 + float64(i%23)*0.211
		s := state(t, b, Point{x, y, 0}, Point{x + 3.3 + float64(i%7)*0.9, y + 1.1 + float64(i%5)*0.7, 0})
		far := 0.0
		for _, p := range b.Destinations(s, 0, 5, 0, nil) {
			d := hyp(float64(p.X)-x, float64(p.Y)-y)
			if d > 5+1e-6 {
				t.Fatalf("from (%.3f, %.3f): destination %v is %.4f\" away, past the 5\" move", x, y, p, d)
			}
			far = math.Max(far, d)
		}
		if far < 4.99 {
			t.Fatalf("from (%.3f, %.3f): the farthest destination is %.3f\"; want the full 5\" away from the enemy", x, y, far)
		}
	}
	// Exact cases, as the stored (float32) point is measured: a full move
	// along a row or a 3-4-5 line is offered whole, and one far from the
	// table's corner (where float32 rounding is coarser) is not dropped.
	for _, tc := range []struct {
		w           float64
		from, enemy Point
		max         float32
		want        engine.Pos
	}{
		{24, Point{20.3, 10, 0}, Point{18.3, 10, 0}, 3, engine.Pos{X: 23.3, Y: 10}},
		{24, Point{6.1, 6.1, 0}, Point{5.5, 5.3, 0}, 5, engine.Pos{X: 9.1, Y: 10.1}},
		// 36.83 is 8.0000019" away once stored: the nearest point within 8"
		{48, Point{26.96, 28.83, 0}, Point{26.96, 26.83, 0}, 8, engine.Pos{X: 26.96, Y: 36.82}},
	} {
		b := &Board{Width: tc.w, Height: tc.w}
		s := state(t, b, tc.from, tc.enemy)
		if d := b.Destinations(s, 0, tc.max, 0, nil); !slices.Contains(d, tc.want) {
			t.Errorf("from %v, away from %v, %v\": no %v in %v", tc.from, tc.enemy, tc.max, tc.want, d)
		}
	}
	// The same rounding for the rulesets' own moves: a 3" move along a row
	// ends 3" away, and one at a slant within 3".
	for _, dir := range [][2]float64{{1, 0}, {3, 4}, {1, 1}, {-2, 7}} {
		p := Toward(20.3, 10, dir[0], dir[1], 3, 3, 0)
		d := hyp(float64(p.X)-float64(float32(20.3)), float64(p.Y)-10)
		if d > 3+1e-6 || d < 2.985 {
			t.Errorf("Toward along %v: %v is %.7f\" away; want within 3\" and less than 0.015\" short", dir, p, d)
		}
	}
	if p := Toward(20.3, 10, 0, 0, 3, 3, 0); p != (engine.Pos{X: 20.3, Y: 10}) {
		t.Errorf("Toward with no direction: %v; want the start, rounded", p)
	}
}

func TestCheck(t *testing.T) {
	for name, b := range map[string]*Board{
		"size":   {Width: 0, Height: 4},
		"box":    {Width: 10, Height: 10, Boxes: []Box{{X0: 5, Y0: 5, X1: 4, Y1: 6, Height: 1}}},
		"off":    {Width: 10, Height: 10, Objectives: []Point{{11, 1, 0}}},
		"level":  {Width: 10, Height: 10, Tokens: []Token{{Kind: "loot", At: Point{1, 1, 2}}}},
		"ledge":  {Width: 10, Height: 10, Levels: []float64{0, 2}, Ledges: []Ledge{{A: Point{1, 1, 0}, B: Point{2, 2, 0}, Below: 1}}},
		"ground": {Width: 10, Height: 10, Levels: []float64{1}},
		"ledge across levels": {Width: 10, Height: 10, Levels: []float64{0, 2},
			Ledges: []Ledge{{A: Point{1, 1, 1}, B: Point{5, 1, 0}}}},
		"point ledge": {Width: 10, Height: 10, Levels: []float64{0, 2}, Ledges: []Ledge{{A: Point{1, 1, 1}, B: Point{1, 1, 1}}}},
		"point wall":  {Width: 10, Height: 10, Walls: []Wall{{A: Point{3, 3, 0}, B: Point{3, 3, 0}, Height: 2}}},
	} {
		if err := b.Check(); err == nil {
			t.Errorf("%s: malformed board accepted", name)
		}
	}
	for _, tc := range []struct {
		b    *Board
		want string
	}{
		{&Board{Width: 10, Height: 10, Levels: []float64{0, 2}, Ledges: []Ledge{{A: Point{1, 1, 1}, B: Point{5, 1, 0}}}},
			"board.ledges[0].b.level: level 0 is not its other end's level, 1"},
		{&Board{Width: 10, Height: 10, Walls: []Wall{{A: Point{3, 3, 0}, B: Point{3, 3, 0}, Height: 2}}},
			"board.walls[0]: its ends are the same point (3, 3)"},
	} {
		if err := tc.b.Check(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v, want %q", err, tc.want)
		}
	}
	if err := (&Board{Width: 24, Height: 24}).Check(); err != nil {
		t.Error(err)
	}
}

func BenchmarkDestinations(b *testing.B) {
	bd := &Board{Width: 24, Height: 24, Boxes: []Box{{X0: 10, Y0: 10, X1: 12, Y1: 12, Height: 2}}, Objectives: []Point{{18, 4, 0}}}
	var t testing.T
	s := state(&t, bd, Point{4, 4, 0}, Point{20, 20, 0}, Point{4, 20, 0})
	buf := make([]engine.Pos, 0, 32)
	b.ReportAllocs()
	for b.Loop() {
		buf = bd.Destinations(s, 0, 6, ^uint64(0), buf[:0])
	}
}

// GapAt, PassGap and ContactPoint: the helpers rulesets move models with.
func TestMoveHelpers(t *testing.T) {
	b := &Board{Width: 24, Height: 24, Levels: []float64{0, 3}}
	s := state(t, b, Point{2, 2, 0}, Point{8, 2, 0}, Point{5, 4, 0}, Point{5, 4, 1})
	if g := GapAt(s, 0, engine.Pos{X: 5, Y: 2}, 1); math.Abs(g-2) > 1e-9 {
		t.Errorf("GapAt = %v, want 2 (centres 3\" apart, 1\" bases)", g)
	}
	if g := GapAt(s, 0, engine.Pos{X: 5, Y: 2}, 3); !math.IsInf(g, 1) {
		t.Errorf("GapAt another level = %v, want +Inf", g)
	}
	// m0 moving from (2,2) to (8,2) passes 2" under m2's centre: gap 1.
	if g := PassGap(s, 0, engine.Pos{X: 8, Y: 2}, 2); math.Abs(g-1) > 1e-9 {
		t.Errorf("PassGap = %v, want 1", g)
	}
	// A move away from m2 keeps the starting gap.
	if g, start := PassGap(s, 0, engine.Pos{X: 1, Y: 1}, 2), GapAt(s, 0, s.Models[0].Pos, 2); math.Abs(g-start) > 1e-9 {
		t.Errorf("PassGap moving away = %v, want the start's %v", g, start)
	}
	for _, tc := range [][2]int{{0, 1}, {0, 2}, {2, 1}} {
		p := ContactPoint(s, tc[0], tc[1])
		q := s.Models[tc[1]].Pos
		g := math.Hypot(float64(p.X-q.X), float64(p.Y-q.Y)) - 1
		if g < 0 || g > Contact || p.X*100 != float32(math.Round(float64(p.X)*100)) {
			t.Errorf("ContactPoint(m%d, m%d) = %v: gap %v, want 0 to %v at hundredths", tc[0], tc[1], p, g, Contact)
		}
	}
}

// AnyDestination agrees with Destinations: it finds a point exactly when
// Destinations has one the filter accepts.
func TestAnyDestination(t *testing.T) {
	b := &Board{Width: 24, Height: 24, Levels: []float64{0}, Boxes: []Box{{X0: 8, Y0: 8, X1: 12, Y1: 12, Height: 2}}, Objectives: []Point{{X: 20, Y: 20}}}
	s := state(t, b, Point{4, 4, 0}, Point{16, 16, 0}, Point{4, 20, 0})
	dests := b.Destinations(s, 0, 6, 1<<1, nil)
	for _, tc := range []struct {
		name string
		ok   func(engine.Pos) bool
	}{
		{"any", func(engine.Pos) bool { return true }},
		{"none", func(engine.Pos) bool { return false }},
		{"east", func(p engine.Pos) bool { return p.X > 8 }},
		{"far north", func(p engine.Pos) bool { return p.Y > 100 }},
	} {
		want := false
		for _, p := range dests {
			want = want || tc.ok(p)
		}
		if got := b.AnyDestination(s, 0, 6, 1<<1, tc.ok); got != want {
			t.Errorf("%s: AnyDestination %v, Destinations say %v", tc.name, got, want)
		}
	}
}

// Screened: a wall or box at least as tall as asked, between two points
// of the level; FlatGap and FlatPassGap ignore levels.
func TestScreenedAndFlatGaps(t *testing.T) {
	b := &Board{Width: 24, Height: 24, Levels: []float64{0, 1.5},
		Walls: []Wall{{A: Point{X: 10, Y: 0}, B: Point{X: 10, Y: 10}, Height: 2}}, Boxes: []Box{{X0: 14, Y0: 0, X1: 15, Y1: 10, Height: 1}}}
	if !b.Screened(Point{X: 5, Y: 5}, Point{X: 12, Y: 5}, 1.5) || b.Screened(Point{X: 5, Y: 5}, Point{X: 12, Y: 5}, 2.5) {
		t.Error("a 2\" wall screens a 1.5\" model and not a 2.5\" one")
	}
	if b.Screened(Point{X: 12, Y: 5}, Point{X: 16, Y: 5}, 1.5) || !b.Screened(Point{X: 12, Y: 5}, Point{X: 16, Y: 5}, 1) {
		t.Error("a 1\" box screens only models up to 1\" tall")
	}
	if b.Screened(Point{X: 5, Y: 5, Level: 1}, Point{X: 12, Y: 5, Level: 1}, 1.5) {
		t.Error("a wall of another level screens")
	}
	s := state(t, b, Point{2, 12, 0}, Point{5, 12, 1})
	if g := FlatGap(s, 0, s.Models[0].Pos, 1); math.Abs(g-2) > 1e-9 {
		t.Errorf("FlatGap %v, want 2", g)
	}
	if g := GapAt(s, 0, s.Models[0].Pos, 1); !math.IsInf(g, 1) {
		t.Errorf("GapAt across levels %v, want +Inf", g)
	}
	g, q := FlatPassGap(s, 0, engine.Pos{X: 8, Y: 12}, 1)
	if g > -0.99 || math.Abs(q.X-5) > 1e-9 {
		t.Errorf("FlatPassGap %v at %v, want it to pass over m1 at x=5", g, q)
	}
	if b.Elevation(1) != 1.5 {
		t.Error("Elevation")
	}
}

// PathLengths agrees with PathLength point by point, within its limit.
func TestPathLengths(t *testing.T) {
	b := &Board{Width: 24, Height: 24, Levels: []float64{0, 2}, Boxes: []Box{{X0: 8, Y0: 2, X1: 10, Y1: 12, Height: 2}}}
	s := state(t, b, Point{4, 6, 0}, Point{20, 6, 0})
	ps := []engine.Pos{{X: 14, Y: 6}, {X: 6, Y: 6}, {X: 9, Y: 6}, {X: 14, Y: 6, Level: 1}, {X: 30, Y: 6}}
	got := b.PathLengths(s, 0, ps, 12, nil)
	for i, p := range ps {
		want := float32(-1)
		if d, ok := b.PathLength(s, 0, p); ok && d <= 12+1e-6 {
			want = d
		}
		if got[i] != want {
			t.Errorf("%v: PathLengths %v, PathLength %v", p, got[i], want)
		}
	}
}
