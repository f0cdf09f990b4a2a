package n26

import (
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
	"github.com/skirmish-engine/skirmish/rules/necromunda"
)

// RoundStart clears what lasts a round: Group Activation choices and the
// casualty count for the Bottle check (rules.md §2.3.3, §6.2-j).
func (r *Rules) RoundStart(c *engine.Ctx) {
	s := c.State()
	for m := range s.Models {
		s.Set(m, cGroupSelected, false)
	}
	for side := range s.Sides {
		s.Sides[side].Counters[sCasualties] = 0
	}
}

// RoundEnd does nothing: the End phase holds the round's closing steps.
func (r *Rules) RoundEnd(c *engine.Ctx) {}

// PhaseStart runs the Priority roll, starts the action phase with the side
// that has Priority, and runs the End phase (rules.md §2.3.3).
func (r *Rules) PhaseStart(c *engine.Ctx, phase string) {
	s := c.State()
	switch phase {
	case "priority":
		priorityRoll(c)
	case "action":
		s.Turn.Side = int(s.Vars[vPriority])
	case "end":
		endPhase(c)
	}
}

// PhaseEnd does nothing.
func (r *Rules) PhaseEnd(c *engine.Ctx, phase string) {}

// priorityRoll (rules.md §2.3.3): each side rolls D6; the highest has
// Priority. A tie goes to a side that did not have it last round; in round
// 1, or when that leaves several, the tied sides roll again (package
// necromunda, shared with N23).
func priorityRoll(c *engine.Ctx) { necromunda.PriorityRoll(c, pD6, vPriority, vLast) }

var concedeOptions = []string{"fight-on", "flee"}

// endPhase: Bottle checks, Priority side first, for each gang that lost a
// model this round, on the highest Leadership among its models on the
// table; failed, its player picks a model that flees (two on a natural
// 12), Engaged ones only if all are. Then a gang with a third of its
// starting crew gone may flee the battle and lose (rules.md §2.3.3).
func endPhase(c *engine.Ctx) {
	s := c.State()
	order := necromunda.SidesFrom(int(s.Vars[vPriority]), len(s.Sides))
	for _, side := range order.All() {
		if s.Sides[side].Counters[sCasualties] == 0 {
			continue
		}
		// The highest Leadership on the table; Beasts' only when every
		// model left is a Beast (rules.md §2.3.7).
		ld, beastLd := 0, 0
		for m := range s.Models {
			if !s.Models[m].InPlay || s.SideOf(m) != side {
				continue
			}
			if stat(s).beast[m] {
				beastLd = max(beastLd, s.Stat(m, sLd))
			} else {
				ld = max(ld, s.Stat(m, sLd))
			}
		}
		if ld == 0 {
			ld = beastLd
		}
		if ld == 0 {
			continue
		}
		r := c.Roll(side, pBottle[ld], engine.BySide("Bottle check (a model went Out of Action this round)"))
		if r.Outcome == 0 {
			continue
		}
		n := 1
		if r.Has(0) {
			n = 2
		}
		for range n {
			flee(c, side)
		}
	}
	for _, side := range order.All() {
		start, gone := 0, 0
		for m := range s.Models {
			if s.SideOf(m) == side {
				start++
				if !s.Models[m].InPlay {
					gone++
				}
			}
		}
		if gone == start || gone*3 < start {
			continue
		}
		if c.Choose(side, "concede", "A third of the gang is gone: flee the battle and lose?", concedeOptions) == 1 {
			c.Emit(engine.Event{Type: "conceded", Model: engine.NoModel, Other: engine.NoModel, Value: side})
			c.EndGame(winnerAgainst(s, side))
			return
		}
	}
}

