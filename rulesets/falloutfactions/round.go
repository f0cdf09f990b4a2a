package falloutfactions

import (
	"math"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
)

// Rounds, Turns and Ploys (seed 004; rules.md §5.3, §7.2, §8 gap 1).
//
// A Round is one phase of alternating Turns. A roll-off (lowest wins, ties
// roll again) decides who takes the first Turn: its winner chooses. In a
// Turn a crew activates one model, which takes one or two actions, each
// Taking Fatigue; a model may take a Turn again while it can Take Fatigue,
// or when a Second Wind would let it. A crew may pass; the Round ends when
// both pass in a row, or neither has a model that can act. Then all
// Fatigue goes, and models within 1" of an objective score.

// RoundStart clears what lasts a Round.
func (r *Rules) RoundStart(c *engine.Ctx) {
	s := c.State()
	for m := range s.Models {
		s.Set(m, cIdle, false)
		s.Models[m].Gear = 0 // Slow weapons' attacks this Round
	}
}

var firstOptions = []string{"take-first", "give-first"}

const firstText = "You won the roll-off: take the first Turn of this Round (take-first), or give it to the other crew (give-first)?"

// PhaseStart settles who takes the Round's first Turn (rules.md §8 gap 1):
// a roll-off whose winner chooses; with the option alternate, from the
// second Round on the crew that went second goes first.
func (r *Rules) PhaseStart(c *engine.Ctx, phase string) {
	s := c.State()
	first := 0
	if s.Option(optFirstTurn) == "alternate" && s.Round > 1 {
		first = 1 - int(s.Vars[vFirst])
	} else {
		w := rollOff(c)
		first = w
		if c.Choose(w, "first-turn", firstText, firstOptions) == 1 {
			first = 1 - w
		}
	}
	s.Vars[vFirst] = int32(first)
	s.Turn.Side = first
	c.Emit(engine.Event{Type: "first-turn", Model: engine.NoModel, Other: engine.NoModel, Value: first})
}

// rollOffAsks is how many times a roll-off is asked for, a tie asking
// again, before the last ask rolls its ties itself: each tie is a branch
// of the odds of an action that ends a Round, so they stay few.
const rollOffAsks = 3

var (
	rollOffAbout = engine.BySide("Roll-off for the first Turn of the Round")
	rollOffAgain = engine.BySide("Roll-off for the first Turn of the Round, again: the dice tied")
)

// rollOff is the roll-off for the first Turn (rules.md §5.2.2): the lowest
// wins, a tie rolls again, asked again (up to rollOffAsks times) so that
// the players see it. It returns the winning crew.
func rollOff(c *engine.Ctx) int {
	st := stat(c.State())
	ab := rollOffAbout
	for k := 1; ; k++ {
		p := st.rollOff[0]
		if k >= rollOffAsks {
			p = st.rollOff[1]
		}
		if w := c.Roll(engine.Anyone, p, ab).Outcome; w != rollOffTie {
			return w
		}
		ab = rollOffAgain
	}
}

// onObjective reports whether model m is in play within 1" of objective o
// (the demo scenario's rule, rules.md §5.3).
func onObjective(s *engine.State, m int, o board.Point) bool {
	p := s.Models[m].Pos
	return s.Models[m].InPlay && int(p.Level) == o.Level && hyp(float64(p.X)-o.X, float64(p.Y)-o.Y)-s.Static(m).Base/2 <= 1
}

// PhaseEnd does nothing.
func (r *Rules) PhaseEnd(c *engine.Ctx, phase string) {}

// RoundEnd removes all Fatigue (rules.md §5.2.4) and scores objectives: on
// a board, a point for each model within 1" of an objective marker (the
// demo scenario's rule, rules.md §5.3). After the last Round the game is
// decided (GameOver).
func (r *Rules) RoundEnd(c *engine.Ctx) {
	s := c.State()
	for m := range s.Models {
		if n := fatigue(s, m); n > 0 {
			c.Add(m, cFatigue, -n)
		}
		s.Set(m, cCharged, false)
	}
	if b := concrete(s); b != nil {
		for _, o := range b.Objectives {
			for m := range s.Models {
				if onObjective(s, m, o) {
					c.AddSide(s.SideOf(m), sPoints, 1)
					c.Emit(engine.Event{Type: "objective", Model: m, Other: engine.NoModel})
				}
			}
		}
	}
	if s.Round >= s.Setup().Rounds {
		s.Vars[vFinal] = 1
	}
}

func hyp(x, y float64) float64 { return math.Sqrt(x*x + y*y) }

// CanActivate: a model in play that has not had an idle Turn this Round
// may take a Turn while it can Take a Fatigue for an action it has not
// taken this Round; an Exhausted one only when its crew could spend Second
// Wind on it (rules.md §5.2.5).
func (r *Rules) CanActivate(s *engine.State, m int) bool { return canTurn(s, m, 0) }

// canTurn is CanActivate with spent Ploy tokens already spent.
func canTurn(s *engine.State, m, spent int) bool {
	if !s.Models[m].InPlay || s.Has(m, cIdle) {
		return false
	}
	f := fatigue(s, m)
	if f >= 2 {
		if s.Sides[s.SideOf(m)].Counters[sPloys] <= int16(spent) {
			return false
		}
		f = 0
		if s.Option(optSecondWind) == "one" {
			f = 1
		}
	}
	return canAct(s, m, f)
}

// primary are the actions a Turn may begin with.
var primary = [...]int{aGetMoving, aHurry, aOpenFire, aPatchUp, aRummage, aBackOff, aBrawl}

