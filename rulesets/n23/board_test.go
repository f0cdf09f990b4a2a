package n23

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
)

// On a board the ruleset keeps facing (seed 002, Changing Facing): at
// deployment every model faces the nearest enemy; a move leaves it facing
// the way it went; a turn faces the enemy picked. A turn that changes
// nothing is no turn, so a Standing and Engaged fighter already facing its
// foe takes no penalty for it.
func TestFacingOnBoard(t *testing.T) {
	pts := [][2]float32{{5, 5}, {5, 15}, {20, 5}, {20, 20}}
	h := onBoard(t, nil, nil, pts, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	if got := h.S().Count(0, cFacing); got != 90 {
		t.Errorf("w deployed facing %d°, want 90° (b, due north)", got)
	}
	h.Play("activate m0", "turn m0 >m3")
	if got, want := h.S().Count(0, cFacing), heading(5, 5, 20, 20); got != want {
		t.Errorf("turned to %d°, want %d°", got, want)
	}
	for _, a := range h.G.Legal() {
		if a.ID == "move" {
			h.Play(a.String())
			p := h.S().Models[0].Pos
			if got, want := h.S().Count(0, cFacing), heading(5, 5, float64(p.X), float64(p.Y)); got != want {
				t.Errorf("after moving to %v: facing %d°, want %d°", p, got, want)
			}
			break
		}
	}

	// Engaged from deployment, facing the foe already: turning to it is no
	// turn and costs nothing.
	pts = [][2]float32{{5, 5}, {6, 5}, {20, 5}, {20, 20}}
	h = onBoard(t, nil, nil, pts, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.WantStatus("w", "standing/engaged", "b", "standing/engaged")
	h.Play("activate m0")
	for a, want := range map[string]string{
		"turn m0 >m1":  "Turn w → b",                                                         // faces b already: no turn, no cost
		"turn m0 #180": "Turn w to face 180° (Engaged: −1 on its hit rolls this activation)", // a turn while Engaged
	} {
		x, _ := engine.ParseAction(a)
		if got := engine.ActionText(h.S(), x); got != want {
			t.Errorf("%s reads %q, want %q", a, got, want)
		}
	}
	h.Play("turn m0 >m1")
	if h.S().Has(0, cTurned) {
		t.Error("turning to face the way it already faced counted as a turn")
	}
	h.Play("fight m0 >m1")
	h.WantAsks("dice n23-test {Target:4 Mods:[] Save:false}")
}

// Seed 002, Changing Facing: a fighter turns to face any direction its
// player wishes. On a board the list offers a turn to face each enemy and
// one heading for each other set of enemies the vision arc can take in
// (the package doc). w at 5,5 faces b (90°, due north); b2 is at 45°.
// With a 90° arc and 1" bases b is in the arc facing 43°–137° and b2
// facing 359°–91°: the sets are {b2} (359°–42°, its middle 20°), {b, b2}
// (43°–91°, w's own and both enemies'), {b} (92°–137°, 114°) and none
// (138°–358°, 248°). A turn to face b, which w faces already, is no turn
// and is not listed (a person may still take it).
func TestTurnAnyHeadingOnBoard(t *testing.T) {
	pts := [][2]float32{{5, 5}, {5, 15}, {20, 5}, {20, 20}}
	h := onBoard(t, nil, nil, pts, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0")
	if got, want := turnList(h), "turn m0 #20, turn m0 #114, turn m0 #248, turn m0 >m3"; got != want { // it faces b already
		t.Errorf("turns:\n got %s\nwant %s", got, want)
	}
	x, _ := engine.ParseAction("turn m0 #114")
	if got, want := engine.ActionText(h.S(), x), "Turn w to face 114°"; got != want {
		t.Errorf("%q, want %q", got, want)
	}

	// Any whole-degree heading a person types is legal too, listed or
	// not; a heading out of range, a friend to face or a place is refused,
	// naming what is wrong, and changes nothing.
	for _, bad := range []string{"turn m0 #360", "turn m0 #-1", "turn m0 #9999"} {
		h.refused(bad, "is out of range: the option (#) is a whole degree from 0 to 359")
	}
	h.refused("turn m0 >m2", "w2 is not an enemy in play to face")
	h.refused("turn m0 @3,3", "not a place")
	h.Play("turn m0 #180") // due west, not listed: neither enemy in the 90° arc
	if got := h.S().Count(0, cFacing); got != 180 {
		t.Errorf("facing %d°, want 180°", got)
	}
	h.WantLegal("charge end move take-cover") // no Shoot, no Aim: nobody in the arc

	// Stand Up faces any of the same headings, the set w's old facing
	// holds too (a Prone fighter has none), and any typed heading.
	h = onBoard(t, nil, nil, pts, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.ForceBoth("w", prone, pinned)
	h.Play("activate m0")
	var stands []string
	for _, a := range h.G.Legal() {
		if a.ID == "stand-up" {
			stands = append(stands, a.String())
		}
	}
	if got, want := strings.Join(stands, ", "), "stand-up m0 #20, stand-up m0 #114, stand-up m0 #248, stand-up m0 >m1, stand-up m0 >m3"; got != want {
		t.Errorf("stand-ups:\n got %s\nwant %s", got, want)
	}
	h.refused("stand-up m0 #360", "heading 360 is out of range")
	h.Play("stand-up m0 #271")
	if got := h.S().Count(0, cFacing); got != 271 {
		t.Errorf("stood up facing %d°, want 271°", got)
	}

	// At a table the players turn the model: no heading to type.
	h = two(t, nil)
	h.Play("activate m0")
	h.refused("turn m0 #137", "at a table the players turn the model themselves")
}

// turnList is the active model's turns on offer, in the list's order.
func turnList(h *harness) string {
	var turns []string
	for _, a := range h.G.Legal() {
		if a.ID == "turn" {
			turns = append(turns, a.String())
		}
	}
	return strings.Join(turns, ", ")
}

// Seed 002, Changing Facing, on a board: the turns listed reach every set
// of enemies that any whole-degree heading puts in the vision arc (by
// inArc, the rule the Shoot and Fight use), and no two headings in degrees
// reach the same set, nor the one the fighter has already; checked for
// every fighter at each of several random positions, arcs 90° and 180°.
func TestTurnsReachEveryArcSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 23))
	for _, arc := range []string{"90", "180"} {
		for trial := range 40 {
			var pts [][2]float32
			for range 6 {
				pts = append(pts, [2]float32{1 + 22*rng.Float32(), 1 + 22*rng.Float32()})
			}
			if !apart(pts) {
				continue
			}
			h := onBoard(t, nil, map[string]string{optArc: arc}, pts,
				ganger("a", 0), ganger("b", 1), ganger("c", 0), ganger("d", 1), ganger("e", 0), ganger("f", 1))
			h.Play("activate m0")
			s := h.S()
			set := func(facing int) uint64 {
				c := s.Clone()
				c.Models[0].Counters[cFacing] = int16(facing)
				var in uint64
				for n := range c.Models {
					if enemy(c, 0, n) && inArc(c, 0, n) {
						in |= 1 << n
					}
				}
				return in
			}
			offered := map[uint64]bool{set(int(s.Count(0, cFacing))): true}
			degrees := map[uint64]int{}
			for _, a := range h.G.Legal() {
				if a.ID != "turn" {
					continue
				}
				hd := a.Option
				if a.Target != engine.NoModel {
					hd = headingTo(s, 0, a.Target)
				} else if prev, dup := degrees[set(hd)]; dup || offered[set(hd)] {
					t.Errorf("arc %s trial %d: #%d reaches the set of #%d or of a listed turn", arc, trial, hd, prev)
				}
				if a.Target == engine.NoModel {
					degrees[set(hd)] = hd
				}
				offered[set(hd)] = true
			}
			for hd := range 360 {
				if !offered[set(hd)] {
					t.Errorf("arc %s trial %d at %v: facing %d° puts %b in the arc, which no listed turn does", arc, trial, pts, hd, set(hd))
				}
			}
		}
	}
}

// apart reports whether 1" bases at pts are clear of each other.
func apart(pts [][2]float32) bool {
	for i := range pts {
		for j := i + 1; j < len(pts); j++ {
			if math.Hypot(float64(pts[i][0]-pts[j][0]), float64(pts[i][1]-pts[j][1])) < 1.2 {
				return false
			}
		}
	}
	return true
}

// The shared rule for falls (rules.md §2.3.5): a fighter Pinned within ½"
// of a ledge fails its Agility test and falls 4", which costs a wound; b's
// only wound gone, the injury die says it is for the fall.
func TestFallInjuryDie(t *testing.T) {
	b := &board.Board{Width: 24, Height: 24, Levels: []float64{0, 4},
		Ledges: []board.Ledge{{A: board.Point{X: 0, Y: 10, Level: 1}, B: board.Point{X: 24, Y: 10, Level: 1}, Below: 0}}}
	h := onBoard(t, b, nil, [][2]float32{{10, 4}, {10, 10.3}, {2, 2}, {22, 2}}, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.S().Models[1].Pos.Level = 1
	h.Play("activate m0", "shoot m0 >m1 #0", "d:4") // a hit: b is Pinned at the ledge
	h.WantAsks("dice n23-test {Target:4 Mods:[] Save:false}")
	h.Play("d:2") // the Agility test fails: b falls
	h.WantAsks("dice n23-injury {Dice:1}")
	if p, want := h.prompt(), "Injury die for b (from the fall) — Lamplighters: roll 1 injury die"; !strings.HasPrefix(p, want) {
		t.Errorf("prompt %q, want it to start %q", p, want)
	}
}

// On a board a Fight at a foe outside the fighter's vision arc turns it to
// face (the Close Combat page): the turn penalty applies to its hits.
func TestFightTurnsToFace(t *testing.T) {
	pts := [][2]float32{{5, 5}, {6, 5}, {5, 6}, {20, 20}}
	h := onBoard(t, nil, nil, pts, ganger("w", 0), ganger("b", 1), ganger("b3", 1), ganger("w2", 0))
	h.S().Models[0].Counters[cFacing] = 0 // facing b (east); b3 is north
	h.Play("activate m0", "fight m0 >m2")
	h.WantAsks("dice n23-test {Target:4 Mods:[-1] Save:false}")
}

// On a board a Charge reaches base contact when a path of M + D3" does,
// Engaging both; else it stops as close as it may, more than 1" from other
// enemies.
func TestChargeOnBoard(t *testing.T) {
	pts := [][2]float32{{5, 3}, {5, 11}, {20, 20}, {20, 3}}
	h := onBoard(t, nil, nil, pts, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "charge m0 >m1", "d:4") // 5 + 2 = 7": the gap is 7"
	h.WantStatus("w", "standing/engaged", "b", "standing/engaged")
	if g := board.GapAt(h.S(), 0, h.S().Models[0].Pos, 1); g > board.Contact {
		t.Errorf("the charge ended %.2f\" from b", g)
	}
	h.WantLegal("fight")

	h = onBoard(t, nil, nil, pts, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "charge m0 >m1", "d:1") // 6": short
	h.WantStatus("w", "standing/active")
	if g := board.GapAt(h.S(), 0, h.S().Models[0].Pos, 1); g <= 1 {
		t.Errorf("a charge that fell short ended %.2f\" from b", g)
	}
}

// On a board a Retreat that passes goes straight away from the foes,
// ending more than 1" from every enemy.
func TestRetreatOnBoard(t *testing.T) {
	pts := [][2]float32{{5, 5}, {6, 5}, {20, 20}, {20, 3}}
	h := onBoard(t, nil, nil, pts, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "retreat m0", "d:4", "d:3")
	h.WantStatus("w", "standing/active", "b", "standing/active")
	p := h.S().Models[0].Pos
	if p.X >= 5 || board.GapAt(h.S(), 0, p, 1) < 1 {
		t.Errorf("retreated to %v, want west of 5 and more than 1\" from b", p)
	}
}

// Nerve tests on a board: only friends the board finds within 3".
func TestNerveOnBoard(t *testing.T) {
	pts := [][2]float32{{5, 3}, {5, 12}, {20, 20}, {6, 13}, {15, 22}}
	h := onBoard(t, nil, nil, pts, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1), ganger("b3", 1))
	h.S().Models[0].Counters[cFacing] = 90
	h.Play("activate m0", "shoot m0 >m1 #0", "d:4", "d:4", "d:1", "d:ooa")
	h.WantAsks("dice n23-check {Value:7 Mods:[] Dice:2}") // b2 is within 3"; b3 is not
	h.Play("d:1 2")
	if !h.S().Has(3, cBroken) || h.S().Has(4, cBroken) {
		t.Error("want b2 Broken and b3 not")
	}
}

// A vehicle's Ram on a board: it drives straight at its target; reaching it
// the target dodges or is hit; the vehicle faces the way it went.
func TestRamOnBoard(t *testing.T) {
	pts := [][2]float32{{5, 3}, {5, 10}, {20, 20}, {20, 3}}
	car := crawler("car", 0)
	car.Base = 2
	h := onBoard(t, nil, nil, pts, car, ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "ram m0 >m1")
	h.WantAsks("dice n23-test {Target:4 Mods:[1] Save:false}") // b dodges on 4+, +1 Standing
	h.Play("d:6")
	if got := h.S().Count(0, cFacing); got != 90 {
		t.Errorf("the car faces %d°, want 90°", got)
	}
	if g := board.GapAt(h.S(), 0, h.S().Models[0].Pos, 1); g > board.Contact {
		t.Errorf("the ram ended %.2f\" from b", g)
	}
	h.WantStatus("b", "standing/active")
}

// The vision arc's width is an option: at 180° a fighter facing east may
// shoot a target due north-east and north, not west.
func TestVisionArcOption(t *testing.T) {
	pts := [][2]float32{{10, 10}, {10, 20}, {0.5, 10}, {20, 20}}
	for _, tc := range []struct {
		arc  string
		want map[int]bool // target → may shoot
	}{
		{"90", map[int]bool{1: false, 2: false, 3: true}},
		{"180", map[int]bool{1: true, 2: false, 3: true}},
		{"360", map[int]bool{1: true, 2: true, 3: true}},
	} {
		h := onBoard(t, nil, map[string]string{optArc: tc.arc}, pts, ganger("w", 0), ganger("b", 1), ganger("b2", 1), ganger("b3", 1))
		h.S().Models[0].Counters[cFacing] = 0
		h.Play("activate m0")
		got := map[int]bool{1: false, 2: false, 3: false}
		for _, a := range h.G.Legal() {
			if a.ID == "shoot" {
				got[a.Target] = true
			}
		}
		for target, want := range tc.want {
			if got[target] != want {
				t.Errorf("arc %s: may shoot %s: %v, want %v", tc.arc, h.S().Static(target).ID, got[target], want)
			}
		}
	}
}

// Seed 002, Charge: a Charge that falls short moves its whole M + D3"
// straight at the target, at any slant (not a few hundredths short, or a
// quarter inch back, from rounding to the board's hundredths of an inch);
// a Retreat moves its whole distance straight away.
func TestShortMovesGoTheirWholeDistance(t *testing.T) {
	froms, tos := enginetest.Slants()
	for i, from := range froms {
		h := onBoard(t, nil, nil, [][2]float32{from, tos[i], {4, 22}, {22, 22}},
			ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
		h.Play("activate m0", "charge m0 >m1", "d:1") // M5 + D3 of 1: short of b
		w := h.S().Models[0].Pos
		enginetest.MovedWhole(t, "a short charge", from, w, 6)
		if g := board.GapAt(h.S(), 0, w, 1); g <= 1 {
			t.Errorf("a short charge from %v ended %.2f\" from b; want more than 1\"", from, g)
		}
	}
	for i := range 12 {
		a := 0.3 + float64(i)*0.11
		from := [2]float32{8 + float32(i)*0.137, 8 + float32(i%5)*0.29}
		foe := [2]float32{from[0] - float32(math.Cos(a)), from[1] - float32(math.Sin(a))} // in base contact
		h := onBoard(t, nil, nil, [][2]float32{from, foe, {4, 22}, {22, 22}},
			ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
		h.Play("activate m0", "retreat m0", "d:4", "d:3") // Initiative passed; 3" away
		enginetest.MovedWhole(t, "a retreat away from "+fmt.Sprint(foe), from, h.S().Models[0].Pos, 3)
	}
}

// Seed 002, Changing Facing: a Prone fighter has no facing and its
// controlling player picks one when it stands. With
// recovery-flesh-wound=standing a Flesh Wound on the End phase's Recovery
// test stands b up: on a board the Rustjaws are asked which way it faces,
// from Stand Up's headings, the nearest enemy (w) first; at a table
// nothing is asked (TestEndPhase), as for Stand Up.
func TestRecoveryStandsFacingChosen(t *testing.T) {
	pts := [][2]float32{{5, 5}, {5, 15}, {20, 5}, {20, 20}}
	si := with(ganger("b", 1), func(m *engine.ModelSetup) { m.Status, m.Secondary = "prone", "seriously-injured" })
	round := []string{"activate m0", "end m0", "activate m1", "end m1", "activate m2", "end m2", "activate m3", "end m3"}
	for _, tc := range []struct {
		answer string
		want   int
	}{
		{"w2", heading(5, 15, 20, 5)},
		{"w", heading(5, 15, 5, 5)},
	} {
		h := onBoard(t, nil, map[string]string{optRecoveryFW: "standing"}, pts, ganger("w", 0), si, ganger("w2", 0), ganger("b2", 1))
		h.Play(round...)
		h.Play("d:1", "d:fw") // the Bottle check holds; the Recovery test: a Flesh Wound
		p := h.G.Pending()
		if p == nil || p.Kind != engine.ChoiceQ || p.Who != 1 || p.Key != "stand-facing" {
			t.Fatalf("after the Flesh Wound: pending %+v, want the Rustjaws' choice of b's facing", p)
		}
		if len(p.Options) < 3 || p.Options[0] != "w" || !slices.Contains(p.Options, "w2") || !strings.HasSuffix(p.Options[2], "-degrees") {
			t.Errorf("options %v, want w (the nearest enemy) first, then w2 and headings in degrees", p.Options)
		}
		h.Play("c:"+tc.answer, "d:6", "d:1") // and round 2's Priority roll
		h.WantStatus("b", "standing/active")
		if got := h.S().Count(1, cFacing); got != tc.want {
			t.Errorf("b stood facing %s at %d°, want %d°", tc.answer, got, tc.want)
		}
	}

	// A heading in degrees faces that way; it puts its own set of enemies
	// in the arc.
	h := onBoard(t, nil, map[string]string{optRecoveryFW: "standing"}, pts, ganger("w", 0), si, ganger("w2", 0), ganger("b2", 1))
	h.Play(round...)
	h.Play("d:1", "d:fw")
	opt := h.G.Pending().Options[2]
	h.Play("c:"+opt, "d:6", "d:1")
	var deg int
	fmt.Sscanf(opt, "%d-degrees", &deg)
	if got := h.S().Count(1, cFacing); got != deg {
		t.Errorf("b stood facing %d°, want %s", got, opt)
	}
}

// rules.md §3.3, Crawl Through Ductway: it needs a ductway within 1". A
// board without ducts, or a table whose scenario says it has none (option
// ductways, none by default), never offers it, and says why; a table that
// has some offers it (the players say whether the fighter is at one), as
// does a board with a duct's end within 1".
func TestDuctwayOnlyWhereThereAreDucts(t *testing.T) {
	pts := [][2]float32{{2.5, 2}, {5, 15}, {20, 5}, {20, 20}}
	models := func() []engine.ModelSetup {
		return []engine.ModelSetup{ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1)}
	}
	offered := func(h *harness) bool {
		return slices.ContainsFunc(h.G.Legal(), func(a engine.Action) bool { return a.ID == "crawl-through-ductway" })
	}
	for _, tc := range []struct {
		name  string
		h     func() *harness
		offer bool
		why   string
	}{
		{"table, no ductways (the default)", func() *harness { return two(t, nil) }, false, "the table has no ductways (the scenario's option ductways is none)"},
		{"table with ductways", func() *harness { return two(t, map[string]string{optDucts: "some"}) }, true, ""},
		{"board without ducts", func() *harness { return onBoard(t, nil, nil, pts, models()...) }, false, "the board has no ductways"},
		{"board, a duct's end within 1\"", func() *harness {
			b := &board.Board{Width: 24, Height: 24, Levels: []float64{0}, Ducts: []board.Duct{{A: board.Point{X: 2, Y: 3}, B: board.Point{X: 20, Y: 12}}}}
			return onBoard(t, b, nil, pts, models()...)
		}, true, ""},
		{"board, a duct far off", func() *harness {
			b := &board.Board{Width: 24, Height: 24, Levels: []float64{0}, Ducts: []board.Duct{{A: board.Point{X: 12, Y: 12}, B: board.Point{X: 20, Y: 12}}}}
			return onBoard(t, b, nil, pts, models()...)
		}, false, "it is not within 1\" of a ductway"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := tc.h()
			h.Play("activate m0")
			if got := offered(h); got != tc.offer {
				t.Fatalf("Crawl Through Ductway offered: %v, want %v", got, tc.offer)
			}
			if !tc.offer {
				h.refused("crawl-through-ductway m0", tc.why)
			}
		})
	}
}

// rules.md §3.3, Charge (Double): M + D3" into base contact, else as close
// as it may. A Charge that could neither reach its target nor get any
// closer, whatever the roll, would spend both actions for nothing (the
// package doc's choice): it is not offered, and saying it gets the reason.
// w stands on a gantry (level 1), its base's edge on the ledge: b, on the
// ground beyond the ledge, can be neither reached (another level) nor
// approached (the ledge bars every step towards it); b2, on the gantry,
// can.
func TestChargeWithNoRoomNotOffered(t *testing.T) {
	b := &board.Board{Width: 24, Height: 24, Levels: []float64{0, 3},
		Boxes:  []board.Box{{X0: 0, Y0: 16, X1: 24, Y1: 24, Height: 3}},
		Ledges: []board.Ledge{{A: board.Point{X: 0, Y: 16, Level: 1}, B: board.Point{X: 24, Y: 16, Level: 1}, Below: 0}}}
	models := []engine.ModelSetup{ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1)}
	for i, p := range []engine.Pos{{X: 10, Y: 16.5, Level: 1}, {X: 10, Y: 10}, {X: 2, Y: 2}, {X: 20, Y: 22, Level: 1}} {
		models[i].Start = p
	}
	h := start(t, &engine.Setup{Rounds: 3, Mode: "board", Board: b,
		Sides: []engine.SideSetup{{Name: "Lamplighters"}, {Name: "Rustjaws"}}, Models: models})
	h.Play("activate m0")
	var charges []string
	for _, a := range h.G.Legal() {
		if a.ID == "charge" {
			charges = append(charges, a.String())
		}
	}
	if got, want := strings.Join(charges, ", "), "charge m0 >m3"; got != want {
		t.Errorf("charges on offer: %s, want %s", got, want)
	}
	h.refused("charge m0 >m1", "w could neither reach b nor get any closer to it, whatever its M + D3\" (no room to move)")
	h.refused("charge m0 >m2", "w2 is not an enemy in play")

	// At a table the players move the model: every enemy may be charged.
	h = two(t, nil)
	h.Play("activate m0", "charge m0 >m1", "f:1", "d:2", "f:0")
}

