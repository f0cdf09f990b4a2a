package trenchcrusade

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
)

// four is a table game: w (m0) and b (m1) face off; w2 (m2) and b2 (m3)
// stand by.
func four(t *testing.T, opts map[string]string, mods ...func(m *engine.ModelSetup)) *harness {
	ms := []engine.ModelSetup{trooper("w", 0), trooper("b", 1), trooper("w2", 0), trooper("b2", 1)}
	for i, f := range mods {
		if f != nil {
			ms[i] = with(ms[i], f)
		}
	}
	return table(t, opts, ms...)
}

// shootAt plays w's Shoot at b at a table up to its Success Roll: in sight,
// in range, level, no cover, within half range, w2 not within 1" of b.
var shootAt = []string{"shoot m0 >m1 #0", "f:0", "f:1", "f:1", "f:0", "f:0", "f:1", "f:0"}

func (h *harness) counter(id string, c int) int { return h.S().Count(h.Model(id), c) }

// Seed 003 (rules.md §4.2.1): the Injury Roll's four results: no effect;
// a Minor Hit places a Blood marker; Down places one and lays the model
// Down, or two when it already is; Out of Action removes it.
func TestInjuryResults(t *testing.T) {
	for _, tc := range []struct {
		name   string
		armour int
		down   bool
		faces  string
		status string
		blood  int
	}{
		{"no-effect", -3, false, "1 1", "standing", 0}, // 2 − 3
		{"minor-hit", 0, false, "1 1", "standing", 1},
		{"minor-hit/6", 0, false, "3 3", "standing", 1},
		{"down", 0, false, "3 4", "down", 1},
		{"down/8", 0, false, "4 4", "down", 1},
		{"down-again", 0, true, "3 4", "down", 2},
		{"out-of-action", 0, false, "4 5", "gone", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := four(t, nil, nil, func(m *engine.ModelSetup) { m.Profile[sArmour] = tc.armour })
			if tc.down {
				h.Force("b", down)
			}
			h.Play("activate m0")
			h.Play(shootAt...)
			h.Play("d:4 4")
			mods := "[]"
			if tc.armour != 0 {
				mods = "[-3]"
			}
			h.WantAsks("dice tc-injury {Dice:0 Mods:" + mods + "}")
			h.Play("d:" + tc.faces)
			if tc.status == "down" && !tc.down {
				h.WantAsks("fact near-ledge") // within 1" of a ledge?
				h.Play("f:0")
			}
			h.WantStatus("b", tc.status)
			if tc.status != "gone" {
				if got := h.counter("b", cBlood); got != tc.blood {
					t.Errorf("b has %d Blood markers, want %d", got, tc.blood)
				}
			}
		})
	}
}

// rules.md §4.3 Blood markers: at most six on a model; more are not placed.
func TestBloodCapped(t *testing.T) {
	h := four(t, nil, nil, func(m *engine.ModelSetup) { m.Counters = map[string]int{"blood": 6} })
	h.Play("activate m0")
	h.Play(shootAt...)
	h.Play("d:4 4", "c:0", "d:1 1") // spend none; a Minor Hit
	if got := h.counter("b", cBlood); got != 6 {
		t.Errorf("b has %d Blood markers, want 6", got)
	}
	if got := h.Events("minor-hit"); len(got) != 1 {
		t.Errorf("events %v", h.Events())
	}
}

// rules.md §4.3 (Armour, TOUGH): the first time a TOUGH model would go Out
// of Action it goes Down instead; the next time it is out.
func TestTough(t *testing.T) {
	h := four(t, nil, nil, func(m *engine.ModelSetup) { m.Keywords = []string{"tough"} })
	h.Play("activate m0")
	h.Play(shootAt...)
	h.Play("d:4 4", "d:6 6", "f:0")
	h.WantStatus("b", "down")
	h.Play("end m0", "activate m1") // b stands up
	h.WantStatus("b", "standing")
	h.Play("end m1", "activate m2", "shoot m2 >m1 #0", "f:0", "f:1", "f:1", "f:0", "f:0", "f:1", "f:0", "d:4 4", "c:0", "d:6 6") // none of b's Blood spent
	h.WantStatus("b", "gone")
}