// canAct: with f Fatigue, model m has an action it may take (a Turn is
// one or two actions: rules.md §5.3, seed 004's Turns): on a board
// one with something to take it against (a Visible enemy, a destination,
// a Search token near); at a table, where the players measure, one its
// status and Fatigue allow (the players say it has nothing: Hold). The
// rules audit found a model with nothing to do offered a Turn on a board,
// which ended it idle, and could spend a Ploy token on its Second Wind for
// nothing.
func canAct(s *engine.State, m, f int) bool {
	defs := New().info.Actions
	for _, i := range primary {
		d := &defs[i]
		cost := 1
		if i == aHurry {
			cost = 2
		}
		switch {
		case f+cost > 2:
		case i == aGetMoving || i == aHurry:
			if canMove(s, m) && !taken(s, m, aGetMoving) && !taken(s, m, aHurry) && offers(s, m, d) {
				return true
			}
		case i == aOpenFire || i == aBrawl: // Available checks Fast
			if d.Available(s, m) && offers(s, m, d) {
				return true
			}
		case !taken(s, m, i) && (d.Available == nil || d.Available(s, m)) && offers(s, m, d):
			return true
		}
	}
	return false
}

// offers reports whether definition d has an option for model m now: on a
// board its Any, or its Options listing one; at a table (and for a plain
// action) yes.
func offers(s *engine.State, m int, d *engine.ActionDef) bool {
	switch {
	case concrete(s) == nil || d.Options == nil:
		return true
	case d.Any != nil:
		return d.Any(s, m)
	}
	found := false
	d.Options(s, m, func(engine.Action) { found = true })
	return found
}

// CanPass: with the option round-end both-pass a crew may pass; with
// exhausted it plays on while it has a model able to act. Right after
// spending Teamwork for another Turn (the Turn's barred model marks it,
// engine.Ctx.ExtraActivation) it may not: a pass would waste the token.
func (r *Rules) CanPass(s *engine.State) bool {
	return s.Option(optRoundEnd) != "exhausted" && s.Turn.Barred == 0
}

// ActivationStart offers Second Wind at the start of the Turn (seed 004,
// Standard Ploys): a Ploy token for the active model to Recover all its
// Fatigue (the option second-wind: 1). An Exhausted model can only have
// been activated to spend it, so it is spent without asking.
func (r *Rules) ActivationStart(c *engine.Ctx, m int) {
	s := c.State()
	side := s.SideOf(m)
	f := fatigue(s, m)
	if f == 0 || s.Sides[side].Counters[sPloys] == 0 {
		return
	}
	if f < 2 && c.Choose(side, "second-wind", stat(s).wind[m], passSpend) == 0 {
		return
	}
	c.AddSide(side, sPloys, -1)
	n := f
	if s.Option(optSecondWind) == "one" {
		n = 1
	}
	c.Add(m, cFatigue, -n)
	c.Emit(engine.Event{Type: "second-wind", Model: m, Other: engine.NoModel, Value: n})
}

const teamworkText = "Teamwork: spend a Ploy token to take another Turn at once, with a different model?"

// ActivationEnd ends the Turn: a Turn without an action leaves the model
// idle for the Round; moving into Engagement counts for this Turn only;
// then Teamwork is offered (seed 004, Standard Ploys): a Ploy token for
// another Turn with a different friendly model.
func (r *Rules) ActivationEnd(c *engine.Ctx, m int) {
	s := c.State()
	acted := s.Turn.Actions > 0 && !s.Has(m, cIdle) // a Hold is no action
	s.Vars[vFast] = 0
	if !acted {
		s.Set(m, cIdle, true)
	}
	for n := range s.Models {
		s.Set(n, cCharged, false)
	}
	side := s.SideOf(m)
	if !acted || s.Sides[side].Counters[sPloys] == 0 || s.Over {
		return
	}
	for f := range s.Models {
		if f != m && s.SideOf(f) == side && canTurn(s, f, 1) {
			if c.Choose(side, "teamwork", teamworkText, passSpend) == 1 {
				c.AddSide(side, sPloys, -1)
				c.Emit(engine.Event{Type: "teamwork", Model: m, Other: engine.NoModel, Value: side})
				c.ExtraActivation(m)
			}
			return
		}
	}
}

// GameOver: a crew with no model left loses; after the last Round the crew
// with more objective points wins, then the one with more models left;
// else it is a draw.
func (r *Rules) GameOver(s *engine.State) (bool, int) {
	var left [2]int
	for m := range s.Models {
		if s.Models[m].InPlay {
			left[s.SideOf(m)]++
		}
	}
	switch {
	case left[0] == 0 && left[1] == 0:
		return true, -1
	case left[0] == 0:
		return true, 1
	case left[1] == 0:
		return true, 0
	case s.Vars[vFinal] == 0:
		return false, 0
	}
	p0, p1 := s.Sides[0].Counters[sPoints], s.Sides[1].Counters[sPoints]
	switch {
	case p0 != p1 && p0 > p1:
		return true, 0
	case p0 != p1:
		return true, 1
	case left[0] > left[1]:
		return true, 0
	case left[1] > left[0]:
		return true, 1
	}
	return true, -1
}

// GameEnd writes the post-battle report (rules.md §5.3): each crew's XP and
// finds, and the Treat the Wounded step's list: every model Incapacitated
// is to be treated, except those a Tranquilize or Non-Lethal weapon put
// down (Clean Bill of Health); the step's own table is not in the rules we
// have, so the report lists them and rolls nothing.
func (r *Rules) GameEnd(c *engine.Ctx) { report(c.State()) }

// Report is the post-battle report.
func (r *Rules) Report(s *engine.State) []string {
	stat(s)
	return ext(s).lines()
}
