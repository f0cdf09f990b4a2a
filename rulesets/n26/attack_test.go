package n26

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// rules.md §2.3.4, Resolve hits: the wound roll's target from Strength
// against Toughness.
func TestWoundTable(t *testing.T) {
	for _, tc := range []struct{ s, t, want int }{
		{6, 3, 2}, {8, 4, 2}, {4, 3, 3}, {7, 4, 3}, {3, 3, 4}, {2, 3, 5}, {3, 5, 5}, {2, 4, 6}, {3, 6, 6}, {1, 10, 6}, {10, 1, 2},
	} {
		if got := woundTarget(tc.s, tc.t); got != tc.want {
			t.Errorf("S%d vs T%d: %d+, want %d+", tc.s, tc.t, got, tc.want)
		}
	}
}

// shooter is w with a given ranged weapon as gear 0.
func shooter(g engine.Gear) engine.ModelSetup {
	return with(ganger("w", 0), func(m *engine.ModelSetup) { m.Gear[0] = g })
}

// rules.md §2.3.4, Ranged: the hit roll is a BS test (+1 for Aimed Shot);
// a hit Suppresses; the opposing player rolls to wound and to save, with AP
// and the cover bonus on the save; an unsaved wound takes a Wound and at 0
// the attacker rolls Lethality injury dice, keeping the worst for the
// target.
func TestShootPipeline(t *testing.T) {
	gun := engine.Gear{Name: "rifle", Kind: "ranged", Stats: map[string]int{"sr": 8, "lr": 24, "str": 4, "ap": -1, "l": 2}}
	for _, tc := range []struct {
		name    string
		action  string
		short   string // the answer to "within Short Range?"
		cover   string
		hitMods string
		saveMod string // "": no face can pass the save, so it is not rolled
	}{
		{"shoot/long/cover", "shoot", "f:0", "f:1", "[]", "[1]"},       // AP −1, cover +2 within Long Range
		{"aimed/short/cover", "aimed-shot", "f:1", "f:1", "[1]", "[]"}, // AP −1, cover +1 within Short Range
		{"shoot/open", "shoot", "f:1", "f:0", "[]", ""},                // Sv 6+ at AP −1 needs a 7
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := table(t, nil, shooter(gun), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
			h.Play("activate m0", tc.action+" m0 >m1 #0", "f:1", "f:1", tc.short)
			h.WantAsks("dice n26-test {Target:4 Mods:" + tc.hitMods + " Save:false}")
			h.Play("d:4", tc.cover)
			// S4 against T3: 3+, rolled by b's player.
			h.WantAsks("dice n26-test {Target:3 Mods:[] Save:false}")
			if p := h.G.Pending(); p.Who != 1 {
				t.Errorf("the wound roll is side %d's", p.Who)
			}
			h.Play("d:3")
			if tc.saveMod != "" {
				h.WantAsks("dice n26-test {Target:6 Mods:" + tc.saveMod + " Save:true}")
				h.Play("d:2")
			}
			// L2: two injury dice, rolled by w's player.
			h.WantAsks("dice n26-injury {Dice:2}")
			if p := h.G.Pending(); p.Who != 0 {
				t.Errorf("the injury dice are side %d's", p.Who)
			}
			h.Play("d:1 4")
			h.WantStatus("b", "seriously-injured")
			if got := fmt.Sprint(h.Events("status")); got != "[status b status b]" {
				t.Errorf("status events %s: want b Suppressed by the hit, then Seriously Injured", got)
			}
			if h.S().Count(1, cWounds) != 0 || !h.S().Has(1, cInjured) {
				t.Error("b is not at 0 wounds and Injured")
			}
			if got, want := len(h.Events("no-save")), map[bool]int{true: 1}[tc.saveMod == ""]; got != want {
				t.Errorf("%d no-save events, want %d", got, want)
			}
		})
	}
}

// rules.md §2.3.4 step 2: at a table, a target found beyond Long Range is
// missed without a roll; no line of sight, no attack.
func TestShootOutOfRangeAndSight(t *testing.T) {
	h := two(t, nil)
	h.Play("activate m0", "shoot m0 >m1 #0", "f:1", "f:0")
	if got := h.Events("out-of-range"); len(got) != 1 {
		t.Errorf("events %v, want out-of-range", h.Events())
	}
	h.WantStatus("b", "active")
	// A target out of sight was never a legal target: the players' "no"
	// refuses the Shoot, and b may do something else.
	h.Play("end m0", "activate m1", "shoot m1 >m0 #0")
	n := len(h.G.Log().Entries)
	var ill *engine.IllegalError
	if err := h.G.Answer(engine.FactQ, engine.Reply{Value: 0}); !errors.As(err, &ill) || !strings.Contains(ill.Reason, "cannot see") {
		t.Fatalf("no sight: %v, want the Shoot refused", err)
	}
	if len(h.G.Log().Entries) != n || h.G.Pending() != nil {
		t.Error("a refused Shoot changed the game")
	}
	h.Play("move m1")
}