// flee (rules.md §2.3.3, Bottle checks): the side's player picks one of its
// models to flee; Engaged models
// only if every model of the side is Engaged.
func flee(c *engine.Ctx, side int) {
	s := c.State()
	var buf [16]int // on the stack, as a rule
	can := buf[:0]
	allEngaged := true
	for m := range s.Models {
		if s.Models[m].InPlay && s.SideOf(m) == side && status(s, m) != engaged {
			allEngaged = false
		}
	}
	for m := range s.Models {
		if s.Models[m].InPlay && s.SideOf(m) == side && (status(s, m) != engaged || allEngaged) {
			can = append(can, m)
		}
	}
	if len(can) == 0 {
		return
	}
	m := can[c.ChooseModel(side, "flee", "Bottle check failed: which model flees?", engine.BySide(""), can)]
	wasSI := status(s, m) == seriouslyInjured
	c.Remove(m)
	s.Set(m, cFled, true)
	for n := range s.Models {
		if s.Linked(m, n) {
			s.Link(m, n, false)
		}
	}
	if wasSI {
		s.Set(m, cStartedSI, true) // marks "fled while Seriously Injured" for succumbing
	}
	c.Emit(engine.Event{Type: "fled", Model: m, Other: engine.NoModel})
	refresh(c)
}

func winnerAgainst(s *engine.State, loser int) int {
	if len(s.Sides) == 2 {
		return 1 - loser
	}
	return -1
}

// ActivationStart: a Seriously Injured model notes it for its Recovery
// test; a Suppressed model has one action and, by default, loses its
// marker now (seed 000, Model actions; rules.md §2.2.2, §2.2.6, §6.2-b).
func (r *Rules) ActivationStart(c *engine.Ctx, m int) {
	s := c.State()
	switch status(s, m) {
	case seriouslyInjured:
		s.Set(m, cStartedSI, true)
	case suppressed:
		s.Turn.Slots = 1
		if s.Option(optSuppressed) == "start" {
			c.SetStatus(m, active)
		} else {
			s.Set(m, cWasSuppressed, true)
		}
	}
}

// ActivationEnd (rules.md §2.2.2, §2.2.6, §6.2-b): with the option to keep
// it until now, the Suppressed marker the model had at the start goes (one
// gained during this activation stays, see suppress); a model that started
// Seriously Injured and still is takes its Recovery test; the next member
// of an ordered Group Activation is called.
func (r *Rules) ActivationEnd(c *engine.Ctx, m int) {
	s := c.State()
	if s.Has(m, cWasSuppressed) && status(s, m) == suppressed {
		c.SetStatus(m, active)
	}
	s.Set(m, cWasSuppressed, false)
	if s.Has(m, cStartedSI) && s.Models[m].InPlay && status(s, m) == seriouslyInjured {
		extra := 0
		if s.Has(m, cRecoveryDie) {
			extra = 1
		}
		recover(c, m, extra, engine.NoModel)
	}
	s.Vars[vContact] = 0
	s.Set(m, cStartedSI, false)
	s.Set(m, cCharged, false)
	s.Set(m, cRecoveryDie, false)
	if e := ext(s); len(e.Queue) > 0 && len(s.Turn.Chain) == 0 {
		next := int(e.Queue[0])
		e.Queue = e.Queue[1:]
		c.Chain(next)
	}
}

