package n26

import (
	"fmt"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules/necromunda"
)

// damage takes dmg wounds from t, never below 0; at 0 (or already at 0) t
// is Injured and the opposing player rolls Lethality injury dice, keeping
// the worst for t (rules.md §2.3.4, Damage and Injury result).
func damage(c *engine.Ctx, src, t, dmg, lethality int) {
	s := c.State()
	c.Add(t, cWounds, -dmg)
	if s.Count(t, cWounds) > 0 {
		return
	}
	s.Set(t, cInjured, true)
	who := s.SideOf(t) + 1
	if src != engine.NoModel {
		who = s.SideOf(src)
	} else {
		who %= len(s.Sides)
	}
	l := min(lethality, maxLethality)
	switch c.Roll(who, pInjury[l], engine.About{What: "Injury dice", Model: t, Other: src, Rel: "hit by", With: lethalityText[l]}).Outcome {
	case 0:
		c.Emit(engine.Event{Type: "injured", Model: t, Other: src})
	case 1:
		goSI(c, t)
	default:
		goOOA(c, t, true)
	}
}

// suppress makes m Suppressed (rules.md §2.3.4 step 5, Nerve check). A
// Suppression gained during m's own activation stands at its end, even
// with the option to keep the marker m started with until then (§6.2-b).
func suppress(c *engine.Ctx, m int) {
	c.SetStatus(m, suppressed)
	c.State().Set(m, cWasSuppressed, false)
}

// goSI makes t Seriously Injured/Damaged (no effect if it already is): no
// longer Engaged or Suppressed (rules.md §2.3.2).
func goSI(c *engine.Ctx, t int) {
	s := c.State()
	if status(s, t) == seriouslyInjured {
		return
	}
	c.SetStatus(t, seriouslyInjured)
	for n := range s.Models {
		if s.Linked(t, n) {
			s.Link(t, n, false)
		}
	}
	refresh(c)
	fallCheck(c, t)
}

// goOOA takes t Out of Action: removed, a casualty for the Bottle check,
// Nerve checks for its friends within 3" (rules.md §2.3.4, §2.3.3). lasting
// says whether it rolls on the lasting tables after the battle.
func goOOA(c *engine.Ctx, t int, lasting bool) {
	s := c.State()
	if !s.Models[t].InPlay {
		return
	}
	c.Remove(t)
	for n := range s.Models {
		if s.Linked(t, n) {
			s.Link(t, n, false)
		}
	}
	if !lasting {
		s.Set(t, cNoLasting, true)
	}
	c.AddSide(s.SideOf(t), sCasualties, 1)
	refresh(c)
	nerve(c, t)
}

// nerve makes every friend of t within 3" take a Cool check; failing
// Suppresses a model that is neither Engaged nor Seriously Injured
// (rules.md §2.3.4, Nerve check). On a board a Leader lends its Cool
// within 12" and sight, a Champion within 6"; at a table each uses its own.
func nerve(c *engine.Ctx, t int) {
	s := c.State()
	b := geo(s)
	for f := range s.Models {
		if !friend(s, t, f) || !free(s, f) {
			continue
		}
		if b != nil {
			if v, _ := b.Fact(s, engine.Fact{Kind: engine.FactWithin, A: f, B: t, Inches: 3}); v == 0 {
				continue
			}
		} else if !c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: f, B: t, Inches: 3, Why: "Friends within 3\" of a model that goes Out of Action take a Nerve check"}) {
			continue
		}
		cool := s.Stat(f, sCl)
		if b != nil {
			for l := range s.Models {
				if !s.Models[l].InPlay || s.SideOf(l) != s.SideOf(f) || status(s, l) == seriouslyInjured {
					continue
				}
				reach := float32(0)
				switch {
				case stat(s).leader[l]:
					reach = 12
				case stat(s).champion[l]:
					reach = 6
				}
				if reach > 0 && l != f && within(s, f, l, reach) && sees(s, f, l) {
					cool = max(cool, s.Stat(l, sCl))
				}
			}
		}
		if c.Roll(s.SideOf(f), check2(cool, 0), engine.About{What: "Nerve check (Cool; failed, it is Suppressed)", Model: f, Other: t, Rel: "seeing", With: "a friend Out of Action within 3\""}).Outcome != 0 {
			suppress(c, f)
			fallCheck(c, f)
		}
	}
}