// rules.md §2.3.6: Rapid Fire (X) rolls up to X firepower dice; a hit
// scores the bullets shown; an ammo symbol puts the weapon Out of Ammo, two
// jam it for the battle (no Reload). Reload clears Out of Ammo.
func TestRapidFireAmmoAndReload(t *testing.T) {
	gun := engine.Gear{Name: "stubber", Kind: "ranged", Stats: map[string]int{"sr": 12, "lr": 24, "str": 3, "l": 1}, Traits: []engine.Trait{{Name: "rapid-fire", Value: 2}}}
	h := table(t, nil, shooter(gun), with(ganger("b", 1), func(m *engine.ModelSetup) { m.Profile[sW] = 5 }), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "shoot m0 >m1 #0", "f:1", "f:1", "f:1")
	h.WantAsks("choice firepower")
	h.Play("c:2", "d:4")
	h.WantAsks("dice n26-firepower {Dice:2}")
	h.Play("d:1-ammo 3", "f:0") // 4 bullets, an ammo symbol; no cover
	for range 4 {
		h.Play("d:4", "d:1") // wound, failed save
	}
	if w := h.S().Count(1, cWounds); w != 1 {
		t.Errorf("b has %d wounds after 4 hits, want 1", w)
	}
	if h.S().Models[0].Gear&1 == 0 {
		t.Error("an ammo symbol did not put the stubber Out of Ammo")
	}
	h.WantLegal("end engage group-activation interact move reload") // no second gun to Shoot
	h.Play("reload m0 #0")
	if h.S().Models[0].Gear&1 != 0 {
		t.Error("Reload did not clear Out of Ammo")
	}
	// Jammed: two ammo symbols; Reload is not offered.
	h = table(t, nil, shooter(gun), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "shoot m0 >m1 #0", "f:1", "f:1", "f:1", "c:2", "d:1", "d:1-ammo 1-ammo")
	h.WantLegal("end engage group-activation interact move")
}

