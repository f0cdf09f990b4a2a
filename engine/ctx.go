package engine

import (
	"fmt"

	"github.com/skirmish-engine/skirmish/dice"
)

// Ctx is what rule code sees while it resolves: the state to change, and one
// way to ask for dice, choices and facts. Rule code never learns who
// answers: a seeded RNG, a player at the table, a bot, the board, a saved log
// or the odds enumerator.
//
// When an answer has to wait for a person, the ask does not return: the
// engine unwinds the resolution, shows the question as the game's pending
// prompt, and when the answer comes re-runs the action from its start on a
// fresh copy of the state with every answer so far given back in order. Rule
// code must therefore be deterministic given its answers (no clock, no global
// RNG, no map iteration order) and must not recover panics.
type Ctx struct {
	s *State
	r *run
}

// State is the state to read and change.
func (c *Ctx) State() *State { return c.s }

// suspend is the panic value that unwinds a resolution waiting for an answer,
// thrown as a pointer: one allocation, which the question resolveOn
// returns points into.
type suspend struct{ q Question }

// drift is the panic value for an answer that no longer fits its question.
type drift struct{ err error }

func (c *Ctx) next(q *Question) (Answer, bool) {
	r := c.r
	if r.pos < len(r.answers) {
		a := r.answers[r.pos]
		if a.Kind != q.Kind || a.Key != q.Key {
			panic(drift{fmt.Errorf("answer %d: the log has %s %q, the rules now ask %s %q", r.pos, a.Kind, a.Key, q.Kind, q.Key)})
		}
		r.pos++
		if r.observe != nil {
			qq := *q
			qq.settle(c.s)
			r.observe(&qq, a)
		}
		return a, true
	}
	return Answer{}, false
}

func (c *Ctx) record(a Answer) {
	c.r.answers = append(c.r.answers, a)
	c.r.pos++
}

// Roll rolls a dice procedure for side who (the side that rolls the dice at
// a table) and returns its outcome. ab says what the roll is for, for a
// person typing real dice. Rule code gets the outcome and flags only, so
// that odds can be enumerated outcome by outcome.
//
// For allocation-free play, pass procedure values that are already boxed
// (kept in a variable or a table), not struct literals made per roll.
func (c *Ctx) Roll(who int, p dice.Procedure, ab About) Roll {
	q := &c.r.q // the run's slot: a question never outlives its call
	*q = Question{Kind: DiceQ, Who: who, Key: p.Name(), Proc: p, About: ab}
	nf := len(p.Flags())
	if a, ok := c.next(q); ok {
		if c.r.check != nil {
			c.r.check(c, q, a)
		}
		return Roll{Outcome: a.Code >> nf, Flags: uint(a.Code) & (1<<nf - 1)}
	}
	a, ok := c.r.g.answerDice(c.r, q)
	if !ok {
		if c.r.mode == live { // a person will read it
			q.Text = q.describe(c.s)
		}
		panic(&suspend{*q})
	}
	c.record(a)
	return Roll{Outcome: a.Code >> nf, Flags: uint(a.Code) & (1<<nf - 1)}
}

// Choose asks side who to pick one of options (stable names, such as
// "pass" and "spend") and returns the index picked. key identifies the
// question in logs ("spend-blood"); text is for people.
func (c *Ctx) Choose(who int, key, text string, options []string) int {
	q := &c.r.q
	*q = Question{Kind: ChoiceQ, Who: who, Key: key, Text: text, Options: options}
	return c.choose(q)
}

// ChooseAbout is Choose with a text made only when a person reads it:
// "{model}", "{other}" and "{with}" in text stand for ab's model, other
// model and detail ("Add {model} to the Group Activation?"), so that bots
// and simulations pay nothing for the names.
func (c *Ctx) ChooseAbout(who int, key, text string, ab About, options []string) int {
	q := &c.r.q
	*q = Question{Kind: ChoiceQ, Who: who, Key: key, Text: text, About: ab, Options: options, fill: true}
	return c.choose(q)
}

