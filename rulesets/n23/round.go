package n23

import (
	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
	"github.com/skirmish-engine/skirmish/rules/necromunda"
)

// The round (rules.md §3.3): the Priority phase (the Priority roll; every
// model Ready, which is the engine's: a model activates once a round), the
// Action phase (alternate activations from the Priority side; a side with
// none left leaves the rest to the other), and the End phase.

// RoundStart does nothing: Ready markers are the engine's.
func (r *Rules) RoundStart(c *engine.Ctx) {}

// RoundEnd does nothing: the End phase holds the round's closing steps.
func (r *Rules) RoundEnd(c *engine.Ctx) {}

// PhaseStart runs the Priority roll, starts the Action phase with the side
// that has Priority, and runs the End phase.
func (r *Rules) PhaseStart(c *engine.Ctx, phase string) {
	s := c.State()
	switch phase {
	case "priority":
		necromunda.PriorityRoll(c, pD6, vPriority, vLast)
	case "action":
		s.Turn.Side = int(s.Vars[vPriority])
	case "end":
		endPhase(c)
	}
}

// PhaseEnd does nothing.
func (r *Rules) PhaseEnd(c *engine.Ctx, phase string) {}

// CanActivate: a model in play that is Ready (has not activated this
// round) and is not a Wrecked vehicle.
func (r *Rules) CanActivate(s *engine.State, m int) bool {
	md := &s.Models[m]
	return md.InPlay && md.Acts == 0 && !(vehicle(s, m) && md.Secondary == wrecked)
}

// ActivationStart: a model that can only perform one action this
// activation (the counter "actions" at 1: effects not modelled, such as
// skills and tactics, set it) has one slot, so no Double action (seed
// 002, Double Actions).
func (r *Rules) ActivationStart(c *engine.Ctx, m int) {
	s := c.State()
	if s.Count(m, cActions) == 1 {
		s.Turn.Slots = 1
	}
}

// ActivationEnd clears what lasts an activation: Aim, the turn penalty,
// the Charge's bonuses.
func (r *Rules) ActivationEnd(c *engine.Ctx, m int) {
	s := c.State()
	s.Set(m, cAimed, false)
	s.Set(m, cTurned, false)
	s.Set(m, cCharged, false)
	s.Set(m, cChargedUnseen, false)
	s.Vars[vContact] = 0
	s.Vars[vFreeCoup] = 0
}

// ActionStart: the free Coup de Grace a Fight gave is the fighter's next
// action or none (its cost is settled before this runs).
func (r *Rules) ActionStart(c *engine.Ctx, a engine.Action) { c.State().Vars[vFreeCoup] = 0 }

// ActionEnd does nothing: n23 has no trigger at the end of an action.
func (r *Rules) ActionEnd(*engine.Ctx, engine.Action) {}

// pBottle is the boxed Bottle check by casualties and crew.
var pBottle = func() (p [engine.MaxModels + 1][engine.MaxModels + 1]dice.Procedure) {
	for n := range p {
		for crew := range p[n] {
			p[n][crew] = Bottle{Casualties: n, Crew: crew}
		}
	}
	return p
}()

// casualties counts a side's fighters Prone and Seriously Injured or Out
// of Action (not those that fled) and its Wrecked vehicles (rules.md §3.3,
// Bottle checks).
func casualties(s *engine.State, side int) int {
	n := 0
	for m := range s.Models {
		if s.SideOf(m) != side {
			continue
		}
		md := &s.Models[m]
		switch {
		case !md.InPlay && !s.Has(m, cFled):
			n++
		case md.InPlay && (md.Secondary == seriouslyInjured || md.Secondary == wrecked):
			n++
		}
	}
	return n
}