// GameOver: a gang with no model left on the table has lost; when the last
// round ends, the gang controlling more objectives wins (a friendly fighter
// within 3" of one and no enemy within 3"; Seriously Injured models count
// for nothing; vehicles and Pets do not control but contest), else the one
// with more models standing, else it is a draw (rules.md §2.3.3, §2.3.8).
func (r *Rules) GameOver(s *engine.State) (bool, int) {
	var left [engine.MaxSides]int
	for m := range s.Models {
		if s.Models[m].InPlay {
			left[s.SideOf(m)]++
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
	return true, finalWinner(s)
}

func finalWinner(s *engine.State) int {
	score := objectives(s)
	if w := best(score[:len(s.Sides)]); w >= 0 {
		return w
	}
	var standing [engine.MaxSides]int
	for m := range s.Models {
		if s.Models[m].InPlay && status(s, m) != seriouslyInjured {
			standing[s.SideOf(m)]++
		}
	}
	return best(standing[:len(s.Sides)])
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

// GameEnd rolls on the lasting tables for every model taken Out of Action
// (one roll each, rules.md §7.11), and makes models that ended the battle
// Seriously Injured, or fled while it, check whether they succumb
// (rules.md §2.3.9).
func (r *Rules) GameEnd(c *engine.Ctx) {
	s := c.State()
	for m := range s.Models {
		switch {
		case !s.Models[m].InPlay && !s.Has(m, cFled) && !s.Has(m, cNoLasting):
			lastingRoll(c, m, noteOutOfAction, 0)
		case s.Option(optSuccumb) == "yes" && (s.Models[m].InPlay && status(s, m) == seriouslyInjured || s.Has(m, cFled) && s.Has(m, cStartedSI)):
			roll := c.Roll(s.SideOf(m), pD6, engine.For("After the battle: does it succumb? (1–2: a lasting roll)", m, engine.NoModel)).Outcome + 1
			if roll <= 2 {
				lastingRoll(c, m, noteSuccumbed, roll)
			} else {
				addNote(s, note{model: int16(m), kind: noteRecovered, roll: int8(roll)})
			}
		}
	}
}

// Report is the post-battle report.
func (r *Rules) Report(s *engine.State) []string {
	stat(s)
	return ext(s).lines()
}

// Summarize names what an action did to its target (and to the actor, when
// it came to harm), for exact odds. The score is the acting side's: harm to
// an enemy counts for it, harm to a friend (a failed Treat Ally) against.
func (r *Rules) Summarize(before, after *engine.State, a engine.Action) (string, int) {
	return summaries.Summarize(before, after, a)
}

// summaries summarizes with fate and the labels it gives, their pairs with
// what befell the actor made once (rules.Fates).
var summaries = rules.NewFates(fate, "out of action", "seriously injured", "wounded", "suppressed", "recovered", "no effect")

// fate is what happened to model t, worst first, and how much harm that is
// (negative: it got better).
func fate(before, after *engine.State, t int) (string, int) {
	b, x := &before.Models[t], &after.Models[t]
	switch {
	case b.InPlay && !x.InPlay:
		return "out of action", 4
	case b.Status != seriouslyInjured && x.Status == seriouslyInjured:
		return "seriously injured", 3
	case x.Counters[cWounds] < b.Counters[cWounds]:
		return "wounded", 2
	case b.Status != suppressed && x.Status == suppressed:
		return "suppressed", 1
	case b.Status == seriouslyInjured && x.Status != seriouslyInjured:
		return "recovered", -2
	}
	return "no effect", 0
}

// objectives counts the objectives each side controls at the end of the
// game (rules.md §2.3.8).
func objectives(s *engine.State) (score [engine.MaxSides]int) {
	if b := concrete(s); b != nil && len(b.Objectives) > 0 {
		for _, o := range b.Objectives {
			// Within 3": a non-Pet fighter controls, any model contests;
			// Seriously Injured models count for nothing.
			var present, controls [engine.MaxSides]bool
			for m := range s.Models {
				if !s.Models[m].InPlay || status(s, m) == seriouslyInjured {
					continue
				}
				x, y, lvl := centre(s, m)
				if int(lvl) != o.Level || hyp(x-o.X, y-o.Y)-radius(s, m) > 3 {
					continue
				}
				present[s.SideOf(m)] = true
				if fighter(s, m) && !s.Static(m).Has("pet") {
					controls[s.SideOf(m)] = true
				}
			}
			holder, n := -1, 0
			for side := range s.Sides {
				if present[side] {
					n++
					if controls[side] {
						holder = side
					}
				}
			}
			if n == 1 && holder >= 0 {
				score[holder]++
			}
		}
	}
	return score
}
