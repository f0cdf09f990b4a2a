package n23

import (
	"fmt"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules/necromunda"
)

func strength(s *engine.State, m int, w weapon) int {
	if w.str > 0 {
		return w.str
	}
	return s.Stat(m, sS) + w.strPlus
}

// toughness is t's Toughness less its flesh wounds (rules.md §3.3).
func toughness(s *engine.State, t int) int { return s.Stat(t, sT) - s.Count(t, cFlesh) }

// hitPenalty is what m's own state takes off its hit rolls: turned while
// Engaged this activation (seed 002, Changing Facing; option
// engaged-turn-penalty).
func hitPenalty(s *engine.State, m int) int {
	if s.Has(m, cTurned) {
		return stat(s).opt.turnPenalty
	}
	return 0
}

// resolveShoot is Shoot (Basic, or Double with an Unwieldy weapon), a Shoot
// taken as a Free action, and Blind Fire (Double): one ranged attack.
func resolveShoot(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m, t := a.Actor, a.Target
	w := weaponOf(s, m, a.Option)
	blind := a.ID == "blind-fire"
	long, short := true, true
	if b := geo(s); b != nil {
		d, _ := b.Fact(s, engine.Fact{Kind: engine.FactDistance, A: m, B: t})
		short = w.sr > 0 && float32(d) <= w.sr*100
	} else {
		// At a table a measurement that shows the target was never legal
		// refuses the action, changing nothing.
		id, tid := s.Static(m).ID, s.Static(t).ID
		if !c.FactTrue(engine.Fact{Kind: engine.FactSight, A: m, B: t, Why: "A ranged attack needs line of sight"}) {
			c.Refuse(fmt.Sprintf("%s cannot see %s: a ranged attack needs line of sight", id, tid))
		}
		if !blind && !seesInArc(c, m, t, "A Shoot needs its target within the fighter's vision arc") {
			c.Refuse(fmt.Sprintf("%s is not within %s's vision arc (seed 002: a fighter sees where it faces)", tid, id))
		}
		long = c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: m, B: t, Inches: w.lr, Why: "Is the target within the weapon's Long Range?"})
		if !long {
			c.Refuse(fmt.Sprintf("%s is beyond the %s's Long Range of %g\"", tid, w.name, w.lr))
		}
		short = w.accS != w.accL && w.sr > 0 && c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: m, B: t, Inches: w.sr, Why: "Is the target within the weapon's Short Range? (its accuracy differs at Short and Long Range)"})
	}
	shoot(c, m, w, t, short, blind)
}

// shoot is one ranged attack (rules.md §3.3, §2.3.4 for the shared steps):
// the hit roll (BS with the weapon's accuracy, Aim +1, cover −1, Blind
// Fire's penalty, the turn penalty), Rapid Fire's firepower dice and the
// Ammo check on an ammo symbol, random allocation of hits into a combat,
// Pinning, then each hit's wound, save and damage.
func shoot(c *engine.Ctx, m int, w weapon, t int, short, blind bool) {
	s := c.State()
	side := s.SideOf(m)
	op := &stat(s).opt
	mod := w.accL
	if short {
		mod = w.accS
	}
	if s.Has(m, cAimed) {
		mod++ // Aim (Basic): the next Shoot, whatever its type (seed 002)
		s.Set(m, cAimed, false)
	}
	if blind {
		mod += op.blindFire
	}
	mod += hitPenalty(s, m)
	inCover := false
	if b := geo(s); b != nil {
		v, _ := b.Fact(s, engine.Fact{Kind: engine.FactCover, A: m, B: t})
		inCover = v == 1
	} else {
		inCover = c.FactTrue(engine.Fact{Kind: engine.FactCover, A: m, B: t, Why: "A target in cover is harder to hit (−1)"})
	}
	if inCover {
		mod--
	}
	hit := c.Roll(side, test(s.Stat(m, sBS), mod), engine.About{What: "Ranged hit", Model: m, Other: t, With: w.name}).Outcome == 0
	hits := 0
	if hit {
		hits = 1
	}
	dice := w.rapid
	if dice == 0 && w.am > 0 && op.everyShot {
		dice = 1 // the firepower die only for its ammo symbol
	}
	if dice > 0 {
		fp := c.Roll(side, pFirepower[min(dice, maxFirepower)], engine.About{What: "Firepower", Model: m, Other: engine.NoModel, With: w.name})
		if hit && w.rapid > 0 {
			hits = fp.Outcome + dice
		}
		if fp.Has(0) && w.am > 0 {
			ammoCheck(c, m, w)
		}
	}
	if hits == 0 {
		c.Emit(engine.Event{Type: "missed", Model: m, Other: t})
		return
	}
	for k := range hits {
		// What is left of the action depends on the state and on which
		// hit this is: the odds merge the paths that reach it alike.
		c.Checkpoint("shot-hit", k, hits)
		v := necromunda.Allocate(c, side, t, k+1, hits, pPick[:])
		if !s.Models[v].InPlay || wreck(s, v) {
			continue
		}
		// A ranged hit pins a Standing and Active fighter (rules.md §3.3).
		if fighter(s, v) && status(s, v) == standing && secondary(s, v) == active {
			c.SetStatus(v, prone)
			c.SetSecondary(v, pinned)
			c.Emit(engine.Event{Type: "pinned", Model: v, Other: m})
			fallCheck(c, v)
		}
		if s.Models[v].InPlay {
			wound(c, m, w, v, k+1, hits)
		}
	}
	refresh(c)
}