// rules.md §2.3.9, §8 gap 3: Ammo (X+) without Rapid Fire rolls a D6 after
// the attack, Out of Ammo below X; option ammo-check=off skips it.
func TestAmmoCheck(t *testing.T) {
	gun := engine.Gear{Name: "shotgun", Kind: "ranged", Stats: map[string]int{"sr": 4, "lr": 12, "str": 4, "l": 1}, Traits: []engine.Trait{{Name: "ammo", Value: 4}}}
	for _, tc := range []struct {
		opt, face string
		out       bool
	}{{"d6", "3", true}, {"d6", "4", false}, {"off", "", false}} {
		h := table(t, map[string]string{optAmmo: tc.opt}, shooter(gun), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
		h.Play("activate m0", "shoot m0 >m1 #0", "f:1", "f:1", "f:1", "d:1")
		if tc.face != "" {
			h.WantAsks("dice n26-d6 {Game:n26}")
			h.Play("d:" + tc.face)
		}
		if out := h.S().Models[0].Gear&1 != 0; out != tc.out {
			t.Errorf("%s, rolled %q: Out of Ammo %v, want %v", tc.opt, tc.face, out, tc.out)
		}
	}
}

// Seed 000 (rules.md §2.2.3, §2.3.6): a Heavy weapon fires only by Braced
// Shot (or a vehicle's Fire All); Shoot and Aimed Shot offer the others.
func TestHeavyOnlyBraced(t *testing.T) {
	h := scene(t, armed(ganger("actor", 0)), nil)
	h.Play("activate m0")
	weapons := func(id string) map[int]bool {
		out := map[int]bool{}
		for _, a := range h.G.Legal() {
			if a.ID == id {
				out[a.Option] = true
			}
		}
		return out
	}
	// Gear: 0 lasgun (Out of Ammo), 1 knife, 2 stub pistol, 3 heavy stubber.
	for id, want := range map[string]string{"shoot": "map[2:true]", "aimed-shot": "map[2:true]", "braced-shot": "map[3:true]"} {
		if got := fmt.Sprint(weapons(id)); got != want {
			t.Errorf("%s offers weapons %s, want %s", id, got, want)
		}
	}
}

// Seed 000 (rules.md §2.2.3): Fire All fires every ranged weapon of the
// vehicle, Heavy or not, each at a target chosen before any dice.
func TestFireAll(t *testing.T) {
	car := with(buggy("car", 0), func(m *engine.ModelSetup) {
		m.Gear = append(m.Gear, engine.Gear{Name: "cannon", Kind: "ranged", Stats: map[string]int{"sr": 12, "lr": 36, "str": 6, "l": 2}, Traits: []engine.Trait{{Name: "heavy"}}})
	})
	h := table(t, nil, car, ganger("b", 1), ganger("b2", 1), ganger("w2", 0))
	h.Play("activate m0", "fire-all m0")
	h.WantAsks("choice fire-all-target")
	h.Play("c:b", "c:b2")
	h.Play("f:1", "f:1") // both targets' sight, before any dice
	// Hull gun at b: long, short, firepower die, hit roll...
	h.Play("f:1", "f:1", "d:1")
	h.WantAsks("dice n26-firepower {Dice:1}")
	h.Play("d:2") // missed: the die still rolls for ammo
	h.Play("f:1", "f:1", "d:1")
	if got := h.Events("missed"); len(got) != 2 {
		t.Errorf("events %v, want two misses", h.Events())
	}
}

// rules.md §2.3.4, Melee: strikes in descending Initiative; Unwieldy sets
// the user's to 1; at equal Initiative the strikes are simultaneous and a
// casualty still strikes back.
func TestFightInitiative(t *testing.T) {
	maul := engine.Gear{Name: "maul", Kind: "melee", Stats: map[string]int{"str+": 2, "l": 1}, Traits: []engine.Trait{{Name: "melee"}, {Name: "unwieldy"}}}
	fast := with(ganger("b", 1), func(m *engine.ModelSetup) { m.Profile[sI] = 5 })
	// w (I4) fights faster b (I5): b strikes first and takes w down; w, now
	// Seriously Injured, does not strike.
	h := table(t, nil, ganger("w", 0), fast, ganger("w2", 0), ganger("b2", 1))
	h.S().Link(0, 1, true)
	h.Force("w", engaged)
	h.Force("b", engaged)
	h.Play("activate m0", "fight m0 >m1", "d:4", "d:4", "d:1", "d:3")
	h.WantStatus("w", "seriously-injured")
	if h.G.Pending() != nil {
		t.Errorf("a Seriously Injured fighter strikes: asks %s", h.Asks())
	}
	// With an Unwieldy maul b is I1: w strikes first.
	slow := with(fast, func(m *engine.ModelSetup) { m.Gear[1] = maul })
	h = table(t, nil, ganger("w", 0), slow, ganger("w2", 0), ganger("b2", 1))
	h.S().Link(0, 1, true)
	h.Force("w", engaged)
	h.Force("b", engaged)
	h.Play("activate m0", "fight m0 >m1")
	if p := h.G.Pending(); p == nil || p.Who != 0 {
		t.Fatalf("with b Unwieldy, w should strike first; asks %s", h.Asks())
	}
	// Equal Initiative: w hits, b goes Seriously Injured, and still strikes.
	h = two(t, nil)
	h.S().Link(0, 1, true)
	h.Force("w", engaged)
	h.Force("b", engaged)
	h.Play("activate m0", "fight m0 >m1", "d:4", "d:4", "d:1", "d:3")
	if p := h.G.Pending(); p == nil || p.Who != 1 || h.Asks() != "dice n26-test {Target:4 Mods:[] Save:false}" {
		t.Fatalf("a casualty at equal Initiative does not strike back: asks %s", h.Asks())
	}
	h.Play("d:1")
	h.WantStatus("b", "seriously-injured", "w", "active")
}

// rules.md §2.3.4, Melee step 6: +1 to hit with a friend Engaged with the
// target and no other enemy; −1 when an enemy of the striker's is in the
// mirror position.
func TestFightAssistInterference(t *testing.T) {
	h := table(t, nil, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	for _, p := range [][2]int{{0, 1}, {2, 1}} {
		h.S().Link(p[0], p[1], true)
	}
	for _, id := range []string{"w", "b", "w2"} {
		h.Force(id, engaged)
	}
	h.Play("activate m0", "fight m0 >m1")
	h.WantAsks("dice n26-test {Target:4 Mods:[1] Save:false}")
	// And a mirror: b2 Engaged with w alone interferes.
	h = table(t, nil, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	for _, p := range [][2]int{{0, 1}, {3, 0}} {
		h.S().Link(p[0], p[1], true)
	}
	for _, id := range []string{"w", "b", "b2"} {
		h.Force(id, engaged)
	}
	h.Play("activate m0", "fight m0 >m1")
	h.WantAsks("dice n26-test {Target:4 Mods:[-1] Save:false}")
}

// rules.md §2.3.4, Melee step 2: a vehicle without a close combat weapon
// makes no attacks; its enemy still strikes.
func TestVehicleWithoutMeleeWeapon(t *testing.T) {
	h := table(t, nil, buggy("car", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.S().Link(0, 1, true)
	h.Force("car", engaged)
	h.Force("b", engaged)
	h.Play("activate m0", "fight m0 >m1")
	if p := h.G.Pending(); p == nil || p.Who != 1 {
		t.Fatalf("the vehicle attacks without a weapon: asks %s of side %d", h.Asks(), p.Who)
	}
}

// rules.md §2.3.4, Nerve check: a friend within 3" of a model that goes Out
// of Action makes a Cool check (2D6 ≤ Cl); failed, it is Suppressed.
func TestNerveCheck(t *testing.T) {
	h := two(t, nil)
	h.Force("b", seriouslyInjured)
	h.Play("activate m0", "coup-de-grace m0 >m1", "f:1", "d:6", "d:1")
	if p := h.G.Pending(); p == nil || p.Fact.Kind != engine.FactWithin || p.Fact.A != 3 || p.Fact.B != 1 || p.Fact.Inches != 3 {
		t.Fatalf("asks %s, want whether b2 is within 3\" of b", h.Asks())
	}
	h.Play("f:1")
	h.WantAsks("dice n26-check {Value:6 Mods:[] Dice:2}")
	h.Play("d:4 3")
	h.WantStatus("b2", "suppressed")
}
