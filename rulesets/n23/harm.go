package n23

import (
	"fmt"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules/necromunda"
)

// wound is a hit's Wound roll, save and damage (rules.md §3.3, Resolve
// Hits; the shared steps of §2.3.4): the opposing player rolls to wound,
// Strength against Toughness less flesh wounds; the target's player saves
// (Sv with the weapon's AP, option save-natural), unless no face can pass
// it, when it is not rolled; then the damage. It is
// the nth hit of of (0 of 0: the only one).
func wound(c *engine.Ctx, m int, w weapon, t, nth, of int) {
	s := c.State()
	target := necromunda.WoundTarget(strength(s, m, w), max(toughness(s, t), 1))
	if c.Roll(s.SideOf(t), test(target, 0), engine.About{What: "Wound roll (rolled by the target's player; a pass wounds it)", Model: m, Other: t, With: w.name, Nth: nth, Of: of}).Outcome != 0 {
		c.Emit(engine.Event{Type: "no-wound", Model: m, Other: t})
		return
	}
	if sv := s.Stat(t, sSv); sv < 7 {
		p := save(s, sv, w.ap)
		if necromunda.Hopeless(p) { // no face can pass: no roll (rules.md §2.3.4)
			c.Emit(engine.Event{Type: "no-save", Model: t, Other: m})
		} else if c.Roll(s.SideOf(t), p, engine.About{What: "Save (a pass saves the wound)", Model: t, Other: m, With: w.name, Nth: nth, Of: of}).Outcome == 0 {
			c.Emit(engine.Event{Type: "saved", Model: t, Other: m})
			return
		}
	}
	damage(c, m, t, w.dmg)
}

// save is the boxed save by the option save-natural: Sv 7 is no save.
func save(s *engine.State, sv, mod int) dice.Procedure {
	return pSave[stat(s).opt.save][min(max(sv, 2), 7)][modIndex(mod)]
}

// damage takes dmg wounds (a vehicle's Hull Points) from t, one at a time:
// a point taken from a model with two or more left only costs the wound;
// the point that takes its last wound, and every point after it, rolls an
// injury die (a vehicle damage die) whose result applies at once (rules.md
// §3.3). src is who did it, NoModel for a fall.
func damage(c *engine.Ctx, src, t, dmg int) {
	s := c.State()
	who := (s.SideOf(t) + 1) % len(s.Sides)
	if src != engine.NoModel {
		who = s.SideOf(src)
	}
	for k := range dmg {
		if !s.Models[t].InPlay || vehicle(s, t) && secondary(s, t) == wrecked {
			return
		}
		if s.Count(t, cWounds) >= 2 {
			c.Add(t, cWounds, -1)
			continue
		}
		c.Add(t, cWounds, -1)
		if vehicle(s, t) {
			vehicleDamage(c, src, t, who, k+1, dmg)
		} else {
			injury(c, src, t, who, k+1, dmg)
		}
	}
}

// injury rolls one injury die against t and applies it (rules.md §3.3):
// a Flesh Wound takes 1 from its Toughness (at 0 it is Out of Action); a
// Serious Injury leaves it Prone and Seriously Injured (a second one counts
// as a Flesh Wound); Out of Action removes it.
func injury(c *engine.Ctx, src, t, who, nth, of int) {
	s := c.State()
	op := &stat(s).opt
	about := engine.About{What: "Injury die", Model: t, Other: src, Rel: "hit by", Nth: nth, Of: of}
	if src == engine.NoModel {
		about.With = "from the fall" // damage's only source without a model
	}
	switch c.Roll(who, pInjury[op.faces], about).Outcome {
	case 0:
		fleshWound(c, t)
	case 1:
		if secondary(s, t) == seriouslyInjured {
			fleshWound(c, t)
			return
		}
		goSI(c, t)
	default:
		goOOA(c, t)
	}
}

// fleshWound: −1 Toughness; at 0 the fighter is Out of Action (rules.md
// §3.3).
func fleshWound(c *engine.Ctx, t int) {
	s := c.State()
	c.Add(t, cFlesh, 1)
	c.Emit(engine.Event{Type: "flesh-wound", Model: t, Other: engine.NoModel, Value: s.Count(t, cFlesh)})
	if toughness(s, t) <= 0 {
		goOOA(c, t)
	}
}

// goSI makes t Prone and Seriously Injured: no longer Engaged; friends
// nearby take Nerve tests; at a ledge it may fall (rules.md §3.3).
func goSI(c *engine.Ctx, t int) {
	s := c.State()
	c.SetStatus(t, prone)
	c.SetSecondary(t, seriouslyInjured)
	unlink(s, t)
	refresh(c)
	nerve(c, t)
	fallCheck(c, t)
}

// goOOA takes t Out of Action: removed, and friends nearby take Nerve
// tests (rules.md §3.3).
func goOOA(c *engine.Ctx, t int) {
	s := c.State()
	if !s.Models[t].InPlay {
		return
	}
	c.Remove(t)
	unlink(s, t)
	refresh(c)
	nerve(c, t)
}

