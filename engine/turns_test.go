package engine_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
)

// The engine's parts for turns priced in fatigue (rules.md §5.3, §7.2,
// §7.3; Fallout: Factions): a Turn of at least one action, free follow-ups
// that are part of the action that gave them, exclusions over the round, an
// extra activation for another model, and passing a rule may forbid.

// fatigueProbe is a Fallout: Factions-shaped economy: one or two actions a
// turn, each Taking a fatigue, each once a round, several turns a round
// until exhausted, passing.
func fatigueProbe(actions ...engine.ActionDef) *probe {
	rs := newProbe(engine.Economy{Cost: map[string]int{"action": 1, "double": 2, "order": 0}, MaxActions: 2, MinActions: 1,
		Pay: "fatigue", PerRound: true, Repeatable: []string{"order"}}, actions...)
	rs.info.Activation = engine.Activation{MayPass: true}
	rs.elig = func(s *engine.State, m int) bool { return s.Models[m].InPlay && s.Count(m, 0) < 2 }
	return rs
}

// MinActions: a Turn is one or two actions, so End is offered only after
// the first (rules.md §5.3, Round / Turn / Activation).
func TestMinActions(t *testing.T) {
	g := start(t, fatigueProbe(act("move", "action"), act("shoot", "action")), engine.Config{})
	walk(t, g, []step{
		{"activate m0", "move shoot"}, // no End before an action
		{"move", "end shoot"},
		{"end", "activate m2 activate m3 pass"},
	})
	var ill *engine.IllegalError
	do(t, g, "activate m2")
	if err := g.Apply(engine.Act(engine.End, 2)); !errors.As(err, &ill) {
		t.Errorf("End before any action: %v, want it refused", err)
	}
}

// A free follow-up is part of the action that gave it: it counts neither
// towards MaxActions nor as an action of its own (Fallout: Factions:
// Movement Orders are given within a Get Moving), and an order may be
// given again and again while the rule offers it.
func TestFollowUpsDoNotCountAsActions(t *testing.T) {
	move := act("move", "action")
	move.Resolve = func(c *engine.Ctx, a engine.Action) { c.FollowUp("order") }
	order := act("order", "order")
	order.Available = func(s *engine.State, m int) bool { return len(s.Turn.Forced) > 0 }
	order.Options = func(s *engine.State, m int, add func(engine.Action)) {
		add(engine.Action{Target: engine.NoModel})              // done
		add(engine.Action{Target: engine.NoModel, Option: 1})   // one more order
		add(engine.Action{Target: engine.NoModel, Option: 2})   // a last order
		add(engine.Action{Target: engine.NoModel, Option: 999}) // a filler
	}
	order.Resolve = func(c *engine.Ctx, a engine.Action) {
		if a.Option == 1 {
			c.FollowUp("order")
		}
	}
	g := start(t, fatigueProbe(move, order, act("shoot", "action")), engine.Config{})
	walk(t, g, []step{
		{"activate m0", "move shoot"},
		{"move", "order"}, // forced: no End
		{"order #1", "order"},
		{"order #2", "end shoot"}, // three orders, one action: the second action is still there
		{"shoot", "activate m2 activate m3 pass"},
	})
	if f := g.State().Count(0, 0); f != 2 {
		t.Errorf("fatigue %d after two actions and three free orders, want 2", f)
	}
}

// With Economy.PerRound, Excludes count over the round: a Hurry and a Get
// Moving are one action (Fallout: Factions), so a model that Hurried is not
// offered Get Moving in a later turn of the round.
func TestExcludesPerRound(t *testing.T) {
	hurry := act("hurry", "action")
	hurry.Excludes = []string{"move"}
	rs := fatigueProbe(act("move", "action"), hurry, act("shoot", "action"))
	g := start(t, rs, engine.Config{})
	walk(t, g, []step{
		{"activate m0", "hurry move shoot"},
		{"hurry", "end shoot"},
		{"end", "activate m2 activate m3 pass"},
		{"pass", "activate m0 activate m1 pass"},
		{"activate m0", "shoot"}, // its second turn: no Move
	})
	a := engine.Act("move", 0)
	var ill *engine.IllegalError
	if err := g.Apply(a); !errors.As(err, &ill) || !strings.Contains(ill.Reason, "cannot share a round with Hurry") {
		t.Errorf("move after hurry: %v, want the round's exclusion named", err)
	}
}