// ammoCheck: D6 at least the weapon's Ammo value, else it is Out of Ammo
// (rules.md §3.3, Reload with its Ammo check).
func ammoCheck(c *engine.Ctx, m int, w weapon) {
	s := c.State()
	if c.Roll(s.SideOf(m), test(w.am, 0), engine.About{What: "Ammo check", Model: m, Other: engine.NoModel, With: w.ammoText}).Outcome != 0 {
		necromunda.RunOut(c, m, w.gear)
	}
}

// resolveReload: an Ammo check; passed, the weapon is reloaded (rules.md
// §3.3, Reload (Simple)).
func resolveReload(c *engine.Ctx, a engine.Action) {
	s := c.State()
	w := weaponOf(s, a.Actor, a.Option)
	if c.Roll(s.SideOf(a.Actor), test(w.am, 0), engine.About{What: "Reload: Ammo check", Model: a.Actor, Other: engine.NoModel, With: w.ammoText}).Outcome == 0 {
		necromunda.Reload(c, a.Actor, w.gear)
	} else {
		c.Emit(engine.Event{Type: "reload-failed", Model: a.Actor, Other: engine.NoModel, Value: w.gear})
	}
}

// resolveAim: +1 to the hit roll of the model's next Shoot this activation
// (rules.md §3.3, Aim (Basic)).
func resolveAim(c *engine.Ctx, a engine.Action) { c.State().Set(a.Actor, cAimed, true) }

// meleeWeapons picks a fighter's weapons for a Fight (N23 Close Combat
// page: up to two Melee or Sidearm weapons): the first two in roster order;
// without one it fights unarmed.
func meleeWeapons(s *engine.State, m int) (primary, second weapon) {
	primary, second = unarmed, weapon{gear: -1}
	found := 0
	for _, w := range stat(s).weapons[m] {
		if !w.melee {
			continue
		}
		switch found {
		case 0:
			primary = w
		case 1:
			second = w
		}
		found++
	}
	return primary, second
}

// resolveFight (rules.md §3.3, Fight (Basic); the N23 Close Combat page's
// sequence): the fighter turns to face its target if it must (the turn
// penalty), makes its Attacks (+1 after a Charge, option
// charge-attack-bonus) with its first weapon and one with a second, each a
// WS test (−1 after charging a target it could not see, −2 while Broken);
// then the target, if it still stands and fights, makes reaction attacks
// back (its Attacks, option reaction-attacks), −1 if it had to turn to face
// the fighter or was charged while Prone. A target left Seriously Injured
// may then take a free Coup de Grace from the fighter.
func resolveFight(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m, t := a.Actor, a.Target
	op := &stat(s).opt
	if !seesInArc(c, m, t, "Turning to face the enemy it attacks costs the fighter its hit rolls") {
		turnTo(c, m, t)
	}
	mod := hitPenalty(s, m)
	if s.Has(m, cChargedUnseen) {
		mod--
	}
	if s.Has(m, cBroken) {
		mod -= 2
	}
	primary, second := meleeWeapons(s, m)
	n1 := s.Stat(m, sA)
	if s.Has(m, cCharged) {
		n1 += op.chargeBonus
	}
	n2 := 0
	if second.gear >= 0 {
		n2 = 1
	}
	strike(c, m, t, primary, second, n1, n2, mod, "Melee hit")
	if vehicle(s, t) || !s.Models[t].InPlay || down(s, t) || !s.Linked(m, t) || !s.Models[m].InPlay {
		afterFight(c, m, t)
		return
	}
	// Reaction attacks.
	rmod := 0
	if s.Has(t, cRoused) || !seesInArc(c, t, m, "Turning to face the attacker costs the reacting fighter its hit rolls") {
		rmod += op.turnPenalty
		if geo(s) != nil {
			face(s, t, m)
		}
	}
	if s.Has(t, cBroken) {
		rmod -= 2
	}
	rp, _ := meleeWeapons(s, t)
	rn := s.Stat(t, sA)
	if op.reactionOne {
		rn = 1
	}
	strike(c, t, m, rp, weapon{gear: -1}, rn, 0, rmod, "Reaction attack")
	afterFight(c, m, t)
}

