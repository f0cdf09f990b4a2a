package falloutfactions

import (
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
)

// Action definitions, by index (the order of actionDefs).
const (
	aGetMoving = iota
	aHurry
	aOrder
	aOrderMove
	aOpenFire
	aSupport
	aAim
	aFire
	aPatchUp
	aRummage
	aBackOff
	aBrawl
	aHold
)

// actionDefs is every action (seed 004, Actions; rules.md §5.2.1): the
// four of an unengaged model and the two of an engaged one. Get Moving
// with Hurry is its own definition (two Fatigue; one Get Moving a Round
// either way). The steps within an action are free follow-ups
// (engine.Ctx.FollowUp), part of the action: a Get Moving's Movement Orders,
// one model at a time, each then moved; and an Open Fire's declarations,
// Supporting Fire model by model and Aim, before it fires.
func actionDefs() []engine.ActionDef {
	return []engine.ActionDef{
		aGetMoving: {ID: "get-moving", Name: "Get Moving", Type: "action", When: "unengaged; Takes 1 Fatigue to move up to 8\", then may give Movement Orders",
			Available: canMove, Unmet: moveUnmet, Options: moveOptions(8), Any: anyMove(8), Unlisted: typedMove(8), Resolve: resolveMove, Note: moveNote(8)},
		aHurry: {ID: "hurry", Name: "Get Moving (Hurry)", Type: "double", When: "unengaged; Takes a second Fatigue to move up to 12\", then may give Movement Orders",
			Excludes: []string{"get-moving"}, Available: canMove, Unmet: moveUnmet, Options: moveOptions(12), Any: anyMove(12), Unlisted: typedMove(12), Resolve: resolveMove, Note: moveNote(12)},
		aOrder: {ID: "movement-order", Name: "Movement Orders", Type: "order", When: "within a Get Moving: a friendly unengaged model in the Control Area Takes Fatigue and moves 8\" (12\" for a second Fatigue)",
			Available: func(s *engine.State, m int) bool { return s.Vars[vOrder] == 1 }, Options: orderOptions, Resolve: resolveOrder, Note: orderNote},
		aOrderMove: {ID: "order-move", Name: "Ordered move", Type: "order", When: "within a Get Moving: the model given Movement Orders moves",
			Available: func(s *engine.State, m int) bool { return s.Vars[vOrder] > 1 }, Options: orderMoveOptions, Any: anyOrderMove, Unlisted: typedOrderMove, Resolve: resolveOrderMove, Text: orderMoveText},
		aOpenFire: {ID: "open-fire", Name: "Open Fire", Type: "action", TypeOf: fastType, When: "unengaged; a Pistol, Rifle, Heavy or Grenade weapon at a Visible enemy; then Supporting Fire and Aim may be declared before it fires",
			Available: canShoot, Unmet: shootUnmet, Options: shotOptions, Resolve: resolveOpenFire, Note: weaponNote},
		aSupport: {ID: "supporting-fire", Name: "Supporting Fire", Type: "order", When: "declaring an Open Fire: a friend in the Control Area, unengaged and not Exhausted, Takes Fatigue for +1 bonus die (up to Charisma friends)",
			Available: declaring, Options: supportOptions, Resolve: resolveSupport, Note: supportNote},
		aAim: {ID: "aim", Name: "Aim", Type: "order", When: "declaring an Open Fire with an Aim (+X) weapon: Take a Fatigue for X bonus dice",
			Available: declaring, Options: aimOptions, Resolve: resolveAim, Note: aimNote},
		aFire: {ID: "fire", Name: "Fire", Type: "order", When: "the declared Open Fire makes its Ranged Attack Test",
			Available: declaring, Options: fireOptions, Resolve: resolveFire, Note: fireNote},
		aPatchUp: {ID: "patch-up", Name: "Patch Up", Type: "action", When: "unengaged, with Harm; recovers up to 2 Harm",
			Unmet: patchUnmet, Available: func(s *engine.State, m int) bool { return patchUnmet(s, m) == "" }, Resolve: resolvePatchUp},
		aRummage: {ID: "rummage", Name: "Rummage", Type: "action", When: "unengaged; within 1\" of a Search token",
			Available: canRummage, Unmet: rummageUnmet, Options: rummageOptions, Resolve: resolveRummage, Note: rummageNote},
		aBackOff: {ID: "back-off", Name: "Back Off", Type: "action", When: "engaged; moves up to 2\", not ending in an enemy's Proximity",
			Available: func(s *engine.State, m int) bool { return status(s, m) == engaged }, Unmet: engagedUnmet, Options: backOffOptions, Unlisted: typedBackOff, Resolve: resolveBackOff, Note: backOffNote},
		aBrawl: {ID: "brawl", Name: "Brawl", Type: "action", TypeOf: fastType, When: "engaged; a melee weapon, or the Makeshift Weapon (2S), at an enemy it is Engaged with",
			Available: canBrawl, Unmet: brawlUnmet, Options: brawlOptions, Resolve: resolveBrawl, Note: weaponNote},
		aHold: {ID: "hold", Name: "Hold", Type: "order", When: "at a table, before the Turn's first action, when all it may still do needs a measurement (a target in sight, a Search token near): the players find it has nothing; its Turn ends, and it takes no more Turns this Round",
			Available: canHold,
			Resolve:   resolveHold, Note: func(*engine.State, engine.Action) string { return "(nothing it may do: no more Turns this Round)" }},
	}
}