// endPhase (rules.md §3.3; the necrodamus End phase page), each step the
// Priority side first: (1) Bottle checks for gangs with a casualty and not
// bottled yet: D6 + casualties higher than the starting crew (option
// bottle-comparison) and the gang is bottled for the rest of the battle;
// (2) a bottled gang makes a Cool test for each of its models on the
// battlefield, and those that fail flee; (3) Recovery tests for Prone and
// Seriously Injured fighters and Restart tests for Stalled vehicles; (4)
// Cool tests to rally Broken models.
func endPhase(c *engine.Ctx) {
	s := c.State()
	st := stat(s)
	order := necromunda.SidesFrom(int(s.Vars[vPriority]), len(s.Sides))
	for _, side := range order.All() {
		if s.Sides[side].Counters[sBottled] == 1 {
			continue
		}
		n := casualties(s, side)
		if n == 0 {
			continue
		}
		crew := st.crew[side]
		if st.opt.bottleAtLeast {
			crew-- // at least crew is higher than crew − 1
		}
		if c.Roll(side, pBottle[n][max(crew, 0)], engine.BySide("Bottle check (D6 + casualties against the starting crew)")).Outcome == 1 {
			c.AddSide(side, sBottled, 1)
			c.Emit(engine.Event{Type: "bottled", Model: engine.NoModel, Other: engine.NoModel, Value: side})
		}
	}
	for _, side := range order.All() {
		if s.Sides[side].Counters[sBottled] == 0 {
			continue
		}
		for m := range s.Models {
			if s.SideOf(m) != side || !s.Models[m].InPlay || s.Models[m].Secondary == wrecked {
				continue
			}
			if c.Roll(side, check(s.Stat(m, sCl), 0), engine.For("Fleeing the battlefield: Cool test (the gang is bottled; failed, it flees)", m, engine.NoModel)).Outcome != 0 {
				flee(c, m)
			}
		}
	}
	for _, side := range order.All() {
		for m := range s.Models {
			if s.SideOf(m) != side || !s.Models[m].InPlay {
				continue
			}
			switch {
			case fighter(s, m) && secondary(s, m) == seriouslyInjured:
				recover(c, m)
			case vehicle(s, m) && secondary(s, m) == stalled:
				restart(c, m, "Restart test (Handling)")
			}
		}
	}
	for _, side := range order.All() {
		for m := range s.Models {
			if s.SideOf(m) != side || !s.Models[m].InPlay || !s.Has(m, cBroken) {
				continue
			}
			if c.Roll(side, check(s.Stat(m, sCl), 0), engine.For("Rally: Cool test (passed, it is no longer Broken)", m, engine.NoModel)).Outcome == 0 {
				s.Set(m, cBroken, false)
				c.Emit(engine.Event{Type: "rallied", Model: m, Other: engine.NoModel})
			}
		}
	}
}

// flee takes m off the battlefield (rules.md §3.3, Fleeing): not Out of
// Action, no lasting roll.
func flee(c *engine.Ctx, m int) {
	s := c.State()
	c.Remove(m)
	s.Set(m, cFled, true)
	unlink(s, m)
	c.Emit(engine.Event{Type: "fled", Model: m, Other: engine.NoModel})
	refresh(c)
}

// recover is a Recovery test (rules.md §3.3): one injury die; a Flesh
// Wound and the fighter recovers, Prone and Pinned (option
// recovery-flesh-wound: or Standing and Active, facing where its player
// chooses, standFacing), with the flesh wound; a Serious Injury and it
// stays; Out of Action and it is out.
func recover(c *engine.Ctx, m int) {
	s := c.State()
	switch c.Roll(s.SideOf(m), pRecovery[stat(s).opt.faces], engine.For("Recovery test", m, engine.NoModel)).Outcome {
	case 0:
		if stat(s).opt.fwStands {
			c.SetStatus(m, standing)
			c.SetSecondary(m, active)
		} else {
			c.SetSecondary(m, pinned)
		}
		c.Emit(engine.Event{Type: "recovered", Model: m, Other: engine.NoModel})
		fleshWound(c, m)
		if s.Models[m].InPlay && status(s, m) == standing {
			standFacing(c, m)
		}
		refresh(c)
	case 1:
		c.Emit(engine.Event{Type: "still-seriously-injured", Model: m, Other: engine.NoModel})
	default:
		goOOA(c, m)
	}
}

// fit: a model still in the fight (in play, not Seriously Injured, not
// Wrecked).
func fit(s *engine.State, m int) bool { return !down(s, m) }

