package n26

import (
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// scene is a table position with a target for every action: a friendly
// Ready fighter (Group Activation), a Seriously Injured friendly fighter
// (Treat Ally) and vehicle (Repair), a Seriously Injured enemy fighter
// (Coup de Grace) and vehicle (Sabotage), and a standing enemy. The actor
// (model 0) carries a lasgun Out of Ammo (Reload), a pistol (Shoot, Aimed
// Shot) and a Heavy stubber (Braced Shot).
func scene(t *testing.T, actor engine.ModelSetup, opts map[string]string) *harness {
	h := table(t, opts, actor,
		ganger("w-ready", 0), ganger("w-si", 0), buggy("w-car", 0),
		ganger("b-si", 1), buggy("b-car", 1), ganger("b-ok", 1))
	for _, id := range []string{"w-si", "w-car", "b-si", "b-car"} {
		h.Force(id, seriouslyInjured)
	}
	h.S().Models[0].Gear |= 1 << outOfAmmo // gear 0 Out of Ammo
	return h
}

func armed(m engine.ModelSetup) engine.ModelSetup {
	return with(m, func(m *engine.ModelSetup) {
		m.Gear = append(m.Gear,
			engine.Gear{Name: "stub pistol", Kind: "ranged", Stats: map[string]int{"sr": 4, "lr": 12, "str": 3, "l": 1}, Traits: []engine.Trait{{Name: "light"}}},
			engine.Gear{Name: "heavy stubber", Kind: "ranged", Stats: map[string]int{"sr": 20, "lr": 30, "str": 4, "ap": -1, "l": 1}, Traits: []engine.Trait{{Name: "heavy"}, {Name: "rapid-fire", Value: 2}}})
	})
}

// The 23 actions' availability by model type and status (seed 000: the
// action tables of rules.md §2.2.3–§2.2.5; one action slot when Suppressed,
// §2.2.2, so no Double actions; Beasts neither Interact nor Treat Ally,
// §2.3.7). "end" ends the activation.
func TestAvailabilityByStatusAndType(t *testing.T) {
	fighter := armed(ganger("actor", 0))
	beast := armed(ganger("actor", 0, "beast"))
	car := armed(buggy("actor", 0))
	for _, tc := range []struct {
		name   string
		actor  engine.ModelSetup
		status int
		want   string
	}{
		{"fighter/active", fighter, active,
			"aimed-shot braced-shot charge coup-de-grace crawl-through-ductway dash end engage group-activation interact move reload repair sabotage shoot treat-ally"},
		{"fighter/suppressed", fighter, suppressed,
			"coup-de-grace end engage group-activation interact move reload repair sabotage shoot treat-ally"},
		{"fighter/engaged", fighter, engaged, "end fight retreat"},
		{"fighter/seriously-injured", fighter, seriouslyInjured, "crawl desperate-escape end tend-wounds"},
		{"beast/active", beast, active,
			"aimed-shot braced-shot charge coup-de-grace crawl-through-ductway dash end engage group-activation move reload repair sabotage shoot"},
		{"vehicle/active", car, active, "aimed-shot braced-shot charge dash end engage fire-all interact move reload shoot"},
		{"vehicle/suppressed", car, suppressed, "end engage interact move reload shoot"},
		{"vehicle/engaged", car, engaged, "end fight retreat"},
		{"vehicle/seriously-damaged", car, seriouslyInjured, "conduct-repairs desperate-escape end freewheel"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := scene(t, tc.actor, map[string]string{optDucts: "some"}) // a table with ductways
			h.Force("actor", tc.status)
			if tc.status == engaged {
				h.S().Link(0, h.Model("b-ok"), true)
			}
			h.Play("activate m0")
			h.WantLegal(tc.want)
		})
	}
}

// Seed 000: every model action is for models neither Engaged nor
// Seriously Injured (Damaged), and the listing `skirmish rules n26` prints
// says so for each, as it says what else each needs.
func TestModelActionsSayNotEngagedOrSeriouslyInjured(t *testing.T) {
	model := map[string]bool{"aimed-shot": true, "braced-shot": true, "charge": true, "coup-de-grace": true, "crawl-through-ductway": true,
		"dash": true, "engage": true, "fire-all": true, "group-activation": true, "interact": true, "move": true, "reload": true,
		"repair": true, "sabotage": true, "shoot": true, "treat-ally": true}
	seen := 0
	for _, a := range actionDefs() {
		if !model[a.ID] {
			continue
		}
		seen++
		if !strings.Contains(a.When, "Engaged") || !strings.Contains(a.When, "not Seriously") && !strings.Contains(a.When, "or Seriously") {
			t.Errorf("%s: when %q does not say it is for models neither Engaged nor Seriously Injured", a.ID, a.When)
		}
	}
	if seen != len(model) {
		t.Errorf("%d of the seed's %d model actions listed", seen, len(model))
	}
}

// Crawl Through Ductway only where there are ductways (seed 000: within 1"
// of one; issue 31): a table whose scenario says nothing has none, and the
// refusal says so; one that says some offers it; a board without ducts
// never does.
func TestDuctwayOnlyWhereThereAreDucts(t *testing.T) {
	fighter := armed(ganger("actor", 0))
	h := scene(t, fighter, nil)
	h.Play("activate m0")
	if contains(h.Legal(), "crawl-through-ductway") {
		t.Error("offered at a table without ductways")
	}
	if why := h.G.WhyNot(engine.Act("crawl-through-ductway", 0)); !strings.Contains(why, "the table has no ductways") {
		t.Errorf("why not: %q", why)
	}
	h = scene(t, fighter, map[string]string{optDucts: "some"})
	h.Play("activate m0")
	if !contains(h.Legal(), "crawl-through-ductway") {
		t.Error("not offered at a table with ductways")
	}
	h = onBoard(t, nil, nil, [][2]float32{{4, 4}, {20, 20}, {4, 20}, {20, 4}}, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0")
	if why := h.G.WhyNot(engine.Act("crawl-through-ductway", 0)); !strings.Contains(why, "the board has no ductways") {
		t.Errorf("on a board without ducts, why not: %q", why)
	}
}

// A move typed at a table with what a table move does not take is refused
// in the terms of what was typed (hostile audit: an option was answered as
// if it were a destination).
func TestTableMoveRefusalsNameWhatWasTyped(t *testing.T) {
	h := scene(t, armed(ganger("actor", 0)), nil)
	h.Play("activate m0")
	for typed, want := range map[string]string{
		"move m0 #-1":  "a move takes no option (#-1)",
		"move m0 @3,4": "at a table a move names no destination",
		"move m0 >m1":  "at a table this move names no target (>m1)",
	} {
		a, err := engine.ParseAction(typed)
		if err != nil {
			t.Fatal(err)
		}
		if why := h.G.WhyNot(a); !strings.Contains(why, want) {
			t.Errorf("%s: why not %q, want %q", typed, why, want)
		}
	}
}