// canHold: at a table, before the Turn's first action, when every action
// left to the model may be refused by a measurement (Open Fire, Rummage):
// it can no longer Get Moving, has no Harm to Patch Up and is not Engaged
// (Brawl and Back Off need none).
func canHold(s *engine.State, m int) bool {
	switch {
	case geo(s) != nil || s.Turn.Model != m || s.Turn.Actions > 0 || status(s, m) == engaged:
		return false
	case !taken(s, m, aGetMoving) && !taken(s, m, aHurry):
		return false
	}
	return s.Count(m, cHarm) == 0 || taken(s, m, aPatchUp)
}

// resolveHold ends a Turn without an action (a Turn is at least one action,
// rules.md §5.3): at a table only the players know that every action the
// game offers would be refused (no enemy in sight, no Search token near),
// so they may say so. The model is then idle for the Round, as a model with
// no action on a board is.
func resolveHold(c *engine.Ctx, a engine.Action) {
	c.State().Set(a.Actor, cIdle, true)
	c.EndActivation()
}

func status(s *engine.State, m int) int { return int(s.Models[m].Status) }

func taken(s *engine.State, m, a int) bool { return s.Models[m].Taken&(1<<a) != 0 }

func fatigue(s *engine.State, m int) int { return s.Count(m, cFatigue) }

func enemy(s *engine.State, m, t int) bool {
	return t != m && s.Models[t].InPlay && s.SideOf(t) != s.SideOf(m)
}

func friend(s *engine.State, m, t int) bool {
	return t != m && s.Models[t].InPlay && s.SideOf(t) == s.SideOf(m)
}

func has(s *engine.State, m int, perk uint16) bool { return stat(s).perks[m]&perk != 0 }

// declaring: an Open Fire's declarations are being made.
func declaring(s *engine.State, m int) bool { return s.Vars[vFire] != 0 }

func canMove(s *engine.State, m int) bool { return status(s, m) == unengaged }

// Each action's conditions as checks (rules.Needs, engine.ActionDef.Unmet;
// rules.md §5.3): the first that fails, in words. They agree with the
// actions' Available (rulesets/all.TestUnmetAgrees).
var (
	moveUnmet    = rules.Needs(rules.Unless(func(s *engine.State, m int) bool { return status(s, m) != unengaged }, "it is Engaged"))
	engagedUnmet = rules.Needs(rules.Unless(func(s *engine.State, m int) bool { return status(s, m) != engaged }, "it is not Engaged"))
	patchUnmet   = rules.Needs(moveUnmet, rules.Unless(func(s *engine.State, m int) bool { return s.Count(m, cHarm) == 0 }, "it has no Harm"))
	rummageUnmet = rules.Needs(moveUnmet, rules.Unless(func(s *engine.State, m int) bool { return !canRummage(s, m) }, "no Search token is within 1\""))
	brawlUnmet   = rules.Needs(engagedUnmet, rules.Unless(func(s *engine.State, m int) bool { return !canBrawl(s, m) }, "it has Brawled this Round (twice only in one Turn, with the first's Fast weapon)"))
)

func shootUnmet(s *engine.State, m int) string {
	if u := moveUnmet(s, m); u != "" || canShoot(s, m) {
		return u
	}
	for i := range stat(s).weapons[m] {
		if stat(s).weapons[m][i].ranged() {
			return "it has Opened Fire this Round (twice only in one Turn, with the first's Fast weapon), or its Slow weapons have fired"
		}
	}
	return "it has no ranged weapon"
}

// canShoot: unengaged with a ranged weapon; Open Fire once a Round, but a
// second time in the same Turn with the Fast weapon of the first (rules.md
// §5.3).
func canShoot(s *engine.State, m int) bool {
	if status(s, m) != unengaged {
		return false
	}
	for i := range stat(s).weapons[m] {
		w := &stat(s).weapons[m][i]
		if w.ranged() && usable(s, m, w) && again(s, m, aOpenFire, w) {
			return true
		}
	}
	return false
}

// canBrawl: engaged; Brawl once a Round, but a second time in the same Turn
// with the Fast weapon of the first.
func canBrawl(s *engine.State, m int) bool {
	if status(s, m) != engaged {
		return false
	}
	if !taken(s, m, aBrawl) {
		return true
	}
	for i := range stat(s).weapons[m] {
		if w := &stat(s).weapons[m][i]; !w.ranged() && again(s, m, aBrawl, w) {
			return true
		}
	}
	return false
}