// GameOver: a gang with no model left in the fight (all Out of Action,
// fled, Seriously Injured or Wrecked, none able to act) has lost; after
// the last round, the gang with more models still in the fight wins, or it
// is a draw (a documented choice: the scenarios' own victory conditions
// are not modelled).
func (r *Rules) GameOver(s *engine.State) (bool, int) {
	var left, inPlay [engine.MaxSides]int
	for m := range s.Models {
		if s.Models[m].InPlay {
			inPlay[s.SideOf(m)]++
			if fit(s, m) {
				left[s.SideOf(m)]++
			}
		}
	}
	alive, who := 0, -1
	for side := range s.Sides {
		if left[side] > 0 {
			alive++
			who = side
		}
	}
	switch {
	case alive == 0:
		return true, -1
	case alive == 1:
		return true, who
	case s.Round < s.Setup().Rounds || s.PhaseID() != "end":
		return false, 0
	}
	return true, best(left[:len(s.Sides)])
}

// best is the index of the single largest value, or -1 on a tie.
func best(xs []int) int {
	w, top, n := -1, -1, 0
	for i, x := range xs {
		switch {
		case x > top:
			w, top, n = i, x, 1
		case x == top:
			n++
		}
	}
	if n != 1 || top == 0 {
		return -1
	}
	return w
}

// GameEnd rolls after the battle on the lasting tables (option
// lasting-table): one roll for each fighter Out of Action (one that fled
// rolls nothing) and each Wrecked vehicle (rules.md §3.3, §7.0).
func (r *Rules) GameEnd(c *engine.Ctx) {
	s := c.State()
	if !stat(s).opt.lasting {
		return
	}
	for m := range s.Models {
		md := &s.Models[m]
		switch {
		case fighter(s, m) && !md.InPlay && !s.Has(m, cFled):
			lastingRoll(c, m, noteOutOfAction)
		case vehicle(s, m) && md.InPlay && md.Secondary == wrecked:
			lastingRoll(c, m, noteWrecked)
		}
	}
}

// lastingRoll rolls on the lasting table for m (the opposing player rolls)
// and notes the result.
func lastingRoll(c *engine.Ctx, m int, why noteKind) {
	s := c.State()
	v := 0
	if vehicle(s, m) {
		v = 1
	}
	r := c.Roll((s.SideOf(m)+1)%len(s.Sides), pLasting[v], engine.For("Lasting roll after the battle", m, engine.NoModel))
	addNote(s, note{model: int16(m), kind: why, entry: int8(r.Outcome)})
}

// Report is the post-battle report.
func (r *Rules) Report(s *engine.State) []string {
	stat(s)
	return ext(s).lines()
}

// Summarize names what an action did to its target (and to the actor, when
// it came to harm), for exact odds. The score is the acting side's.
func (r *Rules) Summarize(before, after *engine.State, a engine.Action) (string, int) {
	return summaries.Summarize(before, after, a)
}

// summaries summarizes with fate and the labels it gives, their pairs with
// what befell the actor made once (rules.Fates).
var summaries = rules.NewFates(fate, "out of action", "wrecked", "seriously injured", "stalled", "flesh wound", "wounded", "pinned", "broken", "no effect")

// fate is what happened to model t, worst first, and how much harm that is.
func fate(before, after *engine.State, t int) (string, int) {
	b, x := &before.Models[t], &after.Models[t]
	switch {
	case b.InPlay && !x.InPlay:
		return "out of action", 5
	case b.Secondary != wrecked && x.Secondary == wrecked:
		return "wrecked", 5
	case b.Secondary != seriouslyInjured && x.Secondary == seriouslyInjured:
		return "seriously injured", 4
	case b.Secondary != stalled && x.Secondary == stalled:
		return "stalled", 3
	case x.Counters[cFlesh] > b.Counters[cFlesh]:
		return "flesh wound", 3
	case x.Counters[cWounds] < b.Counters[cWounds]:
		return "wounded", 2
	case b.Secondary != pinned && x.Secondary == pinned:
		return "pinned", 1
	case b.Conds&(1<<cBroken) == 0 && x.Conds&(1<<cBroken) != 0:
		return "broken", 1
	}
	return "no effect", 0
}
