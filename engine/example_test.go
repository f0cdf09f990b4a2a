package engine_test

import (
	"fmt"

	"github.com/skirmish-engine/skirmish/engine"
)

// duel is a tiny ruleset for the examples: each side's model may Shoot the
// other, which goes out of play on a 4+.
type duel struct{ info engine.Info }

func newDuel() *duel {
	shoot := engine.ActionDef{ID: "shoot", Name: "Shoot", Type: "action",
		Options: func(s *engine.State, m int, add func(engine.Action)) {
			for t := range s.Models {
				if s.SideOf(t) != s.SideOf(m) && s.Models[t].InPlay {
					add(engine.Action{Target: t})
				}
			}
		},
		Resolve: func(c *engine.Ctx, a engine.Action) {
			if c.Roll(c.State().SideOf(a.Actor), testD6, engine.For("Shot", a.Actor, a.Target)).Outcome == 0 {
				c.Remove(a.Target)
			}
		}}
	return &duel{engine.Info{ID: "duel", Version: "1", Phases: []engine.Phase{{ID: "shooting", Activations: true}},
		Statuses: []string{"standing"}, Actions: []engine.ActionDef{shoot}, Economy: engine.Economy{Cost: map[string]int{"action": 1}}}}
}

func (d *duel) Info() *engine.Info        { return &d.info }
func (d *duel) Start(*engine.State) error { return nil }
func (d *duel) GameOver(s *engine.State) (bool, int) {
	for m := range s.Models {
		if !s.Models[m].InPlay {
			return true, 1 - s.SideOf(m)
		}
	}
	return false, 0
}

func duelSetup() *engine.Setup {
	return &engine.Setup{Name: "duel", Rounds: 3, Mode: "table",
		Sides:  []engine.SideSetup{{Name: "North"}, {Name: "South"}},
		Models: []engine.ModelSetup{{ID: "n", Side: 0, Base: 1}, {ID: "s", Side: 1, Base: 1}}}
}

// A game takes legal actions until it is over; the log holds every one.
func Example() {
	g, err := engine.New(newDuel(), duelSetup(), engine.Config{Seed: 4})
	if err != nil {
		panic(err)
	}
	for !g.Over() {
		legal := g.Legal()
		fmt.Println(legal)
		if err := g.Apply(legal[len(legal)-1]); err != nil { // shoot, when it can
			panic(err)
		}
	}
	for _, e := range g.Log().Entries[1:] {
		fmt.Println(e.Action, e.Answers)
	}
	fmt.Println("winner:", g.State().Winner)
	// Output:
	// [activate m0]
	// [end m0 shoot m0 >m1]
	// [activate m1]
	// [end m1 shoot m1 >m0]
	// activate m0 []
	// shoot m0 >m1 [{dice d6-4+ 1 [2] false}]
	// activate m1 []
	// shoot m1 >m0 [{dice d6-4+ 0 [6] false}]
	// winner: 1
}

// With physical dice the action waits for the faces a player types.
func ExampleGame_Answer() {
	g, _ := engine.New(newDuel(), duelSetup(), engine.Config{Dice: engine.PhysicalDice})
	g.Apply(engine.Act(engine.Activate, 0))
	g.Apply(engine.Act("shoot", 0).On(1))
	p := g.Pending()
	fmt.Println(p.Kind, p.Key, "for side", p.Who)
	fmt.Println(g.Answer(engine.DiceQ, engine.Reply{Faces: []string{"9"}}))
	fmt.Println(g.Answer(engine.DiceQ, engine.Reply{Faces: []string{"5"}}))
	fmt.Println(g.Over(), g.State().Winner)
	// Output:
	// dice d6-4+ for side 0
	// engine: answer to d6-4+: face 1: "9" is not a face of a d6; allowed 1 to 6
	// <nil>
	// true 0
}

// Odds enumerates every dice outcome of an action.
func ExampleGame_Odds() {
	g, _ := engine.New(newDuel(), duelSetup(), engine.Config{Seed: 1})
	g.Apply(engine.Act(engine.Activate, 0))
	o, _ := g.Odds(engine.Act("shoot", 0).On(1), engine.OddsOptions{})
	for _, r := range o.Rows {
		fmt.Println(r.Label, r.P)
	}
	// Output:
	// m1 out 1/2
	// no change 1/2
}
