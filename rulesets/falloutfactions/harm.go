package falloutfactions

import (
	"github.com/skirmish-engine/skirmish/engine"
)

// Fatigue, Harm, Injuries, Incapacitation and the Confusion Test (seed 004,
// Damage and Fatigue; rules.md §5.2.3, §5.2.4).

// take makes model m Take n Fatigue, a cost it chooses to pay: it cannot
// go past Exhausted, so it is refused (false) when it would (rules.md
// §5.2.4).
func take(c *engine.Ctx, m, n int) bool {
	if fatigue(c.State(), m)+n > 2 {
		return false
	}
	c.Add(m, cFatigue, n)
	return true
}

// suffer makes model m Suffer a Fatigue, imposed on it: ignored when it is
// Exhausted, and by Hardy and Power Armor models (rules.md §5.2.4).
func suffer(c *engine.Ctx, m int) {
	s := c.State()
	switch {
	case has(s, m, pHardy|pPowerArmor):
		c.Emit(engine.Event{Type: "hardy", Model: m, Other: engine.NoModel})
	case fatigue(s, m) >= 2:
		c.Emit(engine.Event{Type: "exhausted", Model: m, Other: engine.NoModel})
	default:
		c.Add(m, cFatigue, 1)
	}
}

// addHarm gives t n Harm, up to its Harm limit (3; 4 Burly or in Power
// Armor). Harm beyond it is Excess Harm: with converts each point is an
// Injury (when it comes with Damage: rules.md §5.2.3, §6.3-l), otherwise it
// is lost. clean marks an Incapacitation it causes as needing no treatment
// (Tranquilize, a Non-Lethal weapon).
func addHarm(c *engine.Ctx, t, n int, converts, clean bool) {
	s := c.State()
	if n <= 0 || !s.Models[t].InPlay {
		return
	}
	room := stat(s).limit[t] - s.Count(t, cHarm)
	c.Add(t, cHarm, min(n, room))
	excess := n - max(room, 0)
	if excess <= 0 {
		return
	}
	if !converts {
		c.Emit(engine.Event{Type: "excess-harm-lost", Model: t, Other: engine.NoModel, Value: excess})
		return
	}
	for range excess {
		injure(c, t, clean)
	}
}

// injure fills one of t's Injury boxes; with all of them filled it is
// Incapacitated (rules.md §5.2.3).
func injure(c *engine.Ctx, t int, clean bool) {
	s := c.State()
	if !s.Models[t].InPlay {
		return
	}
	c.Add(t, cInjuries, 1)
	if s.Count(t, cInjuries) >= s.Stat(t, sHealth) {
		incapacitate(c, t, clean)
	}
}

// incapacitate removes t from the battle (rules.md §5.2.3). A Champion (or
// the Leader) gives the opposing crew 1 XP, once a game. Unless t is a
// Machine, its friends within 3" take Confusion Tests when the attack is
// over: it is queued for them.
func incapacitate(c *engine.Ctx, t int, clean bool) {
	s := c.State()
	if !s.Models[t].InPlay {
		return
	}
	c.Remove(t)
	s.Set(t, cIncapacitated, true)
	c.Emit(engine.Event{Type: "incapacitated", Model: t, Other: engine.NoModel})
	if clean {
		s.Set(t, cCleanBill, true)
	}
	refresh(c)
	side := s.SideOf(t)
	if stat(s).typ[t] != 2 { // a leader or champion
		foe := 1 - side
		if s.Vars[vOnce]&(1<<(8+foe)) == 0 {
			s.Vars[vOnce] |= 1 << (8 + foe)
			c.AddSide(foe, sXP, 1)
			c.Emit(engine.Event{Type: "champion-xp", Model: t, Other: engine.NoModel, Value: foe})
		}
	}
	if !has(s, t, pMachine) {
		e := ext(s)
		e.incap = append(e.incap, t)
	}
}

// confusion runs the Confusion Tests of every model Incapacitated since the
// queue was last emptied (rules.md §5.2.3): each friend within 3", not a
// Machine, takes a 2I test (Natural Leader passes it: at a table the
// players are not even asked whether it is near); failed, its player
// chooses: it flees (removed), or Takes a Fatigue. An Exhausted model
// cannot Take one (seed 004, Fatigue) and flees (the option
// exhausted-confusion, §6.3-m) without a question of one answer: its
// test's prompt says so, and so does the log.
func confusion(c *engine.Ctx) {
	s := c.State()
	e := ext(s)
	b := geo(s)
	for k := 0; k < len(e.incap); k++ {
		x := e.incap[k]
		for f := range s.Models {
			if !friend(s, x, f) || has(s, f, pMachine) || b == nil && has(s, f, pNaturalLeader) {
				continue // at a table a Natural Leader, passing anyway, is not measured for
			}
			var near bool
			if b != nil {
				v, _ := b.Fact(s, engine.Fact{Kind: engine.FactWithin, A: f, B: x, Inches: 3})
				near = v == 1
			} else {
				near = c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: f, B: x, Inches: 3, Why: "Friendly models within 3\" of an Incapacitated model take a Confusion Test"})
			}
			if !near {
				continue
			}
			if has(s, f, pNaturalLeader) {
				c.Emit(engine.Event{Type: "confusion-passed", Model: f, Other: x})
				continue
			}
			kind := &confusionTest
			switch {
			case fatigue(s, f) >= 2 && s.Option(optConfusion) == "flee":
				kind = &confusionFlee
			case fatigue(s, f) >= 2:
				kind = &confusionShrug
			}
			if hits, _ := test(c, &check{kind: kind, m: f, other: x, rel: "seeing", dice: 2, stat: s.Stat(f, sI), need: 1, pass: true}); hits > 0 {
				c.Emit(engine.Event{Type: "confusion-passed", Model: f, Other: x})
				continue
			}
			c.Emit(engine.Event{Type: "confused", Model: f, Other: x})
			switch {
			case fatigue(s, f) >= 2 && s.Option(optConfusion) == "flee":
				c.Emit(engine.Event{Type: "confusion-exhausted", Model: f, Other: x})
				flee(c, f)
			case fatigue(s, f) >= 2:
				c.Emit(engine.Event{Type: "confusion-no-effect", Model: f, Other: x})
			case c.Choose(s.SideOf(f), "confusion", stat(s).confused[f], fleeOrFatigue) == 0:
				flee(c, f)
			default:
				take(c, f, 1)
			}
		}
	}
	e.incap = e.incap[:0]
}

var fleeOrFatigue = []string{"flee", "take-fatigue"}

// flee removes f from the battle after a failed Confusion Test: no
// Confusion Tests and no Champion XP follow.
func flee(c *engine.Ctx, f int) {
	s := c.State()
	c.Remove(f)
	s.Set(f, cFled, true)
	c.Emit(engine.Event{Type: "fled", Model: f, Other: engine.NoModel})
	refresh(c)
}