// ChooseModel asks side who to pick one of models, its options the
// models' IDs, and returns the index picked; text is as ChooseAbout's.
// The options are made in the run's scratch space: asking allocates
// nothing.
func (c *Ctx) ChooseModel(who int, key, text string, ab About, models []int) int {
	r := c.r
	r.opts = r.opts[:0]
	for _, m := range models {
		r.opts = append(r.opts, c.s.Static(m).ID)
	}
	q := &r.q
	*q = Question{Kind: ChoiceQ, Who: who, Key: key, Text: text, About: ab, Options: r.opts, fill: true, scratch: true}
	return c.choose(q)
}

// choose asks choice question q.
func (c *Ctx) choose(q *Question) int {
	options, key := q.Options, q.Key
	if len(options) == 0 {
		panic(fmt.Sprintf("engine: Choose %s: no options", key))
	}
	if a, ok := c.next(q); ok {
		if a.Code < 0 || a.Code >= len(options) {
			panic(drift{fmt.Errorf("answer %d: choice %d of %q is out of range now (%d options)", c.r.pos-1, a.Code, key, len(options))})
		}
		return a.Code
	}
	a, ok := c.r.g.answerChoice(c.r, c.s, q)
	if !ok {
		q.settle(c.s)
		panic(&suspend{*q})
	}
	c.record(a)
	return a.Code
}

// Fact asks a geometry or measurement question. In board mode the board
// answers; at a table the players do, once, and the answer is logged.
func (c *Ctx) Fact(f Fact) int {
	q := &c.r.q
	*q = Question{Kind: FactQ, Who: Anyone, Key: f.Kind, Fact: f} // Text is made if it is shown
	if a, ok := c.next(q); ok {
		if lo, hi := f.Range(); a.Code < lo || a.Code > hi {
			panic(drift{fmt.Errorf("answer %d: fact %s = %d is out of range %d to %d", c.r.pos-1, f.Kind, a.Code, lo, hi)})
		}
		return a.Code
	}
	a, ok := c.r.g.answerFact(c.r, c.s, q)
	if !ok {
		q.Text = q.describe(c.s)
		panic(&suspend{*q})
	}
	c.record(a)
	return a.Code
}

// Refuse stops the action in flight as not legal after all: nothing of it
// is applied, and Apply or Answer returns an *IllegalError with the reason.
// It is for what only a measurement can show: at a table the players may
// answer that a vehicle cannot turn to face the model it was to Charge.
func (c *Ctx) Refuse(reason string) { panic(refusal{reason}) }

// refusal is the panic value of Refuse.
type refusal struct{ reason string }

// FactTrue asks a yes/no fact.
func (c *Ctx) FactTrue(f Fact) bool { return c.Fact(f) == 1 }

// Emit records an event: what changed, for logs, replays and live views.
func (c *Ctx) Emit(e Event) { c.r.events = append(c.r.events, e) }

// FollowUp makes the next decision of the active model one of the given
// actions, taken free (N26: a Charge that ends Engaged forces a free Fight
// or Coup de Grace). If none of them is legal then, the activation goes on.
func (c *Ctx) FollowUp(ids ...string) {
	t := &c.s.Turn
	t.Forced = t.Forced[:0]
	for _, id := range ids {
		i := c.r.g.eco.indexOf(id)
		if i < 0 || i >= len(c.s.info.Actions) {
			panic(fmt.Sprintf("engine: FollowUp: unknown action %q", id))
		}
		t.Forced = append(t.Forced, int16(i))
	}
}

// EndActivation ends the active model's activation once the current action
// is resolved (Trench Crusade: taken Down).
func (c *Ctx) EndActivation() { c.s.Turn.Ended = true }

// Chain queues models that must activate next, before the other side acts,
// in the order their player picks (N26 Group Activation).
func (c *Ctx) Chain(models ...int) { c.s.Turn.Chain = append(c.s.Turn.Chain, models...) }

