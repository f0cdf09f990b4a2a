package all_test

import (
	"bytes"
	"fmt"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rulesets/all"
)

// The exact odds of a dice procedure, and one seeded roll of it: a Trench
// Crusade Success Roll with one bonus die (the CLI's `skirmish odds
// tc-success --dice 1`).
func Example_odds() {
	spec, _ := all.Procedures().Lookup("tc-success")
	p, err := spec.New(map[string][]string{"dice": {"1"}})
	if err != nil {
		panic(err)
	}
	d := dice.OutcomeOdds(p)
	for i, name := range p.Outcomes() {
		fmt.Printf("%-8s %s\n", name, d.P(i).Rat().FloatString(4))
	}
	res, _ := dice.Sample(p, dice.NewRNG(7))
	fmt.Println("rolled:", p.Outcomes()[res.Outcome])
	// Output:
	// failure  0.1944
	// success  0.7315
	// critical 0.0741
	// rolled: success
}

// A sample scenario played to the end by seeded bots, and the save of it
// replayed and checked: the same seed gives the same game, bit for bit.
func Example_botGame() {
	smp, _ := all.Samples().Find("trenchcrusade", "no-mans-land")
	sc, err := smp.Decode(all.Rulesets())
	if err != nil {
		panic(err)
	}
	su, err := sc.Setup("")
	if err != nil {
		panic(err)
	}
	g, err := engine.New(sc.Ruleset, su, engine.Config{Seed: 7, Players: engine.Bots(2)})
	if err != nil {
		panic(err)
	}
	for !g.Over() {
		if _, err := g.Step(); err != nil {
			panic(err)
		}
	}
	fmt.Println("winner:", su.Sides[g.State().Winner].Name, "in round", g.State().Round)

	var buf bytes.Buffer
	if err := g.Save(&buf); err != nil {
		panic(err)
	}
	sv, err := engine.ReadSave(&buf)
	if err != nil {
		panic(err)
	}
	su2, _ := sc.Setup("")
	g2, err := engine.Load(sc.Ruleset, su2, sv, engine.Bots(2))
	if err != nil {
		panic(err)
	}
	fmt.Println("replayed:", g2.State().Winner == g.State().Winner, len(g2.Log().Entries) == len(g.Log().Entries))
	// Output:
	// winner: The Ashen Vigil in round 5
	// replayed: true true
}

// The exact odds of one action from a live game: the first Shoot the
// Trench Crusade sample offers, each outcome with its chance.
func Example_actionOdds() {
	smp, _ := all.Samples().Find("trenchcrusade", "no-mans-land")
	sc, _ := smp.Decode(all.Rulesets())
	su, _ := sc.Setup("")
	g, _ := engine.New(sc.Ruleset, su, engine.Config{Seed: 1, Players: engine.Bots(2)})
	for g.Pending() != nil { // who goes first: the bots answer
		g.Step()
	}
	var shot *engine.Action
	for shot == nil && !g.Over() {
		for _, a := range g.Legal() {
			if a.ID == "shoot" {
				shot = &a
				break
			}
		}
		if shot == nil {
			g.Step()
		}
	}
	o, err := g.Odds(*shot, engine.OddsOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(engine.ActionText(g.State(), *shot))
	for _, r := range o.Rows[:min(3, len(o.Rows))] {
		fmt.Printf("  %s: %s\n", r.Label, r.P.FloatString(3))
	}
	// Output:
	// Shoot vigil-rifle-b → choir-sniper with rifle
	//   no effect: 0.417
	//   bloodied: 0.237
	//   down: 0.178
}