// Seed 003 (rules.md §4.2.2): the sources of injury dice and modifiers.
// The attacker may spend the target's Blood markers (+1 die each), the
// target's player its Blessing markers (−1 each); a critical adds one; the
// weapon's own; the Armour characteristic and kit (armour, shield) add
// negative modifiers, which count for at most −3 together.
func TestInjuryDiceSources(t *testing.T) {
	h := four(t, nil,
		func(m *engine.ModelSetup) {
			m.Gear[0].Stats = map[string]int{"range": 24, "injury-dice": 1, "injury-mod": 1}
		},
		func(m *engine.ModelSetup) {
			m.Profile[sArmour] = -2
			m.Gear = append(m.Gear, engine.Gear{Name: "shield", Kind: "shield", Stats: map[string]int{"injury-mod": -1}},
				engine.Gear{Name: "armour", Kind: "armour", Stats: map[string]int{"injury-mod": -1}})
			m.Counters = map[string]int{"blood": 3, "blessing": 2}
		})
	h.Play("activate m0")
	h.Play(shootAt...)
	h.Play("d:6 6 ") // a critical
	h.WantAsks("choice spend-blood")
	if p := h.G.Pending(); p.Who != 0 || !slices.Equal(p.Options, []string{"0", "1", "2", "3"}) {
		t.Fatalf("the Vigil should choose 0–3 of b's Blood markers: %v", p)
	}
	h.Play("c:3")
	h.WantAsks("choice spend-blessing")
	if p := h.G.Pending(); p.Who != 1 {
		t.Fatalf("b's own player spends its Blessings, not side %d", p.Who)
	}
	h.Play("c:1")
	// 1 (weapon) + 1 (critical) + 3 (Blood) − 1 (Blessing) = +4 dice; +1 and
	// −2 −1 −1 = −4 modifiers, capped at −3 by the roll.
	h.WantAsks("dice tc-injury {Dice:4 Mods:[1 -4]}")
	h.Play("d:1 1 1 1 2 3") // 2 + 3 + 1 − 3 = 3: a Minor Hit
	if h.counter("b", cBlood) != 1 || h.counter("b", cBlessing) != 1 {
		t.Errorf("blood %d blessing %d; want the 3 spent and 1 placed, 1 Blessing left", h.counter("b", cBlood), h.counter("b", cBlessing))
	}
}

// Seed 003 (rules.md §4.2.2, §6.3-f): a melee attack on a Down target adds
// one injury die, once.
func TestMeleeAgainstDown(t *testing.T) {
	h := four(t, nil)
	h.Force("b", down)
	h.Play("activate m0", "fight m0 >m1", "f:1", "d:4 4")
	h.WantAsks("dice tc-injury {Dice:1 Mods:[]}")
	h.Play("d:6 5 4")
	h.WantStatus("b", "gone")
}

// Seed 003 (rules.md §4.2.2 Falling, §4.2.3): a model taken Down within 1"
// of a ledge makes a Success Roll; failed, it falls, and 3" or more is an
// Injury Roll with +1 injury die per full 3"; then it is taken Down. The
// ledge roll comes first, before the Down result's Blood marker is placed,
// so the opponent has no marker of it to spend against that roll.
func TestDownAtLedgeFalls(t *testing.T) {
	h := four(t, nil)
	h.Play("activate m0", shootAt[0])
	if p := h.G.Pending(); p == nil || p.Kind != engine.FactQ || p.Rolled {
		t.Errorf("the shot's first measurement: %+v, want one before any die", p)
	}
	h.Play(shootAt[1:]...)
	h.Play("d:4 4", "d:3 4") // down
	// The ledge is asked after dice (engine.Prompt.Rolled): it cannot be
	// measured before the shot, as its sight is (issue 32).
	if p := h.G.Pending(); p == nil || p.Key != "near-ledge" || !p.Rolled {
		t.Errorf("the ledge question: %+v, want it marked as after the dice", p)
	}
	h.Play("f:1") // within 1" of a ledge
	h.WantAsks("dice tc-success {Dice:0 Mods:[] NaturalCrit:false}")
	if got := h.counter("b", cBlood); got != 0 {
		t.Errorf("b has %d Blood markers at its ledge roll, want 0: the marker comes after", got)
	}
	h.Play("d:2 3")         // failed: it falls
	h.WantAsks("fact fall") // how far?
	h.Play("f:650")         // 6.5": two full 3"; b has no Blood marker to spend yet
	h.WantAsks("dice tc-injury {Dice:2 Mods:[]}")
	h.Play("d:1 2 1 1")
	h.WantStatus("b", "down")
	if got := h.counter("b", cBlood); got != 2 {
		t.Errorf("b has %d Blood markers, want 2 (a Minor Hit from the fall, then Down)", got)
	}
	// The boundary (the audit found it untested): a fall of exactly 3" is an
	// Injury Roll with +1 injury die; 2.99" is none.
	for _, tc := range []struct {
		fall string
		asks string
	}{{"f:300", "dice tc-injury {Dice:1 Mods:[]}"}, {"f:299", ""}} {
		h = four(t, nil)
		h.Play("activate m0")
		h.Play(shootAt...)
		h.Play("d:4 4", "d:3 4", "f:1", "d:2 3", tc.fall)
		if tc.asks != "" {
			h.WantAsks(tc.asks)
			continue
		}
		if strings.HasPrefix(h.Asks(), "dice tc-injury") {
			t.Errorf("a %s fall asks %s; want no Injury Roll", tc.fall, h.Asks())
		}
		h.WantStatus("b", "down")
	}
	// The fall's own Injury Roll lays it Down at the ledge's foot: no
	// second ledge roll (at a table a "yes" to the ledge would ask again
	// without end, issue 32); Down, then the first Down result's two more
	// markers on a model already Down.
	h = four(t, nil)
	h.Play("activate m0")
	h.Play(shootAt...)
	h.Play("d:4 4", "d:3 4", "f:1", "d:2 3", "f:650", "d:3 4 1 1")
	if strings.Contains(h.Asks(), "near-ledge") {
		t.Errorf("asks %s after the fall: a second ledge roll", h.Asks())
	}
	h.WantStatus("b", "down")
	if got := h.counter("b", cBlood); got != 3 {
		t.Errorf("b has %d Blood markers, want 3 (Down from the fall, then Down again)", got)
	}
	// A Success at the ledge: Down in place.
	h = four(t, nil)
	h.Play("activate m0")
	h.Play(shootAt...)
	h.Play("d:4 4", "d:3 4", "f:1", "d:4 3")
	h.WantStatus("b", "down")
	if got := h.Events("fell"); len(got) != 0 {
		t.Errorf("events %v: b fell after a Success", got)
	}
}

