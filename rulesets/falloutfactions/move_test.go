package falloutfactions

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
)

// wantRefused checks that the action typed is not legal now, and that
// why it is not says why.
func (h *harness) wantRefused(typed, why string) {
	h.T.Helper()
	a, err := engine.ParseAction(typed)
	if err != nil {
		h.T.Fatal(err)
	}
	if h.G.IsLegal(a) {
		h.T.Errorf("%s taken", typed)
	} else if got := h.G.WhyNot(a); !strings.Contains(got, why) {
		h.T.Errorf("%s refused with %q, want it to say %q", typed, got, why)
	}
}

// actions lists the legal actions with the given ID.
func (h *harness) actions(id string) []engine.Action {
	var out []engine.Action
	for _, a := range h.G.Legal() {
		if a.ID == id {
			out = append(out, a)
		}
	}
	return out
}

// Seed 004, Get Moving: up to 8", or 12" Hurrying for a second Fatigue;
// every destination offered is reachable within that; Hurry is for a
// model that can Take two Fatigue, and one Get Moving a Round either way
// (rules.md §5.2.1).
func TestGetMovingAndHurry(t *testing.T) {
	h := onBoard(t, nil, game{}, [][3]float32{{15, 5}, {15, 28}}, grunt("a", 0), grunt("x", 1))
	h.Play("activate m0")
	bd := concrete(h.S())
	for _, id := range []string{"get-moving", "hurry"} {
		reach := float32(8)
		if id == "hurry" {
			reach = 12
		}
		as := h.actions(id)
		if len(as) == 0 {
			t.Fatalf("no %s destinations", id)
		}
		for _, a := range as {
			if d, ok := bd.PathLength(h.S(), 0, engine.Pos{X: a.X, Y: a.Y}); !ok || d > reach+1e-3 {
				t.Errorf("%s to %g,%g: path %g, want within %g\"", id, a.X, a.Y, d, reach)
			}
		}
	}
	h.Play(h.actions("hurry")[0].String())
	h.wantCount("a", cFatigue, 2)
	h.WantLegal("activate:x pass") // Exhausted: the Turn is over

	// Weary, it may not Hurry; having moved, it may not Get Moving again.
	h = onBoard(t, nil, game{}, [][3]float32{{15, 5}, {15, 28}}, grunt("a", 0), grunt("x", 1))
	h.set("a", cFatigue, 1)
	h.Play("activate m0")
	if len(h.actions("hurry")) != 0 {
		t.Error("a Weary model may Hurry")
	}
	h.Play(h.actions("get-moving")[0].String())
	h.WantLegal("activate:x pass")
}

// Seed 004, Engagement & Proximity: an enemy's 1" Proximity is not entered
// except by a move into base contact with it, which Engages both; a move
// into Engagement this Turn gives the Brawl its bonus die.
func TestProximityAndMovingIntoEngagement(t *testing.T) {
	h := onBoard(t, nil, game{}, [][3]float32{{15, 5}, {15, 11}, {25, 28}}, unlucky0("a", 0), grunt("x", 1), grunt("y", 1))
	h.Play("activate m0")
	s := h.S()
	var into *engine.Action
	for _, a := range h.actions("get-moving") {
		p := engine.Pos{X: a.X, Y: a.Y}
		g := board.FlatGap(s, 0, p, 1)
		switch {
		case a.Target == 1:
			if g > board.Contact {
				t.Errorf("a move into Engagement with x ends %g\" away", g)
			}
			into = &a
		case g <= 1:
			t.Errorf("get-moving to %g,%g ends in x's Proximity (%g\")", a.X, a.Y, g)
		}
	}
	if into == nil {
		t.Fatal("no move into base contact with x")
	}
	h.Play(into.String())
	h.WantStatus("a", "engaged", "x", "engaged")
	h.WantLegal("back-off brawl end") // Engaged: Brawl and Back Off
	h.Play("brawl m0 >m1 #2")
	h.WantAsks("dice ff-test {Dice:4 Stat:5 Luck:0 Bonus:0 Unlucky:false LuckyBreak:false}") // knife 3S, +1 for moving into Engagement
	h.Play("d:1 2 3 9")
	h.wantCount("x", cHarm, 1)
}

// Seed 004, Engagement & Proximity: Proximity does not reach through a
// wall at least as tall as the model, nor more than 2" above its base;
// models more than 2" apart in height cannot Engage, and may when the
// higher base is no higher than the top of the lower model.
func TestProximityWallsAndHeights(t *testing.T) {
	b := &board.Board{Width: 30, Height: 30, Levels: []float64{0, 1.5, 2.5},
		Walls: []board.Wall{{A: board.Point{X: 8, Y: 11}, B: board.Point{X: 12, Y: 11}, Height: 3}, {A: board.Point{X: 18, Y: 11}, B: board.Point{X: 22, Y: 11}, Height: 1}}}
	h := onBoard(t, b, game{}, [][3]float32{{10, 20}, {10, 10}, {20, 10}, {5, 25}}, grunt("a", 0), grunt("x", 1), grunt("y", 1), grunt("z", 1))
	s := h.S()
	at := func(x, y float32, l int8) engine.Pos { return engine.Pos{X: x, Y: y, Level: l} }
	if inProximity(s, b, 0, at(10, 11.9, 0), 1) {
		t.Error("x's Proximity reaches through a 3\" wall")
	}
	if !inProximity(s, b, 0, at(20, 11.9, 0), 2) {
		t.Error("y's Proximity is stopped by a 1\" wall, lower than y")
	}
	if !inProximity(s, b, 0, at(10, 8.9, 1), 1) {
		t.Error("x's Proximity does not reach a model 1.5\" above it")
	}
	if inProximity(s, b, 0, at(10, 8.9, 2), 1) {
		t.Error("x's Proximity reaches 2.5\" above it")
	}
	// Engaging across heights: bases touching in plan, 1.5" apart: the
	// upper base is no higher than x's top (1.5" tall) — Engaged; 2.5"
	// apart — not.
	s.Models[0].Pos = at(10, 8.74, 1)
	if !engagedAt(s, b, 0, 1) {
		t.Error("not Engaged across 1.5\" of height")
	}
	s.Models[0].Pos = at(10, 8.74, 2)
	if engagedAt(s, b, 0, 1) {
		t.Error("Engaged across 2.5\" of height")
	}
	// With x 1" tall, a base 1.5" up is above its top.
	h2 := onBoard(t, b, game{}, [][3]float32{{10, 8.74, 1}, {10, 10}, {20, 10}, {5, 25}}, grunt("a", 0),
		with(grunt("x", 1), func(m *engine.ModelSetup) { m.Height = 1 }), grunt("y", 1), grunt("z", 1))
	if engagedAt(h2.S(), b, 0, 1) {
		t.Error("Engaged from above the top of a 1\" model")
	}
}

