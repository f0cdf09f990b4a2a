package n26

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules/necromunda"
)

// weaponOf returns model m's weapon at gear index g.
func weaponOf(s *engine.State, m, g int) weapon {
	for _, w := range stat(s).weapons[m] {
		if w.gear == g {
			return w
		}
	}
	return handWeapon
}

// handWeapon is what a fighter without a melee weapon fights with
// (rules.md §2.3.4, Melee step 2): the user's Strength, no AP, Lethality 1.
var handWeapon = weapon{gear: -1, name: "hand weapon", melee: true, dmg: 1, lethality: 1}

func strength(s *engine.State, m int, w weapon) int {
	if w.str > 0 {
		return w.str
	}
	return s.Stat(m, sS) + w.strPlus
}

// woundTarget is the Wound roll's target (rules.md §2.3.4): S ≥ 2T 2+,
// S > T 3+, S = T 4+, S < T 5+, 2S ≤ T 6+ (package necromunda, shared with
// N23).
func woundTarget(str, tough int) int { return necromunda.WoundTarget(str, tough) }

var firepowerOptions = func() (o [maxFirepower + 1][]string) {
	for n := 1; n <= maxFirepower; n++ {
		for k := 1; k <= n; k++ {
			o[n] = append(o[n], strconv.Itoa(k))
		}
	}
	return o
}()

// resolveShot is Shoot (bonus 0), Aimed Shot (+1 to hit) and Braced Shot.
func resolveShot(bonus int) func(c *engine.Ctx, a engine.Action) {
	return func(c *engine.Ctx, a engine.Action) {
		shoot(c, a.Actor, weaponOf(c.State(), a.Actor, a.Option), a.Target, bonus, 0, false)
	}
}

// tableSight asks the players whether m can see t, which a ranged attack
// needs; a "no" refuses the action (it was never a legal target).
func tableSight(c *engine.Ctx, m, t int) {
	if !c.FactTrue(engine.Fact{Kind: engine.FactSight, A: m, B: t, Why: "A ranged attack needs line of sight"}) {
		s := c.State()
		c.Refuse(fmt.Sprintf("%s cannot see %s: a ranged attack needs line of sight", s.Static(m).ID, s.Static(t).ID))
	}
}