// vehicleDamage rolls one vehicle damage die against vehicle t (rules.md
// §3.3): Glancing, the lost Hull Point is all; Penetrating, it is
// Stationary and Stalled; Catastrophic, it is Wrecked (and stays on the
// table, out of the fight, a casualty for the Bottle check).
func vehicleDamage(c *engine.Ctx, src, t, who, nth, of int) {
	s := c.State()
	switch c.Roll(who, pVehicle, engine.About{What: "Vehicle damage die", Model: t, Other: src, Rel: "hit by", Nth: nth, Of: of}).Outcome {
	case 0:
		c.Emit(engine.Event{Type: "glancing", Model: t, Other: src})
	case 1:
		if secondary(s, t) == active {
			c.SetStatus(t, stationary)
			c.SetSecondary(t, stalled)
		}
		c.Emit(engine.Event{Type: "penetrating", Model: t, Other: src})
	default:
		c.SetStatus(t, stationary)
		c.SetSecondary(t, wrecked)
		unlink(s, t)
		refresh(c)
		c.Emit(engine.Event{Type: "catastrophic", Model: t, Other: src})
	}
}

// restart is a Restart test: the vehicle's Handling (its I) as a D6 test;
// passed, it is Mobile and Active again (rules.md §3.3, Recover & Restart).
func restart(c *engine.Ctx, m int, what string) {
	s := c.State()
	if c.Roll(s.SideOf(m), test(s.Stat(m, sI), 0), engine.For(what, m, engine.NoModel)).Outcome == 0 {
		c.SetStatus(m, mobile)
		c.SetSecondary(m, active)
		c.Emit(engine.Event{Type: "restarted", Model: m, Other: engine.NoModel})
		return
	}
	c.Emit(engine.Event{Type: "still-stalled", Model: m, Other: engine.NoModel})
}

// resolveJumpStart: a Stalled vehicle's crew try a Restart test at once.
func resolveJumpStart(c *engine.Ctx, a engine.Action) {
	restart(c, a.Actor, "Jump Start: Restart test (Handling)")
}

// nerve: each friendly fighter within 3" of t, Standing or Pinned and not
// Broken already, takes a Nerve test (Cool, 2D6 at least the target);
// failed, it is Broken (rules.md §3.3, §7.0: Nerve, Broken, Rally). On a
// board the game measures; at a table the players are asked.
func nerve(c *engine.Ctx, t int) {
	s := c.State()
	b := geo(s)
	for f := range s.Models {
		if !friend(s, t, f) || !fighter(s, f) || down(s, f) || s.Has(f, cBroken) {
			continue
		}
		if b != nil {
			if v, _ := b.Fact(s, engine.Fact{Kind: engine.FactWithin, A: f, B: t, Inches: 3}); v == 0 {
				continue
			}
		} else if !c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: f, B: t, Inches: 3, Why: "Friends within 3\" of a fighter Seriously Injured or Out of Action take a Nerve test"}) {
			continue
		}
		if c.Roll(s.SideOf(f), check(s.Stat(f, sCl), 0), engine.About{What: "Nerve test (Cool; failed, it is Broken)", Model: f, Other: t, Rel: "seeing"}).Outcome != 0 {
			s.Set(f, cBroken, true)
			c.Emit(engine.Event{Type: "broken", Model: f, Other: t})
		}
	}
}

// fallCheck: a fighter Pinned or Seriously Injured within ½" of a ledge
// takes an Agility test (D6 4+) or falls (the shared rule, rules.md §2.3.5):
// from 3" to 6" it also takes a wound with no save; over 6" it is Out of
// Action; falling during its own activation ends it. Ledges are known on a
// board; at a table the players apply falls.
func fallCheck(c *engine.Ctx, m int) {
	s := c.State()
	if !necromunda.Falls(c, m, test(4, 0)) {
		return
	}
	switch necromunda.FallSeverity(necromunda.Fall(c, m)) {
	case necromunda.FallOut:
		goOOA(c, m)
		return
	case necromunda.FallHurt:
		damage(c, engine.NoModel, m, 1)
	}
	if s.Turn.Model == m {
		c.EndActivation()
	}
	refresh(c)
}

// closeEnough asks, at a table, whether m is within 1" of t (Coup de
// Grace): on a board the action was only offered when it is; after a Fight
// with t, the two are in base contact. A "no" shows the action was never
// legal: it is refused, changing nothing.
func closeEnough(c *engine.Ctx, m, t int) {
	s := c.State()
	if geo(s) != nil || s.Vars[vContact] == int32(t+1) {
		return
	}
	if !c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: m, B: t, Inches: 1, Why: "The target must be within 1\""}) {
		c.Refuse(fmt.Sprintf("%s is not within 1\" of %s", s.Static(t).ID, s.Static(m).ID))
	}
}

// resolveCoupDeGrace: a Prone and Seriously Injured enemy fighter within 1"
// goes Out of Action, no roll (rules.md §3.3, §6.2-i).
func resolveCoupDeGrace(c *engine.Ctx, a engine.Action) {
	closeEnough(c, a.Actor, a.Target)
	c.Emit(engine.Event{Type: "coup-de-grace", Model: a.Actor, Other: a.Target})
	goOOA(c, a.Target)
}