// again: model m may attack with w by action a (aOpenFire or aBrawl): it
// has not this Round, or this Turn it did with w, a Fast weapon (the
// Turn's Fast attack, vFast).
func again(s *engine.State, m, a int, w *weapon) bool {
	if !taken(s, m, a) {
		return true
	}
	return w.fast && s.Turn.Model == m && s.Vars[vFast] == fastKey(a, w)
}

// fastKey identifies a Fast attack for vFast.
func fastKey(a int, w *weapon) int32 {
	kind := int32(1)
	if a == aBrawl {
		kind = 2
	}
	return int32(w.gear+1) | kind<<8
}

// usable: a Slow weapon attacks once a Round (rules.md §5.3); its bit in
// Model.Gear marks it used.
func usable(s *engine.State, m int, w *weapon) bool {
	return !w.slow || w.gear < 0 || s.Models[m].Gear&(1<<w.gear) == 0
}

// fastType makes a second Open Fire or Brawl in a Turn, with the Fast
// weapon of the first, repeatable (rules.md §5.3: Fast allows two in one
// Turn with it).
func fastType(s *engine.State, a engine.Action) string {
	if w := weaponFor(s, a); w != nil && w.fast {
		i := aOpenFire
		if a.ID == "brawl" {
			i = aBrawl
		}
		if taken(s, a.Actor, i) && s.Vars[vFast] == fastKey(i, w) {
			return "fast"
		}
	}
	return "action"
}

// weaponFor is the weapon an Open Fire, Fire or Brawl action uses: gear
// index in Option (Brawl: index+1, 0 the Makeshift Weapon).
func weaponFor(s *engine.State, a engine.Action) *weapon {
	if a.Actor < 0 || a.Actor >= len(s.Models) {
		return nil
	}
	g := a.Option
	if a.ID == "brawl" {
		if g == 0 {
			return &makeshift
		}
		g--
	}
	ws := stat(s).weapons[a.Actor]
	for i := range ws {
		if ws[i].gear == g {
			return &ws[i]
		}
	}
	return nil
}

// weaponNote names the weapon and its test: "with hunting rifle (4P)".
func weaponNote(s *engine.State, a engine.Action) string {
	if w := weaponFor(s, a); w != nil {
		return "with " + w.name + " (" + w.test + ")"
	}
	return ""
}

// geo is the board, or nil at a table.
func geo(s *engine.State) engine.Board { return s.Setup().Board }

// sees: can m see t? On a board the board says; at a table yes, and the
// resolution asks the players.
func sees(s *engine.State, m, t int) bool {
	return rules.Maybe(s, engine.Fact{Kind: engine.FactSight, A: m, B: t})
}

// distance is the base-edge distance from m to t on a board.
func distance(s *engine.State, m, t int) float32 {
	v, _ := geo(s).Fact(s, engine.Fact{Kind: engine.FactDistance, A: m, B: t})
	return float32(v) / 100
}

// shotOptions are (weapon, target) pairs: every usable ranged weapon at
// every enemy; on a board only those Visible, and for a CQB weapon within
// its Effective Range (seed 004, Open Fire).
func shotOptions(s *engine.State, m int, add func(engine.Action)) {
	b := geo(s)
	for i := range stat(s).weapons[m] {
		w := &stat(s).weapons[m][i]
		if !w.ranged() || !usable(s, m, w) || !again(s, m, aOpenFire, w) {
			continue
		}
		for t := range s.Models {
			if !enemy(s, m, t) || !sees(s, m, t) {
				continue
			}
			if b != nil && w.cqb && distance(s, m, t) > w.rng {
				continue
			}
			add(engine.Action{Target: t, Option: w.gear})
		}
	}
}

// brawlOptions: each melee weapon (or the Makeshift Weapon without one) at
// each enemy the model is Engaged with (seed 004, Brawl).
func brawlOptions(s *engine.State, m int, add func(engine.Action)) {
	armed := false
	for i := range stat(s).weapons[m] {
		w := &stat(s).weapons[m][i]
		if w.ranged() {
			continue
		}
		armed = true
		if !usable(s, m, w) || !again(s, m, aBrawl, w) {
			continue
		}
		for t := range s.Models {
			if s.Linked(m, t) && s.Models[t].InPlay {
				add(engine.Action{Target: t, Option: w.gear + 1})
			}
		}
	}
	if !armed && !taken(s, m, aBrawl) {
		for t := range s.Models {
			if s.Linked(m, t) && s.Models[t].InPlay {
				add(engine.Action{Target: t})
			}
		}
	}
}

// resolvePatchUp removes up to 2 Harm from the model (seed 004, Patch Up).
func resolvePatchUp(c *engine.Ctx, a engine.Action) {
	s := c.State()
	c.Add(a.Actor, cHarm, -min(2, s.Count(a.Actor, cHarm)))
}

// passSpend are the options of a Ploy offered at its timing window.
var passSpend = []string{"pass", "spend"}