// Seed 003, Down results: a model that fails its ledge roll falls from the
// nearest ledge, landing at the foot of that ledge (not below the first one
// listed, and not under the level it fell from: board.Landing).
func TestFallFromNearestLedge(t *testing.T) {
	b := &board.Board{Width: 24, Height: 24, Levels: []float64{0, 3, 6},
		Ledges: []board.Ledge{
			{A: board.Point{X: 0, Y: 20, Level: 2}, B: board.Point{X: 24, Y: 20, Level: 2}, Below: 1}, // far, 3" drop
			{A: board.Point{X: 0, Y: 10, Level: 2}, B: board.Point{X: 24, Y: 10, Level: 2}, Below: 0}, // near, 6" drop
		}}
	ms := []engine.ModelSetup{trooper("w", 0), trooper("b", 1), trooper("w2", 0), trooper("b2", 1)}
	for i, p := range []engine.Pos{{X: 4, Y: 2}, {X: 12, Y: 10.8, Level: 2}, {X: 2, Y: 2}, {X: 20, Y: 14, Level: 2}} {
		ms[i].Start = p
	}
	h := start(t, &engine.Setup{Rounds: 3, Mode: "board", Board: b, Sides: []engine.SideSetup{{Name: "Vigil"}, {Name: "Choir"}}, Models: ms})
	h.Play("activate m0", "shoot m0 >m1 #0", "d:4 4 4", "d:3 4") // beyond half range (−1 DICE); Down, 0.3" from the near ledge
	h.Play("d:2 3")                                              // the ledge roll fails
	h.WantAsks("dice tc-injury {Dice:2 Mods:[]}")                // a 6" fall: two injury dice
	h.Play("d:1 1 1 1")
	if lvl := h.S().Models[1].Pos.Level; lvl != 0 {
		t.Errorf("b landed on level %d, want 0, below the nearest ledge", lvl)
	}
	// at the ledge's foot: beyond its line, base edge touching it
	if p, r := h.S().Models[1].Pos, h.S().Static(1).Base/2; p.X != 12 || math.Abs(10-float64(p.Y)-r) > 0.02 {
		t.Errorf("b landed at (%v, %v), want at the ledge's foot, (12, %.2f)", p.X, p.Y, 10-r)
	}
}

// Seed 003, Injury Roll: every injury die counts, however many there are
// (here 11: the weapon's 3, a critical, the Down target in melee and six
// Blood markers spent).
func TestEveryInjuryDieCounts(t *testing.T) {
	h := four(t, nil, func(m *engine.ModelSetup) { m.Gear[1].Stats = map[string]int{"injury-dice": 3} },
		func(m *engine.ModelSetup) { m.Counters = map[string]int{"blood": 6} })
	h.Force("b", down)
	h.Play("activate m0", "fight m0 >m1", "f:1", "d:6 6", "c:6") // a critical; all six Blood markers
	h.WantAsks("dice tc-injury {Dice:11 Mods:[]}")
	if p := h.G.Pending(); !strings.Contains(p.Text, "roll 13 D6 (2, +11 injury dice) and add the two highest") {
		t.Errorf("prompt %q", p.Text)
	}
}

// Seed 003, Down results: rolls taken for a Down model are at −1 DICE; an
// enemy that is Down still strikes a model retreating from it, at −1 DICE.
func TestDownEnemyStrikesRetreat(t *testing.T) {
	h := four(t, nil)
	h.Force("b", down)
	h.Play("activate m0", "retreat m0", "f:1", "f:1", "c:strike") // an enemy within 1"; b within 1"
	h.WantAsks("dice tc-success {Dice:-1 Mods:[] NaturalCrit:false}")
	if p := h.G.Pending(); p.Who != 1 || !strings.HasPrefix(p.Text, "Melee attack for b against w (club) — Choir: roll 3 D6 (2, -1 die) and add the two lowest") {
		t.Errorf("side %d, prompt %q", p.Who, p.Text)
	}
}

