package trenchcrusade

import (
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
)

// PhaseStart runs the Initiative phase, starts the Activation phase with
// the side the Initiative holder chose, and runs the Morale phase (rules.md
// §4.3 Turn structure).
func (r *Rules) PhaseStart(c *engine.Ctx, phase string) {
	s := c.State()
	switch phase {
	case "initiative":
		initiative(c)
	case "activation":
		s.Turn.Side = int(s.Vars[vInitiative])
	case "morale":
		morale(c)
	}
}

// PhaseEnd does nothing.
func (r *Rules) PhaseEnd(c *engine.Ctx, phase string) {}

// initiative: the warband with fewer models standing (neither Down nor out)
// has the Initiative; a tie is rolled off, highest wins, ties rolled again.
// The holder chooses which warband activates first (rules.md §4.3).
func initiative(c *engine.Ctx) {
	s := c.State()
	var up [engine.MaxSides]int
	for m := range s.Models {
		if s.Models[m].InPlay && status(s, m) == standing {
			up[s.SideOf(m)]++
		}
	}
	holder := 0
	switch {
	case up[0] < up[1]:
		holder = 0
	case up[1] < up[0]:
		holder = 1
	default:
		for about := rollOff; ; about = rollOffAgain {
			a := c.Roll(0, pD6, about).Outcome
			b := c.Roll(1, pD6, about).Outcome
			if a != b {
				holder = 0
				if b > a {
					holder = 1
				}
				break
			}
		}
	}
	s.Vars[vInitiative] = int32(holder)
	first := holder
	if c.Choose(holder, "first", "Initiative: which warband activates first?", firstOptions) == 1 {
		first = 1 - holder
	}
	c.Emit(engine.Event{Type: "initiative", Model: engine.NoModel, Other: engine.NoModel, Value: holder})
	s.Vars[vInitiative] = int32(first)
}

var firstOptions = []string{"us", "them"}

// morale: a warband with at least half its models (rounded up) Down or
// out takes a Morale Check, a Success Roll; by default failing it in two
// turns in a row loses the game, and a pass or a turn without a check ends
// the run (rules.md §4.3, §6.3-d).
func morale(c *engine.Ctx) {
	s := c.State()
	for side := range s.Sides {
		n, hurt := 0, 0
		for m := range s.Models {
			if s.SideOf(m) == side {
				n++
				if !s.Models[m].InPlay || status(s, m) == down {
					hurt++
				}
			}
		}
		if 2*hurt < n { // under half: no check this turn
			// The game is lost on failing two turns in a row, so a turn
			// without a check ends a run of failures.
			if s.Sides[side].Counters[sMoraleFails] > 0 {
				s.Sides[side].Counters[sMoraleFails] = 0
				c.Emit(engine.Event{Type: "morale-steady", Model: engine.NoModel, Other: engine.NoModel, Value: side})
			}
			continue
		}
		// A warband with every model out has lost (GameOver); one whose
		// models are all Down still takes its check: the roll is the
		// player's, not a model's.
		res := c.Roll(side, successRoll(0, s.Option(optCrit) == "natural"), engine.BySide("Morale Check (half or more of the warband is Down or out)")).Outcome
		switch {
		case res > 0:
			s.Sides[side].Counters[sMoraleFails] = 0
			c.Emit(engine.Event{Type: "morale-passed", Model: engine.NoModel, Other: engine.NoModel, Value: side})
		case s.Option(optMorale) == "shaken":
			c.Emit(engine.Event{Type: "shaken", Model: engine.NoModel, Other: engine.NoModel, Value: side})
		default:
			c.AddSide(side, sMoraleFails, 1)
			c.Emit(engine.Event{Type: "morale-failed", Model: engine.NoModel, Other: engine.NoModel, Value: side})
		}
	}
}

// ActivationStart: a Down model stands up, its Movement halved for this
// activation (rules.md §4.2.3).
func (r *Rules) ActivationStart(c *engine.Ctx, m int) {
	s := c.State()
	if status(s, m) == down {
		c.SetStatus(m, standing)
		s.Set(m, cStood, true)
		c.Emit(engine.Event{Type: "stood-up", Model: m, Other: engine.NoModel})
	}
}

// ActivationEnd clears what lasts an activation: the halved Movement of a
// model that stood up (rules.md §4.2.3), the Shoot/Charge record (§4.3).
func (r *Rules) ActivationEnd(c *engine.Ctx, m int) {
	s := c.State()
	s.Set(m, cStood, false)
	s.Set(m, cShot, false)
	s.Set(m, cCharged, false)
	s.Vars[vContact] = 0
	s.Vars[vClear] = 0
}

// GameOver: a warband with no model left, or (by default) with two Morale
// Checks failed in a row, has lost; after the last turn the warband with
// more models in play wins, else it is a draw. Scenario objectives and
// Glory are not modelled (rules.md §4.3, §8). When both warbands lose at
// once (both fail their second check in one Morale phase, or the last
// models of both go out of action together) the game is a draw: the rules
// do not say, and neither has outlasted the other.
func (r *Rules) GameOver(s *engine.State) (bool, int) {
	var left [engine.MaxSides]int
	for m := range s.Models {
		if s.Models[m].InPlay {
			left[s.SideOf(m)]++
		}
	}
	lost := func(side int) bool { return left[side] == 0 || s.Sides[side].Counters[sMoraleFails] >= 2 }
	switch a, b := lost(0), lost(1); {
	case a && b:
		return true, -1
	case a:
		return true, 1
	case b:
		return true, 0
	}
	if s.Round < s.Setup().Rounds || s.PhaseID() != "morale" {
		return false, 0
	}
	switch {
	case left[0] > left[1]:
		return true, 0
	case left[1] > left[0]:
		return true, 1
	}
	return true, -1
}

// Summarize names what an action did to its target (and to its actor,
// when it came to harm), for exact odds; the labels made once (rules.Fates).
func (r *Rules) Summarize(before, after *engine.State, a engine.Action) (string, int) {
	return summaries.Summarize(before, after, a)
}

var summaries = rules.NewFates(fate, "out of action", "down", "bloodied", "no effect")

func fate(before, after *engine.State, t int) (string, int) {
	b, x := &before.Models[t], &after.Models[t]
	switch {
	case b.InPlay && !x.InPlay:
		return "out of action", 3
	case b.Status != down && x.Status == down:
		return "down", 2
	case x.Counters[cHits] > b.Counters[cHits]:
		return "bloodied", 1 // a Minor Hit, or Down again
	}
	return "no effect", 0
}

// The Initiative roll-off's questions (rules.md §4.3): the roll after a
// tie says so, or the players see the same question again and think their
// roll was lost.
var (
	rollOff      = engine.BySide("Initiative roll-off (the higher D6 takes the Initiative; ties roll again)")
	rollOffAgain = engine.BySide("Initiative roll-off again, the last one tied (the higher D6 takes the Initiative; ties roll again)")
)
