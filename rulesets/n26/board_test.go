package n26

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
)

// gap is the base-edge distance between two models on one level.
func gap(s *engine.State, m, n int) float64 {
	a, b := s.Models[m].Pos, s.Models[n].Pos
	return math.Hypot(float64(a.X-b.X), float64(a.Y-b.Y)) - s.Static(m).Base/2 - s.Static(n).Base/2
}

// rules.md §2.3.5, the 1" rule: Move, Dash and the like never come within
// 1" of an enemy that is not Seriously Injured; a Seriously Injured one
// does not hold anyone back.
func TestOneInchRule(t *testing.T) {
	h := onBoard(t, nil, nil, [][2]float32{{4, 4}, {10, 4}, {2, 20}, {22, 20}},
		ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0")
	near := 0
	for _, a := range h.G.Legal() {
		if (a.ID == "move" || a.ID == "dash") && a.HasPos {
			x, y := float64(a.X)-10, float64(a.Y)-4
			if math.Hypot(x, y)-1 <= 1 {
				t.Errorf("%s: ends within 1\" of b", a)
			}
			if math.Hypot(x, y)-1 <= 1.2 {
				near++
			}
		}
	}
	if near == 0 {
		t.Error("no move ends just outside 1\" of b: the candidates miss the enemy")
	}
	// With b Seriously Injured, w may end next to it.
	h = onBoard(t, nil, nil, [][2]float32{{4, 4}, {10, 4}, {2, 20}, {22, 20}},
		ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Force("b", seriouslyInjured)
	if !rule1inch(h.S(), 0, engine.Pos{X: 8.5, Y: 4}) {
		t.Error("a Seriously Injured enemy enforces the 1\" rule")
	}
	if rule1inch(h.S(), 0, engine.Pos{X: 20.5, Y: 20}) {
		t.Error("a move passing within 1\" of b2 is allowed")
	}
}

// Seed 000 (rules.md §2.2.3): on a board, a Charge in reach ends in base
// contact, Engaged; out of reach, the model ends as close as it may without
// coming within 1" of an enemy.
func TestChargeOnBoard(t *testing.T) {
	h := onBoard(t, nil, nil, [][2]float32{{4, 4}, {12, 4}, {2, 20}, {22, 20}},
		ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "charge m0 >m1", "d:3") // 7" gap, M5 + 3
	h.WantStatus("w", "engaged", "b", "engaged")
	if g := gap(h.S(), 0, 1); math.Abs(g) > board.Contact {
		t.Errorf("gap %.3f after the Charge, want base contact", g)
	}
	h.WantLegal("fight")

	h = onBoard(t, nil, nil, [][2]float32{{4, 4}, {14, 4}, {2, 20}, {22, 20}},
		ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "charge m0 >m1", "d:1") // 9" gap, 6" of move
	h.WantStatus("w", "active", "b", "active")
	if g := gap(h.S(), 0, 1); g <= 1 || g > 3.3 {
		t.Errorf("gap %.2f after a short Charge, want just over 1\" (as close as allowed)", g)
	}
}

// Seed 000 (rules.md §2.2.3, §2.3.9): Crawl Through Ductway needs a ductway
// end within 1"; the fighter comes out within 1" of the other end, more than
// 1" from every enemy.
func TestDuctway(t *testing.T) {
	b := &board.Board{Width: 24, Height: 24, Levels: []float64{0},
		Walls: []board.Wall{{A: board.Point{X: 12, Y: 0}, B: board.Point{X: 12, Y: 24}, Height: 3}},
		Ducts: []board.Duct{{A: board.Point{X: 11, Y: 12}, B: board.Point{X: 13, Y: 12}}}}
	h := onBoard(t, b, nil, [][2]float32{{10, 12}, {15, 12}, {2, 2}, {22, 2}},
		ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0")
	// The wall blocks sight; w2 is too far for a Group Activation.
	h.WantLegal("charge crawl-through-ductway dash end engage move")
	h.Play("crawl-through-ductway m0")
	p := h.S().Models[0].Pos
	if d := math.Hypot(float64(p.X)-13, float64(p.Y)-12); d > 1.5 || p.X < 12 {
		t.Errorf("came out at %v, %.2f\" from the far end", p, d)
	}
	if g := gap(h.S(), 0, 1); g <= 1 {
		t.Errorf("came out %.2f\" from b, want more than 1\"", g)
	}
	h.Play("activate m1", "end m1", "activate m2")
	if h.Legal() == "" || contains(h.Legal(), "crawl-through-ductway") {
		t.Error("a fighter far from the ductway may crawl through it")
	}
}

func contains(list, id string) bool { return slices.Contains(strings.Fields(list), id) }

// rules.md §2.3.9: Interact uses a board token within 1", once.
func TestInteractToken(t *testing.T) {
	b := &board.Board{Width: 24, Height: 24, Levels: []float64{0}, Tokens: []board.Token{{Kind: "loot-casket", At: board.Point{X: 5, Y: 4}}}}
	h := onBoard(t, b, nil, [][2]float32{{4, 4}, {20, 20}, {4, 20}, {20, 4}},
		ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "interact m0 #0")
	if got := h.Events("interacted"); len(got) != 1 {
		t.Errorf("events %v", h.Events())
	}
	if contains(h.Legal(), "interact") {
		t.Error("a used token can be used again")
	}
	h.Play("end m0", "activate m1", "end m1", "activate m2")
	if contains(h.Legal(), "interact") {
		t.Error("interact offered with no token within 1\"")
	}
}

// rules.md §2.3.4 step 5, §2.3.5: a model Suppressed within ½" of a ledge
// takes an Agility test (4+); failed, it falls: 3"–6" is an automatic hit
// on top of Suppression, and its activation ends if it is its own.
func TestFallFromLedge(t *testing.T) {
	b := &board.Board{Width: 24, Height: 24, Levels: []float64{0, 4},
		Ledges: []board.Ledge{{A: board.Point{X: 0, Y: 10, Level: 1}, B: board.Point{X: 24, Y: 10, Level: 1}, Below: 0}}}
	tough := with(ganger("b", 1), func(m *engine.ModelSetup) { m.Profile[sW] = 2 })
	su := []engine.ModelSetup{ganger("w", 0), tough, ganger("w2", 0), ganger("b2", 1)}
	h := onBoard(t, b, nil, [][2]float32{{10, 4}, {10, 10.3}, {2, 2}, {22, 2}}, su...)
	h.S().Models[1].Pos.Level = 1
	h.Play("activate m0", "shoot m0 >m1 #0", "d:5") // hit: b is Suppressed at the ledge
	h.WantAsks("dice n26-test {Target:4 Mods:[] Save:false}")
	// The Agility test fails: b falls 4", taking an automatic wound from
	// the fall; then the shot's own wound roll (S3 against T3) fails.
	h.Play("d:2")
	h.WantAsks("dice n26-test {Target:4 Mods:[] Save:false}")
	h.Play("d:1")
	if h.S().Models[1].Pos.Level != 0 {
		t.Errorf("b is on level %d, want 0 after the fall", h.S().Models[1].Pos.Level)
	}
	// at the ledge's foot, beyond its line (board.Landing), not under level 1
	if p, r := h.S().Models[1].Pos, h.S().Static(1).Base/2; p.X != 10 || math.Abs(10-float64(p.Y)-r) > 0.02 {
		t.Errorf("b landed at (%v, %v), want at the ledge's foot, (10, %.2f)", p.X, p.Y, 10-r)
	}
	if w := h.S().Count(1, cWounds); w != 1 {
		t.Errorf("b has %d wounds, want 1 (the fall's hit)", w)
	}
	h.WantStatus("b", "suppressed")
}

// rules.md §2.3.4, Nerve check: on a board a Leader lends its Cool within
// 12" and in sight.
func TestLeaderLendsCool(t *testing.T) {
	boss := with(ganger("boss", 1, "leader"), func(m *engine.ModelSetup) { m.Profile[sCl] = 9 })
	h := onBoard(t, nil, nil, [][2]float32{{4, 4}, {6, 4}, {8, 4}, {12, 4}, {20, 20}},
		ganger("w", 0), ganger("b", 1), ganger("b2", 1), boss, ganger("w2", 0))
	h.Force("b", seriouslyInjured)
	h.Play("activate m0", "coup-de-grace m0 >m1", "d:6", "d:1")
	h.WantAsks("dice n26-check {Value:9 Mods:[] Dice:2}")
}

// rules.md §2.3.8: when the last round ends on a board, the gang holding
// more objectives wins (a fighter within 3" and no enemy within 3";
// Seriously Injured models are ignored).
func TestObjectivesDecide(t *testing.T) {
	b := &board.Board{Width: 24, Height: 24, Levels: []float64{0}, Objectives: []board.Point{{X: 4, Y: 4}}}
	models := []engine.ModelSetup{ganger("w", 0), ganger("b", 1), ganger("b2", 1), ganger("b3", 1)}
	for i := range models {
		models[i].Start = engine.Pos{X: []float32{4, 20, 20, 6}[i], Y: []float32{5, 20, 16, 6}[i]}
	}
	su := &engine.Setup{Rounds: 1, Mode: "board", Board: b, Sides: []engine.SideSetup{{Name: "Wardens"}, {Name: "Breakers"}}, Models: models}
	h := start(t, su)
	h.Force("b3", seriouslyInjured) // b3 is on the objective but down: w holds it
	h.Play("activate m0", "end m0", "activate m1", "end m1", "activate m2", "end m2", "activate m3", "end m3")
	h.Play("d:4", "d:4") // b3's Recovery test: stays down; after the battle it does not succumb
	if !h.G.Over() || h.S().Winner != 0 {
		t.Errorf("over %v winner %d; want the Wardens, holding the objective though outnumbered", h.G.Over(), h.S().Winner)
	}
	// A Breakers vehicle within 3" contests it, though it cannot control:
	// nobody holds it, and the Breakers have more models standing.
	models = []engine.ModelSetup{ganger("w", 0), ganger("b", 1), ganger("b2", 1), buggy("car", 1)}
	for i := range models {
		models[i].Start = engine.Pos{X: []float32{4, 20, 20, 7}[i], Y: []float32{5, 20, 16, 3}[i]}
	}
	su = &engine.Setup{Rounds: 1, Mode: "board", Board: b, Sides: []engine.SideSetup{{Name: "Wardens"}, {Name: "Breakers"}}, Models: models}
	h = start(t, su)
	h.Play("activate m0", "end m0", "activate m1", "end m1", "activate m2", "end m2", "activate m3", "end m3")
	if !h.G.Over() || h.S().Winner != 1 {
		t.Errorf("over %v winner %d; want the Breakers (objective contested, more standing)", h.G.Over(), h.S().Winner)
	}
}

// Seed 000 (rules.md §2.2.3): a vehicle's Dash and Charge allow one turn of
// up to 90°; every move leaves it facing the way it went. At deployment it
// faces the nearest enemy. Fighters turn freely.
func TestVehicleTurn(t *testing.T) {
	car := buggy("car", 0)
	// The car at (12, 12) faces b at (12, 22): north (90°).
	pts := [][2]float32{{12, 12}, {12, 22}, {2, 2}, {22, 2}}
	h := onBoard(t, nil, nil, pts, car, ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	if f := h.S().Count(0, cFacing); f != 90 {
		t.Fatalf("the car faces %d°, want 90° (towards b)", f)
	}
	h.Play("activate m0")
	dashes, moves := 0, 0
	for _, a := range h.G.Legal() {
		if !a.HasPos {
			continue
		}
		h := heading(12, 12, float64(a.X), float64(a.Y))
		switch a.ID {
		case "dash":
			dashes++
			if turn(h, 90) > 90 {
				t.Errorf("%s: a Dash turning %d°", a, turn(h, 90))
			}
		case "move":
			if turn(h, 90) > 90 {
				moves++
			}
		}
	}
	if dashes == 0 || moves == 0 {
		t.Errorf("%d Dashes, %d Moves turning more than 90°: want some of each (Move may turn freely)", dashes, moves)
	}
	// Seed 000, Charge: a vehicle that cannot turn to face a model with its
	// one turn of up to 90° may not target it. The car faces b, north; b2
	// is behind-right of it (south-east): not a Charge target, though in
	// reach; b is.
	h = onBoard(t, nil, nil, [][2]float32{{12, 12}, {12, 15}, {2, 22}, {15, 9}}, car, ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0")
	var targets []int
	for _, a := range h.G.Legal() {
		if a.ID == "charge" {
			targets = append(targets, a.Target)
		}
	}
	if !slices.Equal(targets, []int{1}) {
		t.Errorf("the car may Charge %v, want only b (m1)", targets)
	}
	if err := h.G.Apply(engine.Action{ID: "charge", Actor: 0, Target: 3}); err == nil {
		t.Error("a Charge at b2, behind the car, was accepted")
	}
	// A fighter charges the same way into contact.
	h = onBoard(t, nil, nil, [][2]float32{{12, 12}, {12, 15}, {2, 22}, {15, 9}}, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "charge m0 >m3", "d:6")
	h.WantStatus("w", "engaged", "b2", "engaged")
}

// Seed 000, Charge (rules.md §2.2.3): a Charge that falls short moves its
// whole M + D6" straight at the target, at any slant (not a point a few
// hundredths short, or a quarter inch back, from rounding to the board's
// hundredths of an inch).
func TestChargeShortMovesItsWholeDistance(t *testing.T) {
	froms, tos := enginetest.Slants()
	for i, from := range froms {
		h := onBoard(t, nil, nil, [][2]float32{from, tos[i], {4, 22}, {22, 22}},
			ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
		h.Play("activate m0", "charge m0 >m1", "d:1") // M5 + 1: short of b, more than 1" from it
		enginetest.MovedWhole(t, "a short charge", from, h.S().Models[0].Pos, 6)
		if g := gap(h.S(), 0, 1); g <= 1 {
			t.Errorf("a short charge from %v ended %.2f\" from b; want more than 1\"", from, g)
		}
	}
}

// passesThrough reports whether a's straight move from from to p goes
// through the base of a model of s other than m (rules.md §2.3.5: no
// moving through any model).
func passesThrough(s *engine.State, m int, p engine.Pos) bool {
	for n := range s.Models {
		if n != m && s.Models[n].InPlay && board.PassGap(s, m, p, n) < -board.Contact {
			return true
		}
	}
	return false
}

// Seed 000 and rules.md §2.3.5: no move goes through another model's base,
// a friend's included; a move may end beside one.
func TestNoMoveThroughABase(t *testing.T) {
	h := onBoard(t, nil, nil, [][2]float32{{10, 12}, {22, 12}, {12, 12}, {22, 2}},
		ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0")
	beside := false
	for _, a := range h.G.Legal() {
		if !a.HasPos {
			continue
		}
		p := engine.Pos{X: a.X, Y: a.Y}
		if passesThrough(h.S(), 0, p) {
			t.Errorf("%s goes through a base", a)
		}
		if a.ID == "move" && a.Y == 12 && a.X > 12 {
			t.Errorf("%s ends beyond w2, on the line through it", a)
		}
		beside = beside || a.ID == "move" && board.GapAt(h.S(), 0, p, 2) <= board.Contact
	}
	if !beside {
		t.Error("no Move ends beside w2")
	}
}

// Seed 000, Charge: a Charge that falls short ends as close as possible to
// its target. Another enemy stands in the straight line, so the charger
// goes round its 1" (the audit's case: it stopped 13" from the target,
// where 12.66" could be reached).
func TestShortChargeEndsAsCloseAsPossible(t *testing.T) {
	h := onBoard(t, nil, nil, [][2]float32{{2, 12}, {20, 12}, {2, 22}, {8, 12}},
		ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "charge m0 >m1", "d:1") // M5 + 1
	s := h.S()
	from := engine.Pos{X: 2, Y: 12}
	if d := math.Hypot(float64(s.Models[0].Pos.X-from.X), float64(s.Models[0].Pos.Y-from.Y)); d > 6+1e-6 {
		t.Errorf("the charge went %.2f\", more than M + 1", d)
	}
	if g := gap(s, 0, 1); g > 12 {
		t.Errorf("the short charge ended %.2f\" from its target at %v; want under 12\" (round b2, not stopped by it)", g, s.Models[0].Pos)
	}
	if g := gap(s, 0, 3); g <= 1 {
		t.Errorf("the short charge ended %.2f\" from b2", g)
	}
}

// Seed 000, Charge and Dash: a vehicle's one turn of up to 90° is taken at
// the start, then it goes straight, so not round a box in its way: no Dash
// behind the box is offered, and a Charge whose straight line the box
// bars stops at the box instead of going round it into contact.
func TestVehicleGoesStraight(t *testing.T) {
	b := &board.Board{Width: 30, Height: 24, Levels: []float64{0}, Boxes: []board.Box{{X0: 8, Y0: 9, X1: 10, Y1: 15, Height: 4}}}
	car := with(buggy("car", 0), func(m *engine.ModelSetup) { m.Profile[0] = 12 })
	h := onBoard(t, b, nil, [][2]float32{{3, 12}, {14, 12}, {2, 22}, {28, 22}}, car, ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0")
	dashes := 0
	for _, a := range h.G.Legal() {
		if a.ID != "dash" {
			continue
		}
		dashes++
		p := engine.Pos{X: a.X, Y: a.Y}
		if d, _ := geo(h.S()).PathLength(h.S(), 0, p); !straight(h.S(), 0, p, d) {
			t.Errorf("%s: a Dash round the box (path %.2f\", straight %.2f\")", a, d, math.Hypot(float64(a.X)-3, float64(a.Y)-12))
		}
	}
	if dashes == 0 {
		t.Fatal("no Dash offered")
	}
	h.Play("charge m0 >m1", "d:6") // M12 + 6: contact round the box is in reach
	if s := h.S(); s.Models[0].Links != 0 || s.Models[0].Pos.Y != 12 || s.Models[0].Pos.X > 7 {
		t.Errorf("the car ended at %v, engaged %v; want it straight at b, stopped by the box", s.Models[0].Pos, s.Models[0].Links != 0)
	}
}

// Seed 000 (rules.md §2.2.3, §2.2.5): each movement action goes its own
// distance: Move the model's M", Dash M + I", Crawl (a Seriously Injured
// fighter) its S", Engage the D6" its player rolls, and Freewheel (a
// Seriously Damaged vehicle) a rolled D6", to a spot its player picks. On
// an open board no destination lies beyond the reach, and some reach
// (nearly) all of it. The ganger's M5, I4 and S3 give three different
// reaches, so that one taken for another shows.
func TestMovementReach(t *testing.T) {
	pts := [][2]float32{{12, 12}, {21, 12}, {2, 22}, {12, 3}}
	// farthest checks the destinations of action id offered to m0 at its
	// position from: none beyond reach, one within 0.05" of it.
	farthest := func(t *testing.T, h *harness, id string, from [2]float32, reach float64, dests [][2]float64) {
		t.Helper()
		far := 0.0
		for _, p := range dests {
			d := math.Hypot(p[0]-float64(from[0]), p[1]-float64(from[1]))
			if d > reach+1e-3 {
				t.Errorf("%s: a destination %v is %.2f\" away, beyond its %g\"", id, p, d, reach)
			}
			far = max(far, d)
		}
		if len(dests) == 0 || far < reach-0.05 {
			t.Errorf("%s: %d destinations, the farthest %.2f\" away; want one at about %g\" on an open board", id, len(dests), far, reach)
		}
	}
	offered := func(h *harness, id string) [][2]float64 {
		var out [][2]float64
		for _, a := range h.G.Legal() {
			if a.ID == id && a.HasPos {
				out = append(out, [2]float64{float64(a.X), float64(a.Y)})
			}
		}
		return out
	}
	for _, tc := range []struct {
		id    string
		si    bool
		reach float64
	}{{"move", false, 5}, {"dash", false, 9}, {"crawl", true, 3}} {
		t.Run(tc.id, func(t *testing.T) {
			h := onBoard(t, nil, nil, pts, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
			if tc.si {
				h.Force("w", seriouslyInjured)
			}
			h.Play("activate m0")
			farthest(t, h, tc.id, pts[0], tc.reach, offered(h, tc.id))
		})
	}
	// Engage: the D6 is typed; with the target out of reach the model goes
	// the whole roll straight at it.
	t.Run("engage", func(t *testing.T) {
		for _, roll := range []int{2, 4} {
			h := onBoard(t, nil, nil, [][2]float32{{3, 12}, {21, 12}, {2, 22}, {12, 3}}, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
			h.Play("activate m0", "engage m0 >m1")
			h.WantAsks("dice n26-d6 {Game:n26}")
			h.Play(fmt.Sprint("d:", roll))
			enginetest.MovedWhole(t, "an Engage", [2]float32{3, 12}, h.S().Models[0].Pos, float64(roll))
		}
	})
	// Freewheel: the D6 is typed, then its player picks where among spots
	// within that many inches; the car goes there.
	t.Run("freewheel", func(t *testing.T) {
		h := onBoard(t, nil, nil, pts, buggy("car", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
		h.Force("car", seriouslyInjured)
		h.Play("activate m0", "freewheel m0")
		h.WantAsks("dice n26-d6 {Game:n26}")
		h.Play("d:4")
		p := h.G.Pending()
		if p == nil || p.Key != "freewheel" || len(p.Options) < 2 || p.Options[0] != "stay" {
			t.Fatalf("asks %s, want where the Freewheel goes", h.Asks())
		}
		var dests [][2]float64
		pick, far := "", 0.0
		for _, o := range p.Options[1:] {
			var x, y float64
			if _, err := fmt.Sscanf(o, "%g,%g", &x, &y); err != nil {
				t.Fatalf("option %q: %v", o, err)
			}
			dests = append(dests, [2]float64{x, y})
			if d := math.Hypot(x-12, y-12); d > far {
				pick, far = o, d
			}
		}
		farthest(t, h, "freewheel", pts[0], 4, dests)
		h.Play("c:"+pick, "d:3") // then its Recovery test: still Seriously Damaged
		if got := fmt.Sprintf("%g,%g", h.S().Models[0].Pos.X, h.S().Models[0].Pos.Y); got != pick {
			t.Errorf("the car is at %s, want at the spot picked, %s", got, pick)
		}
	})
}

// Seed 000, Retreat (rules.md §2.2.4): an Engaged model moves up to its I"
// and must end at least 1" from every enemy; ending exactly 1" away is
// enough. Afterwards it is no longer Engaged. w is in contact with b and
// has b2 3" behind it: with I2 the half-step straight back ends exactly 1"
// from both, and must be offered; with I3 it steps aside (the audit found
// no Retreat offered in such a case) and never through b's base (the
// audit found one to 13,12, straight through it).
func TestRetreatReachAndEnd(t *testing.T) {
	var h *harness
	for _, i := range []int{3, 2} {
		w := with(ganger("w", 0), func(m *engine.ModelSetup) { m.Profile[sI] = i })
		h = onBoard(t, nil, nil, [][2]float32{{10, 12}, {11, 12}, {2, 22}, {7, 12}}, w, ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
		h.WantStatus("w", "engaged", "b", "engaged")
		h.Play("activate m0")
		exact, n := false, 0
		for _, a := range h.G.Legal() {
			if a.ID != "retreat" {
				continue
			}
			n++
			p := engine.Pos{X: a.X, Y: a.Y}
			if d := math.Hypot(float64(a.X)-10, float64(a.Y)-12); d > float64(i)+1e-6 {
				t.Errorf("%s goes %.2f\", beyond I%d", a, d, i)
			}
			for _, e := range []int{1, 3} {
				if g := board.GapAt(h.S(), 0, p, e); g < 1 {
					t.Errorf("%s ends %.2f\" from %s, want at least 1\"", a, g, h.S().Static(e).ID)
				}
			}
			if passesThrough(h.S(), 0, p) {
				t.Errorf("I%d: %s goes through a base", i, a)
			}
			exact = exact || a.X == 9 && a.Y == 12
		}
		if n == 0 {
			t.Errorf("I%d: no Retreat offered; %s", i, h.Legal())
		}
		if i == 2 && !exact {
			t.Errorf("no Retreat to (9, 12), exactly 1\" from b and b2; offered: %v", h.G.Legal())
		}
	}
	h.Play("retreat m0 @9,12")
	h.WantStatus("w", "active", "b", "active")
	if h.S().Models[0].Links != 0 || h.S().Models[1].Links != 0 {
		t.Error("w and b are still linked after the Retreat")
	}
	// At a table the players move the model: the game ends the engagement.
	h = table(t, nil, with(ganger("w", 0), func(m *engine.ModelSetup) { m.Engaged = []string{"b"} }), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.WantStatus("w", "engaged", "b", "engaged")
	h.Play("activate m0", "retreat m0")
	h.WantStatus("w", "active", "b", "active")
}

// rules.md §2.3.5 (our reading, board.KeepsOff): a fighter that stands
// within 1" of an enemy without being Engaged (the enemy recovered beside
// it) may still Move and Dash, away or round, but never closer.
func TestMoveFromWithinOneInch(t *testing.T) {
	h := onBoard(t, nil, nil, [][2]float32{{4, 4}, {5.6, 4}, {2, 20}, {22, 20}},
		ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.WantStatus("w", "active", "b", "active")
	start := gap(h.S(), 0, 1)
	h.Play("activate m0")
	moves := 0
	for _, a := range h.G.Legal() {
		if (a.ID == "move" || a.ID == "dash") && a.HasPos {
			moves++
			p := engine.Pos{X: a.X, Y: a.Y}
			if g := board.PassGap(h.S(), 0, p, 1); g < start-1e-6 {
				t.Errorf("%s comes %.2f\" from b, closer than the %.2f\" it starts at", a, g, start)
			}
		}
	}
	if moves == 0 {
		t.Fatalf("w, %.1f\" from b and not Engaged, has no Move or Dash", start)
	}
	if rule1inch(h.S(), 0, engine.Pos{X: 4.5, Y: 4}) {
		t.Error("a move towards b, already within 1\", is allowed")
	}
	if !rule1inch(h.S(), 0, engine.Pos{X: 1, Y: 4}) {
		t.Error("a move straight away from b is refused")
	}
	// Typed destinations (engine.ActionDef.Unlisted): closer is refused
	// naming the rule; away, off the list, is taken.
	closer := engine.Action{ID: "move", Actor: 0, Target: engine.NoModel}.At(4.5, 4)
	if why := h.G.WhyNot(closer); !strings.Contains(why, "within 1\"") {
		t.Errorf("a typed move closer to b: %q", why)
	}
	far := engine.Action{ID: "move", Actor: 0, Target: engine.NoModel}.At(1.37, 4.21)
	if err := h.G.Apply(far); err != nil {
		t.Errorf("a typed move away from b: %v", err)
	}
}