// ExtraActivation with exceptions: Teamwork gives another Turn to a
// different model (rules.md §5.2.5); the barred model is neither listed nor
// accepted, and the bar goes with that extra activation.
func TestExtraActivationForAnotherModel(t *testing.T) {
	rs := fatigueProbe(act("move", "action"), act("shoot", "action"))
	rs.actEnd = func(c *engine.Ctx, m int) {
		if m == 0 {
			c.ExtraActivation(m)
		}
	}
	g := start(t, rs, engine.Config{})
	walk(t, g, []step{
		{"activate m0", "move shoot"},
		{"move", "end shoot"},
		{"end", "activate m1 pass"}, // side A again, m0 barred
	})
	var ill *engine.IllegalError
	if err := g.Apply(engine.Act(engine.Activate, 0)); !errors.As(err, &ill) || !strings.Contains(ill.Reason, "another model") {
		t.Errorf("the barred model activates: %v", err)
	}
	// The bar is in the state: it copies, compares and round-trips.
	s := g.State()
	if s.Turn.Barred != 1 {
		t.Fatalf("barred %b, want model 0", s.Turn.Barred)
	}
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"barred":["a"]`) {
		t.Errorf("barred not written by ID: %s", data)
	}
	back, err := g.DecodeState(data)
	if err != nil {
		t.Fatal(err)
	}
	if ok, why := back.Equal(s); !ok {
		t.Errorf("round trip differs: %s", why)
	}
	if _, err := g.DecodeState([]byte(strings.Replace(string(data), `"barred":["a"]`, `"barred":["zz"]`, 1))); err == nil {
		t.Error("an unknown barred model is accepted")
	}
	walk(t, g, []step{
		{"activate m1", "move shoot"},
		{"move", "end shoot"},
		{"end", "activate m2 activate m3 pass"}, // no more extras: side B
	})
	if g.State().Turn.Barred != 0 {
		t.Errorf("the bar outlives its extra activation: %b", g.State().Turn.Barred)
	}
}

// noPass is fatigueProbe with a rule option that forbids passing while the
// side has a model able to act.
type noPass struct{ *probe }

func (noPass) CanPass(*engine.State) bool { return false }

// Passing: a ruleset may forbid it (Fallout: Factions' option to play a
// Round until no model can act); the round then ends when neither side has
// a model able to activate.
func TestPassingForbidden(t *testing.T) {
	g := start(t, noPass{fatigueProbe(act("move", "action"), act("shoot", "action"))}, engine.Config{})
	walk(t, g, []step{
		{"activate m0", "move shoot"},
		{"move", "end shoot"},
		{"shoot", "activate m2 activate m3"}, // no pass
	})
	for _, m := range []string{"m2", "m1", "m3"} {
		do(t, g, "activate "+m)
		do(t, g, "move")
		do(t, g, "shoot")
	}
	if g.State().Round != 2 {
		t.Errorf("round %d once every model is exhausted, want 2", g.State().Round)
	}
}

// FactNear names the feature in its prompt (Rummage: a Search token).
func TestFactNearText(t *testing.T) {
	f := engine.Fact{Kind: engine.FactNear, A: 0, B: engine.NoModel, Inches: 1, Thing: "a Search token"}
	if got := f.String(); got != `is m0 within 1" of a Search token` {
		t.Errorf("String %q", got)
	}
	if !f.Boolean() {
		t.Error("FactNear is not yes/no")
	}
}

// ActionDef.Any answers for Options when the engine only needs to know
// whether an activation goes on (enumerating odds): it is asked instead of
// listing, and what it says decides whether the activation ends there.
func TestAnyStandsInForOptions(t *testing.T) {
	listed, asked := 0, 0
	move := act("move", "action")
	move.Options = func(s *engine.State, m int, add func(engine.Action)) {
		listed++
		add(engine.Action{Target: engine.NoModel, Option: 1})
	}
	can := true
	move.Any = func(s *engine.State, m int) bool { asked++; return can }
	roll := act("roll", "action")
	roll.Resolve = func(c *engine.Ctx, a engine.Action) {
		c.Roll(0, dice.Procedure(coin{}), engine.BySide("a coin"))
	}
	g := start(t, fatigueProbe(roll, move), engine.Config{Seed: 1})
	do(t, g, "activate m0")
	for _, any := range []bool{true, false} {
		can = any
		listed, asked = 0, 0
		o, err := g.Odds(engine.Act("roll", 0), engine.OddsOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if asked == 0 || listed != 0 {
			t.Errorf("Any %v: asked %d, listed %d; want Any asked instead of listing", any, asked, listed)
		}
		if len(o.Rows) == 0 {
			t.Error("no odds")
		}
	}
}

// coin is a two-outcome procedure for the probes.
type coin struct{}

func (coin) Name() string       { return "coin" }
func (coin) Outcomes() []string { return []string{"heads", "tails"} }
func (coin) Flags() []string    { return nil }
func (coin) Odds() dice.Dist    { return dice.NewDist(0, 1, 1) }
func (coin) Resolve(t *dice.Tray) (dice.Result, error) {
	d, err := t.Roll(dice.D(2), "coin")
	if err != nil {
		return dice.Result{}, err
	}
	return dice.Result{Outcome: d.Face - 1}, nil
}
