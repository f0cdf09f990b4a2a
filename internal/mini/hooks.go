package mini

import "github.com/skirmish-engine/skirmish/engine"

// RoundStart clears the per-round conditions.
func (r *Rules) RoundStart(c *engine.Ctx) {
	s := c.State()
	for m := range s.Models {
		s.Set(m, grouped, false)
	}
}

// RoundEnd wipes fatigue (ff).
func (r *Rules) RoundEnd(c *engine.Ctx) {
	s := c.State()
	for m := range s.Models {
		if n := s.Count(m, fatigue); n > 0 {
			c.Add(m, fatigue, -n)
		}
	}
}

var rallyOptions = []string{"pass", "stand"}

// PhaseStart rolls off for priority (ties roll again) and starts the action
// phase with the side that has it; the end phase offers each side a token
// to stand a down model up.
func (r *Rules) PhaseStart(c *engine.Ctx, phase string) {
	s := c.State()
	switch phase {
	case "priority":
		for {
			o := c.Roll(0, rollOffP, engine.BySide("Priority roll-off")).Outcome
			if o != 2 {
				s.Vars[vFirst] = int32(o)
				return
			}
			s.Vars[vTies]++
		}
	case "action":
		s.Turn.Side = int(s.Vars[vFirst])
	case "end":
		for side := range s.Sides {
			if s.Sides[side].Counters[tokens] == 0 {
				continue
			}
			for m := range s.Models {
				if s.SideOf(m) != side || !s.Models[m].InPlay || s.Models[m].Status != down {
					continue
				}
				if c.Choose(side, "stand", "Spend a token to stand this model up?", rallyOptions) == 1 {
					c.AddSide(side, tokens, -1)
					c.SetStatus(m, active)
				}
				break // one offer per side
			}
		}
	}
}

// PhaseEnd does nothing; it is here so the hook runs in tests.
func (r *Rules) PhaseEnd(c *engine.Ctx, phase string) {}

// ActivationStart: a Pinned model loses the marker and has one slot (n26).
func (r *Rules) ActivationStart(c *engine.Ctx, m int) {
	s := c.State()
	if r.preset == "n26" && s.Has(m, pinned) {
		s.Set(m, pinned, false)
		s.Turn.Slots = 1
	}
}

var teamworkOptions = []string{"pass", "teamwork"}

// ActivationEnd offers Teamwork (ff): a token for another activation.
func (r *Rules) ActivationEnd(c *engine.Ctx, m int) {
	s := c.State()
	side := s.SideOf(m)
	if r.preset != "ff" || s.Sides[side].Counters[tokens] == 0 || s.Turn.Extra {
		return
	}
	for f := range s.Models {
		if f != m && s.SideOf(f) == side && r.CanActivate(s, f) {
			if c.Choose(side, "teamwork", "Spend a token for another activation?", teamworkOptions) == 1 {
				c.AddSide(side, tokens, -1)
				c.ExtraActivation()
			}
			return
		}
	}
}

// ActionStart does nothing; ActionEnd clears Aim after any Shoot or Snap
// Shot, keyed on the action's ID whatever its current type.
func (r *Rules) ActionStart(c *engine.Ctx, a engine.Action) {}

func (r *Rules) ActionEnd(c *engine.Ctx, a engine.Action) {
	if a.ID == "shoot" || a.ID == "snap" {
		c.State().Set(a.Actor, aimed, false)
	}
}

// CanActivate: ff models take turns while not exhausted; others once a round.
func (r *Rules) CanActivate(s *engine.State, m int) bool {
	if !s.Models[m].InPlay {
		return false
	}
	if r.preset == "ff" {
		return s.Count(m, fatigue) < 2
	}
	return s.Models[m].Acts == 0
}

// GameOver: a side with no model in play loses.
func (r *Rules) GameOver(s *engine.State) (bool, int) {
	var alive [engine.MaxSides]bool
	n := 0
	for m := range s.Models {
		if s.Models[m].InPlay && !alive[s.SideOf(m)] {
			alive[s.SideOf(m)] = true
			n++
		}
	}
	switch {
	case n == 0:
		return true, -1
	case n == 1:
		for side, ok := range alive[:len(s.Sides)] {
			if ok {
				return true, side
			}
		}
	}
	return false, 0
}

// Summarize names what happened to the action's target.
func (r *Rules) Summarize(before, after *engine.State, a engine.Action) (string, int) {
	t := a.Target
	if t == engine.NoModel {
		return engine.DefaultSummary(before, after, before.Turn.Side)
	}
	b, x := &before.Models[t], &after.Models[t]
	switch {
	case b.InPlay && !x.InPlay:
		return "target out", 3
	case b.Status != down && x.Status == down:
		return "target down", 2
	case x.Counters[wounds] < b.Counters[wounds] || x.Counters[harm] > b.Counters[harm]:
		return "target hurt", 1
	}
	return "no effect", 0
}