// Seed 004, Back Off: up to 2", not ending in an enemy's Proximity; the
// model is then no longer Engaged.
func TestBackOff(t *testing.T) {
	h := onBoard(t, nil, game{}, [][3]float32{{15, 10}, {15, 11.26}, {25, 28}}, grunt("a", 0), grunt("x", 1), grunt("y", 1))
	h.WantStatus("a", "engaged", "x", "engaged")
	h.Play("activate m0")
	bo := h.actions("back-off")
	if len(bo) == 0 {
		t.Fatal("no Back Off")
	}
	s := h.S()
	for _, a := range bo {
		p := engine.Pos{X: a.X, Y: a.Y}
		if g := board.FlatGap(s, 0, p, 1); g <= 1 {
			t.Errorf("back off to %g,%g ends %g\" from x: in its Proximity", a.X, a.Y, g)
		}
		if d := math.Hypot(float64(a.X-15), float64(a.Y-10)); d > 2+1e-3 {
			t.Errorf("back off moves %g\"", d)
		}
	}
	h.Play(bo[0].String())
	h.WantStatus("a", "unengaged", "x", "unengaged")
}

// Seed 004, Get Moving (Movement Orders): friends in the Control Area
// (Charisma inches, +2" Inspirational), unengaged and not Exhausted, each
// Take a Fatigue and move up to 8" (the seed; 12" for a second Fatigue
// only with order-hurry=yes, the blog's, rules.md §8); one order each.
func TestMovementOrders(t *testing.T) {
	for _, tc := range []struct {
		opts    map[string]string
		want    string
		order   string
		fatigue int
		reach   float64
	}{
		// b only: c (Exhausted) and far are beyond the 5" Control Area once a has moved; TestMovementOrdersNotForExhausted tests Exhaustion
		{nil, "movement-order m0,movement-order m0 >m1", "movement-order m0 >m1", 1, 8},
		{map[string]string{optOrderFar: "yes"}, "movement-order m0,movement-order m0 >m1,movement-order m0 >m1 #1", "movement-order m0 >m1 #1", 2, 12},
	} {
		pts := [][3]float32{{10, 5}, {12, 5}, {15, 5}, {25, 5}, {15, 28}}
		lead := profile(grunt("a", 0, "inspirational"), "C", 3) // Control Area 5"
		h := onBoard(t, nil, game{opts: tc.opts}, pts, lead, grunt("b", 0), grunt("c", 0), grunt("far", 0), grunt("x", 1))
		h.set("c", cFatigue, 2)
		h.Play("activate m0")
		h.Play(h.actions("get-moving")[0].String())
		var got []string
		for _, a := range h.actions("movement-order") {
			got = append(got, a.String())
		}
		if j := join(got); j != tc.want {
			t.Errorf("%v: orders %s, want %s", tc.opts, j, tc.want)
		}
		h.Play(tc.order)
		h.wantCount("b", cFatigue, tc.fatigue)
		bd := concrete(h.S())
		longest := 0.0
		for _, a := range h.actions("order-move") {
			d, ok := bd.PathLength(h.S(), 1, engine.Pos{X: a.X, Y: a.Y})
			if !ok || float64(d) > tc.reach+1e-3 {
				t.Errorf("%v: ordered move to %g,%g: %g\", want within %g", tc.opts, a.X, a.Y, d, tc.reach)
			}
			longest = max(longest, float64(d))
		}
		if longest < tc.reach-0.05 {
			t.Errorf("%v: the longest ordered move goes %.2f\", want the whole %g\"", tc.opts, longest, tc.reach)
		}
		h.Play(h.actions("order-move")[0].String())
		h.WantLegal("end open-fire") // no one left to order: a's second action (on a board Rummage needs a Search token, Patch Up Harm)
	}
}

func join(xs []string) string {
	out := ""
	for i, x := range xs {
		if i > 0 {
			out += ","
		}
		out += x
	}
	return out
}

// target returns the legal action with the given ID whose target is the
// model id, or nil.
func (h *harness) target(action, id string) *engine.Action {
	for _, a := range h.actions(action) {
		if a.Target == h.Model(id) {
			return &a
		}
	}
	return nil
}