// Seed 003 (rules.md §4.2.3): a model taken Down in its own activation ends
// it at once (here by a strike as it retreats).
func TestDownEndsOwnActivation(t *testing.T) {
	h := four(t, nil)
	h.Play("activate m0", "retreat m0")
	h.WantAsks("fact within-any") // an enemy within 1"? (Retreat needs one)
	h.Play("f:1")
	h.WantAsks("fact within")                          // is b within 1"?
	h.Play("f:1", "c:strike", "d:4 4", "d:3 4", "f:0") // b strikes: w Down, not by a ledge
	h.WantStatus("w", "down")
	h.WantLegal("activate:b activate:b2")
}

// Seed 003 (rules.md §4.2.3): a Down model stands when it next activates,
// its Movement halved for that activation (the Charge bonus too).
func TestStandUpHalvesMovement(t *testing.T) {
	h := onBoard(t, nil, nil, [][2]float32{{4, 4}, {20, 4}, {4, 20}, {20, 20}},
		trooper("w", 0), trooper("b", 1), trooper("w2", 0), trooper("b2", 1))
	h.Force("w", down)
	h.Play("activate m0")
	h.WantStatus("w", "standing")
	for _, a := range h.G.Legal() {
		if a.ID == "move" && a.HasPos {
			if d := hyp(float64(a.X)-4, float64(a.Y)-4); d > 3+1e-3 {
				t.Errorf("%s: %.2f\" after standing up, want at most 3\"", a, d)
			}
		}
	}
}

// Seed 003, Down: the halving after standing up takes in the Charge's D6
// too: Movement 6 and a 5 charge 5.5", not 11" (the audit found the
// halving of the dice untested); at a table the action says so.
func TestStandUpHalvesTheCharge(t *testing.T) {
	h := onBoard(t, nil, nil, [][2]float32{{4, 4}, {14, 4}, {4, 20}, {20, 20}},
		trooper("w", 0), trooper("b", 1), trooper("w2", 0), trooper("b2", 1))
	h.Force("w", down)
	h.Play("activate m0", "charge m0 >m1", "d:5")
	if p := h.S().Models[0].Pos; math.Abs(float64(p.X)-9.5) > 0.02 || p.Y != 4 {
		t.Errorf("a Charge of (6 + 5) / 2 after standing up ended at %v; want 5.5\" on, at 9.5,4", p)
	}
	th := table(t, nil, trooper("w", 0), trooper("b", 1))
	g := th.G
	th.Force("w", down)
	th.Play("activate m0")
	charges := 0
	for _, a := range g.Legal() {
		if a.ID == "charge" {
			charges++
			if got, want := engine.ActionText(g.State(), a), "half of 6\" + D6\", having stood up"; !strings.Contains(got, want) {
				t.Errorf("the Charge reads %q; want it to say %q", got, want)
			}
		}
	}
	if charges == 0 {
		t.Errorf("no Charge offered at the table; legal %s", th.Legal())
	}
}

// rules.md §4.3 Initiative: the warband with fewer models standing has the
// Initiative and chooses who activates first; a tie is rolled off.
func TestInitiative(t *testing.T) {
	su := &engine.Setup{Rounds: 2, Mode: "table", Sides: []engine.SideSetup{{Name: "Vigil"}, {Name: "Choir"}},
		Models: []engine.ModelSetup{trooper("w", 0), trooper("w2", 0), trooper("b", 1)}}
	g, err := engine.New(New(), su, engine.Config{Seed: 1, Dice: engine.PhysicalDice})
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{&enginetest.Script{T: t, G: g}}
	if p := g.Pending(); p == nil || p.Key != "first" || p.Who != 1 {
		t.Fatalf("asks %s; want the Choir (fewer models) to choose who goes first", h.Asks())
	}
	h.Play("c:them")
	h.WantLegal("activate:w activate:w2")
	// A tie: a roll-off, highest wins, ties rolled again.
	su = &engine.Setup{Rounds: 2, Mode: "table", Sides: []engine.SideSetup{{Name: "Vigil"}, {Name: "Choir"}},
		Models: []engine.ModelSetup{trooper("w", 0), trooper("b", 1)}}
	g, _ = engine.New(New(), su, engine.Config{Seed: 1, Dice: engine.PhysicalDice})
	h = &harness{&enginetest.Script{T: t, G: g}}
	h.Play("d:4", "d:4")
	if p := g.Pending(); p == nil || !strings.Contains(p.Text, "Initiative roll-off again, the last one tied") {
		t.Errorf("the roll-off after a tie asks %+v, want it to say it follows a tie", p)
	}
	h.Play("d:2", "d:5")
	if p := g.Pending(); p == nil || p.Key != "first" || p.Who != 1 {
		t.Fatalf("asks %s; want the Choir, who won the roll-off, to choose", h.Asks())
	}
}

