// Package all registers the built-in rulesets explicitly, in one place.
package all

import (
	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rulesets/falloutfactions"
	"github.com/skirmish-engine/skirmish/rulesets/n26"
	"github.com/skirmish-engine/skirmish/rulesets/trenchcrusade"
	"github.com/skirmish-engine/skirmish/scenario"
)

// Procedures returns a registry of every built-in dice procedure.
func Procedures() *dice.Registry {
	r := &dice.Registry{}
	for _, specs := range [][]*dice.Spec{
		n26.Procedures(),
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
// rules engines arrive ruleset by ruleset (their own issues); until then it
// is empty, and only their dice procedures are built in.
func Rulesets() *engine.Registry { return &engine.Registry{} }

// Samples returns the built-in sample scenarios.
func Samples() scenario.Samples { return nil }