// Seed 004, Engagement & Proximity (issue 11): models at most 2" apart in
// height Engage when the higher base is no higher than the top of the
// lower model, so a move may go into base contact with an enemy on
// another level within that rule: from the ground with one on a 1.5"
// gantry, and from the gantry with one below. The mover stays on its own
// level (paths do not climb); one 2.5" up, or above the top of a 1" tall
// model, is not offered.
func TestMoveIntoEngagementAcrossLevels(t *testing.T) {
	b := &board.Board{Width: 30, Height: 30, Levels: []float64{0, 1.5, 2.5}}
	short := with(unlucky0("v", 1), func(m *engine.ModelSetup) { m.Height = 1 })
	h := onBoard(t, b, game{}, [][3]float32{{10, 5}, {20, 5, 1}, {10, 11, 1}, {20, 11}, {4, 8, 2}, {26, 5}},
		unlucky0("a", 0), unlucky0("y", 0), unlucky0("x", 1), unlucky0("z", 1), unlucky0("w", 1), short)
	h.Play("activate m0")
	if h.target("get-moving", "w") != nil {
		t.Error("a move into base contact with w, 2.5\" up, is offered")
	}
	up := h.target("get-moving", "x")
	if up == nil {
		t.Fatal("no move from the ground into base contact with x on the 1.5\" gantry")
	}
	h.Play(up.String())
	h.WantStatus("a", "engaged", "x", "engaged")
	if l := h.S().Models[0].Pos.Level; l != 0 {
		t.Errorf("a ended on level %d, want the ground", l)
	}
	h.Play("brawl m0 >m2 #2")
	h.WantAsks("dice ff-test {Dice:4 Stat:5 Luck:0 Bonus:0 Unlucky:false LuckyBreak:false}") // knife 3S, +1 for moving into Engagement
	h.Play("d:9 9 9 9", "pass", "activate m1")
	if h.target("get-moving", "v") != nil {
		t.Error("a move into base contact with v is offered: the gantry is above the top of v (1\" tall)")
	}
	down := h.target("get-moving", "z")
	if down == nil {
		t.Fatal("no move from the gantry into base contact with z below")
	}
	h.Play(down.String())
	h.WantStatus("y", "engaged", "z", "engaged")
	if l := h.S().Models[1].Pos.Level; l != 1 {
		t.Errorf("y ended on level %d, want the gantry", l)
	}
}

// Seed 004, Engagement & Proximity, and doc.go: the seed stops Proximity
// 2" above a model's base and says nothing of below; we take the same 2"
// below (issue 11). A model on the ground may not move within 1", seen
// from above, of an unengaged enemy on a 1.5" gantry, nor pass through
// that Proximity, except in a move into base contact with it; 2.5" below
// an enemy it is out of reach.
func TestProximityBelow(t *testing.T) {
	b := &board.Board{Width: 30, Height: 30, Levels: []float64{0, 1.5, 2.5}}
	h := onBoard(t, b, game{}, [][3]float32{{10, 10}, {10, 17}, {10, 13, 1}, {20, 13, 2}, {25, 28}},
		unlucky0("a", 0), unlucky0("f", 0), unlucky0("x", 1), unlucky0("y", 1), unlucky0("z", 1))
	s := h.S()
	at := func(x, y float32, l int8) engine.Pos { return engine.Pos{X: x, Y: y, Level: l} }
	if !inProximity(s, b, 0, at(10, 11.9, 0), 2) {
		t.Error("x's Proximity does not reach 1.5\" below it")
	}
	if !inProximity(s, b, 0, at(10, 13, 0), 2) {
		t.Error("x's Proximity does not reach right under it")
	}
	if inProximity(s, b, 0, at(20, 11.9, 0), 3) {
		t.Error("y's Proximity reaches 2.5\" below it")
	}
	h.Play("activate m0")
	if n := h.wantPathsClear("get-moving", 8); n == 0 {
		t.Fatal("no moves")
	}
	if h.target("get-moving", "x") == nil {
		t.Error("no move into base contact with x")
	}
}

// Seed 004, Engagement & Proximity: Engaged models lose their Proximity.
// With x Engaged with b, a may end a move within 1" of x (here, in base
// contact with its friend f beside x); Backing Off, c may end within 1" of
// y, still Engaged with d once c has gone.
func TestEngagedModelsLoseProximity(t *testing.T) {
	pts := [][3]float32{{10, 5}, {10, 12.26}, {11.8, 11.5}, {20, 10}, {21.26, 11.26}, {10, 11}, {20, 11.26}, {5, 28}}
	h := onBoard(t, nil, game{}, pts, unlucky0("a", 0), unlucky0("b", 0), unlucky0("f", 0), unlucky0("c", 0), unlucky0("d", 0),
		unlucky0("x", 1), unlucky0("y", 1), unlucky0("z", 1))
	h.WantStatus("x", "engaged", "b", "engaged", "y", "engaged", "c", "engaged", "d", "engaged")
	s, x := h.S(), h.Model("x")
	near := engine.Pos{X: 11.46, Y: 10.28}
	if inProximity(s, concrete(s), 0, near, x) {
		t.Error("x, Engaged, has a Proximity")
	}
	h.Play("activate m0")
	var close *engine.Action
	for _, a := range h.actions("get-moving") {
		if g := board.FlatGap(h.S(), 0, engine.Pos{X: a.X, Y: a.Y}, x); a.Target == engine.NoModel && g > board.Contact && g <= 1 {
			close = &a
		}
	}
	if close == nil {
		t.Fatal("no move ends within 1\" of x, Engaged with b")
	}
	h.Play(close.String(), "movement-order m0", "end m0", "pass", "activate m3") // no orders
	y := h.Model("y")
	close = nil
	for _, a := range h.actions("back-off") {
		if g := board.FlatGap(h.S(), 3, engine.Pos{X: a.X, Y: a.Y}, y); g > board.Contact && g <= 1 {
			close = &a
		}
	}
	if close == nil {
		t.Fatal("no Back Off ends within 1\" of y, still Engaged with d")
	}
	h.Play(close.String())
	h.WantStatus("c", "unengaged", "y", "engaged", "d", "engaged")
}