// shoot is one ranged attack (rules.md §2.3.4, Ranged). bonus is the
// action's own modifier to hit (Aimed Shot +1); a Seriously Injured target
// may add the option hit-seriously-injured's (rules.md §2.3.4; see the
// package doc). nth tells the shots of one action apart (Fire All's, whose
// targets are all declared before any die).
func shoot(c *engine.Ctx, m int, w weapon, t int, bonus, nth int, seen bool) {
	s := c.State()
	side := s.SideOf(m)
	var short, long bool
	if b := geo(s); b != nil {
		d, _ := b.Fact(s, engine.Fact{Kind: engine.FactDistance, A: m, B: t})
		long = float32(d) <= w.lr*100
		short = w.sr > 0 && float32(d) <= w.sr*100
	} else {
		if !seen { // (Fire All asks every target's sight before any dice)
			tableSight(c, m, t)
		}
		long = c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: m, B: t, Inches: w.lr, Why: "Is the target within the weapon's Long Range? Beyond it the shot misses"})
		short = long && w.sr > 0 && c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: m, B: t, Inches: w.sr, Why: "Is the target within the weapon's Short Range? (its cover save bonus depends on it)"})
	}
	dice := 0
	if w.rapid > 1 {
		dice = 1 + c.Choose(side, "firepower", "Rapid Fire: how many firepower dice to roll? Each can add hits, and any ammo symbol runs the weapon out of ammo", firepowerOptions[w.rapid])
	} else if w.rapid == 1 {
		dice = 1
	}
	if status(s, t) == seriouslyInjured && s.Option(optHitSI) == "-1" {
		bonus--
	}
	hit := long && c.Roll(side, hitTest(s.Stat(m, sBS), bonus), engine.About{What: "Ranged hit", Model: m, Other: t, With: w.name}).Outcome == 0
	hits := 0
	if hit {
		hits = 1
	}
	if dice > 0 {
		fp := c.Roll(side, pFirepower[dice], engine.About{What: "Firepower", Model: m, Other: engine.NoModel, With: w.name})
		if hit {
			hits = fp.Outcome + dice
		}
		if fp.Has(0) {
			necromunda.RunOut(c, m, w.gear)
		}
		if fp.Has(1) {
			necromunda.Jam(c, m, w.gear)
		}
	} else if w.ammo > 0 && s.Option(optAmmo) == "d6" {
		// Ammo (X+) without Rapid Fire: D6 after the attack, Out of Ammo
		// below X (rules.md §2.3.9, §8 gap 3).
		if c.Roll(side, pD6, engine.About{What: "Ammo check", Model: m, Other: engine.NoModel, With: w.ammoText}).Outcome+1 < w.ammo {
			necromunda.RunOut(c, m, w.gear)
		}
	}
	switch {
	case !long:
		c.Emit(engine.Event{Type: "out-of-range", Model: m, Other: t})
		return
	case hits == 0:
		c.Emit(engine.Event{Type: "missed", Model: m, Other: t})
		return
	}
	cover := 0
	inCover := false
	if b := geo(s); b != nil {
		v, _ := b.Fact(s, engine.Fact{Kind: engine.FactCover, A: m, B: t})
		inCover = v == 1
	} else {
		inCover = c.FactTrue(engine.Fact{Kind: engine.FactCover, A: m, B: t, Why: "A target in cover adds to its save"})
	}
	if inCover {
		cover = coverBonus(s.Option(optCover), short)
	}
	for k := range hits {
		// What is left of the action depends on the state and on which
		// hit this is: the odds merge the paths that reach it alike.
		c.Checkpoint("shot-hit", nth, k, hits, cover)
		// A hit on an Engaged model goes at random to one of the models in
		// that combat (rules.md §2.3.4, Ranged step 4), numbered in roster
		// order.
		v := necromunda.Allocate(c, side, t, k+1, hits, pPick[:])
		if !s.Models[v].InPlay {
			continue
		}
		if free(s, v) {
			// A hit from a ranged attack Suppresses (rules.md §2.3.4 step 5).
			c.SetStatus(v, suppressed)
			fallCheck(c, v)
		}
		if s.Models[v].InPlay {
			wound(c, m, w, v, cover, k+1, hits)
		}
	}
}

// coverBonus is the save bonus in cover (rules.md §2.3.4, §6.2-f): by the
// option, within Short Range / within Long Range.
func coverBonus(opt string, short bool) int {
	switch {
	case opt == "1-1":
		return 1
	case opt == "2-1" && short:
		return 2
	case opt == "2-1":
		return 1
	case short:
		return 1
	}
	return 2
}

// wound is a hit's Wound roll, save and damage (rules.md §2.3.4): the
// nth of of hits (0 of 0: the only one). A save that no face can pass (the
// weapon's AP against the target's Sv) is not rolled.
func wound(c *engine.Ctx, m int, w weapon, t, cover, nth, of int) {
	s := c.State()
	target := woundTarget(strength(s, m, w), s.Stat(t, sT))
	if c.Roll(s.SideOf(t), hitTest(target, 0), engine.About{What: "Wound roll (rolled by the target's player; a pass wounds it)", Model: m, Other: t, With: w.name, Nth: nth, Of: of}).Outcome != 0 {
		c.Emit(engine.Event{Type: "no-wound", Model: m, Other: t})
		return
	}
	if sv := s.Stat(t, sSv); sv < 7 {
		p := saveTest(sv, w.ap+cover)
		if necromunda.Hopeless(p) { // no face can pass: no roll (rules.md §2.3.4)
			c.Emit(engine.Event{Type: "no-save", Model: t, Other: m})
		} else if c.Roll(s.SideOf(t), p, engine.About{What: "Save (a pass saves the wound)", Model: t, Other: m, With: w.name, Nth: nth, Of: of}).Outcome == 0 {
			c.Emit(engine.Event{Type: "saved", Model: t, Other: m})
			return
		}
	}
	damage(c, m, t, w.dmg, w.lethality)
}