// turnTo turns m to face t in a Fight (N23 Close Combat page, Turn to
// Face): the turn penalty for the rest of the activation.
func turnTo(c *engine.Ctx, m, t int) {
	s := c.State()
	if geo(s) != nil {
		face(s, m, t)
	}
	if !s.Has(m, cTurned) {
		s.Set(m, cTurned, true)
		c.Emit(engine.Event{Type: "turned-engaged", Model: m, Other: t, Value: stat(s).opt.turnPenalty})
	}
}

// afterFight: a charged fighter's rousing is spent; engagement is settled;
// a target left Seriously Injured lets the fighter give it a free Coup de
// Grace (the Close Combat sequence's last step): its next action may be
// that, costing nothing, or anything else, which lets the chance go
// (freeCoup; a rules audit found it forced).
func afterFight(c *engine.Ctx, m, t int) {
	s := c.State()
	s.Set(t, cRoused, false)
	refresh(c)
	if s.Models[m].InPlay && s.Models[t].InPlay && fighter(s, t) && secondary(s, t) == seriouslyInjured && status(s, m) == standing {
		s.Vars[vContact] = int32(t + 1) // they fought in base contact
		s.Vars[vFreeCoup] = int32(t + 1)
	}
}

// strike makes n1 attacks with w1 and n2 with w2 from m at t: each a WS
// test with mod, then the wound. It stops when t is out of the fight.
func strike(c *engine.Ctx, m, t int, w1, w2 weapon, n1, n2, mod int, what string) {
	s := c.State()
	n := n1 + n2
	for k := range n {
		// The Fight's attacker and its weapons are fixed before any die:
		// what is left depends on the state, and on whose strike (what)
		// and which attack this is.
		c.Checkpoint(what, m, t, k, n1, n2, mod)
		if down(s, t) || !s.Models[m].InPlay {
			return
		}
		w := w1
		if k >= n1 {
			w = w2
		}
		if c.Roll(s.SideOf(m), test(s.Stat(m, sWS), mod), engine.About{What: what, Model: m, Other: t, With: w.name, Nth: k + 1, Of: n}).Outcome != 0 {
			c.Emit(engine.Event{Type: "missed", Model: m, Other: t})
			continue
		}
		wound(c, m, w, t, k+1, n)
	}
}

// collisions is the hit a vehicle's impact makes by its Movement (N23
// Vehicle Impacts page, rules.md §3.3 sources): 5" or less S3, 6–7" S5
// AP −1, 8–9" S7 AP −2 D2, 10" or more S9 AP −3 D3.
var collisions = [4]weapon{
	{gear: -1, name: "collision (M up to 5\")", str: 3, dmg: 1},
	{gear: -1, name: "collision (M 6-7\")", str: 5, ap: -1, dmg: 1},
	{gear: -1, name: "collision (M 8-9\")", str: 7, ap: -2, dmg: 2},
	{gear: -1, name: "collision (M 10\"+)", str: 9, ap: -3, dmg: 3},
}

func collision(mv int) weapon {
	switch {
	case mv >= 10:
		return collisions[3]
	case mv >= 8:
		return collisions[2]
	case mv >= 6:
		return collisions[1]
	}
	return collisions[0]
}

// resolveRam: a Mobile vehicle drives up to M" straight at an enemy
// (seed 002 names Ram (Double) as a Mobile vehicle's action); reaching it,
// a fighter may dodge with an Initiative test (+1 Standing), else it takes
// the collision's hit and, Standing and Active, is Pinned; a vehicle takes
// the hit (N23 Vehicle Impacts page).
func resolveRam(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m, t := a.Actor, a.Target
	reach := float64(s.Stat(m, sM))
	why := "" // only the players at a table read it
	if geo(s) == nil {
		why = fmt.Sprintf("%s rams up to %g\" straight at %s; did it reach base contact?", s.Static(m).ID, reach, s.Static(t).ID)
	}
	if !approach(c, m, t, reach, why) {
		refresh(c)
		return
	}
	w := collision(s.Stat(m, sM))
	if fighter(s, t) {
		mod := 0
		if status(s, t) == standing {
			mod = 1
		}
		if c.Roll(s.SideOf(t), test(s.Stat(t, sI), mod), engine.For("Dodge the ram: Initiative test", t, m)).Outcome == 0 {
			c.Emit(engine.Event{Type: "dodged", Model: t, Other: m})
			refresh(c)
			return
		}
		if status(s, t) == standing && secondary(s, t) == active {
			c.SetStatus(t, prone)
			c.SetSecondary(t, pinned)
			c.Emit(engine.Event{Type: "pinned", Model: t, Other: m})
		}
	}
	c.Emit(engine.Event{Type: "rammed", Model: m, Other: t})
	wound(c, m, w, t, 0, 0)
	refresh(c)
}