// Seed 004, Get Moving, at a table: every Get Moving says the Fatigue it
// Takes, 1, as Hurry says its second (issue 11).
func TestGetMovingSaysItsFatigue(t *testing.T) {
	h := table(t, game{}, grunt("a", 0), grunt("x", 1))
	h.Play("activate m0")
	for _, tc := range []struct{ id, want string }{{"get-moving", "Taking 1 Fatigue"}, {"hurry", "Taking a second Fatigue"}} {
		as := h.actions(tc.id)
		if len(as) != 2 {
			t.Fatalf("%s: %v, want a plain move and one into base contact with x", tc.id, as)
		}
		for _, a := range as {
			if txt := engine.ActionText(h.S(), a); !strings.Contains(txt, tc.want) {
				t.Errorf("%q, want %q in it", txt, tc.want)
			}
		}
	}
}

// Seed 004, Engagement & Proximity (rules.md §5.2.5): an unengaged model's
// Proximity is the zone within 1" of its base, the edge included. With 1"
// bases: a base 1" from x's is in it; one 1.5" off, or 1.25", is not.
func TestProximityIsOneInch(t *testing.T) {
	h := onBoard(t, nil, game{}, [][3]float32{{10, 20}, {10, 10}}, inchBase(grunt("a", 0)), inchBase(grunt("x", 1)))
	s, b := h.S(), concrete(h.S())
	for _, tc := range []struct {
		x    float32 // a's centre, x's at 10,10
		want bool
	}{{12, true}, {12.25, false}, {12.5, false}} {
		if got := inProximity(s, b, 0, engine.Pos{X: tc.x, Y: 10}, 1); got != tc.want {
			t.Errorf("a %g\" from x: in its Proximity %v, want %v", tc.x-11, got, tc.want)
		}
	}
}

// Seed 004, Engagement & Proximity (rules.md §5.2.5): Proximity goes up to
// 2" above a model's base and no higher. a, 0.5" from x in plan, is in
// x's Proximity on a level exactly 2" up, and out of it 2.5" up.
func TestProximityReachesTwoInchesUp(t *testing.T) {
	b := &board.Board{Width: 30, Height: 30, Levels: []float64{0, 2, 2.5}}
	h := onBoard(t, b, game{}, [][3]float32{{10, 20}, {10, 10}}, inchBase(grunt("a", 0)), inchBase(grunt("x", 1)))
	s := h.S()
	if !inProximity(s, b, 0, engine.Pos{X: 10, Y: 11.5, Level: 1}, 1) {
		t.Error("x's Proximity does not reach a model exactly 2\" above its base")
	}
	if inProximity(s, b, 0, engine.Pos{X: 10, Y: 11.5, Level: 2}, 1) {
		t.Error("x's Proximity reaches a model 2.5\" above its base")
	}
}

// Seed 004, Engagement & Proximity (rules.md §5.2.5): models whose bases
// are more than 2" apart in height cannot Engage; 2" is still allowed. x
// is 3" tall, so the other height rule (the higher base no higher than
// the lower model's top) allows both cases below: only the 2" limit tells
// them apart.
func TestEngageAcrossAtMostTwoInches(t *testing.T) {
	b := &board.Board{Width: 30, Height: 30, Levels: []float64{0, 2, 2.5}}
	tall := with(inchBase(grunt("x", 1)), func(m *engine.ModelSetup) { m.Height = 3 })
	h := onBoard(t, b, game{}, [][3]float32{{10, 20}, {10, 10}}, inchBase(grunt("a", 0)), tall)
	s := h.S()
	s.Models[0].Pos = engine.Pos{X: 10, Y: 11, Level: 1} // bases touching seen from above, 2" up
	if !engagedAt(s, b, 0, 1) {
		t.Error("not Engaged across exactly 2\" of height")
	}
	s.Models[0].Pos = engine.Pos{X: 10, Y: 11, Level: 2} // 2.5" up
	if engagedAt(s, b, 0, 1) {
		t.Error("Engaged across 2.5\" of height")
	}
}

// Seed 004, Control Area (rules.md §5.2.5), Open Fire and Get Moving: a
// friend whose base is Charisma inches from the model's, exactly, is in its
// Control Area (Inspirational adds 2"), so it may give Supporting Fire and
// take Movement Orders; half an inch farther, neither. With 1" bases, a
// Charisma 3 model: the edge at 3", and at 5" when Inspirational.
func TestControlAreaEdge(t *testing.T) {
	for _, tc := range []struct {
		name string
		kw   []string
		edge float32
	}{{"plain", nil, 3}, {"inspirational", []string{"inspirational"}, 5}} {
		t.Run(tc.name, func(t *testing.T) {
			lead := inchBase(grunt("a", 0, tc.kw...))
			// b exactly at the edge, c half an inch beyond, x to shoot at.
			pts := [][3]float32{{5, 10}, {6 + tc.edge, 10}, {5, 11.5 + tc.edge}, {15, 20}}
			h := onBoard(t, nil, game{}, pts, lead, inchBase(grunt("b", 0)), inchBase(grunt("c", 0)), inchBase(grunt("x", 1)))
			s := h.S()
			if !canBeOrdered(s, 0, 1) {
				t.Errorf("b, %g\" away, may not be given Movement Orders", tc.edge)
			}
			if canBeOrdered(s, 0, 2) {
				t.Errorf("c, %g\" away, may be given Movement Orders", tc.edge+0.5)
			}
			h.Play("activate m0", "open-fire m0 >m3 #0")
			var got []string
			for _, a := range h.actions("supporting-fire") {
				got = append(got, a.String())
			}
			if j := join(got); j != "supporting-fire m0 >m1" {
				t.Errorf("Supporting Fire %s, want from b alone", j)
			}
		})
	}
}

