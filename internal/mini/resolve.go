package mini

import (
	"math"
	"strconv"

	"github.com/skirmish-engine/skirmish/engine"
)

// harmOverflow turns harm past its limit into lost wounds.
func harmOverflow(c *engine.Ctx, m, excess int) {
	if excess > 0 {
		wound(c, m, excess)
	}
}

// wound takes n wounds from m; at none left it is out.
func wound(c *engine.Ctx, m, n int) {
	if c.Add(m, wounds, -n); c.State().Count(m, wounds) == 0 {
		takeOut(c, m)
	}
}

func takeOut(c *engine.Ctx, m int) {
	s := c.State()
	if !s.Models[m].InPlay {
		return
	}
	c.Remove(m)
	release(c, m)
	e := scratch(s)
	e.Casualties = append(e.Casualties, int32(m))
}

// release frees whoever was engaged with m.
func release(c *engine.Ctx, m int) {
	s := c.State()
	if f := s.Count(m, foe) - 1; f >= 0 {
		c.Add(m, foe, -s.Count(m, foe))
		c.Add(f, foe, -s.Count(f, foe))
		if s.Models[f].InPlay && s.Models[f].Status == engaged {
			c.SetStatus(f, active)
		}
	}
}

func resolveMove(c *engine.Ctx, a engine.Action) {
	s := c.State()
	if a.HasPos {
		c.Move(a.Actor, engine.Pos{X: a.X, Y: a.Y, Level: s.Models[a.Actor].Pos.Level})
		return
	}
	c.Emit(engine.Event{Type: "moved", Model: a.Actor, Other: engine.NoModel})
}

// resolveCharge moves into contact when the target is in reach, then forces
// a free Fight.
func resolveCharge(c *engine.Ctx, a engine.Action) {
	s := c.State()
	reach, _ := strconv.Atoi(s.Option("charge-range"))
	if !c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: a.Actor, B: a.Target, Inches: float32(reach)}) {
		c.Emit(engine.Event{Type: "charge-failed", Model: a.Actor, Other: a.Target})
		return
	}
	if s.Setup().Board != nil {
		c.Move(a.Actor, contactPoint(s, a.Actor, a.Target))
	}
	if s.Models[a.Target].Status == engaged {
		release(c, a.Target)
	}
	engage(c, a.Actor, a.Target)
	c.FollowUp("fight")
}

func engage(c *engine.Ctx, m, t int) {
	c.SetStatus(m, engaged)
	c.Add(m, foe, t+1-c.State().Count(m, foe))
	if c.State().Models[t].Status != down {
		c.SetStatus(t, engaged)
		c.Add(t, foe, m+1-c.State().Count(t, foe))
	}
}

// contactPoint is where m touches t, on the line between their centres.
func contactPoint(s *engine.State, m, t int) engine.Pos {
	pm, pt := s.Models[m].Pos, s.Models[t].Pos
	dx, dy := float64(pm.X-pt.X), float64(pm.Y-pt.Y)
	d := math.Hypot(dx, dy)
	if d == 0 {
		dx, dy, d = 1, 0, 1
	}
	r := (s.Static(m).Base + s.Static(t).Base) / 2
	return engine.Pos{X: pt.X + float32(dx/d*r), Y: pt.Y + float32(dy/d*r), Level: pt.Level}
}

var dodgeOptions = []string{"pass", "dodge"}

// resolveShoot: sight, hit roll, the target side's dodge, injury dice.
func resolveShoot(c *engine.Ctx, a engine.Action) {
	s := c.State()
	if !c.FactTrue(engine.Fact{Kind: engine.FactSight, A: a.Actor, B: a.Target}) {
		c.Emit(engine.Event{Type: "no-sight", Model: a.Actor, Other: a.Target})
		return
	}
	need := s.Stat(a.Actor, sSkill)
	if s.Has(a.Actor, aimed) {
		need--
	}
	if c.Roll(s.SideOf(a.Actor), testFor(need), engine.For("Hit roll", a.Actor, a.Target)).Outcome != 0 {
		c.Emit(engine.Event{Type: "missed", Model: a.Actor, Other: a.Target})
		return
	}
	side := s.SideOf(a.Target)
	if s.Sides[side].Counters[tokens] > 0 &&
		c.Choose(side, "dodge", "Spend a token to dodge the hit?", dodgeOptions) == 1 {
		c.AddSide(side, tokens, -1)
		if c.Roll(side, testFor(4), engine.For("Dodge", a.Target, a.Actor)).Outcome == 0 {
			c.Emit(engine.Event{Type: "dodged", Model: a.Target, Other: a.Actor})
			return
		}
	}
	n := 1
	if heavy(s, a.Actor) {
		n = 2
	}
	injure(c, a.Target, c.Roll(s.SideOf(a.Actor), injuries[n], engine.For("Injury dice", a.Target, a.Actor)).Outcome)
	if s.Models[a.Target].InPlay {
		s.Set(a.Target, pinned, true)
	}
}

func injure(c *engine.Ctx, m, result int) {
	s := c.State()
	switch result {
	case 0: // hurt
		c.Add(m, harm, 1)
	case 1: // down
		if s.Models[m].Status == down {
			takeOut(c, m)
			return
		}
		release(c, m)
		c.SetStatus(m, down)
	default:
		takeOut(c, m)
	}
}

// resolveFight is an opposed roll; the loser goes down, or out if down.
func resolveFight(c *engine.Ctx, a engine.Action) {
	s := c.State()
	p := fights[s.Stat(a.Actor, sTough)][s.Stat(a.Target, sTough)]
	loser := a.Target
	if c.Roll(s.SideOf(a.Actor), p, engine.For("Fight", a.Actor, a.Target)).Outcome == 1 {
		loser = a.Actor
	}
	injure(c, loser, 1)
}

func resolveRetreat(c *engine.Ctx, a engine.Action) {
	release(c, a.Actor)
	c.SetStatus(a.Actor, active)
}

func resolveRally(c *engine.Ctx, a engine.Action) {
	if c.Roll(c.State().SideOf(a.Actor), testFor(4), engine.For("Rally", a.Actor, engine.NoModel)).Outcome == 0 {
		c.SetStatus(a.Actor, active)
	}
}

// resolveGroup chains up to two friends within 3" that have not activated.
func resolveGroup(c *engine.Ctx, a engine.Action) {
	s := c.State()
	n := 0
	for f := range s.Models {
		if n == 2 {
			break
		}
		if f == a.Actor || s.SideOf(f) != s.SideOf(a.Actor) || !s.Models[f].InPlay || s.Models[f].Acts != 0 {
			continue
		}
		if c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: a.Actor, B: f, Inches: 3}) {
			s.Set(f, grouped, true)
			c.Chain(f)
			n++
		}
	}
	s.Set(a.Actor, grouped, true)
}

func resolveAim(c *engine.Ctx, a engine.Action) { c.State().Set(a.Actor, aimed, true) }
