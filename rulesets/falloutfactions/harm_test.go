package falloutfactions

import (
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// unlucky0 is a grunt without Luck: its tests roll only their pool.
func unlucky0(id string, side int, kw ...string) engine.ModelSetup {
	return profile(grunt(id, side, kw...), "L", 0)
}

// shoot plays an Open Fire at a table by model a (index) at t with the
// rifle: Visible, in range, no supporters, obscured; then faces.
func (h *harness) shoot(a, t string, faces string) {
	h.T.Helper()
	m, x := h.Model(a), h.Model(t)
	h.Play("activate "+mref(m), "open-fire "+mref(m)+" >"+mref(x)+" #0", "f:1", "f:1", "fire "+mref(m)+" >"+mref(x)+" #0", "f:1", "d:"+faces)
}

func mref(m int) string { return "m" + itoa(m) }

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// Seed 004, Damage: hits against the target's Endurance: fewer than it, 1
// Harm; at least it, an Injury and 1 Harm; at least twice it,
// Incapacitated. No hit, nothing.
func TestDamageTable(t *testing.T) {
	x := profile(grunt("x", 1), "Health", 3)
	h := table(t, game{}, unlucky0("a", 0), unlucky0("b", 0), unlucky0("c", 0), unlucky0("d", 0), x, unlucky0("y", 1))
	h.shoot("a", "x", "7 8 9 10") // no hit
	h.Play("end m0")
	h.wantCount("x", cHarm, 0)
	h.Play("pass")
	h.shoot("b", "x", "1 2 3 10") // 3 < E4: 1 Harm
	h.wantCount("x", cHarm, 1)
	h.wantCount("x", cInjuries, 0)
	h.Play("end m1", "pass")
	h.shoot("c", "x", "1 2 3 4 5") // 4 dice + 1 Harm bonus die: 5 ≥ E4: an Injury and 1 Harm
	h.wantCount("x", cHarm, 2)
	h.wantCount("x", cInjuries, 1)
	h.Play("end m2")
	h.WantLegal("activate:x activate:y pass") // the Regulators' Turn
}

// Seed 004, Damage: hits at least twice the Endurance Incapacitate the
// target, whatever its Health.
func TestDamageIncapacitatesAtTwiceEndurance(t *testing.T) {
	x := profile(grunt("x", 1), "Health", 3)
	a := with(unlucky0("a", 0), func(m *engine.ModelSetup) { m.Gear[0].Stats["P"] = 8 })
	h := table(t, game{}, a, x, unlucky0("y", 1))
	h.shoot("a", "x", "1 2 3 4 5 6 1 2") // 8 hits ≥ 2 × E4
	h.Play("f:0")                        // y is not within 3"
	h.WantStatus("x", "gone")
}

// Seed 004, Harm Limit: 3 Harm at most (4 Burly or in Power Armor); Harm
// beyond it from Damage is Excess Harm, an Injury. Health is the Injury
// boxes: all filled, the model is Incapacitated.
func TestHarmLimitAndExcessHarm(t *testing.T) {
	h := table(t, game{}, unlucky0("a", 0), unlucky0("b", 0), profile(grunt("x", 1), "Health", 2), profile(grunt("z", 1, "burly"), "Health", 2))
	h.set("x", cHarm, 3)
	h.set("z", cHarm, 3)
	h.shoot("a", "x", "1 10 10 10 10 10 10") // 4 dice + 3 Harm: 1 hit, 1 Harm: Excess, an Injury
	h.wantCount("x", cHarm, 3)
	h.wantCount("x", cInjuries, 1)
	h.Play("end m0", "pass")
	h.shoot("b", "z", "1 10 10 10 10 10 10") // Burly: a fourth Harm fits
	h.wantCount("z", cHarm, 4)
	h.wantCount("z", cInjuries, 0)
}

// Seed 004, Incapacitation: a Champion Incapacitated gives the opposing
// crew 1 XP, once a game; Machines neither take nor trigger Confusion
// Tests, and a Natural Leader passes them.
func TestChampionXPAndConfusionExceptions(t *testing.T) {
	champ := with(unlucky0("x", 1), func(m *engine.ModelSetup) { m.Type = "champion" })
	champ2 := with(unlucky0("z", 1), func(m *engine.ModelSetup) { m.Type = "champion" })
	sharp := func(id string) engine.ModelSetup {
		return with(unlucky0(id, 0), func(m *engine.ModelSetup) { m.Gear[0].Stats["P"] = 8 })
	}
	h := table(t, game{}, sharp("a"), sharp("b"), sharp("c"), champ, champ2, unlucky0("bot", 1, "machine"), unlucky0("ida", 1, "natural-leader"))
	h.shoot("a", "x", "1 2 3 4 5 6 1 2") // Incapacitated
	h.Play("f:1")                        // z within 3": its Confusion Test
	h.Play("d:1 1")                      // passed (bot is a Machine: not asked; ida is a Natural Leader: not asked either, it passes anyway)
	if p := h.G.Pending(); p != nil {
		t.Errorf("after z's test: %s %s asked; a Natural Leader passes, unmeasured", p.Kind, p.Key)
	}
	h.WantStatus("x", "gone")
	if got := h.side(0, sXP); got != 1 {
		t.Errorf("XP %d after a Champion fell, want 1", got)
	}
	h.Play("end m0", "pass")
	h.shoot("b", "bot", "1 2 3 4 5 6 1 2") // the Machine falls: no Confusion Tests
	h.WantStatus("bot", "gone")
	if p := h.G.Pending(); p != nil {
		t.Errorf("a Machine's fall asks %s", p.Key)
	}
	h.Play("end m1", "pass")
	h.shoot("c", "z", "1 2 3 4 5 6 1 2") // a second Champion falls; ida, a Natural Leader, is not asked about
	h.WantStatus("z", "gone")
	if got := h.side(0, sXP); got != 1 {
		t.Errorf("XP %d after a second Champion fell, want still 1 (once a game)", got)
	}
}

// rules.md §6.3-m: an Exhausted model that fails its Confusion Test cannot
// Take the Fatigue, so it flees; with the option exhausted-confusion
// no-effect nothing happens.
func TestConfusionWhenExhausted(t *testing.T) {
	for _, tc := range []struct{ opt, want string }{{"flee", "gone"}, {"no-effect", "unengaged"}} {
		t.Run(tc.opt, func(t *testing.T) {
			a := with(unlucky0("a", 0), func(m *engine.ModelSetup) { m.Gear[0].Stats["P"] = 8 })
			h := table(t, game{opts: map[string]string{optConfusion: tc.opt}}, a, unlucky0("x", 1), unlucky0("y", 1))
			h.set("y", cFatigue, 2)
			h.shoot("a", "x", "1 2 3 4 5 6 1 2")
			h.Play("f:1", "d:9 9") // y within 3", fails
			h.WantStatus("y", tc.want)
			if tc.want == "gone" && !h.S().Has(h.Model("y"), cFled) {
				t.Error("y is gone but not fled")
			}
		})
	}
}

// Seed 004, Fatigue (rules.md §5.2.4): Suffering a Fatigue when Exhausted
// is ignored — a Suppress critical on an Exhausted target. A model in
// Power Armor never Suffers Fatigue, yet Takes it for its actions, and its
// Harm limit is 4 (seed 004, Damage; rules.md §5.2.3).
func TestSufferWhenExhaustedAndPowerArmor(t *testing.T) {
	sup := func(id string) engine.ModelSetup { return traits(grunt(id, 0), 0, "suppress 1") }
	h := table(t, game{}, sup("a"), sup("b"), profile(grunt("x", 1), "Health", 3), profile(grunt("pa", 1, "power-armor"), "Health", 3))
	h.set("x", cFatigue, 2)
	h.set("pa", cHarm, 3)
	h.Play("activate m0", "open-fire m0 >m2 #0", "f:1", "f:1", "fire m0 >m2", "f:1", "d:1 10 10 10 9") // obscured; the Luck die hits
	h.WantAsks("dice ff-count {Dice:1 Above:5}")                                                       // Suppress (1) against I5
	h.Play("d:6")
	h.wantCount("x", cFatigue, 2)
	h.wantEvent("exhausted", "x")
	h.wantCount("x", cHarm, 1)

	// Power Armor: 4 dice + 3 Harm; the Luck die's one hit gives a fourth
	// Harm, within its limit of 4 (no Injury); Suppress is ignored.
	h.Play("end m0", "pass", "activate m1", "open-fire m1 >m3 #0", "f:1", "f:1", "fire m1 >m3", "f:1", "d:1 10 10 10 10 10 10 9", "d:6")
	h.wantCount("pa", cHarm, 4)
	h.wantCount("pa", cInjuries, 0)
	h.wantCount("pa", cFatigue, 0)
	h.wantEvent("hardy", "pa")
	h.Play("end m1", "activate m3", "patch-up m3") // it Takes the Fatigue of its own action
	h.wantCount("pa", cFatigue, 1)
	h.wantCount("pa", cHarm, 2)
}

// Seed 004, Incapacitation: a model failing its Confusion Test flees
// (removed) or Takes a Fatigue, its player's choice. One that flees is out
// of the battle but not Incapacitated: no Champion XP (rules.md §5.2.3),
// no Treat the Wounded after the game.
func TestConfusionFailedFlee(t *testing.T) {
	a := with(unlucky0("a", 0), func(m *engine.ModelSetup) { m.Gear[0].Stats["P"] = 8 })
	champ := with(unlucky0("y", 1), func(m *engine.ModelSetup) { m.Type = "champion" })
	h := table(t, game{}, a, unlucky0("x", 1), champ)
	h.shoot("a", "x", "1 2 3 4 5 6 1 2") // x Incapacitated
	h.Play("f:1", "d:9 9")               // y within 3", no hit
	h.WantAsks("choice confusion")
	h.Play("c:flee")
	h.WantStatus("y", "gone")
	h.wantEvent("fled", "y")
	y := h.Model("y")
	if !h.S().Has(y, cFled) || h.S().Has(y, cIncapacitated) {
		t.Errorf("y fled %v, incapacitated %v; want fled only", h.S().Has(y, cFled), h.S().Has(y, cIncapacitated))
	}
	h.wantCount("y", cFatigue, 0)
	if got := h.side(0, sXP); got != 0 {
		t.Errorf("Scrappers XP %d: a Champion that fled gives none", got)
	}
	if !h.G.Over() || h.S().Winner != 0 {
		t.Fatalf("over %v, winner %d: the Regulators have no model left", h.G.Over(), h.S().Winner)
	}
	if r := strings.Join(New().Report(h.S()), "\n"); !strings.Contains(r, "y: fled the battle: unhurt") {
		t.Errorf("report:\n%s", r)
	}
}

// Seed 004, Incapacitation (rules.md §5.2.3): when a model is
// Incapacitated, each friend of it within 3" — the edge counted in — takes
// a Confusion Test; a friend farther off takes none. On a board, with 1"
// bases: z, 3.5" from x, is not tested; y, exactly 3" from it, is.
func TestConfusionTestWithinThreeInches(t *testing.T) {
	a := with(unlucky0("a", 0), func(m *engine.ModelSetup) { m.Gear[0].Stats["P"] = 8 })
	h := onBoard(t, nil, game{}, [][3]float32{{15, 5}, {15, 15}, {10.5, 15}, {19, 15}},
		inchBase(a), inchBase(unlucky0("x", 1)), inchBase(unlucky0("z", 1)), inchBase(unlucky0("y", 1)))
	h.Play("activate m0", "open-fire m0 >m1 #0", "fire m0 >m1")
	h.WantAsks("dice ff-test {Dice:9 Stat:6 Luck:0 Bonus:0 Unlucky:false LuckyBreak:false}") // 8P and Wide Open
	h.Play("d:1 2 3 4 5 6 1 2 3")                                                            // 9 hits ≥ 2 × E4: x Incapacitated
	h.WantAsks("dice ff-test {Dice:2 Stat:5 Luck:0 Bonus:0 Unlucky:false LuckyBreak:false}") // y's test (z's would come first)
	h.Play("d:1 1")
	if !slices.Contains(h.Events("confusion-passed"), "confusion-passed y") {
		t.Errorf("y passed no Confusion Test; events %v", h.Events())
	}
	if slices.Contains(h.Events(), "confusion-passed z") {
		t.Error("z, 3.5\" away, took a Confusion Test")
	}
	h.WantAsks("nothing") // no test for z: a's Turn goes on
	h.WantStatus("x", "gone", "y", "unengaged", "z", "unengaged")
}

// Seed 004, Fatigue: an Exhausted model cannot Take Fatigue, so failing
// its Confusion Test it can only flee (rules.md §6.3-m: or, with the
// option exhausted-confusion no-effect, nothing happens). No question of
// one answer is asked (issue 31, item 9): the test's prompt says what a
// failure does to this model, and the log says why it fled.
func TestConfusionWhenExhaustedAsksNothing(t *testing.T) {
	for _, tc := range []struct{ opt, roll, event, says string }{
		{"flee", "no hit: it flees, as it is Exhausted and cannot Take Fatigue", "confusion-exhausted", "y is Exhausted and cannot Take the Fatigue: it flees"},
		{"no-effect", "Exhausted, it cannot Take Fatigue: no hit has no effect", "confusion-no-effect", "y, Exhausted, shrugged off the Confusion over x"},
	} {
		t.Run(tc.opt, func(t *testing.T) {
			a := with(unlucky0("a", 0), func(m *engine.ModelSetup) { m.Gear[0].Stats["P"] = 8 })
			h := table(t, game{opts: map[string]string{optConfusion: tc.opt}}, a, unlucky0("x", 1), unlucky0("y", 1), unlucky0("z", 1))
			h.set("y", cFatigue, 2)
			h.shoot("a", "x", "1 2 3 4 5 6 1 2")
			h.Play("f:1") // y within 3"
			if p := h.G.Pending(); p == nil || !strings.Contains(p.Text, tc.roll) || strings.Contains(p.Text, "or Takes Fatigue") {
				t.Errorf("y's Confusion Test reads %q; want it to say %q", p.Text, tc.roll)
			}
			h.Play("d:9 9")           // no hit
			h.WantAsks("fact within") // z's measurement next: no flee-or-Fatigue choice for y
			h.Play("f:0")
			h.wantEvent(tc.event, "y")
			var says []string // the log's words (the position was set up, so the entry is not replayed)
			l := h.G.Log()
			for _, e := range l.Entries[len(l.Entries)-1].Events {
				says = append(says, engine.EventText(h.S(), e))
			}
			if !slices.Contains(says, tc.says) {
				t.Errorf("the log says %q; want %q", says, tc.says)
			}
		})
	}
}

// Seed 004, Standard Ploys: Lucky Break re-rolls a test's Duds. On a
// Confusion Test already passed (a hit is all it needs) more hits change
// nothing, so the token is not offered: it could only be wasted (issue
// 31, item 9). A failed one is still offered it.
func TestLuckyBreakNotOfferedOnAPassedConfusionTest(t *testing.T) {
	a := with(unlucky0("a", 0), func(m *engine.ModelSetup) { m.Gear[0].Stats["P"] = 8 })
	h := table(t, game{tier1: 1}, a, unlucky0("x", 1), unlucky0("y", 1), unlucky0("z", 1))
	h.shoot("a", "x", "1 2 3 4 5 6 1 2")
	h.Play("f:1", "d:1 9") // y within 3": a hit and a Dud
	h.WantAsks("fact within")
	h.Play("f:1", "d:9 9") // z within 3": no hit
	h.WantAsks("choice lucky-break")
}

// rules.md §5.3, Storm (X): X bonus dice within half the Effective Range,
// which an Area weapon never gains (nor an Unwieldy one in too weak
// hands): the players are not asked whether the target is within half the
// range when the answer could change nothing (issue 31, item 9).
func TestStormNotMeasuredWithoutBonusDice(t *testing.T) {
	bomb := with(unlucky0("a", 0), func(m *engine.ModelSetup) {
		m.Gear[0] = engine.Gear{Name: "storm bomb", Kind: "grenade", Stats: map[string]int{"A": 4, "range": 6},
			Traits: []engine.Trait{{Name: "area", Value: 2}, {Name: "storm", Value: 1}}}
	})
	h := table(t, game{}, bomb, grunt("x", 1))
	h.Play("activate m0", "open-fire m0 >m1 #0", "f:1", "f:1") // Visible, in range
	h.WantAsks("nothing")
	h.WantLegal("fire")
}