// Seed 004, Get Moving (Movement Orders), and Fatigue (rules.md §5.2.1,
// §5.2.4): each ordered model Takes a Fatigue, which an Exhausted one
// cannot, so it is not offered an order. Here c is unengaged, in a's
// Control Area after a's move and not yet ordered: Exhausted, it is left
// out; the same position with c Weary offers it one (b, beside it, is
// offered one either way).
func TestMovementOrdersNotForExhausted(t *testing.T) {
	for _, tc := range []struct {
		fatigue int
		want    bool
	}{{2, false}, {1, true}} {
		pts := [][3]float32{{10, 10}, {12, 10}, {10, 12}, {25, 28}}
		h := onBoard(t, nil, game{}, pts, grunt("a", 0), grunt("c", 0), grunt("b", 0), grunt("x", 1))
		h.set("c", cFatigue, tc.fatigue)
		h.Play("activate m0")
		var next *engine.Action
		for _, a := range h.actions("get-moving") {
			if a.Target == engine.NoModel && board.FlatGap(h.S(), 0, engine.Pos{X: a.X, Y: a.Y}, 1) < 1 {
				next = &a // a stays close to c
				break
			}
		}
		if next == nil {
			t.Fatal("no move ends near c")
		}
		h.Play(next.String())
		s := h.S()
		if !withinCA(s, 0, 1) || status(s, 1) != unengaged || s.Has(1, cOrdered) {
			t.Fatal("c is out of a's Control Area, Engaged or ordered: the test shows nothing")
		}
		if h.target("movement-order", "b") == nil {
			t.Fatal("no Movement Orders offered")
		}
		if got := h.target("movement-order", "c") != nil; got != tc.want {
			t.Errorf("c with %d Fatigue: offered an order %v, want %v", tc.fatigue, got, tc.want)
		}
	}
}

// wantPathsClear checks each offered move of the active model (action id,
// up to reach inches) on the path the game measures it on (board.Router
// with moveZones), point by point every hundredth of an inch, with the
// ruleset's own test of Proximity (inProximity): no point of it is inside
// the Proximity of an enemy other than the move's target that the model
// was not inside at its start (seed 004, Engagement & Proximity), its
// length is within reach, and a move into base contact ends touching its
// target. It returns how many moves it checked.
func (h *harness) wantPathsClear(id string, reach float64) int {
	h.T.Helper()
	s := h.S()
	bd := concrete(s)
	m := s.Turn.Model
	from := s.Models[m].Pos
	var rt board.Router
	n := 0
	for _, a := range h.actions(id) {
		n++
		to := engine.Pos{X: a.X, Y: a.Y, Level: from.Level}
		var zone [engine.MaxModels]int8
		rt.Reset(bd, s, m, reach, moveZones(s, bd, m, nil, &zone))
		goal := -1
		if a.Target != engine.NoModel {
			goal = int(zone[a.Target])
		}
		path, ok := rt.Path(to, goal, nil)
		if !ok {
			h.T.Errorf("%v: no path the game measures", a)
			continue
		}
		total := 0.0
		for i := 1; i < len(path); i++ {
			u, v := path[i-1], path[i]
			l := math.Hypot(v.X-u.X, v.Y-u.Y)
			total += l
			for k := 0; k <= int(l*100); k++ {
				f := float64(k) / math.Max(1, l*100)
				p := engine.Pos{X: float32(u.X + f*(v.X-u.X)), Y: float32(u.Y + f*(v.Y-u.Y)), Level: from.Level}
				for e := range s.Models {
					if e != a.Target && s.Models[e].InPlay && enemy(s, m, e) && !inProximity(s, bd, m, from, e) && inProximity(s, bd, m, p, e) {
						h.T.Errorf("%v: its path %v passes %v, in %s's Proximity", a, path, p, s.Static(e).ID)
						return n
					}
				}
			}
		}
		if total > reach+1e-4 {
			h.T.Errorf("%v: its path %v is %.3f\" long, more than %v\"", a, path, total, reach)
		}
		if a.Target != engine.NoModel && board.FlatGap(s, m, to, a.Target) > board.Contact {
			h.T.Errorf("%v: ends %.3f\" from its target", a, board.FlatGap(s, m, to, a.Target))
		}
	}
	return n
}

// Seed 004, Get Moving and Engagement & Proximity, judged on the path the
// move takes (issue 31, 1): with a box between a and its friend f, and x
// standing by the box's near corner, the way round the box within 8"
// passes through x's Proximity, so nothing behind the box is offered,
// although the board's path round the box alone, to base contact with f,
// is within 8" (it was offered before, its straight line being clear of
// x). Every move offered keeps out of x's Proximity all along its path.
func TestMovesGoRoundProximity(t *testing.T) {
	b := &board.Board{Width: 30, Height: 30, Levels: []float64{0},
		Boxes: []board.Box{{X0: 8, Y0: 7.5, X1: 9, Y1: 25, Height: 3}}}
	h := onBoard(t, b, game{}, [][3]float32{{5, 8}, {11, 9.5}, {10, 5.6}, {25, 28}},
		unlucky0("a", 0), unlucky0("f", 0), unlucky0("x", 1), unlucky0("y", 1))
	h.Play("activate m0")
	s := h.S()
	if d, ok := b.PathLength(s, 0, engine.Pos{X: 9.7, Y: 9}); !ok || d > 8 {
		t.Fatalf("the setup is wrong: round the box to f is %v %v, want within 8\"", d, ok)
	}
	for _, a := range h.actions("get-moving") {
		if a.X > 9 && a.Y > 7.5 && a.Target == engine.NoModel {
			t.Errorf("%v is offered: behind the box, its only way within 8\" passes x's Proximity", a)
		}
	}
	if n := h.wantPathsClear("get-moving", 8); n == 0 {
		t.Fatal("no moves")
	}
	h.wantPathsClear("hurry", 12)
}