// rules.md §4.3 Actions: each action at most once an activation; only one
// of Move, Charge and Retreat; Shoot and Charge exclude each other unless
// the weapon has Assault (option charge-exclusion: also Fight).
func TestActionsOnceAndExclusive(t *testing.T) {
	h := four(t, nil)
	h.Play("activate m0")
	h.WantLegal("charge dash end fight move retreat shoot")
	h.Play("move m0", "f:0") // no enemy within 1": no Fight or Retreat either
	h.WantLegal("dash end shoot")
	h.Play(shootAt[0])
	h.Play(shootAt[2:]...) // not asked again: a move never ends within 1" of an enemy
	h.Play("d:1 1")
	h.WantLegal("dash end") // no Charge after a Shoot (and none after a Move anyway)

	h = four(t, nil)
	h.Play("activate m0")
	h.Play(shootAt...)
	h.Play("d:1 1")
	h.WantLegal("dash end move") // the players said no enemy is within 1": nothing to Fight or Retreat from
	// and a player asking why sees the Shoot among Charge's conditions
	why := ""
	for _, r := range h.G.Unavailable() {
		if r.Action.ID == "charge" {
			why = r.Reason
		}
	}
	if why != "not available to it now: it has shot this activation, and not with an Assault weapon" {
		t.Errorf("why no Charge after a Shoot: %q", why)
	}

	// Charge first: then only Assault weapons may shoot.
	pistol := func(m *engine.ModelSetup) {
		m.Gear = append(m.Gear, engine.Gear{Name: "pistol", Kind: "ranged", Stats: map[string]int{"range": 12}, Traits: []engine.Trait{{Name: "assault"}}})
	}
	h = four(t, nil, pistol)
	h.Play("activate m0", "charge m0 >m1", "f:0", "f:1", "f:1", "d:3", "f:0")
	var guns []int
	for _, a := range h.G.Legal() {
		if a.ID == "shoot" {
			guns = append(guns, a.Option)
		}
	}
	if !slices.Equal(slices.Compact(guns), []int{2}) {
		t.Errorf("after a Charge, Shoot offers gear %v; want only the Assault pistol (2)", guns)
	}
	if !strings.Contains(h.Legal(), "fight") {
		t.Error("no Fight after a Charge")
	}
	h = four(t, map[string]string{optExclusion: "shoot-and-fight"}, nil)
	h.Play("activate m0", "charge m0 >m1", "f:0", "f:1", "f:1", "d:3", "f:1")
	if strings.Contains(h.Legal(), "fight") {
		t.Error("option shoot-and-fight: Fight after a Charge")
	}
}

// rules.md §4.3 Actions: Dash is a Risky Success Roll first; failed, the
// activation ends.
func TestDashRisky(t *testing.T) {
	h := four(t, nil)
	h.Play("activate m0", "dash m0", "f:0") // no enemy within 1"
	h.WantAsks("dice tc-success {Dice:0 Mods:[] NaturalCrit:false}")
	h.Play("d:1 2")
	h.WantLegal("activate:b activate:b2")
	h = four(t, nil)
	h.Play("activate m0", "dash m0", "f:0", "d:4 3")
	h.WantLegal("charge end move shoot")
}

// rules.md §4.3 Ranged attack: the Ranged characteristic and the weapon's
// ±DICE; +1 from more than 3" above; −1 in cover; −1 beyond half range;
// the opponent may spend the shooter's Blood markers (−1 each), its player
// its Blessings (+1 each).
func TestShootModifiers(t *testing.T) {
	h := four(t, nil, func(m *engine.ModelSetup) {
		m.Profile[sRanged] = 1
		m.Gear[0].Stats["dice"] = 1
		m.Counters = map[string]int{"blood": 2, "blessing": 1}
	})
	// 350 = 3.5" above: +1; cover: −1; beyond half range: −1.
	h.Play("activate m0", "shoot m0 >m1 #0", "f:0", "f:1", "f:1", "f:350", "f:1", "f:0", "f:0")
	h.WantAsks("choice spend-blood")
	if h.G.Pending().Who != 1 {
		t.Error("the shooter's own player spends its Blood markers")
	}
	h.Play("c:2", "c:1")
	// 1 + 1 + 1 − 1 − 1 − 2 + 1 = 0
	h.WantAsks("dice tc-success {Dice:0 Mods:[] NaturalCrit:false}")
}

// rules.md §4.3 Ranged attack: a shot at an enemy within 1" of the
// shooter's friends goes at one of them on a D6 of 1–3.
func TestShootIntoMelee(t *testing.T) {
	h := four(t, nil)
	h.Play("activate m0", "shoot m0 >m1 #0", "f:0", "f:1", "f:1", "f:0", "f:0", "f:1", "f:1")
	h.WantAsks("dice tc-d6 {Game:tc}")
	h.Play("d:2", "d:4 4", "d:1 1")
	if got := h.Events("hit-friend", "minor-hit"); strings.Join(got, ",") != "hit-friend w,minor-hit w2" {
		t.Errorf("events %v; want w2 hit instead", got)
	}
}