// fallCheck: a model that becomes Suppressed or Seriously Injured within ½"
// of a ledge takes an Agility test (D6, 4+) or falls (rules.md §2.3.4 step
// 5, §2.3.5): under 3" it is Suppressed (and its activation ends if it is
// its own); 3" to 6" it also takes an automatic wound; over 6" it is Out of
// Action. Ledges are known on a board; at a table the players apply falls.
func fallCheck(c *engine.Ctx, m int) {
	s := c.State()
	if !necromunda.Falls(c, m, hitTest(4, 0)) {
		return
	}
	switch necromunda.FallSeverity(necromunda.Fall(c, m)) {
	case necromunda.FallOut:
		goOOA(c, m, true)
		return
	case necromunda.FallHurt:
		damage(c, engine.NoModel, m, 1, 1)
	}
	if s.Models[m].InPlay && free(s, m) {
		suppress(c, m)
	}
	if s.Turn.Model == m {
		c.EndActivation()
	}
	refresh(c)
}

// recover is a Recovery test (rules.md §2.2.6): Out of Action at once with
// an enemy that is not Seriously Injured within 1"; else one injury die,
// plus extra (Tend Wounds, Conduct Repairs), plus one if a friendly fighter
// within 1", neither Engaged nor Seriously Injured nor a Beast, assists
// (fighters only; healer, who called the test, only if the option allows);
// the controlling player keeps the best.
func recover(c *engine.Ctx, m, extra, healer int) {
	s := c.State()
	side := s.SideOf(m)
	var near uint64
	for n := range s.Models {
		if engages(s, m, n) {
			near |= 1 << n
		}
	}
	if near != 0 && c.FactTrue(engine.Fact{Kind: engine.FactWithinAny, A: m, Set: near, Inches: 1, Why: "Recovery test: a model within 1\" of an enemy that is not Seriously Injured goes Out of Action without a roll"}) {
		c.Emit(engine.Event{Type: "recovery", Model: m, Other: engine.NoModel, Key: "enemy-within-1"})
		goOOA(c, m, true)
		return
	}
	dice := 1 + extra
	if fighter(s, m) {
		var helpers uint64
		for f := range s.Models {
			if friend(s, m, f) && fighter(s, f) && free(s, f) && !stat(s).beast[f] && (f != healer || s.Option(optHealer) == "yes") {
				helpers |= 1 << f
			}
		}
		// Assistance only adds a die the player may ignore, so it is given
		// whenever someone can.
		if helpers != 0 && c.FactTrue(engine.Fact{Kind: engine.FactWithinAny, A: m, Set: helpers, Inches: 1, Why: "Recovery test: a friendly fighter within 1\", neither Engaged nor Seriously Injured, assists with one more injury die"}) {
			dice++
		}
	}
	switch c.Roll(side, pRecovery[min(dice, maxRecovery)], engine.For("Recovery test", m, engine.NoModel)).Outcome {
	case 0:
		c.SetStatus(m, active)
		c.Emit(engine.Event{Type: "recovered", Model: m, Other: engine.NoModel, Value: dice})
		refresh(c)
	case 1:
		c.Emit(engine.Event{Type: "still-seriously-injured", Model: m, Other: engine.NoModel, Value: dice})
	default:
		goOOA(c, m, true)
	}
}