// Seed 004, Get Moving and Engagement & Proximity (issue 31, 2): a move
// whose straight line would cross x's Proximity is offered when a path
// round it, within 8", exists: a, 1.5" to one side of the line from a to
// its friend f with x on it, moves into base contact with f, going round.
func TestMovesBendRoundProximity(t *testing.T) {
	h := onBoard(t, nil, game{}, [][3]float32{{5, 10}, {12, 10}, {8.6, 9.2}, {25, 28}},
		unlucky0("a", 0), unlucky0("f", 0), unlucky0("x", 1), unlucky0("y", 1))
	h.Play("activate m0")
	s := h.S()
	var to *engine.Action
	for _, a := range h.actions("get-moving") {
		if g := board.FlatGap(s, 0, engine.Pos{X: a.X, Y: a.Y}, 1); g <= board.Contact && a.X < 12 {
			to = &a
		}
	}
	if to == nil {
		t.Fatalf("no move into base contact with f; moves %v", h.actions("get-moving"))
	}
	if g, _ := board.FlatPassGap(s, 0, engine.Pos{X: to.X, Y: to.Y}, 2); g > 1 {
		t.Fatalf("the setup is wrong: the straight line to f passes %.2f\" from x, outside its Proximity", g)
	}
	h.wantPathsClear("get-moving", 8)
	h.Play(to.String())
	h.WantStatus("a", "unengaged", "x", "unengaged")
}

// Seed 004, Engagement & Proximity (issue 31, 3): a move into base
// contact with x may enter x's Proximity but no other enemy's; y stands
// between a and x, so the straight approach crosses y's Proximity, and the
// game offers the approach from another side, within 8".
func TestChargeFromAnotherSide(t *testing.T) {
	h := onBoard(t, nil, game{}, [][3]float32{{5, 10}, {8.2, 10}, {11, 10}, {25, 28}},
		unlucky0("a", 0), unlucky0("y", 1), unlucky0("x", 1), unlucky0("z", 1))
	h.Play("activate m0")
	into := h.target("get-moving", "x")
	if into == nil {
		t.Fatalf("no move into base contact with x; moves %v", h.actions("get-moving"))
	}
	s := h.S()
	if g, _ := board.FlatPassGap(s, 0, board.ContactPoint(s, 0, 2), 1); g > 1 {
		t.Fatalf("the setup is wrong: the straight approach passes %.2f\" from y", g)
	}
	h.wantPathsClear("get-moving", 8)
	h.Play(into.String())
	h.WantStatus("a", "engaged", "x", "engaged", "y", "unengaged")
}

// Seed 004, Get Moving (Movement Orders): each ordered model moves, once
// in a Get Moving. The ordered move reads as the ordered model's move
// ("b moves ... (ordered by a)", not "Ordered move a → b", which reads as
// if a moved), and once it has moved its orders are done: the state shows
// it ordered no more, and it is not offered a second order in the same
// Get Moving (issue 31, item 8).
func TestOrderedMoveSaysWhoMoves(t *testing.T) {
	h := table(t, game{}, grunt("a", 0), grunt("b", 0), grunt("c", 0), grunt("x", 1))
	h.Play("activate m0", "get-moving m0", "movement-order m0 >m1", "f:1") // b within a's Control Area
	if !h.S().Has(h.Model("b"), cOrdered) {
		t.Error("b, given its orders, is not shown ordered")
	}
	var texts []string
	for _, a := range h.actions("order-move") {
		texts = append(texts, engine.ActionText(h.S(), a))
	}
	if got, want := strings.Join(texts, "; "), `b moves up to 8" (ordered by a); b moves up to 8" into base contact with x (ordered by a)`; got != want {
		t.Errorf("ordered moves %q, want %q", got, want)
	}
	h.Play("order-move m0 >m1")
	an, err := h.G.Annotate()
	if err != nil {
		t.Fatal(err)
	}
	if l := engine.LogLines(h.S(), an[len(an)-1:])[0]; l.Action != `b moves up to 8" (ordered by a)` {
		t.Errorf("the log line's action %q", l.Action)
	}
	if h.S().Has(h.Model("b"), cOrdered) {
		t.Error("b has moved and is still shown ordered")
	}
	if h.target("movement-order", "b") != nil || h.target("movement-order", "c") == nil {
		t.Errorf("after b's ordered move the orders are %v; want c's, not b's again", h.actions("movement-order"))
	}
	h.Play("movement-order m0")
	if s := h.S(); s.Vars[vOrdered] != 0 || s.Vars[vOrder] != 0 {
		t.Errorf("the Get Moving's orders are over, yet remembered: order %d, ordered %b", s.Vars[vOrder], s.Vars[vOrdered])
	}
}