// rules.md §4.3 Melee attack: a second melee weapon attacks again at −1
// DICE; facing FEAR is −1 DICE unless the attacker has FEAR too.
func TestFightSecondWeaponAndFear(t *testing.T) {
	two := func(m *engine.ModelSetup) { m.Gear = append(m.Gear, engine.Gear{Name: "knife", Kind: "melee"}) }
	fear := func(m *engine.ModelSetup) { m.Keywords = []string{"fear"} }
	h := four(t, nil, two, fear)
	h.Play("activate m0", "fight m0 >m1", "f:1")
	h.WantAsks("dice tc-success {Dice:-1 Mods:[] NaturalCrit:false}")
	h.Play("d:1 1 1")
	h.WantAsks("dice tc-success {Dice:-2 Mods:[] NaturalCrit:false}")
	h = four(t, nil, func(m *engine.ModelSetup) { two(m); fear(m) }, fear)
	h.Play("activate m0", "fight m0 >m1", "f:1")
	h.WantAsks("dice tc-success {Dice:0 Mods:[] NaturalCrit:false}")
}

// rules.md §4.3 Retreat, §8: each enemy within 1" may strike once first; if
// that leaves the model standing, it moves.
func TestRetreatStrikes(t *testing.T) {
	h := four(t, nil)
	h.Play("activate m0", "retreat m0", "f:1", "f:1", "c:strike", "d:1 1", "f:0")
	if got := h.Events("missed", "moved"); strings.Join(got, ",") != "missed b,moved w" {
		t.Errorf("events %v; want b's miss, then w's move", got)
	}
	h = four(t, nil)
	h.Play("activate m0", "retreat m0", "f:1", "f:1", "c:let-go", "f:0")
	if got := h.Events("moved"); len(got) != 1 {
		t.Errorf("events %v", h.Events())
	}
}

// rules.md §4.3 Morale, §6.3-d: at the end of a turn, a warband with half
// its models or more Down or out takes a Morale Check (a Success Roll); by
// default two failures in a row lose the game; with morale=shaken they do
// not.
func TestMorale(t *testing.T) {
	for _, opt := range []string{"two-fails", "shaken"} {
		h := four(t, map[string]string{optMorale: opt})
		h.S().Models[1].InPlay = false // b is out: half the Choir
		h.Play("activate m0", "end m0", "activate m3", "end m3", "activate m2", "end m2")
		if p := h.G.Pending(); p == nil || p.Who != 1 || h.Asks() != "dice tc-success {Dice:0 Mods:[] NaturalCrit:false}" {
			t.Fatalf("%s: asks %s; want the Choir's Morale Check", opt, h.Asks())
		}
		h.Play("d:1 2", "c:us") // failed; the Choir (fewer standing) goes first
		h.Play("activate m3", "end m3", "activate m0", "end m0", "activate m2", "end m2")
		h.Play("d:2 2")
		if over := h.G.Over(); over != (opt == "two-fails") {
			t.Errorf("%s: game over %v after two failed Morale Checks", opt, over)
		}
		if opt == "two-fails" && h.S().Winner != 0 {
			t.Errorf("winner %d, want the Vigil", h.S().Winner)
		}
	}
}

// rules.md §4.3 Morale: both warbands at half take their checks in the
// same phase; when both fail their second in a row, both have lost, and
// the game is a draw (GameOver; it used to go to the second warband, the
// first checked).
func TestMoraleBothFailIsADraw(t *testing.T) {
	h := four(t, nil)
	h.S().Models[1].InPlay = false // b out: half the Choir
	h.S().Models[2].InPlay = false // w2 out: half the Vigil
	h.Play("activate m0", "end m0", "activate m3", "end m3")
	h.WantAsks("dice tc-success {Dice:0 Mods:[] NaturalCrit:false}")
	h.Play("d:1 2", "d:1 2")     // both fail
	h.Play("d:4", "d:2", "c:us") // the Vigil wins the roll-off and goes first
	h.Play("activate m0", "end m0", "activate m3", "end m3")
	h.Play("d:1 2", "d:1 2") // both fail again
	if st := h.S(); !h.G.Over() || st.Winner != -1 {
		t.Errorf("over %v, winner %d; want a draw when both warbands fail their second Morale Check together", h.G.Over(), st.Winner)
	}
}

// rules.md §4.3: the game is lost on failing two turns in a row, so a turn
// that asks no Morale Check (the warband back above half) ends the run: a
// failure, a turn without a check and another failure do not lose.
func TestMoraleRunEndsWithoutACheck(t *testing.T) {
	h := four(t, nil)
	b := h.Model("b")
	fails := func() int16 { return h.S().Sides[1].Counters[sMoraleFails] }
	h.Play("activate m0", "end m0", "activate m1", "end m1")
	h.S().Models[b].Status = down // b laid Down after its activation: half the Choir
	h.Play("activate m2", "end m2", "activate m3", "end m3")
	h.WantAsks("dice tc-success {Dice:0 Mods:[] NaturalCrit:false}")
	h.Play("d:1 2", "c:us") // the Choir fails its first check, and goes first
	if fails() != 1 {
		t.Fatalf("after a failed check the Choir has %d failures, want 1", fails())
	}
	// Turn 2: b stands up when it activates; no check is asked.
	h.Play("activate m1", "end m1", "activate m0", "end m0", "activate m3", "end m3", "activate m2", "end m2")
	h.Play("d:4", "d:2", "c:us") // the Vigil wins the roll-off and goes first
	if fails() != 0 {
		t.Errorf("after a turn without a Morale Check the Choir has %d failures, want 0", fails())
	}
	if ev := h.Events("morale-steady"); len(ev) != 1 {
		t.Errorf("turn 2's morale-steady events %v, want one", ev)
	}
	// Turn 3: b Down again, and the Choir fails again: not two in a row.
	h.Play("activate m0", "end m0", "activate m1", "end m1")
	h.S().Models[b].Status = down
	h.Play("activate m2", "end m2", "activate m3", "end m3")
	h.Play("d:1 2") // turn 3 of 3: the game ends on the turns, two models a side
	if st := h.S(); !h.G.Over() || st.Winner != -1 || fails() != 1 {
		t.Errorf("over %v, winner %d, %d failures; want a draw on the turns with 1 failure, not a loss to failures in turns 1 and 3", h.G.Over(), st.Winner, fails())
	}
	if ev := h.Events("morale-steady", "morale-failed"); len(ev) != 1 || ev[0] != "morale-failed -" {
		t.Errorf("turn 3's events %v", ev)
	}
}