// closeEnough asks, at a table, whether m is within 1" of t, the range of
// Coup de Grace, Treat Ally, Repair and Sabotage (rules.md §2.2.3): on a
// board the action was only offered when it is; after a Charge or Engage
// that reached t the players have just said so. A "no" shows the action
// was never legal: it is refused, changing nothing (a forced free Coup de
// Grace leaves the free Fight to take).
func closeEnough(c *engine.Ctx, m, t int) {
	s := c.State()
	if geo(s) != nil || s.Vars[vContact] == int32(t+1) {
		return
	}
	if !c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: m, B: t, Inches: 1, Why: "The target must be within 1\""}) {
		c.Refuse(fmt.Sprintf("%s is not within 1\" of %s", s.Static(t).ID, s.Static(m).ID))
	}
}

// resolveCoupDeGrace: each player rolls their own D6 and adds their
// fighter's Strength; the target goes Out of Action when the attacker's
// total equals or beats it (seed 000, Coup de Grace; rules.md §6.2-i).
// The two dice are two rolls, each asked of its own player.
func resolveCoupDeGrace(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m, t := a.Actor, a.Target
	closeEnough(c, m, t)
	sm, st := s.Stat(m, sS), s.Stat(t, sS)
	att := c.Roll(s.SideOf(m), pD6, engine.About{What: "Coup de Grace (the higher D6 + S wins, ties to the attacker), the attacker's D6 + S", Model: m, Other: t, With: strengthText[sm]}).Outcome + 1 + sm
	def := c.Roll(s.SideOf(t), pD6, engine.About{What: "Coup de Grace, the target's D6 + S", Model: t, Other: m, With: strengthText[st]}).Outcome + 1 + st
	if att >= def {
		goOOA(c, t, s.Option(optLasting) == "yes")
	} else {
		c.Emit(engine.Event{Type: "survived", Model: t, Other: m})
	}
}

// resolveTreatAlly and resolveRepair call an immediate Recovery test
// (rules.md §2.2.3, §6.2-e).
func resolveTreatAlly(c *engine.Ctx, a engine.Action) {
	closeEnough(c, a.Actor, a.Target)
	recover(c, a.Target, 0, a.Actor)
}

func resolveRepair(c *engine.Ctx, a engine.Action) {
	closeEnough(c, a.Actor, a.Target)
	recover(c, a.Target, 0, a.Actor)
}

// resolveSabotage: an Intelligence check; passed, the vehicle is Out of
// Action; failed, the action is wasted (rules.md §2.2.3, §6.2-k).
func resolveSabotage(c *engine.Ctx, a engine.Action) {
	s := c.State()
	closeEnough(c, a.Actor, a.Target)
	if c.Roll(s.SideOf(a.Actor), check2(s.Stat(a.Actor, sInt), 0), engine.For("Sabotage: Intelligence check", a.Actor, a.Target)).Outcome == 0 {
		goOOA(c, a.Target, s.Option(optLasting) == "yes")
	} else {
		c.Emit(engine.Event{Type: "sabotage-failed", Model: a.Actor, Other: a.Target})
	}
}

// resolveEscape: the model flees and counts as Out of Action; D6: 1–2 it
// rolls on the Lasting Injury (Damage) table, else it is Out Cold
// (Superficial Damage) (rules.md §2.2.5, §6.2-d).
func resolveEscape(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m := a.Actor
	roll := c.Roll(s.SideOf(m), pD6, engine.For("Desperate Escape (1–2: a lasting roll; 3–6: no lasting effect)", m, engine.NoModel)).Outcome + 1
	c.Remove(m)
	s.Set(m, cFled, true)
	// The escape roll alone decides what the model suffers: it is not a
	// flight while Seriously Injured (a Bottle check's, which checks for
	// succumbing after the battle), even when it was the gang's last
	// model and the battle ends before this activation does.
	s.Set(m, cStartedSI, false)
	for n := range s.Models {
		if s.Linked(m, n) {
			s.Link(m, n, false)
		}
	}
	switch {
	case roll <= 2:
		c.Emit(engine.Event{Type: "escaped-hurt", Model: m, Other: engine.NoModel, Value: roll})
		lastingRoll(c, m, noteEscapeLasting, roll)
	case vehicle(s, m):
		c.Emit(engine.Event{Type: "escaped-superficial-damage", Model: m, Other: engine.NoModel, Value: roll})
		addNote(s, note{model: int16(m), kind: noteEscapeSuperficial, roll: int8(roll)})
	default:
		c.Emit(engine.Event{Type: "escaped-out-cold", Model: m, Other: engine.NoModel, Value: roll})
		addNote(s, note{model: int16(m), kind: noteEscapeOutCold, roll: int8(roll)})
	}
	if s.Option(optEscapeOOA) == "yes" {
		c.AddSide(s.SideOf(m), sCasualties, 1)
		nerve(c, m)
	}
	refresh(c)
}