// Seed 004, Get Moving, judged on the path (issue 31 audit): with x in the
// way, the full 8" straight past it is too far once the path goes round
// x's Proximity, so the list also offers the point 8" along that path; a
// person may type any destination the path reaches within 8"
// (engine.ActionDef.Unlisted), and one it does not is refused with the
// path's length.
func TestMovesPastAnEnemy(t *testing.T) {
	h := onBoard(t, nil, game{}, [][3]float32{{5, 10}, {2, 25}, {9, 10}, {25, 28}},
		unlucky0("a", 0), unlucky0("f", 0), unlucky0("x", 1), unlucky0("y", 1))
	h.Play("activate m0")
	s := h.S()
	bd := concrete(s)
	var rt board.Router
	var zone [engine.MaxModels]int8
	rt.Reset(bd, s, 0, 12, moveZones(s, bd, 0, nil, &zone))
	past := 0
	for _, a := range h.actions("get-moving") {
		if a.Target == engine.NoModel && a.X > 11.5 && math.Abs(float64(a.Y)-10) < 3 {
			past++
		}
	}
	if past == 0 {
		t.Errorf("no move past x is offered: %v", h.actions("get-moving"))
	}
	h.wantPathsClear("get-moving", 8)

	far := engine.Pos{X: 13, Y: 10, Level: 0}
	if l, ok := rt.Length(far); ok && l <= 8 {
		t.Fatalf("the setup is wrong: %v is %.2f\" round x", far, l)
	}
	if err := h.G.Apply(engine.Action{ID: "get-moving", Actor: 0, Target: engine.NoModel}.At(13, 10)); err == nil || !strings.Contains(err.Error(), "Proximity") {
		t.Errorf("a typed move 8\" straight through x's Proximity: %v", err)
	}
	near := engine.Pos{X: 11.5, Y: 11.5, Level: 0}
	l, ok := rt.Length(near)
	if g, _ := board.FlatPassGap(s, 0, near, 2); !ok || l > 8 || g > 1 {
		t.Fatalf("the setup is wrong: %v is %.2f\" (%v) round x, the straight line %.2f\" from it", near, l, ok, g)
	}
	if err := h.G.Apply(engine.Action{ID: "get-moving", Actor: 0, Target: 1}.At(3, 24)); err == nil || !strings.Contains(err.Error(), "f is not an enemy") {
		t.Errorf("a typed move into contact with a friend: %v", err)
	}
	h.Play("get-moving m0 @11.5,11.5")
	if p := h.S().Models[0].Pos; p.X != 11.5 || p.Y != 11.5 {
		t.Errorf("a typed move within 8\" round x: a stands at %v", p)
	}
}

// Seed 004, Get Moving: a move may end anywhere within reach. When the
// sampled destinations all fail (rules audit: sprocket on the near
// gantry of Junction Yard, the points towards and away from every model
// cut short at the gantry's ledges or round enemies' Proximity), the fan
// round the model is listed, so that the model keeps its action and a
// typed destination is judged, not refused for want of a listed one.
func TestGetMovingFallsBackOnTheFan(t *testing.T) {
	reg := &engine.Registry{}
	reg.Register(New())
	sc, ok := Samples().Find("falloutfactions", "junction-yard")
	if !ok {
		t.Fatal("no junction-yard")
	}
	su, err := sc.Setup(reg, "")
	if err != nil {
		t.Fatal(err)
	}
	at := map[string][3]float32{"kessa": {11.25, 11.04, 0}, "knuckles": {18.04, 11, 0}, "sprocket": {22.81, 3.19, 1},
		"ida": {12.08, 13.2, 0}, "voss": {12.46, 17.84, 0}, "dutch": {6.35, 20.72, 1}, "wren": {20, 21.5, 0}, "cole": {14.75, 14.77, 0}}
	su.Models = slices.DeleteFunc(su.Models, func(m engine.ModelSetup) bool { _, ok := at[m.ID]; return !ok }) // out of action by then
	for i := range su.Models {
		p := at[su.Models[i].ID]
		su.Models[i].Start = engine.Pos{X: p[0], Y: p[1], Level: int8(p[2])}
	}
	if len(su.Models) != len(at) {
		t.Fatalf("%d models placed, want %d", len(su.Models), len(at))
	}
	h := start(t, su)
	m := h.Model("sprocket")
	if s := h.S(); s.SideOf(m) != s.Turn.Side {
		t.Fatalf("sprocket's crew does not go first")
	}
	h.Play(fmt.Sprintf("activate m%d", m))
	moves := h.actions("get-moving")
	if len(moves) == 0 {
		t.Fatalf("no Get Moving for sprocket: %s", h.Legal())
	}
	bd := concrete(h.S())
	for _, a := range moves {
		if d, ok := bd.PathLength(h.S(), m, engine.Pos{X: a.X, Y: a.Y, Level: 1}); !ok || d > 8+1e-3 {
			t.Errorf("get moving to %g,%g: %g\", want within 8\"", a.X, a.Y, d)
		}
	}
	typed := fmt.Sprintf("get-moving m%d @26,2", m)
	a, err := engine.ParseAction(typed)
	if err != nil {
		t.Fatal(err)
	}
	if !h.G.IsLegal(a) {
		t.Fatalf("%s refused: %v", typed, h.G.WhyNot(a))
	}
	h.Play(typed, "c:pass") // its Turn over, its crew keeps the Teamwork token
	if p := h.S().Models[m].Pos; p.X != 26 || p.Y != 2 {
		t.Errorf("sprocket is at %v, want 26,2", p)
	}
}