// rules.md §4.3: a warband with no model left has lost; the game ends
// there, and no Morale Check is asked of it.
func TestNoModelLeftEndsBeforeMorale(t *testing.T) {
	h := four(t, nil)
	h.S().Models[1].InPlay = false // b out
	h.Play("activate m0", "end m0", "activate m3", "end m3", "activate m2")
	h.S().Models[3].InPlay = false // b2 taken out during w2's activation
	h.Play("end m2")
	if st := h.S(); !h.G.Over() || st.Winner != 0 || h.G.Pending() != nil {
		t.Errorf("over %v, winner %d, asks %s; want the Vigil to win with nothing asked", h.G.Over(), st.Winner, h.Asks())
	}
}

// rules.md §4.3 Morale: a warband whose models in play are all Down still
// takes its check (the roll is the player's; it used to be skipped).
func TestMoraleAllDown(t *testing.T) {
	h := four(t, nil)
	h.S().Models[1].InPlay = false // b out
	h.Play("activate m0", "end m0", "activate m3", "end m3")
	h.S().Models[3].Status = down // b2 laid Down after its activation
	h.Play("activate m2", "end m2")
	if p := h.G.Pending(); p == nil || p.Who != 1 || h.Asks() != "dice tc-success {Dice:0 Mods:[] NaturalCrit:false}" {
		t.Fatalf("asks %s; want the Choir's Morale Check, its models all Down or out", h.Asks())
	}
}

func TestOptionsDocumented(t *testing.T) {
	var names []string
	for _, o := range New().Info().Options {
		names = append(names, o.Name)
		if o.Source == "" || !slices.Contains(o.Choices, o.Default) {
			t.Errorf("option %s: no source, or default not a choice", o.Name)
		}
	}
	if want := []string{optCrit, optMorale, optExclusion}; !slices.Equal(names, want) {
		t.Errorf("options %v, want %v", names, want)
	}
}

// rules.md §4.3: a Shoot needs its target in sight and range, a Charge its
// target in sight within 12", a Fight its target within 1". At a table the
// players say; a "no" shows the target was never legal: the action is
// refused and nothing changes (a refused Charge leaves Move, Retreat and
// Shoot open).
func TestTableRefusals(t *testing.T) {
	for _, tc := range []struct {
		steps []string
		why   string
	}{
		{[]string{"shoot m0 >m1 #0", "f:0"}, "w cannot see b"},
		{[]string{"shoot m0 >m1 #0", "f:0", "f:1"}, "b is out of the rifle's range"},
		{[]string{"charge m0 >m1", "f:0"}, "w cannot see b"},
		{[]string{"charge m0 >m1", "f:0", "f:1"}, `b is not within 12" of w`},
		{[]string{"fight m0 >m1"}, `b is not within 1" of w`},
		{[]string{"retreat m0"}, `w has no enemy within 1": Retreat is for a model with one`},
	} {
		h := four(t, nil)
		h.Play("activate m0")
		h.Play(tc.steps...)
		before, n := h.S().Clone(), len(h.G.Log().Entries)
		var ill *engine.IllegalError
		if err := h.G.Answer(engine.FactQ, engine.Reply{Value: 0}); !errors.As(err, &ill) || !strings.HasPrefix(ill.Reason, tc.why) {
			t.Errorf("%v then no: %v, want refused: %s", tc.steps, err, tc.why)
			continue
		}
		if ok, why := before.Equal(h.S()); !ok || len(h.G.Log().Entries) != n {
			t.Errorf("%v: a refused action changed the game: %s", tc.steps, why)
		}
		h.WantLegal("charge dash end fight move retreat shoot")
	}
	// Move, Dash, Charge and Shoot need no enemy within 1" (rules.md §4.3
	// Actions): at a table a "yes" refuses them, changing nothing; a
	// model that has just fought its target is asked before it shoots
	// (a rules audit found it shooting the enemy it was fighting).
	for _, steps := range [][]string{{"move m0"}, {"dash m0"}, {"charge m0 >m1"}, {"shoot m0 >m1 #0"}} {
		h := four(t, nil)
		h.Play("activate m0")
		h.Play(steps...)
		h.WantAsks("fact within-any")
		before := h.S().Clone()
		var ill *engine.IllegalError
		if err := h.G.Answer(engine.FactQ, engine.Reply{Value: 1}); !errors.As(err, &ill) || !strings.HasPrefix(ill.Reason, `an enemy is within 1" of w: it may not`) {
			t.Errorf("%v then an enemy within 1\": %v", steps, err)
		}
		if ok, why := before.Equal(h.S()); !ok {
			t.Errorf("%v: the refusal changed the game: %s", steps, why)
		}
	}
	h := four(t, nil)
	h.Play("activate m0", "fight m0 >m1", "f:1", "d:1 1") // b within 1"; a miss
	h.Play("shoot m0 >m1 #0")
	h.WantAsks("fact within-any")
	var ill *engine.IllegalError
	if err := h.G.Answer(engine.FactQ, engine.Reply{Value: 1}); !errors.As(err, &ill) {
		t.Errorf("a Shoot at the enemy it is fighting: %v, want refused", err)
	}
}

