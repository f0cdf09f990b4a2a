// Package all registers the built-in rulesets explicitly, in one place.
//
// The registries it returns, the rulesets in them and their samples are
// safe for concurrent use: any number of games may share them, and the
// setups their samples give (see package engine, "Concurrency"). Its race
// test plays every built-in ruleset's samples in many goroutines at once
// on shared rulesets and setups.
package all

import (
	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rulesets/falloutfactions"
	"github.com/skirmish-engine/skirmish/rulesets/n23"
	"github.com/skirmish-engine/skirmish/rulesets/n26"
	"github.com/skirmish-engine/skirmish/rulesets/trenchcrusade"
	"github.com/skirmish-engine/skirmish/scenario"
)

// Procedures returns a registry of every built-in dice procedure.
func Procedures() *dice.Registry {
	r := &dice.Registry{}
	for _, specs := range [][]*dice.Spec{
		n26.Procedures(),
		n23.Procedures(),
		trenchcrusade.Procedures(),
		falloutfactions.Procedures(),
	} {
		for _, s := range specs {
			r.Register(s)
		}
	}
	return r
}

// Rulesets returns a registry of the built-in rulesets. The four games'
// rules engines arrive ruleset by ruleset (their own issues); those not yet
// built have only their dice procedures here.
func Rulesets() *engine.Registry {
	r := &engine.Registry{}
	r.Register(n26.New())
	r.Register(n23.New())
	r.Register(trenchcrusade.New())
	r.Register(falloutfactions.New())
	return r
}

// Samples returns the built-in sample scenarios, sorted by ruleset and name.
func Samples() scenario.Samples {
	var ss scenario.Samples
	ss = append(ss, n26.Samples()...)
	ss = append(ss, n23.Samples()...)
	ss = append(ss, trenchcrusade.Samples()...)
	ss = append(ss, falloutfactions.Samples()...)
	return ss.Sorted()
}