// resolveTend marks an extra injury die for this activation's Recovery test
// (Tend Wounds, Conduct Repairs: rules.md §2.2.5).
func resolveTend(c *engine.Ctx, a engine.Action) { c.State().Set(a.Actor, cRecoveryDie, true) }

// resolveReload clears Out of Ammo from one weapon (rules.md §2.3.6).
func resolveReload(c *engine.Ctx, a engine.Action) { necromunda.Reload(c, a.Actor, a.Option) }

var noYes = []string{"no", "yes"}

// resolveGroup: pick friendly Ready fighters within 3"; a Leadership check
// at −1 per fighter after the first; passed, they activate next, one at a
// time (rules.md §2.2.3, §6.2-j, §8 gap 10).
func resolveGroup(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m := a.Actor
	side := s.SideOf(m)
	var picked []int
	for f := range s.Models {
		if !friend(s, m, f) || !fighter(s, f) || s.Models[f].Acts != 0 {
			continue
		}
		if geo(s) != nil && !within(s, m, f, 3) || geo(s) == nil && !c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: m, B: f, Inches: 3, Why: "Group Activation picks friendly Ready fighters within 3\""}) {
			continue
		}
		if c.ChooseAbout(side, "group-member", "Add {model} to the Group Activation?", engine.For("", f, engine.NoModel), noYes) == 1 {
			picked = append(picked, f)
		}
	}
	if len(picked) == 0 {
		c.Emit(engine.Event{Type: "group-empty", Model: m, Other: engine.NoModel})
		return
	}
	// Selected is selected, whether or not the check passes: none of them
	// may start a Group Activation of its own this round (seed 000, Group
	// Activation; rules.md §6.2-j).
	for _, f := range picked {
		s.Set(f, cGroupSelected, true)
	}
	if c.Roll(side, check2(s.Stat(m, sLd), -(len(picked)-1)), engine.For("Group Activation: Leadership check, −1 per fighter after the first", m, engine.NoModel)).Outcome != 0 {
		c.Emit(engine.Event{Type: "group-failed", Model: m, Other: engine.NoModel, Value: len(picked)})
		return
	}
	if s.Option(optGroupOrder) == "selected" {
		e := ext(s)
		for _, f := range picked[1:] {
			e.Queue = append(e.Queue, int32(f))
		}
		c.Chain(picked[0])
	} else {
		c.Chain(picked...)
	}
	c.Emit(engine.Event{Type: "group", Model: m, Other: engine.NoModel, Value: len(picked)})
}

// lastingRoll rolls on the lasting table for m (the opposing player rolls)
// and notes the result (rules.md §2.3.4, Lasting Injury and Lasting Damage).
func lastingRoll(c *engine.Ctx, m int, why noteKind, roll int) {
	s := c.State()
	v := 0
	if vehicle(s, m) {
		v = 1
	}
	r := c.Roll((s.SideOf(m)+1)%len(s.Sides), pLasting[v], engine.For("Lasting roll after the battle", m, engine.NoModel))
	addNote(s, note{model: int16(m), kind: why, roll: int8(roll), entry: int8(r.Outcome)})
}