// chargeMoves' shortcuts (the shortest step first; a shorter roll's first
// end only, where its other ends are the best roll's) agree with trying
// each roll of the D3 as resolveCharge moves: base contact within
// M + D3", else a straight move towards the target. Every fighter that may
// Charge at every enemy in seeded random games of the board sample, whose
// gantry strands its fighters.
func TestChargeMovesAgreesWithEachRoll(t *testing.T) {
	reg := &engine.Registry{}
	reg.Register(New())
	sm, _ := Samples().Find("n23", "scrapyard-run")
	su, err := sm.Setup(reg, "")
	if err != nil {
		t.Fatal(err)
	}
	checked, stuck := 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		g, err := engine.New(New(), su, engine.Config{Seed: seed, Dice: engine.SampledDice, Players: engine.Bots(2)})
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over() {
			s := g.State()
			if m := s.Turn.Model; m != engine.NoModel && ready(s, m) {
				for n := range s.Models {
					if !enemy(s, m, n) || down(s, n) {
						continue
					}
					want := false
					for d3 := 1; d3 <= 3; d3++ {
						reach := float64(s.Stat(m, sM) + d3)
						_, contact := contactWithin(s, m, n, reach)
						_, closer := closerEnd(s, m, n, reach, shy(s, m))
						want = want || contact || closer
					}
					if got := chargeMoves(s, m, n); got != want {
						t.Fatalf("seed %d: %s at %v charging %s at %v: chargeMoves %v, each roll says %v",
							seed, s.Static(m).ID, s.Models[m].Pos, s.Static(n).ID, s.Models[n].Pos, got, want)
					}
					checked++
					if !want {
						stuck++
					}
				}
			}
			if _, err := g.Step(); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d charges checked, %d going nowhere", checked, stuck)
	if stuck == 0 || checked == stuck {
		t.Errorf("%d charges checked, %d stuck: want both kinds", checked, stuck)
	}
}

// rules.md §2.3.5, kept for N23 (our reading, board.KeepsOff): a Standing
// fighter within 1" of a Standing enemy but not in base contact (the enemy
// stood up beside it) may still Move, away or round, never closer.
func TestMoveFromWithinOneInch(t *testing.T) {
	pts := [][2]float32{{5, 5}, {6.6, 5}, {20, 5}, {20, 20}}
	h := onBoard(t, nil, nil, pts, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.WantStatus("w", "standing/active", "b", "standing/active")
	start := board.GapAt(h.S(), 0, h.S().Models[0].Pos, 1)
	h.Play("activate m0")
	moves := 0
	for _, a := range h.G.Legal() {
		if a.ID == "move" && a.HasPos {
			moves++
			if g := board.PassGap(h.S(), 0, engine.Pos{X: a.X, Y: a.Y}, 1); g < start-1e-6 {
				t.Errorf("%s comes %.2f\" from b, closer than the %.2f\" it starts at", a, g, start)
			}
		}
	}
	if moves == 0 {
		t.Fatalf("w, %.1f\" from b and not Engaged, has no Move", start)
	}
	closer := engine.Action{ID: "move", Actor: 0, Target: engine.NoModel}.At(5.3, 5)
	if why := h.G.WhyNot(closer); !strings.Contains(why, "within 1\"") {
		t.Errorf("a typed move closer to b: %q", why)
	}
	if err := h.G.Apply(engine.Action{ID: "move", Actor: 0, Target: engine.NoModel}.At(2.13, 5.37)); err != nil {
		t.Errorf("a typed move away from b: %v", err)
	}
}

// Seed 002, Changing Facing (issue 31 audit): a Standing fighter's facing
// is shown whichever way it faces, 0° (towards the table's +x edge)
// included; a Prone one's is not, since it faces no way until it stands.
func TestFacingShown(t *testing.T) {
	pts := [][2]float32{{5, 5}, {15, 5}, {5, 20}, {20, 20}}
	h := onBoard(t, nil, nil, pts, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	in := h.G.Info()
	c := cFacing
	if got := h.S().Count(0, cFacing); got != 0 {
		t.Fatalf("the setup is wrong: w faces %d°, want 0°", got)
	}
	j, _ := json.Marshal(h.S())
	if !in.CounterShown(h.S(), 0, c) || !strings.Contains(string(j), `"counters":{"facing":0,`) {
		t.Errorf("a Standing fighter facing 0°: shown %v; JSON %s", in.CounterShown(h.S(), 0, c), j)
	}
	h.Force("w", prone)
	if in.CounterShown(h.S(), 0, c) {
		t.Error("a Prone fighter's facing is shown")
	}
}
