package enginetest_test

import (
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
)

// hit is a D6 that hits on a 4+: a dice procedure, as a ruleset writes
// its rolls (package dice).
type hit struct{}

func (hit) Name() string       { return "hit-4+" }
func (hit) Outcomes() []string { return []string{"hit", "miss"} }
func (hit) Flags() []string    { return nil }
func (hit) Odds() dice.Dist    { return dice.NewDist(0, 1, 1) } // hit and miss, 1:1
func (hit) Resolve(t *dice.Tray) (dice.Result, error) {
	r, err := t.Roll(dice.D6, "hit die")
	if err != nil || r.Value >= 4 {
		return dice.Result{}, err
	}
	return dice.Result{Outcome: 1}, nil
}

// shootout is a tiny house ruleset: on its activation a model may Shoot an
// enemy, which leaves play on a hit; the last side standing wins. A rule is
// plain Go: it asks the engine for the dice (c.Roll), and the engine
// decides who answers (a seeded roll, a player's typed faces, every face
// for the exact odds).
type shootout struct{ info engine.Info }

func newShootout() *shootout {
	shoot := engine.ActionDef{ID: "shoot", Name: "Shoot", Type: "action",
		Options: func(s *engine.State, m int, add func(engine.Action)) {
			for t := range s.Models {
				if s.SideOf(t) != s.SideOf(m) && s.Models[t].InPlay {
					add(engine.Action{Target: t})
				}
			}
		},
		Resolve: func(c *engine.Ctx, a engine.Action) {
			if c.Roll(c.State().SideOf(a.Actor), hit{}, engine.For("Shot", a.Actor, a.Target)).Outcome == 0 {
				c.Remove(a.Target)
			}
		}}
	return &shootout{engine.Info{ID: "shootout", Version: "1", Phases: []engine.Phase{{ID: "shooting", Activations: true}},
		Statuses: []string{"standing"}, Actions: []engine.ActionDef{shoot}, Economy: engine.Economy{Cost: map[string]int{"action": 1}}}}
}

func (r *shootout) Info() *engine.Info        { return &r.info }
func (r *shootout) Start(*engine.State) error { return nil }
func (r *shootout) GameOver(s *engine.State) (bool, int) {
	left := [2]int{}
	for m := range s.Models {
		if s.Models[m].InPlay {
			left[s.SideOf(m)]++
		}
	}
	switch {
	case left[0] == 0:
		return true, 1
	case left[1] == 0:
		return true, 0
	}
	return false, 0
}

func shootoutSetup(int) *engine.Setup {
	return &engine.Setup{Name: "shootout", Rounds: 4, Mode: "table",
		Sides: []engine.SideSetup{{Name: "North"}, {Name: "South"}},
		Models: []engine.ModelSetup{{ID: "n1", Side: 0, Base: 1}, {ID: "n2", Side: 0, Base: 1},
			{ID: "s1", Side: 1, Base: 1}, {ID: "s2", Side: 1, Base: 1}}}
}

// The conformance suite every ruleset runs, here on the tiny shootout
// ruleset: games to the end in every dice mode, every state checked.
func TestShootoutConformance(t *testing.T) {
	enginetest.Run(t, enginetest.Suite{Ruleset: newShootout(), Setup: shootoutSetup, Games: 20})
}

// A new ruleset runs the conformance suite in one test: Run plays games to
// the end with random legal choices, in every dice mode, and checks every
// state, save and replay (this is TestShootoutConformance's body).
func ExampleRun() {
	var t *testing.T // in a test: func TestConformance(t *testing.T) { ... }
	enginetest.Run(t, enginetest.Suite{Ruleset: newShootout(), Setup: shootoutSetup, Games: 20})
}