// resolveFireAll: a vehicle fires every ranged weapon it has, Heavy or
// not, each at an enemy its player picks, all declared before any dice
// (seed 000, Fire All; rules.md §2.2.3). No weapon is held back; one with
// no enemy in sight and range (on a board) has nothing to fire at. At a
// table the players may say a weapon has none (every enemy is offered, and
// "none"), and every declared target's sight is asked before any dice: a
// "no" refuses the action, to be declared again.
func resolveFireAll(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m := a.Actor
	type shot struct {
		w weapon
		t int
	}
	var sbuf [4]shot // on the stack, as a rule
	var tbuf [16]int
	shots := sbuf[:0]
	for _, w := range stat(s).weapons[m] {
		if !w.ranged || w.lr <= 0 || !usable(s, m, w) {
			continue
		}
		ts := tbuf[:0]
		for t := range s.Models {
			if enemy(s, m, t) && sees(s, m, t) && within(s, m, t, w.lr) {
				ts = append(ts, t)
			}
		}
		switch {
		case len(ts) == 0:
			c.Emit(engine.Event{Type: "no-target", Model: m, Other: engine.NoModel, Value: w.gear})
		case geo(s) == nil:
			// At a table: any enemy, or none in its sight and range.
			opts := make([]string, 0, len(ts)+1)
			for _, t := range ts {
				opts = append(opts, s.Static(t).ID)
			}
			opts = append(opts, fireAllNone)
			k := c.ChooseAbout(s.SideOf(m), "fire-all-target", "Fire All: which enemy does the {with} fire at? (every weapon with an enemy in sight and range fires; all targets are declared before any dice)", engine.About{Model: m, Other: engine.NoModel, With: w.name}, opts)
			if k == len(ts) {
				c.Emit(engine.Event{Type: "no-target", Model: m, Other: engine.NoModel, Value: w.gear})
				continue
			}
			shots = append(shots, shot{w, ts[k]})
		case len(ts) == 1:
			shots = append(shots, shot{w, ts[0]})
		default:
			k := c.ChooseModel(s.SideOf(m), "fire-all-target", "Fire All: which enemy does the {with} fire at? (every weapon fires; all targets are declared before any dice)", engine.About{Model: m, Other: engine.NoModel, With: w.name}, ts)
			shots = append(shots, shot{w, ts[k]})
		}
	}
	table := geo(s) == nil
	if table {
		for i, sh := range shots {
			if !slices.ContainsFunc(shots[:i], func(x shot) bool { return x.t == sh.t }) { // each target once
				tableSight(c, m, sh.t)
			}
		}
	}
	for i, sh := range shots {
		if s.Models[sh.t].InPlay {
			shoot(c, m, sh.w, sh.t, 0, i+1, table)
		}
	}
}

// fireAllNone is a Fire All weapon's "no target" at a table.
const fireAllNone = "none: no enemy in its sight and range"

// striker is one model's part in a Fight (rules.md §2.3.4, Melee).
type striker struct {
	m               int
	init            int
	target          int
	first           bool // the activating model: its attacks move on to the next foe
	primary, second weapon
	nPrimary        int // attacks with the primary, then nSecond with the second
	nSecond         int
}

// resolveFight resolves the combat (rules.md §2.3.4, Melee): the model
// attacks its target with its Attacks (+1 after a Charge; one with a Light
// primary) from its primary weapon and one more from a second; every enemy
// Engaged with it strikes back once. Strikes go in descending Initiative
// (+2 after a Charge, Unwieldy sets it to 1 first); at equal Initiative
// they are simultaneous, the activating model first, and casualties still
// strike. A vehicle without a melee weapon makes no attacks. The
// activating model's attacks all go at the target it chose; once that one
// is down, the rest go at the next enemy still Engaged with it.
func resolveFight(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m, t := a.Actor, a.Target
	primary, second := meleeWeapons(s, m)
	att := striker{m: m, init: initiative(s, m, primary), target: t, first: true, primary: primary, second: second}
	if primary.melee || primary.light {
		att.nPrimary = s.Stat(m, sA)
		if s.Has(m, cCharged) {
			att.nPrimary++
		}
		if primary.light {
			att.nPrimary = 1
		}
		if second.gear >= 0 {
			att.nSecond = 1
		}
	}
	e := ext(s)
	all := append(e.fight[:0], att)
	for e := range s.Models {
		if s.Linked(m, e) && s.Models[e].InPlay && status(s, e) != seriouslyInjured {
			p, _ := meleeWeapons(s, e)
			st := striker{m: e, init: initiative(s, e, p), target: m, primary: p}
			if p.melee || p.light {
				st.nPrimary = 1
			}
			all = append(all, st)
		}
	}
	e.fight = all // keep the buffer (strike never touches it)
	slices.SortStableFunc(all, func(x, y striker) int { return y.init - x.init })
	for i := 0; i < len(all); {
		j := i
		for j < len(all) && all[j].init == all[i].init {
			j++
		}
		var standing uint64 // who stands when this Initiative step starts
		for k := i; k < j; k++ {
			if !down(s, all[k].m) {
				standing |= 1 << (k - i)
			}
		}
		for k := i; k < j; k++ {
			if standing&(1<<(k-i)) != 0 {
				strike(c, &all[k], i, k, standing)
			}
		}
		i = j
	}
	refresh(c)
}

