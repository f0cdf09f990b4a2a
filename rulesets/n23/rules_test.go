package n23

import (
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
)

// rules.md §3.3 (and seed 002: actions depend on Status and Secondary
// Status): which actions each status allows, as a table. At a table every
// enemy is a possible target (the players measure afterwards).
func TestActionsByStatus(t *testing.T) {
	for _, tc := range []struct {
		name         string
		model        engine.ModelSetup
		st, sec      int
		broken       bool
		engagedWithB bool
		want         string
	}{
		{"standing and active", ganger("w", 0), standing, active, false, false, "aim charge end move shoot take-cover turn"},
		{"standing and engaged", ganger("w", 0), standing, engaged, false, true, "end fight retreat turn"},
		{"prone and pinned", ganger("w", 0), prone, pinned, false, false, "blind-fire crawl end stand-up"},
		{"prone and seriously injured", ganger("w", 0), prone, seriouslyInjured, false, false, "crawl end"},
		{"broken, standing", ganger("w", 0), standing, active, true, false, "end running-for-cover turn"},
		{"broken, engaged", ganger("w", 0), standing, engaged, true, true, "end retreat running-for-cover turn"},
		{"broken, prone and pinned", ganger("w", 0), prone, pinned, true, false, "crawl end stand-up"},
		{"vehicle, mobile", crawler("w", 0), mobile, active, false, false, "aim end move ram shoot"},
		{"vehicle, stationary and stalled", crawler("w", 0), stationary, stalled, false, false, "aim end jump-start shoot"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := ganger("b", 1)
			if tc.engagedWithB {
				b.Engaged = []string{"w"}
			}
			h := table(t, nil, tc.model, b, ganger("w2", 0), ganger("b2", 1))
			h.ForceBoth("w", tc.st, tc.sec)
			h.S().Set(0, cBroken, tc.broken)
			h.Play("activate m0")
			h.WantLegal(tc.want)
		})
	}
	// A Wrecked vehicle never activates.
	h := table(t, nil, crawler("car", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.ForceBoth("car", stationary, wrecked)
	h.WantLegal("activate:w2")
}

// rules.md §3.3: a Standing and Active fighter hit by a ranged attack is
// Pinned (Prone and Pinned), whether or not it is wounded; the wound roll
// is the opposing player's, Strength against Toughness (rules.md §2.3.4).
func TestRangedHitPins(t *testing.T) {
	h := two(t, nil)
	h.Play("activate m0", "shoot m0 >m1 #0", "f:1", "f:1", "f:1", "f:0", "d:4")
	if p := h.G.Pending(); p == nil || p.Who != 1 || !strings.Contains(p.Text, "Wound roll") {
		t.Fatalf("the wound roll is asked of %+v; want the Rustjaws' wound roll", p)
	}
	h.WantStatus("b", "standing/active") // nothing is applied until the action completes
	h.Play("d:3")                        // S3 against T3 needs 4+: no wound
	h.WantStatus("b", "prone/pinned")
	if got := h.Events("pinned", "no-wound"); len(got) != 2 {
		t.Errorf("events %v, want pinned then no-wound", got)
	}
}

// rules.md §3.3: injury dice against a fighter at its last wound. A Flesh
// Wound takes 1 from its Toughness (and at 0 it is Out of Action); a
// Serious Injury leaves it Prone and Seriously Injured, a second one counts
// as a Flesh Wound; Out of Action removes it.
func TestInjuryResults(t *testing.T) {
	shot := []string{"activate m0", "shoot m0 >m1 #0", "f:1", "f:1", "f:1", "f:0", "d:4", "d:4", "d:1"} // hit, wound, failed save
	h := two(t, nil)
	h.Play(shot...)
	h.WantAsks("dice n23-injury {Dice:1}")
	if !strings.Contains(h.prompt(), "each die shows flesh-wound, serious-injury or out-of-action") {
		t.Errorf("injury prompt %q does not say what the die's faces mean", h.prompt())
	}
	if d := dice.Needs(h.G.Pending().Proc); len(d) != 1 || d[0].Typing() != "an injury die: type flesh-wound (fw), serious-injury (si) or out-of-action (ooa)" {
		t.Errorf("injury die %v: not one die whose typing hint (for the CLI) names its faces", d)
	}
	h.Play("d:fw")
	h.WantStatus("b", "prone/pinned")
	if h.S().Count(1, cFlesh) != 1 || toughness(h.S(), 1) != 2 {
		t.Errorf("flesh wounds %d, T %d; want 1 and 2", h.S().Count(1, cFlesh), toughness(h.S(), 1))
	}

	// Toughness 1: a Flesh Wound takes it to 0, Out of Action. b2 is
	// within 3" and takes a Nerve test (2D6, 7+): 3+3 fails, Broken.
	h = table(t, nil, ganger("w", 0), with(ganger("b", 1), func(m *engine.ModelSetup) { m.Profile[sT] = 1 }), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "shoot m0 >m1 #0", "f:1", "f:1", "f:1", "f:0", "d:4", "d:2", "d:1", "d:fw", "f:1")
	h.WantAsks("dice n23-check {Value:7 Mods:[] Dice:2}")
	h.Play("d:3 3")
	h.WantStatus("b", "gone")
	if !h.S().Has(3, cBroken) {
		t.Error("b2 failed its Nerve test but is not Broken")
	}

	h = two(t, nil)
	h.Play(shot...)
	h.Play("d:si", "f:0") // b2 not within 3"
	h.WantStatus("b", "prone/seriously-injured")

	// A second Serious Injury counts as a Flesh Wound: b already Seriously
	// Injured (no Pinning: it is not Standing).
	h = two(t, nil)
	h.ForceBoth("b", prone, seriouslyInjured)
	h.S().Models[1].Counters[cWounds] = 0
	h.Play(shot...)
	h.Play("d:si")
	h.WantStatus("b", "prone/seriously-injured")
	if h.S().Count(1, cFlesh) != 1 {
		t.Errorf("a second Serious Injury gave %d flesh wounds, want 1", h.S().Count(1, cFlesh))
	}

	h = two(t, nil)
	h.Play(shot...)
	h.Play("d:ooa", "f:0")
	h.WantStatus("b", "gone")
}

// rules.md §3.3: a fighter's wounds go first; the point of Damage that
// takes its last wound rolls an injury die, and so does every point after
// it. W2 hit for 2: one die. W1 hit for 2: two dice.
func TestDamageRollsInjuryDicePerPoint(t *testing.T) {
	d2 := func(id string, side int) engine.ModelSetup {
		return with(ganger(id, side), func(m *engine.ModelSetup) { m.Gear[0].Stats = map[string]int{"sr": 12, "lr": 24, "str": 3, "d": 2} })
	}
	h := table(t, nil, d2("w", 0), with(ganger("b", 1), func(m *engine.ModelSetup) { m.Profile[sW] = 2 }), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "shoot m0 >m1 #0", "f:1", "f:1", "f:1", "f:0", "d:4", "d:4", "d:1")
	h.WantAsks("dice n23-injury {Dice:1}")
	if !strings.Contains(h.prompt(), "Injury die for b hit by w") {
		t.Errorf("prompt %q", h.prompt())
	}
	h.Play("d:fw")
	h.WantAsks("nothing")

	h = table(t, nil, d2("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "shoot m0 >m1 #0", "f:1", "f:1", "f:1", "f:0", "d:4", "d:4", "d:1", "d:fw")
	h.WantAsks("dice n23-injury {Dice:1}")
	if !strings.Contains(h.prompt(), "(2 of 2)") {
		t.Errorf("the second injury die's prompt %q does not count it", h.prompt())
	}
	h.Play("d:fw")
	if h.S().Count(1, cFlesh) != 2 {
		t.Errorf("flesh wounds %d, want 2", h.S().Count(1, cFlesh))
	}
}

// rules.md §3.3, §6.3-o: N23's Leadership, Cool, Willpower and Intelligence
// tests are 2D6 at least the target (Cool 7+: 3+4 passes, 3+3 fails).
func TestChecksAtLeastTarget(t *testing.T) {
	for _, tc := range []struct {
		faces  string
		broken bool
	}{{"3 4", false}, {"3 3", true}, {"6 6", false}, {"1 1", true}} {
		h := two(t, nil)
		h.Play("activate m0", "shoot m0 >m1 #0", "f:1", "f:1", "f:1", "f:0", "d:4", "d:4", "d:1", "d:ooa", "f:1", "d:"+tc.faces)
		if got := h.S().Has(3, cBroken); got != tc.broken {
			t.Errorf("Cool 7+ rolled %s: Broken %v, want %v", tc.faces, got, tc.broken)
		}
	}
}

// rules.md §3.3, Broken: a Broken Standing fighter may only run for cover
// (a Double action); it rallies in the End phase on a Cool test.
func TestBrokenRunsForCover(t *testing.T) {
	h := two(t, nil)
	h.S().Set(0, cBroken, true)
	h.Play("activate m0")
	h.WantLegal("end running-for-cover turn")
	h.Play("running-for-cover m0")
	if got := h.Events("ran-for-cover"); len(got) != 1 {
		t.Errorf("events %v", got)
	}
	h.Play("activate m1", "end m1", "activate m2", "end m2", "activate m3", "end m3")
	// End phase: no casualties, no Bottle check; w rallies on 7+.
	h.WantAsks("dice n23-check {Value:7 Mods:[] Dice:2}")
	if !strings.Contains(h.prompt(), "Rally") {
		t.Errorf("prompt %q", h.prompt())
	}
	h.Play("d:5 2", "d:6", "d:1") // and round 2's Priority roll
	if h.S().Has(0, cBroken) {
		t.Error("w rallied but is still Broken")
	}
}

// rules.md §3.3 and the End phase page: each step the Priority side first.
// (1) A gang with a casualty makes a Bottle check: D6 + casualties, higher
// than its starting crew and it is bottled. (2) A bottled gang makes a Cool
// test for each of its models; those that fail flee. (3) Recovery tests
// for Prone and Seriously Injured fighters (a Flesh Wound: Prone and
// Pinned, with the flesh wound). (4) Broken models rally on a Cool test.
func TestEndPhase(t *testing.T) {
	round := []string{"activate m0", "end m0", "activate m1", "end m1", "activate m2", "end m2", "activate m3", "end m3"}
	si := with(ganger("b", 1), func(m *engine.ModelSetup) { m.Status, m.Secondary = "prone", "seriously-injured" })

	// The Rustjaws (crew 2) have b Seriously Injured: D6 + 1 against 2.
	h := table(t, nil, ganger("w", 0), si, ganger("w2", 0), ganger("b2", 1))
	h.Play(round...)
	h.WantAsks("dice n23-bottle {Casualties:1 Crew:2}")
	if p := h.G.Pending(); p.Who != 1 || !strings.Contains(p.Text, "above 2 the gang is bottled") {
		t.Errorf("bottle prompt: side %d, %q", p.Who, p.Text)
	}
	h.Play("d:1") // 1 + 1 = 2: holds
	h.WantAsks("dice n23-recovery {Dice:1}")
	h.Play("d:fw", "d:6", "d:1") // and round 2's Priority roll
	h.WantStatus("b", "prone/pinned")
	if h.S().Count(1, cFlesh) != 1 || h.S().Sides[1].Counters[sBottled] != 0 {
		t.Errorf("after the End phase: flesh wounds %d, bottled %d; want 1, 0", h.S().Count(1, cFlesh), h.S().Sides[1].Counters[sBottled])
	}

	h = table(t, nil, ganger("w", 0), si, ganger("w2", 0), ganger("b2", 1))
	h.Play(round...)
	h.Play("d:2") // 2 + 1 = 3 > 2: bottled
	h.WantAsks("dice n23-check {Value:7 Mods:[] Dice:2}")
	if !strings.Contains(h.prompt(), "Fleeing the battlefield: Cool test") {
		t.Errorf("prompt %q", h.prompt())
	}
	h.Play("d:6 6", "d:1 1") // b holds, b2 flees
	h.Play("d:si")           // b's Recovery test: stays; the Rustjaws have no model in the fight, the game is over
	h.WantStatus("b", "prone/seriously-injured", "b2", "gone")
	if h.S().Sides[1].Counters[sBottled] != 1 || !h.S().Has(3, cFled) {
		t.Error("the Rustjaws are not bottled, or b2 did not flee")
	}

	// With bottle-comparison at-least, 2 + 1 = 3 is not higher than 3 but
	// is at least it: a crew of 3 is bottled on a 2.
	h = table(t, map[string]string{optBottle: "at-least"}, ganger("w", 0), si, ganger("w2", 0), ganger("b2", 1), ganger("b3", 1))
	h.Play(round...)
	h.Play("activate m4", "end m4", "d:2", "d:6 6", "d:6 6", "d:6 6", "d:si", "d:6", "d:1")
	if h.S().Sides[1].Counters[sBottled] != 1 {
		t.Error("D6 2 + 1 casualty against a crew of 3 did not bottle with at-least")
	}

	// recovery-flesh-wound standing: the fighter stands up.
	h = table(t, map[string]string{optRecoveryFW: "standing"}, ganger("w", 0), si, ganger("w2", 0), ganger("b2", 1))
	h.Play(round...)
	h.Play("d:1", "d:fw", "d:6", "d:1")
	h.WantStatus("b", "standing/active")
}

// Vehicles (seed 002: their actions differ; rules.md §3.3): Hull Points
// first, then the vehicle damage die; Penetrating leaves it Stationary and
// Stalled (its crew may still shoot; Jump Start is a Restart test at once);
// a Restart test (its Handling) in the End phase or by Jump Start makes it
// Mobile again; Catastrophic Wrecks it.
func TestVehicleDamageAndRestart(t *testing.T) {
	shot := func(m string) []string {
		return []string{"shoot " + m + " >m1 #0", "f:1", "f:1", "f:1", "f:0", "d:4", "d:6", "d:1"} // S3 v T6: 6+; Sv4 fails
	}
	h := table(t, nil, ganger("w", 0), crawler("car", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0")
	h.Play(shot("m0")...)
	if h.S().Count(1, cWounds) != 1 {
		t.Fatalf("Hull Points %d after one, want 1", h.S().Count(1, cWounds))
	}
	h.WantStatus("car", "mobile/active") // a vehicle is not Pinned
	h.Play("end m0", "activate m1", "end m1", "activate m2")
	h.Play(shot("m2")...)
	h.WantAsks("dice n23-vehicle-damage {}")
	h.Play("d:p")
	h.WantStatus("car", "stationary/stalled")
	h.Play("end m2", "activate m3", "end m3")
	// End phase: the Rustjaws have no casualty (a Stalled vehicle is none);
	// the car's Restart test, Handling 5+.
	h.WantAsks("dice n23-test {Target:5 Mods:[] Save:false}")
	h.Play("d:4") // stays Stalled
	h.WantStatus("car", "stationary/stalled")
	h.Play("d:6", "d:1") // round 2 Priority: the Lamplighters
	h.Play("activate m0", "end m0", "activate m1")
	h.WantLegal("aim end jump-start shoot")
	h.Play("jump-start m1", "d:5")
	h.WantStatus("car", "mobile/active")

	// Catastrophic: Wrecked, out of the fight; it never activates again.
	h = table(t, nil, ganger("w", 0), with(crawler("car", 1), func(m *engine.ModelSetup) { m.Profile[sW] = 1 }), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0")
	h.Play(shot("m0")...)
	h.Play("d:c")
	h.WantStatus("car", "stationary/wrecked")
	h.Play("end m0")
	h.WantLegal("activate:b2") // not the car
}

// Seed 002's example: a Mobile vehicle's Ram is a Double action, using
// both its actions. At a table the players say whether it reached; the
// target dodges on an Initiative test (+1 Standing), else takes the
// collision's hit by the vehicle's Movement (8": S7, AP −2, Damage 2) and
// is Pinned.
func TestRam(t *testing.T) {
	h := table(t, nil, crawler("car", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "ram m0 >m1", "f:1")
	h.WantAsks("dice n23-test {Target:4 Mods:[1] Save:false}")
	h.Play("d:2") // 2 + 1 = 3: fails to dodge
	h.WantAsks("dice n23-test {Target:2 Mods:[] Save:false}")
	h.Play("d:2") // S7 v T3 wounds on 2+
	// Sv 6+ at AP −2 needs an 8: no save is asked (rules.md §2.3.4)
	h.WantAsks("dice n23-injury {Dice:1}")
	h.Play("d:fw", "d:fw")
	if got := h.Events("no-save"); len(got) != 1 {
		t.Errorf("no-save events %v, want one", got)
	}
	h.WantStatus("b", "prone/pinned")
	if h.S().Count(1, cFlesh) != 2 {
		t.Errorf("flesh wounds %d, want 2 (Damage 2 at the last wound)", h.S().Count(1, cFlesh))
	}
	h.WantLegal("activate:b activate:b2") // both actions spent

	// A dodge: nothing else happens.
	h = table(t, nil, crawler("car", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "ram m0 >m1", "f:1", "d:3")
	h.WantStatus("b", "standing/active")
}

// Seed 002 (facing) and rules.md §3.3: a Shoot needs its target within the
// fighter's vision arc. At a table the players are asked; "no" shows the
// target was never legal: the Shoot is refused, changing nothing. With the
// option at 360 nobody is asked.
func TestVisionArcAtTable(t *testing.T) {
	h := two(t, nil)
	h.Play("activate m0", "shoot m0 >m1 #0", "f:1")
	h.WantAsks("fact arc")
	if !strings.Contains(h.prompt(), "is any part of b within w's vision arc (90° centred on the way w faces)?") {
		t.Errorf("prompt %q", h.prompt())
	}
	h.answerRefused(0, "b is not within w's vision arc")

	h = two(t, map[string]string{optArc: "360"})
	h.Play("activate m0", "shoot m0 >m1 #0", "f:1")
	h.WantAsks("fact within") // no arc question
}

// At a table a measurement that shows the target was never legal refuses
// the action: out of sight, beyond Long Range, a Coup de Grace target not
// within 1".
func TestTableRefusals(t *testing.T) {
	h := two(t, nil)
	h.Play("activate m0", "shoot m0 >m1 #0")
	h.answerRefused(0, "w cannot see b: a ranged attack needs line of sight")
	h.Play("shoot m0 >m1 #0", "f:1", "f:1")
	h.answerRefused(0, "b is beyond the lasgun's Long Range of 24\"")

	h = two(t, nil)
	h.ForceBoth("b", prone, seriouslyInjured)
	h.Play("activate m0", "coup-de-grace m0 >m1")
	h.answerRefused(0, "b is not within 1\" of w")
	h.Play("coup-de-grace m0 >m1", "f:1", "f:0") // within 1"; b2 not within 3" of b
	h.WantStatus("b", "gone")
}

// rules.md §3.3, Charge (Double): up to M + D3" into base contact, then a
// free Fight (the Close Combat page). A Prone and Pinned fighter charged
// stands, Engaged, counting as having turned for its reaction attacks
// (−1). The charger fights with its Attacks + 1 (option charge-attack-
// bonus): two attacks.
func TestChargeIntoFreeFight(t *testing.T) {
	h := two(t, nil)
	h.ForceBoth("b", prone, pinned)
	h.Play("activate m0", "charge m0 >m1", "f:1", "d:6")
	if !strings.Contains(h.prompt(), "charges up to 8\" to base contact with b") {
		t.Errorf("contact prompt %q", h.prompt())
	}
	h.Play("f:1")
	h.WantStatus("w", "standing/engaged", "b", "standing/engaged")
	h.WantLegal("fight")
	h.Play("fight m0 >m1", "f:1") // b within w's arc
	h.WantAsks("dice n23-test {Target:4 Mods:[] Save:false}")
	if !strings.Contains(h.prompt(), "1 of 2)") {
		t.Errorf("first attack prompt %q, want 1 of 2", h.prompt())
	}
	h.Play("d:1", "d:1") // both miss
	h.WantAsks("dice n23-test {Target:4 Mods:[-1] Save:false}")
	if !strings.Contains(h.prompt(), "Reaction attack for b against w") {
		t.Errorf("reaction prompt %q", h.prompt())
	}
	h.Play("d:1")
	h.WantLegal("activate:b activate:b2") // the Charge spent both actions; the Fight was free

	// A target the charger could not see: −1 on the free Fight.
	h = two(t, nil)
	h.Play("activate m0", "charge m0 >m1", "f:0", "d:6", "f:1", "fight m0 >m1", "f:1")
	h.WantAsks("dice n23-test {Target:4 Mods:[-1] Save:false}")
}

// The Close Combat page: a Fight that leaves its target Seriously Injured
// lets the fighter give it a free Coup de Grace (rules.md §3.3: automatic
// Out of Action), without measuring again: its next action, costing
// nothing, or anything else, which lets the chance go (a rules audit
// found it forced, the only action offered).
func TestFightThenCoupDeGrace(t *testing.T) {
	fought := func() *harness {
		h := table(t, nil, ganger("w", 0), with(ganger("b", 1), func(m *engine.ModelSetup) { m.Engaged = []string{"w"} }), ganger("w2", 0), ganger("b2", 1))
		h.Play("activate m0", "fight m0 >m1", "f:1", "d:5", "d:4", "d:1", "d:si", "f:0")
		h.WantStatus("b", "prone/seriously-injured", "w", "standing/active")
		return h
	}
	coup := engine.Action{ID: "coup-de-grace", Actor: 0, Target: 1}
	h := fought()
	h.WantLegal("coup-de-grace end move shoot take-cover")
	if ty := engine.ActionType(h.S(), coup); ty != "free" {
		t.Fatalf("the Coup de Grace after the Fight is %s, want free", ty)
	}
	h.Play("coup-de-grace m0 >m1", "f:0")
	h.WantStatus("b", "gone")
	if left := h.S().Turn.Slots; left != 1 {
		t.Errorf("%d of the activation's two actions left after the free Coup de Grace, want 1 (the Fight took one)", left)
	}
	h.WantLegal("end move shoot take-cover") // its second action is still to take

	// Declined: another action lets the chance go; w's second action was
	// its last, so its activation is over.
	h = fought()
	h.Play("take-cover m0")
	if h.S().Turn.Model == 0 {
		t.Fatalf("w's activation goes on after two actions: %s", h.Legal())
	}
	if h.S().Vars[vFreeCoup] != 0 {
		t.Errorf("the free Coup de Grace outlives the next action")
	}

	// After a Charge, which spends both actions, the free Fight's free
	// Coup de Grace keeps the activation going; ending it lets it go.
	h = two(t, nil)
	h.Play("activate m0", "charge m0 >m1", "f:1", "d:6", "f:1", "fight m0 >m1", "f:1", "d:5", "d:4", "d:1", "d:si", "f:0")
	h.WantStatus("b", "prone/seriously-injured")
	h.WantLegal("coup-de-grace end")
	h.Play("end m0")
	h.WantStatus("b", "prone/seriously-injured")
}

// rules.md §3.3, Retreat (Basic): an Initiative test; failed, the fighter
// stays Engaged; passed, it moves D6" away and is Active.
func TestRetreat(t *testing.T) {
	engagedPair := func() *harness {
		return table(t, nil, ganger("w", 0), with(ganger("b", 1), func(m *engine.ModelSetup) { m.Engaged = []string{"w"} }), ganger("w2", 0), ganger("b2", 1))
	}
	h := engagedPair()
	h.Play("activate m0", "retreat m0", "d:3")
	h.WantStatus("w", "standing/engaged")
	h = engagedPair()
	h.Play("activate m0", "retreat m0", "d:4", "d:5")
	h.WantStatus("w", "standing/active", "b", "standing/active")
}

// rules.md §3.3: Take Cover leaves a fighter Prone and Pinned; Stand Up
// makes it Standing and Active; Blind Fire shoots from Prone at −2 (option
// blind-fire) with no vision arc to ask about.
func TestProneActions(t *testing.T) {
	h := two(t, nil)
	h.Play("activate m0", "take-cover m0")
	h.WantStatus("w", "prone/pinned")
	h.WantLegal("end stand-up") // one action left, Prone now: no Double
	h.refused("blind-fire m0 >m1 #0", "Blind Fire costs 2 and w has 1 left this activation")
	h.Play("stand-up m0")
	h.WantStatus("w", "standing/active")

	h = two(t, nil)
	h.ForceBoth("w", prone, pinned)
	h.Play("activate m0", "blind-fire m0 >m1 #0", "f:1", "f:1", "f:0") // sight, range (no arc), no cover
	h.WantAsks("dice n23-test {Target:4 Mods:[-2] Save:false}")
}

// rules.md §6.3-p: the injury die's face counts are an option. With 3-2-1
// a Flesh Wound shows on three faces.
func TestInjuryFacesOption(t *testing.T) {
	for opt, want := range map[string]string{"2-3-1": "1/3", "3-2-1": "1/2"} {
		h := two(t, map[string]string{optInjuryFaces: opt})
		h.Play("activate m0", "shoot m0 >m1 #0", "f:1", "f:1", "f:1", "f:0", "d:4", "d:4", "d:1")
		if got := h.G.Pending().Proc.Odds().P(0).String(); got != want {
			t.Errorf("injury-faces %s: P(flesh-wound) = %s, want %s", opt, got, want)
		}
	}
	// save-natural 1-2: a natural 2 fails the save whatever the modifiers.
	h := two(t, map[string]string{optSaveNatural: "1-2"})
	h.Play("activate m0", "shoot m0 >m1 #0", "f:1", "f:1", "f:1", "f:0", "d:4", "d:4")
	if !strings.Contains(h.prompt(), "a natural 1 or 2 always fails") {
		t.Errorf("save prompt %q", h.prompt())
	}
}

// The package doc (Shooting): a weapon's accuracy is its Short Range one
// within Short Range, else its Long Range one; at a table, when they
// differ, the players are asked, and told why.
func TestShortRangeAccuracy(t *testing.T) {
	carbine := with(ganger("w", 0), func(m *engine.ModelSetup) { m.Gear[0].Stats["acc-s"] = 1 })
	h := table(t, nil, carbine, ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "shoot m0 >m1 #0", "f:1", "f:1", "f:1") // sight, arc, Long Range
	if p, want := h.prompt(), "Is the target within the weapon's Short Range? (its accuracy differs at Short and Long Range)"; !strings.HasPrefix(p, want) {
		t.Errorf("prompt %q, want it to start %q", p, want)
	}
	h.Play("f:1", "f:0") // within Short Range; no cover
	h.WantAsks("dice n23-test {Target:4 Mods:[1] Save:false}")
}

// rules.md §3.3, Aim (Basic): +1 to the next Shoot of the same
// activation. Not carried into a later activation: w Aims and ends its
// activation; next round its Shoot has no bonus.
func TestAimEndsWithActivation(t *testing.T) {
	h := two(t, nil)
	h.Play("activate m0", "aim m0", "end m0", "activate m1", "end m1", "activate m2", "end m2", "activate m3", "end m3")
	h.Play("d:6", "d:1") // round 2's Priority roll: the Lamplighters
	h.Play("activate m0", "shoot m0 >m1 #0", "f:1", "f:1", "f:1", "f:0")
	h.WantAsks("dice n23-test {Target:4 Mods:[] Save:false}")
}

// rules.md §3.3, Aim (Basic): the bonus is the next Shoot's, and that Shoot
// uses it up: after Aim and a free Shoot at +1, w, its activation still
// going, is no longer aimed.
func TestAimUsedByNextShoot(t *testing.T) {
	h := table(t, nil, pistolero("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "aim m0", "shoot-free m0 >m1 #0", "f:1", "f:1", "f:1", "f:0")
	h.WantAsks("dice n23-test {Target:4 Mods:[1] Save:false}")
	h.Play("d:1", "d:2") // a miss; the firepower die shows 1 bullet
	if h.S().Turn.Model != 0 {
		t.Fatal("w's activation ended: the test needs it going on")
	}
	if h.S().Has(0, cAimed) {
		t.Error("w is still aimed after the Shoot that took the bonus")
	}
}

// rules.md §3.3, Priority phase: each side rolls a D6, the highest has
// Priority and activates first; a tie in round 1 rolls again, a later one
// goes to the side that did not have it (rules.md §2.3.3, see the doc).
func TestPriorityRoll(t *testing.T) {
	su := &engine.Setup{Rounds: 2, Mode: "table", Sides: []engine.SideSetup{{Name: "Lamplighters"}, {Name: "Rustjaws"}},
		Models: []engine.ModelSetup{ganger("w", 0), ganger("b", 1)}}
	g, err := engine.New(New(), su, engine.Config{Seed: 1, Dice: engine.PhysicalDice})
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{&enginetest.Script{T: t, G: g}}
	if p := h.prompt(); !strings.Contains(p, "ties roll again") {
		t.Errorf("round 1's Priority prompt %q, want it to say ties roll again", p)
	}
	h.Play("d:4", "d:4")
	// the roll after a tie says it comes after a tie, or it reads as the
	// same question asked twice
	if p := h.prompt(); !strings.Contains(p, "Priority roll again, the last one tied") {
		t.Errorf("the Priority prompt after a tie %q", p)
	}
	h.Play("d:2", "d:5")
	h.WantLegal("activate:b")

	// From round 2 a tie goes to the side that did not have Priority last
	// round, with no roll again (rules.md §2.3.3, shared with N26), and the
	// prompt says so.
	h.Play("activate m1", "end m1", "activate m0", "end m0")
	if p := h.prompt(); !strings.Contains(p, "a tie goes to the side that did not have it last round") || strings.Contains(p, "roll again") {
		t.Errorf("round 2's Priority prompt %q", p)
	}
	h.Play("d:3", "d:3")
	h.WantLegal("activate:w") // the Rustjaws had it: the Lamplighters take the tie
}