// Seed 004, Back Off: up to 2", ending out of every Proximity it leaves.
// With a wall right behind the model (rules audit), the sampled points
// straight back are blocked and the fan round it is listed; a typed
// destination is judged on its own (between the listed points, beside
// the wall), and one too far or in the enemy's Proximity is refused.
func TestBackOffAnywhereWithin2(t *testing.T) {
	b := &board.Board{Width: 24, Height: 24, Levels: []float64{0}, Walls: []board.Wall{{A: board.Point{X: 4, Y: 4.1}, B: board.Point{X: 6, Y: 4.1}, Height: 3}}}
	h := onBoard(t, b, game{}, [][3]float32{{5, 5}, {5, 6.26}}, grunt("r", 0), grunt("x", 1))
	h.WantStatus("r", "engaged", "x", "engaged")
	h.Play("activate m0")
	bo := h.actions("back-off")
	if len(bo) == 0 {
		t.Fatalf("no Back Off with a wall behind: %s", h.Legal())
	}
	for _, a := range bo {
		if g := board.FlatGap(h.S(), 0, engine.Pos{X: a.X, Y: a.Y}, 1); g <= 1 {
			t.Errorf("back off to %g,%g ends %g\" from x: in its Proximity", a.X, a.Y, g)
		}
	}
	h.wantRefused("back-off m0 @5,9", "within 2\"")    // too far
	h.wantRefused("back-off m0 @6.4,5.6", "Proximity") // beside the enemy
	h.wantRefused("back-off m0 @5,3.7", "within 2\"")  // through the wall
	h.wantRefused("back-off m0 >m1 @3,5", "not a model")
	h.Play("back-off m0 @3.2,4.7")
	h.WantStatus("r", "unengaged", "x", "unengaged")
}

// Seed 004, Movement Orders: the ordered model moves up to 8" like a Get
// Moving of its own, so a typed destination is judged as one (rules
// audit: only the listed points were taken), and one out of reach or for
// another model is refused.
func TestOrderedMoveTyped(t *testing.T) {
	pts := [][3]float32{{10, 5}, {12, 5}, {15, 28}}
	h := onBoard(t, nil, game{}, pts, profile(grunt("a", 0), "C", 3), grunt("b", 0), grunt("x", 1))
	h.Play("activate m0")
	h.Play("get-moving m0 @10,6", "movement-order m0 >m1")
	listed := h.actions("order-move")
	const typed = "order-move m0 >m1 @12.37,11.21"
	for _, a := range listed {
		if a.String() == typed {
			t.Fatalf("%s is listed: the test wants one that is not", typed)
		}
	}
	h.wantRefused("order-move m0 >m1 @12,14.5", "more than the move's 8\"")
	h.wantRefused("order-move m0 >m0 @12,8", "name it (>b)")
	h.Play(typed)
	if p := h.S().Models[1].Pos; p.X != 12.37 || p.Y != 11.21 {
		t.Errorf("b is at %v, want 12.37,11.21", p)
	}
}

// Seed 004, a Turn is one or two actions (rules.md §5.3): on a board a
// model walled in, with no enemy in sight, nothing to Patch Up and no
// Search token near, has none, and is not offered a Turn: activating it
// ended its Turn idle and, Exhausted, spent a Ploy token on its Second
// Wind for nothing (rules audit). A friend that can act still is.
func TestNoTurnWithNothingToDo(t *testing.T) {
	b := &board.Board{Width: 30, Height: 30, Levels: []float64{0}}
	for _, w := range [][4]float64{{9.3, 9.3, 10.7, 9.3}, {10.7, 9.3, 10.7, 10.7}, {10.7, 10.7, 9.3, 10.7}, {9.3, 10.7, 9.3, 9.3}} {
		b.Walls = append(b.Walls, board.Wall{A: board.Point{X: w[0], Y: w[1]}, B: board.Point{X: w[2], Y: w[3]}, Height: 3})
	}
	for _, fatigue := range []int{0, 2} { // 2: Exhausted, only Second Wind could give it a Turn
		h := onBoard(t, b, game{tier0: 1}, [][3]float32{{10, 10}, {20, 5}, {20, 20}}, grunt("r", 0), grunt("f", 0), grunt("x", 1))
		if h.side(0, sPloys) == 0 {
			t.Fatal("the crew has no Ploy token to spend")
		}
		h.set("r", cFatigue, fatigue) // before the decision is first listed
		h.WantLegal("activate:f pass")
	}
}

// Seed 004, Back Off: at a table the players move the model and say
// whether it ended within 1" of an enemy it leaves (in its Proximity): a
// yes refuses the Back Off, changing nothing, for them to try again; a no
// leaves both unengaged (rules audit: it was taken whatever the table
// showed). An enemy still Engaged with another model has no Proximity to
// keep out of, and none is asked about when none is left.
func TestTableBackOffAsks(t *testing.T) {
	h := table(t, game{}, grunt("a", 0), grunt("x", 1))
	h.engage("a", "x")
	h.Play("activate m0", "back-off m0")
	h.WantAsks("fact within-any")
	before, n := h.S().Clone(), len(h.G.Log().Entries)
	var ill *engine.IllegalError
	if err := h.G.Answer(engine.FactQ, engine.Reply{Value: 1}); !errors.As(err, &ill) || !strings.Contains(ill.Reason, "a Back Off must end out of it") {
		t.Fatalf("a Back Off into Proximity: %v, want it refused", err)
	}
	if ok, why := before.Equal(h.S()); !ok || len(h.G.Log().Entries) != n {
		t.Fatalf("a refused Back Off changed the game: %s", why)
	}
	h.Play("back-off m0", "f:0")
	h.WantStatus("a", "unengaged", "x", "unengaged")

	h = table(t, game{}, grunt("a", 0), grunt("b", 0), grunt("x", 1))
	h.engage("a", "x")
	h.engage("b", "x")
	h.Play("activate m0", "back-off m0")
	h.WantAsks("nothing")
	h.WantStatus("a", "unengaged", "x", "engaged")
}