// strike makes st's attacks: a WS test with assistance and interference
// (rules.md §2.3.4, Melee step 6), then the wound (resolve hits). step,
// nth and standing are where the Fight is (the Initiative step's first
// striker, this striker, who stood when the step began): with the
// strikers, all fixed before any die, they are all the Fight holds.
func strike(c *engine.Ctx, st *striker, step, nth int, standing uint64) {
	s := c.State()
	t := st.target
	for k := range st.nPrimary + st.nSecond {
		c.Checkpoint("fight-attack", step, nth, int(standing), k, t)
		w := st.primary
		if k >= st.nPrimary {
			w = st.second
		}
		if down(s, t) {
			if !st.first {
				return
			}
			t = engine.NoModel
			for e := range s.Models {
				if s.Linked(st.m, e) && !down(s, e) {
					t = e
					break
				}
			}
			if t == engine.NoModel {
				return
			}
		}
		mod := assist(s, st.m, t) - assist(s, t, st.m)
		n := st.nPrimary + st.nSecond
		if c.Roll(s.SideOf(st.m), hitTest(s.Stat(st.m, sWS), mod), engine.About{What: "Melee hit", Model: st.m, Other: t, With: w.name, Nth: k + 1, Of: n}).Outcome != 0 {
			c.Emit(engine.Event{Type: "missed", Model: st.m, Other: t})
			continue
		}
		wound(c, st.m, w, t, 0, k+1, n)
	}
}

// down: out of the fight (removed or Seriously Injured).
func down(s *engine.State, m int) bool {
	return !s.Models[m].InPlay || status(s, m) == seriouslyInjured
}

// assist is +1 when another model of m's side is Engaged with t and with
// no other enemy (rules.md §2.3.4, Melee step 6; at most one).
func assist(s *engine.State, m, t int) int {
	for f := range s.Models {
		if f != m && s.SideOf(f) == s.SideOf(m) && s.Models[f].InPlay && s.Linked(f, t) && s.Models[f].Links == 1<<t {
			return 1
		}
	}
	return 0
}

// meleeWeapons picks a model's weapons for a Fight (rules.md §2.3.4, Melee
// step 2): the primary is its first Melee weapon in roster order, else its
// first Light one; the second is the next such weapon, Melee before Light.
// A fighter without one fights with a hand weapon; a vehicle without one
// has no primary (gear −1, neither Melee nor Light).
func meleeWeapons(s *engine.State, m int) (primary, second weapon) {
	primary, second = handWeapon, weapon{gear: -1}
	if vehicle(s, m) {
		primary = weapon{gear: -1, name: "none", dmg: 1, lethality: 1}
	}
	found := 0
	for pass := range 2 {
		for _, w := range stat(s).weapons[m] {
			if pass == 0 && !w.melee || pass == 1 && (w.melee || !w.light) {
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
	}
	return primary, second
}

// initiative is m's Initiative in a Fight: 1 with an Unwieldy weapon, +2
// after a Charge (rules.md §2.3.4, Melee step 5).
func initiative(s *engine.State, m int, w weapon) int {
	i := s.Stat(m, sI)
	if w.unwieldy {
		i = 1
	}
	if s.Has(m, cCharged) {
		i += 2
	}
	return i
}