// rules.md §4.3 Actions: an action the rules do not offer the active model
// says which of its conditions fails, not all of them (Unmet).
func TestUnmetNamesTheFailingCondition(t *testing.T) {
	unavailable := func(h *harness) map[string]string {
		out := map[string]string{}
		for _, r := range h.G.Unavailable() {
			out[r.Action.ID] = strings.TrimPrefix(r.Reason, "not available to it now: ")
		}
		return out
	}
	noClub := with(trooper("w", 0), func(m *engine.ModelSetup) { m.Gear = m.Gear[:1] })
	noRifle := with(trooper("w", 0), func(m *engine.ModelSetup) { m.Gear = m.Gear[1:] })
	for _, c := range []struct {
		name string
		h    *harness
		want map[string]string
	}{
		{"an enemy in base contact", onBoard(t, nil, nil, [][2]float32{{4, 4}, {4, 5}, {20, 20}, {22, 22}}, trooper("w", 0), trooper("b", 1), trooper("w2", 0), trooper("b2", 1)),
			map[string]string{"move": `an enemy is within 1"`, "dash": `an enemy is within 1"`, "charge": `an enemy is within 1"`, "shoot": `an enemy is within 1"`}},
		{"no melee weapon, nobody near", onBoard(t, nil, nil, [][2]float32{{4, 4}, {4, 20}}, noClub, trooper("b", 1)),
			map[string]string{"fight": "it has no melee weapon", "retreat": `no enemy is within 1"`}},
		{"no ranged weapon", onBoard(t, nil, nil, [][2]float32{{4, 4}, {4, 20}}, noRifle, trooper("b", 1)),
			map[string]string{"shoot": "it has no ranged weapon", "retreat": `no enemy is within 1"`, "fight": ""}},
	} {
		c.h.Play("activate m0")
		got := unavailable(c.h)
		for id, want := range c.want {
			if want == "" {
				if r, ok := got[id]; !ok || strings.Contains(r, "not available") {
					t.Errorf("%s: %s: %q, want nothing to take it against (no condition fails)", c.name, id, r)
				}
				continue
			}
			if got[id] != want {
				t.Errorf("%s: why no %s: %q, want %q (all: %v)", c.name, id, got[id], want, got)
			}
		}
	}
	h := onBoard(t, nil, nil, [][2]float32{{4, 4}, {4, 5}}, trooper("w", 0), trooper("b", 1))
	h.Play("activate m0")
	if why := h.G.WhyNot(engine.Action{ID: "move", Actor: 0, Target: engine.NoModel, HasPos: true, X: 8, Y: 4}); !strings.HasSuffix(why, `Move is not available to w now: an enemy is within 1"`) {
		t.Errorf("why no Move beside an enemy: %q", why)
	}
}

// rules.md §4.3 Charge: a Charge that falls short still moves its whole
// Movement + D6 towards the target (board.Toward), at any slant: its end,
// at hundredths of an inch, is neither past the distance nor stepped back.
func TestChargeShortMovesItsWholeDistance(t *testing.T) {
	froms, tos := enginetest.Slants()
	for i, from := range froms {
		h := onBoard(t, nil, nil, [][2]float32{from, tos[i], {4, 22}, {22, 22}},
			trooper("w", 0), trooper("b", 1), trooper("w2", 0), trooper("b2", 1))
		h.Play("activate m0", "charge m0 >m1")
		h.WantAsks("dice tc-d6 {Game:tc}")
		h.Play("d:1") // Movement 6 + 1: short of b, and more than 1" from it
		enginetest.MovedWhole(t, "a short charge", from, h.S().Models[0].Pos, 7)
		if ev := h.Events("moved-closer"); len(ev) != 1 {
			t.Errorf("a short charge from %v: events %v; want one moved-closer", from, ev)
		}
	}
}