// ExtraActivation gives the active side another activation when this one
// ends (Fallout: Factions Teamwork), by any of its models that may activate
// except the models listed (Teamwork: a different model). The side may
// still pass instead, where passing is allowed.
func (c *Ctx) ExtraActivation(except ...int) {
	t := &c.s.Turn
	t.Extra = true
	for _, m := range except {
		if m >= 0 && m < len(c.s.Models) {
			t.Barred |= 1 << m
		}
	}
}

// EndGame ends the game; winner is a side index or -1 for a draw.
func (c *Ctx) EndGame(winner int) {
	if c.s.Over {
		return
	}
	c.s.Over, c.s.Winner = true, winner
	c.Emit(Event{Type: "game-over", Model: NoModel, Other: NoModel, Value: winner})
	// The odds of an action end with the game: what the Finisher rolls
	// after the battle (N26's lasting injuries) is not the action's.
	if f := c.r.g.hooks.fin; f != nil && !(c.r.mode == enumerate && c.r.cutRound) {
		f.GameEnd(c)
	}
}

// SetStatus sets model m's status (an index into Info.Statuses).
func (c *Ctx) SetStatus(m, status int) {
	if int(c.s.Models[m].Status) == status {
		return
	}
	c.s.Models[m].Status = uint8(status)
	c.Emit(Event{Type: "status", Model: m, Other: NoModel, Value: status})
}

// SetSecondary sets model m's secondary status (an index into
// Info.Secondary), with an event "secondary".
func (c *Ctx) SetSecondary(m, status int) {
	if int(c.s.Models[m].Secondary) == status {
		return
	}
	c.s.Models[m].Secondary = uint8(status)
	c.Emit(Event{Type: "secondary", Model: m, Other: NoModel, Value: status})
}

// Remove takes model m out of play.
func (c *Ctx) Remove(m int) {
	if !c.s.Models[m].InPlay {
		return
	}
	c.s.Models[m].InPlay = false
	c.Emit(Event{Type: "removed", Model: m, Other: NoModel})
}

// Add changes model m's counter by delta within its bounds, sends any excess
// to the counter's Overflow, and returns the change made.
func (c *Ctx) Add(m, counter, delta int) int {
	d := &c.s.info.Counters[counter]
	old := int(c.s.Models[m].Counters[counter])
	v := old + delta
	nv := min(max(v, d.Min), d.Max)
	c.s.Models[m].Counters[counter] = int16(nv)
	if nv != old {
		c.Emit(Event{Type: "counter", Model: m, Other: NoModel, Value: nv, Key: d.Name})
	}
	if v != nv && d.Overflow != nil {
		d.Overflow(c, m, v-nv)
	}
	return nv - old
}

// AddSide changes side's counter by delta within its bounds and returns the
// change made.
func (c *Ctx) AddSide(side, counter, delta int) int {
	d := &c.s.info.SideCounts[counter]
	old := int(c.s.Sides[side].Counters[counter])
	nv := min(max(old+delta, d.Min), d.Max)
	c.s.Sides[side].Counters[counter] = int16(nv)
	return nv - old
}

// Move puts model m at p, with an event.
func (c *Ctx) Move(m int, p Pos) {
	c.s.Models[m].Pos = p
	c.Emit(Event{Type: "moved", Model: m, Other: NoModel, X: p.X, Y: p.Y})
}

// Event is a change, recorded in the log with the action that made it.
type Event struct {
	Type  string  `json:"type"`            // "moved", "status", "removed", "counter", a ruleset's own
	Model int     `json:"model"`           // the model concerned, or NoModel
	Other int     `json:"other"`           // another model, or NoModel
	Value int     `json:"value,omitempty"` // a status or secondary status index, a counter's new value, a roll
	Key   string  `json:"key,omitempty"`   // a counter or condition name
	X     float32 `json:"x,omitempty"`
	Y     float32 `json:"y,omitempty"`
}
