// Package all registers the built-in rulesets explicitly, in one place.
package all

import (
	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/rulesets/falloutfactions"
	"github.com/skirmish-engine/skirmish/rulesets/n26"
	"github.com/skirmish-engine/skirmish/rulesets/trenchcrusade"
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
